"""Hostile round 51c: rows of the computed captions and data handling. W17: a figdata whose
``state_pred_error`` holds no seed built cifar_state_vs_credit with exit 0 and panel (a) empty,
unsaid. W20, W32: a series that falls and climbs back to its first value (a V) was captioned
"is flat (1×)" (figure_snapshot_resmlp, fig1_audit_hero). W3, W8: a seed whose run stopped
early had its last epoch (60) averaged with the others' (100) as the "final" prediction error.
Each is reproduced as the tester did: an edited copy of figdata/, built for a venue, whose
caption file is read."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from helpers import REPO, run

from figures.plots._caption import false_claims, scientific
from figures.registry import BY_NAME


def _figdata(tmp_path: Path, name: str, change) -> Path:
    """A copy of figdata/ with ``name``'s data changed by ``change``."""
    folder = tmp_path / "figdata"
    if not folder.exists():
        shutil.copytree(REPO / "figdata", folder)
    path = folder / f"{name}.json"
    doc = json.loads(path.read_text())
    doc.pop("quoted", None)  # reshaped data need not hold what the paper quotes
    change(doc["data"])
    path.write_text(json.dumps(doc, ensure_ascii=False))
    return folder


def _venue_caption(capsys, folder: Path, out: Path, *names: str) -> tuple[dict[str, str], str]:
    """``names`` built for ICML from ``folder`` (exit 0): each one's caption, and stderr."""
    code, stdout, err = run(capsys, "build", "--venue", "icml", *names, "--figdata", str(folder),
                            "--out", str(out), "--jobs", "1")
    assert code == 0, stdout + err
    captions = {}
    for name in names:
        assert f"built {name}" in stdout
        captions[name] = (out / f"{name}.caption.txt").read_text().strip()
    return captions, err


def _data(name: str, change) -> dict:
    data = json.loads((REPO / "figdata" / f"{name}.json").read_text())["data"]
    change(data)
    return data


# --- W17: no seed's state_pred_error ------------------------------------------------------

def test_an_empty_state_error_panel_is_said_in_the_build_the_panel_and_the_caption(
        capsys, tmp_path):
    """The schema lets ``state_pred_error`` hold no seed (the extract writes ``{}`` when no run
    logs it, and the fixture --no-error-logs is drawn so), so it is no figdata error: the
    figure builds, but says why panel (a) is empty, in one warning line naming the file and
    the key and what to do, in the panel on a page, and in the caption; the other figures
    build beside it."""
    folder = _figdata(tmp_path, "cifar_state_vs_credit",
                      lambda d: d.__setitem__("state_pred_error", {}))
    captions, err = _venue_caption(capsys, folder, tmp_path / "out", "cifar_state_vs_credit",
                                   "cifar_summary")
    path = folder / "cifar_state_vs_credit.json"
    assert err.splitlines() == [
        (f"warning: cifar_state_vs_credit: {path}: data.state_pred_error: holds no series: "
         "panel (a), the state bridge's prediction error, is drawn empty; log state_pred_error "
         "in the state bridge's runs and extract again to draw it")], err
    assert captions["cifar_state_vs_credit"].startswith(
        "Panel (a) is empty: no seed's run logs the state bridge's prediction error."), captions

    from figures.outputs.kind import venue_kind
    from figures.venues import get_venue

    data = json.loads(path.read_text())["data"]
    with pytest.warns(Warning, match="data.state_pred_error: holds no series"):
        fig = venue_kind(get_venue("icml"), None).draw(BY_NAME["cifar_state_vs_credit"], data)
    assert [t.get_text() for t in fig.axes[0].texts] == ["no seed logs\nthe prediction error"]


# --- W20, W32: a V is not "flat" -----------------------------------------------------------

def _v(first: float, bottom: float, n: int, at: int) -> list[float]:
    """Down from ``first`` to ``bottom`` at index ``at`` and back to ``first``, on a log
    scale."""
    share = [i / at if i <= at else (n - 1 - i) / (n - 1 - at) for i in range(n)]
    return [float(f"{first * (bottom / first) ** s:.6g}") for s in share]


def test_a_resmlp_series_that_falls_and_climbs_back_is_not_flat(capsys, tmp_path):
    """W20: DFA's ||h_L|| with the LN down three decades and back to 30 was "is flat (1×) with
    the LN": the caption now says where it turns and by how much each way."""
    def change(d):
        d["with_ln"]["DFA"]["h_L"] = _v(30.0, 0.03, len(d["with_ln"]["DFA"]["h_L"]), 49)
    folder = _figdata(tmp_path, "figure_snapshot_resmlp", change)
    captions, _ = _venue_caption(capsys, folder, tmp_path / "out", "figure_snapshot_resmlp")
    text = captions["figure_snapshot_resmlp"]
    assert "is flat" not in text, text
    assert ("DFA's ||h_L|| falls 3.0 orders of magnitude (1000×) to 3×10⁻² at epoch 50, then "
            "rises 3.0 orders of magnitude (1000×) with the LN and rises") in text, text
    assert false_claims(BY_NAME["figure_snapshot_resmlp"].code().caption(
        json.loads((folder / "figure_snapshot_resmlp.json").read_text())["data"])) == []


def test_fig1_a_gradient_norm_that_falls_and_climbs_back_is_not_flat(capsys, tmp_path):
    """W32: DFA's median gradient norm down four decades at layer 2 and back to 10⁻³ at the
    last layer was "DFA's is flat (1×), at 10⁻³"."""
    folder = _figdata(tmp_path, "fig1_audit_hero", lambda d: d["panel_c"]["values"].__setitem__(
        "DFA", [1e-3, 1e-6, 1e-7, 1e-5, 1e-3]))
    captions, _ = _venue_caption(capsys, folder, tmp_path / "out", "fig1_audit_hero")
    text = captions["fig1_audit_hero"]
    assert "is flat" not in text, text
    assert text.endswith("DFA's falls 4.0 orders of magnitude (10000×) to 10⁻⁷ at layer 2, then "
                         "rises 4.0 orders of magnitude (10000×), to 10⁻³."), text


def test_flat_is_the_whole_series_within_the_band():
    """"Flat" is a claim of the whole run, not of its two ends: a 2× dip between equal ends is
    not flat (W20, W32), a 5 % wobble still is."""
    for values, said in [
            ([1e-3, 5e-4, 1e-3, 1e-3, 1e-3],
             ("DFA's falls 0.3 orders of magnitude (2×) to 5×10⁻⁴ at layer 1, then rises 0.3 "
              "orders of magnitude (2×), to 10⁻³.")),
            ([1e-3, 1.05e-3, 0.95e-3, 1e-3, 1e-3], "DFA's is flat (1×), at 10⁻³.")]:
        made = BY_NAME["fig1_audit_hero"].code().caption(_data(
            "fig1_audit_hero", lambda d, v=values: d["panel_c"]["values"].__setitem__("DFA", v)))
        assert false_claims(made) == [], made
        assert str(made).endswith(said), made


# --- W3, W8: seeds that end at different epochs --------------------------------------------

def test_a_seed_stopped_early_is_not_averaged_at_its_own_last_epoch(capsys, tmp_path):
    """W3, W8: seed 42's run stopped at epoch 60, the others ran to 100; the caption's "final"
    error was the mean of epoch 60's and epoch 100's values. It is the mean at epoch 60, the
    last all three log, and the caption says where each seed's log ends."""
    folder = _figdata(tmp_path, "cifar_state_vs_credit", lambda d: d["state_pred_error"].update(
        {"42": d["state_pred_error"]["42"][:60]}))
    captions, _ = _venue_caption(capsys, folder, tmp_path / "out", "cifar_state_vs_credit")
    text = captions["cifar_state_vs_credit"]
    errors = json.loads((folder / "cifar_state_vs_credit.json").read_text())["data"][
        "state_pred_error"]
    at_60 = np.mean([series[59] for series in errors.values()])
    mixed = np.mean([series[-1] for series in errors.values()])
    assert (scientific(at_60), scientific(mixed)) == ("4×10⁻⁵", "2×10⁻⁵")  # they print apart
    assert ("from the first epoch to epoch 60, to 4×10⁻⁵ (means over 3 "
            "seeds; the seeds' logs end at different epochs: seed 42's at epoch 60, seed 123's "
            "and seed 456's at epoch 100)") in text, text
    code = BY_NAME["cifar_state_vs_credit"].code()
    data = json.loads((folder / "cifar_state_vs_credit.json").read_text())["data"]
    assert code.model(data)[2] == pytest.approx(at_60)
    assert false_claims(code.caption(data)) == []

    # seeds of one length (the committed data): compared at the last epoch, no note
    assert str(code.caption(_data("cifar_state_vs_credit", lambda d: None))) == (
        "The state bridge's prediction error of h_L falls 4.4 orders of magnitude (26000×) from "
        "the first epoch to the last, to 2×10⁻⁵ (means over 3 seeds): it predicts h_L almost "
        "perfectly, yet its final test accuracy is the worst.")


def test_a_state_vs_credit_without_the_key_is_one_line_saying_what_to_do(capsys, tmp_path):
    """W17, the other reading: the key left out (not ``{}``) is a figdata error, as the schema
    requires every key; it said "missing key" alone. Now one line naming the file, the key and
    what to do, exit 1, nothing written for it, and the other figures still built."""
    folder = _figdata(tmp_path, "cifar_state_vs_credit", lambda d: d.pop("state_pred_error"))
    out = tmp_path / "out"
    code, stdout, err = run(capsys, "build", "cifar_state_vs_credit", "cifar_summary",
                            "--figdata", str(folder), "--out", str(out), "--jobs", "1")
    assert code == 1
    assert err.splitlines() == [
        (f"error: cifar_state_vs_credit: {folder / 'cifar_state_vs_credit.json'}: "
         "data.state_pred_error: missing key; every key is drawn: give state_pred_error, as "
         "figures extract writes it (state_pred_error may be {} where no run logs the error)"),
        "1 of 2 figure(s) failed: cifar_state_vs_credit"], err
    assert "built cifar_summary" in stdout
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == [
        "cifar_summary.png"]
