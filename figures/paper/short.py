"""Where a build that fails the legibility rules can go (:func:`wider_box`), and a paper's
own page too short for a figure: the height its drawing needs, said in the row.

A venue file's page too short is refused by the build, naming the venue's text_height_in
(:meth:`figures.outputs.kind.BuildKind._held`, hostile round 47c W19); a paper's own page
has no venue file to name, so the build goes on and the drawing, squeezed into half the
page's text height, fails the legibility rules: its rows' names meet, its ticks overlap.
The row then gave the overlaps and the width ("no wider box holds it"), where the cause an
author can act on is the page's height (hostile round 49a, P4b: a page 4.2 in tall, text
3.2 in, fig3b's three rows given 1.6 in, "and 28 more" overlaps). So a build that fails on
a paper's page which cut it short is refused for the height it needs and the text height
that gives it (twice that: a figure is at most half the text's height), the overlaps left
out (their cause is named). A slide (beamer's, round 26 BO) is such a page too: a deck
cannot grow its text, so the line offers the drawing and leaving it out as well."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from figures.errors import FigureDataError
from figures.page import MIN_PANEL_HEIGHT_IN, Width, holds, inches
from figures.paper.latex import Graphic
from figures.venues import Venue, of_the_paper


def short_page(spec: Any, venue: Venue, kind: Any, figdata_dir: Path,
               drawing: tuple[Any, Any] | None, width: Width) -> str | None:
    """Why ``spec``'s build of ``kind`` for ``width`` fails on the paper's own page, when the
    cause is the page's height: the height it needs and what to do; None when the page did
    not cut it short (its legibility failure is its own) or the venue is a file's."""
    from figures.data import figdata
    from figures.outputs.render import draw_as_built
    from figures.style import theme

    if not of_the_paper(venue) or not venue.text_height_in:
        return None
    page = venue.page(float(width))
    try:
        if drawing is None:  # a build current from last time: drawn again, as the rules do
            doc = spec.load_figdata(figdata_dir)
            drawing = draw_as_built(spec, doc["data"], kind,
                                    synthetic=figdata.is_synthetic(doc)), doc["data"]
        with theme(page.rc()):
            need = page.cut_short(drawing[0])
    except Exception:  # noqa: BLE001 - the legibility line stands as it was
        return None
    if need is None:
        return None
    return (f"this page is too short for it: it needs {inches(need)} in of height at "
            f"{inches(page.width_in)} in wide (a row of panels {inches(MIN_PANEL_HEIGHT_IN)} in "
            f"or more), taller than the page's tallest figure ({inches(page.max_height_in)} in: "
            f"half its {inches(venue.text_height_in)} in text height): give the page a text "
            f"at least {inches(2 * need)} in tall (\\textheight, or the page's size), draw it "
            "with fewer rows of panels (its module's drawing), or leave it out of the paper")


def wider_box(graphic: Graphic, width: float, venue: Venue,
              probe: tuple[Any, Path, Callable] | None = None) -> str:
    """Where a build that fails the legibility rules at ``width`` can go on ``venue``'s page
    (:func:`legible_box`); ``probe``: the figure, its figdata folder and the rules (the
    preflight's, passed in by the CLI), which judge each width offered before it is."""
    if probe is None:
        return legible_box(graphic, width, venue, lambda _: True)
    spec, figdata_dir, legibility = probe
    try:
        least = spec.smallest_width_in(venue)
    except Exception:  # noqa: BLE001 - its module's error is the build's to say
        least = width

    def legible(at: float) -> bool:
        from figures.outputs.kind import venue_kind

        try:
            return legibility(spec, venue, venue_kind(venue, at), figdata_dir) is None
        except FigureDataError:  # a width off the page: none offered there
            return False
    return legible_box(graphic, width, venue, legible, least)


#: The narrower widths tried where a wider box fails too: this many, down to the smallest.
NARROWER_TRIES = 4


def legible_box(graphic: Graphic, width: float, venue: Venue, legible: Callable[[float], bool],
                least: float | None = None) -> str:
    """Where a build that fails the legibility rules at ``width`` can go, each box offered
    one whose build ``legible`` passes: a figure* out of a column of two, a wider box, else
    a narrower one (down to the figure's smallest width ``least``); none at the text's whole
    width (a slide's, a one-column page's) or where none passes, which the drawing itself
    must be made for. A drawing is not always more legible wider: fig4's at 4.465 in on
    LNI's page was sent to \\textwidth, refused there as "no wider box holds it", while 3.72 in
    passed (hostile round 50a, P39)."""
    text, column = venue.text_width_in, venue.column_width_in
    whole = width >= text - 0.01
    if not whole and legible(text):
        if column < text - 0.01 and not graphic.wide and width <= column + 0.01:
            return f"put it in a figure* (a line of {text:g} in) or a wider box (width=)"
        return f"put it in a wider box (width=, up to \\textwidth: {text:g} in)"
    line = graphic.printed.line_in if graphic.printed is not None and \
        graphic.printed.line_in > 0 else text
    tried = [] if least is None else sorted(
        {math.ceil((width - (width - least) * k / NARROWER_TRIES) / line * 100) / 100
         for k in range(1, NARROWER_TRIES + 1)}, reverse=True)
    share = next((f for f in tried if holds(f * line, least) and f * line < width - 0.005
                  and legible(round(f * line, 3))), None)
    narrower = "" if share is None else (
        f"a narrower box holds it: width={share:g}\\linewidth ({inches(share * line)} in), "
        "where its build passes; else ")
    if whole:
        return (f"{width:g} in is this page's whole text width, so no wider box holds it "
                f"here (nor a figure*): {narrower}draw it with fewer panels or a layout for a "
                "page this size (its module's drawing), or leave it out of the paper")
    return (f"its build fails at this page's whole text width ({text:g} in) too: {narrower}"
            "draw it with fewer panels or a layout for a page this size (its module's "
            "drawing), or leave it out of the paper")
