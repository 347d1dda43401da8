"""Round 52s: state one command (or a library call) leaves in the Python process, which a
later one in the same process read as its own (issue 45: the suite in one process, in random
orders; a test's SIGTERM made a later test's watch say it was terminated). Each test here is
two calls in sequence, the second's answer the one a fresh process gives."""

from __future__ import annotations

import os
import re
import shutil

import pytest
from helpers import REPO, on_paper, run

from figures import author_code


def test_a_commands_figdata_is_no_input_of_a_later_call(figdata_dir, capsys):
    """L1: ``figures list --figdata A`` left A among the inputs a figure's code must not
    write (author_code's guard), for the rest of the process: a later call that runs a
    figure's code (a library build of other figdata, a notebook's) was refused for a file
    written in A, which is no input of it."""
    code, _, _ = run(capsys, "list", "--figdata", str(figdata_dir))
    assert code == 0
    with author_code.running("figures/plots/x.py", "render"):  # raised LeftBehind: "wrote
        (figdata_dir / "scratch.json").write_text("{}")  # .../figdata/scratch.json, an input"


@pytest.mark.slow  # latexmk compiles the paper
def test_what_figures_paper_read_is_read_again_by_the_next_command(tmp_path, monkeypatch,
                                                                    capsys):
    """L2: ``figures paper`` on a synced paper read its files again after its sync had
    forgotten what it read (figures.paper.memo: a file's digest kept while its inode, size
    and time stay), and kept them past its end: a later ``figures sync`` in the process took
    a figure edited in place since (its size and time kept, as ``cp -p`` or a tool may) for
    the one it copied, "up to date", and left it damaged; a sync in a fresh process copies
    it again."""
    shutil.copytree(REPO / "tests" / "papers" / "article1in", tmp_path / "paper")
    monkeypatch.chdir(tmp_path)
    paper = tmp_path / "paper"
    assert on_paper(paper, capsys, "sync")[0] == 0
    assert on_paper(paper, capsys, "paper")[0] == 0
    pdf = paper / "cifar_summary.pdf"
    good, before = pdf.read_bytes(), pdf.stat()
    with pdf.open("r+b") as edited:  # the same file, size and time: other bytes
        edited.write(b"%PDF-1.4\n%edited in place\n")
    os.utime(pdf, ns=(before.st_atime_ns, before.st_mtime_ns))
    code, out, _ = on_paper(paper, capsys, "sync")
    assert code == 0
    assert re.search(r"cifar_summary\.pdf +copy ", out), out  # was: "up to date"
    assert pdf.read_bytes() == good


def test_pytests_options_unknown_once_are_asked_again(tmp_path, monkeypatch):
    """L3: ``figures review`` asks pytest which options take a value (``pytest --help``),
    once a process per checkout; an answer it could not get (timed out under load) was kept
    as "none" for the rest of the process: a later review took ``--log-file``'s value for a
    test path to run, as a fresh process does not."""
    from figures import runner
    from figures.cli import review
    from figures.errors import FigureDataError

    def timed_out(*_, **__):
        raise FigureDataError("pytest", None, "did not answer within 120 s")

    checkout = tmp_path / "checkout"  # this checkout, under a name no earlier test asked of
    checkout.symlink_to(REPO)
    with monkeypatch.context() as patch:
        patch.setattr(runner, "run", timed_out)
        assert review.names_tests(["--log-file", "figures"], checkout)  # unknown: a path
    assert not review.names_tests(["--log-file", "figures"], checkout)  # --log-file's value


def test_a_review_stopped_in_a_process_leaves_the_next_review_its_own(monkeypatch, capsys):
    """L5: tools/review.py kept the stop that ended a review (``STOPPED``) for the process,
    and left its own handlers in (a second Ctrl-C dropped, as a script ending needs): run in
    a process that goes on (a test's), the next review's Ctrl-C was said "terminated", 143,
    the first one's word, and Ctrl-C reached no later command there."""
    import signal
    import time

    from helpers import review_tool

    review = review_tool()
    monkeypatch.setattr(review, "STOPPED", [])  # this test's, whatever came before
    before = {stop: signal.getsignal(stop) for stop in review.STOPS}

    def terminated(argv, goldens):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)

    def ctrl_c(argv, goldens):
        raise KeyboardInterrupt

    try:
        monkeypatch.setattr(review, "review", terminated)
        assert review.main(["--no-open"]) == 143
        assert {stop: signal.getsignal(stop) for stop in review.STOPS} == before
        monkeypatch.setattr(review, "review", ctrl_c)
        assert review.main(["--no-open"]) == 130  # was 143, "terminated"
        assert capsys.readouterr().out.splitlines() == [
            "review: terminated: nothing written", "review: interrupted: nothing written"]
    finally:  # the caller's handlers, whatever the review left
        for stop, handler in before.items():
            signal.signal(stop, handler)
