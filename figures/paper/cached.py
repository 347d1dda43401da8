"""Sync's rows for our figures TeX printed only inside a TikZ externalization cache
(:mod:`figures.paper.tikzcache`; hostile round 25, TX2): not "not in the paper"."""

from __future__ import annotations

from pathlib import Path

from figures.paper.tikzcache import redraw


def inside(path: Path, figdata_dir: Path, venues_file: Path | None
           ) -> list[tuple[str, str | None]]:
    """Each figure of ours placed inside the cache ``path``, and why it is stale (None:
    current)."""
    from figures.data.jsonio import read_bytes
    from figures.outputs.provenance import wrapped
    from figures.paper.which import why_stale

    try:
        labels = wrapped(read_bytes(path))
    except Exception:  # noqa: BLE001 - a damaged cache: `figures paper` says what it prints
        return []
    found = {}
    for label in labels:
        stale = why_stale(label, figdata_dir, venues_file)
        if found.get(label["figure"]) is None:
            found[label["figure"]] = stale[0] if stale else None
    return list(found.items())


def cached_rows(result, paper, seen: set[str], figdata_dir: Path,
                venues_file: Path | None) -> None:
    """Sync's row for each figure of ours TeX printed only inside a TikZ cache of ``paper``
    (not in the paper's includes, ``seen``): refused when stale (sync cannot reach it; held
    as every refusal is, all or nothing: written macros would move the text's numbers while
    the page prints the old cache, round 27 T4), up to date when not; either way not "not in
    the paper"."""
    from figures.paper.latex import shown_path

    for cache in paper.tikz_caches:
        shown = shown_path(cache, paper.root)
        for figure, stale in inside(cache, figdata_dir, venues_file):
            if figure in seen:
                continue
            seen.add(figure)
            if stale is None:
                result.rows.append((figure, shown, (
                    f"up to date (inside TikZ's cache {shown}: delete it to redraw once the "
                    "figure changes)")))
            else:
                result.refuse(figure, figure, shown, f"stale ({stale}), inside TikZ's "
                              f"externalized cache {shown}: {redraw(shown, True)}")
