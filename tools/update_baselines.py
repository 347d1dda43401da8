"""Regenerate the golden images after an intended picture change.

usage: python tools/update_baselines.py [-h] [--new-environment] [NAME...] [PYTEST ARGS...]

A NAME (a golden's file name without its suffix: ``cifar_summary``,
``venue-icml--fig1_audit_hero--3.25``; or its file, ``baseline/NAME.png``, a default
build's, ``build/figures/NAME.pdf``, its source, ``figures/plots/NAME.py`` or fixture)
renders and writes that golden only; off the reference environment it writes its vector
golden only (pixels are not made there). Other arguments go to pytest (``-k EXPR``, ``-x``,
a golden test module, ``tests/golden/test_venue_images.py``, or a test in one); any other word
or path is read as a NAME, and one naming no golden is refused.

Renders every fixture with pytest-mpl into a scratch folder and copies into baseline/ only the
images whose pixels changed or that are missing, and the vector goldens beside them (``<stem>
.vector.txt.gz``, tests/golden/vector.py) whose content changed or that are missing, printing
each one written and a count. Refuses to run off Linux, under a SOURCE_DATE_EPOCH the CLI
refuses, and in an environment (matplotlib, FreeType, OS, CPU) other than the one recorded in
baseline/ENVIRONMENT.json unless ``--new-environment`` accepts and records the current one."""

from __future__ import annotations

try:  # seconds on a loaded machine: a stop then is one line too (round 45d G7, 47d G13)
    from figures.signals import stop_while_starting

    stop_while_starting(__name__ == "__main__")
    import argparse
    import gzip
    import json
    import os
    import platform
    import shutil
    import subprocess
    import sys
    import tempfile
    import zlib
    from pathlib import Path

    import numpy as np
    from matplotlib.image import imread

    from figures.cli.startup import source_date_epoch
    from figures.errors import display_path
    from figures.outputs.environment import ENVIRONMENT_FILE, current, mismatch
    from figures.outputs.environment import recorded as recorded_in
    from figures.signals import ended, sigterm_stops_like_ctrl_c, stop_signals_held, stopped
except KeyboardInterrupt as stop:
    if __name__ != "__main__":
        raise
    from figures.signals import how_stopped

    print(f"update_baselines: {how_stopped(stop)[0]} while starting: nothing written",
          file=__import__("sys").stderr)
    raise SystemExit(how_stopped(stop)[1]) from None

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "baseline"
#: What each golden image is made of: its pixels, and its vector content beside it.
GOLDEN = ("*.png", "*.vector.txt.gz")
#: The modules (in tests/golden/) that render goldens: a path to one, or a test in one, is pytest's.
MODULES = ("test_images.py", "test_venue_images.py")
#: The golden files this run wrote, as it writes them; whether it renders (round 45d, G7).
WROTE: list[str] = []
RENDERING: list[bool] = []


def _same(old: Path, new: Path) -> bool:
    """Whether golden ``old`` holds what ``new`` does; one unreadable (cut) does not: written."""
    try:
        if old.suffix == ".png":
            a, b = imread(old), imread(new)
            return a.shape == b.shape and np.array_equal(a, b)
        return gzip.decompress(old.read_bytes()) == gzip.decompress(new.read_bytes())
    except (OSError, EOFError, SyntaxError, ValueError, zlib.error):  # SyntaxError: Pillow's
        return False  # "not a PNG file" (a JPEG saved under the golden's name; round 45d G22)


def in_the_way(target: Path) -> str | None:
    """Why golden ``target`` cannot be written: a folder at its name (round 45d G21)."""
    if target.is_dir() and not target.is_symlink():
        shown = target.relative_to(ROOT).as_posix() if target.is_relative_to(ROOT) else target
        return (f"{shown} is a folder, where golden file {target.name} goes: move it out of "
                "baseline/, then run again")
    return None


def _blocked(generated: list[Path], names: list[str]) -> str | None:
    """Why the goldens rendered (those ``names``, if any) cannot be written, before any is."""
    return next(filter(None, (in_the_way(
        (BASELINE / "venues" if p.name.startswith("venue-") else BASELINE) / p.name)
        for p in generated if not names or p.name.removesuffix(".vector.txt.gz")
        .removesuffix(".png") in names)), None)


def _put(made: Path, target: Path) -> str:
    """``made`` copied to golden ``target`` through a new file renamed over it: a link there
    (to outside the checkout, or git-annex's read-only object) is replaced, never written
    through; what is said of it."""
    link = f" (it was a link to {target.readlink()}: now the file)" if target.is_symlink() else ""
    fresh = target.with_name(f".{target.name}.new")
    fresh.unlink(missing_ok=True)  # a killed run's, or a link: never written through
    with stop_signals_held():  # Ctrl-C: after the file is in place (and said: round 45d, G7)
        try:
            shutil.copyfile(made, fresh)
            fresh.replace(target)
        except BaseException:  # a folder there, a full disk: no temporary left behind (G21)
            fresh.unlink(missing_ok=True)
            raise
        WROTE.append(display_path(target.relative_to(ROOT) if target.is_relative_to(ROOT)
                                  else target))
    return link


def copy_changed(generated: Path, baseline: Path) -> list[str]:
    written = []
    for made in sorted((p for pattern in GOLDEN for p in generated.glob(pattern)),
                       key=lambda p: p.name):  # each image, then its vector content
        target = baseline / made.name
        if not (target.is_file() and not target.is_symlink() and _same(target, made)):
            written.append(made.name + _put(made, target))
    return written


def _tests_importable() -> None:
    """The test modules importable as pytest imports them (``helpers``, ``test_images``)."""
    sys.path[:0] = [str(f) for f in (ROOT / "tests", ROOT / "tests" / "golden")
                    if str(f) not in sys.path]


def goldens() -> dict[str, str]:
    """Each golden's name (its image's file name without ``.png``) -> its test's node id,
    as the golden test modules parametrize them."""
    _tests_importable()
    import test_images
    import test_venue_images

    found = {}
    for module, test in ((test_images, "test_figure_matches_baseline"),
                         (test_venue_images, "test_venue_layout_matches_baseline")):
        for param in module.PARAMS:
            mark = next((m for m in param.marks if m.name == "mpl_image_compare"), None)
            if mark is not None:  # else a fixture whose figure is not registered (round 29, G9)
                found[mark.kwargs["filename"].removesuffix(".png")] = (
                    f"tests/golden/{module.__name__}.py::{test}[{param.id}]")
    return found


def generate(folder: Path, pytest_args: list[str]) -> subprocess.CompletedProcess[str]:
    """Render the goldens the ``pytest_args`` select (both golden modules if they name no
    test nor test module: ``tests/golden/test_venue_images.py`` renders the venue goldens
    only) into ``folder``: images and vector goldens, as pytest-mpl writes them. Unnamed,
    the modules are those of tests/golden that pytest collects: a module given to pytest is
    never ignored, so ``--ignore``/``--ignore-glob`` were void (hostile round 51d, G28)."""
    tests = [] if any(("::" in a or a.endswith(".py")) and not a.startswith("-") and (  # a
        not i or pytest_args[i - 1] not in _VALUED) for i, a in enumerate(pytest_args)) else [
        str(ROOT / "tests" / "golden"), "-o", f"python_files={' '.join(MODULES)}"
        ]  # module, not --deselect's (50d G16)
    # Its output is kept for a failure only. Its results folder is its own, after the user's
    # (not build/mpl-results, which a golden run holds: waited on silently; round 50 L1, 50d G9)
    with tempfile.TemporaryDirectory(prefix="mpl-results-") as results:
        return subprocess.run(
            [sys.executable, "-m", "pytest", *tests, f"--mpl-generate-path={folder}",
             "-q", "-p", "no:cacheprovider",
             # pytest-mpl warns that the ini's baseline path is unused while generating
             "-W", "ignore:Ignoring --mpl-baseline-path:UserWarning", *pytest_args,
             f"--mpl-results-path={results}"], cwd=ROOT, capture_output=True, text=True,
            check=False)


def write_golden(generated: Path, name: str) -> list[str]:
    """Golden ``name``'s files copied from ``generated`` where they differ; their names."""
    target = BASELINE / "venues" if name.startswith("venue-") else BASELINE
    written = []
    for made in (generated / f"{name}.png", generated / f"{name}.vector.txt.gz"):
        golden = target / made.name
        if made.is_file() and not (golden.is_file() and not golden.is_symlink()
                                   and _same(golden, made)):
            target.mkdir(parents=True, exist_ok=True)
            written.append(golden.relative_to(BASELINE).as_posix() + _put(made, golden))
    return written


_FILES = (".png", ".vector.txt.gz", ".pdf", ".svg", ".json")  # .json: its fixture (49d G3)
#: pytest's options whose value names a test module, not a test to run (its next word).
_VALUED = ("--deselect", "--ignore", "--ignore-glob")


def _stem(arg: str) -> str:
    """A golden's name as ``ls baseline/`` shows its files (``baseline/NAME.png``), the build
    its figure's (``build/figures/NAME.png``, ``NAME.pdf``) or tab completion its figure's
    source (``figures/plots/NAME.py``: round 39, U2); ``arg`` when it names no file."""
    name = arg.rsplit("/", 1)[-1]
    if arg.endswith(".py") and os.path.normpath(arg).rsplit("/", 2)[-2:-1] == ["plots"]:
        return name.removesuffix(".py")  # a figure's source, not a test module
    return next((name.removesuffix(s) for s in _FILES if name.endswith(s)), arg)


def _test_path(arg: str) -> str | None:
    """``arg`` as pytest in the checkout reads it if it is a golden test module or a test in
    one, else None: any other path is a NAME (round 48d, G6: ``/etc/passwd``, ``.`` went to pytest)."""
    file, sep, test = arg.partition("::")
    found = next((p.resolve() for p in (Path(file), ROOT / file)  # no OSError for a long name
                  if os.path.isfile(p)), None)  # noqa: PTH113
    ours = found in [ROOT / "tests" / "golden" / module for module in MODULES]
    return found.relative_to(ROOT).as_posix() + sep + test if ours else None


def _names(argv: list[str]) -> tuple[list[str], list[str]]:
    """The golden NAMEs among ``argv`` (not an option's value), and the rest for pytest; any
    other word or path (``-`` too) is a ValueError, one line (pytest said "exited 4")."""
    tests = {i: test for i, a in enumerate(argv) if (test := _test_path(a))}
    rest, known, named = [tests.get(i, a) for i, a in enumerate(argv)], goldens(), {}
    for i, given in enumerate(argv):
        after = argv[i - 1] if i else ""  # an option's value is no NAME (-k, -m: never)
        value = after.startswith("-") and "=" not in after  # or may be
        if (given.startswith("-") and given != "-") or i in tests or after in ("-k", "-m"):
            continue
        if not given.strip() and not value:
            raise ValueError(f"{given!r}: an empty NAME (an unset variable?) names no golden: "
                             "name one (`ls baseline/ baseline/venues/`), or give none to "
                             "write every golden that differs")  # round 47d, G8
        # read where it leads (``venues/../NAME.png``: 37 G9; ``NAME.py`` in plots/: 48d G20)
        here = Path(os.path.abspath(given)) if os.path.isfile(given) else None  # noqa: PTH100,PTH113
        path = here.relative_to(ROOT).as_posix() if here and here.is_relative_to(ROOT) else (
            os.path.normpath(given) if "/" in given else given)
        stem, folder = _stem(path), path.rpartition("/")[0].rstrip("/")
        if stem in known and (stem == given or folder.rsplit("/", 1)[-1] in (
                "", "baseline", "venues", "figures", "plots", "fixtures")):
            named[i] = stem
        elif not value:
            theirs = [k for k in known if k.startswith("venue-") and f"--{stem}" in k]
            theirs = [k for k in theirs if k.split("--")[0][6:] in path.split("/")] or theirs
            shown = display_path(given)  # a line end escaped (round 37, G9), a space quoted:
            shown = shown if shown.strip() == shown else f"'{shown}'"  # round 48d, G6
            raise ValueError(f"{shown}: " + (
                f"a venue's build of {stem}: name its golden ({', '.join(theirs)})" if theirs
                and stem in known else ("no golden of that name" if stem in (given, path) else
                                        f"no golden named {display_path(stem)}")
                + ": a NAME is a golden's file name without .png (`ls baseline/ "
                "baseline/venues/`), such as cifar_summary or venue-icml--cifar_accuracy--column"))
    return list(dict.fromkeys(named.values())), [a for i, a in enumerate(rest) if i not in named
                                                 ] + [known[stem] for stem in named.values()]


def _unnamed(names: list[str]) -> str:
    """What the summary adds when a figure's golden is named and its venue goldens are not:
    they are goldens of their own, not rendered for that NAME (round 42, B7: "0 file(s)
    written" read as the figure's goldens all current)."""
    figures = [name for name in names if not name.startswith("venue-")]
    theirs = [k for k in goldens() if k.startswith("venue-") and k not in names
              and k.split("--")[1] in figures]
    whose = " and ".join(f"{figure}'s" for figure in figures
                         if any(k.split("--")[1] == figure for k in theirs))
    return (f"; {whose} venue goldens were not rendered nor checked ({', '.join(theirs)}): "
            "name them, or run without NAME to write every golden that differs") if theirs else ""


def recorded(record: Path, new_environment: bool) -> dict[str, object]:
    """This environment as recorded: the machines measured equal kept, unless a new one."""
    now: dict[str, object] = current()
    if record.is_file() and not new_environment:
        machines = recorded_in(record.parents[1]).get("machine")
        now["machine"] = machines if isinstance(machines, list) else now["machine"]
    return now


def vector_only_refused() -> str | None:
    """Why FIGURES_GOLDEN_VECTOR_ONLY forbids writing goldens, or None (review's too: 45d G12)."""
    _tests_importable()
    from helpers import vector_only  # the golden run's reading of it (round 37, G7)

    try:
        if vector_only():
            return ("FIGURES_GOLDEN_VECTOR_ONLY is set (left from `nox -s mutants -- --judge "
                    "vector`?): with it no image is drawn; unset it and run again")
    except ValueError as error:
        return str(error)
    return None


def _refused(argv: list[str], new_environment: bool = False) -> str | None:
    """Why this run cannot make baselines, or None (the CLI's SOURCE_DATE_EPOCH: 49d G13)."""
    if platform.system() != "Linux":
        return "baselines are made on Linux only"
    if (stale := vector_only_refused() or source_date_epoch()) is not None:
        return stale
    for i, given in enumerate(argv):
        shown = f"-p {given}" if given == "no:mpl" and argv[i - 1:i] == ["-p"] else given
        if shown.startswith(("--mpl-generate-path", "-pno:mpl", "-p no:mpl")):
            return (f"{shown}: this tool renders the goldens itself (pytest-mpl into a folder "
                    "of its own, then baseline/); run without that option")
    if not new_environment:
        try:  # missing, or a merge left its markers: one line (tests/conftest.py says the same)
            recorded_in(ROOT)
        except ValueError as error:
            return str(error)
    return None


class _Parser(argparse.ArgumentParser):
    """The tool's arguments: its own (``--help``, ``--new-environment``); the rest, NAMEs and
    pytest's, kept in their order. A misused one is one line, exit 2."""

    def error(self, message: str):
        self.exit(2, f"update_baselines: {message}; see --help\n")


def parser() -> argparse.ArgumentParser:
    """``--help`` prints the module's docstring as the tool's usage (round 39, U1: it went to
    pytest, whose help came cut, then "no image rendered", exit 1)."""
    text = (__doc__ or "").replace("``", "").strip().split("\n\n")
    usage = next(p for p in text if p.startswith("usage: "))  # the docstring's own line
    made = _Parser(prog="python tools/update_baselines.py", usage=usage.removeprefix("usage: "),
                   description="\n\n".join(p for p in text if p != usage), allow_abbrev=False,
                   formatter_class=argparse.RawDescriptionHelpFormatter)
    made.add_argument("--new-environment", action="store_true",
                      help="accept this environment (matplotlib, FreeType, OS, CPU) and record "
                           "it in baseline/ENVIRONMENT.json")
    return made


def main(argv: list[str]) -> int:
    """The tool; stopped (Ctrl-C, SIGTERM, SIGHUP), one line of what it wrote and did not."""
    WROTE.clear()
    RENDERING[:] = [False]
    ended(None)  # it begins: a stop from now on says what it wrote
    try:
        with sigterm_stops_like_ctrl_c():
            return _main(argv)
    except KeyboardInterrupt as exc:
        line, status = stopped(exc)
        how = line.partition(";")[0] + (" while rendering" if RENDERING[0] else "")
        print(f"update_baselines: {how}: " + (f"wrote {', '.join(WROTE)}; the others not "
              "written: run again to write them" if WROTE else "nothing written"),
              file=sys.stderr)
        return status


def _main(argv: list[str]) -> int:
    options, argv = parser().parse_known_args(argv)  # --help: the usage, exit 0
    try:
        if (refused := _refused(argv, options.new_environment)) is not None:
            raise ValueError(refused)
        names, pytest_args = _names(argv)
    except ValueError as refused:
        print(f"update_baselines: {refused}", file=sys.stderr)
        return 2
    record = ROOT / ENVIRONMENT_FILE
    problem = None if options.new_environment else mismatch(recorded_in(ROOT))  # _refused read it
    if problem and not names:
        print(f"update_baselines: the baselines were made with {problem}; "
              "rerun with --new-environment to accept this one", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        RENDERING[:] = [True]
        proc = generate(Path(tmp), pytest_args)
        RENDERING[:] = [False]
        generated = sorted(p for pattern in GOLDEN for p in Path(tmp).glob(pattern))
        blocked = _blocked(generated, names) if proc.returncode == 0 else None
        if proc.returncode != 0 or not generated or blocked:
            if not blocked:
                sys.stdout.write(proc.stdout[-5000:])
                sys.stderr.write(proc.stderr[-2000:])
            selected = ": no golden selected (look at -k, -m or the names)"  # round 49, G21
            why = blocked or (f"pytest exited {proc.returncode}" + selected * (
                proc.returncode == 5) if proc.returncode else "no image rendered")
            print(f"update_baselines: {why}; nothing written", file=sys.stderr)
            return 1
        if names:  # these goldens only (tools/review.py's accept)
            written = [f for name in names for f in write_golden(Path(tmp), name)]
            for name in written:
                print(f"wrote baseline/{name}")
            print(f"{len(names)} golden(s) named: {len(written)} file(s) written"
                  + (f" (vector content only: {problem})" if problem else "") + _unnamed(names))
            return 0
        # the venue layouts' images go to baseline/venues/ (test_venue_images.py)
        venues = Path(tmp) / "venues"
        venues.mkdir()
        for made in (made for made in generated if made.name.startswith("venue-")):
            made.rename(venues / made.name)
        generated = [p for folder in (Path(tmp), venues) for pattern in GOLDEN
                     for p in sorted(folder.glob(pattern))]
        (BASELINE / "venues").mkdir(parents=True, exist_ok=True)
        new = {p.relative_to(tmp).as_posix() for p in generated
               if not (BASELINE / p.relative_to(tmp)).exists()}
        written = copy_changed(Path(tmp), BASELINE) + [
            f"venues/{name}" for name in copy_changed(venues, BASELINE / "venues")]
        stale = sorted(f"{prefix}{p.name}" for folder, made, prefix in (
            (BASELINE, Path(tmp), ""), (BASELINE / "venues", venues, "venues/"))
            for pattern in GOLDEN for p in folder.glob(pattern) if not (made / p.name).exists())
    for name in written:
        what = "pixels" if name.endswith(".png") else "vector content"
        print(f"wrote baseline/{name} ({'new' if name in new else what + ' changed'})")
    print(f"rendered {len(generated)} golden file(s) (images and their vector content): "
          f"{len(written)} written, {len(generated) - len(written)} unchanged")
    if stale and not pytest_args:
        print(f"baseline files with no fixture (remove them): {', '.join(stale)}")
    record.write_text(json.dumps(recorded(record, options.new_environment), indent=2,
                                 sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
