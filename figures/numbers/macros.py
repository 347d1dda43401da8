"""The paper's numbers from one source: figdata's ``"quoted"`` values as LaTeX macros
(:mod:`figures.numbers.texcheck` checks that the text uses them). An entry names a macro, a
``path`` into ``data`` (as errors name keys), a ``format`` and an optional ``aggregate`` (mean
or std, ddof 0, as the figures draw them): docs/paper-numbers.md.
Values from synthetic-example figdata carry a ``%`` comment in the macros file.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from figures.boundary import is_stop
from figures.data import figdata
from figures.data.envelope import quoted_value, resolve
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
    # the envelope, the figure's SCHEMA and every quoted entry (macro name, format, note,
    # a path naming a number) are checked as the build checks them
    doc = spec.load_figdata(figdata_dir)
    mine: list[tuple[Quoted, str]] = []
    for i, entry in enumerate(doc.get("quoted", [])):
        where = f"quoted[{i}]"
        value = quoted_value(doc["data"], entry, where)[0]
        _refuse_std_of_one_run(doc["data"], entry, str(path), where)
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


def _refuse_std_of_one_run(data: dict, entry: dict, path: str, where: str) -> None:
    """A std over one run is refused, not quoted as 0: the figure and its caption say "one
    run, no error bar" (docs/venues.md), so a macro handing the paper "59.2 ± 0.0 %" "as the
    figure's error bars" would state a spread no run measured (round 49c, W24). A mean of
    one run is that run's value, which is true, and is quoted."""
    if entry.get("aggregate") == "std" and len(resolve(data, entry["path"])[0]) == 1:
        raise FigureDataError(path, f"{where}.aggregate", (
            f"\\{entry['macro']} is the std of data.{entry['path']}, which holds one run: one "
            "run has no spread to quote (the figure draws no error bar); remove this entry "
            "(and the macro from the paper) until more runs are extracted"))


#: The start of every macros file: `figures macros` and `figures sync` replace only files
#: that start so (never the paper's own macros or main.tex).
HEADER = "% Generated by `figures macros`"
#: xspace, so "\heroAccBP accuracy" keeps its space, wherever ``\input{macros}`` stands: in
#: the preamble the package; after ``\begin{document}``, where LaTeX refuses
#: ``\RequirePackage`` (hostile round 23, P1), xspace.sty's own definitions read as the package
#: would be (its two preamble-only lines passed over, ``@`` restored as it was), unless the
#: paper has ``\xspace`` already. The macros print the same either way.
XSPACE = (
    "% xspace, so a macro keeps the space after it: the package in the preamble; in the",
    "% document, where LaTeX loads no package, xspace.sty read as the package would be",
    "\\expandafter\\ifx\\csname @nodocument\\endcsname\\relax",
    "  \\ifdefined\\xspace\\else",
    "    \\edef\\FiguresXspaceAt{\\catcode64=\\the\\catcode64\\relax}\\catcode64=11",
    "    \\let\\FiguresNeedsTeXFormat\\NeedsTeXFormat",
    "    \\let\\FiguresProvidesPackage\\ProvidesPackage",
    "    \\def\\FiguresGobbleOpt[#1]{}",
    "    \\def\\NeedsTeXFormat#1{\\@ifnextchar[\\FiguresGobbleOpt\\relax}",
    "    \\let\\ProvidesPackage\\NeedsTeXFormat",
    "    \\@@input xspace.sty\\relax",
    "    \\let\\NeedsTeXFormat\\FiguresNeedsTeXFormat",
    "    \\let\\ProvidesPackage\\FiguresProvidesPackage",
    "    \\FiguresXspaceAt",
    "  \\fi",
    "\\else",
    "  \\RequirePackage{xspace}",
    "\\fi",
)
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
    lines = [""]  # under the header, which seals what follows
    for figure in left_out:
        lines.append(f"% {figure}: LEFT OUT, its figdata could not be read: run `figures "
                     "macros` to see why")
    if left_out:
        lines.append("")
    lines += [*XSPACE, ""]
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
    body = "\n".join(lines) + "\n"
    return f"{HEADER} from figdata/: do not edit by hand (digest {_digest(body)}).\n{body}"


def edited(text: str) -> bool:
    """A macros file of ours (it starts with :data:`HEADER`) that is not as it was written:
    a line added or changed by hand, which a new one must not destroy unseen. A file from
    before the digest cannot vouch for itself and counts as edited (kept once, as
    ``.bak``)."""
    header, _, body = text.partition("\n")
    sealed = re.search(r"\(digest ([0-9a-f]{16})\)\.$", header)
    return sealed is None or sealed.group(1) != _digest(body)


def stale(text: str, figdata_dir: Path) -> bool:
    """A macros file of ours (``text``, starting with :data:`HEADER`) that is not what
    `figures macros` or `figures sync` (with or without --allow-synthetic) writes from
    ``figdata_dir`` now: a quoted value changed since (new results), or a line by hand.
    The one check of a macros file against figdata (pack's, hostile round 25, SM)."""
    from figures.registry import FIGURES

    quoted, unread = read_quoted(FIGURES, figdata_dir)
    left_out = [u.figure for u in unread]
    return text not in {macros_tex(quoted, left, synthetic_as_errors=errors)
                        for left in (left_out, ()) for errors in (False, True)}


def _digest(body: str) -> str:
    return hashlib.sha256(body.encode("utf-8")).hexdigest()[:16]


def synthetic_macros(quoted: Sequence[Quoted]) -> list[str]:
    """The macros (with their ``Num`` variants) of the values drawn from synthetic data."""
    return [f"\\{name}" for q in quoted if q.synthetic for name in (q.macro, f"{q.macro}Num")]


def _error_macro(name: str) -> str:
    """``\\NAME`` defined to stop the paper's build with a message naming it, if used."""
    message = f"\\string\\{name}\\space is SYNTHETIC EXAMPLE DATA, not a result"
    help_text = "Run figures extract RESULTS, then figures sync (or sync with --allow-synthetic)."
    return f"\\newcommand{{\\{name}}}{{\\PackageError{{fa-audit-figures}}{{{message}}}{{{help_text}}}}}"
