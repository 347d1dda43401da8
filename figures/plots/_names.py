"""Names beside a panel's rows (fig4's conditions) fitted to the page: on one line, or on two
where one is too wide; one line naming the key where two are too (round 45c, W19). Panel
titles kept inside the laid-out figure (round 49c, W2)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from figures.errors import FigureDataError

#: The widest a row's name may set, in inches at 7.5 pt type (wider at larger type, as the
#: smallest width is): at 3.25 in `figures check` passes fig4 with a name of 30 lowercase
#: letters (1.40 in) and cuts (d)'s title at 32; at 6.75 in a name of 2.0 in cut it too
#: (round 45c, W19).
NAME_IN, NAME_PT = 1.40, 7.5
#: A space outside ``$...$`` (mathtext is not broken inside).
_SPACE = re.compile(r" (?=(?:[^$]*\$[^$]*\$)*[^$]*$)")


def fitted_names(labels: list[str], page: Any, file: str, key: str, panel: str) -> list[str]:
    """Each of ``labels`` on one line (its own breaks joined), or on two where one is wider
    than :data:`NAME_IN` (a row holds two lines); a :class:`FigureDataError`
    in ``file`` (the figdata file's name; the build gives its path) at ``key`` (``{}``: its
    index) where two are too wide for ``panel``."""
    room, names = NAME_IN * page.small_pt / NAME_PT, []
    for i, label in enumerate(labels):
        one = " ".join(label.split())
        words = _SPACE.split(one)
        name = one if page.text_in(one, page.small_pt) <= room else min(
            ("\n".join((" ".join(words[:k]), " ".join(words[k:]))) for k in range(1, len(words))),
            key=lambda two: page.text_in(two, page.small_pt), default=one)
        wide = page.text_in(name, page.small_pt)
        if wide > room:
            lines = " on two lines" if "\n" in name else ""
            raise FigureDataError(file, key.format(i), (
                f"sets {wide:.2f} in wide{lines} where {panel} has room for {room:.2f} in at "
                f"{page.small_pt:g} pt: shorten it"))
        names.append(name)
    return names


#: The clear space (pt) a title keeps from the figure's right edge once laid out: the PNG's
#: hinting moved one 0.1 pt past it (round 49c, W2).
EDGE_PT = 1.0


def titles_inside(fig: Any, axes: Sequence[Any], forms: Sequence[Sequence[str]],
                  module: str) -> None:
    """Each of ``axes``' left title (one of its ``forms``, longest first, as
    :meth:`Page.title` chose it by the panel's nominal width) a shorter form while the laid-out
    figure leaves it less than :data:`EDGE_PT` from its right edge: a log axis's labels
    (``1.5×10⁻⁵``) widen their panel past that nominal width and pushed fig4's (b) title off
    the page at 3.25 in, built at exit 0 while ``check`` failed it (round 49c, W2). One line
    naming ``module`` where the shortest form is still cut."""
    from matplotlib.text import Text

    for _ in range(max(map(len, forms))):
        fig.draw_without_rendering()
        edge = fig.bbox.x1 - EDGE_PT * fig.dpi / 72
        cut = [(ax, form) for ax, form in zip(axes, forms, strict=True)
               if any(isinstance(t, Text) and t.get_text() == ax.get_title(loc="left")
                      and t.get_window_extent().x1 > edge for t in ax.get_children())]
        if not cut:
            return
        for ax, form in cut:
            shown = ax.get_title(loc="left")
            at = form.index(shown) if shown in form else len(form) - 1
            if at + 1 >= len(form):
                raise FigureDataError(f"figures/plots/{module.rsplit('.', 1)[-1]}.py", "titles",
                                      f"at {fig.get_figwidth():g} in the title {shown!r} runs "
                                      "past the figure's right edge in its shortest form: "
                                      "draw the figure wider")
            ax.set_title(form[at + 1], loc="left")
