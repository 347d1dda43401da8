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
