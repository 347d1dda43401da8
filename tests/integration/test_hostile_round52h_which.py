"""Round 52h's pass over ``figures which`` (W5 of its report): each mended row with a test
that failed before its mend."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from helpers import REPO

from figures.numbers.macros import macros_tex, read_quoted
from figures.paper.which import CURRENT, FOREIGN, STALE, which
from figures.registry import FIGURES


def test_the_macros_file_sync_writes_is_judged_not_called_foreign(tmp_path: Path):
    """W5: ``figures which paper/macros.tex`` said "not from this suite (no provenance of
    fa-audit-figures inside)" of the macros.tex sync had just written (its first line names
    `figures macros` and a digest), and the same after its figdata changed: an author asking
    which of the paper's files are stale was told the numbers were not ours."""
    figdata = shutil.copytree(REPO / "figdata", tmp_path / "fd")
    quoted, unread = read_quoted(FIGURES, figdata)
    macros = tmp_path / "paper" / "macros.tex"
    macros.parent.mkdir()
    macros.write_text(macros_tex(quoted, [u.figure for u in unread], synthetic_as_errors=False))
    assert which(macros, figdata).state == CURRENT, which(macros, figdata).line()
    summary = figdata / "cifar_summary.json"
    data = json.loads(summary.read_text())
    data["data"]["final_test_acc"]["bp"][0] += 0.01  # new results: a quoted mean moves
    summary.write_text(json.dumps(data))
    found = which(macros, figdata)
    assert found.state == STALE, found.line()
    assert f"run `figures macros --figdata {figdata} --out {macros}`" in found.line(), found.line()
    (tmp_path / "mine.tex").write_text("\\newcommand{\\mine}{1}\n")
    assert which(tmp_path / "mine.tex", figdata).state == FOREIGN
