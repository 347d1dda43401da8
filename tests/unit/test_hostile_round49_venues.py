"""Round 49 (from round 48c W31): a ``--venues`` file that redefines a built-in venue."""

from __future__ import annotations

import json

from helpers import REPO

from figures.cli.main import main


def _profiles(tmp_path, column: float) -> str:
    """A copy of the built-in venues file holding ``icml`` at ``column`` in and a ``lab``."""
    doc = json.loads((REPO / "figures" / "venues.json").read_text())
    icml = doc["venues"]["icml"]
    doc["venues"] = {"icml": json.loads(json.dumps(icml)), "lab": icml}
    doc["venues"]["icml"]["column_width_in"]["value"] = column
    path = tmp_path / f"ven{column}.json"
    path.write_text(json.dumps(doc))
    return str(path)


def test_a_venues_file_that_redefines_a_built_in_says_so_in_one_line(tmp_path, capsys):
    """Round 48c (W31): a lab's ``icml`` at 3.0 in built as "icml", labelled ``venue:icml``,
    without a word: ICML's name on a page ICML does not have. A same-named venue replaces the
    built-in on purpose (next year's template), so every command given the file says so."""
    shadow = _profiles(tmp_path, 3.0)
    code = main(["which", "--venues", shadow, str(tmp_path / "none.pdf")])
    notes = [line for line in capsys.readouterr().err.splitlines() if line.startswith("note:")]
    assert code != 0  # the file is missing; the note came first
    assert notes == [(f"note: {shadow}: venues.icml replaces the built-in icml (column width "
                      "3.0 in, not 3.25 in): --venue icml builds yours; give it another key "
                      "to keep both")], notes


def test_a_venues_file_that_repeats_a_built_in_unchanged_says_nothing(tmp_path, capsys):
    """Only a redefinition with other numbers is said: a copy of figures/venues.json's
    ``icml`` beside a venue of one's own changes nothing ICML builds."""
    main(["which", "--venues", _profiles(tmp_path, 3.25), str(tmp_path / "none.pdf")])
    assert "note:" not in capsys.readouterr().err
