"""Is a figure's figdata current with respect to a results folder: every recorded source
still has its sha256, and extracting now would read no other file (a ViT seed added since)?"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from figures.data import figdata
from figures.data.jsonio import sha256_of
from figures.errors import FigureDataError, error_line, is_internal, os_reason
from figures.extract.results import ResultsTree
from figures.registry import FigureSpec


def figure_status(spec: FigureSpec, figdata_dir: Path,  # noqa: PLR0911 - one per state
                  results: Path | None) -> tuple[str, str]:
    """``(state, detail)``; state is ``paper-values``, ``current``, ``stale``, ``missing``,
    ``invalid`` or ``recorded`` (no results to compare). A bug of ours is raised."""
    path = spec.figdata_path(figdata_dir)
    if not path.exists() and not path.is_symlink():  # a FIFO, a device: invalid, said what
        return "missing", f"{path} does not exist"  # it is (round 48c, W10), not "missing"
    try:
        doc = figdata.load(path, spec.name)
    except FigureDataError as exc:
        return "invalid", str(exc)
    if spec.extract is None:
        if figdata.origin_of(doc) != "paper-values":  # e.g. a new figure's placeholder
            return figdata.origin_of(doc), ("values written by hand, not yet the paper's: set "
                                          "provenance.kind to paper-values once they are")
        return "paper-values", "values quoted by the paper, nothing to extract"
    sources = doc["provenance"].get("sources", [])
    if results is None:
        return "recorded", f"{figdata.origin_of(doc)}, {len(sources)} source file(s)"
    changed = _changed_sources(spec, sources, Path(results))
    if changed:
        more = f" (+{len(changed) - 2} more)" if len(changed) > 2 else ""
        return "stale", "; ".join(changed[:2]) + more
    return "current", f"{figdata.origin_of(doc)}, {len(sources)} source file(s) unchanged"


def _changed_sources(spec: FigureSpec, sources: list[dict[str, Any]], results: Path) -> list[str]:
    changed = []
    for source in sources:
        file = results / source["path"]
        try:
            if not file.exists() and not file.is_symlink():  # a FIFO is there: read says
                changed.append(f"{source['path']} is gone")  # what it is (round 45c, W24)
            elif sha256_of(file) != source["sha256"]:
                changed.append(f"{source['path']} changed")
        except (OSError, FigureDataError) as exc:  # unreadable: as good as gone, and why
            reason = exc.message if isinstance(exc, FigureDataError) else os_reason(exc)
            reason = reason.removeprefix("cannot read: ")
            changed.append(f"{source['path']} cannot be read ({reason})")
    if changed:
        return changed
    recorded = {source["path"] for source in sources}
    try:
        tree = ResultsTree(results)
        with tree.recording() as used:
            spec.extract(tree)
    except Exception as exc:
        if is_internal(exc):  # a bug of ours: the caller's fault boundary reports it
            raise
        return [f"the results no longer extract: {error_line(exc)}"]
    return [f"{path} is new" for path in sorted(set(used) - recorded)]
