"""Hostile round 50a (P30): the placement a sync records is its paper folder's own."""

from __future__ import annotations

import pytest

from figures.paper import memo


@pytest.mark.parametrize("text", ["\\documentclass{article}% A\n",
                                  "\\documentclass{article}% B\n"], ids=["same", "edited"])
def test_a_main_file_of_another_folder_takes_no_placement_of_this_one(tmp_path, monkeypatch,
                                                                      text):
    r"""Round 50a (P30): the placement memo was keyed by the main file's bytes, else its name
    alone, so every ``main.tex`` synced with this build folder took the last converged
    ``main.tex``'s placement as its first probe's guess, whatever paper it was (round 49a
    P6's wrapper row then refused under another paper's build). Keyed by the paper's folder
    too: another folder's ``main.tex`` (its bytes the same or not) gets none; the folder's
    own, its text edited since, still does."""
    monkeypatch.chdir(tmp_path)
    for name in ("TEXINPUTS", "TEXMFCNF"):
        monkeypatch.delenv(name, raising=False)
    one, other = tmp_path / "one", tmp_path / "other"
    for folder in (one, other):
        (folder / "figs").mkdir(parents=True)
        (folder / "main.tex").write_text("\\documentclass{article}% A\n")
    build = tmp_path / "w2.387.pdf"
    build.write_bytes(b"%PDF-1.4 another paper's build\n")
    try:
        memo.placed(memo.placed_key(one / "main.tex", None, True), one,
                    {one / "figs" / "cifar_summary.pdf": (build, "copy")})
        (other / "main.tex").write_text(text)
        assert memo.guess(memo.placed_key(other / "main.tex", None, True), other, "") == {}
        (one / "main.tex").write_text(text)
        assert memo.guess(memo.placed_key(one / "main.tex", None, True), one, "") == {
            "figs/cifar_summary.pdf": build.read_bytes()}
    finally:
        memo.flush()
