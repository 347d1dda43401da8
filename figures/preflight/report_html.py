"""The preflight as one self-contained HTML page: each figure's thumbnail at print size beside
its rows, failing rules highlighted, and, for a figure failing the colour-vision rule, the
figure as readers with each failing deficiency see it. Images are embedded base64 PNGs."""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from figures.data.jsonio import write_text_atomic
from figures.preflight.run import FigureReport, summary
from figures.templates import TEMPLATES_DIR
from figures.venues import Venue

#: Thumbnail pixels per inch of print width (shown at print size, sharp on 2x screens).
THUMBNAIL_PPI = 150
#: Marks a report as written by `figures check`: it replaces only files that carry it.
GENERATOR = '<meta name="generator" content="figures check">'


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


def _shown(report: FigureReport) -> dict[str, object]:
    """One figure's part of the page: its numbers as shown, its pictures as data URIs."""
    from figures.preflight.cvd import simulate

    shown: dict[str, object] = {"name": report.spec.name, "error": report.error,
                                "failed": report.failed or bool(report.error)}
    if report.error:
        return shown
    rgb = thumbnail(report)
    width, height = report.print_width_in, report.print_width_in * rgb.shape[0] / rgb.shape[1]
    default = report.default_image  # a venue build: the default picture beside it
    return {**shown, "rows": report.rows, "thumbnail": _png_data_uri(rgb),
            "width": f"{width:.3f}", "height": f"{height:.3f}", "half_width": f"{width / 2:.3f}",
            "width_shown": f"{width:.2f}", "height_shown": f"{height:.2f}",
            "saved_width": f"{report.saved_size_in[0]:.2f}", "scale": f"{report.scale:.2f}",
            "default": None if default is None else _png_data_uri(default),
            "cvd": [(deficiency, _png_data_uri(simulate(rgb, deficiency)))
                    for deficiency in report.cvd_failures]}


def write_report(reports: Sequence[FigureReport], venue: Venue, path: Path) -> None:
    """The page, from one Jinja2 template (figures/templates/preflight/report.html.j2) that
    escapes every value it is given (autoescape) and holds the page's loops."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined
    from markupsafe import Markup

    env = Environment(loader=FileSystemLoader(TEMPLATES_DIR / "preflight"), autoescape=True,
                      keep_trailing_newline=True, undefined=StrictUndefined)
    write_text_atomic(Path(path), env.get_template("report.html.j2").render(
        generator=Markup(GENERATOR), venue=venue, summary=summary(reports),
        figures=[_shown(report) for report in reports]))
