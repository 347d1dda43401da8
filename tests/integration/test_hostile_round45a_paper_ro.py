"""Hostile round 45a (P15, issue 45): `figures paper` on a read-only paper folder."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user, write_files

pytestmark = pytest.mark.slow  # `figures paper` in a process of its own (needs latexmk)


def test_paper_does_not_write_its_pdf_into_a_folder_marked_read_only(tmp_path):
    """Round 45a (P15): with the paper's folder ``chmod a-w`` (an extracted archive, a share),
    run as root, sync honoured the mode bits but `figures paper` wrote main.pdf and main.log
    into it; now one line naming the folder and what to do, nothing written."""
    paper = write_files(tmp_path / "p", {"main.tex": "\\documentclass{article}\n"
                                         "\\begin{document}\nHello.\n\\end{document}\n"})
    paper.chmod(0o555)
    try:
        ran = figures_as_a_user(tmp_path, "paper", "p")
    finally:
        paper.chmod(0o755)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert ran.stderr.strip().splitlines()[-1] == (
        "error: p: is read-only, and the compiled paper and its log go there: make it "
        "writable (chmod u+w), or compile a copy"), ran.stderr
    assert sorted(p.name for p in paper.iterdir()) == ["main.tex"]
