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


@pytest.mark.parametrize(("name", "venue", "slot"), [
    ("cifar_summary", "neurips", "text"), ("fig1_audit_hero", "neurips", "column"),
    ("fig1_audit_hero", "iclr", "column"), ("cifar_summary", "iclr", "text")])
def test_a_one_column_venue_takes_either_slot_name(name, venue, slot):
    """Round 40 (W6): at a venue whose column is its text (NeurIPS, ICLR) the other slot's
    name is the same width, so the same design: ``draw(name, "neurips", "text")`` is the
    build's own kind (its name, its key, its ``NAME.pdf``), not refused as "designed for
    column, not 'text'"."""
    from figures.drawing import kind_for
    from figures.registry import BY_NAME

    spec, kind = kind_for(name, venue, slot)
    _, own = kind_for(name, venue)
    assert (kind.name, kind.slot, kind.stem(spec), kind.key_part()) == (
        own.name, None, name, own.key_part()) == (f"venue:{venue}", None, name, own.key_part())
    assert kind.draw(BY_NAME[name], _data(name)).get_size_inches()[0] == pytest.approx(
        get_venue(venue).text_width_in)


def test_a_two_column_venue_still_refuses_the_other_slot_saying_its_width():
    """Round 40 (W6): at ICML the column and the text differ, so the other slot's name is
    still refused, now naming the width that draws this design there (6.75 for the text)."""
    import figures
    from figures.errors import AuthorCodeError

    with pytest.raises(AuthorCodeError) as refused:
        figures.draw("cifar_summary", "icml", "text")
    assert ("cifar_summary is designed for column, not 'text': draw it for one of those, at "
            "a width (6.75 for icml's text: its column design drawn that wide), or add 'text' "
            "to SLOTS and design its layout there") in str(refused.value)


def _data(name: str) -> dict:
    from figures.registry import BY_NAME

    return BY_NAME[name].load_figdata(FIGDATA)["data"]


@pytest.mark.slow  # a build and a drawing saved: seconds
def test_a_one_column_draw_by_the_other_name_is_the_builds_file(tmp_path, capsys):
    """Round 40 (W6): ``figures.draw("cifar_summary", "neurips", "text")`` saves the pixels
    of ``build --venue neurips``'s cifar_summary.png, which `figures which` names
    venue:neurips, current."""
    import numpy as np
    from PIL import Image

    import figures

    out = tmp_path / "neurips"
    assert cli.main(["build", "cifar_summary", "--venue", "neurips", "--figdata",
                     str(FIGDATA), "--out", str(out)]) == 0
    figures.draw("cifar_summary", "neurips", "text").savefig(tmp_path / "drawn.png")
    assert np.array_equal(np.asarray(Image.open(tmp_path / "drawn.png")),
                          np.asarray(Image.open(out / "cifar_summary.png")))
    capsys.readouterr()
    assert cli.main(["which", str(out / "cifar_summary.png"), "--figdata", str(FIGDATA)]) == 0
    assert "cifar_summary (venue:neurips, synthetic-example): current" in \
        capsys.readouterr().out
