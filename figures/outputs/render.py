"""What decides a figure's pixels: render it and save each output inside its theme (in the
build key with the figure's module, its helpers, the style and the stamp)."""

from __future__ import annotations

import contextlib
import io
import math
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from figures.data.jsonio import atomic_path, sha256_if_file
from figures.outputs.pixels import opaque_as_rgb, seal
from figures.outputs.provenance import encode
from figures.outputs.provenance import metadata as provenance_metadata

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from figures.outputs.kind import BuildKind
    from figures.registry import FigureSpec

#: Strip what would make two builds differ byte for byte (dates, software stamps).
_METADATA: dict[str, dict[str, str | None]] = {
    "png": {"Software": None},
    "pdf": {"Creator": None, "Producer": None, "CreationDate": None},
}


def save(spec: FigureSpec, fig: Figure, target: Any, *, rc: dict[str, Any] | None = None,
         rgb_png: bool = False, **savefig_kwargs: Any) -> None:
    """``fig.savefig`` inside the figure's theme (fonts and ``savefig.*`` are read at save
    time), plus save-time settings ``rc``; a PNG as RGB when opaque with ``rgb_png``."""
    from figures.style import theme

    fmt = savefig_kwargs.get("format") or Path(str(target)).suffix.lstrip(".") or "png"
    savefig_kwargs.setdefault("metadata", _METADATA.get(fmt))
    with theme({**spec.render.rc, **(rc or {})}):
        saved(fig.savefig, target, rgb_png and fmt == "png", savefig_kwargs)


def saved(savefig: Any, target: Any, rgb_png: bool, kwargs: dict[str, Any]) -> None:
    """``savefig(target, **kwargs)``; with ``rgb_png`` the PNG is saved in memory and written
    to ``target`` (a path or a file) as RGB when opaque (:func:`opaque_as_rgb`: a venue
    build's, :attr:`BuildKind.rgb_png`)."""
    if not rgb_png:
        savefig(target, **kwargs)
        return
    buffer = io.BytesIO()
    savefig(buffer, **{**kwargs, "format": "png"})
    data = opaque_as_rgb(buffer.getvalue())
    if hasattr(target, "write"):
        target.write(data)
    else:
        Path(os.fspath(target)).write_bytes(data)


def draw_as_built(spec: FigureSpec, data: dict[str, Any], kind: BuildKind | None = None, *,
                  synthetic: bool = False) -> Figure:
    """``spec``'s Figure as ``kind`` (default: the default build) draws and stamps it: the one
    drawing of the build, :func:`figures.draw`, the preflight and the golden tests."""
    from figures.outputs.kind import DEFAULT

    kind = kind or DEFAULT
    fig = kind.draw(spec, data)
    kind.to_box(spec, fig, synthetic and kind.stamp)  # a paper's box of both sides
    if synthetic and kind.stamp:
        from figures.outputs.stamp import stamp_synthetic

        stamp_synthetic(spec, fig, kind)
    return fig


def output_dpi(kind: BuildKind, out: Any, fig: Figure) -> float:
    """The dpi ``out`` is saved at: its own, but a venue's raster is never below the venue's
    ppi across: Agg truncates, so 4.125 in at 300 was 1237 px (299.9 ppi); the pixel width is
    rounded up (1238 px) instead. The default build's files stay the seeds'."""
    if kind.venue is None or out.fmt != "png" or out.bbox_inches is not None:
        return out.dpi
    width = float(fig.get_figwidth())
    return (math.ceil(width * out.dpi - 1e-6) + 0.01) / width


def save_settings(kind: BuildKind, spec: FigureSpec, target: Any, given: dict[str, Any],
                  fig: Figure) -> dict[str, Any]:
    """What the build saves a file of ``target``'s format with (resolution, crop, metadata),
    for :func:`figures.draw`'s figure ``fig`` saved anywhere."""
    fmt = given.get("format") or Path(str(target)).suffix.lstrip(".") or "png"
    out = next((o for o in kind.outputs(spec) if o.fmt == fmt), None)
    found = {"metadata": _METADATA.get(fmt)}
    return found if out is None else {**found, "dpi": output_dpi(kind, out, fig),
                                      "bbox_inches": out.bbox_inches}


def write_outputs(spec: FigureSpec, data: dict[str, Any], out_dir: Path,
                  kind: BuildKind, *, stamp: bool = False,
                  hashes: dict[str, str] | None = None,
                  provenance: dict[str, str] | None = None,
                  pictures: list[dict[str, Any]] | None = None) -> tuple[Figure, list[Path]]:
    """Draw ``spec`` as ``kind`` does and save every output from that one drawing,
    atomically and together, ``provenance`` inside; ``hashes`` and ``pictures`` receive each
    file's sha256 and PNG record. The drawing and the files written.

    Every file is saved to its temporary name first and renamed into place only once all are
    saved: a full disk while the PNG is written leaves the figure's old PDF, PNG and caption
    as they were, never a new PDF beside an old PNG (hostile round 51c W38)."""
    written = []
    fig = draw_as_built(spec, data, kind, synthetic=stamp)
    with contextlib.ExitStack() as all_or_none:
        for out in kind.outputs(spec):
            target = Path(out_dir) / f"{kind.stem(spec)}.{out.fmt}"
            tmp = all_or_none.enter_context(atomic_path(target))
            inside = provenance_metadata(out.fmt, provenance) if provenance else {}
            save(spec, fig, tmp, rc=kind.rc(spec), rgb_png=kind.rgb_png, format=out.fmt,
                 dpi=output_dpi(kind, out, fig), bbox_inches=out.bbox_inches,
                 metadata={**_METADATA[out.fmt], **inside})
            sealed = seal(tmp) if provenance else None  # the content digest, inside
            if hashes is not None:
                hashes[target.name] = sha256_if_file(tmp)
            if pictures is not None and out.fmt == "png":
                from figures.outputs.pixels import record

                pictures.append(record(tmp, target.name, out.dpi, encode(
                    {**provenance, "content": sealed}) if provenance else "", sealed))
            written.append(target)
        for name, text in kind.side_files(spec, data).items():  # a venue build's caption text
            all_or_none.enter_context(atomic_path(Path(out_dir) / name)).write_text(
                text, encoding="utf-8")
    return fig, written
