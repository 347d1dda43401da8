"""Camera-ready preflight: the built files and their figures against a venue's rules, one row
per figure and rule with the measured value and the limit (docs/modules.md, docs/preflight.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from figures.boundary import is_stop
from figures.data import figdata
from figures.errors import FigureDataError, display_path, figure_line
from figures.outputs.kind import DEFAULT, BuildKind, slot_files, venue_key_of
from figures.outputs.provenance import kind_in
from figures.outputs.render import draw_as_built
from figures.outputs.warned import caught_warnings, warning_lines
from figures.page import inches
from figures.preflight import rules
from figures.preflight.files import REBUILD, decodes
from figures.preflight.measure import Measurement, measure
from figures.preflight.rules import RULES, Row
from figures.registry import FIGURES, FigureSpec
from figures.venues import Venue

if TYPE_CHECKING:
    import numpy as np
    from matplotlib.figure import Figure


@dataclass
class FigureReport:
    spec: FigureSpec
    rows: list[Row] = field(default_factory=list)
    image: np.ndarray | None = None
    print_width_in: float = 0.0
    scale: float = 1.0
    saved_size_in: tuple[float, float] = (0.0, 0.0)
    cvd_failures: list[str] = field(default_factory=list)
    error: str = ""
    #: One line per distinct warning while drawing it (as the build reports them).
    warnings: list[str] = field(default_factory=list)
    #: For a venue build (with ``raster``): the default build's picture, shown beside it.
    default_image: np.ndarray | None = None
    #: Why it was not checked: no file of it in a folder of other figures' (a width refused it).
    skipped: str = ""

    @property
    def failed(self) -> list[Row]:
        return [row for row in self.rows if not row.ok]


def check_figure(spec: FigureSpec, venue: Venue, out_dir: Path, figdata_dir: Path, *,
                 raster: bool = False, venues_file: Path | None = None,
                 stem: str | None = None) -> FigureReport:
    """Every rule for one figure: its built files in ``out_dir`` (``stem``: a venue build's
    other slot) and its Figure drawn from figdata as the build in ``out_dir`` drew it."""
    report = FigureReport(spec)
    try:
        kind = kind_in(out_dir, spec, venues_file, stem)
        path = spec.figdata_path(figdata_dir)
        doc = spec.load_figdata(figdata_dir)
        with caught_warnings() as caught:  # one line each, as the build reports them
            fig = draw_as_built(spec, doc["data"], kind, synthetic=figdata.is_synthetic(doc))
            measured = measure(spec, fig, doc["data"], raster=raster, kind=kind)
            if raster and kind.page(spec) is not None:
                default = measure(spec, DEFAULT.draw(spec, doc["data"]), doc["data"],
                                  raster=True)
                report.default_image = default.image
        report.warnings = warning_lines(caught, doc["data"], str(path))
    except BaseException as exc:  # the fault boundary of one figure (figures/boundary.py)
        if is_stop(exc):
            raise  # Ctrl-C or SIGTERM: the check stops
        report.error = figure_line(spec.name, exc)
        return report
    stem = kind.stem(spec)
    report.scale = scale = _scale(spec, venue, kind, measured)
    report.print_width_in = measured.saved_size_in[0] * scale
    report.saved_size_in = measured.saved_size_in
    report.image = measured.image
    rows = report.rows
    for out in kind.outputs(spec):
        path = Path(out_dir) / f"{stem}.{out.fmt}"
        rule = "fonts" if out.fmt == "pdf" else "raster"
        if out.fmt not in ("pdf", "png"):
            continue
        if not path.is_file():
            what = ("a folder, not the built file: remove it" if path.is_dir() else
                    "file not found")
            rows.append(Row(stem, rule, "missing", "built file", False,
                            f"{display_path(path)}: {what}; run `figures build`"))
            continue
        problem = on_disk(spec, path, figdata_dir, venues_file, venue.key)
        if problem is not None:  # reported, not measured as if it were right
            rows.append(Row(stem, rule, problem[0], "current built file", False,
                            f"{display_path(path)}: {problem[1]}"))
            continue
        try:
            rows.append(rules.font_row(stem, path, venue) if out.fmt == "pdf"
                        else rules.raster_row(stem, path, report.print_width_in, venue))
        except FigureDataError as exc:
            rows.append(Row(stem, rule, "unreadable", "built file", False, str(exc)))
    drawn_rows, report.cvd_failures = drawing_rows(spec, venue, kind, measured)
    rows += drawn_rows
    rows.sort(key=lambda row: RULES.index(row.rule))
    return report


def drawing_rows(spec: FigureSpec, venue: Venue, kind: BuildKind,
                 measured: Measurement) -> tuple[list[Row], list[str]]:
    """The rows of every rule read from the drawing (not the files) of ``spec`` drawn as
    ``kind`` and measured (:func:`measure` of :func:`draw_as_built`), by ``venue``'s limits,
    and the CVD failures: what ``check``, sync's legibility gate and the width sweep judge."""
    stem, seen = kind.stem(spec), measured.legibility
    scale = _scale(spec, venue, kind, measured)
    cvd, cvd_failures = rules.cvd_row(stem, measured.series_colors, venue)
    return [*legibility_rows(spec, venue, kind, measured), cvd,
            rules.size_row(stem, kind.print_slot(spec), measured.saved_size_in, venue),
            rules.greyscale_row(stem, seen), rules.contrast_row(stem, seen),
            rules.ink_row(stem, seen), rules.stamp_row(stem, seen, scale, venue)], cvd_failures


def _scale(spec: FigureSpec, venue: Venue, kind: BuildKind, measured: Measurement) -> float:
    """How much the figure shrinks printed in the slot it was drawn for (1: not at all)."""
    return min(1.0, venue.slot_width(kind.print_slot(spec)) / measured.saved_size_in[0])


def legibility_rows(spec: FigureSpec, venue: Venue, kind: BuildKind,
                    measured: Measurement) -> list[Row]:
    """The rows of the :data:`LEGIBILITY` rules, in its order (a ``gate`` measurement holds
    what they read)."""
    stem, scale = kind.stem(spec), _scale(spec, venue, kind, measured)
    return [rules.text_row(stem, measured.texts, scale, venue),
            rules.script_row(stem, measured.legibility, scale),
            rules.line_row(stem, measured.strokes, scale, venue),
            rules.layout_row(stem, measured.texts, scale, measured.saved_box,
                             measured.covering_legends or (), measured.rasters or ())]


#: The rules a build must pass before sync places it: no text over text, no text, script or
#: line under the venue's minimum at the width it is drawn for.
LEGIBILITY = ("text", "script", "lines", "layout")


def legibility(spec: FigureSpec, venue: Venue, kind: BuildKind, figdata_dir: Path,
               drawing: tuple[Figure, dict[str, Any]] | None = None) -> str | None:
    """Why ``spec`` drawn as ``kind`` fails the :data:`LEGIBILITY` rules (``rule: detail``, or
    its error line), None when it passes; ``drawing``: the Figure the build saved and its
    data, measured as it is (else drawn here: a current build, once)."""
    try:
        with caught_warnings():  # the build reports them
            if drawing is None:
                doc = spec.load_figdata(figdata_dir)
                drawing = draw_as_built(spec, doc["data"], kind,
                                        synthetic=figdata.is_synthetic(doc)), doc["data"]
            measured = measure(spec, *drawing, kind=kind, gate=True)
    except BaseException as exc:  # the fault boundary of one figure (figures/boundary.py)
        if is_stop(exc):
            raise  # Ctrl-C or SIGTERM: the command stops
        return figure_line(spec.name, exc)
    failed = [row for row in legibility_rows(spec, venue, kind, measured) if not row.ok]
    return f"{failed[0].rule}: {failed[0].detail or failed[0].value}" if failed else None


def on_disk(spec: FigureSpec, path: Path, figdata_dir: Path,
            venues_file: Path | None = None, venue: str = "") -> tuple[str, str] | None:
    """What is wrong with the built file ``path`` of ``spec`` (a short value, the detail with
    what to do), None when it is that figure's current, intact build (for ``venue``'s page)."""
    from figures.paper.which import CURRENT, FOREIGN, which

    damaged = decodes(path)
    if damaged is not None:
        return "damaged", f"{damaged}{REBUILD}"
    found = which(path, figdata_dir, venues_file)
    if found.state == FOREIGN:
        return "foreign", "not built by this suite (no provenance inside); run `figures build`"
    if found.figure and found.figure != spec.name:
        return "foreign", (f"this is {found.figure}'s file, not {spec.name}'s; run "
                           "`figures build --force`")
    built_for = venue_key_of(found.variant)
    if built_for is not None and venue and built_for != venue:  # icml's layout
        return "other venue", (f"built for venue:{built_for}'s page, not venue:{venue}'s; run "
                               f"`figures build --venue {venue}`")
    if found.state != CURRENT:
        return found.state, found.advice or found.state
    return None


def preflight(specs: Sequence[FigureSpec], venue: Venue, out_dir: Path, figdata_dir: Path,
              *, raster: bool = False, venues_file: Path | None = None) -> list[FigureReport]:
    """Check every figure; ``raster`` keeps each one's saved area as pixels (HTML report). A
    figure with no file in a folder that holds others' is skipped, and says why: a width build
    refuses figures whose smallest width is above it (measuring the default drawing instead
    reported 46 failures)."""
    def built(spec: FigureSpec) -> bool:
        return any((Path(out_dir) / name).is_file() for name in
                   (f"{spec.name}.pdf", f"{spec.name}.png")) or bool(slot_files(spec, out_dir))

    others = [spec for spec in (*FIGURES, *specs) if built(spec)]
    reports = []
    for spec in specs:
        if others and not built(spec):
            reports.append(FigureReport(spec, skipped=_absent(spec, others[0], venue, out_dir,
                                                              venues_file)))
            continue
        reports += [check_figure(spec, venue, out_dir, figdata_dir, raster=raster,
                                 venues_file=venues_file, stem=stem)
                    for stem in (None, *slot_files(spec, out_dir))]
    return reports


def _absent(spec: FigureSpec, other: FigureSpec, venue: Venue, out_dir: Path,
            venues_file: Path | None) -> str:
    """Why ``spec`` has no file in ``out_dir``, where ``other`` has: one line."""
    where = f"no file of it in {display_path(Path(out_dir))}"
    kind = kind_in(out_dir, other, venues_file)
    width = kind.slot
    if isinstance(width, float) and spec.too_narrow(venue, width, "") is not None:
        return (f"{where}, built at {inches(width)} in: its smallest width is "
                f"{inches(spec.smallest_width_in(venue))} in, so that build refused it")
    command = kind.build_command(spec.name, out_dir, venues_file)
    return f"{where}: build it there (`{command}`) to check it"


def format_table(reports: Sequence[FigureReport], venue: Venue) -> str:
    """The plain-text table (one row per figure and rule) and the summary line."""
    header = ("figure", "rule", "value", "limit", "", "detail")
    rows = [header]
    for report in reports:
        for row in report.rows:
            rows.append((row.figure, row.rule, row.value, row.limit,
                         "ok" if row.ok else "FAIL", row.detail))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    title = (f"preflight for {venue.name} (text {venue.text_width_in:g} in, "
             f"column {venue.column_width_in:g} in)")
    lines = [title]
    for r in rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(r[:5], widths, strict=True))
                     + "  " + r[5])
    lines.append(summary(reports))
    return "\n".join(lines)


def summary(reports: Sequence[FigureReport]) -> str:
    rows = [row for report in reports for row in report.rows]
    failed = [row for row in rows if not row.ok]
    by_rule = {rule: sum(1 for row in failed if row.rule == rule) for rule in RULES}
    per_rule = ", ".join(f"{rule} {n}" for rule, n in by_rule.items() if n)
    figures = {row.figure for row in failed}
    if not failed:
        return f"all {len(rows)} checks passed for {len(reports)} figure(s)"
    return (f"{len(failed)} of {len(rows)} checks failed ({per_rule}) in {len(figures)} of "
            f"{len(reports)} figure(s)")
