"""``figures.draw``: a figure as the build draws it, for notebooks and other tools."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from figures.data import figdata
from figures.registry import BY_NAME, FigureSpec

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from figures.outputs.kind import BuildKind
    from figures.venues import Venue


def kind_for(name: str, venue: str | Venue | None = None,
             slot: str | float | None = None) -> tuple[FigureSpec, BuildKind]:
    """The registered figure ``name`` and the build kind that draws it: the default build,
    or ``venue``'s at ``slot`` (None or the figure's own slot: its own files' kind)."""
    from figures.errors import UnknownName
    from figures.outputs.kind import DEFAULT, venue_kind

    if name not in BY_NAME:
        raise UnknownName(f"unknown figure {name!r}; known: "
                          f"{', '.join(BY_NAME)}", "name")
    spec = BY_NAME[name]
    if venue is None:
        if slot is not None:  # the default build has no slots: not silently the default
            from figures.errors import FigureDataError

            raise FigureDataError("slot", None, f"{slot!r} without a venue: a slot is a "
                                  "venue page's (draw(name, \"icml\", slot)); the default "
                                  "build has none")
        return spec, DEFAULT
    from figures.venues import Venue, get_venue

    venue = venue if isinstance(venue, Venue) else get_venue(str(venue))
    return spec, venue_kind(venue, None if slot in (None, spec.slots[0]) else slot)


def draw(name: str, venue: str | Venue | None = None, slot: str | float | None = None, *,
         figdata_dir: str | Path = "figdata") -> Figure:
    """Load and check ``figdata_dir/name.json``, draw it as the build does (stamped when
    synthetic) and return the Figure. Save it as the build does with
    ``figures.outputs.render.save(spec, fig, path, rc=kind.rc(spec))``, ``spec, kind =
    kind_for(name, venue, slot)``."""
    from figures.outputs.render import draw_as_built

    spec, kind = kind_for(name, venue, slot)
    doc = figdata.load(spec.figdata_path(Path(figdata_dir)), spec.name, spec.schema)
    return draw_as_built(spec, doc["data"], kind, synthetic=figdata.is_synthetic(doc))
