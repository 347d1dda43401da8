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


@pytest.mark.slow  # TeX
def test_a_note_author_the_margin_hyphenates_stops_the_anonymous_pack(tmp_path):
    r"""Round 50b (K3 c): ``\todo[author={K.~Weberling}]``, its name hyphenated by the
    narrow margin (``Weber-``/``ling``, then the note's text, read ``lingcheck``), was a
    warning "shipped in the source though the pages do not print it" while the review
    copy's margin printed it: the name is looked for in the pages laid out line by line
    too, its line-end hyphen joined."""
    write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass{article}\n\\usepackage{todonotes}\n\\author{Anonymous}\n"
        "\\title{T}\n\\begin{document}\n\\maketitle\nText.\n"
        "\\todo[author={K.~Weberling}]{check this claim}\n\\end{document}\n")})
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", "--anonymous",
                            timeout=300)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert ran.stderr.splitlines()[-1] == (
        "error: main.tex:8: a note's author field (todonotes' \\todo[author=K.~Weberling]) "
        "names K.~Weberling, printed on page 1 of the review copy: leave it out of the "
        "anonymous version (or write a role: author=Reviewer); the anonymous pack stops"), \
        ran.stderr
    assert not (tmp_path / "p.tar.gz").exists()
