"""Round 49d (G17): the review's server (tools/review.py, the child of ``figures review``)
killed with SIGKILL, as the OOM killer picks the largest Python: ``figures review`` ended
with status 137 and no word, the terminal still reading "serving ... Ctrl-C stops"."""

from __future__ import annotations

import signal

from figures.cli import review
from figures.cli.main import main

#: A checkout's tools/review.py killed as it serves.
KILLED = "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n"


def test_a_review_killed_by_sigkill_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    (tmp_path / "tools").mkdir()
    (tmp_path / "baseline").mkdir()
    (tmp_path / "tools" / "review.py").write_text(KILLED)
    monkeypatch.setattr(review, "checkout", lambda: tmp_path)
    status = main(["review", "--no-open"])
    assert status == 128 + signal.SIGKILL
    assert capsys.readouterr().err.splitlines() == [
        ("review: its server (tools/review.py) was killed (signal 9, as when memory runs out): "
         "the decisions written before stand, nothing more was written; run `figures review` "
         "again to decide the rest")]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["baseline", "tools"]  # nothing written
