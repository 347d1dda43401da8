"""Hostile round 45a (P13, issue 45): a paper that inputs a large generated file. Reading
time is not asserted (machines are noisy: benchmarks/ measures); what is read, and what is
said of a file too large to read, are."""

from __future__ import annotations

import pytest

from figures.errors import FigureDataError
from figures.numbers.texcheck import read_tex
from figures.paper.latex import read_paper
from figures.texread import comment_on_line


def test_a_source_larger_than_check_tex_reads_is_one_line_not_minutes(tmp_path):
    """Round 45a (P13): 100 MB of commented-out lines `\\input` by a paper: check-tex read it
    whole (minutes, 2 GB); now one line naming the file, its size, and what to do (sync
    prints it as a warning and goes on)."""
    big = tmp_path / "data.tex"
    with big.open("w") as handle:
        handle.write(("% " + "x" * 70 + "\n") * ((4 << 20) // 73 + 1))  # 4 MiB and more
    with pytest.raises(FigureDataError) as raised:
        read_tex(big)
    assert str(raised.value) == (f"{big}: is 4 MiB, more than check-tex reads (4 MiB): its "
                                 "numbers are not checked; keep generated data out of the .tex "
                                 "sources")


def test_comment_lines_are_numbered_counting_on():
    """Round 45a (P13): each comment's line was counted from the top (quadratic: 16 s for
    1 MB of comment lines); counted on, the numbers are the same."""
    text = "a\n% one\nb % two\n\n%three\n" * 3
    assert comment_on_line(text) == {2: " one", 3: " two", 5: "three", 7: " one", 8: " two",
                                     10: "three", 12: " one", 13: " two", 15: "three"}


def test_an_input_naming_no_include_is_read_for_its_name_only(tmp_path):
    """Round 45a (P13): a generated table `\\input` by the paper is listed among its sources
    (check-tex reads it) though it names nothing the reader follows (not parsed: pylatexenc
    takes ~50 us a character); an include in another input is still found."""
    (tmp_path / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
        "\\input{table}\n\\input{fig}\n\\end{document}\n")
    (tmp_path / "table.tex").write_text("".join(f"r{i} & 1.0 \\\\\n" for i in range(2000)))
    (tmp_path / "fig.tex").write_text("% a note\n\\includegraphics[width=2in]{plot}\n")
    paper = read_paper(tmp_path)
    assert [p.name for p in paper.sources] == ["main.tex", "table.tex", "fig.tex"]
    assert [(g.tex.name, g.line, g.written) for g in paper.graphics] == [("fig.tex", 2, "plot")]
