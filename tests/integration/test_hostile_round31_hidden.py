"""Hostile round 31's rows on the anonymous pack's hidden-notes warning (issue 45): a notes
macro defined by expl3 (N9), and one using its note only inside xparse's ``\\IfBooleanT``
(N12), each note shipped with warnings 0."""

from __future__ import annotations

import pytest
from helpers import anonymous_pack_tells

pytestmark = pytest.mark.slow
_PAPER = {"author": False}


def test_an_expl3_notes_macro_is_told(tmp_path):
    """Round 31 (N9): ``\\ExplSyntaxOn \\cs_new:Npn \\note #1 { } \\ExplSyntaxOff`` and
    ``\\note{<note>}``: pack --anonymous exit 0, warnings 0, the note shipped. Now told,
    naming the definer; the note printed (``{ #1 }``), nothing said."""
    preamble = "\\ExplSyntaxOn \\cs_new:Npn \\note #1 { %s } \\ExplSyntaxOff"
    body = "Intro. \\note{PRIVATE EX1 ask Bob Jones now} More."
    told = anonymous_pack_tells(tmp_path, (preamble % "", body), (preamble % "#1", body),
                                shipped="PRIVATE EX1", **_PAPER)
    assert "warning: main.tex:5: \\note{PRIVATE EX1 ask Bob Jones now} is hidden by \\note, " \
           "which drops that argument (\\cs_new:Npn\\note): text TeX does not print" in told, told


def test_a_note_inside_xparses_boolean_test_is_told(tmp_path):
    """Round 31 (N12): ``\\NewDocumentCommand{\\note}{s o m}{\\IfBooleanT{#1}{#3}}``, the
    unstarred ``\\note{<note>}`` (dropped) beside a starred one (printed): warnings 0, the
    note shipped. Now told, naming the test; both starred (printed), nothing said."""
    preamble = "\\NewDocumentCommand{\\note}{s o m}{\\IfBooleanT{#1}{#3}}"
    body = "Intro. \\note%s{PRIVATE XB1 ask Bob Jones now} and \\note*{Printed starred note words} More."
    told = anonymous_pack_tells(tmp_path, (preamble, body % ""), (preamble, body % "*"),
                                shipped="PRIVATE XB1", **_PAPER)
    assert "warning: main.tex:5: \\note{PRIVATE XB1 ask Bob Jones now} is hidden by " \
           "\\IfBooleanT{#1} inside \\note, false there: text TeX does not print" in told, told
