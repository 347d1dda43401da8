"""Hostile round 48a's generated table (P8): a 1.2 MB ``longtable`` chapter \\input by the
paper is read without handing its rows to the parser, and check-tex weighs each of its
numbers against the quoted values near it only, not against every one."""

from __future__ import annotations

import random

from helpers import REPO

from figures.numbers import texnumbers
from figures.numbers.macros import quoted_values
from figures.numbers.texcheck import check_tex
from figures.paper.latex import _prose_emptied, read_paper
from figures.registry import BY_NAME

MAIN = ("\\documentclass{article}\n\\usepackage{graphicx,longtable}\n\\begin{document}\n"
        "\\input{sec/table}\n\\end{document}\n")
FIGURE = ("\\begin{figure}\\centering\\includegraphics[width=0.8\\linewidth]"
          "{figures/cifar_accuracy}\\caption{A}\\end{figure}\n")


def _rows(count: int, seed: int = 48) -> str:
    pick = random.Random(seed)
    return "".join(" & ".join(f"{pick.uniform(0, 100):.2f}" for _ in range(4)) + " \\\\\n"
                   + ("\\hline\n" if i % 50 == 49 else "") for i in range(count))


def test_a_generated_table_is_not_handed_to_the_parser(tmp_path):
    r"""Round 48a (P8): ``\input{sec/table}`` of 36,800 generated ``longtable`` rows
    (``12.34 & 56.78 & 90.12 & 34.56 \\``, 1.2 MB) and a figure after it: round 47a's cut
    kept every row (a ``\\`` or ``&`` made a line "not plain"), so the table was parsed whole,
    twice a sync (2.2 s for 300 KB, growing faster than the text: 126 s for ``sync -n``).
    Rows and rules are cut now; a row's ``\\[2pt]`` is kept; the include is read as before."""
    body = "\\begin{longtable}{rrrr}\n" + _rows(3000) + "a & b \\\\[2pt]\n\\end{longtable}\n"
    emptied = _prose_emptied(body + FIGURE)
    assert len(emptied.replace("\n", "")) < len(body) / 50, emptied  # lines kept, empty
    assert "\\\\[2pt]" in emptied
    (tmp_path / "sec").mkdir()
    (tmp_path / "main.tex").write_text(MAIN)
    (tmp_path / "sec" / "table.tex").write_text(body + FIGURE)
    paper = read_paper(tmp_path)
    assert [(g.written, g.line, g.options) for g in paper.graphics] == [
        ("figures/cifar_accuracy", body.count("\n") + 1, {"width": "0.8\\linewidth"})]


def test_check_tex_weighs_a_number_against_the_values_near_it_only(monkeypatch):
    """Round 48a (P8): check-tex tried each of a table's 147,000 numbers against every quoted
    value (3.7 million tests, half a minute of a dry run); now a number far from every value
    is tried against none, and a value of ours written by hand among the rows is still
    found, as before."""
    quoted = quoted_values([BY_NAME["fig1_audit_hero"], BY_NAME["cifar_summary"]],
                           REPO / "figdata")
    tried = []
    real = texnumbers.rounded_by_hand
    monkeypatch.setattr("figures.numbers.texcheck.rounded_by_hand",
                        lambda *a: tried.append(a) or real(*a))
    hero = next(q for q in quoted if q.macro == "heroAccBP")
    rows = _rows(2000)
    table = (f"\\begin{{tabular}}{{lrrrr}}\nBP & {rows.replace(chr(10), chr(10) + 'x & ')}"
             f"BP & {hero.text} & 1 & 2 & 3 \\\\\n\\end{{tabular}}\n")
    problems = check_tex(table, quoted)
    assert any(f"{hero.text} is fig1_audit_hero's value written by hand" in p
               for p in problems), problems
    assert len(tried) < 2000, len(tried)
