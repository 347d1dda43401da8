"""Hostile round 49b's pack rows mended (K34, K25, K2, K4, K16, K30), each with a test; the
pass itself, case by case, is in /work/coord/round49b.md and docs/guarantees.md."""

from __future__ import annotations

import shutil

import pytest
from helpers import FIXTURES, figures_as_a_user, write_files

from figures.cli import main as cli_module


@pytest.mark.slow  # build, pack (TeX)
def test_anonymous_pack_still_tells_our_figure_printed_squashed(tmp_path):
    r"""Round 49b (K34): under ``--anonymous`` our figure included ``[width=\linewidth,
    height=2cm]`` (or at 2cm for a 6.49 in build) packed with warnings 0, where the plain
    pack tells it: the check found our figures in the archive's PDF by the provenance the
    anonymous scrub had just removed from the packed copy. It now finds them by the file
    packed too."""
    figdata = tmp_path / "figdata"
    figdata.mkdir()
    shutil.copy(FIXTURES / "fig1_audit_hero.json", figdata)
    assert cli_module.main(["build", "fig1_audit_hero", "--figdata", str(figdata), "--out",
                            str(tmp_path / "built"), "--venue", "icml"]) == 0
    (tmp_path / "p" / "figs").mkdir(parents=True)
    shutil.copy(tmp_path / "built" / "fig1_audit_hero.pdf", tmp_path / "p" / "figs")
    write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\author{Anonymous}\n"
        "\\begin{document}\nText.\n"
        "\\includegraphics[width=\\linewidth,height=2cm]{figs/fig1_audit_hero}\n"
        "\\end{document}\n")})
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", "--figdata",
                            str(figdata), "--allow-synthetic", "--anonymous", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stderr.splitlines()[-1].endswith("warnings: 1"), ran.stderr
    assert ran.stderr.startswith("warning: main.tex:6: figs/fig1_audit_hero.pdf: "
                                 "fig1_audit_hero is squashed: its width printed at "), ran.stderr
