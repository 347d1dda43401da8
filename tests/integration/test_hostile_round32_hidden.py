"""Hostile round 32's rows on the anonymous pack's hidden-notes warning (issue 45): a notes
macro switched by an expl3 boolean (H2), each note shipped with warnings 0."""

from __future__ import annotations

import pytest
from helpers import anonymous_pack_tells

pytestmark = pytest.mark.slow


def test_a_note_behind_an_expl3_boolean_is_told(tmp_path):
    """Round 32 (H2): ``\\bool_new:N \\g_show_bool \\cs_new_protected:Npn \\note #1
    { \\bool_if:NT \\g_show_bool { #1 } }`` (the boolean false) and ``\\note{<note>}``: pack
    --anonymous exit 0, warnings 0, the note shipped. Now told, naming the test and the
    boolean; with the boolean set true (the note printed), nothing said."""
    preamble = ("\\ExplSyntaxOn \\bool_new:N \\g_show_bool %s \\cs_new_protected:Npn \\note #1 "
                "{ \\bool_if:NT \\g_show_bool { #1 } } \\ExplSyntaxOff")
    body = "Intro. \\note{PRIVATE EB1 ask Bob Jones now} More."
    told = anonymous_pack_tells(tmp_path, (preamble % "", body),
                                (preamble % "\\bool_gset_true:N \\g_show_bool", body),
                                shipped="PRIVATE EB1", author=False)
    assert "warning: main.tex:5: \\note{PRIVATE EB1 ask Bob Jones now} is hidden by " \
           "\\bool_if:NT\\g_show_bool inside \\note, false there (\\bool_new:N\\g_show_bool): " \
           "text TeX does not print" in told, told
