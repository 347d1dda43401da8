"""Round 50 (round 50a, P39): fig4's page layout legible across its widths on a page whose
tallest figure cuts it short (LNI's: a 10 pt body, text 7.155 in tall)."""

from __future__ import annotations

import pytest
from helpers import REPO


@pytest.mark.parametrize("width", [3.9, 4.6, 4.961])
def test_fig4_passes_the_legibility_rules_on_a_short_ten_point_page(width):
    """Round 50 (P39): at 4.4-4.96 in on LNI's page (and 3.8-3.95 in) fig4's (c) printed
    values met, 0.6 pt apart: the page's tallest (3.578 in) cut the figure and constrained
    layout shared the cut between its rows, so (c)'s rows got less than their two lines of
    values need; wider, (a, b) grow and (c) shrank further. The sync refused the figure at
    ``\\textwidth`` of an ordinary one-column paper. (c)'s row keeps its need now, (a, b)
    give way."""
    from figures.outputs.kind import venue_kind
    from figures.preflight.run import legibility
    from figures.registry import BY_NAME
    from figures.venues import body_rules, on_page

    venue = on_page(body_rules(10), width, width, 7.155)
    kind = venue_kind(venue, width)
    assert legibility(BY_NAME["fig4_penalty_rescue"], venue, kind, REPO / "figdata") is None


def test_a_build_half_the_text_height_tall_as_rounded_is_not_too_tall():
    """Round 50 (P39): half of LNI's 7.155 in text height is 3.5775 in, and a build's height
    is rounded to a thousandth (3.578 in): `figures check` failed fig4's size rule at every
    width of that page, "prints 3.578 in tall, more than half the text height (3.578 in)"."""
    from figures.preflight.rules import size_row
    from figures.venues import body_rules, on_page

    venue = on_page(body_rules(10), 4.961, 4.961, 7.155)
    assert size_row("fig4_penalty_rescue", 4.961, (4.961, 3.578), venue).ok
    assert not size_row("fig4_penalty_rescue", 4.961, (4.961, 3.58), venue).ok


def _advised(width: float, refused) -> tuple[str, list[float]]:
    """The advice for fig4 refused at ``width`` on LNI's page, its rules refusing the widths
    ``refused`` says; with the widths they were asked about."""
    from types import SimpleNamespace

    from figures.paper.short import wider_box
    from figures.registry import BY_NAME
    from figures.venues import body_rules, on_page

    asked: list[float] = []

    def legibility(spec, venue, kind, figdata_dir):
        asked.append(float(kind.slot))
        return "layout: two texts meet" if refused(float(kind.slot)) else None

    graphic = SimpleNamespace(wide=False, printed=SimpleNamespace(line_in=4.961))
    venue = on_page(body_rules(10), 4.961, 4.961, 7.155)
    return wider_box(graphic, width, venue, (BY_NAME["fig4_penalty_rescue"], REPO / "figdata",
                                             legibility)), asked


def test_a_refused_width_is_never_sent_to_another_refused_one():
    """Round 50 (P39): at 0.9\\textwidth (4.465 in) fig4's build failed the legibility rules
    and the advice said "put it in a wider box (width=, up to \\textwidth: 4.961 in)", where
    it was refused again ("no wider box holds it ... leave it out of the paper") while 3.72 in
    passed: the advice assumed wider is more legible. Each box offered is now one whose
    build passes the rules: the text's width, else a narrower one, else none."""
    said, asked = _advised(4.465, lambda width: width >= 4.0)
    assert "wider box" not in said, said
    assert said.startswith("its build fails at this page's whole text width (4.961 in) too: "
                           "a narrower box holds it: width=0.78\\linewidth (3.87 in), where "
                           "its build passes; else draw it with fewer panels"), said
    assert 4.961 in asked, asked
    assert 3.87 in asked, asked
    said, _ = _advised(4.961, lambda width: width >= 4.0)
    assert said.startswith("4.961 in is this page's whole text width, so no wider box holds "
                           "it here (nor a figure*): a narrower box holds it: "
                           "width=0.75\\linewidth (3.721 in), where its build passes"), said
    said, _ = _advised(4.465, lambda width: 4.0 <= width < 4.9)
    assert said == "put it in a wider box (width=, up to \\textwidth: 4.961 in)", said
    said, _ = _advised(4.465, lambda width: True)
    assert "narrower" not in said, said
    assert "wider" not in said, said
