"""Issue 45, round 10: a confirming hostile pass over the paper, pack, width and golden
surfaces (house, this session); the case it found broken, kept. The pass itself, case by
case, is in docs/guarantees.md ("Hostile passes").

TeX Live is required (CI installs it in .ci/run): without it these fail, never skip.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from helpers import REPO


@pytest.mark.slow
def test_an_include_of_a_second_page_of_our_one_page_build_is_refused(tmp_path):
    r"""``\includegraphics[width=3.25in,page=2]{cifar_summary}``: sync copied the build
    for its box, and the compile then stopped on "PDF inclusion: required page does not
    exist" (our builds have one page); now the row is refused with the include that
    prints it, and nothing is written."""
    paper = tmp_path / "p"
    paper.mkdir()
    (paper / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
        "\\includegraphics[width=3.25in,page=2]{cifar_summary}\n\\end{document}\n")
    ran = subprocess.run([sys.executable, "-m", "figures", "sync", "p", "--allow-synthetic",
                          "--figdata", str(REPO / "figdata")], capture_output=True, text=True,
                         timeout=300, cwd=tmp_path, check=False)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    [refused] = [line for line in ran.stdout.splitlines() if "  refused: " in line]
    assert refused.startswith("cifar_summary")
    assert refused.endswith(
        "refused: the paper prints it by a page our one-page build has not (page=2), so no "
        "build of it prints at 100 %: write \\includegraphics[width=3.25in]{cifar_summary} "
        "at main.tex:4 (sync builds it for that box)"), refused
    assert sorted(f.name for f in paper.iterdir()) == ["main.tex"]


@pytest.mark.slow
def test_a_golden_results_folder_that_cannot_be_made_is_one_line(tmp_path):
    """``pytest --mpl --mpl-results-path=FILE/res`` (a folder the run cannot make; a
    read-only one alike): pytest-mpl's INTERNALERROR traceback, at session start."""
    (tmp_path / "afile").write_text("")
    ran = subprocess.run([sys.executable, "-m", "pytest", "--mpl", "-p", "no:randomly",
                          "-n", "0", "-k", "cifar_summary", "-q",
                          f"--mpl-results-path={tmp_path}/afile/res",
                          str(REPO / "tests" / "golden" / "test_images.py")],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path,
                         check=False)
    assert ran.returncode == 4, ran.stdout + ran.stderr
    assert "INTERNALERROR" not in ran.stdout + ran.stderr
    assert ran.stderr.strip().splitlines()[-1] == (
        f"ERROR: --mpl-results-path {tmp_path}/afile/res: Not a directory: give a folder "
        "the run can write its results to")
