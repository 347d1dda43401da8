"""Round 51's unclear rows left open, mended in round 53: ``--venue ''`` and the words of
two lines (docs/guarantees.md, round 51's "unclear, left" row)."""

from __future__ import annotations

import pytest

from figures.cli.main import main


@pytest.mark.parametrize("command", [["sync"], ["paper"], ["build"], ["check"]])
@pytest.mark.parametrize("blank", ["", "  "])
def test_a_blank_venue_is_refused_by_every_command_in_one_line(tmp_path, capsys, command,
                                                               blank):
    """``--venue ''`` (an unset shell variable: ``--venue "$VENUE"``) was no venue to sync
    and paper, which then read the page's rules from the paper without a word, while build
    and check refused it as an unknown venue; each command now refuses it alike."""
    target = [] if command == ["build"] else [str(tmp_path)]
    with pytest.raises(SystemExit) as stopped:
        main([*command, "--venue", blank, *target])
    lines = capsys.readouterr().err.strip().splitlines()
    assert stopped.value.code == 2
    assert lines[-1].endswith(f"argument --venue: {blank!r} names no venue (an unset shell "
                              "variable?): name one (icml, neurips, iclr, ieee, acm, or one "
                              "from --venues FILE), or leave --venue out"), lines
