"""The preflight as one self-contained HTML page: each figure's thumbnail at print size beside
its rows, failing rules highlighted, and, for a figure failing the colour-vision rule, the
figure as readers with each failing deficiency see it. Images are embedded base64 PNGs."""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from figures.data.jsonio import write_text_atomic
from figures.preflight.run import FigureReport, summary
from figures.templates import fill
from figures.venues import Venue

#: Thumbnail pixels per inch of print width (shown at print size, sharp on 2x screens).
THUMBNAIL_PPI = 150
#: Beside a figure's name in the index: it failed a rule (or could not be checked), or not.
FAILED_MARK, PASSED_MARK = "&#x2717;", "&#x2713;"


def _fill(file: str, **values: object) -> str:
    """The page's template ``file`` (figures/templates/preflight/); every value is escaped
    before it goes in."""
    return fill(f"preflight/{file}", **values)


def _png_data_uri(rgb: np.ndarray) -> str:
    from PIL import Image

    buffer = io.BytesIO()
    Image.fromarray((np.clip(rgb, 0, 1) * 255).round().astype(np.uint8)).save(buffer, "png")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def thumbnail(report: FigureReport) -> np.ndarray:
    """The figure's saved area at THUMBNAIL_PPI per inch of print width, RGB 0..1."""
    from PIL import Image

    height, width = report.image.shape[:2]
    size = (round(report.print_width_in * THUMBNAIL_PPI),
            round(report.print_width_in * THUMBNAIL_PPI * height / width))
    image = Image.fromarray((report.image * 255).round().astype(np.uint8))
    return np.asarray(image.resize(size, Image.Resampling.LANCZOS), dtype=float) / 255


def _rows(report: FigureReport) -> str:
    return "".join(
        _fill("row.html.tmpl", status_class="ok" if row.ok else "fail",
              rule=html.escape(row.rule), value=html.escape(row.value),
              limit=html.escape(row.limit), status="ok" if row.ok else "FAIL",
              detail=html.escape(row.detail))
        for row in report.rows)


def _figure_section(report: FigureReport) -> str:
    from figures.preflight.cvd import simulate

    name = html.escape(report.spec.name)
    if report.error:
        return _fill("figure_error.html.tmpl", name=name, error=html.escape(report.error))
    rgb = thumbnail(report)
    width, height = report.print_width_in, report.print_width_in * rgb.shape[0] / rgb.shape[1]
    default = cvd = ""
    if report.default_image is not None:  # a venue build: the default picture beside it
        default = _fill("default.html.tmpl", name=name, width=f"{width:.3f}",
                        image=_png_data_uri(report.default_image))
    if report.cvd_failures:
        cvd = _fill("cvd.html.tmpl", figures="".join(
            _fill("cvd_figure.html.tmpl", name=name, deficiency=html.escape(deficiency),
                  width=f"{width / 2:.3f}", image=_png_data_uri(simulate(rgb, deficiency)))
            for deficiency in report.cvd_failures))
    return _fill("figure.html.tmpl", name=name, width=f"{width:.3f}", height=f"{height:.3f}",
                 thumbnail=_png_data_uri(rgb), width_shown=f"{width:.2f}",
                 height_shown=f"{height:.2f}", saved_width=f"{report.saved_size_in[0]:.2f}",
                 scale=f"{report.scale:.2f}", default=default, cvd=cvd, rows=_rows(report))


def render_html(reports: Sequence[FigureReport], venue: Venue) -> str:
    index = " &middot; ".join(
        _fill("index_item.html.tmpl", name=html.escape(r.spec.name),
              mark=FAILED_MARK if r.failed or r.error else PASSED_MARK).strip()
        for r in reports)
    return _fill("report.html.tmpl", generator=GENERATOR, venue=html.escape(venue.name),
                 summary=html.escape(summary(reports)), index=index,
                 sources="".join(_fill("source.html.tmpl", key=html.escape(key),
                                       text=html.escape(text)) for key, text in venue.sources),
                 figures="".join(_figure_section(report) for report in reports))


#: Marks a report as written by `figures check`: it replaces only files that carry it.
GENERATOR = '<meta name="generator" content="figures check">'


def write_report(reports: Sequence[FigureReport], venue: Venue, path: Path) -> None:
    write_text_atomic(Path(path), render_html(reports, venue))
