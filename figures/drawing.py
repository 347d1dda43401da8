"""``figures.draw``: a figure as the build draws it, for notebooks and other tools."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from figures.data import figdata
from figures.registry import BY_NAME, FigureSpec

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from figures.preflight.venues import Venue


def spec_for(name: str, venue: str | Venue | None = None,
             slot: str | float | None = None) -> FigureSpec:
    """The spec the build uses for ``name`` (at ``venue``'s page and ``slot``, if given)."""
    from figures.errors import UnknownName

    if name not in BY_NAME:
        raise UnknownName("name", None, f"unknown figure {name!r}; known: "
                          f"{', '.join(BY_NAME)}")
    spec = BY_NAME[name]
    if venue is None:
        return spec
    from figures.outputs.venue import VenueSpec, declared_slots
    from figures.preflight.venues import Venue, get_venue

    venue = venue if isinstance(venue, Venue) else get_venue(str(venue))
    own = declared_slots(spec)[0]
    return VenueSpec.of(spec, venue, None if slot in (None, own) else slot)


def draw(name: str, venue: str | Venue | None = None, slot: str | float | None = None, *,
         figdata_dir: str | Path = "figdata") -> Figure:
    """Load and check ``figdata_dir/name.json``, draw it as the build does (stamped when
    synthetic) and return the Figure; it is saved as the build saves it with
    :func:`figures.outputs.render.save` (``spec_for(...)`` gives the spec)."""
    from figures.outputs.render import draw as draw_spec
    from figures.outputs.stamp import stamp_synthetic

    spec = spec_for(name, venue, slot)
    doc = figdata.load(spec.figdata_path(Path(figdata_dir)), spec.name, spec.schema)
    fig = draw_spec(spec, doc["data"])
    if figdata.is_synthetic(doc):
        stamp_synthetic(spec, fig)
    return fig
