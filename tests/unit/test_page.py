"""The page given before a figure draws (figures/page.py, figures/venues.py): its
numbers come from the venue's, a figure is drawn only for the slots it declares, and
figures.draw returns what the build draws."""

from __future__ import annotations

import dataclasses
import warnings
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

import figures
from figures.errors import AuthorCodeError, FigureDataError, FigureDataWarning
from figures.outputs.kind import venue_kind
from figures.page import COMFORT_PT, SCRIPT_PT
from figures.registry import FIGURES
from figures.venues import get_venue, load_venues


@pytest.mark.parametrize("venue", sorted(load_venues()))
def test_a_page_keeps_every_glyph_legible_and_takes_the_body_font(venue):
    v = get_venue(venue)
    for slot, width in (("column", v.column_width_in), ("text", v.text_width_in)):
        p = v.page(slot)
        rc = p.rc()
        assert p.width_in == width
        assert p.small_pt >= max(v.min_font_pt, COMFORT_PT)
        assert p.small_pt * 0.7 >= SCRIPT_PT  # a log axis's exponent (mathtext's scripts: 0.7)
        assert min(rc["xtick.labelsize"], rc["legend.fontsize"], rc["font.size"]) >= \
            v.min_font_pt
        assert rc["font.family"] == v.body_font_family
        assert p.thin_pt >= v.min_line_pt
        if v.text_height_in:
            assert p.max_height_in == v.text_height_in / 2


def test_a_width_in_inches_is_a_slot_too():
    icml = get_venue("icml")
    assert icml.page(3.0).slot == "column"
    assert icml.page(6.0).width_in == 6.0


def test_a_slot_the_figure_is_not_designed_for_is_refused_naming_its_module():
    column_only = next(s for s in FIGURES if s.slots == ("column",))
    with pytest.raises(AuthorCodeError, match=rf"{column_only.shown_path}: SLOTS:.*'text'"):
        venue_kind(get_venue("icml"), "text").draw(column_only, {})


@pytest.mark.parametrize("width", [0, -1, 0.3, 1e-300, 100, float("nan"), float("inf"), True,
                                   [3.25], np.True_, Decimal("NaN"), Decimal("sNaN")])
def test_a_width_no_figure_can_be_drawn_for_is_one_line_before_any_drawing(width):
    """Hostile pass 6: figures.draw(name, "icml", 0) returned an empty 0 x 0 figure, True a
    1 in one, -1 and NaN raised matplotlib's ValueError, 1e-300 a LinAlgError, 100 blamed
    the figure's code ("render: returned a figure of 100 x 4.5 in")."""
    spec = FIGURES[0]
    with pytest.raises(FigureDataError, match=r"^slot: .*a width in inches from 1 to icml's "
                       r"text width \(6\.75 in\)"):
        venue_kind(get_venue("icml"), width).draw(spec, {})


def test_a_slot_without_a_venue_is_refused_not_ignored():
    """Hostile pass 6: figures.draw(name, None, "column") drew the default build's figure."""
    with pytest.raises(FigureDataError, match=r"^slot: 'column' without a venue"):
        figures.draw(FIGURES[0].name, None, "column")


def test_a_module_without_slots_is_one_line_naming_it(monkeypatch):
    spec = FIGURES[0]
    monkeypatch.delattr(spec.code(), "SLOTS")
    with pytest.raises(FigureDataError, match=rf"{spec.shown_path}: SLOTS: is None"):
        _ = spec.slots


@pytest.mark.slow  # draws every figure
def test_figures_draw_is_the_build_s_drawing_at_the_venue_s_width():
    icml = get_venue("icml")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FigureDataWarning)
        for spec in FIGURES:
            own = spec.slots[0]
            width = icml.column_width_in if own == "column" else icml.text_width_in
            fig = figures.draw(spec.name, "icml")
            assert fig.get_size_inches()[0] == pytest.approx(width), spec.name
            assert fig.get_size_inches()[1] <= icml.text_height_in / 2, spec.name


def test_a_sans_serif_venue_draws_in_sans_serif():
    sans = dataclasses.replace(get_venue("icml"), body_font_family="sans-serif")
    assert sans.page("text").rc()["font.family"] == "sans-serif"


@pytest.mark.parametrize(("low", "high", "width_in", "last"), [
    (1, 100, 1.5, 100),   # a narrow panel of a 100-epoch run: its last epoch is labelled
    (1, 100, 3.0, 100),   # a wide one too (0, 20, ..., 100; matplotlib's own gave 15s)
    (0, 3, 1.5, 3),       # four blocks: every one, never 2.5 of a block
    (0, 11, 1.5, 10),     # twelve layers
])
def test_whole_number_axes_tick_whole_numbers_up_to_the_end(low, high, width_in, last):
    from matplotlib.ticker import MaxNLocator

    from figures.page import Page, integer_ticks
    from figures.style import new_figure, theme

    with theme(Page("text", 6.75, 4.5).rc()):  # ICML's page: its tick labels set how many fit
        fig = new_figure(figsize=(width_in, 1.5))
        ax = fig.add_axes((0, 0, 1, 1))  # an axis exactly width_in long
        ax.plot([low, high], [0, 1])
        integer_ticks(ax.xaxis)
        lo, hi = ax.get_xlim()
        ticks = [t for t in ax.xaxis.get_major_locator()() if lo <= t <= hi]
    assert all(float(t).is_integer() for t in ticks), ticks
    assert max(ticks) == last, ticks
    assert len(ticks) >= 3, ticks
    assert isinstance(ax.xaxis.get_major_locator(), MaxNLocator)


def test_the_contract_loader_names_what_a_module_lacks(monkeypatch):
    spec = FIGURES[0]
    spec.check()
    monkeypatch.delattr(spec.code(), "SCHEMA")
    with pytest.raises(AuthorCodeError, match=rf"^{spec.shown_path}: SCHEMA: missing"):
        spec.check()


def test_the_smallest_width_is_the_narrowest_slot_unless_the_module_says(monkeypatch):
    icml, spec = get_venue("icml"), FIGURES[0]
    monkeypatch.delattr(spec.code(), "SMALLEST_WIDTH_IN", raising=False)
    assert spec.smallest_width_in(icml) == min(icml.slot_width(s) for s in spec.slots)
    monkeypatch.setattr(spec.code(), "SMALLEST_WIDTH_IN", 2.5, raising=False)
    assert spec.smallest_width_in(icml) == 2.5
    monkeypatch.setattr(spec.code(), "SMALLEST_WIDTH_IN", "wide")
    with pytest.raises(AuthorCodeError, match=r"SMALLEST_WIDTH_IN: is 'wide'"):
        spec.smallest_width_in(icml)


@pytest.mark.slow  # a subprocess, a TeX compile or builds: seconds
def test_figures_draw_saved_outside_any_context_is_the_build_s_file(tmp_path, monkeypatch):
    """Called from another folder (the project's figdata is still found) and saved with a
    caller's hostile rcParams in force: the PNG's pixels and the PDF's fonts are the build's
    (a generic family resolved at save time came out DejaVu Serif in Type 3)."""
    import matplotlib as mpl
    import numpy as np
    from PIL import Image

    from figures.cli import main as cli
    from figures.pdf import pdf_fonts
    from figures.registry import PACKAGE_DIR

    name = FIGURES[-1].name
    built = tmp_path / "built"
    assert cli.main(["build", name, "--venue", "icml", "--figdata",
                     str(PACKAGE_DIR.parent / "figdata"), "--out", str(built)]) == 0
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FigureDataWarning)
        fig = figures.draw(name, "icml")
    with mpl.rc_context({"font.family": "monospace", "savefig.dpi": 72, "pdf.fonttype": 3,
                         "mathtext.fontset": "cm"}):
        fig.savefig(elsewhere / "mine.png")
        fig.savefig(elsewhere / "mine.pdf")
    mine = np.asarray(Image.open(elsewhere / "mine.png"))
    theirs = np.asarray(Image.open(built / f"{name}.png"))
    assert mine.shape == theirs.shape
    assert (mine == theirs).all()
    fonts = sorted((f.name.split("+")[-1], f.subtype) for f in pdf_fonts(elsewhere / "mine.pdf"))
    assert fonts == sorted((f.name.split("+")[-1], f.subtype)
                           for f in pdf_fonts(built / f"{name}.pdf"))
    assert all(subtype != "Type3" for _, subtype in fonts)


@pytest.mark.parametrize("width", [np.int64(3), np.float32(3.25), Decimal("3.25")])
def test_a_width_of_any_real_number_type_is_that_width(width):
    """Round 6: np.int64(3) and Decimal('3.25') were refused, though each is such a width."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FigureDataWarning)
        fig = figures.draw("cifar_summary", "icml", width)
    assert fig.get_size_inches()[0] == pytest.approx(float(width))


@pytest.mark.parametrize("change", [{"text_width_in": 0}, {"column_width_in": -1},
                                    {"min_font_pt": 200}, {"min_line_pt": float("nan")}])
def test_a_hand_built_venue_outside_a_venue_files_bounds_is_refused(change):
    """Round 6: a Venue built by hand with a 0 in text drew a 0 x 0 figure, a 200 pt
    minimum 200 pt type, without a word."""
    (key, _), = change.items()
    with pytest.raises(FigureDataError, match=rf"^Venue 'icml': {key}: expected a "):
        dataclasses.replace(get_venue("icml"), **change)


@pytest.mark.parametrize("change", [{"width_in": 0}, {"width_in": -2}, {"small_pt": 200},
                                    {"min_font_pt": 200}, {"max_height_in": 0}])
def test_a_hand_built_page_outside_a_venue_files_bounds_is_refused(change):
    (key, value), = change.items()
    with pytest.raises(ValueError, match=rf"^Page\.{key} = {value!r}: .*from "):
        dataclasses.replace(get_venue("icml").page("column"), **change)


@pytest.mark.parametrize("slot", ["Column", "3.25", Fraction(1, 2)])
def test_a_slot_neither_a_slot_name_nor_a_width_is_the_callers_one_line(slot):
    """Own pass: draw(name, "icml", "Column") blamed the figure's SLOTS ("add 'Column' to
    SLOTS"), and Fraction(1, 2) raised a TypeError writing the message."""
    with pytest.raises(FigureDataError, match=r"^slot: .*a width in inches from 1 to icml's"):
        figures.draw("cifar_summary", "icml", slot)


def test_bar_names_of_two_words_break_alike():
    """At 5 in, "State Bridge" fitted its bar on one line and "Credit Bridge" took two: a
    reviewer read them as inconsistent. One name on two lines puts all two-word names there."""
    import figures

    fig = figures.draw("cifar_state_vs_credit", venue="icml", slot=5.0)
    names = [label.get_text() for label in fig.axes[1].get_xticklabels()]
    assert names == ["DFA", "State\nBridge", "Credit\nBridge"]


@pytest.mark.parametrize(("name", "width"), [("cifar_state_vs_credit", 2.75),
                                             ("cifar_state_vs_credit", 3.0),
                                             ("cifar_accuracy", 3.0)])
def test_two_stacked_panels_stay_under_the_height_cap(name, width):
    """Stacked (narrower than side by side), two panels at the side-by-side aspect reached
    the 4.5 in cap (cifar_state_vs_credit from 2.75 in): each data area at most 1.15 in."""
    fig = figures.draw(name, venue="icml", slot=width)
    fig.draw_without_rendering()  # the layout's data areas
    height = fig.get_figheight()
    assert height <= 3.6, f"{name} at {width} in: {height:.2f} in tall"
    assert [ax.get_position().height * height <= 1.3 for ax in fig.axes] == [True, True]


@pytest.mark.slow  # fig4 drawn and laid out: seconds
@pytest.mark.parametrize("width", [6.5, 6.75])
def test_fig4_curves_are_flatter_than_the_height_cap(width):
    """At 0.5 of their width (a) and (b), two curves each, took fig4 to the 4.5 in cap from
    6.5 in: their data areas at most 1.15 in."""
    fig = figures.draw("fig4_penalty_rescue", venue="icml", slot=width)
    assert fig.get_figheight() <= 4.1


@pytest.mark.slow  # fig4 drawn and laid out: seconds
@pytest.mark.parametrize("width", [3.25, 6.75])
def test_fig4_alignment_values_stand_clear_of_their_points(width):
    """(c)'s printed values sat under 1 pt from their dots (4 pt from a diamond's centre, which
    reaches 2.8 pt, or from the cap under it) and '-0.022' on the zero line: each text at
    least 1.5 pt from its point's marker and error bar, and off the zero line."""
    fig = figures.draw("fig4_penalty_rescue", venue="icml", slot=width)
    fig.draw_without_rendering()
    ax = fig.axes[2]
    px = fig.dpi / 72
    reach = 4 / np.sqrt(2) * px  # the diamond's corner (markersize 4); a dot reaches less
    spans = []  # (y, left, right) in display pixels: each point with its error bar
    for line in ax.lines:
        if line.get_marker() in ("o", "D"):
            spans += [(y, x - reach, x + reach)
                      for x, y in ax.transData.transform(line.get_xydata())]
    for bars in ax.collections:
        for (x0, y), (x1, _) in (ax.transData.transform(s) for s in bars.get_segments()):
            near = min(spans, key=lambda span: abs(span[0] - y))
            spans[spans.index(near)] = (near[0], min(near[1], x0, x1), max(near[2], x0, x1))
    zero = ax.transData.transform((0, 0))[0]
    renderer = fig.canvas.get_renderer()
    for text in ax.texts:
        box = text.get_window_extent(renderer)
        y, left, right = min(spans, key=lambda span: abs(span[0] - (box.y0 + box.y1) / 2))
        gap = max(box.x0 - right, left - box.x1) / px
        assert gap >= 1.5, f"{text.get_text()!r} {gap:.2f} pt from its point at {width} in"
        assert not box.x0 - px <= zero <= box.x1 + px, f"{text.get_text()!r} on the zero line"


@pytest.mark.slow  # fig3b drawn at three widths: seconds
def test_fig3b_titles_take_one_form_at_a_width():
    """At 4.75 in fig3b's columns read '‖h_L‖₂' beside '‖g_L‖₂ (BP gradient)' and 'test
    accuracy': the short form of one title beside the long of two. All long or all short."""
    forms = {}
    for width in (3.25, 4.75, 6.75):
        fig = figures.draw("fig3b_crossarch_3row", venue="icml", slot=width)
        forms[width] = [ax.get_title(loc="left") for ax in fig.axes[:3]]
    long = ["$\\|h_L\\|_2$ (residual norm)", "$\\|g_L\\|_2$ (BP gradient)", "test accuracy"]
    short = ["$\\|h_L\\|_2$", "$\\|g_L\\|_2$", "accuracy"]
    assert forms == {3.25: short, 4.75: short, 6.75: long}


@pytest.mark.slow  # drawn and laid out: seconds
def test_feature_drift_labels_three_values_at_its_smallest_width():
    """At 3 in cifar_feature_drift's 1 in axes were labelled 0.5 and 1.0 only."""
    fig = figures.draw("cifar_feature_drift", venue="icml", slot=3.0)
    fig.draw_without_rendering()
    low, high = fig.axes[0].get_ylim()
    assert len([y for y in fig.axes[0].get_yticks() if low <= y <= high]) >= 3
