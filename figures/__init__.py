"""fa-audit-figures: the figures of the BP / FA / DFA credit-assignment audit.

Each figure is a pure ``render(data) -> matplotlib.figure.Figure`` over one committed
figdata JSON; :mod:`figures.registry` lists them all and drives the CLI, the build and the tests.
"""

from figures.version import __version__

__all__ = ["__version__", "draw"]


def draw(name: str, venue: object = None, slot: str | float | None = None, *,
         figdata_dir: str | None = None) -> object:
    """The matplotlib Figure of figure ``name`` exactly as the build draws and saves it, from
    ``figdata_dir`` (default: the project's ``figdata/``): the default build's, or drawn for
    ``venue``'s page (a key or a :class:`figures.venues.Venue`) at ``slot`` (None: the
    figure's own; "column", "text", or a width in inches); ``fig.savefig`` saves as the build."""
    from figures.drawing import draw as draw_figure

    return draw_figure(name, venue, slot, figdata_dir=figdata_dir)
