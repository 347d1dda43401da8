"""figdata → LaTeX macros, and the check that the text uses them."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from conftest import REPO

from figures.macros import check_tex, macros_tex, quoted_values
from figures.registry import BY_NAME

HERO = [BY_NAME["fig1_audit_hero"]]
TEX = REPO / "tests" / "tex" / "paper.tex"


def test_macros_are_the_figdata_values_in_their_declared_format():
    tex = macros_tex(quoted_values(HERO, REPO / "figdata"))
    assert "\\newcommand{\\heroAccBP}{61.5\\%}" in tex
    assert "\\newcommand{\\heroAccFA}{40.1\\%}" in tex
    assert "\\newcommand{\\heroCosFADeep}{+0.997}" in tex
    assert "\\newcommand{\\heroGammaDFA}{0.100}" in tex


def test_macros_output_is_deterministic():
    first = macros_tex(quoted_values(HERO, REPO / "figdata"))
    assert macros_tex(quoted_values(HERO, REPO / "figdata")) == first


def test_check_tex_flags_every_planted_number_and_nothing_else():
    problems = check_tex(TEX.read_text(), quoted_values(HERO, REPO / "figdata"))
    assert problems == [
        "line 6: 30.6\\% is fig1_audit_hero's value written by hand; use \\heroAccDFA",
        "line 7: +0.995 is near fig1_audit_hero's +0.997 (\\heroCosFADeep): stale number?",
        "line 8: 0.400 is fig1_audit_hero's value written by hand; use \\heroCosDFAShallow",
        "line 9: 0.251 is near fig1_audit_hero's 0.250 (\\heroGammaFA): stale number?",
    ]


def test_check_tex_command_exits_nonzero_and_names_file_and_line():
    proc = subprocess.run(
        [sys.executable, "-m", "figures", "check-tex", str(TEX), "--figdata",
         str(REPO / "figdata")], capture_output=True, text=True, cwd=REPO, check=False)
    assert proc.returncode == 1
    assert f"{TEX}:7: +0.995 is near" in proc.stdout


@pytest.mark.skipif(shutil.which("pdflatex") is None,
                    reason="no LaTeX installed (Debian: texlive-latex-base); CI installs it")
def test_macros_file_compiles_in_a_minimal_latex_document(tmp_path):
    subprocess.run([sys.executable, "-m", "figures", "macros", "--figdata",
                    str(REPO / "figdata"), "--out", str(tmp_path / "macros.tex")],
                   check=True, cwd=REPO, capture_output=True)
    names = [q.macro for q in quoted_values(BY_NAME.values(), REPO / "figdata")]
    body = " ".join(f"\\{name}" for name in names)
    (tmp_path / "doc.tex").write_text(
        "\\documentclass{article}\\input{macros.tex}\\begin{document}"
        f"{body}\\end{{document}}\n")
    proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex"],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert (tmp_path / "doc.pdf").is_file()
