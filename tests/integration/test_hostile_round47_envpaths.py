"""Round 47 (K1): a lab's shared style found only through an exported search path, with
another exported too (a ``.bashrc`` sets ``TEXINPUTS`` and ``BIBINPUTS``)."""

from __future__ import annotations

import pytest
from helpers import REPO


@pytest.mark.slow  # latexmk compiles the paper's copy, pdflatex the archive
def test_the_line_names_the_search_path_that_found_the_file(tmp_path, monkeypatch):
    """Round 47 (K1): ``labmacros.sty`` only in ``TEXINPUTS``'s folder, ``BIBINPUTS``
    exported too: the line said "found it through BIBINPUTS, TEXINPUTS" of a ``.sty`` only
    ``TEXINPUTS`` can find; now it names the one whose folder holds it (kpsewhich's)."""
    from figures.errors import FigureDataError
    from figures.pack.run import pack

    styles, bibs, paper = tmp_path / "lab" / "tex", tmp_path / "lab" / "bib", tmp_path / "p"
    for folder in (styles, bibs, paper):
        folder.mkdir(parents=True)
    (styles / "labmacros.sty").write_text("\\ProvidesPackage{labmacros}\n"
                                          "\\newcommand{\\labname}{LAB}\n")
    (bibs / "labrefs.bib").write_text("@book{k, title={T}, year={1984}}\n")
    (paper / "main.tex").write_text("\\documentclass{article}\n\\usepackage{labmacros}\n"
                                    "\\begin{document}\n\\labname\n\\end{document}\n")
    monkeypatch.setenv("TEXINPUTS", f"{styles}//:")
    monkeypatch.setenv("BIBINPUTS", f"{bibs}//:")
    with pytest.raises(FigureDataError) as refused:
        pack(paper, tmp_path / "p.tar.gz", REPO / "figdata")
    assert str(refused.value) == (
        "main.tex: does not compile from the archive alone: LaTeX Error: File "
        "`labmacros.sty' not found; the paper's compile found it through TEXINPUTS (exported "
        "in your shell), outside the paper's folder, which alone is packed: copy it into the "
        "folder")
    assert not (tmp_path / "p.tar.gz").exists()


@pytest.mark.slow  # latexmk and bibtex compile the paper's copy, pdflatex the archive
def test_an_address_from_a_bib_found_through_bibinputs_names_that_bib(tmp_path):
    """Round 47 (K1): the lab's ``labrefs.bib``, found through ``BIBINPUTS``, holds an
    address in a cited entry: the line told ``main.bbl:7`` alone and to remove it there, a
    file bibtex writes; now it names the ``.bib`` line the author mends, as for one of the
    folder's own."""
    from helpers import figures_as_a_user, write_files

    bibs = tmp_path / "lab" / "bib"
    write_files(bibs, {"labrefs.bib": "@book{k, author={D. Knuth}, title={T}, publisher={AW},\n"
                                      "  year={1984}, note={read by jsmith@mit.edu}}\n"})
    write_files(tmp_path / "p", {"main.tex": "\\documentclass{article}\n\\author{Anonymous}\n"
                                             "\\begin{document}\nText \\cite{k}.\n"
                                             "\\bibliographystyle{plain}\n\\bibliography{labrefs}"
                                             "\n\\end{document}\n"})
    ran = figures_as_a_user(tmp_path, "pack", "p", "--anonymous", "--out", "p.tar.gz",
                            env={"BIBINPUTS": f"{bibs}//:"})
    assert ran.returncode == 0, ran.stderr
    told = [line for line in ran.stderr.splitlines() if "jsmith@mit.edu" in line]
    assert len(told) == 1, ran.stderr
    assert f"(bibtex's, from {bibs}/labrefs.bib:2): an e-mail address (jsmith@mit.edu)" in \
        told[0], told
    assert told[0].endswith(f"remove it from {bibs}/labrefs.bib for review"), told
