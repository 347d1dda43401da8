"""Rendering a figure from its figdata and writing the seeds' files, atomically."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from figures.jsonio import atomic_path
from figures.registry import FigureSpec
from figures.style import theme

#: Strip what would make two builds differ byte for byte (dates, software stamps).
_METADATA = {
    "png": {"Software": None},
    "pdf": {"Creator": None, "Producer": None, "CreationDate": None},
}


def render(spec: FigureSpec, data: dict[str, Any]) -> Figure:
    return spec.render(data)


def write_outputs(spec: FigureSpec, data: dict[str, Any], out_dir: Path) -> list[Path]:
    """Render ``spec`` and save each output inside the figure's theme, atomically."""
    written = []
    with theme(spec.render.rc):
        fig = spec.render(data)
        for out in spec.outputs:
            target = Path(out_dir) / f"{spec.name}.{out.fmt}"
            with atomic_path(target) as tmp:
                fig.savefig(tmp, format=out.fmt, dpi=out.dpi, bbox_inches=out.bbox_inches,
                            metadata=_METADATA[out.fmt])
            written.append(target)
    return written
