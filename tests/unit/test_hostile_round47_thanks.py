"""Round 47 (K14): a funding sentence in an anonymous ``\\author``'s ``\\thanks``."""

from __future__ import annotations

from figures.paper.disclosure import authors_named


def _named(note: str) -> tuple[list[str], list[str]]:
    return authors_named({"main.tex": ("\\documentclass[journal]{IEEEtran}\n\\author{Anonymous "
                                       f"Authors\\thanks{{{note}}}}}\n").encode()})


def test_a_funder_is_told_as_acknowledgements_not_as_an_author():
    """Round 47 (K14): "This work was supported by the National Science Foundation." told
    National, Science, Foundation as an author's names; it is a funding note, told as the
    acknowledgements are (venues ask for none in a review copy)."""
    assert _named("This work was supported by the National Science Foundation.") == ([], [
        ("main.tex:2: an acknowledgements section: venues ask for none (or an anonymised one) "
        "in a review copy: remove it for review")])
    assert _named("Work done at Google DeepMind, London.")[0] == ["Google", "DeepMind", "London"]
