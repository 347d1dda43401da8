"""``figures build --venue V``: every figure drawn for V's page passes every rule of
``figures check --venue V --strict``, layout included, for each venue of venues.json."""

from __future__ import annotations

import json
import shutil

import pytest
from helpers import REPO, tex

from figures.cli import main as cli
from figures.outputs.kind import slots_of
from figures.outputs.provenance import read
from figures.preflight.rules import RULES
from figures.registry import FIGURES
from figures.venues import BUILTIN, get_venue, load_venues

#: End-to-end: builds every figure for every venue and runs the preflight on the files.
pytestmark = pytest.mark.slow


@pytest.mark.parametrize("venue", sorted(load_venues()))
def test_a_venue_build_passes_every_rule_of_its_venue(venue, tmp_path, capsys):
    out = tmp_path / venue
    assert cli.main(["build", "--venue", venue, "--out", str(out)]) == 0
    capsys.readouterr()
    code = cli.main(["check", "--venue", venue, "--out", str(out), "--strict"])
    table = capsys.readouterr().out
    assert code == 0, table
    slots = {spec.name: slots_of(spec, get_venue(venue)) for spec in FIGURES}
    files = sum(len(each) for each in slots.values())  # one set of files per slot
    assert table.splitlines()[-1] == (f"all {len(RULES) * files} checks passed for "
                                      f"{files} figure(s)")
    for spec in FIGURES:  # a vector PDF and a PNG per figure and slot, saying what they are
        for i, slot in enumerate(slots[spec.name]):
            stem, variant = ((spec.name, f"venue:{venue}") if i == 0 else
                             (f"{spec.name}--{slot}", f"venue:{venue}:{slot}"))
            for fmt in ("pdf", "png"):
                assert read(out / f"{stem}.{fmt}")["variant"] == variant
        assert (out / f"{spec.name}.caption.txt").read_text(encoding="utf-8").strip()
    for spec in FIGURES:
        rows = tex(out, "pdffonts", f"{spec.name}.pdf").splitlines()[2:]
        assert rows, spec.name  # text kept as text
        assert not [r for r in rows if "Type 3" in r], spec.name
        assert all(" yes " in r for r in rows), spec.name  # embedded


def test_a_users_venue_profile_gets_a_venue_build(tmp_path, capsys):
    doc = json.loads(BUILTIN.read_text(encoding="utf-8"))
    mine = dict(doc["venues"]["icml"], name="My workshop")
    mine["text_width_in"] = dict(mine["text_width_in"], value=6.0)
    (tmp_path / "venues.json").write_text(json.dumps({"venues": {"myws": mine}}))
    out = tmp_path / "out"
    names = [FIGURES[0].name, FIGURES[-1].name]
    assert cli.main(["build", *names, "--venue", "myws", "--venues",
                     str(tmp_path / "venues.json"), "--out", str(out)]) == 0
    capsys.readouterr()
    assert cli.main(["check", *names, "--venue", "myws", "--venues",
                     str(tmp_path / "venues.json"), "--out", str(out), "--strict"]) == 0
    assert "text 6 in" in capsys.readouterr().out


def test_the_default_build_is_left_as_the_seeds_draw_it(reference_build, tmp_path, capsys):
    """A venue build writes into its own folder; the default figures are not touched."""
    before = {p.name: p.read_bytes() for p in reference_build.iterdir() if p.is_file()}
    out = tmp_path / "build"
    shutil.copytree(reference_build, out / "figures")
    assert cli.main(["build", FIGURES[0].name, "--venue", "icml", "--out",
                     str(out / "icml")]) == 0
    assert {p.name: p.read_bytes() for p in (out / "figures").iterdir() if p.is_file()} == before
    assert cli.main(["which", str(out / "icml" / f"{FIGURES[0].name}.pdf"),
                     "--figdata", str(REPO / "figdata")]) == 0
    assert f"({'venue:icml'}, " in capsys.readouterr().out


def test_the_html_report_shows_the_venue_layout_beside_the_default(tmp_path, capsys):
    out, page = tmp_path / "icml", tmp_path / "report.html"
    names = [spec.name for spec in FIGURES[:2]]
    assert cli.main(["build", *names, "--venue", "icml", "--out", str(out)]) == 0
    assert cli.main(["check", *names, "--venue", "icml", "--out", str(out), "--html",
                     str(page)]) == 0
    capsys.readouterr()
    assert page.read_text().count("the default build (the seeds' picture)") == len(names)


def test_a_venue_file_built_before_its_profile_changed_says_to_build_for_the_venue(
        tmp_path, capsys):
    doc = json.loads((REPO / "figures" / "venues.json").read_text())
    mine = {**doc["venues"]["ieee"], "name": "My workshop"}
    profile = tmp_path / "mine.json"
    profile.write_text(json.dumps({"venues": {"myconf": mine}}))
    out = tmp_path / "myconf"
    assert cli.main(["build", "--venue", "myconf", "--venues", str(profile), "cifar_summary",
                     "--out", str(out), "--jobs", "1"]) == 0
    mine["text_width_in"] = {"value": 6.0, "source": "the call changed"}
    profile.write_text(json.dumps({"venues": {"myconf": mine}}))
    capsys.readouterr()
    assert cli.main(["check", "--venue", "myconf", "--venues", str(profile), "cifar_summary",
                     "--out", str(out), "--strict"]) == 1
    table = capsys.readouterr().out
    assert "stale" in table
    assert f"run `figures build --venue myconf --venues {profile}`" in table  # round 15
