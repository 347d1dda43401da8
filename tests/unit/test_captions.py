"""The captions a venue build writes (``NAME.caption.txt``) are computed, not written: every
number, ratio, "orders of magnitude", "agree" and "mean ± std" comes from the figure's data as
a claim (figures/plots/_caption.py), each judged against that data for the committed figdata
and the fixtures; a caption whose number is changed, or a claim the data do not bear out,
fails."""

from __future__ import annotations

import re

import pytest
from helpers import FIXTURES, REPO

from figures.data import figdata
from figures.plots._caption import VISIBLE, Caption, Claims, false_claims
from figures.registry import BY_NAME

SOURCES = {"figdata": REPO / "figdata", "fixtures": FIXTURES}
CAPTIONED = [name for name, spec in BY_NAME.items() if hasattr(spec.code(), "caption")]


def caption_of(name: str, source: str = "figdata") -> Caption:
    spec = BY_NAME[name]
    data = figdata.load(SOURCES[source] / f"{name}.json", name, spec.schema)["data"]
    return spec.code().caption(data)


def test_every_figure_has_a_computed_caption():
    assert list(BY_NAME) == CAPTIONED
    assert all(isinstance(caption_of(name), Caption) for name in CAPTIONED)


@pytest.mark.parametrize("source", list(SOURCES))
@pytest.mark.parametrize("name", CAPTIONED)
def test_every_claim_of_a_caption_holds_for_its_data(name, source):
    caption = caption_of(name, source)
    assert caption.claims
    assert false_claims(caption) == []


@pytest.mark.parametrize("name", CAPTIONED)
def test_a_caption_with_any_of_its_numbers_changed_fails(name):
    caption = caption_of(name)
    digits = [at + m.start() for claim in caption.claims if not claim.name
              for at in [caption.find(claim.text)] for m in re.finditer(r"\d", claim.text)]
    assert digits, caption
    for i in digits:
        changed = caption[:i] + ("1" if caption[i] != "1" else "2") + caption[i + 1:]
        assert false_claims(Caption(changed, caption.claims)), changed


def test_a_number_or_a_claim_written_by_hand_fails():
    caption = caption_of("fig1_audit_hero")
    for added in (" FA decays 2 orders of magnitude.", " The metrics agree.", " Ratio 20×.",
                  " 3 seeds.", " Mean ± std."):
        assert false_claims(Caption(caption + added, caption.claims)), added


def test_the_seeds_claims_that_the_data_do_not_bear_out_are_judged_false():
    """fig4's "the two metrics agree" read as the same order where they are not; a band said
    to be visible at 0.5 % of its axis."""
    c = Claims()
    c.alike([-0.022, 0.1, 1.0], [0.004, 0.2, 0.9], "", ["a", "b", "c"])
    [alike] = c.made
    assert alike.text == "put the conditions in the same order and differ in sign for a"
    assert alike.judge("put the conditions in the same order and agree in sign")
    c = Claims()
    c.band({"panel": VISIBLE / 3}, runs=[42, 123, 456])
    [band] = c.made
    assert "too narrow to see" in band.text
    assert band.judge("mean across seeds, band ± std")
