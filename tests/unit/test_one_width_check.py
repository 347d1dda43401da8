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


def test_a_share_of_the_line_under_the_smallest_width_is_not_offered():
    """Issue 43: the advice for a row of includes (figures/paper/beside.py) offered a share
    of the line when it was no more than 0.005 in under the figure's smallest width: two in a
    3.25 in line, 0.48\\linewidth each (1.56 in) for a figure of 1.563 in, which, followed,
    the build refuses. Each width offered is judged by the one comparison, ``holds``."""
    from figures.paper.beside import beside

    printed = SimpleNamespace(shares="cifar_accuracy at main.tex:9; 0.2 in over", room=3.12)
    graphic = SimpleNamespace(tex=Path("main.tex"), line=8, printed=printed, options={},
                              wide=False)
    said = beside(graphic, 3.25, 1.563, None, lambda g, width: f"\\includegraphics[width={width}]")
    assert "[width=0.48" not in said, said  # not offered (it is said to be too narrow)
    assert "give it a line of its own" in said, said
