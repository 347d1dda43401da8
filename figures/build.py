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


def save(spec: FigureSpec, fig: Figure, target: Any, **savefig_kwargs: Any) -> None:
    """``fig.savefig`` inside the figure's theme, so the caller's rcParams cannot leak in
    (fonts are resolved and ``savefig.*`` read at save time). Used by the build and tests."""
    fmt = savefig_kwargs.get("format") or Path(str(target)).suffix.lstrip(".") or "png"
    savefig_kwargs.setdefault("metadata", _METADATA.get(fmt))
    with theme(spec.render.rc):
        fig.savefig(target, **savefig_kwargs)


def write_outputs(spec: FigureSpec, data: dict[str, Any], out_dir: Path) -> list[Path]:
    """Render ``spec`` and save each output inside the figure's theme, atomically."""
    written = []
    fig = spec.render(data)
    for out in spec.outputs:
        target = Path(out_dir) / f"{spec.name}.{out.fmt}"
        with atomic_path(target) as tmp:
            save(spec, fig, tmp, format=out.fmt, dpi=out.dpi, bbox_inches=out.bbox_inches)
        written.append(target)
    return written
