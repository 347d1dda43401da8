"""Issue 43: one data model per figure, two layouts. A figure's series are named and coloured
once (figures/plots/_model.py: an ``Entry`` per method); the seed's layout (``render``) and the
page's (``_for_page``) both draw that model. A method renamed and recoloured in its entry
alone shows in both pictures; a layout that chose its own name or colour fails here."""

from __future__ import annotations

import warnings

import pytest
from helpers import FIXTURES
from matplotlib.colors import to_hex
from matplotlib.text import Text

from figures.data import figdata
from figures.errors import FigureDataWarning
from figures.outputs.kind import DEFAULT, slots_of, venue_kind
from figures.plots import _cifar, _model, _snapshot, fig4_penalty_rescue
from figures.registry import BY_NAME
from figures.style import MethodStyle
from figures.venues import get_venue

SLOW = pytest.mark.slow  # the snapshot figures' page layouts take 4 s each to draw
#: Each family's entries (its model's methods).
FAMILY = {"cifar": _cifar.METHOD, "snapshot": _snapshot.METHOD, "paper": _model.PAPER,
          "fig4": fig4_penalty_rescue.RUNS}
#: (figure, its family, the key of the entry renamed there)
CASES = [("cifar_accuracy", "cifar", "bp"), ("cifar_feature_drift", "cifar", "bp"),
         ("cifar_summary", "cifar", "bp"), ("cifar_state_vs_credit", "cifar", "state_bridge"),
         ("cifar_diagnostics", "cifar", "dfa"), ("fig1_audit_hero", "paper", "FA"),
         pytest.param("fig3b_crossarch_3row", "paper", "DFA", marks=SLOW),
         ("fig4_penalty_rescue", "fig4", "penalized"),
         pytest.param("figure_snapshot_vit", "snapshot", "BP", marks=SLOW),
         pytest.param("figure_snapshot_resmlp", "snapshot", "DFA", marks=SLOW)]
SEED_COLOR, PAGE_COLOR = "#123456", "#654321"
RENAMED = _model.Entry("Renamed", SEED_COLOR, "o", MethodStyle(PAGE_COLOR, "-", "o"))


def _drawn(fig) -> tuple[set[str], set[str]]:
    """Every text of ``fig`` (legends, ticks, titles) and every colour it strokes or fills."""
    texts = {t.get_text() for t in fig.findobj(Text)}
    colors = set()
    for artist in fig.findobj():
        for get in ("get_color", "get_facecolor", "get_markeredgecolor"):
            value = getattr(artist, get, lambda: None)()
            try:
                colors.add(to_hex(value))
            except (ValueError, TypeError):  # a collection's colour array, "auto", None
                colors.update(to_hex(c) for c in getattr(value, "tolist", list)()
                              if not isinstance(c, str) and len(c) == 4)
    return texts, colors


@pytest.mark.parametrize(("name", "family", "key"), CASES)
def test_a_method_renamed_in_the_model_is_renamed_in_both_layouts(name, family, key,
                                                                   monkeypatch):
    spec, entries = BY_NAME[name], FAMILY[family]
    data = figdata.load(FIXTURES / f"{name}.json", name, spec.schema)["data"]
    old = entries[key]
    monkeypatch.setitem(entries, key, RENAMED)
    venue = get_venue("icml")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FigureDataWarning)
        seed = _drawn(DEFAULT.draw(spec, data))
        page = _drawn(venue_kind(venue, slots_of(spec, venue)[0]).draw(spec, data))
    # fig4's seed legend keeps seed 003's wording ("penalized DFA ||h_L||"): its colours only
    for (texts, colors), named, new_color, old_color in (
            (seed, not name.startswith("fig4"), SEED_COLOR, old.color),
            (page, True, PAGE_COLOR, old.style.color)):
        assert any(RENAMED.label in text for text in texts) or not named
        assert old.label not in texts  # not as a legend entry or tick of its own
        assert new_color in colors
        assert to_hex(old_color) not in colors
