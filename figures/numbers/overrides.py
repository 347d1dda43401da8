"""A macro of ours (the macros file sync writes from figdata) defined again in the paper's
own files: TeX takes the last definition without a word, so the paper prints the author's
text where figdata's value goes, and every check passed (hostile round 53h, S16:
``\\renewcommand{\\cifarAccBPMean}{99.9}`` after ``\\input{macros}``, "check-tex: 0
number(s) to look at", "0 problem(s)"). ``\\newcommand`` of one stops TeX (its line names the
author's definition: :func:`figures.texhints.explained`); ``\\providecommand`` after it
changes nothing."""

from __future__ import annotations

import re
from collections.abc import Sequence

from figures.numbers.macros import HEADER, Quoted
from figures.numbers.texcheck import SUPPRESS
from figures.texread import Known, blanked

#: The definers that replace a defined macro without an error: each followed by the macro,
#: braced or not (``\\renewcommand*{\\x}``, ``\\def\\x``, ``\\global\\let\\x=\\y``).
_DEFINER = re.compile(r"\\(renewcommand|DeclareRobustCommand|RenewDocumentCommand|"
                      r"DeclareDocumentCommand|[gex]?def|let)(?![A-Za-z])\s*\*?\s*(\{\s*)?"
                      r"\\([A-Za-z]+)")


def redefined(tex: str, quoted: Sequence[Quoted],
              known: Known = (frozenset(), frozenset())) -> list[str]:
    """``line N: ...`` for each definition in ``tex`` (outside comments) of a macro the
    macros file defines from ``quoted`` (``\\NAME`` and ``\\NAMENum``); a line whose comment
    holds ``% figures: ignore`` is not told."""
    if tex.startswith(HEADER):  # the macros file itself (check-tex may be given it)
        return []
    ours = {}
    for q in quoted:
        ours[q.macro] = ours[f"{q.macro}Num"] = q
    problems = []
    for match in _DEFINER.finditer(blanked(tex, verbatim=True, known=known)):
        if (q := ours.get(match[3])) is None:
            continue
        line = tex.count("\n", 0, match.start()) + 1
        _, percent, comment = tex.split("\n")[line - 1].partition("%")
        if percent and SUPPRESS.search(comment):  # as check-tex's numbers
            continue
        problems.append(
            f"line {line}: \\{match[3]} is defined again by hand here (\\{match[1]}), over "
            f"macros.tex, which sync writes from figdata ({q.text} from {q.figure}): the paper "
            f"prints this definition, not figdata's value; remove it (the macro then prints "
            f"figdata's value)")
    return problems
