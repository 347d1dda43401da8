"""Shared test setup: the reference-environment check, the figure fixtures, and the work
several tests share, done once per test run (with ``pytest -n``: once for all workers, in a
folder of this run that they share; a lock makes the others wait for the one doing it):

- ``renders``: each fixture variant rendered and saved once per way of saving it; the golden
  test and the purity test both use it.
- ``reference_build``: every figure built once from the committed figdata; tests copy or
  read it, never write into it.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import io
import math
import os
import shlex
import shutil
import signal
import sys
import traceback
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from filelock import FileLock

#: An MPLBACKEND matplotlib cannot use, and why: refused in one line in pytest_configure
#: (round 45d, G20: matplotlib's traceback at this module's import, or pluggy's "internal
#: error" per golden where pytest-mpl switches backends); the tests draw with Agg.
BACKEND_REFUSED: list[str] = []
# matplotlib's import refuses a name it does not know with a traceback: read here instead
_backend = os.environ.pop("MPLBACKEND", "")
import matplotlib

if _backend:
    try:
        matplotlib.rcParams["backend"] = _backend
        _found = not _backend.startswith("module://") or importlib.util.find_spec(
            _backend.removeprefix("module://")) is not None  # imported in each golden test
    except (ImportError, ValueError):  # not a name it knows, or the module's package missing
        _found = False
    if _found:
        os.environ["MPLBACKEND"] = _backend  # as given, for the processes tests start
    else:
        # quoted as a shell reads it: "MPLBACKEND=agg  is set" hid the space (round 47d, G9);
        # a control character in bash's $'...' form, which shlex.quote leaves raw: a copied
        # line end split the one line in two, a tab read as spaces (round 48d, G8)
        shown = shlex.quote(_backend) if _backend.isprintable() else "$" + repr(_backend)
        BACKEND_REFUSED[:] = [f"MPLBACKEND={shown} is set: " + (
            f"no module {_backend.removeprefix('module://')} here"
            if _backend.startswith("module://") else "not a backend matplotlib knows")]

from figures.cli.startup import source_date_epoch
from figures.data import figdata
from figures.errors import FigureDataWarning, display_path, error_line
from figures.outputs.environment import ENVIRONMENT_FILE, mismatch, recorded
from figures.registry import BY_NAME, FIGURES

#: Golden comparisons are repeated only when their inputs changed (tests/golden_cache.py);
#: helpers.py's fixtures (figdata_dir) serve every test module.
pytest_plugins = ("golden_cache", "helpers")
pytest.register_assert_rewrite("helpers")
from helpers import (  # after its assertions are set to be rewritten
    LFS_POINTER,
    LFS_POINTER_ADVICE,
    REPO,
    VECTOR_ONLY,
    fixture_spec,
    in_git,
    restore_advice,
    restore_command,
    vector_only,
)

#: How this environment differs from the one that made the golden images (None: it is it).
OFF_REFERENCE = pytest.StashKey[str | None]()


def fast_tier(config: pytest.Config) -> bool:
    """Whether this run is the default tier, ``-m "not slow"`` (``nox -s tests``)."""
    return (config.getoption("markexpr", "") or "").strip() == "not slow"


def _figures_elsewhere() -> str | None:
    """Why this run must not judge: the ``figures`` package imported is not this checkout's
    (REPO/figures), so its code would be judged against these tests and baselines; or None.
    The ``pytest`` command puts no checkout on the path: in a second checkout whose
    environment is another's editable install, or run from another folder, the package
    imported was the other checkout's (hostile round 19, G2 and G6)."""
    import figures

    ours = (REPO / "figures").resolve()
    where = getattr(figures, "__file__", None)
    imported = Path(where).resolve().parent if where else None
    if imported == ours:
        return None
    shown = imported or ", ".join(getattr(figures, "__path__", ())) or "a namespace package"
    return (f"the figures package imported is {shown}, not this checkout's {ours}: its tests "
            f"and baselines would judge the other code; install this checkout (pip install -e "
            f"{REPO}) or run its tests through `nox -s tests`")


def _other_baselines(config: pytest.Config) -> str | None:
    """Why a baseline folder given to pytest-mpl (``--mpl-baseline-path DIR``, or its ini
    setting, ``-o mpl-baseline-path=DIR``) is refused, when it is not this repository's
    baseline/; or None. The golden markers name REPO/baseline (absolute, so that a run from
    another folder finds it), which pytest-mpl uses over the option: the run was judged
    against baseline/ and passed without a word (hostile round 26, GB). Not honoured: the
    vector goldens, baseline/venues/ and the comparison cache are baseline/'s too, and a
    pixel judge elsewhere would mix two sets of goldens in one verdict."""
    given, start, how = config.getoption("--mpl-baseline-path", default=None), Path.cwd(), \
        "--mpl-baseline-path"  # pytest-mpl resolves it from the current folder
    if not given:  # the ini's (pyproject.toml: "baseline"), from the ini file's folder
        given, how = config.getini("mpl-baseline-path"), "mpl-baseline-path (ini, -o)"
        start = config.inipath.parent if config.inipath else config.rootpath
    ours = REPO / "baseline"
    if not given or (start / given).resolve() == ours.resolve():
        return None
    return (f"{how} {given}: this suite's golden images are {ours} (fixed, so that a run "
            "from any folder finds them; their vector goldens and venues/ too), and pytest-mpl "
            "would judge against them all the same; to judge against other goldens, run the "
            "tests of the checkout whose baseline/ holds them; run without that option")


def _bad_tolerance(config: pytest.Config) -> str | None:
    """The line for a pytest-mpl default tolerance that is no tolerance (round 37, G12: ``abc``
    was pytest-mpl's 20-line INTERNALERROR), as pytest-mpl reads it: the option, else the ini.
    A negative or nan one is refused too, though every golden's marker compares at 0 whatever
    is given: it is a typo for something, and a golden without the marker's 0 would fail
    every image by it (``rms <= -1`` and ``rms <= nan`` are never true)."""
    given = config.getoption("--mpl-default-tolerance", default=None)
    where = f"--mpl-default-tolerance {given}"
    if not given and (given := config.getini("mpl-default-tolerance")):
        where = f"mpl-default-tolerance={given} (its ini setting, or -o)"
    if not given:
        return None
    try:
        if math.isfinite(value := float(given)) and value >= 0:
            return None
    except ValueError:
        pass
    return (f"{display_path(where)}: not a tolerance: give a number of 0 or more (an RMS; "
            "the golden images compare at their marker's 0 whatever is given), or run "
            "without that option")


#: The checkout's own top-level entries (``git ls-tree --name-only HEAD``'s, and .git):
#: :func:`_in_checkout` keeps pytest's emptied and written folders out of them. A fixed list,
#: not git's answer, so that a copy without git (a release tarball) is kept the same; a test
#: (tests/integration/test_hostile_round49d_golden.py) says when it misses a tracked entry.
CHECKOUT = (".ci", ".git", ".github", ".gitignore", "README.md", "baseline", "benchmarks",
            "docs", "figdata", "figures", "noxfile.py", "pyproject.toml", "tests", "tools",
            "tox.ini")


def _in_checkout(given: str) -> str | None:
    """How folder ``given`` (as pytest takes it, from the current folder) meets this checkout
    ("is this checkout's baseline/", "holds this checkout (PATH)"), or None when it is a
    folder of its own. Asked of pytest's ``--basetemp``, which pytest empties when a run
    starts (round 49d, G8: ``--basetemp=baseline`` deleted every golden; pytest refuses only
    the current folder and its parents), and of pytest-mpl's results folder, which each run
    writes and empties. Refused too: a folder INSIDE one of the checkout's (baseline/tmp): the
    run's files there would be taken for goldens, tests or figures; the Python environment
    running the tests (.venv). build/ and any other folder of the run's own are allowed."""
    kept = ((REPO, "this checkout"),
            (Path(sys.prefix).resolve(), "the Python environment this run uses"))
    pytests = Path(os.path.abspath(given))  # noqa: PTH100 (pytest's own form of it)
    for path in dict.fromkeys((pytests, Path(given).resolve())):
        for root, name in kept:
            if path == root or path in root.parents:
                return f"{'is' if path == root else 'holds'} {name} ({root})"
        if path.is_relative_to(REPO) and (top := path.relative_to(REPO).parts[0]) in CHECKOUT:
            kind = "/" if (REPO / top).is_dir() else ""
            return f"{'is' if path.parent == REPO else 'lies in'} this checkout's {top}{kind}"
    return None


def _paths_in_checkout(config: pytest.Config) -> str | None:
    """The line refusing a ``--basetemp``, ``--golden-report`` or ``--mpl-results-path`` (its
    ini form too) that :func:`_in_checkout` finds in the checkout; or None. Asked before
    anything is emptied: pytest empties its basetemp when a fixture first asks for it."""
    if (given := config.getoption("basetemp", default=None)) and (
            where := _in_checkout(given)):
        return (f"--basetemp {given}: pytest empties it when a run starts, and it {where}: "
                "give the run a folder of its own (build/tmp, or one in /tmp); nothing was "
                "removed")
    report = config.getoption("golden_report", default=None)  # round 50d, G15: over a golden
    if report and (where := _in_checkout(report)):
        return (f"--golden-report {report}: the run writes its report over that file, and it "
                f"{where}: give a file of the run's own (build/golden-report.json); nothing "
                "was written")
    results = config.getoption("--mpl-results-path", default=None)
    if results and (where := _in_checkout(results)):
        return (f"--mpl-results-path {results}: pytest-mpl writes its result images there and "
                f"each run empties them, and it {where}: give the run a folder of its own "
                "(build/mpl-results, the default), or run without that option")
    return None


@pytest.hookimpl(tryfirst=True)  # before pytest-mpl reads its options
def pytest_configure(config: pytest.Config) -> None:
    # Before anything is collected or cached: a judge that cannot judge stops the run here.
    if BACKEND_REFUSED:
        raise pytest.UsageError(f"{BACKEND_REFUSED[0]}; the tests draw with Agg: unset "
                                "MPLBACKEND, then run again")
    if sys.flags.optimize:  # pytest's own warning is silenced for it (pyproject.toml)
        given = os.environ.get("PYTHONOPTIMIZE")
        raise pytest.UsageError(
            (f"PYTHONOPTIMIZE={given} is set" if given else "python -O") + ": Python skips "
            "assert statements, and this suite's checks are asserts; nothing was judged: "
            + ("unset PYTHONOPTIMIZE" if given else "run without -O") + ", then run again")
    if (elsewhere := _figures_elsewhere()) is not None:
        raise pytest.UsageError(elsewhere)
    # matplotlib's SVG and PDF writers read it as each golden is saved: one test's "internal
    # error" per golden; the CLI's line instead, as every command gives it (round 49d, G12)
    if (epoch := source_date_epoch()) is not None:
        raise pytest.UsageError(epoch)
    if not config.pluginmanager.has_plugin("pytest_mpl"):  # `-p no:mpl`: an INTERNALERROR
        why = ("PYTEST_DISABLE_PLUGIN_AUTOLOAD is set: unset it" if os.environ.get(
            "PYTEST_DISABLE_PLUGIN_AUTOLOAD") else "-p no:mpl?: run without that option")
        raise pytest.UsageError(f"pytest-mpl is not loaded ({why}): the golden images and "
                                "this suite's settings need it")
    # Tests Ctrl-C the commands they start. Started in the background (`&` in a script,
    # nohup), pytest ignores SIGINT, and a child keeps an ignored signal: it never stopped.
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    # --co/--collect-only stays allowed under --mpl: a listing of the goldens, which says nothing
    # "passed"; figures review counts what its run judged, so a --co run reviews nothing (round
    # 39, R2). The setup options below run a plan under the judge's header, exit 0: refused.
    for option in ("--setup-plan", "--setup-only"):  # exit 0 under the judge's header (a plan sets both)
        if config.getoption("--mpl", default=False) and config.getoption(option, default=False):
            raise pytest.UsageError(f"{option}: no test runs, so no golden image is compared; "
                                    "run without that option")
    if config.getoption("--mpl-use-full-test-name", default=False) or config.getini(
            "mpl-use-full-test-name"):  # judged nothing, said 1 (its ini form: round 37, G4)
        raise pytest.UsageError("--mpl-use-full-test-name: the golden images are named by "
                                "figure (baseline/NAME.png); run without that option")
    if (other := _other_baselines(config)) is not None:  # judged against baseline/ all the same
        raise pytest.UsageError(other)
    for option in ("--mpl-hash-library", "--mpl-generate-hash-library"):  # a hash judge: 'not
        if config.getoption(option, default=None) or (  # found' fails every image, a traceback,
                option == "--mpl-hash-library" and config.getini(option[2:])):  # or its ini
            raise pytest.UsageError(f"{option}: the golden suite keeps no hash library (baseline/"  # form
                                    "'s pixels and vector content judge); run without that option")
    if (tolerance := _bad_tolerance(config)) is not None:  # pytest-mpl: an INTERNALERROR
        raise pytest.UsageError(tolerance)
    # pytest-mpl takes a relative results folder from the current one: from another folder
    # (`pytest --mpl REPO/tests/golden`) it is the repository's all the same
    if config.getoption("--mpl-results-path", default=None) is None and \
            config.getini("mpl-results-path"):
        config.option.mpl_results_path = str(REPO / config.getini("mpl-results-path"))
    if (kept := _paths_in_checkout(config)) is not None:  # pytest would empty a checkout's folder
        raise pytest.UsageError(kept)
    results = config.getoption("--mpl-results-path", default=None)
    if results and config.getoption("--mpl", default=False):  # pytest-mpl: an INTERNALERROR
        try:
            Path(results).mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise pytest.UsageError(f"--mpl-results-path {results}: {error.strerror}: give "
                                    "a folder the run can write its results to") from None
    if config.getoption("--mpl-generate-path", default=None):  # writing: the ini's baseline
        # path is ignored, as it should be; its warning, an error here, stopped the run
        warnings.filterwarnings("ignore", "Ignoring --mpl-baseline-path", UserWarning)
    try:
        config.stash[OFF_REFERENCE] = mismatch(recorded(REPO))
    except ValueError as error:  # missing, or a merge left its markers: one line, not a traceback
        raise pytest.UsageError(str(error)) from None
    try:  # tools/mutants.py --judge vector; the one reading, tools/update_baselines.py's too
        judge_vector_only = vector_only()
    except ValueError as error:
        raise pytest.UsageError(str(error)) from None
    if judge_vector_only:
        config.stash[OFF_REFERENCE] = config.stash[OFF_REFERENCE] or f"{VECTOR_ONLY}=1"
    # Hypothesis keeps its caches (a unicode table) in .hypothesis/ of the current folder: the
    # suite writes nothing there (tools/random_order.py runs it from another folder and checks).
    os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", str(REPO / "build" / "hypothesis"))
    # Hypothesis is used by slow tests only (tests/unit/test_fuzz.py); its pytest plugin
    # imports the whole library at the end of every run (~0.5 s) to look for files it wrote.
    hypothesis_plugin = config.pluginmanager.get_plugin("hypothesispytest")
    if fast_tier(config) and hypothesis_plugin is not None and "hypothesis" not in sys.modules:
        config.pluginmanager.unregister(hypothesis_plugin)


def _pixels_compared(config: pytest.Config) -> bool:
    """Whether pytest-mpl compares pixels in this run (``--mpl``, not writing baselines)."""
    return bool(config.getoption("--mpl", default=False)) and \
        config.getoption("--mpl-generate-path", default=None) is None


def pytest_report_header(config: pytest.Config) -> str:
    problem = config.stash[OFF_REFERENCE]
    if written := config.getoption("--mpl-generate-path", default=None):
        return (f"golden images: written to {written} (--mpl-generate-path), with their "
                "vector content; nothing is judged")
    if problem is None and not _pixels_compared(config):
        return ("golden images: vector content decides, because pixels are compared only "
                "with --mpl (`pytest --mpl`, as `nox -s tests` runs)")
    if problem is None:
        return ("golden images: pixels decide (the reference environment); the vector "
                "goldens are checked against the drawing in the slow tier")
    return (f"golden images: vector content decides, because this is not the reference "
            f"environment ({problem}); pixels are compared only there ({ENVIRONMENT_FILE})")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With ``-n``, work stealing instead of xdist's default ``load``: ``load`` hands each
    worker a block of consecutive tests first, and the first block holds every golden test,
    so one worker drew them all while the other ran the unit tests and waited. A worker out
    of tests takes half of what another has not started. An explicit ``--dist`` is kept."""
    explicit = any(arg == "--dist" or arg.startswith("--dist=")
                   for arg in config.invocation_params.args)
    if explicit or config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import WorkStealingScheduling

    return WorkStealingScheduling(config, log)


def _marked_slow_as_a_whole(module: Path) -> bool:
    """Whether ``module`` sets ``pytestmark = pytest.mark.slow`` (or a list holding it) at its
    top level: then every test in it is slow. Read from its source, not imported."""
    try:
        source = module.read_bytes()
        tree = ast.parse(source, filename=str(module)) if b"pytestmark" in source else None
    except (OSError, SyntaxError, ValueError):
        return False  # collected as usual, and pytest reports what is wrong with it
    slow = False  # the last assignment is the one pytest reads
    for node in tree.body if tree is not None else []:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            value = node.value
            marks = value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value]
            slow = any(ast.unparse(mark) == "pytest.mark.slow" for mark in marks)
    return slow


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """With ``-m "not slow"`` (``nox -s tests``), a test module marked slow as a whole is not
    imported at all: each of its tests would be deselected anyway, and importing it (the
    command-line tests, Hypothesis) would cost every xdist worker time before its first test.
    ``-m slow`` and a run without ``-m`` collect it as usual."""
    if not fast_tier(config):
        return None
    if collection_path.suffix != ".py" or not collection_path.name.startswith("test_"):
        return None
    return True if _marked_slow_as_a_whole(collection_path) else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Off the reference environment the golden images say nothing about this one's pixels
    (glyph edges differ by platform): each golden test runs without its pixel comparison,
    and its figure's vector content decides (tests/golden/vector.py)."""
    if config.stash[OFF_REFERENCE] is None:
        return
    for item in items:
        item.own_markers[:] = [m for m in item.own_markers if m.name != "mpl_image_compare"]


#: A golden test's vector verdict: None, or the message naming the differing elements.
VECTOR_FAILURE = pytest.StashKey[str | None]()


#: Which judges decided a golden test (``pixels``, ``vector``; ``written`` when baselines
#: are written): a report property, which xdist carries from the worker to the controller.
JUDGED_PROPERTY = "golden-judged"
JUDGED = pytest.StashKey[list[str]]()


class Judges:
    """What a golden test's figure is judged by here, what this machine can measure: its
    pixels on the reference environment with ``--mpl`` (the figure it returns,
    :meth:`pixels`), its vector content everywhere else, without ``--mpl`` too
    (:meth:`vector`): a golden test always judges. On the reference the vector goldens are
    still compared with the drawing, once per run of the slow tier
    (tests/golden/test_vector.py), so the judge a co-author's machine uses is never stale;
    both are written together."""

    def __init__(self, item: pytest.Item) -> None:
        self.item = item
        self.generate_dir = item.config.getoption("--mpl-generate-path", default=None)
        #: pytest-mpl compares this test's pixels (the marker is gone off the reference).
        self.pixels_judged = _pixels_compared(item.config) and \
            item.get_closest_marker("mpl_image_compare") is not None
        #: Vector content is written with the images, and compared where pixels are not.
        self.vector_judged = bool(self.generate_dir) or not self.pixels_judged
        item.stash[JUDGED] = []

    def vector(self, judge: Callable[[str | None], str | None]) -> None:
        """Run ``judge(generate_dir)`` (tests/golden/vector.py's) where it judges (see the
        class); a difference fails the test."""
        if self.vector_judged:
            from vector import Unjudged

            failure = self.item.stash[VECTOR_FAILURE] = judge(self.generate_dir)
            if not isinstance(failure, Unjudged):  # no golden to judge by (round 47d, G10)
                self.item.stash[JUDGED].append("written" if self.generate_dir else "vector")

    def pixels(self, figure: Any) -> Any:
        """``figure`` where pytest-mpl compares or writes its pixels, else None."""
        if self.pixels_judged:
            self.item.stash[JUDGED].append("pixels")
        return figure if self.item.get_closest_marker("mpl_image_compare") else None


@pytest.fixture(scope="session", autouse=True)
def _in_the_repository() -> Iterator[None]:
    """Every test runs in the repository's folder, from wherever pytest was started: tests
    call the commands with their default paths (figdata/, build/) as a user in the checkout
    does, and `pytest REPO/tests` from another folder found no figdata (issue 45)."""
    before = Path.cwd()
    os.chdir(REPO)
    yield
    os.chdir(before)


@pytest.fixture
def judges(request: pytest.FixtureRequest) -> Judges:
    return Judges(request.node)


def _unusable(golden: Path, failed: bool) -> str | None:
    """Why golden image ``golden`` cannot be compared, if it cannot: missing, or (read only
    for a failed test) cut or not an image, where pytest-mpl fails with Pillow's traceback."""
    if golden.is_dir():  # a sync client's conflict, an unpacked archive (round 45d, G21)
        return "is a folder"
    if not golden.is_file():
        return "is missing"
    if failed:
        from PIL import Image

        try:
            with Image.open(golden) as image:
                image.load()
                if image.format != "PNG":  # pytest-mpl: Pillow's "not a PNG file" (G22)
                    return f"is a {image.format} file, not a PNG"
        except (OSError, SyntaxError, ValueError) as error:
            return f"cannot be read ({error})"
    return None


def _folder_in_the_way(shown: str, golden: Path) -> str:
    """The line of a folder at a golden image's name (round 45d, G21: "is missing: restore
    it", which git cannot do over a folder, nor the tool named, whose rename fails)."""
    restore = restore_command(golden)
    return (f"{shown} is a folder, where the golden image goes: move it out of baseline/, "
            f"then {f'restore the image ({restore}) or ' if restore else ''}write it with "
            f"`python tools/update_baselines.py {shlex.quote(golden.stem)}`")


def _new_golden(shown: str, name: str) -> str:
    """The line of a golden image git never tracked (a new figure's, as ``figures new`` leads
    to): not a checkout to restore it (round 40, R9: "restore it (git checkout -- ...)",
    which git answers with "pathspec ... did not match any file(s) known to git"); the name
    quoted as a shell reads it (round 45d, G19: a space in a fixture variant's name)."""
    return (f"{shown}: no golden image yet (git does not track it: a new golden): write it "
            f"with `python tools/update_baselines.py {shlex.quote(name)}`, or accept it in "
            "`figures review`")


def _author_error(config: pytest.Config, exc: BaseException) -> str:
    """The one line for an error a figure raised as it was drawn, and what shows its traceback
    here: pytest's ``--debug`` writes pytest's own debug log (round 38, G6b), so the line names
    ``--tb=long``, which (or ``--fulltrace``) adds the author's traceback below it (the failure
    is pytrace=False: pytest itself would show only the message)."""
    line = error_line(exc, debug="--tb=long")
    if isinstance(exc, Warning):  # the build only warns (round 49d, G28: why it fails here)
        line += (f"; a {type(exc).__name__} is an error in the golden tests (pyproject.toml's "
                 "filterwarnings), a warning in `figures build`: fix it in the figure's code")
    if config.getoption("tbstyle", "auto") == "long" or config.getoption("fulltrace", False):
        line += "\n" + "".join(traceback.format_exception(exc)).rstrip()
    return line + "\n\n"


@pytest.hookimpl(hookwrapper=True, tryfirst=True)  # around pytest-mpl's own comparison
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A vector difference fails the golden test (after its pixels were compared); a golden
    test that no judge decided fails rather than pass; which judged is recorded; a missing or
    damaged golden image is named, with how to write one (pytest-mpl names only its folder, or
    fails with Pillow's traceback)."""
    compare = item.get_closest_marker("mpl_image_compare")
    golden = Path(compare.kwargs.get("baseline_dir", REPO / "baseline"),
                  compare.kwargs["filename"]) if compare and _pixels_compared(item.config) else None
    outcome = yield
    if JUDGED not in item.stash:
        return
    judged = item.stash[JUDGED]
    if outcome.excinfo is not None and isinstance(outcome.excinfo[1], Exception) and \
            not isinstance(outcome.excinfo[1], AssertionError):  # round 37 (G6): the drawing
        judged.clear()  # raised as pytest-mpl saved it (an author's SyntaxError): none compared
    problem = None if golden is None else _unusable(golden, outcome.excinfo is not None)
    if problem is not None:  # no golden image to judge by: none did (round 47d, G10: a
        judged.clear()  # missing one was counted "judged by pixels", an unreadable one not)
    item.user_properties.append((JUDGED_PROPERTY, ",".join(judged)))
    if golden is not None and problem is not None:
        shown = os.path.relpath(golden, REPO)
        restore = restore_command(golden) if problem == "is missing" else None
        git = restore is not None or in_git()
        outcome.force_exception(pytest.fail.Exception(
            f"{shown}: the golden image cannot be read: {LFS_POINTER_ADVICE}"
            if golden.is_file() and golden.read_bytes().startswith(LFS_POINTER)
            else _new_golden(shown, golden.stem) if problem == "is missing" and restore is None
            and git
            else _folder_in_the_way(shown, golden) if problem == "is a folder"
            else  # round 25 (GL); a missing golden has no first line to read
            f"{shown}: the golden image {problem}"
            + (" (no git here to tell a deleted golden from a new one)" if problem ==
               "is missing" and not git else "")  # round 47d, G5
            + f": {restore_advice(shown, restore)}, or write it with "
            f"`python tools/update_baselines.py {shlex.quote(golden.stem)}`", pytrace=False))
        return
    failure = item.stash.get(VECTOR_FAILURE, None)
    from vector import Unjudged

    if not judged and not isinstance(failure, Unjudged):  # (which says why: round 47d, G10)
        failure = ("not judged: neither its pixels (pytest-mpl, `pytest --mpl`) nor its "
                   "vector content were compared; a golden test never passes unjudged")
    if failure is not None:
        excinfo = outcome.excinfo
        earlier = "" if excinfo is None or excinfo[0] is pytest.skip.Exception else \
            f"{excinfo[1]}\n\n" if isinstance(excinfo[1], (AssertionError, pytest.fail.Exception)) \
            else _author_error(item.config, excinfo[1])  # the author's KeyError: type, file, line
        if excinfo is None or earlier:
            outcome.force_exception(pytest.fail.Exception(earlier + failure, pytrace=False))


@pytest.fixture(scope="session")
def shared_dir(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Path:
    """A folder for work shared by the whole run: every xdist worker of this run sees the
    same one (inside the run's temporary folder); without xdist, this process's own."""
    base = tmp_path_factory.getbasetemp()
    worker = getattr(request.config, "workerinput", None)
    if worker is None:  # (a pytest started by a test inherits the worker's environment)
        return base
    shared = base.parent / f"shared-{worker['testrunuid']}"
    shared.mkdir(exist_ok=True)
    return shared


class Renders:
    """Fixture variants rendered and saved once per test run, per way of saving."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._saved: dict[str, bytes] = {}

    def saved(self, fixture: Path, **savefig_kwargs: Any) -> bytes:
        """The bytes of ``fixture``'s figure saved with ``savefig_kwargs`` through the
        build's ``save`` (``format`` defaults to png, ``bbox_inches`` to the figure's first
        output's; the metadata is the build's deterministic one)."""
        from figures.outputs.render import save

        spec = fixture_spec(fixture)
        kwargs = {"format": "png", "bbox_inches": spec.outputs[0].bbox_inches, **savefig_kwargs}
        key = hashlib.sha256(repr((str(fixture), sorted(kwargs.items()))).encode()).hexdigest()
        if key not in self._saved:
            cached = self.folder / f"{fixture.stem}-{key[:16]}.{kwargs['format']}"
            with FileLock(cached.with_suffix(".lock")):  # one worker at a time: the others wait
                if not cached.is_file():
                    data = figdata.load(fixture, spec.name, spec.schema)["data"]
                    # A variant may draw a documented data warning (an empty panel,
                    # tests/integration/test_faults.py checks each); the picture is what is compared here.
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore", FigureDataWarning)
                        fig = spec.render(data)
                    buffer = io.BytesIO()
                    save(spec, fig, buffer, **kwargs)
                    cached.write_bytes(buffer.getvalue())
                self._saved[key] = cached.read_bytes()
        return self._saved[key]

    def figure(self, fixture: Path) -> SavedFigure:
        """What pytest-mpl saves: ``fixture``'s figure, saved inside its theme."""
        return SavedFigure(self, fixture)


class SavedFigure:
    """A figure-like object whose ``savefig`` writes :meth:`Renders.saved` bytes."""

    def __init__(self, renders: Renders, fixture: Path) -> None:
        self.renders, self.fixture = renders, fixture

    def savefig(self, target: Any, **kwargs: Any) -> None:
        # pytest-mpl's ``deterministic`` metadata is the one ``save`` always applies.
        kwargs.pop("metadata", None)
        if "format" not in kwargs and isinstance(target, (str, Path)) and Path(target).suffix:
            kwargs["format"] = Path(target).suffix.lstrip(".")
        data = self.renders.saved(self.fixture, **kwargs)
        if isinstance(target, (str, Path)):
            Path(target).write_bytes(data)
        else:
            target.write(data)


@pytest.fixture(scope="session")
def renders(shared_dir: Path) -> Renders:
    folder = shared_dir / "renders"
    folder.mkdir(exist_ok=True)
    return Renders(folder)


#: The shared build: every figure, from the committed figdata.
REFERENCE_FIGURES = tuple(spec.name for spec in FIGURES)


@pytest.fixture(scope="session")
def reference_build(shared_dir: Path) -> Path:
    """Every figure built (serially, as one xdist worker does) from the committed figdata,
    once for the whole run."""
    from figures.outputs.build import build

    out = shared_dir / "reference-build"
    with FileLock(shared_dir / "reference-build.lock"):
        if not out.is_dir():
            scratch = shared_dir / "reference-build.partial"
            shutil.rmtree(scratch, ignore_errors=True)
            results = build([BY_NAME[n] for n in REFERENCE_FIGURES], REPO / "figdata", scratch,
                            jobs=1)
            assert [r.status for r in results] == ["built"] * len(REFERENCE_FIGURES)
            scratch.rename(out)
    return out


def _results_dir(config: pytest.Config) -> Path | None:
    """pytest-mpl's results folder (``--mpl-results-path``, made absolute by
    :func:`pytest_configure`); None when pytest-mpl is off."""
    if not (config.getoption("--mpl", default=False)
            or config.getoption("--mpl-generate-path", default=None)):
        return None
    folder = config.getoption("--mpl-results-path", default=None)
    return Path(folder).absolute() if folder else None


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """Each run starts with no pytest-mpl results of earlier runs (per-worker JSON files and
    per-test image folders would pile up, an old HTML summary would mislead); the xdist
    controller clears them, holding the results folder for the whole run (round 37, R1)."""
    results = _results_dir(session.config)
    if results is None or hasattr(session.config, "workerinput") or not results.is_dir():
        return
    _hold_results(session.config, results)
    clear_results(results)


#: The results folder a golden run holds, told to the runs it starts (a test's own pytest).
RESULTS_HELD = "FIGURES_GOLDEN_RESULTS_HELD"


def _hold_results(config: pytest.Config, results: Path) -> None:
    """One golden run at a time per results folder (two at once in one checkout, a watch task
    beside a hand run or two ``figures review``, cleared each other's results as they were
    written: an INTERNALERROR; round 37, R1). The lock is the build's (figures/outputs/lock.py:
    the OS's lock, gone with a run that dies), held until pytest ends, after pytest-mpl's HTML
    summary. A second run WAITS, saying so in one line, rather than stopping: both finish and
    both are judged, as if run one after the other (a watch task's run does not fail for no
    fault of the code, and of two reviews each gets its page)."""
    from figures.errors import FigureDataError
    from figures.outputs.lock import lock_holder, locked

    def waiting() -> None:
        holder = lock_holder(results)
        line = (f"golden run: another golden run{f' (pid {holder})' if holder else ''} holds "
                f"{os.path.relpath(results)}: waiting for it to end (Ctrl-C stops; "
                "--mpl-results-path=DIR runs beside it)")
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(line)
            reporter.flush()
        else:
            print(line, file=sys.__stderr__, flush=True)

    if os.environ.get(RESULTS_HELD) == str(results.resolve()):  # it would wait for itself
        raise pytest.UsageError(
            f"--mpl-results-path {os.path.relpath(results)}: {RESULTS_HELD} names it, as the "
            "golden run that started this one sets it: that run holds the folder and waits for "
            "this one to end; give this run a folder of its own (--mpl-results-path=DIR), or "
            f"unset {RESULTS_HELD} if no golden run started this one")  # round 45d, G11
    hold = locked(results, on_wait=waiting)
    try:
        hold.__enter__()
    except FigureDataError as error:  # a link in its place, a folder it cannot write
        raise pytest.UsageError(f"--mpl-results-path {error}") from None
    os.environ[RESULTS_HELD] = str(results.resolve())  # for the runs this one starts
    config.add_cleanup(lambda: hold.__exit__(None, None, None))  # after pytest_unconfigure


def _gone(function: Callable[..., object], path: str, error: Any) -> None:
    """``shutil.rmtree``'s error handler: a file gone meanwhile is no error."""
    raised = error if isinstance(error, BaseException) else error[1]
    if not isinstance(raised, FileNotFoundError):
        raise raised


def clear_results(results: Path) -> None:
    """pytest-mpl's results of earlier runs removed from ``results`` (a file another process
    removed first is no error)."""
    handler = {"onexc" if sys.version_info >= (3, 12) else "onerror": _gone}
    for path in results.iterdir():
        if path.is_dir() and path.name.startswith("test_"):
            shutil.rmtree(path, **handler)
        elif (path.name.startswith("fig_comparison.") or (path.suffix == ".json"
              and path.name.startswith(("results", "generated-hashes")))):
            path.unlink(missing_ok=True)


#: The closing line of a run with failing image comparisons (printed after pytest's own).
IMAGE_FAILURES = pytest.StashKey[str]()


def _judged(terminalreporter) -> str | None:
    """How many golden tests each judge decided in this run (xdist's controller too: the
    reports carry it), None when no golden test ran."""
    counts: dict[str, int] = {}
    for reports in terminalreporter.stats.values():
        for report in reports:
            for name, value in getattr(report, "user_properties", ()):
                if name == JUDGED_PROPERTY and getattr(report, "when", None) == "call":
                    for judge in value.split(",") if value else ["nothing"]:
                        counts[judge] = counts.get(judge, 0) + 1
    if not counts:
        return None
    said = {"pixels": "pixels (pytest-mpl, tolerance 0)", "vector": "vector content",
            "written": "written, not judged (--mpl-generate-path)",
            "nothing": "NOT JUDGED (failed)"}
    into = f" into {_generated(terminalreporter.config)}" if "written" in counts else ""
    if into and "--mpl-generate-path" in os.environ.get("PYTEST_ADDOPTS", ""):  # 50d G5
        into += (" (--mpl-generate-path from PYTEST_ADDOPTS, left set? nothing was compared: "
                 "unset it to judge the goldens)")
    return "golden judges: " + ", ".join(f"{said[k]} {counts[k]} image(s)" for k in said
                                         if k in counts) + into


def _generated(config: pytest.Config) -> str:
    """Where ``--mpl-generate-path`` writes; the baselines themselves said so."""
    folder = Path(config.getoption("--mpl-generate-path")).absolute()
    return ("baseline/ itself (the goldens replaced, without tools/update_baselines.py's "
            "checks)" if folder == REPO / "baseline" else os.path.relpath(folder))


def _diff_images(config: pytest.Config) -> list[Path]:
    """The diff images of this run's failed pixel comparisons, read from pytest-mpl's results
    folder (each failed comparison leaves its baseline, result and diff image in a folder of
    its own; :func:`pytest_sessionstart` clears earlier runs'): files, not a pattern over the
    failure's text, which stopped at a space in a checkout's path (hostile round 26, GS)."""
    results = _results_dir(config)
    return sorted(results.glob("*/*-failed-diff.png")) if results and results.is_dir() else []


def _resized_images(config: pytest.Config) -> list[tuple[Path, str]]:
    """The results of this run's pixel comparisons whose image changed size, each with
    "baseline WxH, now WxH": pytest-mpl writes no diff image for those ("Image dimensions did
    not match"), only the baseline and result pair in the test's results folder, which is
    read here (the pair's sizes; a passing test's pair, kept for the HTML summary, has one
    size) (hostile round 28, G3). A pair that is no image is no size change (round 30, G2)."""
    from PIL import Image

    results = _results_dir(config)
    found = []
    for baseline in sorted(results.glob("*/baseline.png")) if results and results.is_dir() \
            else []:
        result = baseline.with_name("result.png")
        if not result.is_file() or any(baseline.parent.glob("*-failed-diff.png")):
            continue
        try:
            with Image.open(baseline) as old, Image.open(result) as new:
                sizes = old.size, new.size
        except OSError:  # no PNG (a Git LFS pointer, damaged): its test has said so (round 30 G2)
            continue
        if sizes[0] != sizes[1]:
            found.append((result, "baseline {}x{}, now {}x{}".format(*sizes[0], *sizes[1])))
    return found


def _takes_in(config: pytest.Config, module: Path) -> bool:
    """Whether the run's paths (its arguments, else its testpaths) take in test ``module``."""
    here = Path(config.invocation_params.dir)
    for arg in config.args:
        path = Path(here, arg.split("::", 1)[0]).resolve()
        if module == path or module.is_relative_to(path):
            return True
    return False


def unjudged_baselines(config: pytest.Config) -> list[str]:
    """One line per golden whose files lie in baseline/ (or baseline/venues/) though no golden
    test judges them: its fixture deleted or renamed (a venue layout: the figure or slot
    gone), in a run whose paths take in the golden module that would (round 40, G3: told only
    by tests/unit/test_registry.py, the golden run itself "17 passed"; round 29 G9's reverse,
    a fixture with no figure, fails its own golden test)."""
    from helpers import VENUE_BASELINES, fixture_files, venue_baseline_name, venue_slots

    golden = REPO / "tests" / "golden"
    found = []
    for module, folder, expected, why in (
            ("test_images.py", REPO / "baseline", lambda: {p.stem for p in fixture_files()},
             lambda stem: f"no fixture (tests/fixtures/{stem}.json), not judged: restore the "
             "fixture, or remove"),
            ("test_venue_images.py", VENUE_BASELINES, lambda: {
                venue_baseline_name(*slot).removesuffix(".png") for slot in venue_slots()},
             lambda stem: "no venue layout of the golden tests draws it (tests/helpers.py "
             "venue_slots: its figure or slot is gone), not judged: remove")):
        if not _takes_in(config, golden / module) or not folder.is_dir():
            continue
        drawn = expected()
        stems: dict[str, list[str]] = {}
        for path in sorted(folder.iterdir()):
            stem = path.name.removesuffix(".png").removesuffix(".vector.txt.gz")
            if stem != path.name and stem not in drawn:
                stems.setdefault(stem, []).append(display_path(path.relative_to(REPO)))
        found += [f"golden: {' and '.join(files)}: {why(stem)} "
                  f"{'them' if len(files) > 1 else 'it'}" for stem, files in stems.items()]
    return found


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    """Which judge decided how many golden images, and the baselines no golden test judges;
    a failing image comparison ends the run with one line: where to look, and how to accept
    an intended change."""
    judged = _judged(terminalreporter)
    if judged is not None:
        terminalreporter.write_line(judged)
    for line in unjudged_baselines(config):
        terminalreporter.write_line(line, yellow=True)
    failed = terminalreporter.stats.get("failed", [])
    compared = any("mpl_image_compare" in report.keywords for report in failed)
    diffs = [os.path.relpath(diff) for diff in _diff_images(config)] if compared else []
    resized = _resized_images(config) if compared else []
    vectors = sum("vector content differs from" in (text := str(report.longrepr))
                  and "Difference:" not in text for report in failed)  # vector-only failures
    if not diffs and not resized and not vectors:
        return
    results = _results_dir(config) or REPO / "build" / "mpl-results"
    html = os.path.relpath(results / "fig_comparison.html")
    summary = (f"the HTML summary {html}" if config.getoption("--mpl-generate-summary", None)
               else "`nox -s tests` writes an HTML summary")
    what = [f"{len(diffs)} image(s) differ from baseline/: see {diffs[0]}"
            + (f" (+{len(diffs) - 1} more)" if len(diffs) > 1 else "")] if diffs else []
    what += [f"{len(resized)} image(s) changed size from baseline/ ({resized[0][1]}): see "
             f"{os.path.relpath(resized[0][0])}"
             + (f" (+{len(resized) - 1} more)" if len(resized) > 1 else "")] if resized else []
    what += [f"{vectors} figure(s)' vector content differs (the elements are listed above)"
             ] if vectors else []
    config.stash[IMAGE_FAILURES] = (
        f"{'; '.join(what)} and {summary}; an intended change? accept it with "
        "`nox -s baselines`")


def pytest_unconfigure(config: pytest.Config) -> None:
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if IMAGE_FAILURES in config.stash and reporter is not None:
        reporter.write_line(config.stash[IMAGE_FAILURES], red=True, bold=True)
