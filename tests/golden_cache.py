"""Golden comparisons re-run only when their inputs changed (``nox -s tests`` after an edit).

Bazel caches a test by the digests of its inputs; so does this plugin, for the image
comparisons alone. A golden test's inputs are what its picture is made of, as the build key
already knows them (figdata bytes, the figure's module and every helper it imports, the shared
code that decides pixels, the build kind, the package and matplotlib versions: see
:func:`figures.outputs.state.build_key`), plus every module of the ``figures`` package that
the figure's module or the drawing test imports, directly or through others, anywhere in its
code (found by :mod:`modulefinder` from the source, nothing imported: ``figures/page.py``,
``figures/data/``, ``figures/registry.py``, ... which the build key leaves to the build), plus
what decides the comparison: the baseline image and its vector golden, the test's own
module, this file, tests/conftest.py, tests/helpers.py and tests/golden/vector.py, and the
versions of the libraries that draw, encode and compare pixels. When every one of those is what it was at the test's last passing
comparison, the comparison cannot come out otherwise, and it is deselected with one line in
the summary saying how many.

Only a passing comparison made with ``--mpl`` in the reference environment is recorded (in
pytest's cache folder, ``.pytest_cache``); a failure forgets it. ``--all``, ``CI=true``
and ``--mpl-generate-path`` (writing baselines) compare every image, always. A golden test
module opts in by defining ``golden_inputs(params) -> (spec, figdata_path, kind)`` for its
parameters; a module that does not is always compared.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.metadata
import json
import os
import platform
import warnings
from pathlib import Path
from typing import Any

import pytest

from figures.plot_imports import ImportsFinder

CACHE_KEY = "fa-audit/golden-passed"
#: Each comparison's named inputs (a file's digest, a version), at its last run and at its last
#: pass: what ``figures review`` (tools/review.py) reads to say why a picture changed.
INPUTS_KEY = "fa-audit/golden-inputs"
#: An xdist worker's count of the comparisons it selected (for ``--golden-report``).
REPORT_KEY = "fa-audit/golden-selected"
#: Recorded on each golden test's report (xdist carries it from the worker to the controller).
DIGEST_PROPERTY = "golden-inputs"
NAMED_PROPERTY = "golden-named-inputs"
_TESTS = Path(__file__).resolve().parent
#: The package whose modules are followed for a picture's code.
_PACKAGE = "figures"
#: The vector judge (its golden beside each baseline image, and the code that draws it).
_VECTOR = _TESTS / "golden" / "vector.py"
_VECTOR_SUFFIX = ".vector.txt.gz"
_LIBRARIES = ("matplotlib", "numpy", "pillow", "pytest-mpl", "fa-audit-figures")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.getgroup("fa-audit").addoption(
        "--all", action="store_true", dest="golden_all",
        help="compare every golden image, even those whose inputs are unchanged since their "
             "last passing comparison (CI=true does the same)")
    parser.getgroup("fa-audit").addoption(
        "--golden-report", metavar="PATH", dest="golden_report",
        help="write to PATH (JSON) how many golden comparisons the run selected and how many "
             "it did not repeat, their inputs unchanged since they passed (figures review)")


def _active(config: pytest.Config) -> bool:
    """Whether comparisons are made now and their results may be cached."""
    from conftest import OFF_REFERENCE

    return (bool(config.getoption("--mpl", default=False))
            and config.getoption("--mpl-generate-path", default=None) is None
            and config.stash.get(OFF_REFERENCE, "unknown") is None
            and getattr(config, "cache", None) is not None)  # none with -p no:cacheprovider


def _recording(config: pytest.Config) -> bool:
    """Whether comparisons are made now (either judge) and their inputs may be recorded."""
    return (bool(config.getoption("--mpl", default=False))
            and config.getoption("--mpl-generate-path", default=None) is None
            and getattr(config, "cache", None) is not None)


def _cached(config: pytest.Config, key: str) -> dict:
    """What pytest's cache holds under ``key`` when it is a mapping; a damaged entry (a list,
    a string: hostile round 28, G5, an INTERNALERROR on every run) is nothing cached."""
    value = config.cache.get(key, {})
    return dict(value) if isinstance(value, dict) else {}


def inputs_record(value: object) -> dict[str, dict[str, dict[str, str] | None]]:
    """The :data:`INPUTS_KEY` record ``value`` as read (from pytest's cache here, from its
    file by tools/review.py: one reader, so both take the same shape): nodeid -> its
    ``"last"`` and ``"passed"`` inputs, each a mapping of names to digests or None. A damaged
    part (a list, a string, a mapping of other things: a sync tool's or a hand edit) is
    nothing recorded, so it is neither read nor written again (hostile round 29, G1: review's
    traceback on every run, the damaged entry carried on by each failing comparison)."""

    def named(part: object) -> dict[str, str] | None:
        return dict(part) if isinstance(part, dict) and all(
            isinstance(k, str) and isinstance(v, str) for k, v in part.items()) else None

    record = {}
    for nodeid, entry in (value.items() if isinstance(value, dict) else ()):
        if isinstance(entry, dict):
            last, passed = named(entry.get("last")), named(entry.get("passed"))
            if last is not None or passed is not None:
                record[nodeid] = {"last": last, "passed": passed}
    return record


def _reuse_allowed(config: pytest.Config) -> bool:
    return (_active(config) and not config.getoption("golden_all")
            and os.environ.get("CI", "").lower() not in ("1", "true", "yes"))


@functools.cache  # once per process: a metadata lookup per library is milliseconds
def _environment() -> bytes:
    from matplotlib import ft2font

    versions = [f"{name}={importlib.metadata.version(name)}" for name in _LIBRARIES]
    versions += [f"freetype={ft2font.__freetype_version__}", f"python={platform.python_version()}",
                 f"machine={platform.machine()}"]
    return "\0".join(versions).encode()


def _baseline(config: pytest.Config, marker: pytest.Mark) -> Path:
    folder = marker.kwargs.get("baseline_dir") or config.getini("mpl-baseline-path")
    return Path(config.rootpath, folder, marker.kwargs["filename"])


class _PackageImports(ImportsFinder):
    """Which modules of the ``figures`` package each module imports, anywhere in its code
    (function bodies and ``TYPE_CHECKING`` blocks too), read from the source by the build
    key's :class:`~figures.plot_imports.ImportsFinder`; nothing is imported and nothing
    outside the package is followed."""

    def __init__(self) -> None:
        super().__init__([str(_TESTS.parent)],
                         lambda name: name == _PACKAGE or name.startswith(_PACKAGE + "."))

    def files(self, root: str) -> set[Path]:
        """The files of the package's modules that ``root`` (a module name, or a file's
        path) reaches through its imports, its own included."""
        if root.endswith(".py"):
            name = Path(root).stem
            if name not in self.modules:
                self.load_file(root)
        else:
            name = root
            if name not in self.modules:
                self.import_hook(name)
        reached = self.reached(name)
        return {Path(module.__file__) for n in reached
                if (module := self.modules.get(n)) is not None and module.__file__} | set(
            self.local_files(reached))  # a lab's style module on PYTHONPATH (round 50d, G4)


@functools.cache  # one reader per process: each module of the package is read once
def _imports() -> _PackageImports:
    return _PackageImports()


@functools.cache
def _code_files(test_module: str, figure_module: str) -> tuple[Path, ...]:
    """The package's code a comparison runs: what the figure's module and the drawing test
    (its module, tests/conftest.py and the vector judge) import."""
    from figures.registry import package_data_files

    files = set(package_data_files())  # what the code reads beside it (round 47d G7, 48d G1)
    for root in (figure_module, test_module, str(_TESTS / "conftest.py"), str(_VECTOR)):
        files |= _imports().files(root)
    return tuple(sorted(files))


@functools.cache
def _code(test_module: str, figure_module: str) -> bytes:
    """The digest of :func:`_code_files`."""
    digest = hashlib.sha256()
    for path in _code_files(test_module, figure_module):
        digest.update(f"{_label(path)}\0".encode())  # a local module outside: its path
        digest.update(path.read_bytes())
    return digest.digest()


def inputs_digest(item: pytest.Item) -> str | None:
    """The digest of everything ``item``'s comparison depends on (None: not cacheable)."""
    marker = item.get_closest_marker("mpl_image_compare")
    golden_inputs = getattr(getattr(item, "module", None), "golden_inputs", None)
    callspec = getattr(item, "callspec", None)
    if marker is None or golden_inputs is None or callspec is None or "filename" not in marker.kwargs:
        return None
    from figures.outputs.state import build_key

    digest = hashlib.sha256()
    try:  # a fixture whose figure is gone from the registry (round 29, G9), ...
        spec, figdata_path, kind = golden_inputs(callspec.params)
        digest.update(build_key(spec, Path(figdata_path).read_bytes(), kind).encode())
        digest.update(_code(str(item.fspath), spec.module_name))
    except Exception:  # noqa: BLE001 - code that does not compile, a file gone: compared,
        return None    # and the comparison says what is wrong
    baseline = _baseline(item.config, marker)
    for golden in (baseline, baseline.with_name(baseline.stem + _VECTOR_SUFFIX)):
        digest.update(golden.read_bytes() if golden.is_file() else b"\0no baseline")
    for code in (Path(str(item.fspath)), _TESTS / "conftest.py", _TESTS / "helpers.py",
                 _VECTOR, Path(__file__)):
        digest.update(code.read_bytes())
    digest.update(item.nodeid.encode())
    digest.update(repr(sorted(marker.kwargs.items())).encode())
    digest.update(_environment())
    return digest.hexdigest()


def named_inputs(item: pytest.Item) -> dict[str, str] | None:
    """``item``'s comparison's inputs one by one (a file by its path, a library by its
    version, the build kind by its key), to name those that changed (tools/review.py)."""
    marker = item.get_closest_marker("mpl_image_compare")
    golden_inputs = getattr(getattr(item, "module", None), "golden_inputs", None)
    callspec = getattr(item, "callspec", None)
    if golden_inputs is None or callspec is None:
        return None
    try:
        spec, figdata_path, kind = golden_inputs(callspec.params)
    except Exception:  # noqa: BLE001 - a figure gone from the registry (round 29, G9): its
        return None    # test says what to do, and every other comparison still runs
    from figures.registry import PACKAGE_DIR, SHARED_CODE

    # the figure's helpers are among the modules it imports (_code_files)
    files = {Path(figdata_path), spec.module_path, *(PACKAGE_DIR / f for f in SHARED_CODE),
             Path(str(item.fspath)), _TESTS / "conftest.py", _TESTS / "helpers.py", _VECTOR}
    with contextlib.suppress(Exception):  # code that does not compile: named by its digest
        files.update(_code_files(str(item.fspath), spec.module_name))
    named = {_label(p): _file_digest(p) for p in files}
    named["the build kind (venue numbers and layout code)"] = hashlib.sha256(
        kind.key_part().encode()).hexdigest()[:16]
    named.update(entry.split("=", 1) for entry in _environment().decode().split("\0"))
    if marker is not None and "filename" in marker.kwargs:
        baseline = _baseline(item.config, marker)
        for golden in (baseline, baseline.with_name(baseline.stem + _VECTOR_SUFFIX)):
            # by its path: a venue golden's is under baseline/venues/ (round 40, R5)
            named[golden.relative_to(_TESTS.parent).as_posix() if golden.is_relative_to(
                _TESTS.parent) else str(golden)] = _file_digest(golden)
    return named


@functools.cache
def _label(path: Path) -> str:
    path = path.resolve()
    return path.relative_to(_TESTS.parent).as_posix() if path.is_relative_to(_TESTS.parent) \
        else str(path)


@functools.cache  # files do not change during a run
def _file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16] if path.is_file() else "missing"


def pytest_configure(config: pytest.Config) -> None:
    report = config.getoption("golden_report", None)
    if report is not None and not hasattr(config, "workerinput"):  # "" too (round 49d G24)
        _writable(report)
    config.pluginmanager.register(GoldenCache(config), "fa-audit-golden-cache")


def _writable(report: str) -> None:
    """``--golden-report``'s file can be written, or the run stops before any test in one
    line (round 48d, G23: a missing folder, a folder, /proc passed the run, then ended it in
    a traceback at its end, no summary, exit 1): opened as it is (its text kept), or made
    and removed, as the controller alone writes it."""
    try:
        if not report:
            raise OSError(0, "an empty path (an unset variable?)")
        if Path(report).exists():
            Path(report).open("a").close()
        else:
            Path(report).touch(exist_ok=False)
            Path(report).unlink()
    except OSError as error:
        raise pytest.UsageError(f"--golden-report {report}: {error.strerror}: give a file "
                                "path the run can write its report to") from None


class GoldenCache:
    """Decides which comparisons run and records how they ended, for one pytest run."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.cached = 0
        #: The golden comparisons the run selected (as the cache left them: to be made).
        self.selected = 0
        #: nodeid -> the digest of its inputs when it passed now, None when it did not.
        self.results: dict[str, str | None] = {}
        #: nodeid -> (its named inputs, whether it passed), for INPUTS_KEY.
        self.named: dict[str, tuple[dict[str, str], bool]] = {}
        #: What pytest's cache said when a record could not be written there (round 45d, G16).
        self.unkept = ""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        config = self.config
        if _active(config):
            passed = _cached(config, CACHE_KEY) if _reuse_allowed(config) else {}
            kept, cached = [], []
            for item in items:
                digest = inputs_digest(item)
                if digest is not None:
                    item.user_properties.append((DIGEST_PROPERTY, digest))
                (cached if digest is not None and passed.get(item.nodeid) == digest
                 else kept).append(item)
            self.cached = len(cached)
            if cached:
                config.hook.pytest_deselected(items=cached)
                items[:] = kept
        self.selected = sum(item.get_closest_marker("mpl_image_compare") is not None
                            for item in items)
        if _recording(config):  # the comparisons made: their inputs one by one
            for item in items:
                if (named := named_inputs(item)) is not None:
                    item.user_properties.append((NAMED_PROPERTY, named))

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Each comparison's result (with xdist, in the controller: the reports reach it)."""
        properties = dict(report.user_properties)
        if (named := properties.get(NAMED_PROPERTY)) is not None and (
                report.when == "call" or report.failed):
            self.named[report.nodeid] = (named, report.passed and report.when == "call")
        digest = properties.get(DIGEST_PROPERTY)
        if digest is None:
            return
        if report.when == "call" and report.passed:
            self.results.setdefault(report.nodeid, digest)
        elif not report.passed and (report.failed or report.when == "call"):
            self.results[report.nodeid] = None  # failed or skipped: never reused

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        """An xdist worker's count of comparisons not repeated (all collect the same)."""
        output = getattr(node, "workeroutput", {})
        self.cached = max(self.cached, output.get(CACHE_KEY, 0))
        self.selected = max(self.selected, output.get(REPORT_KEY, 0))

    @pytest.hookimpl(tryfirst=True)  # before an xdist worker sends its output
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        config = self.config
        worker_output = getattr(config, "workeroutput", None)
        if worker_output is not None:  # an xdist worker: the controller records
            worker_output[CACHE_KEY], worker_output[REPORT_KEY] = self.cached, self.selected
            return
        if report := config.getoption("golden_report", None):  # round 42, B16
            try:  # a disk full by the end (round 49d, G24): one line, the run's status its own
                Path(report).write_text(json.dumps({"selected": self.selected,
                                                    "not_repeated": self.cached}))
            except OSError as error:
                config.get_terminal_writer().line(f"--golden-report {report}: {error.strerror}: "
                                                  "the report was not written")
        if self.cached and session.exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED:
            session.exitstatus = pytest.ExitCode.OK  # every comparison asked for is current
        if self.named and _recording(config):
            inputs = inputs_record(config.cache.get(INPUTS_KEY, {}))
            for nodeid, (named, passed) in self.named.items():
                earlier = inputs.get(nodeid, {}).get("passed")
                inputs[nodeid] = {"last": named, "passed": named if passed else earlier}
            self._keep(INPUTS_KEY, inputs)
        if not _active(config) or not self.results:
            return
        recorded = _cached(config, CACHE_KEY)
        for nodeid, digest in self.results.items():
            if digest is None:
                recorded.pop(nodeid, None)
            else:
                recorded[nodeid] = digest
        self._keep(CACHE_KEY, recorded)

    def _keep(self, key: str, value: object) -> None:
        """``value`` kept in pytest's cache; where it cannot be written, its warning (an error
        under the suite's filterwarnings: a passing run ended rc=1 with a traceback) said in
        one line at the end."""
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", pytest.PytestCacheWarning)
            self.config.cache.set(key, value)
        self.unkept = self.unkept or next((str(w.message) for w in caught), "")

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.unkept:
            folder = Path(os.path.expandvars(self.config.getini("cache_dir")))
            shown = folder if folder.is_absolute() else os.path.relpath(
                self.config.rootpath / folder)
            terminalreporter.write_line(
                f"golden cache: pytest's cache {shown} cannot be written (" + (
                    "a file is there" if Path(self.config.rootpath, folder).is_file() else
                    self.unkept.partition(": ")[2] or self.unkept) + "): no comparison is "
                "recorded, so each is made again next time and `figures review` cannot tell "
                f"which failed; make {shown} a folder pytest can write (or set cache_dir)")
        if self.cached:
            terminalreporter.write_line(
                f"golden images: {self.cached} comparisons not repeated: their inputs are "
                "unchanged since they last passed (`nox -s tests -- --all` compares every image)")
