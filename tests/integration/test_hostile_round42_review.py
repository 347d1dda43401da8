"""Hostile round 42: ``figures review``'s page in a real browser (the system's Chromium, driven
by Playwright) after the review stopped (B14), with ``a`` then ``r`` at once (B10) and after a
reload (B12); the review of goldens that cannot differ (B16) or whose fixture is gone (B17)."""

from __future__ import annotations

import re
import sys
import threading
from pathlib import Path

import pytest
from helpers import REPO

if str(REPO / "tests" / "unit") not in sys.path:  # its review helpers
    sys.path.insert(0, str(REPO / "tests" / "unit"))
from test_hostile_round40_golden import _png, render, reviewed
from test_hostile_round40_review import _page_of


@pytest.mark.slow  # a browser
def test_a_decision_after_the_review_stopped_says_so_and_that_nothing_was_written(
        tmp_path, monkeypatch):
    """Round 42 (B14): Done pressed in another tab (the server stopped), then Accept clicked:
    the page said "accepting: writing the golden, comparing again..." for good, though
    nothing was written, nor ever would be. The golden's line says the review has stopped,
    that a stopped review writes nothing, and to run `figures review` again."""
    from playwright.sync_api import expect

    review, baseline, served = reviewed(tmp_path, monkeypatch)
    with _page_of(served) as page:
        other = page.context.browser.new_page()
        other.goto(served.url)
        other.locator("#done").click()
        expect(other.locator("main")).to_contain_text("Review finished: the server has stopped")
        served.server_close()  # as tools/review.py's serve() does once Done stops it
        page.locator("#g0 .accept").click()
        expect(page.locator("#g0 .msg")).to_have_text(re.compile(
            r"^no answer: the review has stopped \(Done, or Ctrl-C in its terminal\), and a "
            r"stopped review writes nothing: run `figures review` again to decide this golden"),
            timeout=10_000)
        expect(page.locator("#g0 .msg")).to_have_class("msg refused")
        expect(page.locator("nav a").first).to_have_class(re.compile(r"^changed\b"))
        page.locator("#done").click()  # this page's Done: stopped already, and said so
        expect(page.locator("main")).to_contain_text("The review had stopped already")
    assert (baseline / "x.png").read_bytes() == _png("red")
    assert review.ended(served.goldens) == "review: 0 accepted, 0 rejected, 1 not decided"


@pytest.mark.slow  # a browser
def test_a_reject_pressed_while_the_accept_runs_keeps_the_accepting_line(tmp_path,
                                                                         monkeypatch):
    """Round 42 (B10): ``a`` then ``r`` at once: the reject blanked "accepting: writing the
    golden, comparing again..." for the ~10 s the accept wrote and compared again, the golden
    shown undecided and nothing said of the reject waiting. The accept's line stays, and says
    the reject waits for it; the reject is then refused (the first decision wins)."""
    from playwright.sync_api import expect

    comparing, finish = threading.Event(), threading.Event()
    _, baseline, served = reviewed(tmp_path, monkeypatch,
                                   lambda: (comparing.set(), finish.wait(60)))
    try:
        with _page_of(served) as page:
            line = page.locator("#g0 .msg")
            page.keyboard.press("a")
            assert comparing.wait(60)
            page.keyboard.press("r")
            expect(line).to_have_text("accepting: writing the golden, comparing again...; the "
                                      "reject waits for it (one decision per golden: the first "
                                      "wins)")
            finish.set()
            expect(line).to_contain_text("refused: already accepted", timeout=60_000)
    finally:
        finish.set()
    assert (baseline / "x.png").read_bytes() == _png("#00ff00")


@pytest.mark.slow  # a browser
def test_a_reloaded_page_says_what_each_decision_did(tmp_path, monkeypatch):
    """Round 42 (B12): after a reload every decided golden's line was empty, though the
    review has it: an accepted golden shown without which files were written or how to undo
    it. The reloaded page says what each decision did, and how to undo an accept."""
    from playwright.sync_api import expect

    review, baseline, served = reviewed(tmp_path, monkeypatch)
    out = tmp_path / "build" / "review" / "new"
    render(baseline, "y", "red")
    render(out, "y", "#0000ff")
    served.goldens.append(review.compare(1, "y", "tests/golden/test_images.py::t[y]", out))
    with _page_of(served) as page:
        page.keyboard.press("a")
        expect(page.locator("#g0 .msg")).to_contain_text("compared again: passes")
        page.keyboard.press("j")
        page.keyboard.press("r")
        expect(page.locator("#g1 .msg")).to_contain_text("nothing written")
        page.reload()
        expect(page.locator("#g0 .msg")).to_have_text(re.compile(
            r"^wrote baseline/x\.png, baseline/x\.vector\.txt\.gz; compared again: passes; to "
            r"undo it: `git checkout HEAD -- \S*x\.png \S*x\.vector\.txt\.gz`$"))
        expect(page.locator("#g0 .msg")).to_have_class("msg accepted")
        expect(page.locator("#g1 .msg")).to_have_text(re.compile(r"^nothing written; "))
        expect(page.locator("#g1 .msg")).to_have_class("msg rejected")


def _review(root, *args: str):
    import os
    import subprocess

    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTHONOPTIMIZE")
           and not k.startswith(("PYTEST_", "COV_"))}
    env.update(PYTHONPATH=str(root), PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, "tools/review.py", "--no-open", "--", *args, "-p",
                           "no:xdist", "-p", "no:randomly",
                           f"--mpl-results-path={root.parent / 'results'}"],
                          cwd=root, env=env, capture_output=True, text=True, check=False,
                          timeout=600)


def _checkout(tmp_path):
    import shutil

    from test_hostile_round19_golden import copy_of_project

    root = copy_of_project(tmp_path / "repo")  # as committed: every golden passes
    shutil.copytree(REPO / "tools", root / "tools",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return root


@pytest.mark.slow  # the golden comparisons of a figure, twice
def test_a_review_of_goldens_unchanged_since_they_passed_has_nothing_to_review(request,
                                                                               tmp_path):
    """Round 42 (B16): ``figures review`` in an unchanged checkout whose goldens passed last:
    rc 1, "the golden comparisons did not run (... collection only (--co) ...)", since the
    golden cache left out each comparison, its inputs unchanged since it passed (the first
    review of the same checkout said "nothing to review", rc 0). Those cannot differ: nothing
    to review, rc 0, saying why none was compared."""
    from conftest import OFF_REFERENCE

    if request.config.stash[OFF_REFERENCE] is not None:
        pytest.skip("the golden cache records passes on the reference environment only")
    root = _checkout(tmp_path)
    select = ("tests/golden/test_images.py", "-k", "cifar_summary")
    first = _review(root, *select)
    assert first.returncode == 0, first.stdout[-3000:] + first.stderr
    assert first.stdout.splitlines()[-1] == (
        "review: 1 golden(s) compared, none differs from baseline/: nothing to review")
    again = _review(root, *select)
    assert again.returncode == 0, again.stdout[-3000:] + again.stderr
    assert "golden images: 1 comparisons not repeated" in again.stdout
    assert again.stdout.splitlines()[-1] == (
        "review: none of the 1 golden comparison(s) selected was made again: their inputs are "
        "unchanged since they last passed (the golden cache; `figures review -- --all` "
        "compares them), so none differs from baseline/: nothing to review")
    assert "did not run" not in again.stderr


@pytest.mark.slow  # the golden comparisons of a figure
def test_a_review_whose_goldens_lost_their_fixture_names_it_and_the_way_out(tmp_path):
    """Round 42 (B17): a figure's fixture removed (``git rm``), its baselines kept: the review
    ended "review: rendering the goldens failed (pytest exited 1)", naming neither the
    fixture nor what to do. Its line names the fixture, the goldens drawn from it, how to
    restore it and the other way out; nothing written."""
    import subprocess

    root = _checkout(tmp_path)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(root)]
    for step in (["init", "-q"], ["add", "tests/fixtures"], ["commit", "-q", "-m", "f"],
                 ["rm", "-q", "tests/fixtures/cifar_summary.json"]):
        subprocess.run([*git, *step], check=True, capture_output=True)
    ran = _review(root, "tests/golden/test_venue_images.py", "-k", "cifar_summary")
    assert ran.returncode == 1, ran.stdout[-3000:] + ran.stderr
    assert ran.stderr.strip().splitlines()[-1] == (
        "review: tests/fixtures/cifar_summary.json is missing, and 4 golden(s) draw from it "
        "(venue-icml--cifar_summary, venue-neurips--cifar_summary, "
        "venue-icml--cifar_summary--1.9, venue-icml--cifar_summary--4.125): restore it with "
        "`git checkout HEAD -- tests/fixtures/cifar_summary.json`; or, removing the figure "
        "cifar_summary, take it out of FIGURES in figures/registry.py and remove its goldens "
        "(the golden run names them); nothing reviewed"), ran.stdout[-3000:] + ran.stderr
    assert "rendering the goldens failed" not in ran.stdout + ran.stderr
    assert not (root / "build" / "review" / "index.html").exists()


def _review_reporting(monkeypatch, tmp_path, judged: int, selected: int, not_repeated: int):
    """review whose pytest run exits 0, judges ``judged`` goldens (passing) and reports, as
    the golden cache does, ``selected`` comparisons selected and ``not_repeated`` left out."""
    import json
    import subprocess
    from types import SimpleNamespace

    from helpers import review_tool

    review = review_tool()
    monkeypatch.setattr(review, "failed_goldens", list)
    monkeypatch.setattr(review, "OUT", tmp_path / "build" / "review")
    monkeypatch.setattr(review.ub, "generate", lambda *a: pytest.fail("rendered again"))

    def run(argv, **_):
        def given(option):
            return Path(next(a for a in argv if a.startswith(option)).split("=", 1)[1])
        cases = "".join(
            f'<testcase classname="tests.golden.test_images" name="t[{n}]"><properties>'
            '<property name="golden-judged" value="pixels"/></properties></testcase>'
            for n in range(judged))
        given("--junit-xml=").write_text(f"<testsuites><testsuite>{cases}</testsuite>"
                                         "</testsuites>")
        given("--golden-report=").write_text(json.dumps(
            {"selected": selected, "not_repeated": not_repeated}))
        return subprocess.CompletedProcess(argv, 0)
    monkeypatch.setattr(review, "subprocess", SimpleNamespace(run=run))
    return review


@pytest.mark.parametrize(("judged", "selected", "said"), [
    (0, 0, ("review: none of the 5 golden comparison(s) selected was made again: their "
            "inputs are unchanged since they last passed (the golden cache; `figures review -- "
            "--all` compares them), so none differs from baseline/: nothing to review")),
    (2, 2, ("review: 2 golden(s) compared, none differs from baseline/ (5 more not compared "
            "again: their inputs are unchanged since they last passed): nothing to review"))])
def test_goldens_left_out_as_unchanged_since_they_passed_are_nothing_to_review(
        monkeypatch, tmp_path, capsys, judged, selected, said):
    """Round 42 (B16): the comparisons the golden cache left out (their inputs unchanged since
    they passed) were read as "did not run", rc 1; they cannot differ: nothing to review, rc 0,
    the line saying how many were not compared again."""
    review = _review_reporting(monkeypatch, tmp_path, judged, selected, 5)
    assert review.main(["--no-open", "-k", "cifar_summary"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == said


def test_a_run_that_left_goldens_selected_unjudged_still_did_not_run(monkeypatch, tmp_path):
    """Round 42 (B16)'s control: some comparisons left out as unchanged, others selected but
    none judged (``--co``, each skipped): the comparisons did not run, rc 1, as before."""
    review = _review_reporting(monkeypatch, tmp_path, 0, 3, 5)
    with pytest.raises(SystemExit) as stopped:
        review.main(["--no-open", "-k", "cifar_summary"])
    assert str(stopped.value).startswith("review: the golden comparisons did not run")
