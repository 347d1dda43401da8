"""Round 47 (K13): the anonymous pack's stop for a document information ``/Author`` names
the source line that sets it."""

from __future__ import annotations

import pytest

from figures.pack.anonymity import stopped


@pytest.mark.parametrize("author", ["Janet Smithson", "Janet O'Brien"])
def test_the_pdfauthor_stop_names_the_line_that_sets_it(tmp_path, author):
    """Round 47 (K13): ``\\usepackage[pdfauthor={Janet Smithson}]{hyperref}`` stopped the
    pack at ``main.tex``, no line: the finding shows the value as Python's repr, quotes
    and all, which no source line holds."""
    (tmp_path / "main.tex").write_text(
        f"\\documentclass{{article}}\n\\usepackage[pdfauthor={{{author}}}]{{hyperref}}\n"
        "\\begin{document}\nText.\n\\end{document}\n")
    told = [(f"document information /Author: an author's name ({author!r}); leave "
             "pdfauthor empty for review")]
    assert str(stopped(told, tmp_path, ["main.tex"], "main.tex")).startswith(
        "main.tex:2: the PDF compiled from the archive discloses document information "
        f"/Author: an author's name ({author!r}); leave pdfauthor empty for review")
