"""Hostile round 42b, B24, B2, B7, B6: a venue build's closing line, the --width bound's words,
update_baselines' summary for a figure's name and where a vector difference in <defs> is."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from figures.cli import main as cli


def _merged(*argv: str) -> tuple[int, list[str]]:
    """``figures ARGV`` in this process, its stdout and stderr as one stream (as a terminal or
    CI's log shows them): the exit status and the lines."""
    both = io.StringIO()
    with contextlib.redirect_stdout(both), contextlib.redirect_stderr(both):
        code = cli.main(list(argv))
    return code, both.getvalue().splitlines()


def test_a_venue_build_with_a_failure_ends_in_one_summary(figdata_dir: Path, tmp_path: Path):
    """Round 42 (B24): cifar_accuracy.json emptied, `figures build --venue icml` ended in a
    `built ...--column` line (the failure summary came after the text slot's pass, before the
    column slot's), told the bad file twice and gave two summaries ("1 of 10", then "1 of 2").
    One summary for the whole build, last, each failed file set named once in it, the bad
    file told once."""
    (figdata_dir / "cifar_accuracy.json").write_text("")
    code, lines = _merged("build", "--venue", "icml", "--figdata", str(figdata_dir), "--out",
                          str(tmp_path / "out"), "-j", "1", "cifar_accuracy",
                          "figure_snapshot_vit")
    assert code == 1, lines
    summaries = [line for line in lines if "figure(s) failed" in line]
    assert summaries == ["2 of 4 figure(s) failed: cifar_accuracy, cifar_accuracy--column"], lines
    assert lines[-1] == summaries[0], lines
    assert any(line.startswith("built figure_snapshot_vit--column:") for line in lines), lines
    told = [line for line in lines if "empty file" in line]
    assert len(told) == 1, lines
    assert "error: cifar_accuracy--column: as cifar_accuracy above" in lines, lines


def test_the_width_bound_is_printed_as_it_is_compared():
    """Round 42 (B2): a venue whose text is 6.7516 in refused `--width 6.7525` "from 1 to
    lab's text width (6.7516 in)" yet took 6.7519, above that bound: widths are compared
    rounded to a thousandth (6.752), the bound was printed with :g. The bound is printed as
    compared, by the one width formatter (figures/page.py inches())."""
    import dataclasses

    import pytest

    from figures.errors import FigureDataError
    from figures.venues import get_venue

    lab = dataclasses.replace(get_venue("icml"), key="lab", text_width_in=6.7516,
                              column_width_in=3.2505)
    assert lab.width(6.7519, "--width", slots=()) == 6.752  # within the bound as compared
    with pytest.raises(FigureDataError) as refused:
        lab.width(6.7525, "--width", slots=())
    assert str(refused.value) == ("--width: 6.7525 in: a venue figure is drawn at a width in "
                                  "inches from 1 to lab's text width (6.752 in)")
    wide = dataclasses.replace(lab, widest_in=7.61049)
    with pytest.raises(FigureDataError, match=r"widest line \(7\.61 in\)$"):
        wide.width(7.6106, "--width", slots=())


def test_a_figure_named_to_update_baselines_points_at_its_venue_goldens(monkeypatch, capsys):
    """Round 42 (B7): `tools/update_baselines.py cifar_summary` after a venue-only change said
    "1 golden(s) named: 0 file(s) written" and nothing of cifar_summary's venue goldens, which
    differed (they are other goldens, not rendered for that NAME): an author could take the
    figure's goldens for current. The summary names them, and what to run."""
    import shutil
    import subprocess

    from helpers import REPO, tool

    baselines = tool("update_baselines", "update_baselines_r42")

    def generate(folder: Path, pytest_args: list[str]) -> subprocess.CompletedProcess[str]:
        for suffix in (".png", ".vector.txt.gz"):  # cifar_summary's golden, unchanged
            shutil.copy(REPO / "baseline" / f"cifar_summary{suffix}", folder)
        return subprocess.CompletedProcess([], 0, "", "")

    monkeypatch.setattr(baselines, "generate", generate)
    assert baselines.main(["cifar_summary"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("1 golden(s) named: 0 file(s) written"), last
    venue = ("venue-icml--cifar_summary, venue-neurips--cifar_summary, "
             "venue-icml--cifar_summary--1.9, venue-icml--cifar_summary--4.125")
    assert last.endswith(
        f"; cifar_summary's venue goldens were not rendered nor checked ({venue}): name them, "
        "or run without NAME to write every golden that differs"), last
    assert baselines.main(["cifar_summary", "venue-icml--cifar_summary",
                           "venue-neurips--cifar_summary", "venue-icml--cifar_summary--1.9",
                           "venue-icml--cifar_summary--4.125"]) == 0
    assert "not rendered" not in capsys.readouterr().out


def test_a_changed_hatch_is_placed_by_its_pattern_and_the_element_using_it():
    """Round 42 (B6): a neutral fill's hatch "xx" -> "x" failed fig4's venue goldens with
    `/ <path>: d 'M -36 36 ...' -> ...`: the <pattern> (in <defs>, its id hashed) was placed at
    the root, so a co-author could not tell which element of which panel changed. The
    difference names the pattern and the element whose fill it is; the vector golden's lines
    (and so its judgement) are as before."""
    from vector import canonical, differences

    def svg(hatch: str) -> bytes:
        return ('<svg xmlns="http://www.w3.org/2000/svg"><g id="figure_1"><g id="axes_4">'
                '<g id="patch_5"><path d="M 0 0 L 1 1" style="fill: url(#h0123456789)"/></g>'
                '<g id="patch_6"><path d="M 0 0 L 2 2" style="fill: #ffffff"/></g></g></g>'
                '<defs><clipPath id="p0123456789"><rect x="0" y="0"/></clipPath></defs>'
                '<defs><pattern id="h0123456789" patternUnits="userSpaceOnUse" width="72" '
                f'height="72"><rect width="73" height="73"/><path d="{hatch}"/></pattern></defs>'
                '</svg>').encode()

    golden, now = canonical(svg("M -36 36 L 36 -36 M -30 42")), canonical(svg("M -36 36 L 36 "
                                                                             "-36 M -24 48"))
    assert [json_place(line) for line in now] == [json_place(line) for line in golden]
    assert all("/pattern" not in line for line in now)  # the lines are as the goldens hold
    told = ("/ <path> in <pattern id1> (used by /figure_1/axes_4/patch_5): d 'M -36 36 L 36 -36 "
            "M -30 42' -> 'M -36 36 L 36 -36 M -24 48'")
    assert differences(golden, now) == [told]
    # an element with a place of its own is told by it alone, as before
    moved = canonical(svg("M -36 36 L 36 -36 M -30 42").replace(b"L 2 2", b"L 3 3"))
    told = "/figure_1/axes_4/patch_6 <path>: d 'M 0 0 L 2 2' -> 'M 0 0 L 3 3'"
    assert differences(golden, moved) == [told]


def json_place(line: str) -> str:
    import json

    return json.loads(line)[0]
