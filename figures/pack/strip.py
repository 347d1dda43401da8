"""Comments out of a ``.tex`` file without changing what LaTeX makes of it, by the one
reading of comments TeX's way (:mod:`figures.texread`):

- A line holding only a comment goes whole (TeX skips it, its line break too).
- A comment after text keeps its ``%``: the line break it hides stays hidden
  (``foo%`` + ``bar`` stays ``foobar``).
- ``comment`` environments go whole, and so does what follows ``\\end{document}``.
- ``%`` is a comment wherever TeX reads it as one: in another command's argument too
  (``\\footnote{\\url{a%secret}}``), and in ``\\iffalse ... \\fi``; it is text only where TeX
  reads verbatim (``\\%``, ``verbatim`` and its kin, ``\\verb``, ``\\url`` executed).
"""

from __future__ import annotations

import re

from figures.texread import Known, Reading, read
from figures.texverbatim import PERCENT

_EOL = re.compile(r"\r\n?|\n")
#: What :func:`strip_comments` takes out, each of which it can be told to keep: the comments,
#: the bodies of environments read as hidden (comment.sty's), what follows the reading's end.
KINDS = ("comments", "hidden", "tail")


def strip_comments(text: str, known: Known = (frozenset(), frozenset()),
                   read_to: int | None = None, reading: Reading | None = None,
                   keep: frozenset[str | int] = frozenset(), lines: bool = False) -> str:
    """``text`` without its comments (the reading never fails: a draft that does not
    compile too), knowing what the paper's other files define verbatim (``known``), or as
    ``reading`` reads it (:mod:`figures.pack.order`: in TeX's order), and
    without what follows line ``read_to``, the last TeX read of it (where an ``\\endinput``
    or ``\\end{document}`` ran, :func:`figures.pack.inputs.read_to`): the compiler's word
    wins over the reading's, which guesses which conditional holds an ``\\endinput``;
    ``keep``: those of :data:`KINDS` left in, and the comments numbered (from 0, in the
    reading's order) (the pack's fallback: the least that mends the archive, named);
    ``lines``: each cut leaves its line breaks, each after a ``%`` (a comment line: the same
    text to a reader of TeX), so that a line of it is the source's line (what the anonymous
    pack's checks read and name: hostile round 42a, A10)."""
    reading = read(text, known) if reading is None else reading
    cuts = [] if "comments" in keep else [_comment_cut(start, end, text) for number, (
        start, end) in enumerate(reading.comments) if number not in keep]
    if "hidden" not in keep:
        cuts += [_whole_lines(start, end, text) for start, end in reading.skipped]
    end = ending(text, read_to, reading)
    if end is not None and end < len(text) and "tail" not in keep:
        cuts.append((end, len(text), ""))
    out, at = [], 0
    for start, end, put in sorted(cuts):
        if start < at:
            continue  # inside a span already cut (a comment inside a comment environment)
        kept = "".join(f"%{eol.group()}" for eol in _EOL.finditer(text, start, end))
        out += [text[at:start], put + kept if lines else put]
        at = end
    out.append(text[at:])
    return "".join(out)


def comment_lines(text: str, reading: Reading) -> list[int]:
    """The line of each of ``text``'s comments, in the reading's order (as ``keep`` numbers
    them)."""
    return [text.count("\n", 0, start) + 1 for start, _ in reading.comments]


def ending(text: str, read_to: int | None, reading: Reading) -> int | None:
    """Where what TeX never read of ``text`` begins (TeX's last line ``read_to``, or the
    reading's end when it is on that line: text after ``\\end{document}``), None: nowhere."""
    end, told = reading.after_end, after_line(text, read_to)
    if told is not None and not (end is not None and _line_start(text, told - 1) <= end <= told):
        end = told  # TeX's line, unless the reading's end is on it (text after \end{document})
    return end


def _comment_cut(start: int, end: int, text: str) -> tuple[int, int, str]:
    """A comment from ``start`` (its ``%``) to ``end`` (before its line break): the whole
    line when nothing but spaces stands before it, else everything after the ``%``."""
    if text[_line_start(text, start):start].strip(" \t"):  # (TeX's ^^25 kept whole)
        return start + len(PERCENT.match(text, start).group()), end, ""
    return _whole_lines(start, end, text)


def _whole_lines(start: int, end: int, text: str) -> tuple[int, int, str]:
    """``start:end`` widened to whole lines (with the line break) when it stands alone on
    them; else just ``start:end``."""
    line_start = _line_start(text, start)
    eol = _EOL.search(text, end)  # CRLF, LF or CR alone: TeX Live ends a line at each
    line_end = len(text) if eol is None else eol.end()
    if text[line_start:start].strip(" \t") or text[end:line_end].strip(" \t\r\n"):
        return start, end, ""
    return line_start, line_end, ""


def _line_start(text: str, pos: int) -> int:
    """Where ``pos``'s line begins: a CR looked for after the last LF only (a file without
    one was searched back to its start for each comment: 15 MB of commented data took the
    pack 6 minutes, hostile round 52h, K7)."""
    lf = text.rfind("\n", 0, pos)
    return max(lf, text.rfind("\r", lf + 1, pos)) + 1


def after_line(text: str, number: int | None) -> int | None:
    """Where line ``number`` of ``text`` ends (after its line break; TeX Live ends a line at
    CRLF, LF or CR alone), the text's end when TeX read past its last line (at a file's end
    ``\\inputlineno`` is one more); None when TeX did not say. TeX's word holds on any line
    (an active character, ``!`` made ``\\endinput``, or a macro's argument closing there);
    a number not this file's own (the last line of a file read inside it) is not taken
    (:func:`figures.pack.inputs.read_to`)."""
    if number is None or number < 1:
        return None
    starts = [0] + [m.end() for m in _EOL.finditer(text)]
    if number >= len(starts):
        return len(text)
    return starts[number]
