"""fa-audit-figures: the figures of the BP / FA / DFA credit-assignment audit.

Each figure is a pure ``render(data) -> matplotlib.figure.Figure`` over one committed
figdata JSON; :mod:`figures.registry` lists them all and drives the CLI, the build and the tests.
"""

from figures.version import __version__

__all__ = ["__version__", "draw"]


def draw(name: str, venue: object = None, slot: str | float | None = None, *,
         figdata_dir: str = "figdata") -> object:
    """The matplotlib Figure of figure ``name`` exactly as the build draws it from
    ``figdata_dir``: the default build's (``venue=None``), or drawn for a venue's page
    (``venue="icml"`` or a :class:`figures.venues.Venue`) at ``slot`` (None: the
    figure's own; "column", "text", or a width in inches); synthetic data stamped as the
    build stamps it. Save it as the build does with :func:`figures.outputs.render.save` and
    the kind's rcParams (``figures.drawing.kind_for``; docs/venues.md)."""
    from figures.drawing import draw as draw_figure

    return draw_figure(name, venue, slot, figdata_dir=figdata_dir)
