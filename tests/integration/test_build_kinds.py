"""The build kinds (figures/outputs/kind.py): one build key per figure and kind, the same in
the state file, inside every built file and in `figures which`."""

from __future__ import annotations

import json

import pytest
from helpers import REPO

from figures.outputs import provenance
from figures.outputs.build import build
from figures.outputs.kind import CAMERA_READY, DEFAULT, BuildKind, parse_kind, venue_kind
from figures.outputs.state import STATE_FILE
from figures.paper.which import which
from figures.registry import BY_NAME
from figures.venues import get_venue

#: Builds, each writing and reading back files (a figure each, seven in all).
pytestmark = pytest.mark.slow

SUMMARY = "cifar_summary"  # cheap to draw
KINDS = {"default": DEFAULT, "camera-ready": CAMERA_READY, "no-stamp": BuildKind(stamp=False),
         "venue:neurips": venue_kind(get_venue("neurips")),
         # a figure's slot named, as a two-column venue builds its other slot: NAME--column
         "venue:icml:column": venue_kind(get_venue("icml"), "column")}


@pytest.mark.parametrize("label", list(KINDS))
def test_the_key_inside_each_built_file_is_the_state_files(tmp_path, label):
    kind = KINDS[label]
    (result,) = build([BY_NAME[SUMMARY]], REPO / "figdata", tmp_path, kind, jobs=1)
    assert result.status == "built", result.line
    state = json.loads((tmp_path / STATE_FILE).read_text())
    recorded = state[kind.stem(BY_NAME[SUMMARY])]["key"]
    assert {out.name for out in result.outputs} == set(kind.output_names(BY_NAME[SUMMARY]))
    for path in result.outputs:
        inside = provenance.read(path)
        assert (inside["build-key"], inside["variant"]) == (recorded, kind.name), path
        if kind.stamp:  # an unmarked synthetic picture is not what `figures build` makes
            assert which(path, REPO / "figdata").current, path


@pytest.mark.parametrize("name", ["default", "camera-ready", "venue:icml", "venue:icml:column"])
def test_a_kinds_name_reads_back_as_that_kind(name):
    kind = parse_kind(name)
    assert kind.name == name
    assert kind.key_part() == parse_kind(name).key_part()


def test_a_venue_of_a_venues_file_says_to_rebuild_with_that_file(tmp_path):
    """Round 15: `figures which --venues F` of a stale build of F's venue ``lab`` said "run
    figures build --venue lab", which fails as written (unknown venue 'lab')."""
    venues = tmp_path / "venues.json"
    icml = json.loads((REPO / "figures" / "venues.json").read_text())["venues"]["icml"]
    narrower = {**icml, "column_width_in": {"value": 3.3, "source": "the lab's"}}
    venues.write_text(json.dumps({"venues": {"lab": icml, "icml": narrower}}))
    assert parse_kind("venue:lab", venues).rebuild == f"figures build --venue lab --venues {venues}"
    assert parse_kind("venue:lab@3.25in", venues).rebuild == (
        f"figures sync PAPER_DIR --venue lab --venues {venues}")
    assert parse_kind("venue:icml", venues).rebuild.endswith(f" --venues {venues}")  # its own icml
    assert parse_kind("venue:icml").rebuild == "figures build --venue icml"


def test_a_stale_built_in_venue_build_says_a_venues_file_may_redefine_it():
    """Round 18 (R8): a build from a lab's ``--venues`` file that redefines ``icml``, asked of
    `which` without that file, was "stale ... run figures build --venue icml", a hint that
    rebuilds the built-in icml over the lab's, never naming the file that built it."""
    import hashlib

    from figures.paper.which import why_stale

    figdata = REPO / "figdata"
    inside = {"figure": "cifar_summary", "variant": "venue:icml", "build-key": "another's",
              "figdata-sha256": hashlib.sha256(
                  (figdata / "cifar_summary.json").read_bytes()).hexdigest()}
    why, rebuild, _ = why_stale(inside, figdata, None)
    assert why.endswith("; or a --venues FILE that redefines icml: pass it too)"), why
    assert rebuild == "figures build --venue icml"


def test_an_unknown_kind_is_one_line_naming_it():
    with pytest.raises(Exception, match="'venue-icml'"):
        parse_kind("venue-icml")
    with pytest.raises(Exception, match="'margin'"):
        parse_kind("venue:icml:margin")


def test_a_venue_slot_kind_writes_its_own_files():
    spec = BY_NAME[SUMMARY]
    assert KINDS["venue:icml:column"].output_names(spec) == [
        f"{SUMMARY}--column.pdf", f"{SUMMARY}--column.png"]
    assert KINDS["venue:neurips"].output_names(spec) == [f"{SUMMARY}.pdf", f"{SUMMARY}.png"]


def test_both_slots_of_a_venue_in_one_folder_are_each_current(tmp_path):
    """A two-column venue writes NAME and NAME--column into one folder; `which` finds each
    file's hashes under its own slot's entry of the build state, not the other slot's."""
    spec = BY_NAME[SUMMARY]
    outputs = []
    icml = get_venue("icml")
    for kind in (venue_kind(icml), venue_kind(icml, "column")):
        (result,) = build([spec], REPO / "figdata", tmp_path, kind, jobs=1)
        assert result.status == "built", result.line
        outputs += result.outputs
    for path in outputs:
        assert which(path, REPO / "figdata").current, path
