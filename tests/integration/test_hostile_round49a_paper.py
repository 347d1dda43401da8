"""Hostile round 49a's rows on the paper path (sync, `figures paper`), each mended with a
test; the pass itself, row by row, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import on_paper, paper_folder

from figures import runner

HEAD = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nHi.\n"
        "\\begin{figure}\\includegraphics[width=0.7\\linewidth]{figures/cifar_summary}"
        "\\end{figure}\n")
BIB = "@misc{k, title={Inside}, author={A. Author}, year={2020}}\n"


@pytest.mark.slow
def test_a_bibliography_style_outside_the_folder_is_refused_at_its_line(tmp_path, monkeypatch,
                                                                         capsys):
    r"""Round 49a (P23): ``\bibliographystyle{/.../lab/evilplain}`` (a ``.bst`` outside the
    folder, the database ``refs.bib`` inside): `figures paper` left a main.pdf whose
    bibliography the outside style typeset, exit 0, where a ``.bib`` outside is refused: the
    check read only the ``.blg``'s database lines. A style is a program whose strings are
    what prints: refused at its line, naming it, no PDF; with ``plain`` the paper compiles."""
    lab = tmp_path / "lab"
    lab.mkdir()
    plain = runner.run(["kpsewhich", "plain.bst"], tmp_path).stdout.strip()
    (lab / "evilplain.bst").write_bytes(Path(plain).read_bytes())
    paper = paper_folder(tmp_path, monkeypatch, HEAD + "\\nocite{*}\n"
                         f"\\bibliographystyle{{{lab}/evilplain}}\n"
                         "\\bibliography{refs}\n"
                         "\\end{document}\n", {"refs.bib": BIB})
    code, _, err = on_paper(paper, capsys, "paper")
    assert code == 1, err
    [line] = [x for x in err.splitlines() if x.startswith("error:")]
    assert line.startswith(f"error: {paper / 'main.tex'}:7: reads "
                           f"{lab / 'evilplain.bst'}, outside the paper's folder"), line
    assert line.endswith("main.pdf not written"), line
    assert not (paper / "main.pdf").exists()
    (paper / "main.tex").write_text((paper / "main.tex").read_text().replace(
        f"{lab}/evilplain", "plain"))
    code, _, err = on_paper(paper, capsys, "paper")
    assert code == 0, err
    assert (paper / "main.pdf").is_file()


def test_a_style_or_database_named_from_home_is_read_where_kpathsea_finds_it(tmp_path,
                                                                             monkeypatch):
    r"""Round 49a (P23): bibtex's ``.blg`` writes ``The style file: ~/evilplain.bst`` (and
    ``$VAR/...``) as the paper named it; kpathsea expands it, so the file read is the one in
    the home folder, not one in the compile's own output folder: it is outside."""
    from figures.paper.outside import read_outside

    home, root, out = (tmp_path / n for n in ("home", "paper", "out"))
    for folder in (home, root, out):
        folder.mkdir()
    (home / "evilplain.bst").write_text("% a style\n")
    (home / "refs.bib").write_text(BIB)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("R49SEC", str(home))
    (out / "main.blg").write_text("This is BibTeX, Version 0.99d\nThe top-level auxiliary file: "
                                  "main.aux\nThe style file: ~/evilplain.bst\n"
                                  "Database file #1: $R49SEC/refs.bib\n")
    assert read_outside(root, out, "main") == [home / "evilplain.bst", home / "refs.bib"]
