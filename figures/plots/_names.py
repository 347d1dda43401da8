"""Names beside a panel's rows (fig4's conditions) fitted to the page: on one line, or on two
where one is too wide; one line naming the key where two are too (round 45c, W19)."""

from __future__ import annotations

import re
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
