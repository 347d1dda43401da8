"""Golden images of the figures drawn for a venue's page (``figures build --venue V``), as the
build draws them from each fixture: every registered figure at each slot the build writes, at
ICML (two columns: a 3.25 in column slot and a 6.75 in text slot) and NeurIPS (one column of
5.5 in), against ``baseline/venues/``.

Same comparisons as the default figures (test_images.py): decoded pixels at tolerance 0 on the
reference environment, and on every machine the vector content as built (vector.py).
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest
from conftest import Judges
from helpers import FIXTURES, VENUE_BASELINES, venue_baseline_name, venue_slots
from vector import golden_path, judge, venue_vector

from figures.data import figdata
from figures.errors import FigureDataWarning
from figures.outputs.kind import BuildKind, venue_kind
from figures.outputs.render import save
from figures.registry import BY_NAME, FigureSpec
from figures.venues import get_venue

COMPARE: dict[str, Any] = {"tolerance": 0, "savefig_kwargs": {"dpi": 72},
                           "deterministic": True, "baseline_dir": str(VENUE_BASELINES)}


#: The layouts at a width between the slots (a float slot: each figure's smallest and 4.125 in
#: at ICML) are compared in the slow tier (CI): they judge the reflow, which the width sweep
#: (tests/integration/test_widths.py) exercises there too, while a style change shows as well
#: in the slot layouts the default tier compares. Measured, they were a third of the default
#: tier's golden time (docs/performance.md).
PARAMS = [
    pytest.param(venue, name, slot, id=f"{venue}--{name}{'' if slot is None else f'--{slot}'}",
                 marks=[pytest.mark.mpl_image_compare(
                     filename=venue_baseline_name(venue, name, slot), **COMPARE),
                     *([pytest.mark.slow] if isinstance(slot, float) else [])])
    for venue, name, slot in venue_slots()
]


class _Saved:
    """What pytest-mpl saves: the venue figure, saved inside its page's theme at its size."""

    def __init__(self, spec: Any, kind: BuildKind, fig: Any) -> None:
        self.spec, self.kind, self.fig = spec, kind, fig

    def savefig(self, target: Any, **kwargs: Any) -> None:
        kwargs.pop("metadata", None)  # the build's deterministic metadata is save's
        if "format" not in kwargs and isinstance(target, (str, Path)):
            kwargs["format"] = Path(target).suffix.lstrip(".") or "png"
        save(self.spec, self.fig, target, rc=self.kind.rc(self.spec), bbox_inches=None,
             **kwargs)


@pytest.mark.parametrize(("venue", "name", "slot"), PARAMS)
def test_venue_layout_matches_baseline(venue: str, name: str, slot: str | None,
                                       judges: Judges) -> _Saved | None:
    spec, kind = BY_NAME[name], venue_kind(get_venue(venue), slot)
    doc = figdata.load(FIXTURES / f"{name}.json", name, spec.schema)
    with warnings.catch_warnings():  # a fixture may draw a documented data warning
        warnings.simplefilter("ignore", FigureDataWarning)
        fig = kind.draw(spec, doc["data"])

    judges.vector(lambda generate_dir: judge(
        golden_path(VENUE_BASELINES / venue_baseline_name(venue, name, slot)),
        lambda: venue_vector(venue, name, slot), generate_dir))
    return judges.pixels(_Saved(spec, kind, fig))


def golden_inputs(params: dict[str, Any]) -> tuple[FigureSpec, Path, BuildKind]:
    """What a comparison here draws: for tests/golden_cache.py's digest of its inputs."""
    name = params["name"]
    return (BY_NAME[name], FIXTURES / f"{name}.json",
            venue_kind(get_venue(params["venue"]), params["slot"]))


@pytest.mark.slow  # draws every ICML figure once more
def test_each_slot_is_drawn_at_its_width_and_no_taller_than_half_the_text():
    """At a two-column venue, a figure is drawn at the column width for its column slot and
    at the text width for its text slot (each its own design, not a shrunk copy), and never
    taller than half the text height."""

    icml = get_venue("icml")
    drawn = set()
    for venue, name, slot in venue_slots():
        if venue != "icml" or isinstance(slot, float):  # a width: test_widths.py
            continue
        spec = BY_NAME[name]
        data = figdata.load(FIXTURES / f"{name}.json", name, spec.schema)["data"]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FigureDataWarning)
            width, height = venue_kind(icml, slot).draw(spec, data).get_size_inches()
        drawn_slot = slot or BY_NAME[name].slots[0]
        drawn.add(drawn_slot)
        assert width == pytest.approx(
            icml.column_width_in if drawn_slot == "column" else icml.text_width_in), (name, slot)
        assert height <= icml.text_height_in / 2, (name, slot, height)
    assert drawn == {"column", "text"}, "the golden venues no longer cover both slots"
