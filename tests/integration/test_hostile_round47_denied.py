"""Round 47 (K9): a file or folder of the paper's folder the user may not read (a
co-author's private notes, a root-owned leftover of a Docker compile). The copy leaves it
out, as TeX passes it by; the compile that needs it names it. Run as root, where a mode of
000 does not bite, the copy's read is refused here as it is refused to a user."""

from __future__ import annotations

import errno
import shutil
import tarfile

import pytest
from helpers import REPO, run, write_files

PAPER = ("\\documentclass{article}\n\\begin{document}\n%s Text \\cite{k}.\n"
         "\\bibliographystyle{plain}\n\\bibliography{refs}\n\\end{document}\n")


def _denied(monkeypatch, *names: str) -> None:
    """The copy's read of each of ``names`` refused (Permission denied)."""
    real = shutil.copyfile

    def copyfile(source, target, *args, **kwargs):
        if str(source).endswith(names):
            raise PermissionError(errno.EACCES, "Permission denied", str(source))
        return real(source, target, *args, **kwargs)
    monkeypatch.setattr(shutil, "copyfile", copyfile)


def _paper(tmp_path, include: str = ""):
    return write_files(tmp_path / "p", {
        "main.tex": PAPER % include, "notes.txt": "private\n", "private/a.tex": "A.\n",
        "refs.bib": "@book{k, author={D. Knuth}, title={T}, publisher={AW}, year={1984}}\n"})


def _pack(capsys, paper):
    return run(capsys, "pack", str(paper), "--out", str(paper.parent / "p.tar.gz"),
               "--figdata", str(REPO / "figdata"))


@pytest.mark.slow  # TeX
def test_an_unreadable_file_the_paper_never_reads_is_left_out(tmp_path, monkeypatch, capsys):
    """Round 47 (K9): an unread notes.txt the user may not read refused the correct paper
    ("cannot be read to compile the paper"); now left out, the paper packed, no word."""
    paper = _paper(tmp_path)
    _denied(monkeypatch, "notes.txt")
    code, _, err = _pack(capsys, paper)
    assert code == 0, err
    assert err.splitlines()[-1].endswith("warnings: 0"), err
    with tarfile.open(tmp_path / "p.tar.gz") as archive:
        assert sorted(archive.getnames()) == ["main.bbl", "main.tex"]


@pytest.mark.slow  # TeX
@pytest.mark.parametrize(("include", "denied", "named"), [
    ("", "refs.bib", "refs.bib"), ("\\input{private/a}", "a.tex", "private/a.tex")])
def test_an_unreadable_file_the_paper_reads_is_named(tmp_path, monkeypatch, capsys, include,
                                                     denied, named):
    """Round 47 (K9): the file the compile needs, which the user may not read, is named
    with what to do, not as TeX's "not found"."""
    paper = _paper(tmp_path, include)
    _denied(monkeypatch, denied)
    code, _, err = _pack(capsys, paper)
    assert code == 1
    assert err.splitlines()[-1] == (
        f"error: {paper / named}: cannot be read, and the paper's compile needs it "
        "(Permission denied): make it readable to you (its owner can: chmod -R a+rX)"), err
    assert not (tmp_path / "p.tar.gz").exists()


@pytest.mark.slow  # TeX
@pytest.mark.parametrize("include", ["figs/plot", "figs/plot.png"])
def test_an_unreadable_figure_included_without_its_extension_is_named(tmp_path, monkeypatch,
                                                                      capsys, include):
    """Round 48b (K6): ``\\includegraphics{figs/plot}`` (no extension, as sync writes it) of
    a PNG the user may not read was told as TeX's "File `figs/plot' not found"; the match
    took a TeX name as itself, ``.tex`` or ``.bib`` only, never graphicx's extensions."""
    from PIL import Image

    paper = write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
        f"\\includegraphics[width=2in]{{{include}}}\n\\end{{document}}\n")})
    (paper / "figs").mkdir()
    Image.new("RGB", (20, 10), "white").save(paper / "figs" / "plot.png")
    _denied(monkeypatch, "plot.png")
    code, _, err = _pack(capsys, paper)
    assert code == 1
    assert err.splitlines()[-1] == (
        f"error: {paper / 'figs' / 'plot.png'}: cannot be read, and the paper's compile needs "
        "it (Permission denied): make it readable to you (its owner can: chmod -R a+rX)"), err
    assert not (tmp_path / "p.tar.gz").exists()


@pytest.mark.slow  # TeX
@pytest.mark.parametrize("bbl", ["output.bbl", None])
def test_a_missing_bib_says_what_to_do_and_names_a_bbl_made_under_another_name(
        tmp_path, capsys, bbl):
    """Round 48b (K16): an Overleaf download (``\\bibliography{refs}``, no refs.bib, the
    references in ``output.bbl``) stopped with "File `refs.bib' not found (the bibliography's
    .bib)" and nothing to do; the line says to copy the .bib in, or names the .bbl to rename."""
    paper = _paper(tmp_path)
    (paper / "refs.bib").unlink()
    if bbl:
        (paper / bbl).write_text("\\begin{thebibliography}{1}\n\\bibitem{k} D. Knuth.\n"
                                 "\\end{thebibliography}\n")
    code, _, err = _pack(capsys, paper)
    assert code == 1
    assert err.splitlines()[-1] == (
        "error: main.tex: does not compile in a copy of the paper's folder: File `refs.bib' not "
        "found (the bibliography's .bib): copy it into the paper's folder" + (
            ", or rename output.bbl (its bibliography already made, as Overleaf names it) to "
            "main.bbl" if bbl else " (or its .bbl, as main.bbl)")), err
