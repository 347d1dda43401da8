"""Every figure's page design holds at every width a paper may give it: from the module's
``SMALLEST_WIDTH_IN`` to each venue's text width, in steps of at most 0.25 in, and at the
venue's column and text widths, it passes every rule ``figures check`` reads from the
drawing: no text over text or over data, nothing cut by the page's edge, every glyph at least
the venue's minimum and every sub- or superscript at least 5 pt, no taller than half the text
height, greyscale, contrast, the stamp.

Venues whose pages draw alike (same sizes, fonts, strokes and tallest height) share one
drawing per width; each venue's own limits are checked on it. Measured as ``check`` measures
the built file, by its own functions (``draw_as_built`` with the synthetic stamp, ``measure``
at print dpi, ``drawing_rows``): a measurement of the test's own missed resmlp's row labels
over each other at IEEE's 3.967 in, which ``check`` refused.
"""

from __future__ import annotations

import dataclasses
import warnings

import pytest
from helpers import FIXTURES, REPO
from matplotlib import pyplot as plt

from figures.cli import main as cli
from figures.data import figdata
from figures.errors import FigureDataError, FigureDataWarning
from figures.outputs.kind import venue_kind
from figures.outputs.render import draw_as_built
from figures.preflight.measure import measure
from figures.preflight.run import drawing_rows
from figures.registry import BY_NAME
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


def problems(name: str, pairs: list, doc: dict) -> list[str]:
    """The failures of every rule ``figures check`` reads from the drawing, for ``name`` drawn
    once for the first (venue, width) of ``pairs`` and measured as ``check`` measures the
    built file (stamped, laid out at print dpi, unhinted), judged by each venue's limits."""
    spec = BY_NAME[name]
    first = venue_kind(*pairs[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FigureDataWarning)
        fig = draw_as_built(spec, doc["data"], first, synthetic=figdata.is_synthetic(doc))
        found = measure(spec, fig, doc["data"], kind=first)
    plt.close(fig)
    return [f"{name} at {width:g} in ({venue.key}): {row.rule} {row.value}: {row.detail}"
            for venue, width in pairs
            for row in drawing_rows(spec, venue, venue_kind(venue, width), found)[0]
            if not row.ok]


def drawing_key(venue, width: float):
    """What the drawing depends on: the page's numbers (not its slot's name or the venue's
    own minimum, which only the rules read)."""
    return dataclasses.replace(venue.page(width), slot="", min_font_pt=0)


#: The data the sweep draws: the test fixtures, and the committed figdata the paper prints
#: (the fixtures alone missed fig4's labels over each other at 3.25 in).
SOURCES = {"fixtures": FIXTURES, "figdata": REPO / "figdata"}


@pytest.mark.slow
@pytest.mark.parametrize("source", list(SOURCES))
@pytest.mark.parametrize("name", list(BY_NAME))
def test_every_width_from_the_smallest_to_the_text_is_legible_at_every_venue(name, source):
    spec = BY_NAME[name]
    doc = figdata.load(SOURCES[source] / f"{name}.json", name, spec.schema)
    failures, drawn_for = [], {}
    for key in VENUES:
        venue = get_venue(key)
        for width in widths(name, venue):
            page_key = drawing_key(venue, width)
            drawn_for.setdefault(page_key, []).append((venue, width))
    for pairs in drawn_for.values():  # drawn once, checked by each venue's limits
        failures += problems(name, pairs, doc)
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
    with pytest.raises(FigureDataError, match=r"is narrower than .* smallest width") as refused:
        venue_kind(get_venue("icml"), smallest_width(name) - 0.1).draw(spec, data)
    assert refused.value.file == "--width"  # what to change (round 43, B2n), not the module


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
