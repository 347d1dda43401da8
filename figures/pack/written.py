"""A ``.bib`` the paper writes itself with ``filecontents`` (hostile round 29, K1): the body
ships in the archive as written (TeX reads it verbatim: the stripping keeps it, ``%`` lines
too), and the page shows only the entries cited. What BibTeX leaves out is text the page
never shows: an entry no ``\\bibitem`` of the packed ``.bbl`` (biblatex's ``\\entry``) nor a
``\\cite`` of the sources names (``\\nocite{*}`` cites them all), and the text between
entries, which BibTeX skips (``% Bob's entries``). Whether it is prose the page lacks is
judged as any hidden text is (:mod:`figures.pack.hidden`). Another file written so (a
``.sty``, a ``.csv``) is the paper's code or data, read by TeX: not looked at."""

from __future__ import annotations

import re

from figures.texread import Braces

_BEGIN = re.compile(r"\\begin\s*\{(filecontents\*?)\}\s*(?:\[[^\]]*\]\s*)?\{\s*([^{}]+?)\s*\}")
_ENTRY = re.compile(r"@\s*([A-Za-z]+)\s*\{\s*([^,\s{}]*)")
#: The keys BibTeX was given (natbib's ``\\bibitem[{Smith}(2020)]{key}``, biblatex's
#: ``\\entry{key}{article}{}``) and those the sources cite (``\\citet[p.~3]{a,b}``).
_CITED = re.compile(r"\\(?:bibitem\s*(?:\[(?:[^\[\]{}]|\{[^{}]*\})*\])?|entry|[A-Za-z]*cite"
                    r"[A-Za-z]*\*?\s*(?:\[[^\]]*\]\s*){0,2})\s*\{([^{}]*)\}")


def uncited(plain: str, every: str) -> list[tuple[int, tuple[int, int], str]]:
    """In ``plain`` (a source, its comments blanked: a ``filecontents`` body is no comment),
    each uncited entry and each run of text between entries of a ``.bib`` it writes: where
    it begins, its span and what leaves it out; ``every``: all the packed texts (the sources
    and the ``.bbl``), read for the keys cited."""
    cited = {key.strip() for match in _CITED.finditer(every) for key in match.group(1).split(",")}
    if "*" in cited:
        return []
    places, braces = [], Braces(plain)
    for begin in _BEGIN.finditer(plain):
        if not begin.group(2).lower().endswith(".bib"):
            continue
        end = re.compile(r"\\end\s*\{" + re.escape(begin.group(1)) + r"\}").search(plain, begin.end())
        if end is None:
            continue
        written = f"\\begin{{{begin.group(1)}}}{{{begin.group(2)}}}"
        pos = plain.find("\n", begin.end(), end.start()) + 1 or end.start()
        for entry in _ENTRY.finditer(plain, pos, end.start()):
            if entry.start() < pos:
                continue  # inside the entry before (an @ in a field)
            close = braces.close(plain.index("{", entry.start()))
            if close < 0 or close > end.start():
                break
            places += _between(plain, pos, entry.start(), written)
            kind = entry.group(1).lower()
            if kind == "comment" or (kind not in ("string", "preamble") and
                                     entry.group(2) not in cited):
                places.append((entry.start(), (entry.start(), close + 1), f"{written}, " + (
                    "a comment (BibTeX skips it)" if kind == "comment" else
                    "an entry never cited (BibTeX leaves it out)")))
            pos = close + 1
        places += _between(plain, pos, end.start(), written)
    return places


def _between(plain: str, start: int, end: int, written: str) -> list[tuple[int, tuple[int, int], str]]:
    text = plain[start:end]
    if not text.strip():
        return []
    first = start + len(text) - len(text.lstrip())
    return [(first, (first, end), f"{written}, text between its entries (BibTeX skips it)")]
