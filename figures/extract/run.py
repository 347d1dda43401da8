"""``figures extract``: a raw results tree into the figdata of every log-derived figure."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from figures.data import figdata
from figures.data.envelope import SYNTHETIC
from figures.data.schema import check
from figures.errors import DataError, FigureDataError
from figures.extract.results import ResultsTree
from figures.registry import FigureSpec


def extract_figure(spec: FigureSpec, tree: ResultsTree, figdata_dir: Path) -> dict[str, Any]:
    """Build ``spec``'s figdata document from ``tree`` (paper values carried over)."""
    if spec.extract is None:
        raise ValueError(f"{spec.name} holds paper values only; nothing to extract")
    with tree.recording() as used:
        data = spec.extract(tree)
    path = spec.figdata_path(figdata_dir)
    previous = figdata.load(path, spec.name) if path.is_file() else None
    if spec.paper_keys:
        if previous is None:
            raise DataError(
                str(path), None,
                f"missing; it keeps this figure's paper values ({', '.join(spec.paper_keys)}): "
                "copy it from the repository's figdata/",
            )
        for key in spec.paper_keys:
            if key not in previous["data"]:
                raise DataError(str(path), f"data.{key}", "missing paper values")
            data[key] = previous["data"][key]
    sources = [{"path": rel, "sha256": tree.sha256(rel)} for rel in sorted(used)]
    kind = SYNTHETIC if tree.synthetic else "extracted"
    doc = figdata.make(spec.name, data, kind=kind, seed_script=spec.seed_script, sources=sources)
    if previous is not None and "quoted" in previous:
        doc["quoted"] = previous["quoted"]  # which values the paper quotes is not in the logs
    elif previous is None:
        _no_quoted_carried(spec, tree, path)
    if previous is not None and "$schema" in previous:
        doc = {"$schema": previous["$schema"], **doc}  # the editor's hint stays where it was
    if spec.schema is not None:
        # what `build` would refuse is refused here, before the previous good file is replaced
        try:
            check(spec.schema, doc["data"], str(path))
        except FigureDataError as exc:
            kept = any(key == f"data.{paper}" or key.startswith((f"data.{paper}.",
                                                                   f"data.{paper}["))
                       for key, _ in exc.problems for paper in spec.paper_keys)
            origin = (f"in the paper values kept from {path.name} (fix them there)" if kept
                      else f"in the data extracted from {tree.root}")
            if exc.key is None:  # several problems: what was refused first, the list after
                raise DataError(exc.file, None, f"{origin}, {path.name} was left as it "
                                      f"was: {exc.message}") from None
            raise DataError(exc.file, exc.key, f"{exc.message}, {origin}; {path.name} "
                                  "was left as it was") from None
    return doc


def _no_quoted_carried(spec: FigureSpec, tree: ResultsTree, path: Path) -> None:
    """A warning when ``path`` is new and the repository's figdata file of ``spec`` (in the
    working folder's ``figdata/`` or the package's checkout: round 48c W8) names
    values the paper quotes: they are not in the logs, so the new file has none, and
    ``figures macros`` of that folder leaves the paper's macros undefined (hostile round
    47c, W33: eight macros vanished without a word)."""
    from figures.paths import repository_figdata

    kept = repository_figdata(path.name, path)
    try:
        quoted = figdata.load(kept, spec.name).get("quoted") if kept is not None else None
    except FigureDataError:
        return
    if quoted:
        tree.warn(str(path), "quoted", f"a new file: the {len(quoted)} value(s) the paper "
                  f"quotes (not in the logs) are listed in {kept}, not here; copy its "
                  "`quoted` list in, or `figures macros` of this folder leaves those macros "
                  "undefined")
