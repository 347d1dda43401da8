"""Round 45d: the review's server (odd characters, an idle connection), its reading of the
run's JUnit report and of pytest's record, a stale FIGURES_GOLDEN_VECTOR_ONLY, Ctrl-C into
tools/update_baselines.py, an unwritable pytest cache, an MPLBACKEND matplotlib cannot use."""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest
from helpers import REPO, ask_review

_spec = importlib.util.spec_from_file_location("review_tool", REPO / "tools" / "review.py")
review = sys.modules.get("review_tool")
if review is None:
    review = sys.modules["review_tool"] = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(review)

PNG = b"\x89PNG\r\n\x1a\n"
NODEID = "tests/golden/test_images.py::test_figure_matches_baseline[fig4_penalty_rescue]"


@pytest.fixture
def server() -> Iterator[object]:
    served = review.Review([review.Golden(
        number, name, f"tests/golden/test_images.py::t[{name}]", (PNG, PNG + b"new"), None,
        "1 pixel(s) differ", [], [f"figures/plots/{name}.py"])
        for number, name in enumerate(("fig1_audit_hero", "fig4_penalty_rescue"))])
    thread = threading.Thread(target=served.serve_forever, daemon=True)
    thread.start()
    yield served
    served.shutdown()
    served.server_close()


def _ask(served, path: str, method: str = "GET", timeout: float = 20) -> tuple[int, bytes]:
    return ask_review(served, path, method, token=served.token, timeout=timeout)


@pytest.mark.parametrize(("method", "path"), [
    ("GET", "/baseline/fig1_audit_hero.png%00.txt"), ("GET", "/image/%C2%B2/new"),
    ("POST", "/accept/%C2%B2"), ("GET", "/image/%EF%BC%90/new"), ("POST", "/reject/%D9%A1"),
    ("GET", "/baseline/%ED%A0%80.png")],
    ids=["nul", "superscript-image", "superscript-accept", "fullwidth-image",
         "arabic-indic-reject", "lone-surrogate"])
def test_odd_characters_in_the_path_are_not_found(server, capfd, method, path):
    """Round 45d (G4, G5): `/image/²/new` and `POST /accept/²` (``str.isdigit()`` is true of
    ``²``, ``int()`` refuses it) and a NUL in a baseline/ path (``Path.resolve()`` refuses it)
    dropped the connection with no answer and printed a traceback between the review's lines;
    a fullwidth ``０`` or Arabic-Indic ``١`` was read as golden 0 or 1. Each is a 404, quietly:
    a golden's number is ASCII digits."""
    status, body = _ask(server, path, method)
    assert status == 404, body
    assert [g.status for g in server.goldens] == ["changed", "changed"]
    assert "Traceback" not in capfd.readouterr().err


def test_an_idle_connection_does_not_hold_up_the_page(server):
    """Round 45d (G6): one connection that says nothing (a browser's connection opened ahead,
    any local program) froze the page, its pictures, accepts and Done, for as long as it stayed
    open: the review served one connection at a time, with no timeout."""
    idle = socket.create_connection(("127.0.0.1", server.server_port))
    try:
        status, body = _ask(server, "/", timeout=5)
        assert status == 200
        assert b"<html" in body.lower()
    finally:
        idle.close()


def test_a_junit_prefix_does_not_hide_the_failed_golden(tmp_path, monkeypatch):
    """Round 45d (G10): with pytest's ``--junit-prefix=X`` the report names the failed golden's
    class ``X.tests.golden.test_images``: review called it "another test" and reviewed nothing."""
    monkeypatch.setattr(review.ub, "goldens", lambda: {"fig4_penalty_rescue": NODEID,
                                                       "other": NODEID.replace("fig4", "fig5")})
    report = tmp_path / "report.xml"
    for prefix in ("", "X.", "ci.linux."):
        report.write_text(
            '<testsuites><testsuite name="pytest">'
            f'<testcase classname="{prefix}tests.golden.test_images" '
            'name="test_figure_matches_baseline[fig4_penalty_rescue]"><failure/></testcase>'
            f'<testcase classname="{prefix}tests.golden.test_images" '
            'name="test_figure_matches_baseline[fig5_penalty_rescue]"/>'
            f'<testcase classname="{prefix}tests.unit.golden.test_images" '
            'name="test_figure_matches_baseline[fig5_penalty_rescue]"><failure/></testcase>'
            "</testsuite></testsuites>")
        assert review.failed_in(report) == [NODEID], prefix


def test_a_stale_vector_only_variable_is_refused_before_anything_runs(monkeypatch, capsys):
    """Round 45d (G12): ``FIGURES_GOLDEN_VECTOR_ONLY=1`` left from ``nox -s mutants -- --judge
    vector`` made review's accept write the vector content only, on the reference environment,
    and call the golden accepted and passing, its picture golden left failing. Refused in one
    line, as ``nox -s baselines`` refuses it."""
    monkeypatch.setenv("FIGURES_GOLDEN_VECTOR_ONLY", "1")
    monkeypatch.setattr(review, "collect", lambda *a, **k: pytest.fail("the review ran"))
    assert review.main(["--no-open"]) == 2
    out, err = capsys.readouterr()
    assert not out
    assert err == ("review: FIGURES_GOLDEN_VECTOR_ONLY is set (left from `nox -s mutants -- "
                   "--judge vector`?): with it no image is drawn; unset it and run again; "
                   "nothing reviewed\n")


def test_an_unreadable_last_failed_record_is_said(tmp_path, monkeypatch, capsys):
    """Round 45d (G16): with ``.pytest_cache`` a file, review read pytest's record of the last
    run's failures as empty and said "no golden test failed in the last run"."""
    (tmp_path / ".pytest_cache").write_text("stray\n")
    monkeypatch.setattr(review, "ROOT", tmp_path)
    monkeypatch.setattr(review, "LAST_FAILED", tmp_path / ".pytest_cache/v/cache/lastfailed")
    monkeypatch.setattr(review, "in_the_way", lambda static: None)
    assert review.main(["--no-open"]) == 1
    out, err = capsys.readouterr()
    assert "no golden test failed" not in out + err
    assert (out + err).strip().splitlines()[-1] == (
        "review: .pytest_cache/v/cache/lastfailed cannot be read (.pytest_cache is not a "
        "folder): pytest's record of the last run's failures is not known; remove "
        ".pytest_cache, run the golden tests, then review again; nothing reviewed")


def test_ctrl_c_into_update_baselines_says_what_was_written(monkeypatch, capsys):
    """Round 45d (G7): Ctrl-C while tools/update_baselines.py rendered printed a traceback and no
    word of what was (not) written; one line, as `figures` commands say it."""
    monkeypatch.syspath_prepend(str(REPO / "tools"))  # for this test only (round 52s, L6)
    import update_baselines as ub

    def stopped(folder, args):
        raise KeyboardInterrupt
    monkeypatch.setattr(ub, "generate", stopped)
    monkeypatch.setattr(ub, "_refused", lambda *a: None)
    monkeypatch.setattr(ub, "mismatch", lambda recorded: None)
    assert ub.main(["fig1_audit_hero"]) == 130
    assert capsys.readouterr().err == "update_baselines: interrupted while rendering: nothing written\n"


def _pytest(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "COV_"))}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:randomly", "-p",
                           "no:cacheprovider", "-q", *args], cwd=REPO, env={**clean, **env},
                          capture_output=True, text=True, check=False, timeout=300)


@pytest.mark.parametrize(("value", "why"), [
    ("nosuchbackend", "not a backend matplotlib knows"),
    ("module://nonexistent", "no module nonexistent here")])
def test_an_mplbackend_matplotlib_cannot_use_is_refused_in_one_line(value, why):
    """Round 45d (G20): ``MPLBACKEND=nosuchbackend`` was an 11-line ImportError while loading
    tests/conftest.py; ``module://nonexistent`` failed each golden as pluggy's "internal
    error"; neither named the variable."""
    run = _pytest("--co", "tests/unit/test_hostile_round45d_review.py", MPLBACKEND=value)
    assert run.returncode == 4, run.stdout + run.stderr
    assert run.stderr.strip() == (
        f"ERROR: MPLBACKEND={value} is set: {why}; the tests draw with Agg: unset MPLBACKEND, "
        "then run again")

def test_an_mplbackend_with_a_space_is_shown_quoted():
    """Round 47d (G9): ``MPLBACKEND="agg "`` (a trailing space, as a copied export leaves it)
    was refused as "MPLBACKEND=agg  is set: not a backend matplotlib knows", of the backend
    the tests draw with: the value is quoted as a shell reads it, its space seen."""
    run = _pytest("--co", "tests/unit/test_hostile_round45d_review.py", MPLBACKEND="agg ")
    assert run.returncode == 4, run.stdout + run.stderr
    assert run.stderr.strip() == (
        "ERROR: MPLBACKEND='agg ' is set: not a backend matplotlib knows; the tests draw with "
        "Agg: unset MPLBACKEND, then run again")


@pytest.mark.parametrize(("value", "shown"), [("agg\t", "$'agg\\t'"), ("agg\n", "$'agg\\n'")])
def test_an_mplbackend_with_a_control_character_is_shown_as_bash_writes_it(value, shown):
    """Round 48d (G8): ``shlex.quote`` left a tab raw (read as spaces) and a copied line end
    split the "one line" in two; shown in bash's ``$'...'`` form, still one line."""
    run = _pytest("--co", "tests/unit/test_hostile_round45d_review.py", MPLBACKEND=value)
    assert run.returncode == 4, run.stdout + run.stderr
    assert run.stderr.strip() == (
        f"ERROR: MPLBACKEND={shown} is set: not a backend matplotlib knows; the tests draw "
        "with Agg: unset MPLBACKEND, then run again")


def test_a_pytest_cache_that_cannot_be_written_does_not_fail_a_passing_run(tmp_path):
    """Round 45d (G16): with the cache folder where nothing can be made, a passing golden run
    ended rc=1 with a 79-line traceback (pytest's cache warning made an error by the suite's
    ``filterwarnings``); it passes, the golden cache saying in one line what was not kept."""
    blocked = tmp_path / "cachefile"
    blocked.write_text("stray\n")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:randomly", "-q", "--mpl", "-o",
         f"cache_dir={blocked}", f"--mpl-results-path={tmp_path / 'results'}",  # its own:
         "tests/golden/test_images.py", "-k", "cifar_summary"],  # a --mpl run holds the default
        cwd=REPO, capture_output=True, text=True, check=False, timeout=300,
        env={k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "COV_"))})
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "Traceback" not in run.stdout + run.stderr
    said = [line for line in run.stdout.splitlines() if line.startswith("golden cache:")]
    assert len(said) == 1, run.stdout
    assert said[0].startswith(f"golden cache: pytest's cache {blocked}")


@pytest.mark.parametrize("name", ["cifar_summary--two seeds", "cifar_summary--it's <b>two"])
def test_the_command_that_accepts_a_golden_quotes_its_name_for_a_shell(name):
    """Round 45d (G19, G27): a fixture variant named with a space or a quote: the command the
    page and the run print (``nox -s baselines -- cifar_summary--two seeds``) was not one a
    shell runs as meant (two words; ``'`` opens a quote, ``<`` redirects); quoted now."""
    import shlex

    golden = review.Golden(0, name, NODEID, (PNG, PNG), None, "", [], [])
    assert shlex.split(golden.command) == ["nox", "-s", "baselines", "--", name]


@pytest.mark.parametrize("argv", [["-p", "no:junitxml"], ["-pno:junitxml"], ["-k", "x", "-p",
                                                                           "no:junitxml"]])
def test_review_without_the_junit_plugin_is_refused_in_one_line(argv):
    """Round 47 (G9, round 45d): ``-p no:junitxml`` ended in pytest's usage error about a
    ``--junit-xml`` of a temporary folder the user never gave. It is now refused before
    anything runs, saying why review needs the report."""
    from figures.cli.review import refused

    said = refused(argv)
    assert said is not None
    assert said.startswith("-p no:junitxml: review reads the run's JUnit")
    assert "\n" not in said
    assert refused(["-p", "no:randomly"]) is None


@pytest.mark.parametrize("form", ["--junit-xml={}", "--junitxml={}", "--junit-xml {}"])
def test_the_users_own_junit_report_is_written_and_read(tmp_path, monkeypatch, form):
    """Round 47 (G9, round 45d): review's own ``--junit-xml`` came after the user's, so the
    user's report was never written, unsaid. Review now reads the user's report instead."""
    mine = tmp_path / "mine.xml"
    ran = []

    def run(args, **_):
        ran.append(args)
        given = [a for a in args if a.startswith(("--junit-xml", "--junitxml"))]
        assert len(given) == 1, args
        mine.write_text(
            '<testsuites><testsuite name="pytest"><testcase classname="tests.golden.test_images"'
            ' name="test_figure_matches_baseline[fig4_penalty_rescue]"><failure/><properties>'
            '<property name="golden-judged" value="pixels"/></properties></testcase>'
            "</testsuite></testsuites>")
        return subprocess.CompletedProcess(args, 1)

    monkeypatch.setattr(review.ub, "goldens", lambda: {"fig4_penalty_rescue": NODEID})
    monkeypatch.setattr(review, "subprocess", type("S", (), {"run": staticmethod(run)}))
    assert review.comparisons(form.format(mine).split()) == [NODEID]
    assert len(ran) == 1


def test_an_accept_after_the_code_changed_since_the_page_was_made_writes_nothing(
        tmp_path, monkeypatch):
    """Round 47 (G18, round 45d): the page left open, the figure's code changed again, Accept
    wrote the goldens of a picture the code no longer draws (then failed to compare again).
    The accept now refuses, nothing written, naming the file that changed since the page."""
    monkeypatch.syspath_prepend(str(REPO / "tests" / "unit"))  # for this test only (52s, L6)
    from test_hostile_round40_golden import _png, reviewed

    tool, baseline, served = reviewed(tmp_path, monkeypatch)
    served.server_close()  # decided here, not served
    code = tmp_path / "figures" / "plots" / "x.py"
    code.parent.mkdir(parents=True)
    code.write_text("LINE = 0.9\n")
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    monkeypatch.setattr(tool, "_record", lambda path: {
        served.goldens[0].nodeid: {"last": {"figures/plots/x.py": "1", "baseline/x.png": "2",
                                            "matplotlib": "3.10"}, "passed": None}})
    item = served.goldens[0]
    item.inputs = tool.inputs_now([item.nodeid])[item.nodeid]
    assert list(item.inputs) == ["figures/plots/x.py"]  # the golden it writes is not an input
    before = (baseline / "x.png").read_bytes()
    code.write_text("LINE = 1.3\n")
    answer = served.decide("accept", item)
    assert answer == {"status": "refused", "message": (
        "refused: figures/plots/x.py changed since this page was made, so the picture shown "
        "is no longer what the code draws: nothing written; run `figures review` again to "
        "see the render of the code as it is now")}
    assert (baseline / "x.png").read_bytes() == before
    assert item.status == "changed"
    code.write_text("LINE = 0.9\n")  # as rendered: the accept writes
    assert served.decide("accept", item)["status"] == "accepted"
    assert (baseline / "x.png").read_bytes() == _png("#00ff00")
