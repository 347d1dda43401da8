"""The tables of a LaTeX source as check-tex reads them: each table's header, its columns'
header cells, and which columns (or captions) say their numbers are percentages."""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterator

#: The rule under a table's header (``\midrule``; ``\hline`` after the first row).
HEADER_RULE = re.compile(r"\\(?:midrule|hline|specialrule|Xhline|hhline|thickhline|hdashline)"
                          r"(?![A-Za-z])")
ROW = re.compile(r"\\\\|\\tabularnewline(?![A-Za-z])")
_CELL = re.compile(r"(?<!\\)&")
_SPAN = re.compile(r"\\multicolumn\s*\{\s*(\d+)\s*\}")
#: A header cell of percentages: ``Acc. (\%)``, ``Accuracy [\%]``, ``\si{\percent}``.
_PERCENT_MARK = re.compile(r"\\%|\\(?:text)?percent(?![A-Za-z])|\bper\s?cent\b", re.IGNORECASE)
_CAPTION_PERCENT = re.compile(r"[(\[]\s*(?:in\s+)?\\%\s*[)\]]")
FLOAT = re.compile(r"\\begin\{(table\*?|sidewaystable\*?|wraptable)\}")
FLOAT_END = re.compile(r"\\end\{(table\*?|sidewaystable\*?|wraptable)\}")
CAPTION = re.compile(r"\\caption(?![A-Za-z])")
#: Characters of a caption read at most.
CAPTION_REACH = 600
#: Characters of a table row read for its column at most, and of a table's header.
ROW_REACH = 3000
HEADER_REACH = 1500


class Table:
    """A ``tabular`` (or the like): where it is, and its header, read when a number of the
    table first needs it (so a source of many tables stays fast)."""

    def __init__(self, text: str, start: int, body: int, end: int, header_end: int) -> None:
        self.text = text
        self.start = start
        self.body = body
        self.end = end
        self.header_end = header_end
        #: The caption of the float the table is in (``Test accuracy (\%) of ...``).
        self.caption = ""

    @functools.cached_property
    def header(self) -> str:
        return self.text[self.body:self.header_end]

    @functools.cached_property
    def columns(self) -> dict[int, str]:
        """Each column's header cells (every header row), joined."""
        columns: dict[int, list[str]] = {}
        for row in ROW.split(self.header):
            for column, width, cell in cells(row):
                for c in range(column, column + width):
                    columns.setdefault(c, []).append(cell)
        return {c: " ".join(cells) for c, cells in columns.items()}

    @functools.cached_property
    def percent(self) -> frozenset[int]:
        """The columns whose header says percent."""
        return frozenset(c for c, cell in self.columns.items() if _PERCENT_MARK.search(cell))

    def holds_percentages(self, column: int) -> bool:
        """Whether a column's cells are percentages: its header says so, or the caption
        does (``(\\%)``, ``[\\%]``, ``(in \\%)``) for every column but the first (its
        labels)."""
        return column in self.percent or (column > 0 and bool(_CAPTION_PERCENT.search(
            self.caption)))


def cells(row: str) -> Iterator[tuple[int, int, str]]:
    """A row's cells: (first column, columns spanned, text)."""
    column = 0
    for cell in _CELL.split(row):
        span = _SPAN.search(cell)
        width = max(1, min(int(span.group(1)), 100)) if span else 1
        yield column, width, cell
        column += width


def table_from(text: str, start: int, body: int, end: int, rows: list[int],
           rules: list[int]) -> Table:
    """The table from its start; its header is its rows down to the rule under them
    (``\\midrule``, or an ``\\hline`` after the first row), else its first row."""
    k = bisect.bisect_left(rows, body)
    first_row = rows[k] if k < len(rows) else end
    k = bisect.bisect_left(rules, first_row)
    rule = rules[k] if k < len(rules) else end
    header_end = min(rule if rule < end else first_row, end, body + HEADER_REACH)
    return Table(text, start, body, end, header_end)
