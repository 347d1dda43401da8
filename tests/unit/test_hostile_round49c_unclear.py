"""Round 49 (round 49c's unclear rows on the data): three close points named apart (W6),
an empty name refused (W4), a missing method told what to do (W32)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run


def _edit(figdata: Path, name: str, change) -> None:
    path = figdata / f"{name}.json"
    doc = json.loads(path.read_text())
    change(doc["data"])
    path.write_text(json.dumps(doc))


def _build(capsys, figdata: Path, out: Path, name: str, width: str = "3.25"):
    """``name`` built for ICML at ``width``: (exit status, stdout, stderr)."""
    return run(capsys, "build", "--venue", "icml", "--width", width, "--figdata", str(figdata),
               "--out", str(out), name)


CLOSE = {  # round 49c W6's two cases: distinct values, the points within a name of each other
    "diagonal": {"FA": (0.40, 0.25), "DFA": (0.405, 0.255), "BP": (0.41, 0.26)},
    "one accuracy": {"FA": (0.401, 0.25), "DFA": (0.401, 0.27), "BP": (0.401, 0.29)},
}


@pytest.mark.parametrize("width", ["3.25", "6.75"])
@pytest.mark.parametrize("case", sorted(CLOSE))
def test_three_close_distinct_points_are_named_apart(capsys, tmp_path, figdata_dir, case,
                                                     width):
    """Round 49 (W6): FA, DFA and BP at (0.40, 0.25), (0.405, 0.255), (0.41, 0.26), or at one
    accuracy with Γ 0.25, 0.27, 0.29, were refused as "three methods at one place" with the
    advice "give the values with the decimals that tell them apart", which they already
    were: the third name now goes beside its point, built at exit 0 and passed by
    ``check``."""
    def close(data):
        for method, (acc, gamma) in CLOSE[case].items():
            data["panel_a"]["values"][method] = {"acc": acc, "gamma": gamma}
    _edit(figdata_dir, "fig1_audit_hero", close)
    out = tmp_path / "out"
    code, _, err = _build(capsys, figdata_dir, out, "fig1_audit_hero", width)
    assert code == 0, err
    code, stdout, _ = run(capsys, "check", "--strict", "--venue", "icml", "--out", str(out),
                          "--figdata", str(figdata_dir), "fig1_audit_hero")
    assert code == 0, stdout


BLANK = {  # round 49c W4: a name printed beside a row or on a point's tick
    "fig3b_crossarch_3row": (lambda data, text: data["rows"][0].__setitem__("arch", text),
                             "data.rows[0].arch",
                             "name the row's architecture (it is printed beside the row)"),
    "fig4_penalty_rescue": (
        lambda data, text: data["panel_b"]["conditions"][1].__setitem__("label", text),
        "data.panel_b.conditions[1].label", "name the condition (it is printed on its tick)"),
}


@pytest.mark.parametrize("text", ["", "   "])
@pytest.mark.parametrize("name", sorted(BLANK))
def test_an_empty_name_of_a_row_or_point_is_refused(capsys, tmp_path, figdata_dir, name, text):
    """Round 49 (W4): fig3b's ``arch`` or fig4's condition ``label`` empty or blank built at
    exit 0 and passed ``check``, a row of panels or a pair of points with no name: the figdata
    check refuses it in one line naming the file, the key and what to do, nothing built."""
    set_name, key, fix = BLANK[name]
    _edit(figdata_dir, name, lambda data: set_name(data, text))
    out = tmp_path / "out"
    code, _, err = _build(capsys, figdata_dir, out, name)
    assert code == 1, err
    assert err.splitlines()[0].endswith(
        f"{name}.json: {key}: is empty or blank; {fix}"), err
    assert not list(out.glob(f"{name}*"))
    code, stdout, err = run(capsys, "check", "--venue", "icml", "--figdata", str(figdata_dir),
                            "--out", str(out), name)
    assert code != 0
    assert f"{name}.json: {key}: is empty or blank; {fix}" in stdout + err


def test_a_method_missing_from_a_row_says_what_to_do(capsys, tmp_path, figdata_dir):
    """Round 49 (W32): fig3b's row without FA (not run for that architecture) was refused with
    "data.rows[2].methods.FA: missing key" and no word of what to do: the line says the figure
    draws the three methods in every row, and to give the run or leave the row out."""
    _edit(figdata_dir, "fig3b_crossarch_3row", lambda data: data["rows"][2]["methods"].pop("FA"))
    out = tmp_path / "out"
    code, _, err = _build(capsys, figdata_dir, out, "fig3b_crossarch_3row")
    assert code == 1, err
    assert err.splitlines()[0].endswith(
        "fig3b_crossarch_3row.json: data.rows[2].methods.FA: missing key; every row draws BP, "
        "FA and DFA: give FA's run for this row's architecture, or leave the row out"), err
    assert not list(out.glob("fig3b_crossarch_3row*"))


def test_a_tie_at_the_floor_still_stacks_its_names(capsys, tmp_path, figdata_dir):
    """Round 49 (W6, after W5): keeping names a space apart side by side (W6: "DFA" 1 pt from
    "BP" read "DFABP") must not part names stacked in rows: FA and DFA at chance with Γ 0
    still print above the point (W5's mend), not "FA" lifted a row and "DFA" on the chance
    line. Round 50c (W12): no longer one over the other on the Γ = 0 divider, which struck
    both through: either side of it, above the chance line."""
    from helpers import REPO

    from figures.outputs.kind import venue_kind
    from figures.outputs.render import draw_as_built
    from figures.registry import BY_NAME
    from figures.venues import get_venue

    doc = json.loads((REPO / "figdata" / "fig1_audit_hero.json").read_text())
    doc["data"]["panel_a"]["values"].update(FA={"acc": 0.1, "gamma": 0.0},
                                            DFA={"acc": 0.1, "gamma": 0.0})
    fig = draw_as_built(BY_NAME["fig1_audit_hero"], doc["data"],
                        venue_kind(get_venue("icml"), 3.25))
    names = {t.get_text(): t for t in fig.axes[0].texts if t.get_text() in ("FA", "DFA")}
    assert names["FA"].xyann[1] > 0
    assert names["DFA"].xyann[1] > 0
    assert sorted([names["FA"].xyann[0], names["DFA"].xyann[0]]) == [-3, 3]  # either side


@pytest.mark.parametrize("text", ["\u200b", "\u200b\u2060", "\ufeff"])
def test_an_invisible_name_of_a_row_is_refused(capsys, tmp_path, figdata_dir, text):
    """Round 50c (W13): a row named with a zero-width space alone (U+200B, what a paste from a
    web page carries) drew its panels with no name at exit 0, where a blank one is refused
    (round 49c W4): Python does not call it a space."""
    _edit(figdata_dir, "fig3b_crossarch_3row", lambda d: d["rows"][0].__setitem__("arch", text))
    code, _, err = _build(capsys, figdata_dir, tmp_path / "out", "fig3b_crossarch_3row")
    assert code == 1
    assert "data.rows[0].arch: is empty or blank; name the row's architecture (it is printed " \
           "beside the row)" in err, err
