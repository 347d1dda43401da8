"""A paper's files read in the order TeX reads them, each from where another inputs it.

A definition takes effect where TeX reads it, so what a ``%`` in a file is depends on what
TeX read before it: pythonhighlight's ``python`` is verbatim in ``intro.tex`` (its
``r = n % 3`` printed) though ``appendix.tex``, read after it, redefines ``python`` as text
(hostile round 22, V2). So the files are spliced into one text in the order the compile read
them (its file hook's list, :func:`figures.pack.inputs.sequence`): ``main.tex`` up to its
``\\input{intro}``, ``intro.tex``, ``main.tex`` on to its ``\\input{appendix}``, and so on.
The one reader (:func:`figures.texread.read`) reads that text once, groups open across files
as TeX has them, and its comments and verbatim text go back to each file. A file read twice
loses a comment only where each reading finds one.
"""

from __future__ import annotations

import bisect
import os
import re
from dataclasses import dataclass, field
from itertools import product
from pathlib import PurePosixPath

from figures.texread import Known, Reading, read
from figures.texverbatim import FILE_MARKS

#: At a file's start and end: TeX reads it fresh, no argument of the one open in the other
#: (``\\footnote{\\input{x}}``: the footnote's argument read first, the file as it runs).
_START, _END = (f"\\{mark} " for mark in FILE_MARKS)
_LINE = re.compile(r"\r\n?|\n")
#: A command reading files, up to the brace group that names one (after its options, and the
#: groups before it: ``\\import{sec/}{intro}``).
_READS = (r"\\(?:input|include|subfile|subfileinclude|(?:sub)?import|(?:sub)?(?:input|include)"
          r"from|usepackage|RequirePackage|documentclass|LoadClass|InputIfFileExists)\*?\s*"
          r"(?:\[[^\]]*\]\s*)?(?:\{[^{}]*\}\s*)*\{")
#: What ends a file's reading: its last is blanked in the spliced text, which reads on.
_STOP = re.compile(r"\\endinput(?![A-Za-z@])|\\end[ \t]*\{document\}")


@dataclass
class Readings:
    """Each file's reading: in TeX's order where it was read in it (``found``, of ``texts``),
    else knowing what all the paper's files define (``known``: a ``.bbl``, no file hook)."""

    known: Known
    found: dict[str, Reading] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)

    def of(self, name: str, text: str) -> Reading:
        name = os.path.normpath(name)
        if name in self.found and self.texts.get(name) == text:
            return self.found[name]
        return read(text, self.known)


def readings(texts: dict[str, str], order: tuple[tuple[str | None, int], ...] | None,
             known: Known, start: Known = (frozenset(), frozenset())) -> Readings:
    """The readings of ``texts`` (the paper's TeX sources by name) in the ``order`` TeX read
    them, knowing ``start`` as TeX starts (None: none known, each read knowing ``known``)."""
    if not order:
        return Readings(known)
    pieces: list[tuple[str | None, int, int, str]] = []  # file, its reading, offset, text
    stack: list[list] = []  # each file open: name, its reading, its text, read up to
    count: dict[str, int] = {}

    def emit(entry: list, upto: int) -> None:
        if upto > entry[3]:
            pieces.append((entry[0], entry[1], entry[3], entry[2][entry[3]:upto]))
            entry[3] = upto

    def close() -> None:
        entry = stack.pop()
        emit(entry, len(entry[2]))
        pieces.append((None, 0, 0, ("" if entry[2].endswith(("\n", "\r")) or not entry[2]
                                    else "\n") + _END))

    for name, line in order:
        if name is None:
            if len(stack) > 1:  # (the main file's end is not listed)
                close()
            continue
        if stack:
            emit(stack[-1], _splice(stack[-1][2], stack[-1][3], line, name))
        count[name] = count.get(name, -1) + 1
        pieces.append((None, 0, 0, _START))
        stack.append([name, count[name], _segment(texts[name], known) if name in texts else "",
                      0])
    while stack:
        close()
    return _mapped(texts, known, pieces, start)


def _mapped(texts: dict[str, str], known: Known,
            pieces: list[tuple[str | None, int, int, str]], first: Known) -> Readings:
    """The spliced text's reading, back in each file: a span in several readings of a file
    is a comment (or skipped) only in them all, verbatim in any. A file a span runs into from
    another (an unclosed environment, which TeX would have ended) is read alone."""
    starts, at = [], 0
    for piece in pieces:
        starts.append(at)
        at += len(piece[3])
    reading = read("".join(piece[3] for piece in pieces), first)
    kinds = ("comments", "verbatim", "false", "skipped")
    spans = {(name, number): {kind: set() for kind in kinds}  # (each file read, nothing in it too)
             for name, number, _, _ in pieces if name is not None and name in texts}
    spoiled = set()  # a span over two files: TeX ends none at a file's end, the reading erred
    for kind in kinds:
        for start, end in getattr(reading, kind):
            k, into = bisect.bisect_right(starts, start) - 1, []
            while k < len(pieces) and starts[k] < end:
                name, number, offset, text = pieces[k]
                if (name, number) in spans:
                    into.append(((name, number), (offset + max(start - starts[k], 0),
                                                  offset + min(end - starts[k], len(text)))))
                k += 1
            if len({key for key, _ in into}) > 1:
                spoiled |= {key[0] for key, _ in into}
            for key, span in into:
                spans[key][kind].add(span)
    found: dict[str, Reading] = {}
    for name in {name for name, _ in spans} - spoiled:  # (those read alone, as before)
        each = [into for (file, _), into in spans.items() if file == name]
        common = {kind: set.intersection(*(into[kind] for into in each)) for kind in kinds}
        common["verbatim"] = set.union(*(into["verbatim"] for into in each))
        found[name] = Reading(*(tuple(sorted(common[kind])) for kind in kinds),
                              read(texts[name], known).after_end)
    return Readings(known, found, {name: texts[name] for name in found})


def _segment(text: str, known: Known) -> str:
    """``text`` as far as TeX reads it (to its ``\\endinput``'s line, or
    ``\\end{document}``'s), that stop blanked: the files after it are read on."""
    stop = read(text, known).after_end
    if stop is None:
        return text
    text = text[:stop]
    last = next(reversed([*_STOP.finditer(text)]), None)
    return text if last is None else (text[:last.start()] + " " * len(last.group())
                                      + text[last.end():])


def _splice(text: str, at: int, line: int, name: str) -> int:
    """Where in ``text`` (read up to ``at``) TeX reads the file ``name`` that it inputs on
    ``line`` (or the line before: ``\\usepackage{x}`` looks on for an optional date first):
    after the brace group naming it (``\\input{intro}``, ``{\\input{x}}``: the group still
    open), else the line's end; never before ``at``. A command that reads files naming it
    there (its path whole first) comes before a mere mention (``\\gdef\\x{intro}`` on the line
    before, in a group TeX closed before its ``\\input{sec/intro}``: round 24, N17)."""
    if line <= 0 or not text:
        return at
    starts = [0, *(match.end() for match in _LINE.finditer(text))]
    if line > len(starts):
        return max(at, len(text))
    end = starts[line] if line < len(starts) else len(text)
    eol = _LINE.search(text, starts[line - 1], end)
    stop = eol.start() if eol else end
    path = PurePosixPath(name)
    whole, stem = re.escape(str(path.with_suffix(""))), re.escape(path.stem)
    for named, begin in product((  # (\\input sec/intro: its name ends at a blank, read there)
            rf"{_READS}[^{{}}]*?(?<![\w./-]){whole}(?:\.[A-Za-z]+)?\s*[,}}]",
            rf"\\input\s+(?:\./)?{whole}(?:\.[A-Za-z]+)?(?![^\s%\\{{}}])",
            rf"{_READS}[^{{}}]*?(?<![\w-]){stem}(?:\.[A-Za-z]+)?\s*[,}}]",
            rf"(?<![\w-]){stem}(?:\.[A-Za-z]+)?\s*[,}}]"), (line - 1, line - 2)):
        found = re.compile(named).search(text, max(starts[max(begin, 0)], at), stop)
        if found and text[found.end() - 1] not in ",}":
            return found.end()
        if found:
            close = text.find("}", found.end() - 1, stop)
            return close + 1 if close >= 0 else max(end, at)
    return max(end, at)
