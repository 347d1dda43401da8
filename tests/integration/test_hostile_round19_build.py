"""Round 19: a fresh hostile pass (record only); the build and sync cases it found, kept."""

from __future__ import annotations

import shutil

import pytest
from helpers import REPO


@pytest.mark.slow  # sync's probe compiles the paper
def test_a_sync_stopped_while_its_workers_draw_leaves_no_temporary_files(tmp_path,
                                                                        monkeypatch, capsys):
    """Round 19 (W8): SIGTERM (or Ctrl-C) while sync's forked workers drew left their hidden
    ``.NAME.XXXXXXXX.pdf`` temporaries in ``build/icml/w3.25/``: a worker killed mid-write
    never reaches the build's own clean-up. Here the drawing stops with a worker's
    temporary in place, as the kill leaves it."""
    from figures.cli import main as cli
    from figures.paper import builds

    paper = tmp_path / "paper"
    shutil.copytree(REPO / "tests" / "papers" / "twocol", paper)
    monkeypatch.chdir(tmp_path)
    left = tmp_path / "build" / "icml" / "w3.25" / ".cifar_summary.k1lled0a.pdf"

    def killed_mid_write(source, todo):
        left.parent.mkdir(parents=True, exist_ok=True)
        left.write_bytes(b"%PDF-1.4 half a figure")
        raise KeyboardInterrupt

    monkeypatch.setattr(builds, "drawn_at_once", killed_mid_write)
    code = cli.main(["sync", str(paper), "--venue", "icml", "--figdata", str(REPO / "figdata"),
                     "--allow-synthetic"])
    said = capsys.readouterr()
    assert code != 0, said.out + said.err
    assert left.parent.is_dir()
    assert not left.exists(), sorted(p.name for p in left.parent.iterdir())
