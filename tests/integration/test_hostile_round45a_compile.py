"""Hostile round 45a (P15, P6; issue 45): `figures paper` on a read-only paper folder; an error
TeX runs on past in sync's nonstop compile."""

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


def test_an_error_tex_runs_on_past_is_told_by_sync_at_its_line(tmp_path):
    """Round 45a (P6): ``\\usepackage[final]{localstyle}`` of a style that declares no option:
    TeX runs on past "Unknown option" in nonstop mode, so sync wrote and said not a word, and
    the paper then stopped at it by hand; now a warning where TeX names it (main.tex:3, the
    line it read when the package ended), sync still done."""
    paper = write_files(tmp_path / "p", {
        "localstyle.sty": "\\ProvidesPackage{localstyle}\n",
        "main.tex": "\\documentclass{article}\n\\usepackage[final]{localstyle}\n"
                    "\\begin{document}\nHello.\n\\end{document}\n"})
    ran = figures_as_a_user(tmp_path, "sync", "p", "--allow-synthetic")
    assert ran.returncode == 0, ran.stderr
    assert ("warning: main.tex:3: LaTeX Error: Unknown option `final' for package `localstyle': "
            "TeX runs on past it in sync's nonstop compile, but a compile by hand stops there: "
            "mend it") in ran.stderr.splitlines(), ran.stderr
    assert (paper / "main.tex").is_file()
