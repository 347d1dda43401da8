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
from figures.preflight.venues import Venue

#: Thumbnail pixels per inch of print width (shown at print size, sharp on 2x screens).
THUMBNAIL_PPI = 150

_CSS = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
h1 { font-size: 20px; } h2 { font-size: 16px; margin: 28px 0 8px; }
.summary { padding: 8px 12px; background: #f3f3f3; border-left: 4px solid #888; }
.figure { display: flex; gap: 20px; align-items: flex-start; }
.figure table { flex: 1; min-width: 380px; }
.thumb img { border: 1px solid #ccc; background: #fff; }
.thumb .note { color: #666; font-size: 12px; }
table { border-collapse: collapse; font-size: 13px; }
td, th { border: 1px solid #ccc; padding: 3px 6px; text-align: left; vertical-align: top; }
tr.fail td { background: #fde2e1; } tr.fail td.status { color: #b00020; font-weight: bold; }
tr.ok td.status { color: #1b7f3b; }
.cvd { display: flex; gap: 12px; flex-wrap: wrap; margin-top: 8px; }
.cvd figure { margin: 0; } .cvd figcaption { font-size: 12px; color: #444; }
.error { color: #b00020; }
details { font-size: 12px; color: #444; margin-top: 16px; }
"""


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


def _rows_table(report: FigureReport) -> str:
    cells = [("<table><tr><th>rule</th><th>value</th><th>limit</th><th></th>"
             "<th>detail</th></tr>")]
    for row in report.rows:
        cls = "ok" if row.ok else "fail"
        cells.append(
            f'<tr class="{cls}"><td>{row.rule}</td><td>{html.escape(row.value)}</td>'
            f"<td>{html.escape(row.limit)}</td>"
            f'<td class="status">{"ok" if row.ok else "FAIL"}</td>'
            f"<td>{html.escape(row.detail)}</td></tr>")
    cells.append("</table>")
    return "".join(cells)


def _figure_section(report: FigureReport) -> str:
    from figures.preflight.cvd import simulate

    name = html.escape(report.spec.name)
    if report.error:
        return f'<h2 id="{name}">{name}</h2><p class="error">{html.escape(report.error)}</p>'
    rgb = thumbnail(report)
    width, height = report.print_width_in, report.print_width_in * rgb.shape[0] / rgb.shape[1]
    size = f"width:{width:.3f}in;height:{height:.3f}in"
    note = (f"at print size: {width:.2f} &times; {height:.2f} in "
            f"(saved {report.saved_size_in[0]:.2f} in wide, scale {report.scale:.2f})")
    parts = [(f'<h2 id="{name}">{name}</h2><div class="figure"><div class="thumb">'
             f'<img alt="{name}" style="{size}" src="{_png_data_uri(rgb)}">'
             f'<div class="note">{note}</div>')]
    if report.default_image is not None:  # a venue build: the default picture beside it
        default = _png_data_uri(report.default_image)
        parts.append(f'<figure><img alt="{name}, default build" style="width:{width:.3f}in" '
                     f'src="{default}"><figcaption>the default build (the seeds\' picture), '
                     "scaled to the same width</figcaption></figure>")
    if report.cvd_failures:
        parts.append('<div class="cvd">')
        for deficiency in report.cvd_failures:
            parts.append(f'<figure><img alt="{name} as seen with {deficiency}" '
                         f'style="width:{width / 2:.3f}in" '
                         f'src="{_png_data_uri(simulate(rgb, deficiency))}">'
                         f"<figcaption>{deficiency}, full severity (Machado 2009)"
                         "</figcaption></figure>")
        parts.append("</div>")
    parts.append(f"</div>{_rows_table(report)}</div>")
    return "".join(parts)


def render_html(reports: Sequence[FigureReport], venue: Venue) -> str:
    sources = "".join(f"<li><b>{html.escape(key)}</b>: {html.escape(text)}</li>"
                      for key, text in venue.sources)
    body = "".join(_figure_section(report) for report in reports)
    index = " &middot; ".join(
        f'<a href="#{html.escape(r.spec.name)}">{html.escape(r.spec.name)}</a>'
        f'{" &#x2717;" if r.failed or r.error else " &#x2713;"}' for r in reports)
    return (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">{GENERATOR}"
            f"<title>Preflight: {html.escape(venue.name)}</title><style>{_CSS}</style>"
            f"</head><body><h1>Camera-ready preflight for {html.escape(venue.name)}</h1>"
            f'<p class="summary">{html.escape(summary(reports))}</p><p>{index}</p>'
            f"<details><summary>Where the limits come from</summary><ul>{sources}</ul>"
            f"</details>{body}</body></html>\n")


#: Marks a report as written by `figures check`: it replaces only files that carry it.
GENERATOR = '<meta name="generator" content="figures check">'


def write_report(reports: Sequence[FigureReport], venue: Venue, path: Path) -> None:
    write_text_atomic(Path(path), render_html(reports, venue))
