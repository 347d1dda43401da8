"""Hostile round 32's row on a figure author's login printed in an address ``xurl`` splits
over lines (A2, issue 45): the page's text as pypdf reads it, end to end. The unit tests
(tests/unit/test_hostile_round32_names.py) hold the other rows."""

from __future__ import annotations

import pytest
from helpers import anonymous_paper, authored_plot, pack_said

pytestmark = pytest.mark.slow  # TeX compiles the archive


@pytest.mark.parametrize("width", ["2.2cm", "2.6cm"])
def test_a_login_in_an_address_xurl_splits_is_told(tmp_path, width):
    """Round 32 (A2): ``\\usepackage{xurl}``, ``\\url{https://github.com/jsmith/figs}`` in a
    2.2 cm minipage (pypdf reads ``h t t p s : / / g i`` / ``t h u b . c o m / j`` /
    ``smith/figs``) or a 2.6 cm one (``https://github`` / ``.com/jsmith/fi`` / ``gs``), a
    figure whose ``/Author`` is ``jsmith``: pack --anonymous said nothing of the login. Now
    told, as the unbroken URL is."""
    anonymous_paper(tmp_path, "", f"Code: \\begin{{minipage}}{{{width}}}\\url{{https://github."
                    "com/jsmith/figs}\\end{minipage} and\n\n\\includegraphics[width=3cm]{plot.pdf}",
                    packages="graphicx,xurl")
    authored_plot(tmp_path / "p" / "plot.pdf", "jsmith")
    told = pack_said(tmp_path, "--anonymous")
    assert "warning: plot.pdf: 'jsmith' (its /Author) is printed on page 1 of the archive by " \
           "the paper's text" in told, told
