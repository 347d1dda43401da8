"""``figures check-tex``: figdata numbers written by hand (or stale) in LaTeX.

A quoted value (:mod:`figures.numbers.macros`) belongs in the paper as its macro. This finds it
written out instead in the prose (:mod:`figures.numbers.texprose`), in any form
(:mod:`figures.numbers.texnumbers`), a table's percent column included
(:mod:`figures.numbers.textables`): written by hand, rounded by hand or stale, and only where
the value's words are near (the sentence or table row, its column's header). What counts as
each, and why, is docs/paper-numbers.md. ``\\newcommand`` lines and lines whose comment says
``% figures: ignore`` are skipped.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path

from figures.data.jsonio import read_text
from figures.errors import FigureDataError
from figures.mainfile import SOURCE_LIMIT
from figures.numbers.macros import Quoted
from figures.numbers.texnumbers import (
    Number,
    as_percent,
    informative,
    macro_number,
    numbers_at,
    rounded_by_hand,
    specific_digits,
    within_reach,
)
from figures.numbers.texprose import prose
from figures.numbers.textables import (
    CAPTION,
    CAPTION_REACH,
    FLOAT,
    FLOAT_END,
    HEADER_RULE,
    ROW,
    ROW_REACH,
    Table,
    cells,
    table_from,
)
from figures.paths import checkout_of
from figures.texread import Braces, Known, blanked, comment_on_line, read

#: LaTeX sources are often Latin-1; the numbers and macros checked are ASCII in both.
TEX_ENCODINGS = ("utf-8", "latin-1")
#: ``% figures: ignore`` in a line's comment: check-tex skips the numbers of that line.
SUPPRESS = re.compile(r"\bfigures:\s*ignore\b")
#: Where a sentence or a table row ends: ``.``/``!``/``?`` before a space or the line's end,
#: ``\\``, a rule of a table, an environment's or a section's start or end.
_BOUNDARY = re.compile(
    r"[.!?](?=[\s})$]|$)|\\\\|\\(?:begin|end|item|par|hline|[tmb][a-z]*rule|cline"
    r"|tabularnewline|caption|(?:sub)*section|chapter|paragraph)(?![A-Za-z])", re.MULTILINE)
#: A table's first row (its header) is context for every number of the table: results tables
#: often name the methods in their columns.
_TABLE = re.compile(r"\\begin\{(tabular\*?|tabular[xy]|longtable|array)\}")
_TABLE_END = re.compile(r"\\end\{(tabular\*?|tabular[xy]|longtable|array)\}")
#: Characters of context on each side at most (a source without any boundary is not one
#: sentence).
CONTEXT = 300
_CONTROL_WORD = re.compile(r"\\[A-Za-z]+")
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_CAMEL_PART = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")
#: Words of a note that say nothing of which value it is: grammar, and the provenance words
#: of figdata notes (``panel C literal of the paper's figure script``).
STOP_WORDS = frozenset({
    "and", "are", "for", "from", "its", "not", "over", "per", "the", "this", "that", "via",
    "was", "were", "where", "when", "with", "without", "available",
    "paper", "figure", "fig", "panel", "script", "literal", "seed", "seeds", "value", "values",
    "data"})


def _stem(word: str) -> str:
    word = word.lower()
    if len(word) > 3 and word.endswith("s"):
        word = word[:-1]
    return word[:6]


@dataclass(frozen=True)
class Keywords:
    """What tells a quoted value apart in the text around a number: names (``BP``, ``DFA``,
    ``StateBridge``: two capitals or more, matched as written) and words (stems of the
    others, three letters or more, no stop words)."""

    names: frozenset[str]
    words: frozenset[str]

    def seen_in(self, context: Context) -> bool:
        """One of the names, or two of the words, in ``context`` (a word and its
        abbreviation are one: ``Acc`` of ``heroAccBP`` and ``accuracy``)."""
        if self.named_in(context):
            return True
        seen = self.words & context.stems
        return len({w for w in seen if not any(o != w and o.startswith(w) for o in seen)}) >= 2

    def named_in(self, context: Context) -> bool:
        """One of the names in ``context``."""
        return bool(self.names & context.tokens)


@dataclass(frozen=True)
class Context:
    """The words around a number (LaTeX commands left out: ``\\textbf{BP}`` is ``BP``)."""

    tokens: frozenset[str]
    stems: frozenset[str]

    @classmethod
    def of(cls, text: str) -> Context:
        tokens = frozenset(_TOKEN.findall(_CONTROL_WORD.sub(" ", text)))
        return cls(tokens, frozenset(_stem(t) for t in tokens))


def keywords(q: Quoted) -> Keywords | None:
    """The names and words of a value's note (its parenthesised provenance left out) and
    macro name (``heroCosFADeep``: hero, Cos, FA, Deep); None for a value without a note,
    which nothing but its number can find."""
    note = q.note
    while re.search(r"\([^()]*\)", note):
        note = re.sub(r"\([^()]*\)", " ", note)
    if not _TOKEN.search(note):
        return None
    tokens = _TOKEN.findall(note) + _CAMEL_PART.findall(q.macro)
    names = {t for t in tokens if sum(c.isupper() for c in t) >= 2}
    words = {_stem(t) for t in tokens
             if t not in names and len(t) >= 3 and t.lower() not in STOP_WORDS}
    return Keywords(frozenset(names), frozenset(words))


@dataclass(frozen=True)
class Found:
    """A number check-tex looks at: its line, where it sits in the document's code."""

    line: int
    number: Number
    start: int
    end: int
    #: A percentage by its table column's header (``Acc. (\%)``), not by a sign of its own.
    by_column: bool = False


class Document:
    """A ``.tex`` source as check-tex reads it: the code of each line (its prose: comments,
    code, addresses and settings left out, :func:`figures.numbers.texprose.prose`; and
    ``\\newcommand`` lines), and its sentences, table rows and columns."""

    def __init__(self, tex: str, known: Known = (frozenset(), frozenset())) -> None:
        codes, suppressed, blank = [], set(), []
        raw_lines = tex.splitlines()
        prose_lines = prose("\n".join(raw_lines), known).split("\n") if raw_lines else []
        comments = comment_on_line("\n".join(raw_lines))
        for line_no, (line, code) in enumerate(zip(raw_lines, prose_lines, strict=True), 1):
            comment = comments.get(line_no, "")
            if not line.strip():  # a paragraph ends (a comment line does not end one)
                blank.append(line_no - 1)
            if SUPPRESS.search(comment):
                suppressed.add(line_no)
            definition = "\\newcommand" in code or "\\renewcommand" in code
            codes.append("" if definition else code)
        self.codes = codes
        self.suppressed = suppressed
        self.text = "\n".join(codes)
        self.starts = []
        offset = 0
        for code in codes:
            self.starts.append(offset)
            offset += len(code) + 1
        bounds = sorted([(m.start(), m.end()) for m in _BOUNDARY.finditer(self.text)]
                        + [(self.starts[i], self.starts[i]) for i in blank])
        self._bound_starts = [s for s, _ in bounds]
        self._bound_ends = [e for _, e in bounds]
        # tables by start; each \begin's end, header and rows found by bisection in positions
        # listed once (linear in the source, however many tables)
        self._rows = [m.end() for m in ROW.finditer(self.text)]
        row_starts = [m.start() for m in ROW.finditer(self.text)]
        rules = [m.start() for m in HEADER_RULE.finditer(self.text)]
        self._tables: list[Table] = [
            table_from(self.text, start, after, end, row_starts, rules)
            for start, after, end in _environments(self.text, _TABLE, _TABLE_END)]
        self._table_starts = [t.start for t in self._tables]
        self._captions()

    def _captions(self) -> None:
        """Give each table in a ``table`` float that float's caption."""
        floats = [(start, end) for start, _, end in _environments(self.text, FLOAT, FLOAT_END)]
        if not floats:
            return
        captions = [m.end() for m in CAPTION.finditer(self.text)]
        braces = Braces(self.text)
        float_starts = [start for start, _ in floats]
        for table in self._tables:
            k = bisect.bisect_left(float_starts, table.start)
            if not k or floats[k - 1][1] < table.start:
                continue
            start, end = floats[k - 1]
            c = bisect.bisect_left(captions, start)
            if c < len(captions) and captions[c] < end:
                table.caption = _caption(self.text, captions[c], braces)

    def numbers(self) -> Iterator[Found]:
        """Every number check-tex looks at, lines marked ``% figures: ignore`` left out; in a
        percent column of a table, a bare number is read as the percentage it is."""
        for i, code in enumerate(self.codes):
            if i + 1 in self.suppressed:
                continue
            for number, start, end in numbers_at(code):
                found = Found(i + 1, number, self.starts[i] + start, self.starts[i] + end)
                if not (number.percent or number.scientific) and abs(number.value) <= 100:
                    table, column = self._column(found.start)
                    if table is not None and column is not None and \
                            table.holds_percentages(column):
                        found = replace(found, number=as_percent(number), by_column=True)
                yield found

    def _table_at(self, position: int) -> Table | None:
        """The last table begun before ``position``, if it has not ended (a number after a
        nested table's end is in no table: no header, fewer flags)."""
        k = bisect.bisect_left(self._table_starts, position)
        if k and position < self._tables[k - 1].end:
            return self._tables[k - 1]
        return None

    def _column(self, position: int) -> tuple[Table | None, int | None]:
        """The table a position is in, and its column there (None in the header, or in a
        row too long to read)."""
        table = self._table_at(position)
        if table is None or position < table.header_end:
            return table, None
        k = bisect.bisect_right(self._rows, position)
        row_start = max(self._rows[k - 1] if k else 0, table.body)
        if position - row_start > ROW_REACH:
            return table, None
        *before, _ = cells(self.text[row_start:position])
        return table, (before[-1][0] + before[-1][1]) if before else 0

    def context(self, found: Found) -> str:
        """The sentence or table row around a number (at most ``CONTEXT`` characters each
        side), and in a table the header cells of its column (the whole header when the
        column is not known)."""
        i = bisect.bisect_right(self._bound_ends, found.start)
        left = self._bound_ends[i - 1] if i else 0
        j = bisect.bisect_left(self._bound_starts, found.end)
        right = self._bound_starts[j] if j < len(self._bound_starts) else len(self.text)
        left = max(left, found.start - CONTEXT)
        right = min(right, found.end + CONTEXT)
        around = self.text[left:found.start] + " " + self.text[found.end:right]
        table, column = self._column(found.start)
        if table is None or found.start < table.header_end:  # in the header: its own row
            header = ""
        elif column is not None and column in table.columns:
            header = table.columns[column]
        else:
            header = table.header
        return f"{around} {header}"


def _environments(text: str, begin: re.Pattern[str], end: re.Pattern[str],
                  ) -> Iterator[tuple[int, int, int]]:
    """Each environment ``begin`` matches: where it starts, where its ``\\begin{...}`` ends,
    and the start of the first ``end`` of its name after that (else the text's end)."""
    ends: dict[str, list[int]] = {}
    for match in end.finditer(text):
        ends.setdefault(match.group(1), []).append(match.start())
    for match in begin.finditer(text):
        names = ends.get(match.group(1), [])
        k = bisect.bisect_left(names, match.end())
        yield match.start(), match.end(), names[k] if k < len(names) else len(text)


def _caption(text: str, start: int, braces: Braces) -> str:
    """The text of the caption whose ``\\caption`` ends at ``start``: its first brace group
    within ``CAPTION_REACH`` (a short caption before it in brackets is skipped; an unclosed
    one is read to the reach's end)."""
    opening = text.find("{", start, start + CAPTION_REACH)
    if opening < 0:
        return ""
    close = braces.close(opening, reach=start + CAPTION_REACH - 1 - opening)
    return text[opening + 1:close if close >= 0 else start + CAPTION_REACH]


def check_tex(tex: str, quoted: Sequence[Quoted],
              known: Known = (frozenset(), frozenset())) -> list[str]:
    """``line N: ...`` for each number of ``tex`` that is a quoted value written by hand
    (rounded or not), or near one (stale); ``tex`` read knowing what the files before it
    define (``known``: the paper's own printing ``comment`` environment is text)."""
    macros = [(q, own, Decimal(repr(q.value)), keywords(q))
              for q in quoted if (own := macro_number(q)) is not None]
    document, reach = Document(tex, known), within_reach(macros)
    problems = []
    for found in document.numbers():
        number = found.number
        if not informative(number):
            continue
        context: Context | None = None
        exact, near, rounded = [], [], []
        for q, own, value, words in reach(number):
            fine_enough = number.unit <= own.unit
            same_notation = (number.percent == own.percent
                             and number.scientific == own.scientific)
            # the value, correctly rounded at the number's precision (the macro's or finer);
            # or the macro's own text in its own notation, with trailing zeros (61.50\% for
            # 61.5\%) or, as a percentage of two significant digits or more, without them
            # (36\% for 36.0\%)
            own_text = number.value == own.value and same_notation and (
                fine_enough or (number.percent and number.significant >= 2))
            if own_text or (fine_enough and abs(number.value - value) <= number.unit / 2):
                kind = exact
                # four specific digits (0.6147), or scientific (4.4e-4): specific alone
                specific = specific_digits(number) >= 4
            elif (number.unit == own.unit and same_notation  # at the macro's own precision
                  and abs(number.value - value) <= 5 * own.unit
                  and abs(number.value - value) <= abs(value) / 10):
                kind = near
                specific = False
            elif rounded_by_hand(number, own, value):
                if words is None:  # a rounded copy without words is any number
                    continue
                kind = rounded
                specific = False
            else:
                continue
            specific = specific or (number.scientific and specific_digits(number) >= 2)
            # a percentage only by its column needs the name however many its digits: a
            # results table is full of two-decimal percentages (84.81)
            if (not specific or found.by_column) and words is not None:
                if context is None:
                    context = Context.of(document.context(found))
                # fewer digits than the macro, or a percentage only by its column: the
                # value's name (BP, DFA) must be near; its plain words are not enough
                strong = kind is rounded or found.by_column
                if not (words.named_in(context) if strong else words.seen_in(context)):
                    continue
            kind.append(q)
        if exact:
            figures = sorted({q.figure for q in exact})
            problems.append(f"line {found.line}: {number.text} is {' and '.join(figures)}'s "
                            f"value written by hand; use "
                            f"{' or '.join(chr(92) + q.macro for q in exact)}")
        elif rounded:
            q = rounded[0]
            problems.append(f"line {found.line}: {number.text} is {q.figure}'s {q.text} "
                            f"rounded by hand; use "
                            f"{' or '.join(chr(92) + q.macro for q in rounded)}")
        for q in [] if exact or rounded else near:
            problems.append(f"line {found.line}: {number.text} is near {q.figure}'s {q.text} "
                            f"(\\{q.macro}): stale number?")
    return problems


def read_in_order(texts: list[str]) -> list[Known]:
    """What each of ``texts`` (a paper's files, in the order TeX reads them) is read knowing:
    what the files before it define (a printing ``comment`` environment, a verbatim one, a
    package loaded); a file with a ``\\documentclass`` of its own starts anew."""
    known: Known = (frozenset(), frozenset())
    each = []
    for text in texts:
        if "\\documentclass" in blanked(text):
            known = (frozenset(), frozenset())
        each.append(known)
        known = read(text, known).known
    return each


def count_numbers(tex: str) -> int:
    """How many numbers check-tex looks at in ``tex``."""
    return sum(1 for _ in Document(tex).numbers())


def read_tex(path: Path) -> str:
    """A ``.tex`` file's text: UTF-8, or Latin-1 (every byte is a character; numbers are
    ASCII in both, so nothing this check looks at is lost); refused above
    :data:`figures.mainfile.SOURCE_LIMIT` (hostile round 45a, P13: 100 MB of generated lines
    took minutes and 2 GB)."""
    if path.is_file() and (size := path.stat().st_size) > SOURCE_LIMIT:
        raise FigureDataError(str(path), None, f"is {size >> 20} MiB, more than check-tex "
                              f"reads ({SOURCE_LIMIT >> 20} MiB): its numbers are not checked; "
                              "keep generated data out of the .tex sources")
    text = read_text(path, encodings=TEX_ENCODINGS)
    if (nul := text.find("\x00")) >= 0:  # UTF-16 or binary (as Latin-1: no numbers), or
        raise FigureDataError(str(path), None, (  # stray NULs in UTF-8 (hostile round 47a, P9)
            "holds NUL bytes: not a LaTeX source (UTF-16 or binary?); save it as UTF-8")
            if text.count("\x00") * 4 > len(text) else f"holds NUL bytes (the first on line "
            f"{text.count(chr(10), 0, nul) + 1}; TeX stops at one outside a comment): delete them")
    return text


def find_figdata(tex: Path) -> Path | None:
    """The ``figdata/`` of the repository the ``.tex`` sits in: the nearest folder above it
    holding ``figdata/`` and ``figures/registry.py``; else ``./figdata`` if it exists."""
    root = checkout_of(Path(tex).resolve().parent)
    if root is not None:
        return root / "figdata"
    return Path("figdata") if Path("figdata").is_dir() else None
