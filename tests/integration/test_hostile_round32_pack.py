"""Hostile round 32's pack row (issue 45) on draft frames: a draft image inside forms nested
deeper than the forms the pack opened (R2). The pass itself, case by case, is in
docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user, pack_refused
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


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("preamble", "switch", "named"), [
    ("", "\\makeatletter\\let\\ifGin@draft\\iftrue\\makeatother",
     "by \\let\\ifGin@draft\\iftrue at main.tex:6"),
    ("", "\\makeatletter\\global\\Gin@drafttrue\\makeatother",
     "by \\Gin@drafttrue at main.tex:6"),
    ("\\def\\on{\\csname Gin@drafttrue\\endcsname}", "\\on",
     ("graphicx is in draft mode at this include (set by code the pack cannot name); make it "
      "final there"))], ids=["let", "global", "csname"])
def test_a_frame_by_the_draft_switch_names_no_cause_the_paper_lacks(tmp_path, preamble,
                                                                   switch, named):
    r"""Round 32 (R3): ``\let\ifGin@draft\iftrue`` in the body before an include: the pack
    stopped (right), but its line blamed "the class's option draft or its own" (the paper has
    neither), said "remove draft" (no word of the file) and was cut mid-word at 400
    characters ("give that include dra…"). Now, with no class, package or own option to
    blame, the line names the source line setting graphics' draft switch (read by
    figures/texread.py), else says the pack cannot name it; whole, and one line."""
    _paper(tmp_path, preamble, f"{switch} \\includegraphics[width=3cm]{{a.png}}")
    said = pack_refused(tmp_path)
    assert said.startswith("error: a.png: the archive's PDF prints graphicx's frame"), said
    assert named in said, said
    for absent in ("class", "its own", "remove draft", "…"):
        assert absent not in said, said
    assert said.endswith("; the pack stops"), said
