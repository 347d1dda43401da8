"""Hostile round 50b's pack rows mended by helper k1 (K9), each with a test; the pass
itself, case by case, is in /work/coord/round50b.md and docs/guarantees.md."""

from __future__ import annotations

import shutil

import pytest
from helpers import FIXTURES, figures_as_a_user, write_files

from figures.cli import main as cli_module


@pytest.mark.slow  # build, pack (TeX)
@pytest.mark.parametrize(("include", "options", "said"), [
    ("[width=1in]", ("--anonymous",),
     "figs/fig1_audit_hero.png: fig1_audit_hero was built for "),
    ("[width=4.5in,height=2cm]", (),
     "main.tex:6: figs/fig1_audit_hero.png: fig1_audit_hero is squashed: its width printed at "),
    ("[width=4.5in]", ("--anonymous",), None),
], ids=["narrow-anonymous", "squashed", "as-built"])
def test_a_png_of_ours_printed_at_another_size_is_told(tmp_path, include, options, said):
    r"""Round 50b (K9): our PNG (as sync places it for a ``.png`` include) printed at 40 %
    of the width it was built for, or squashed, packed with warnings 0, plain and
    ``--anonymous``, where its PDF is told: the check judged only the PDF forms pdfTeX
    names. A PNG keeps no name in the PDF: it is known by its size in pixels among the
    packed images, as the crop check knows it; printed as built, nothing is said."""
    figdata = tmp_path / "figdata"
    figdata.mkdir()
    shutil.copy(FIXTURES / "fig1_audit_hero.json", figdata)
    assert cli_module.main(["build", "fig1_audit_hero", "--figdata", str(figdata), "--out",
                            str(tmp_path / "built"), "--venue", "icml", "--width", "4.5"]) == 0
    (tmp_path / "p" / "figs").mkdir(parents=True)
    built = next((tmp_path / "built").rglob("fig1_audit_hero.png"))  # its w4.5/
    shutil.copy(built, tmp_path / "p" / "figs")
    write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\author{Anonymous}\n"
        "\\begin{document}\nText.\n"
        f"\\includegraphics{include}{{figs/fig1_audit_hero.png}}\n"
        "\\end{document}\n")})
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", "--figdata",
                            str(figdata), "--allow-synthetic", *options, timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stderr.splitlines()[-1].endswith(f"warnings: {int(said is not None)}"), \
        ran.stderr
    assert said is None or ran.stderr.startswith(f"warning: {said}"), ran.stderr
