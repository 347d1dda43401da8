"""``figures.draw``: a figure as the build draws it, for notebooks and other tools."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from figures.data import figdata
from figures.page import SLOTS
from figures.registry import BY_NAME, FigureSpec

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from figures.outputs.kind import BuildKind
    from figures.venues import Venue


def kind_for(name: str, venue: str | Venue | None = None,
             slot: str | float | None = None) -> tuple[FigureSpec, BuildKind]:
    """The registered figure ``name`` and the build kind that draws it."""
    from figures.errors import UnknownName
    from figures.outputs.kind import DEFAULT, venue_kind

    if name not in BY_NAME:
        raise UnknownName(f"unknown figure {name!r}; known: {', '.join(BY_NAME)}", "name")
    spec = BY_NAME[name]
    if venue is None:
        if slot is not None:  # the default build has no slots: not silently the default
            from figures.errors import FigureDataError

            raise FigureDataError("slot", None, f"{slot!r} without a venue: a slot is a "
                                  "venue page's (draw(name, \"icml\", slot)); the default "
                                  "build has none")
        return spec, DEFAULT
    from figures.venues import Venue, get_venue

    if not isinstance(venue, (str, Venue)):  # draw(name, 3.25): the width where the venue goes
        from figures.venues import load_venues

        raise UnknownName(f"a venue is a name ({', '.join(sorted(load_venues()))}) or a "
                          f"Venue; a width in inches is the slot, after the venue: draw("
                          f"{name!r}, \"icml\", {venue!r})", f"figures.draw(..., venue={venue!r})")
    venue = venue if isinstance(venue, Venue) else get_venue(
        venue, asked=f"figures.draw(..., venue={venue!r})",
        own="your own: venue=figures.venues.get_venue(NAME, VENUES_FILE)")
    if slot is not None and not (isinstance(slot, str) and slot in SLOTS):  # a width
        slot = venue.width(slot)  # as a float ("Column" or "3.25": the caller's slip)
    return spec, venue_kind(venue, None if slot in (None, spec.slots[0]) else slot)


def draw(name: str, venue: str | Venue | None = None, slot: str | float | None = None, *,
         figdata_dir: str | Path | None = None) -> Figure:
    """Load and check ``figdata_dir/name.json`` (default: the project's, not the current
    folder's) and draw it as the build does, bound to the build's way of saving it."""
    from figures.outputs.render import draw_as_built
    from figures.registry import PACKAGE_DIR

    spec, kind = kind_for(name, venue, slot)
    folder = Path(figdata_dir).expanduser() if figdata_dir is not None else \
        PACKAGE_DIR.parent / "figdata"  # "~/figdata", as the shell gives --figdata (53h, W7)
    if not folder.is_dir():  # as the CLI's --figdata: the cause, not "NAME.json not found"
        from figures.errors import FigureDataError

        what = "not a folder" if folder.exists() else "no such folder"
        raise FigureDataError(str(folder), None, f"{what}: figdata_dir is the figdata folder, "
                              f"the one holding {spec.name}.json")
    doc = spec.load_figdata(folder)
    fig = draw_as_built(spec, doc["data"], kind, synthetic=figdata.is_synthetic(doc))
    return saved_as_built(spec, kind, fig)


def saved_as_built(spec: FigureSpec, kind: BuildKind, fig: Figure) -> Figure:
    """``fig`` with its texts in the concrete fonts the build saves in (a generic "serif" saved
    outside the page's rcParams was DejaVu Serif in Type 3), its ``savefig`` the build's."""
    import types

    from matplotlib import font_manager
    from matplotlib.figure import Figure as PlainFigure
    from matplotlib.text import Text

    from figures.outputs.render import save_settings, saved
    from figures.style import theme

    rc = {**spec.render.rc, **kind.rc(spec)}
    with theme(rc):
        fontset = rc.get("mathtext.fontset")
        for text in fig.findobj(Text):
            found = font_manager.findfont(text.get_fontproperties())
            text.set_fontfamily(font_manager.get_font(found).family_name)
            if fontset:
                text.set_math_fontfamily(fontset)

    def savefig(self: Figure, target: Any, **kwargs: Any) -> None:
        kwargs = {**save_settings(kind, spec, target, kwargs, self), **kwargs}
        fmt = (kwargs.get("format") or Path(str(target)).suffix.lstrip(".") or "png").lower()
        with theme(rc):  # a venue's PNG as the build writes it: RGB (round 25, PA)
            saved(lambda *a, **k: PlainFigure.savefig(self, *a, **k), target,
                  kind.rgb_png and fmt == "png", kwargs)

    fig.savefig = types.MethodType(savefig, fig)
    return fig
