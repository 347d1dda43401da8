"""Round 47 (W17, W19, W20): a figure drawn for a venue's page at the edges its data and the
venue's numbers admit is legible, or refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run


def _two_epochs(figdata_dir: Path) -> None:
    """fig4's (a) and (b) as a run of two epochs draws them (hostile round 47c's values),
    extracted (no synthetic stamp's strip)."""
    path = figdata_dir / "fig4_penalty_rescue.json"
    doc = json.loads(path.read_text())
    doc["provenance"]["kind"] = "extracted"
    runs = doc["data"]["panel_a"]
    runs["vanilla"].update(epochs=[1, 2], h_L=[31.2449, 61.3887], g_L=[1.98281e-05, 1.26947e-05])
    runs["penalized"].update(epochs=[1, 2], h_L=[33.3728, 40.0669],
                             g_2=[1.94505e-05, 1.83461e-05])
    path.write_text(json.dumps(doc))


@pytest.mark.parametrize(("venue", "width"), [("icml", "3.25"), ("ieee", "3.467")])
def test_fig4_at_two_epochs_is_legible_at_the_narrowest_width(capsys, tmp_path, figdata_dir,
                                                              venue, width):
    """Round 47 (W17): at 2 epochs (the fewest taken) fig4's (a) spans 30 to 62, under a
    decade: its y axis was labelled 3.5×10¹ 4×10¹ ... 6×10¹, each touching the next (`check`:
    5 collisions), built without a word. Built at the narrowest width, it passes every rule."""
    _two_epochs(figdata_dir)
    out = tmp_path / "out"
    assert run(capsys, "build", "--venue", venue, "--width", width, "--figdata",
               str(figdata_dir), "--out", str(out), "fig4_penalty_rescue")[0] == 0
    code, stdout, _ = run(capsys, "check", "--strict", "--venue", venue, "--out", str(out),
                          "--figdata", str(figdata_dir), "fig4_penalty_rescue")
    assert code == 0, stdout



def _profile(tmp_path: Path, **values: float) -> Path:
    """A --venues file: ICML's numbers, ``values`` changed, as venue ``one``."""
    from helpers import REPO

    venue = json.loads((REPO / "figures" / "venues.json").read_text())["venues"]["icml"]
    for key, value in values.items():
        venue[key]["value"] = value
    path = tmp_path / "venues.json"
    path.write_text(json.dumps({"venues": {"one": venue}}))
    return path


def test_a_page_too_short_for_a_figure_is_refused_in_one_line(capsys, tmp_path, figdata_dir):
    """Round 47 (W19): a --venues profile with text_height_in 3 (admitted: 3 to 16 in) built
    fig4 (its panels collapsed: matplotlib's warning) and fig3b (29 collisions) text over text
    and cut, each called built. A figure the page's tallest (half of it) cannot hold is
    refused in one line naming the venue, the key and the height to give; one it holds is
    built and legible."""
    venues, out = _profile(tmp_path, text_height_in=3), tmp_path / "out"
    code, stdout, err = run(capsys, "build", "--venues", str(venues), "--venue", "one",
                            "--figdata", str(figdata_dir), "--out", str(out),
                            "fig4_penalty_rescue", "fig3b_crossarch_3row", "cifar_summary")
    assert code == 1
    for name, need in (("fig4_penalty_rescue", "2.76"), ("fig3b_crossarch_3row", "2.874")):
        assert (f"error: {name}: --venue one: text_height_in: it needs {need} in of height at "
                "6.75 in wide (a row of panels 0.6 in or more), taller than the page's tallest "
                "figure (1.5 in: half the venue's text_height_in, 3 in): give the venue a "
                f"text_height_in of at least {float(need) * 2:g} in") in err, err
    assert "built cifar_summary" in stdout
    assert "warning" not in err
    assert sorted(p.name for p in out.iterdir() if p.suffix == ".png") == ["cifar_summary.png"]
    code, stdout, _ = run(capsys, "check", "--strict", "--venues", str(venues), "--venue",
                          "one", "--out", str(out), "cifar_summary")
    assert code == 0, stdout


def test_a_venue_s_thicker_lines_are_drawn_by_every_stroke(capsys, tmp_path, figdata_dir):
    """Round 47 (W20): a --venues profile with min_line_pt 3 (admitted: 0.01 to 10) built
    fig4's bar edges, cifar_summary's error bars and cifar_feature_drift's grey lines at a
    fixed 1 pt, which `check` against the same venue fails, and fig1's point names on their
    markers' edges. Every stroke is drawn at least the venue's minimum, the names clear; 10 pt
    (printed values on their lines) is refused in one line as the file is read."""
    venues, out = _profile(tmp_path, min_line_pt=3), tmp_path / "out"
    names = ("fig4_penalty_rescue", "cifar_summary", "cifar_feature_drift", "fig1_audit_hero")
    assert run(capsys, "build", "--venues", str(venues), "--venue", "one", "--figdata",
               str(figdata_dir), "--out", str(out), *names)[0] == 0
    code, stdout, _ = run(capsys, "check", "--strict", "--venues", str(venues), "--venue",
                          "one", "--out", str(out), "--figdata", str(figdata_dir), *names)
    assert code == 0, stdout
    venues = _profile(tmp_path, min_line_pt=10)
    code, _, err = run(capsys, "build", "--venues", str(venues), "--venue", "one", "--figdata",
                       str(figdata_dir), "--out", str(tmp_path / "thick"), "cifar_summary")
    assert code == 1
    assert err.strip() == (f"error: {venues}: venues.one.min_line_pt.value: expected a number in "
                           "[0.01, 3] (a minimum figures stay legible at: at 10 pt their printed "
                           "values sat on their lines), got 10"), err
    assert not (tmp_path / "thick").exists()
