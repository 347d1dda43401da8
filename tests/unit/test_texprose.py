"""What check-tex reads as prose (figures/numbers/texprose.py): the rest blanked, offsets kept."""

from __future__ import annotations

import random

import pytest
from helpers import REPO

from figures.numbers.macros import quoted_values
from figures.numbers.texcheck import check_tex, count_numbers
from figures.numbers.texprose import prose
from figures.registry import FIGURES

#: Pieces of LaTeX that open, close or escape what the scanner tracks, and numbers.
PIECES = ["\\verb", "|", "\\begin{", "verbatim}", "comment}", "\\end{", "document}",
          "\\iffalse", "\\fi", "\\ifx", "[", "]", "{", "}", "\\url{", "\\cite",
          "\\foo", "%", "\\", "\\\\", "&", "\\multicolumn{3}", "\\begin{tabular}",
          "\\end{tabular}", "\\midrule", "61.5", "0,615", ",5\\%", "{,}", "\\num{",
          "\\SI{", "\r", "\x0c", "\u2028", "BP ", "(\\%)", "\n", " ", "scale=",
          "\\lstinline", "\\left", "$", ".615"]


def test_prose_keeps_every_offset_and_line_break():
    tex = "a \\verb|x%y| b % c\n\\url{d%20e}\n\\begin{verbatim}\nf\n\\end{verbatim}\ng"
    out = prose(tex)
    assert len(out) == len(tex)
    assert [i for i, c in enumerate(out) if c == "\n"] == [i for i, c in enumerate(tex)
                                                          if c == "\n"]
    assert out.split() == ["a", "b", "\\url", "g"]


def test_an_escaped_percent_is_prose_and_a_line_break_before_a_percent_is_not_one():
    assert prose("61.5\\% here") == "61.5\\% here"
    assert prose("row \\\\% 0.615").split() == ["row", "\\\\"]


def test_iffalse_ends_at_its_own_fi():
    out = prose("a \\iffalse b \\ifnum1=1 c \\fi d \\fi e \\ifthenelse{x}{y}{z} f")
    assert out.split()[:2] == ["a", "e"]
    assert "f" in out.split()
    assert prose("a \\iffalse b \\ifthenelse{x}{y}{z} c \\fi d").split() == ["a", "d"]


def test_an_option_list_after_a_command_is_blanked_but_mathematics_in_brackets_is_not():
    assert prose("\\node[opacity=0.5] at").split() == ["\\node", "at"]
    assert prose("$\\left[0.615\\right]$") == "$\\left[0.615\\right]$"


@pytest.mark.parametrize("tex", ["\\label{" * 20_000, "\\begin{x}[" * 20_000,
                                 "\\verb" * 20_000, "\\iffalse" * 20_000])
def test_unclosed_groups_are_read_in_linear_time(tex):
    # each unclosed group is looked for within REACH characters only
    assert len(prose(tex)) == len(tex)


def test_a_verbatim_ends_at_its_end_with_spaces_and_the_document_at_its_own_line():
    # tools/verbtest.tex: "\end {verbatim*}"; base/testpage.tex: \end{document} in an argument
    assert prose("\\begin{verbatim*}\n0.615\n\\end {verbatim*}\nBP").split()[-1] == "BP"
    tex = "\\ifthenelse{x}{y}{\\end{document}}\nBP 0.615\n\\end{document}\n0.615"
    assert prose(tex).split("\n")[1] == "BP 0.615"
    assert not prose(tex).split("\n")[3].strip()


def test_any_source_keeps_its_offsets_and_is_checked_without_error():
    # 150 sources of random pieces, the same each run (a seeded generator)
    rng = random.Random(2026)
    for _ in range(150):
        tex = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 60)))
        out = prose(tex)
        assert len(out) == len(tex), tex
        assert [i for i, c in enumerate(out) if c == "\n"] == [
            i for i, c in enumerate(tex) if c == "\n"], tex
        check_tex(tex, QUOTED)
        count_numbers(tex)


QUOTED = quoted_values(FIGURES, REPO / "figdata")
