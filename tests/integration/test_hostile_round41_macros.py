"""Round 41: the macros warning judged by the document each file belongs to."""

from __future__ import annotations

from types import SimpleNamespace

_MAIN = ("\\documentclass{article}\n\\usepackage{xr}\n\\graphicspath{{figures/pdf/}}\n"
         "\\input{macros}\n\\begin{document}\nFA reaches \\heroAccFA{}.\n\\end{document}\n")
_SUPPLEMENT = ("\\documentclass{article}\n\\usepackage{xr}\n\\externaldocument{main}\n"
               "\\begin{document}\nAs Figure~\\ref{fig:summary} shows.\n\\end{document}\n")


def test_a_supplement_beside_a_main_paper_inputting_the_macros_is_not_told_to_add_it(tmp_path):
    """Round 41 (X3): `figures sync --main supplement.tex` beside main.tex (which does
    ``\\input{macros}`` and uses ``\\heroAccFA``; TeX opens it for xr's
    ``\\externaldocument{main}`` but typesets none of it) warned ``main.tex: uses \\heroAccFA
    (our macros) but no file of the paper \\inputs macros.tex: add \\input{macros}``: a line
    that is there. Another document is judged by its own inputs; the true warning (the main
    document using our macros and inputting none, another document inputting none) stays."""
    from figures.paper.sync import macros_not_input

    paper = SimpleNamespace(root=tmp_path, main=tmp_path / "supplement.tex",
                            inputs=["supplement.tex", "main.tex"])
    quoted = [SimpleNamespace(macro="heroAccFA")]
    sources = [(tmp_path / "supplement.tex", _SUPPLEMENT), (tmp_path / "main.tex", _MAIN)]
    assert macros_not_input(paper, sources, quoted) is None
    bare = _MAIN.replace("\\input{macros}\n", "")  # the other document inputs no macros
    said = macros_not_input(paper, [sources[0], (tmp_path / "main.tex", bare)], quoted)
    assert said == (f"{tmp_path / 'main.tex'}: uses \\heroAccFA (our macros) but no file of "
                    "the paper \\inputs macros.tex: add \\input{macros} to its preamble"), said
    used = _SUPPLEMENT.replace("shows.", "shows \\heroAccFA.")  # the main document itself
    said = macros_not_input(paper, [(tmp_path / "supplement.tex", used), sources[1]], quoted)
    assert str(said).startswith(f"{tmp_path / 'supplement.tex'}: uses"), said
    commented = _MAIN.replace("\\input{macros}", "% \\input{macros}")  # read as TeX reads it
    said = macros_not_input(paper, [sources[0], (tmp_path / "main.tex", commented)], quoted)
    assert str(said).startswith(f"{tmp_path / 'main.tex'}: uses"), said
