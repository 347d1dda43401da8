"""The paper's numbers from one source: figdata to LaTeX macros (:mod:`figures.numbers.texcheck`
checks that the text uses them).

Each figdata file may list the values the paper quotes under ``"quoted"``, next to the data::

    {"macro": "heroAccFA", "path": "panel_a.values.FA.acc", "format": ".3f",
     "note": "FA test accuracy, 3-seed mean (fa_main_audit, d=256 L=4)"}

``path`` points into ``data`` as errors name keys (``panel_b.conditions[0].cos``); ``aggregate`` (``mean`` or
``std``, ddof 0 as the figures draw them) reduces a list there, e.g. final accuracies over
seeds. ``format`` is a Python format spec fixed per quantity (``.1%`` writes ``58.1\\%``).
Values from synthetic-example figdata carry a ``%`` comment in the macros file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from figures.boundary import is_stop
from figures.data import figdata
from figures.data.envelope import quoted_value
from figures.errors import FigureDataError, figure_line
from figures.registry import FigureSpec


@dataclass(frozen=True)
class Quoted:
    figure: str
    macro: str
    value: float
    format: str
    note: str
    #: From synthetic-example figdata: marked in macros.tex and by ``figures list --values``.
    synthetic: bool = False

    @property
    def text(self) -> str:
        """The value as the paper prints it (LaTeX-escaped percent sign)."""
        # "z" (after the sign): -0.0004 at .3f prints 0.000, not -0.000
        spec = re.sub(r"^([+ -]?)", r"\1z", self.format)
        return format(self.value, spec).replace("%", r"\%")


@dataclass(frozen=True)
class Unread:
    """A figure whose quoted values could not be read: what was raised, and its one line
    (``FIGURE: FILE: KEY: MESSAGE``, without ``error:``)."""

    figure: str
    error: BaseException
    line: str


def quoted_values(specs: Iterable[FigureSpec], figdata_dir: Path) -> list[Quoted]:
    """Every quoted value of every figure, in registry order; the first figure that cannot
    be read raises (:func:`read_quoted` goes on past it)."""
    found, unread = read_quoted(specs, figdata_dir)
    if unread:
        raise unread[0].error
    return found


def read_quoted(specs: Iterable[FigureSpec],
                figdata_dir: Path) -> tuple[list[Quoted], list[Unread]]:
    """Every quoted value of the figures that can be read, in registry order, and each
    figure that cannot (missing or malformed figdata, a bad quoted entry, a module that does
    not import): a figure's values are taken all or none, and the others are still read."""
    found: list[Quoted] = []
    unread: list[Unread] = []
    first_place: dict[str, str] = {}
    for spec in specs:
        try:
            mine = _figure_quoted(spec, figdata_dir, first_place)
        except BaseException as exc:  # the fault boundary of one figure (figures/boundary.py)
            if is_stop(exc):
                raise  # Ctrl-C or SIGTERM: the command stops
            unread.append(Unread(spec.name, exc, figure_line(spec.name, exc)))
        else:
            for quoted, place in mine:
                first_place[quoted.macro] = place
                found.append(quoted)
    return found, unread


def _figure_quoted(spec: FigureSpec, figdata_dir: Path,
                   first_place: dict[str, str]) -> list[tuple[Quoted, str]]:
    """The quoted values of one figure, each with where it is quoted."""
    path = spec.figdata_path(figdata_dir)
    missing = spec.figdata_missing(figdata_dir)
    if missing is not None:
        raise missing
    # the envelope, the figure's SCHEMA and every quoted entry (macro name, format, note,
    # a path naming a number) are checked as the build checks them
    doc = figdata.load(path, spec.name, spec.schema)
    mine: list[tuple[Quoted, str]] = []
    for i, entry in enumerate(doc.get("quoted", [])):
        where = f"quoted[{i}]"
        value = quoted_value(doc["data"], entry, where)[0]
        # paper literals kept beside synthetic data (PAPER_KEYS) are the paper's values
        top_key = re.split(r"[.\[]", entry["path"], maxsplit=1)[0]
        synthetic = figdata.is_synthetic(doc) and top_key not in spec.paper_keys
        place = f"{path}: {where}"
        # (a macro quoted twice in one file is refused with the file's envelope)
        if entry["macro"] in first_place:
            raise FigureDataError(str(path), f"{where}.macro", f"\\{entry['macro']} is "
                                  f"already quoted at {first_place[entry['macro']]}; one name "
                                  "per value: rename one of them")
        mine.append((Quoted(spec.name, entry["macro"], float(value), entry["format"],
                            entry["note"], synthetic), place))
    return mine


#: The start of every macros file: `figures macros` and `figures sync` replace only files
#: that start so (never the paper's own macros or main.tex).
HEADER = "% Generated by `figures macros`"
#: Ends the line of each macro whose value comes from synthetic-example figdata.
SYNTHETIC_COMMENT = "% SYNTHETIC EXAMPLE DATA, not a result: run `figures extract RESULTS`"


def macros_tex(quoted: Sequence[Quoted], left_out: Sequence[str] = (), *,
               synthetic_as_errors: bool = False) -> str:
    """The macros file; each figure of ``left_out`` (whose figdata could not be read) is a
    comment saying its macros are missing, so an undefined macro in the paper is explained.
    With ``synthetic_as_errors`` (sync, without --allow-synthetic) each value drawn from
    synthetic data is defined as a LaTeX error naming it: the real values compile, a
    synthetic one stops the paper's build only where the text uses it
    (docs/paper-numbers.md says why not leave it out)."""
    lines = [f"{HEADER} from figdata/: do not edit by hand.", ""]
    for figure in left_out:
        lines.append(f"% {figure}: LEFT OUT, its figdata could not be read: run `figures "
                     "macros` to see why")
    if left_out:
        lines.append("")
    # xspace: "\heroAccBP accuracy" keeps its space (\input macros.tex in the preamble)
    lines += ["\\RequirePackage{xspace}", ""]
    for q in quoted:
        lines.append(f"% {q.figure}: {q.note}")
        if q.synthetic and synthetic_as_errors:
            lines += [_error_macro(q.macro), _error_macro(f"{q.macro}Num")]
            continue
        mark = f" {SYNTHETIC_COMMENT}" if q.synthetic else ""
        printed = re.sub(r"^-", r"\\ensuremath{-}", q.text)  # a true minus, not a hyphen
        lines.append(f"\\newcommand{{\\{q.macro}}}{{{printed}\\xspace}}{mark}")
        # the number alone, for siunitx: \SI{\heroAccBPNum}{\percent}
        lines.append(f"\\newcommand{{\\{q.macro}Num}}{{{q.text.replace(chr(92) + '%', '')}}}"
                     f"{mark}")
    return "\n".join(lines) + "\n"


def synthetic_macros(quoted: Sequence[Quoted]) -> list[str]:
    """The macros (with their ``Num`` variants) of the values drawn from synthetic data."""
    return [f"\\{name}" for q in quoted if q.synthetic for name in (q.macro, f"{q.macro}Num")]


def _error_macro(name: str) -> str:
    """``\\NAME`` defined to stop the paper's build with a message naming it, if used."""
    message = f"\\string\\{name}\\space is SYNTHETIC EXAMPLE DATA, not a result"
    help_text = "Run figures extract RESULTS, then figures sync (or sync with --allow-synthetic)."
    return f"\\newcommand{{\\{name}}}{{\\PackageError{{fa-audit-figures}}{{{message}}}{{{help_text}}}}}"
