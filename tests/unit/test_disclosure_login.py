"""Round 30 (S2): a figure author's login printed in a URL, wherever TeX breaks the line and
however it is capitalised (the compiled pages given as text)."""

from __future__ import annotations

import pytest

from figures.paper.disclosure import printed_on


@pytest.mark.parametrize(("text", "said"), [
    ("Code: https: //github. com/\njsmith/\nfigs", ("jsmith", 1)),
    ("Code: https://github.com/ jsmith/figs", ("jsmith", 1)),
    ("Code: https://github.com/JSmith/figs.", ("jsmith", 1)),
    ("Ask @JSMITH on X.", ("jsmith", 1)),
    ("Write to JSmith@ not here.", ("jsmith", 1)),
    ("Code: https://github.com/jsmith/figs.", ("jsmith", 1)),
    ("Thanks to jsmith for the data. The JSmith baseline is ours.", None),
    ("Code: https://github.com/jsmithson/figs and /ajsmith/.", None)],
    ids=["broken-lines", "broken-after-slash", "capitals", "handle-capitals", "address-capitals",
         "plain", "prose", "longer-logins"])
def test_a_login_is_told_across_a_line_break_and_in_any_case(text, said):
    """Round 30 (S2): ``\\url{https://github.com/jsmith/figs}`` in a narrow ``\\parbox``
    (the page's text ``com/ jsmith/``: TeX breaks after each ``/``) and
    ``github.com/JSmith/figs`` (GitHub's names are case-blind) were not told, the unbroken
    lowercase URL was. A login is matched in any case, a blank after its ``/`` aside; in prose
    it is still a word."""
    assert printed_on("jsmith", [text]) == said
