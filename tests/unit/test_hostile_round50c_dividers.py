"""Round 50c (W12): fig1's names of close points were kept off the frame, the quadrant names,
each other and the markers, but not off the two dashed dividers (Γ = 0, chance): FA at
(0.11, 0.01) had its name centred on the Γ = 0 line, built at exit 0 and passed by
``check``; and ICML's 4.125 in page printed "DFA" on the Γ = 0 line. A side off the dividers
now comes first; a tie on the cross itself (the paper's collapse), which may leave no such
side, is still built."""

from __future__ import annotations

import copy
import warnings

import pytest
from helpers import REPO
from matplotlib.text import Annotation

from figures.data import figdata
from figures.errors import FigureDataWarning
from figures.outputs.kind import venue_kind
from figures.plots.fig1_audit_hero import CHANCE
from figures.registry import BY_NAME
from figures.venues import get_venue

SPEC = BY_NAME["fig1_audit_hero"]
POINTS = {  # (acc, Γ) of FA, DFA, BP: W12's cases, and the committed figdata
    "either side of the cross": {"FA": (0.11, 0.01), "DFA": (0.09, -0.01), "BP": (0.61, 1.0)},
    "a tie on the cross": {"FA": (0.1, 0.0), "DFA": (0.1, 0.0), "BP": (0.1, 0.02)},  # built
    "the paper's": None,
}


#: Each case at the widths it is drawn: at 4.125 in DFA's one free side, either side of the
#: cross, leaves FA none off the dividers; a tie on the cross there is round 50c W1's refusal.
CASES = [("the paper's", 3.25), ("the paper's", 4.125), ("the paper's", 6.75),
         ("either side of the cross", 3.25), ("either side of the cross", 6.75),
         ("a tie on the cross", 3.25), ("a tie on the cross", 6.75)]


@pytest.mark.parametrize(("case", "width"), CASES)
def test_no_name_of_a_point_prints_on_a_divider(case, width):
    data = copy.deepcopy(figdata.load(REPO / "figdata" / "fig1_audit_hero.json",
                                      SPEC.name, SPEC.schema)["data"])
    for method, (acc, gamma) in (POINTS[case] or {}).items():
        data["panel_a"]["values"][method] = {"acc": acc, "gamma": gamma}
    kind = venue_kind(get_venue("icml"), width)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FigureDataWarning)
        fig = kind.draw(SPEC, data)
    ax = next(a for a in fig.axes if any(isinstance(t, Annotation) for t in a.texts))  # (a)
    renderer = fig.canvas.get_renderer()
    u, v = ax.transData.transform((0, CHANCE))
    names = [a for a in ax.texts if isinstance(a, Annotation)]
    assert len(names) == 3
    for name in names if case != "a tie on the cross" else ():
        box = name.get_window_extent(renderer)
        assert not box.x0 < u < box.x1, (name.get_text(), "on the Γ = 0 line")
        assert not box.y0 < v < box.y1, (name.get_text(), "on the chance line")
