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


@pytest.mark.slow  # figures paper compiles the paper
def test_a_compiled_paper_that_replaces_a_link_says_so(tmp_path, monkeypatch, capsys):
    """Round 20 (P8): the author's ``main.pdf`` a link to a shared copy outside the paper (a
    co-author reads it there): `figures paper` replaced the link by the compiled file, never
    writing through it (right), but without a word: that copy silently stopped updating.
    Round 21 (P1): the same for a hard link (``main.log``, one file under two names)."""
    from figures.cli import main as cli

    paper = tmp_path / "paper"
    shutil.copytree(REPO / "tests" / "papers" / "twocol", paper)
    shared = tmp_path / "shared.pdf"
    shared.write_bytes(b"the co-author's copy")
    (paper / "main.pdf").symlink_to(shared)
    (tmp_path / "main-log-copy.log").write_bytes(b"a backup's name for it")
    (paper / "main.log").hardlink_to(tmp_path / "main-log-copy.log")  # Round 21 (P1)
    monkeypatch.chdir(tmp_path)
    code = cli.main(["paper", str(paper), "--venue", "icml", "--figdata", str(REPO / "figdata"),
                     "--allow-synthetic"])
    said = capsys.readouterr()
    assert code == 0, said.out + said.err
    assert f"note: {paper / 'main.pdf'} was a link to {shared}: replaced by the compiled file, " \
           "the file it named left as it was" in said.err, said.err
    assert f"note: {paper / 'main.log'} was a hard link (one file under two names): " \
           "replaced by the compiled file" in said.err, said.err
    assert not (paper / "main.pdf").is_symlink()
    assert (tmp_path / "main-log-copy.log").read_bytes() == b"a backup's name for it"
    assert shared.read_bytes() == b"the co-author's copy"
