"""Every figure's page design holds at every width a paper may give it: from the module's
``SMALLEST_WIDTH_IN`` to each venue's text width, in steps of at most 0.25 in, and at the
venue's column and text widths, it passes the legibility rules of ``figures check``: no text
over text or over data, nothing cut by the page's edge, every glyph at least the venue's
minimum and every sub- or superscript at least 5 pt, no taller than half the text height.

Venues whose pages draw alike (same sizes, fonts, strokes and tallest height) share one
drawing per width; each venue's own limits are checked on it. Drawn, never saved: the rules
measure the laid-out figure (``draw_without_rendering``), as the preflight does.
"""

from __future__ import annotations

import dataclasses
import warnings

import pytest
from helpers import FIXTURES
from matplotlib.text import Text

from figures.cli import main as cli
from figures.data import figdata
from figures.errors import FigureDataError, FigureDataWarning
from figures.outputs.kind import venue_kind
from figures.preflight import rules
from figures.preflight.legibility import Legibility, smallest_glyph_pt
from figures.preflight.measure import _collect, covering_legends, drawn
from figures.registry import BY_NAME
from figures.style import theme
from figures.venues import get_venue

VENUES = ("icml", "neurips", "iclr", "ieee", "acm")
#: The largest step between two widths of the sweep, in inches.
STEP_IN = 0.25


def smallest_width(name: str, venue: str = "icml") -> float:
    return BY_NAME[name].smallest_width_in(get_venue(venue))


def widths(name: str, venue) -> list[float]:
    """Every STEP_IN from the figure's smallest width up to the venue's text width (the same
    widths at every venue, so that pages drawn alike are drawn once), the text width itself
    and the column width."""
    low, high = BY_NAME[name].smallest_width_in(venue), venue.text_width_in
    found = {round(low + STEP_IN * i, 3) for i in range(int((high - low) / STEP_IN + 1e-9) + 1)}
    return sorted(found | {w for w in (venue.column_width_in, high) if w >= low})


def measured(name: str, venue, width: float, data: dict) -> tuple:
    """``name`` drawn for ``venue`` at ``width`` and laid out: its texts (with their boxes),
    the sub- and superscripts' smallest glyphs, legends over data, and its size."""
    spec, kind = BY_NAME[name], venue_kind(venue, width)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FigureDataWarning)
        fig = kind.draw(spec, data)
    with theme(kind.rc(spec)):
        fig.draw_without_rendering()
        renderer = fig.canvas.get_renderer()
        texts, strokes, scripts = [], [], []
        for artist, where, role in drawn(fig):
            _collect(artist, where, role, spec.shown_path, {}, texts, strokes, renderer)
            if isinstance(artist, Text) and artist.get_text().strip():
                smallest = smallest_glyph_pt(artist)
                if smallest < artist.get_fontsize():
                    scripts.append((artist.get_text(), role or "text", smallest))
        covering = covering_legends(fig)
    return texts, Legibility(scripts=scripts), covering, tuple(map(float, fig.get_size_inches()))


def problems(name: str, venue, width: float, found: tuple) -> list[str]:
    """The legibility rules' failures for ``name`` drawn at ``width``, by ``venue``'s limits."""
    texts, seen, covering, size = found
    rows = [rules.text_row(name, texts, 1.0, venue), rules.script_row(name, seen, 1.0),
            rules.size_row(name, width, size, venue),
            rules.layout_row(name, texts, 1.0, (0.0, 0.0, *size), covering)]
    return [f"{name} at {width:g} in ({venue.key}): {row.rule} {row.value}: {row.detail}"
            for row in rows if not row.ok]


def drawing_key(venue, width: float):
    """What the drawing depends on: the page's numbers (not its slot's name or the venue's
    own minimum, which only the rules read)."""
    return dataclasses.replace(venue.page(width), slot="", min_font_pt=0)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(BY_NAME))
def test_every_width_from_the_smallest_to_the_text_is_legible_at_every_venue(name):
    spec = BY_NAME[name]
    data = figdata.load(FIXTURES / f"{name}.json", name, spec.schema)["data"]
    failures, drawn_for = [], {}
    for key in VENUES:
        venue = get_venue(key)
        for width in widths(name, venue):
            page_key = drawing_key(venue, width)
            drawn_for.setdefault(page_key, []).append((venue, width))
    for pairs in drawn_for.values():  # drawn once, checked by each venue's limits
        found = measured(name, *pairs[0], data)
        for venue, width in pairs:
            failures += problems(name, venue, width, found)
    assert not failures, "\n".join(failures)


@pytest.mark.slow  # a subprocess, a TeX compile or builds: seconds
def test_a_width_under_the_smallest_is_refused_for_that_figure_only(tmp_path, capsys):
    """``build --venue V --width W``: a figure whose smallest width is above W is one line
    naming that width; the others build at W."""
    narrow = max(BY_NAME, key=smallest_width)
    wide_enough = min(BY_NAME, key=smallest_width)
    width = (smallest_width(narrow) + smallest_width(wide_enough)) / 2
    assert smallest_width(wide_enough) < width < smallest_width(narrow)
    out = tmp_path / "w"
    code = cli.main(["build", narrow, wide_enough, "--venue", "icml", "--width", f"{width:g}",
                     "--figdata", str(FIXTURES), "--out", str(out)])
    err = capsys.readouterr().err
    assert code != 0
    [line] = [line for line in err.splitlines() if line.startswith("error:")]
    assert narrow in line
    assert f"{smallest_width(narrow):g} in" in line
    assert "Traceback" not in err
    assert (out / f"{wide_enough}.pdf").is_file()
    assert not (out / f"{narrow}.pdf").exists()


@pytest.mark.parametrize("venue", VENUES)
def test_no_figure_refuses_a_column_of_three_and_a_half_inches(venue):
    assert max(smallest_width(name, venue) for name in BY_NAME) <= 3.5


def test_a_width_is_drawn_at_that_width():
    name = min(BY_NAME, key=smallest_width)
    spec = BY_NAME[name]
    data = figdata.load(FIXTURES / f"{name}.json", name, spec.schema)["data"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FigureDataWarning)
        fig = venue_kind(get_venue("icml"), 4.125).draw(spec, data)
    assert fig.get_size_inches()[0] == pytest.approx(4.125)
    with pytest.raises(FigureDataError, match="SMALLEST_WIDTH_IN"):
        venue_kind(get_venue("icml"), smallest_width(name) - 0.1).draw(spec, data)


@pytest.mark.slow  # three builds: seconds
def test_a_width_is_one_build_however_many_digits_it_is_given_with(tmp_path, capsys,
                                                                   monkeypatch):
    """Issue 43/45: `--width 3.2500000001` built into w3.25/ under a key of the unrounded
    width: a second build said "current", `which` then "stale", and 3.25 rebuilt over it.
    One rounding names the folder, the label and the key alike."""
    monkeypatch.chdir(tmp_path)
    build = ["build", "cifar_summary", "--venue", "icml", "--figdata", str(FIXTURES)]
    said = []
    for width in ("3.2500000001", "3.2500000001", "3.25", "3.2504"):
        assert cli.main([*build, "--width", width]) == 0
        said.append(capsys.readouterr().out)
    assert said[0].startswith("built cifar_summary: build/icml/w3.25/cifar_summary.pdf")
    assert said[1:] == ["current cifar_summary in build/icml/w3.25/\n"] * 3
    built = tmp_path / "build" / "icml" / "w3.25" / "cifar_summary.pdf"
    assert cli.main(["which", str(built), "--figdata", str(FIXTURES)]) == 0
    assert capsys.readouterr().out.endswith(": current\n")


@pytest.mark.parametrize("under", [0.008, 0.003, 0.0004, 0.0])
def test_placement_and_the_build_refuse_the_same_boxes_under_the_smallest_width(under):
    """Issue 43: a box 0.006-0.01 in under a figure's smallest width passed placement (0.01
    of leeway) and then failed the build (0.005): one check decides both, in one line."""
    from pathlib import Path

    from figures.paper.engine import Printed
    from figures.paper.latex import Graphic
    from figures.paper.placed import placement

    name = min(BY_NAME, key=smallest_width)
    spec, icml = BY_NAME[name], get_venue("icml")
    width = spec.smallest_width_in(icml) - under
    graphic = Graphic(Path("main.tex"), 1, name, {}, False)
    graphic.printed = Printed(1, None, (0.0, 0.0), icml.column_width_in, width, None, False)
    placed = placement(graphic, spec, icml)
    data = figdata.load(FIXTURES / f"{name}.json", name, spec.schema)["data"]
    refused = ""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FigureDataWarning)
            venue_kind(icml, width).draw(spec, data)
    except FigureDataError as exc:
        refused = exc.message
    if refused:
        assert placed.width is None, f"placed at {placed.width}, refused by the build: {refused}"
        assert placed.problem.startswith(refused.split(": ")[0])
    else:
        assert placed.width is not None, f"refused where placed, built: {placed.problem}"
        assert placed.width == round(width, 3)
