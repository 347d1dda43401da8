"""Golden images of the venue layouts (``figures build --venue V``): every registered figure
laid out for two pages of different widths, ICML's 6.75 in text and NeurIPS's 5.5 in (where
rows of three panels are re-flowed into grids), against ``baseline/venues/``.

Same comparison as the default figures (test_images.py): decoded pixels at tolerance 0.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES, VENUE_BASELINES, VENUES, venue_baseline_name

from figures.data import figdata
from figures.errors import FigureDataWarning
from figures.outputs.kind import BuildKind, venue_kind
from figures.outputs.render import save
from figures.preflight.venues import get_venue
from figures.registry import BY_NAME, FIGURES, FigureSpec

COMPARE: dict[str, Any] = {"tolerance": 0, "savefig_kwargs": {"dpi": 72},
                           "deterministic": True, "baseline_dir": str(VENUE_BASELINES)}


PARAMS = [
    pytest.param(venue, spec.name, id=f"{venue}--{spec.name}",
                 marks=pytest.mark.mpl_image_compare(filename=venue_baseline_name(venue, spec.name),
                                                     **COMPARE))
    for venue in VENUES for spec in FIGURES
]


class _Saved:
    """What pytest-mpl saves: the venue figure, saved inside its theme at its page size."""

    def __init__(self, spec: Any, kind: BuildKind, fig: Any) -> None:
        self.spec, self.kind, self.fig = spec, kind, fig

    def savefig(self, target: Any, **kwargs: Any) -> None:
        kwargs.pop("metadata", None)  # the build's deterministic metadata is save's
        if "format" not in kwargs and isinstance(target, (str, Path)):
            kwargs["format"] = Path(target).suffix.lstrip(".") or "png"
        save(self.spec, self.fig, target, rc=self.kind.save_rc, bbox_inches=None, **kwargs)


@pytest.mark.parametrize(("venue", "name"), PARAMS)
def test_venue_layout_matches_baseline(venue: str, name: str) -> _Saved:
    spec = next(s for s in FIGURES if s.name == name)
    kind = venue_kind(get_venue(venue))
    data = figdata.load(FIXTURES / f"{name}.json", name, spec.schema)["data"]
    with warnings.catch_warnings():  # a fixture may draw a documented data warning
        warnings.simplefilter("ignore", FigureDataWarning)
        fig = kind.draw(spec, data)
    return _Saved(spec, kind, fig)


def golden_inputs(params: dict[str, Any]) -> tuple[FigureSpec, Path, BuildKind]:
    """What a comparison here draws: for tests/golden_cache.py's digest of its inputs."""
    name = params["name"]
    return BY_NAME[name], FIXTURES / f"{name}.json", venue_kind(get_venue(params["venue"]))
