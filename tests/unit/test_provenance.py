"""What a built file says of itself (figures/outputs/provenance.py): plain fields a reader
takes as they are, and an earlier version's files still read."""

from __future__ import annotations

from figures.outputs import provenance
from figures.outputs.kind import DEFAULT, venue_kind
from figures.registry import FIGURES
from figures.venues import get_venue


def test_a_file_says_plainly_which_venue_slot_and_stamp_it_was_built_with():
    spec = FIGURES[0]
    drawn = provenance.fields(spec, b"{}", "k" * 64, "synthetic-example",
                              venue_kind(get_venue("icml")), False)
    assert (drawn["venue"], drawn["slot"], drawn["stamped"]) == ("icml", spec.slots[0], "no")
    assert provenance.decode(provenance.encode(drawn)) == drawn
    plain = provenance.fields(spec, b"{}", "k" * 64, "paper-values", DEFAULT, False)
    assert (plain["variant"], plain["venue"], plain["slot"]) == ("default", "", "text")


def test_an_earlier_version_s_file_is_still_read():
    older = ("figure=cifar_summary; figdata-sha256=aa; build-key=bb; kind=synthetic-example; "
             "variant=default; version=0.1.0")
    inside = provenance.decode(older)
    assert inside["origin"] == "synthetic-example"
    assert "stamped" not in inside
