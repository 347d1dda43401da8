"""Issue 43, one width: a width is checked against a figure's smallest in one place
(:meth:`figures.contract.FigureModule.too_narrow`, both sides rounded as a Width is). The
height wrapper's search (figures/paper/tall.py) compared with its own 0.005 in of slack, so a
line up to that much under the smallest width was searched and a build narrower than the
figure's smallest could be offered, which the build then refuses."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from figures.paper import tall
from figures.registry import BY_NAME
from figures.venues import get_venue

REPO = Path(__file__).resolve().parents[2]


def test_a_line_just_under_the_smallest_width_is_left_to_the_smallest_widths_refusal(
        monkeypatch):
    spec, venue = BY_NAME["cifar_summary"], get_venue("icml")
    least = spec.smallest_width_in(venue)
    line = round(least - 0.003, 3)
    assert spec.too_narrow(venue, line, "narrower") is not None  # the one check refuses it
    graphic = SimpleNamespace(printed=SimpleNamespace(line_in=line))
    include = SimpleNamespace(graphic=graphic, tex=Path("main.tex"), line=7)
    monkeypatch.setattr(tall, "_wrapped", lambda _: ("main.tex", 7, "2in", "\\resizebox", 2.0))
    searched = []
    monkeypatch.setattr(tall, "_fixed_point", lambda *a: searched.append(a) or [line, None, ""])
    assert tall.held(include, spec, venue, REPO / "figdata") is None
    assert searched == []
