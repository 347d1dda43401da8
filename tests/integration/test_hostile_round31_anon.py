"""Hostile round 31's rows on the anonymous pack's false warnings (issue 45): the anonymous
template's note on its author read as names (N10), a figure author's login told in a slash
of prose (S1). The pass itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import anonymous_paper, authored_plot, pack_said, packed

pytestmark = pytest.mark.slow  # TeX compiles the archive


@pytest.mark.parametrize("note", ["Equal contribution.", "Work done during an internship."])
def test_the_anonymous_templates_note_on_its_author_is_no_name(tmp_path, note):
    """Round 31 (N10): ``\\author{Anonymous Authors\\thanks{Equal contribution.}}`` packed
    ``--anonymous`` warned "an author's name (Equal)" in the packed source and "Equal of
    \\author in the compiled text"; "Work done during an internship." the same with "Work".
    Now: warnings 0."""
    anonymous_paper(tmp_path, f"\\title{{Deep Results}}\\author{{Anonymous Authors\\thanks{{{note}}}}}",
                    "\\maketitle Intro. More.", author=False)
    packed(tmp_path, "--anonymous", warnings=0)


def test_a_login_after_a_slash_of_prose_is_not_told(tmp_path):
    """Round 31 (S1): figures whose ``/Author`` is ``dev``, ``data``, ``alex`` in a paper
    writing "the standard Train/Dev/Test splits", "input / Data output" and a URL's deep
    folder ``/Data/``, "Bob / Alex": each told as printed on page 1 by the paper's text. A
    login is told only as an address's part; here none is."""
    body = ("We use the standard Train/Dev/Test splits. All data: "
            "\\url{https://zenodo.org/records/123/Data/} and input / Data output. "
            "Results for Bob / Alex and Carol.\n\n")
    anonymous_paper(tmp_path, "", body + "".join(
        f"\\includegraphics[width=3cm]{{{name}.pdf}}\n" for name in ("dev", "data", "alex")),
        packages="graphicx,url")
    for name in ("dev", "data", "alex"):
        authored_plot(tmp_path / "p" / f"{name}.pdf", name)
    told = pack_said(tmp_path, "--anonymous")
    assert "(its /Author) is printed" not in told, told
