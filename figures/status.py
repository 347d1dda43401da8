"""Is a figure's figdata current with respect to a results folder?"""

from __future__ import annotations

from pathlib import Path

from figures import figdata
from figures.errors import FigureDataError
from figures.jsonio import sha256_of
from figures.registry import FigureSpec


def figure_status(spec: FigureSpec, figdata_dir: Path, results: Path | None) -> tuple[str, str]:
    """``(state, detail)``; state is ``paper-values``, ``current``, ``stale``, ``missing``
    (no figdata), ``invalid`` (unreadable figdata) or ``recorded`` (no results to compare)."""
    path = spec.figdata_path(figdata_dir)
    if not path.is_file():
        return "missing", f"{path} does not exist"
    try:
        doc = figdata.load(path, spec.name)
    except FigureDataError as exc:
        return "invalid", str(exc)
    kind = figdata.kind_of(doc)
    if spec.extract is None:
        return "paper-values", "values quoted by the paper, nothing to extract"
    sources = doc["provenance"].get("sources", [])
    if results is None:
        return "recorded", f"{kind}, {len(sources)} source file(s)"
    changed = []
    for source in sources:
        file = Path(results) / source["path"]
        if not file.is_file():
            changed.append(f"{source['path']} is gone")
        elif sha256_of(file) != source["sha256"]:
            changed.append(f"{source['path']} changed")
    if changed:
        more = f" (+{len(changed) - 2} more)" if len(changed) > 2 else ""
        return "stale", "; ".join(changed[:2]) + more
    return "current", f"{kind}, {len(sources)} source file(s) unchanged"
