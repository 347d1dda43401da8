"""``figures review``: every changed golden picture, accepted or rejected one by one in a
browser (tools/review.py of the checkout the running package is installed from)."""

from __future__ import annotations

import argparse
import functools
import os
import re
import shlex
import sys
from pathlib import Path

from figures.errors import UsageError


def add_parser(add) -> None:
    p = add("review", help="see every changed golden picture in a browser; accept or reject "
            "each (in the project's checkout, after a golden run with failures)")
    p.add_argument("--no-open", action="store_true",
                   help="write build/review/index.html instead of serving it: each image "
                        "with the command that accepts it")
    p.add_argument("--no-browser", action="store_true",
                   help="serve the page and print its address without opening a browser")
    p.add_argument("pytest_args", nargs=argparse.REMAINDER, metavar="PYTEST ARGS",
                   help="after --: run these golden comparisons first (default: review the "
                        "last run's failures, or run them all if none failed)")


def checkout() -> Path:
    """The folder holding the running ``figures`` package: the suite's checkout when the
    package is installed from it (editable), the only folder whose tools/review.py is ours.
    Never the current folder or one above it: a downloaded paper's ``tools/review.py`` is
    its author's code (hostile round 23, W1)."""
    import figures

    return Path(figures.__file__).resolve().parent.parent


def run(args: argparse.Namespace) -> int:
    try:
        root = checkout()
        tool = root / "tools" / "review.py"
        if not tool.is_file() or not (root / "baseline").is_dir():
            raise UsageError(f"{root}: the figures package runs from here, which is no checkout "
                             "of the figure suite (no tools/review.py and baseline/ beside it): "
                             "install the checkout (pip install -e .) and run `figures review` "
                             "with it")
        flags = [f for f in ("--no-open", "--no-browser")
                 if getattr(args, f[2:].replace("-", "_"))]
        rest = args.pytest_args[1:] if args.pytest_args[:1] == ["--"] else args.pytest_args
        if golden := next((w for w, what in _words(rest, root) if what == "named" and (
                _golden_file(w, root) or (not Path(w).exists() and (
                    root / "tests" / "fixtures" / f"{w}.json").is_file()))), None):
            name = _golden_file(golden, root) or golden
            raise UsageError(f"{golden}: a golden's {'file' if name != golden else 'name'} (as "
                             "`nox -s baselines -- NAME` takes it); review takes pytest's "
                             f"arguments: `figures review -- -k {name.removeprefix('venue-')}`"
                             )  # round 49 (49d G27); its file: round 50d G17
        from figures import runner

        return runner.call([sys.executable, str(tool), *flags, *from_here(rest, root)],
                           root, held=True, killed="review: its server (tools/review.py) was "
                           "{how}: the decisions written before stand, nothing more was "
                           "written; run `figures review` again to decide the rest")
    except KeyboardInterrupt as stop:
        return _stopped_before_the_tool(stop)


def _golden_file(word: str, root: Path) -> str | None:
    """The golden ``word`` names as one of its files (``baseline/cifar_summary.png``, as tab
    completion gives it: pytest took it for a test path), or None."""
    path = Path(word)
    name = path.name.removesuffix(".vector.txt.gz").removesuffix(".png")
    if name == path.name or path.parent.name not in ("baseline", "venues"):
        return None
    return name if (root / "baseline" / ("venues" if name.startswith("venue-") else "") /
                    f"{name}.png").is_file() else None


def _stopped_before_the_tool(stop: KeyboardInterrupt) -> int:
    """A stop before tools/review.py started (it is started with the stop signals held until
    its handlers are in, and says its own line after): nothing ran, so review's line, as the
    tool gives it; not the CLI's "finished files are complete", which round 40 R3 removed from
    review (round 49d, G10). One after the tool started (not ended 30 s after it, or a second
    one) goes on to the CLI's line."""
    if getattr(stop, "tool_started", False):
        raise stop
    from figures.signals import how_stopped

    how, status = how_stopped(stop)
    print(f"review: {how}: nothing written", file=sys.stderr)
    return status


#: pytest's options whose value is the next word, not a path (left as given) or a path; any
#: other option's value, as pytest's parser says it takes one, is taken for a path.
_WORD_VALUE = ("-k", "-m", "-p", "-o", "-W", "-r", "-n", "--tb", "--maxfail", "--durations",
               "--dist", "--capture", "--color")
_PATH_VALUE = ("--deselect", "--ignore", "--ignore-glob", "-c", "--rootdir", "--basetemp",
               "--junit-xml", "--junitxml", "--mpl-results-path", "--mpl-baseline-path")


def _values_taken(root: Path) -> frozenset[str]:
    """:func:`_options_taking_values`, empty when pytest did not answer: asked again next
    time, not kept for the process (hostile round 52s, L3: one review's timeout made every
    later review in the process take ``--log-file``'s value for a test to run)."""
    try:
        return _options_taking_values(root)
    except _NoAnswer:
        return frozenset()


class _NoAnswer(Exception):
    """pytest's help could not be read (not kept by the cache)."""


@functools.cache
def _options_taking_values(root: Path) -> frozenset[str]:
    """Every option string pytest's help shows with a value for ``root``'s suite
    (``--log-file=LOG_FILE``, ``-k EXPRESSION``; not an optional one, ``--debug=[FILE]``):
    pytest's own options, its plugins' and the suite's (``--golden-report`` is
    tests/golden_cache.py's). A hand list missed those and pytest's ``--log-file``, their
    value taken for a test to run (hostile round 51d, G6 and G7). Read from ``pytest tests
    --help``, pytest's public word on its options (its parser's attributes are private);
    :class:`_NoAnswer` when it cannot run."""
    from figures import runner
    from figures.errors import FigureDataError

    try:
        ran = runner.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "tests",
                          "--help"], root, timeout=120)  # leaves no .pytest_cache
    except FigureDataError:
        raise _NoAnswer from None
    found = set()
    for line in ran.stdout.splitlines():
        if line.startswith("  -"):  # an option's line: its spellings, then 2 spaces or more
            for spelling in line[2:].split("  ")[0].split(", "):
                named = re.fullmatch(r"(-{1,2}[\w-]+)(?:[= ](\S+))?", spelling)
                if named and named[2] and not named[2].startswith("["):
                    found.add(named[1])
    if not found:  # no help printed (the suite's conftest refused to start): not an answer
        raise _NoAnswer
    return frozenset(found)


def _takes_value(option: str, root: Path | None) -> bool:
    """Whether pytest's ``option``, written alone, takes the next word as its value."""
    if option in _WORD_VALUE + _PATH_VALUE:
        return True
    return root is not None and option in _values_taken(root)


def _words(args: list[str], root: Path | None = None):
    """Each pytest argument with what it is: "option", "word" (an option's value that is no
    path: ``-k EXPR``), "path" (another option's value) or "named" (a path or node id).
    Options outside the lists above are asked of pytest's parser for ``root``'s suite."""
    after = None
    for arg in args:
        if after is not None:
            yield arg, "word" if after in _WORD_VALUE else "path"
            after = None
        elif arg.startswith("-"):
            yield arg, "option"
            after = arg if "=" not in arg and _takes_value(arg, root) else None
        else:
            yield arg, "named"


def _rooted(word: str, here: Path, root: Path) -> str:
    """``word`` (a path, or a node id: the path before ``::``) as pytest takes it from ``root``
    when it names something in ``here``: relative to ``root``, or absolute outside it."""
    path, sep, rest = word.partition("::")
    if not path or not (here / path).exists():
        return word  # no path here: pytest says what it is
    full = Path(os.path.normpath(here / path))
    return f"{full.relative_to(root) if full.is_relative_to(root) else full}{sep}{rest}"


def from_here(args: list[str], root: Path) -> list[str]:
    """pytest arguments given in the current folder for a pytest run from the checkout's
    ``root`` (review's own results and baseline/ are the root's): each path or node id, and a
    path option's value (``--deselect``, ``--ignore=``), naming something here is made the
    root's (``test_images.py`` from tests/golden: ``tests/golden/test_images.py``; hostile
    round 25, RS); an option's other values (``-k EXPR``) as given."""
    try:
        here = Path.cwd()
    except OSError:  # a folder removed under the shell: nothing is there
        return args
    found = []
    for arg, what in _words(args, root):
        name, eq, value = arg.partition("=")
        found.append(f"{name}={_rooted(value, here, root)}" if what == "option" and eq
                     and name in _PATH_VALUE else _rooted(arg, here, root)
                     if what in ("path", "named") else arg)
    return found


def names_tests(args: list[str], root: Path) -> bool:
    """Whether pytest arguments (as :func:`from_here` gives them) name a test path or node id
    that is in ``root``: else review runs the golden modules."""
    return any(what == "named" and (root / arg.partition("::")[0]).exists()
               for arg, what in _words(args, root))


#: pytest-mpl's options that write goldens instead of comparing them (round 25, RV).
WRITERS = ("--mpl-generate-path", "--mpl-generate-hash-library")


def refused(argv: list[str]) -> str | None:
    """Why review may not run these pytest arguments (or ``PYTEST_ADDOPTS``'s), None when it
    may: pytest-mpl's generate options write the goldens into baseline/ (or a hash library)
    unseen, and review then said "nothing to review", exit 0 (round 25, RV)."""
    try:
        added = shlex.split(os.environ.get("PYTEST_ADDOPTS", ""))
    except ValueError:
        added = []
    given_all = (*argv, *added)
    for before, given in zip(("", *given_all), given_all, strict=False):
        if (before, given) == ("-p", "no:junitxml") or given == "-pno:junitxml":
            return ("-p no:junitxml: review reads the run's JUnit report (which goldens failed, "
                    "which were judged): run without that option")
        if given.split("=", 1)[0] in WRITERS:
            return (f"{given}: review never writes the goldens (it shows each change first); "
                    "baselines change only through tools/update_baselines.py (nox -s "
                    "baselines) or by accepting a change in review: run without that option")
    return None


def unreadable(record: Path, root: Path) -> str | None:
    """Why pytest's ``record`` (its ``lastfailed``, under ``root``) cannot be read, or None: a
    file where a folder of its path goes (a stray ``> .pytest_cache``), or a folder where it
    goes (round 45d, G16: read as "no golden test failed in the last run")."""
    base = root if record.is_relative_to(root) else record.parent
    shown = record.relative_to(base)
    blocked = next((f for f in reversed([shown, *shown.parents[:-1]])
                    if (base / f).exists() and (base / f).is_dir() == (f == shown)), None)
    if blocked is None:
        return None
    return (f"{shown.as_posix()} cannot be read ({blocked.as_posix()} is "
            f"{'a folder' if blocked == shown else 'not a folder'}): pytest's record of the last "
            f"run's failures is not known; remove {blocked.as_posix()}, run the golden tests, "
            "then review again; nothing reviewed")
