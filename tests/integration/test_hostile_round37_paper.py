"""Round 37: a fresh hostile pass (record only); the `figures paper` outputs it found, kept."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers import REPO


def _files(folder: Path) -> dict[str, bytes | None]:
    """Every path below ``folder``: a file's bytes, None for a folder."""
    return {str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes()
            for p in sorted(folder.rglob("*"))}


@pytest.mark.slow  # before the mend: sync's probe and latexmk compiled the paper
def test_a_folder_where_the_log_goes_leaves_the_authors_pdf_as_it_was(tmp_path, monkeypatch,
                                                                      capsys):
    """Round 37 (P10): ``main.log`` a folder (an author's ``mkdir``), ``main.pdf`` her file:
    `figures paper` failed with "main.log: is a folder, where the compiled paper goes", but
    had already replaced her ``main.pdf`` by the new compile (a failed command that changed
    an output), and the line named the PDF's place for the log's. Now every target is
    checked before any is written (and before sync writes): nothing in the folder changes."""
    from figures.cli import main as cli

    paper = tmp_path / "paper"
    shutil.copytree(REPO / "tests" / "papers" / "twocol", paper)
    (paper / "main.pdf").write_bytes(b"AUTHOR pdf")
    (paper / "main.log").mkdir()
    before = _files(paper)
    monkeypatch.chdir(tmp_path)
    code = cli.main(["paper", str(paper), "--venue", "icml", "--figdata", str(REPO / "figdata"),
                     "--allow-synthetic"])
    said = capsys.readouterr()
    assert code == 1, said.out + said.err
    assert said.err.endswith(f"error: {paper / 'main.log'}: is a folder, where the compiled "
                             "paper's log goes: move it away\n"), said.err
    assert _files(paper) == before


def test_the_compiled_files_are_put_all_or_nothing(tmp_path):
    """Round 37 (P10): the put itself (a folder appearing after the first check): each target
    is checked, and each new file made, before any is renamed over its target."""
    from figures.errors import FigureDataError
    from figures.paper.compiled import put

    out = tmp_path / "out"
    out.mkdir()
    (out / "main.pdf").write_bytes(b"%PDF new")
    (out / "main.log").write_bytes(b"new log")
    main = tmp_path / "main.tex"
    (tmp_path / "main.pdf").write_bytes(b"AUTHOR pdf")
    (tmp_path / "main.log").mkdir()
    with pytest.raises(FigureDataError) as raised:
        put(out, main)
    assert str(raised.value) == (f"{tmp_path}/main.log: is a folder, where the compiled "
                                 "paper's log goes: move it away")
    assert (tmp_path / "main.pdf").read_bytes() == b"AUTHOR pdf"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["main.log", "main.pdf", "out"]
    (tmp_path / "main.log").rmdir()
    (tmp_path / ".main.log.figures-new").mkdir()  # where the log is written first
    with pytest.raises(FigureDataError, match=r"\.main\.log\.figures-new: is a folder, where "
                       r"main\.log is written first: move it away$"):
        put(out, main)
    assert (tmp_path / "main.pdf").read_bytes() == b"AUTHOR pdf"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".main.log.figures-new", "main.pdf",
                                                          "out"]


def test_a_replace_that_fails_after_another_says_which_was_replaced(tmp_path, monkeypatch):
    """Round 37 (P10): when a later rename fails all the same (the folder changed under the
    command), the line names the file already replaced, and no new file is left behind."""
    from figures.errors import FigureDataError
    from figures.paper.compiled import put

    out = tmp_path / "out"
    out.mkdir()
    (out / "main.pdf").write_bytes(b"%PDF new")
    (out / "main.log").write_bytes(b"new log")
    (tmp_path / "main.log").write_bytes(b"AUTHOR log")
    replace = Path.replace

    def fails_for_the_log(self, target):
        if Path(target).name == "main.log":
            raise PermissionError(13, "Permission denied")
        return replace(self, target)

    monkeypatch.setattr(Path, "replace", fails_for_the_log)
    with pytest.raises(FigureDataError) as raised:
        put(out, tmp_path / "main.tex")
    assert str(raised.value) == (f"{tmp_path}/main.log: cannot be written (Permission denied): "
                                 "the compiled paper's log goes there; main.pdf was replaced "
                                 "by the new compile already")
    assert (tmp_path / "main.pdf").read_bytes() == b"%PDF new"
    assert (tmp_path / "main.log").read_bytes() == b"AUTHOR log"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["main.log", "main.pdf", "out"]
