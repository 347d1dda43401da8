"""nox, tox, .ci/run and the GitHub workflow stay in step: same sessions, same defaults,
and both CI entry points run the same nox command."""

from __future__ import annotations

import ast
import configparser
import re

import pytest
from helpers import REPO

#: End-to-end: runs the command line, often in a copy of the project.
pytestmark = pytest.mark.slow


def _nox_sessions() -> tuple[set[str], set[str]]:
    """(every session, the default ones) of noxfile.py, read without importing nox."""
    tree = ast.parse((REPO / "noxfile.py").read_text(encoding="utf-8"))
    every, skipped = set(), set()
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef):
            continue
        for deco in node.decorator_list:
            call = deco if isinstance(deco, ast.Call) else None
            target = call.func if call else deco
            if ast.unparse(target) == "nox.session":
                every.add(node.name)
                if call and any(k.arg == "default" and ast.literal_eval(k.value) is False
                                for k in call.keywords):
                    skipped.add(node.name)
    defaults = next(ast.literal_eval(node.value) for node in tree.body
                    if isinstance(node, ast.Assign)
                    and ast.unparse(node.targets[0]) == "nox.options.sessions")
    assert set(defaults) == every - skipped
    return every, set(defaults)


def _tox() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None)
    parser.read(REPO / "tox.ini", encoding="utf-8")
    return parser


def test_tox_has_an_environment_for_every_nox_session_and_the_same_defaults():
    every, defaults = _nox_sessions()
    tox = _tox()
    envs = {s.removeprefix("testenv:") for s in tox.sections() if s.startswith("testenv:")}
    assert envs == every
    assert {e.strip() for e in tox["tox"]["env_list"].split(",")} == defaults


def test_tox_passes_posargs_wherever_nox_does():
    tox = _tox()
    source = (REPO / "noxfile.py").read_text(encoding="utf-8")
    for name in _nox_sessions()[0]:
        body = source.split(f"def {name}(", 1)[1].split("\n@nox.session", 1)[0]
        if "session.posargs" in body:
            assert "{posargs}" in tox[f"testenv:{name}"]["commands"], name


def test_tox_tests_use_all_cores_like_nox():
    assert "-n auto" in _tox()["testenv:tests"]["commands"]


def test_tox_pillow_uses_the_releases_the_noxfile_names():
    source = (REPO / "noxfile.py").read_text(encoding="utf-8")
    releases = ast.literal_eval(re.search(r"PILLOW_RELEASES = (\(.*?\))", source).group(1))
    assert re.findall(r"pillow==([\d.]+)", _tox()["testenv:pillow"]["commands"]) == list(releases)


def _nox_commands(text: str) -> list[str]:
    return [line.strip().removeprefix("run: ") for line in text.splitlines()
            if re.match(r"\s*(run: )?nox(\s|$)", line)]


def test_ci_script_and_workflow_run_the_same_nox_sessions():
    workflow = (REPO / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8")
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    review = "nox -s review -- --no-open"  # a failure's review page, kept
    # the default sessions, then the whole suite (random order, no .git, another folder,
    # split between two processes), which holds the slow tier
    ci = ["nox", "nox -s random_order -- --processes 2"]
    assert _nox_commands(workflow) == [*ci, review]
    # then the seed comparison, when seeds are at hand
    assert _nox_commands(script)[0] == review
    assert _nox_commands(script)[1:3] == ci
    assert "nox -s slow_tests" not in _nox_commands(script)[3:]
    install = "python -m pip install 'nox[uv]'"
    assert install in workflow
    assert "'nox[uv]'" in script


def _random_order():
    import importlib.util

    spec = importlib.util.spec_from_file_location("random_order", REPO / "tools" / "random_order.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_whole_suite_run_that_never_reached_its_end_is_no_pass(tmp_path):
    """A test whose code calls ``os._exit(0)`` (author_code.end_if_abandoned, in a process
    that once left a thread) ends the one pytest process with exit 0, the rest never run:
    only a run that wrote its report passed."""
    module = _random_order()
    report = tmp_path / "report.xml"
    assert f"--junit-xml={report}" in module.pytest_command(tmp_path / "project", 7, [])
    assert module.finished(report) is None
    report.write_text('<?xml version="1.0"?><testsuites><testsuite name="pytest" errors="0" '
                      'failures="1" skipped="2" tests="9"></testsuite></testsuites>')
    assert module.finished(report) == "9 tests, 1 failures, 0 errors, 2 skipped"


def test_ci_runs_the_whole_suite_in_one_process_in_random_order():
    """`nox -s random_order` (CI): both tiers and the golden images, one process."""
    options = _random_order().pytest_command(REPO, 7, [])[3:]  # after `python -m pytest`
    assert options[0] == str(REPO / "tests")
    assert "--mpl" in options
    assert "--randomly-seed=7" in options
    assert "-m" not in options  # the slow tier too
    assert "--ignore" not in options  # the golden images too
    assert "-n" not in options
    assert options[options.index("no:xdist") - 1] == "-p"


def test_ci_splits_the_shuffled_suite_between_processes_when_told():
    """CI's `--processes 2`: xdist workers, each shuffled by the same seed, the slow tier
    too; a count that is not a whole number is one line saying what to write."""
    module = _random_order()
    processes, rest = module.processes_option(["7", "--processes", "2", "-k", "x"])
    assert (processes, rest) == (2, ["7", "-k", "x"])
    options = module.pytest_command(REPO, 7, rest[1:], processes)[3:]
    assert options[options.index("-n") + 1] == "2"
    assert "no:xdist" not in options
    assert "--randomly-seed=7" in options
    assert "--mpl" in options
    assert "-m" not in options
    assert module.processes_option(["7"]) == (1, ["7"])
    for wrong in (["--processes"], ["--processes", "two"], ["--processes", "0"]):
        with pytest.raises(SystemExit, match="--processes takes a whole number"):
            module.processes_option(wrong)
