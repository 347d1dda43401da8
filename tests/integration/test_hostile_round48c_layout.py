"""Round 48c (W22, W21): names drawn beside points and rows as an author's data sets them
print apart, or are refused in one line naming the key; never text over text at exit 0."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run


def _edit(figdata_dir: Path, name: str, change) -> None:
    path = figdata_dir / f"{name}.json"
    doc = json.loads(path.read_text())
    change(doc["data"])
    path.write_text(json.dumps(doc))


def _build(capsys, figdata_dir: Path, out: Path, name: str):
    """``name`` built for ICML's 3.25 in column: (exit status, stdout, stderr)."""
    return run(capsys, "build", "--venue", "icml", "--width", "3.25", "--figdata",
               str(figdata_dir), "--out", str(out), name)


def _check_passes(capsys, figdata_dir: Path, out: Path, name: str) -> None:
    """`figures check --strict` of that build passes."""
    code, stdout, _ = run(capsys, "check", "--strict", "--venue", "icml", "--out", str(out),
                          "--figdata", str(figdata_dir), name)
    assert code == 0, stdout


@pytest.mark.parametrize("twin", ["FA", "BP"])
def test_fig1_two_methods_at_one_point_name_it_apart(capsys, tmp_path, figdata_dir, twin):
    """Round 48c (W22): DFA at FA's point (a tie of rounded numbers) or at BP's printed
    "DFA" over "FA" in panel (a), built at exit 0 while `figures check` failed it; the second
    name now goes to the point's other side and `check` passes."""
    def tie(data):
        values = data["panel_a"]["values"]
        values["DFA"] = dict(values[twin])
    _edit(figdata_dir, "fig1_audit_hero", tie)
    out = tmp_path / "out"
    assert _build(capsys, figdata_dir, out, "fig1_audit_hero")[0] == 0
    _check_passes(capsys, figdata_dir, out, "fig1_audit_hero")


def test_fig1_names_side_by_side_keep_check_s_point_apart(capsys, tmp_path, figdata_dir):
    """Round 48c (W22): DFA beside FA at one accuracy (Γ 0.346 and 0.25) put the two names
    side by side 1.0 pt apart under `check`'s rule of 1 pt (the names were measured hinted at
    the screen's dpi and only for overlap); they are measured as `check` measures, 1 pt
    apart, and DFA's goes under its point."""
    def beside(data):
        data["panel_a"]["values"]["DFA"] = {"acc": 0.401, "gamma": 0.346}
    _edit(figdata_dir, "fig1_audit_hero", beside)
    out = tmp_path / "out"
    assert _build(capsys, figdata_dir, out, "fig1_audit_hero")[0] == 0
    _check_passes(capsys, figdata_dir, out, "fig1_audit_hero")


def test_fig1_three_methods_at_one_point_are_refused(capsys, tmp_path, figdata_dir):
    """Round 48c (W22): with all three methods at one point no side is left for the third
    name: one line naming its key, nothing written."""
    def tie(data):
        values = data["panel_a"]["values"]
        values["FA"] = dict(values["BP"])
        values["DFA"] = dict(values["BP"])
    _edit(figdata_dir, "fig1_audit_hero", tie)
    out = tmp_path / "out"
    code, _, err = _build(capsys, figdata_dir, out, "fig1_audit_hero")
    assert code == 1, err
    assert err.splitlines()[0].endswith(
        "fig1_audit_hero.json: data.panel_a.values.DFA: at (acc 0.6147, Γ 1) its name would "
        "print on another method's above and under the point (three methods at one place): "
        "give the values with the decimals that tell them apart"), err
    assert not list(out.glob("fig1_audit_hero*"))


def _rename_first_row(figdata_dir: Path, arch: str) -> None:
    def rename(data):
        data["rows"][0]["arch"] = arch
    _edit(figdata_dir, "fig3b_crossarch_3row", rename)


def test_fig3b_a_row_name_over_the_next_is_refused(capsys, tmp_path, figdata_dir):
    """Round 48c (W21): fig3b's row name "Vision Transformer Mini", bold and vertical beside
    its row, ran over the next row's name at 3.25 in, built at exit 0 while `figures check`
    failed it; refused in one line naming both rows' keys and what to do."""
    _rename_first_row(figdata_dir, "Vision Transformer Mini")
    out = tmp_path / "out"
    code, _, err = _build(capsys, figdata_dir, out, "fig3b_crossarch_3row")
    assert code == 1, err
    assert err.splitlines()[0].endswith(
        "fig3b_crossarch_3row.json: data.rows[0].arch: 'Vision Transformer Mini' (1.19 in) and "
        "data.rows[1].arch 'ResMLP no-LN' (0.75 in), bold beside their rows, overlap at 3.25 "
        "in wide: shorten one, or break it onto two lines with \\n"), err
    assert not list(out.glob("fig3b_crossarch_3row*"))


def test_fig3b_a_row_name_broken_onto_two_lines_is_built_and_passes(capsys, tmp_path,
                                                                     figdata_dir):
    """Round 48c (W21): the same name broken with \\n fits its row: built, `check` passes."""
    _rename_first_row(figdata_dir, "Vision\nTransformer")
    out = tmp_path / "out"
    assert _build(capsys, figdata_dir, out, "fig3b_crossarch_3row")[0] == 0
    _check_passes(capsys, figdata_dir, out, "fig3b_crossarch_3row")
