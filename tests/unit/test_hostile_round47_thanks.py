"""Round 47 (K14): IEEEtran's stock notes and a funding sentence in an anonymous
``\\author``'s ``\\thanks``."""

from __future__ import annotations

import pytest

from figures.paper.disclosure import authors_named


def _named(note: str) -> tuple[list[str], list[str]]:
    return authors_named({"main.tex": ("\\documentclass[journal]{IEEEtran}\n\\author{Anonymous "
                                       f"Authors\\thanks{{{note}}}}}\n").encode()})


@pytest.mark.parametrize("note", [
    "Manuscript received March 1, 2026. Recommended for acceptance by Associate Editor.",
    ("Manuscript received June 3, 2026. Date of publication xxxx 00, 0000; date of current "
    "version xxxx 00, 0000. Digital Object Identifier 10.1109/TNNLS.2026.1234567"),
    "Recommended for acceptance by J. Q. Public."])
def test_ieees_stock_notes_name_no_author(note):
    """Round 47 (K14): "Digital Object Identifier" and "Recommended for acceptance by
    Associate Editor", IEEE's own sentences, were told as an author's names."""
    assert _named(note) == ([], [])


def test_a_funder_is_told_as_acknowledgements_not_as_an_author():
    """Round 47 (K14): "This work was supported by the National Science Foundation." told
    National, Science, Foundation as an author's names; it is a funding note, told as the
    acknowledgements are (venues ask for none in a review copy)."""
    assert _named("This work was supported by the National Science Foundation.") == ([], [
        ("main.tex:2: an acknowledgements section: venues ask for none (or an anonymised one) "
        "in a review copy: remove it for review")])
    assert _named("Work done at Google DeepMind, London.")[0] == ["Google", "DeepMind", "London"]
