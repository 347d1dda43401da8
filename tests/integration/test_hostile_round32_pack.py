"""Hostile round 32's pack row (issue 45) on draft frames: a draft image inside forms nested
deeper than the forms the pack opened (R2). The pass itself, case by case, is in
docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user
from test_hostile_round31_pack import _DRAFT, _paper, _refused


def _nested(levels: int, inner: str) -> str:
    r"""``inner`` in a ``\pdfxform``, that form in another, ``levels`` times, placed once."""
    text = f"\\setbox0\\hbox{{{inner}}}\\pdfxform0 \\edef\\f{{\\the\\pdflastxform}}"
    text += ("\\setbox0\\hbox{\\pdfrefxform\\f}\\pdfxform0 \\edef\\f{\\the\\pdflastxform}"
             * levels)
    return text + "\\pdfrefxform\\f{}"


@pytest.mark.slow  # TeX compiles the archive
def test_a_frame_in_forms_nested_deep_is_refused(tmp_path):
    r"""Round 32 (R2): an include with its own draft key inside ``\pdfxform``s nested 10
    deep: the archive printed the frame and the pack said nothing, exit 0, as forms were
    opened 8 deep at most (round 31 F4's mend). Every form is now opened, once each (its
    count kept for each use; a form drawing itself, no PDF TeX writes, counts nothing):
    the pack stops, naming the include's own key."""
    _paper(tmp_path, "", _nested(10, _DRAFT))
    _refused(tmp_path, "its own draft key")


@pytest.mark.slow  # TeX compiles the archive
def test_an_image_only_measured_under_a_let_draft_switch_packs(tmp_path):
    r"""Round 32 (R8): ``{\let\ifGin@draft\iftrue\phantom{\includegraphics{a.png}}}`` (an
    image only measured, never printed) with ``a.png`` named in the prose: refused as a
    frame, as round 30 D4 once was. The forced compile now sets graphics' switch false where
    an include reads it, so a ``\let`` of it reaches no include there; both compiles place
    nothing more: the archive packs."""
    _paper(tmp_path, ("\\makeatletter\\newcommand\\measured[1]{{\\let\\ifGin@draft\\iftrue"
                      "\\phantom{#1}}}\\makeatother"),
           "The plot's file is a.png. \\measured{\\includegraphics[width=3cm]{a.png}}")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "frame" not in ran.stderr, ran.stderr
