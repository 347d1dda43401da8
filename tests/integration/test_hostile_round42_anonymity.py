"""Hostile round 42a, ``figures pack --anonymous`` end to end: the stop for what the review
PDF's own fields disclose names the source line and every finding (A34)."""

from __future__ import annotations

import pytest
from helpers import pack_refused


@pytest.mark.slow  # pack compiles the paper and its archive
def test_a_pdfinfo_stop_names_its_line_and_every_finding(tmp_path):
    r"""Round 42 (A34): ``\pdfinfo{/Contact (janet.smithson@mit.edu) /Notes (draft by Karl
    Weberling, /home/kweber/paper)}`` at main.tex:4 stopped the pack at ``main.tex``, naming
    the first finding, hiding the other behind "(and 1 more)" and saying nothing of what to
    do: an author mends one, packs again and is stopped again. The stop names the line that
    sets it, each finding and what to do."""
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "main.tex").write_text(
        "\\documentclass{article}\n\\title{Credit assignment, audited}\n"
        "\\author{Anonymous Authors}\n\\pdfinfo{/Contact (janet.smithson@mit.edu) /Notes "
        "(draft by Karl Weberling, /home/kweber/paper)}\n\\begin{document}\nText of a paper "
        "under double-blind review.\n\\end{document}\n")
    assert pack_refused(tmp_path, "--anonymous") == (
        "error: main.tex:4: the PDF compiled from the archive discloses document information "
        "/Contact: an e-mail address (janet.smithson@mit.edu); /Notes: an author's or the "
        "user's name or folder (draft by Karl Weberling, /home/kweber/paper); remove them "
        "from \\pdfinfo or hyperref's pdf... keys for the anonymous version; the anonymous "
        "pack stops")
