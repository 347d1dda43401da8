"""Round 50b (K5, K3, K8): what the anonymous pack reads of authors, affiliations, notes
and acknowledgements, in the forms other classes and packages write them."""

from __future__ import annotations

import pytest

from figures.paper.disclosure import authors_named
from figures.paper.names import author_names


@pytest.mark.parametrize(("field", "names"), [
    (r"Anonymous\\Janet Smithson", ["Janet", "Smithson"]),
    (r"\IEEEauthorblockN{Anonymous}\IEEEauthorblockA{Stanford University\\Palo Alto, CA}",
     ["Stanford", "University", "Palo", "Alto"]),
    (r"Anonymous\\[2pt]Palo Alto", ["Palo", "Alto"]),
    (r"Anonymous\\*Palo Alto", ["Palo", "Alto"]),
], ids=["break", "ieee-block", "break-skip", "break-star"])
def test_the_word_after_a_line_break_is_read(field, names):
    """Round 50b (K5): the first word after ``\\\\`` in an author field was read as a macro
    (``\\\\Palo`` as ``\\Palo``), so IEEE's ``\\IEEEauthorblockA{Stanford University\\\\Palo
    Alto, CA}`` printed "Palo" under an anonymous author and the line that lists every
    finding left it out."""
    assert set(names) - {"University"} <= set(author_names(field))


def test_a_line_break_before_the_name_in_the_source_is_told():
    """Round 50b (K5): the same, through the whole reading of the packed source."""
    tex = (b"\\documentclass{article}\n\\author{Anonymous\\\\Palo Alto}\n"
           b"\\begin{document}Text.\\end{document}\n")
    assert "Palo" in authors_named({"main.tex": tex})[0]


@pytest.mark.parametrize(("denied", "error", "said"), [
    ({"figs"}, "./main.tex:5: LaTeX Error: File `fig1_audit_hero' not found.", "figs"),
    ({"figs"}, "./main.tex:5: LaTeX Error: File `fig1_audit_hero.pdf' not found.", "figs"),
    ({"figs/sub"}, "./main.tex:5: LaTeX Error: File `sub/plot' not found.", "figs/sub"),
    ({"other"}, "./main.tex:5: LaTeX Error: File `fig1_audit_hero' not found.", None),
], ids=["folder", "folder-extension", "deeper-folder", "another-folder"])
def test_an_unreadable_folder_reached_through_graphicspath_is_named(tmp_path, denied, error,
                                                                    said):
    r"""Round 50b (K4): ``\graphicspath{{figs/}}`` + ``\includegraphics{fig1_audit_hero}``
    with the folder ``figs/`` itself unreadable (a co-author's ``chmod -R go-rwx``) was told
    "not written yet: run figures sync" (49b K4's false cause, back): the test for "below a
    denied folder" looked at TeX's bare name, never at it joined to the graphics path."""
    from figures.pack.leftout import denied_named

    (tmp_path / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\graphicspath{{figs/}}\n"
        "\\begin{document}\n\\includegraphics{fig1_audit_hero}\n\\end{document}\n")
    assert denied_named(denied, error, "", tmp_path) == said
