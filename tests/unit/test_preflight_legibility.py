"""The preflight's legibility rules (figures/preflight/legibility.py): each catches its
planted violation, measured as printed, and passes the clean case beside it."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
from helpers import REPO

from figures.outputs.stamp import TEXT as STAMP
from figures.preflight.measure import measure
from figures.preflight.rules import (
    contrast_row,
    greyscale_row,
    ink_row,
    script_row,
    size_row,
    stamp_row,
)
from figures.registry import Output
from figures.style import DEFAULT_RC, new_figure, theme, themed
from figures.venues import get_venue

ICML = get_venue("icml")


def _seen(fig):
    spec = SimpleNamespace(name="planted", shown_path="figures/planted.py", slot="column",
                           outputs=(Output("png", 100, None),),
                           render=themed(DEFAULT_RC)(lambda data: None))
    return measure(spec, fig, {}).legibility


def _figure():
    fig = new_figure(figsize=(3.25, 2.0))
    return fig, fig.subplots()


def test_a_log_axis_exponent_is_measured_as_printed_not_as_its_label():
    """A 7 pt tick label $10^{-4}$ passes a 6 pt text minimum, but its exponent prints at
    4.9 pt: the script rule fails it, naming the label; at 8 pt it passes."""
    fig, ax = _figure()
    ax.semilogy([1, 2, 3], [1e-4, 1e-3, 1e-2])
    ax.tick_params(labelsize=7)
    row = script_row("planted", _seen(fig), 1.0)
    assert not row.ok
    assert "10^{-" in row.detail
    assert row.value == "4.9 pt"
    ax.tick_params(labelsize=8)
    assert script_row("planted", _seen(fig), 1.0).ok


def test_a_text_of_two_lines_is_measured_line_by_line_without_a_glyph_warning(caplog):
    """matplotlib lays out each line alone: mathtext parsed across a newline logged "Font
    'default' does not have a glyph for '\\n'" on `figures check --html` (fig1's notes)."""
    from figures.preflight.legibility import smallest_glyph_pt

    _, ax = _figure()
    one = ax.text(0.1, 0.5, "$10^{-4}$", fontsize=7)
    two = ax.text(0.1, 0.2, "$10^{-4}$\nat epoch $t_0$", fontsize=7)
    with caplog.at_level("WARNING", logger="matplotlib"):
        assert smallest_glyph_pt(two) == smallest_glyph_pt(one) < 7
    assert caplog.records == []


def test_grey_text_on_a_grey_fill_fails_the_contrast_rule():
    fig, ax = _figure()
    ax.axvspan(0.0, 0.5, color="#bbbbbb")
    ax.text(0.25, 0.5, "a quiet note", color="#888888", ha="center")
    row = contrast_row("planted", _seen(fig))
    assert not row.ok
    assert "a quiet note" in row.detail
    ax.texts[0].set_color("black")
    assert contrast_row("planted", _seen(fig)).ok


def test_a_note_over_a_series_fails_the_ink_rule_and_one_beside_it_passes():
    fig, ax = _figure()
    x = np.linspace(0, 1, 20)
    ax.plot(x, x)
    note = ax.text(0.5, 0.5, "over the line", ha="center", va="center")
    row = ink_row("planted", _seen(fig))
    assert not row.ok
    assert "over the line" in row.detail
    note.set_position((0.2, 0.9))
    assert ink_row("planted", _seen(fig)).ok


def test_two_solid_lines_of_one_grey_fail_greyscale_and_a_dash_tells_them_apart():
    """Red and green of the same lightness are one grey in print."""
    fig, ax = _figure()
    x = np.arange(5)
    ax.plot(x, x, color="#d62728", label="one")
    other = ax.plot(x, x + 1, color="#5b8f00", label="two")[0]
    row = greyscale_row("planted", _seen(fig))
    assert not row.ok
    assert "'one'" in row.detail
    assert "'two'" in row.detail
    other.set_linestyle("--")
    assert greyscale_row("planted", _seen(fig)).ok


def test_the_stamp_over_a_panel_or_under_the_minimum_fails():
    fig, ax = _figure()
    stamp = ax.text(0.99, 0.02, STAMP, transform=ax.transAxes, ha="right", fontsize=7)
    row = stamp_row("planted", _seen(fig), 1.0, get_venue("ieee"))
    assert not row.ok
    assert "over a panel" in row.value
    assert "7.0 pt" in row.value
    stamp.remove()
    fig.text(0.99, 0.01, STAMP, ha="right", fontsize=8)
    fig.subplots_adjust(bottom=0.25)
    assert stamp_row("planted", _seen(fig), 1.0, get_venue("ieee")).ok


def test_a_figure_taller_than_half_the_text_height_fails_the_size_rule():
    tall = size_row("planted", "text", (ICML.text_width_in, 4.6), ICML)
    assert not tall.ok
    assert "half the text height" in tall.detail
    assert size_row("planted", "text", (ICML.text_width_in, 4.5), ICML).ok


def test_a_text_is_measured_at_its_printed_length_not_as_hinted_on_a_screen():
    """The ICML width sweep (issue 46): at the screen's 100 dpi the font's hinting made the
    label '(mean of 3 seeds)' 64 pt long where it prints 57 pt, and figure_snapshot_resmlp's
    two row labels, 4 pt apart in its PDF at 4 in, were called overlapping."""
    rc = {**DEFAULT_RC, "font.family": "STIXGeneral"}  # the venue pages' font
    with theme(rc):
        fig = new_figure(figsize=(4.0, 2.4))
        label = fig.text(0.1, 0.2, "(mean of 3 seeds)", fontsize=8, rotation=90)
        fig.set_dpi(1200)  # fine enough that hinting adds nothing: its printed length
        fig.draw_without_rendering()
        printed = label.get_window_extent().height / 1200 * 72
        fig.set_dpi(100)
    spec = SimpleNamespace(name="planted", shown_path="figures/planted.py",
                           outputs=(Output("png", 300, None),), render=themed(rc)(lambda d: d))
    [item] = [t for t in measure(spec, fig, {}).texts if t.text == label.get_text()]
    assert abs((item.box[3] - item.box[1]) * 72 - printed) < 1.5, (item.box, printed)


@pytest.mark.slow  # fig4 drawn and measured: seconds
def test_a_text_is_read_against_what_is_behind_it_where_it_is_laid_out():
    """The ICML width sweep (issue 46): the backdrop is drawn without the texts, and that draw
    moved fig4's '(d) 2x2 control' title to 2.3 times its panel's height, over (c)'s grey:
    black on white was reported at 3.6:1 at 5.25 in."""
    from figures.data import figdata
    from figures.outputs.kind import venue_kind
    from figures.outputs.render import draw_as_built
    from figures.registry import BY_NAME

    spec, kind = BY_NAME["fig4_penalty_rescue"], venue_kind(ICML, 5.25)
    doc = figdata.load(spec.figdata_path(REPO / "figdata"), spec.name, spec.schema)
    fig = draw_as_built(spec, doc["data"], kind, synthetic=True)
    seen = measure(spec, fig, doc["data"], kind=kind).legibility
    assert contrast_row("fig4_penalty_rescue", seen).ok, seen.contrasts


def test_the_gate_of_sync_lays_the_build_out_once_and_judges_as_the_check(monkeypatch):
    """Sync's legibility gate (issue 44, a cold sync's cost) reads the text, script, line and
    layout rules only: it lays the build's drawing out once, at print dpi, and renders
    nothing (the check drew it three times: at print dpi, at the screen's again, and its
    backdrop for contrast); its verdict is the check's first failing row of those rules."""
    import dataclasses

    from matplotlib.figure import Figure

    from figures.outputs.kind import venue_kind
    from figures.outputs.render import draw_as_built
    from figures.page import Width
    from figures.preflight.run import LEGIBILITY, drawing_rows, legibility
    from figures.registry import BY_NAME

    spec, figdata = BY_NAME["cifar_summary"], REPO / "figdata"
    doc = spec.load_figdata(figdata)
    kind = venue_kind(ICML, Width(3.25))
    for venue in (ICML, dataclasses.replace(ICML, min_font_pt=9.0)):  # passes; text fails
        drawing = draw_as_built(spec, doc["data"], kind, synthetic=True), doc["data"]
        draws, draw = [], Figure.draw

        def counted(fig, *args, draws=draws, draw=draw):
            draws.append(1)
            return draw(fig, *args)

        monkeypatch.setattr(Figure, "draw", counted)
        verdict = legibility(spec, venue, kind, figdata, drawing)
        monkeypatch.undo()
        assert len(draws) == 1
        rows = drawing_rows(spec, venue, kind, measure(spec, *drawing, kind=kind))[0]
        failed = sorted((r for r in rows if r.rule in LEGIBILITY and not r.ok),
                        key=lambda r: LEGIBILITY.index(r.rule))
        assert verdict == (f"{failed[0].rule}: {failed[0].detail or failed[0].value}"
                           if failed else None)
    assert verdict.startswith("text: ")
