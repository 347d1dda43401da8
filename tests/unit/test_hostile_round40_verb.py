"""Hostile round 40: W5 (a width build's preflight hint and its widths' one rounding) and W6
(a named slot at a venue whose column is its text)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from helpers import REPO

from figures.cli import main as cli
from figures.outputs.kind import CAMERA_READY, DEFAULT, venue_kind
from figures.page import Box, inches
from figures.preflight.rules import size_row
from figures.venues import get_venue

FIGDATA = REPO / "figdata"


def test_build_command_names_the_whole_kind():
    """Round 40 (W5): the command a preflight suggests for a figure missing from a build folder
    writes that folder's kind: a width build's ``--venue V --width W`` too (the hint said
    `figures build NAME --out ...`, which writes the default kind that check does not read)."""
    ieee, out = get_venue("ieee"), Path("/tmp/a b")
    assert venue_kind(ieee, 2.03).build_command("cifar_accuracy", out) == (
        "figures build cifar_accuracy --venue ieee --width 2.03 --out '/tmp/a b'")
    assert venue_kind(ieee).build_command("x", out, Path("v.json")) == (
        "figures build x --venue ieee --venues v.json --out '/tmp/a b'")
    assert venue_kind(ieee, "text").build_command("x", out) == (
        "figures build x --venue ieee --out '/tmp/a b'")
    assert DEFAULT.build_command("x", out) == "figures build x --out '/tmp/a b'"
    assert CAMERA_READY.build_command("x", out) == (
        "figures build x --camera-ready --camera-ready-out '/tmp/a b'")
    assert venue_kind(ieee, Box(3.25, 3.6)).build_command("x", out) == (
        "figures sync PAPER_DIR --venue ieee")


def test_widths_print_to_a_thousandth():
    """Round 40 (W5): "its smallest width is 3.46667 in" beside the build's "2.027 in", and
    the size row's "2.03 in wide <= 2.03 in" for a 2.027 in build: every width printed
    to a thousandth, as a Width is rounded."""
    assert [inches(v) for v in (3.4666666, 6.5, 2.0)] == ["3.467", "6.5", "2"]
    row = size_row("cifar_summary", 2.027, (2.027, 1.5203), get_venue("ieee"))
    assert (row.value, row.limit) == ("2.027 in wide", "<= 2.027 in (custom)")
    assert row.detail.startswith("saved 2.027 x 1.52 in")


@pytest.mark.slow  # a build, its check, and the build its hint names: seconds
def test_a_width_builds_preflight_hint_builds_what_it_reads(tmp_path, capsys):
    """Round 40 (W5): `check --venue ieee --out DIR` of a `--width 2.03` build says, for a
    figure never built there, the whole command (its `--venue ieee --width 2.03`), and
    running it gives a file that check reads; the refused ones' smallest width to a
    thousandth (3.467 in, not 3.46667)."""
    out = tmp_path / "w"
    assert cli.main(["build", "cifar_summary", "--venue", "ieee", "--width", "2.03",
                     "--figdata", str(FIGDATA), "--out", str(out)]) == 0
    capsys.readouterr()
    check = ["check", "--venue", "ieee", "--out", str(out), "--figdata", str(FIGDATA)]
    assert cli.main(check) == 0
    printed = capsys.readouterr().out
    assert "its smallest width is 3.467 in, so that build refused it" in printed, printed
    command = (f"figures build cifar_accuracy --venue ieee --width 2.03 --out "
               f"{shlex.quote(str(out))}")
    assert f"skipped: cifar_accuracy: no file of it in {out}: build it there (`{command}`) " \
           "to check it" in printed, printed
    assert cli.main([*shlex.split(command)[1:], "--figdata", str(FIGDATA)]) == 0
    capsys.readouterr()
    cli.main(check)
    printed = capsys.readouterr().out
    assert "skipped: cifar_accuracy" not in printed
    assert any(line.startswith("cifar_accuracy  size") for line in printed.splitlines())

