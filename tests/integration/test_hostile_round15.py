"""Round 15: a fresh hostile pass (record only) over ``figures paper``, ``pack``, ``sync``,
``which`` and the goldens; the cases it found broken, kept. The pass itself is in
docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import REPO

_WRITER = ("\\documentclass{article}\n\\newwrite\\f\n"
           "\\immediate\\openout\\f=OUTSIDE\n\\immediate\\write\\f{written by the paper}\n"
           "\\immediate\\closeout\\f\n\\immediate\\openout\\f=../up.txt\n"
           "\\immediate\\write\\f{up}\n\\immediate\\closeout\\f\n"
           "\\begin{document}\nHi.\n\\end{document}\n")


@pytest.mark.slow  # pdflatex, then sync's probe
def test_tex_writes_nothing_outside_its_folder_whatever_the_shell_exports(tmp_path, monkeypatch):
    r"""``openout_any=a`` (and ``TEXMFOUTPUT=/``, ``shell_escape=t``) exported: a downloaded
    paper's ``\immediate\openout`` wrote ``/abs/pwned.txt`` and ``../up.txt`` through sync's
    probe and `figures paper`'s latexmk, exit 0. Every TeX run is paranoid, whatever the
    shell says."""
    from figures import runner
    from figures.cli import main as cli

    for name, value in (("openout_any", "a"), ("TEXMFOUTPUT", "/"), ("shell_escape", "t")):
        monkeypatch.setenv(name, value)
    outside = tmp_path / "pwned.txt"
    paper = tmp_path / "a" / "p"
    paper.mkdir(parents=True)
    (paper / "main.tex").write_text(_WRITER.replace("OUTSIDE", str(outside)))
    runner.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], paper)
    assert not outside.exists()
    assert not (tmp_path / "a" / "up.txt").exists()
    monkeypatch.chdir(tmp_path)
    assert cli.main(["sync", str(paper), "--figdata", str(REPO / "figdata")]) == 1  # TeX refused
    assert not outside.exists()
    assert not list(tmp_path.rglob("up.txt"))


@pytest.mark.slow  # latexmk compiles the paper's copy, pdflatex the archive
@pytest.mark.parametrize("variable", ["TEXINPUTS", "TEXINPUTS_pdflatex"])
def test_the_proof_compile_sees_no_search_path_the_shell_exports(tmp_path, monkeypatch,
                                                                 variable):
    """``TEXINPUTS=/lab/styles:`` exported, the paper's ``labstyle.sty`` and ``shared.tex``
    only there: the proof compile found them through it too, and pack said "compiles from
    the archive alone" of an archive holding ``main.tex`` alone, exit 0."""
    from figures.errors import FigureDataError
    from figures.pack.run import pack

    styles, paper = tmp_path / "tin", tmp_path / "p"
    styles.mkdir()
    paper.mkdir()
    (styles / "labstyle.sty").write_text("\\ProvidesPackage{labstyle}\n"
                                         "\\newcommand{\\labname}{LAB}\n")
    (styles / "shared.tex").write_text("SHARED\n")
    (paper / "main.tex").write_text("\\documentclass{article}\n\\usepackage{labstyle}\n"
                                    "\\begin{document}\n\\labname\n\\input{shared}\n"
                                    "\\end{document}\n")
    monkeypatch.setenv(variable, f"{styles}:")
    with pytest.raises(FigureDataError) as refused:
        pack(paper, tmp_path / "p.tar.gz", REPO / "figdata")
    assert str(refused.value) == (
        "main.tex: does not compile from the archive alone: LaTeX Error: File "
        f"`labstyle.sty' not found; the paper's compile found it through {variable} (exported "
        "in your shell), outside the paper's folder, which alone is packed: copy it into the "
        "folder")
    assert not (tmp_path / "p.tar.gz").exists()
