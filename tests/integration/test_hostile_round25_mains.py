"""Hostile round 25's rows on what pack and paper take as the paper: its macros file checked
against figdata as its figures are (SM), the author's own venues (PV), the main file when a
preamble of its own holds ``\\documentclass`` (SP2) or it stands past the first 64 KiB (LD)."""

from __future__ import annotations

import dataclasses

import pytest
from helpers import REPO, pack_refused, packed, write_files

from figures.numbers.macros import macros_tex, read_quoted
from figures.registry import FIGURES

_QUOTING = ("\\documentclass{article}\n\\input{macros}\n\\begin{document}\n"
            "BP reaches \\heroAccBP{} accuracy.\n\\end{document}\n")


@pytest.mark.slow
def test_a_stale_macros_file_of_ours_stops_the_pack(tmp_path):
    """Round 25 (SM): ``macros.tex`` written by sync, then fig1_audit_hero's BP accuracy
    changed in figdata (new results): pack shipped the old number, exit 0, warnings 0 (it
    checked figures only). A macros file of ours is checked like a figure: stale, the pack
    stops naming it and the command that mends it; current, it goes in."""
    quoted, _ = read_quoted(FIGURES, REPO / "figdata")
    old = [dataclasses.replace(q, value=q.value - 0.02) if q.macro == "heroAccBP" else q
           for q in quoted]
    write_files(tmp_path / "p", {"main.tex": _QUOTING, "macros.tex": macros_tex(old)})
    assert pack_refused(tmp_path, "--allow-synthetic") == (
        "error: macros.tex: a macros file of ours whose numbers are not figdata's now (new "
        "results, or edited by hand): run `figures sync PAPER` (or `figures macros --out "
        "FILE`); the pack stops (no stale number goes out)")
    (tmp_path / "p" / "macros.tex").write_text(macros_tex(quoted))
    files, _ = packed(tmp_path, "--allow-synthetic")
    assert "heroAccBP" in files["macros.tex"]
