"""Hostile round 45b's compile rows (K28, K29, K30) mended, each with a test; the pass
itself, case by case, is in /work/coord/round45b.md and docs/guarantees.md."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers import FIXTURES, figures_as_a_user, write_files

from figures.cli import main as cli_module
from figures.errors import LatexError

_PAPER = ("\\documentclass{article}\n"        # 1
          "\\usepackage{graphicx}\n"          # 2
          "%s\n"                              # 3
          "\\begin{document}\n"               # 4
          "Some text here. %s\n"              # 5
          "\\end{document}\n")


def _refused(cwd: Path, env: dict[str, str]) -> str:
    ran = figures_as_a_user(cwd, "pack", "p", "--out", "p.tar.gz", env=env, timeout=300)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert not (cwd / "p.tar.gz").exists()
    return ran.stderr.splitlines()[-1]


@pytest.mark.slow  # TeX compiles the paper
@pytest.mark.parametrize(("preamble", "body", "file", "token", "line"), [
    ("\\input{~/labdefs}", "\\secretdefs", "home/labdefs.tex", "~ (your home folder", 3),
    ("", "\\includegraphics[width=2cm]{~/logo}", "home/logo.png", "~ (your home folder", 5),
    ("\\input{\\detokenize{$LABDIR}/labdefs}", "\\secretdefs", "lab/labdefs.tex",
     "$LABDIR (", 3),
])
def test_a_file_read_through_tilde_or_a_variable_is_told_at_its_line(
        tmp_path, preamble, body, file, token, line):
    r"""Round 45b (K29, K30): ``\input{~/labdefs}``, ``\includegraphics{~/logo}`` and
    ``\input{\detokenize{$LABDIR}/labdefs}``: kpathsea expands ``~`` and ``$VAR`` in a file
    name past ``openin_any=p``, so both compiles read the file from the user's folder and the
    pack said "compiles from the archive alone" (warnings: 0) of an archive without it. The
    paper's compile (its recorder lists the path it opened) now tells it, at its line, with
    what to do."""
    from PIL import Image

    (tmp_path / "home").mkdir()
    (tmp_path / "lab").mkdir()
    for folder in ("home", "lab"):
        (tmp_path / folder / "labdefs.tex").write_text(
            "\\newcommand{\\secretdefs}{SECRETHOME Janet Smithson}\n")
    Image.new("RGB", (20, 10), (1, 2, 3)).save(tmp_path / "home" / "logo.png")
    write_files(tmp_path / "p", {"main.tex": _PAPER % (preamble, body)})
    said = _refused(tmp_path, {"HOME": str(tmp_path / "home"), "LABDIR": str(tmp_path / "lab")})
    assert said.startswith(f"error: main.tex:{line}: reads {tmp_path / file} through {token}"), \
        said
    assert said.endswith("which the archive's compile, and arXiv's, does not have: copy that "
                         "file into the paper's folder and name it from there"), said


@pytest.mark.slow  # TeX compiles the archive
def test_the_archive_compiles_with_none_of_the_users_environment(tmp_path, monkeypatch):
    r"""Round 45b (K29, K30): the compile from the archive alone kept the user's ``HOME``
    and every variable of the shell, so ``~/labdefs`` and ``$LABDIR/labdefs`` were found
    there. It now runs with an empty HOME and only ``PATH`` of the user's: it fails, one line
    with what to do."""
    from figures.pack import tex

    lab = tmp_path / "lab"
    lab.mkdir()
    (lab / "labdefs.tex").write_text("\\newcommand{\\secretdefs}{SECRET}\n")
    monkeypatch.setenv("HOME", str(lab))
    monkeypatch.setenv("LABDIR", str(lab))
    for line in ("\\input{~/labdefs}", "\\input{\\detokenize{$LABDIR}/labdefs}"):
        folder = tmp_path / f"archive{len(line)}"
        write_files(folder, {"main.tex": _PAPER % (line, "\\secretdefs")})
        with pytest.raises(LatexError) as refused:
            tex.prove(folder, "main.tex")
        assert "main.tex: does not compile from the archive alone: " in str(refused.value)
        assert str(refused.value).endswith(
            "labdefs.tex' not found; TeX expands ~ and $VARIABLE in a file name from your "
            "environment, which the archive's compile (and arXiv's) does not have: copy that "
            "file into the paper's folder and name it from there"), str(refused.value)


@pytest.mark.slow  # build, pack (TeX)
def test_pack_tells_our_figure_printed_squashed_at_its_include(tmp_path):
    r"""Round 45b (K28): our figure included ``[width=\linewidth,height=2cm]`` (squashed to
    44 % of its height, its type with it) packed as "current", warnings 0, where `figures
    sync` refuses that include: pack compared the printed width only. It now asks
    ``figures check``'s own test (:func:`figures.paper.audit.squashed`) of the archive's
    PDF: one warning at the include, with the include that keeps its proportions; rotated
    (``angle=90``) it is not squashed, and says nothing."""
    figdata = tmp_path / "figdata"
    figdata.mkdir()
    shutil.copy(FIXTURES / "fig1_audit_hero.json", figdata)
    assert cli_module.main(["build", "fig1_audit_hero", "--figdata", str(figdata), "--out",
                str(tmp_path / "built"), "--venue", "icml"]) == 0
    (tmp_path / "p" / "figs").mkdir(parents=True)
    shutil.copy(tmp_path / "built" / "fig1_audit_hero.pdf", tmp_path / "p" / "figs")

    def pack(options: str) -> str:
        write_files(tmp_path / "p", {"main.tex": _PAPER % ("", (
            f"\n\\includegraphics[{options}]{{figs/fig1_audit_hero}}"))})
        ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", "--figdata",
                                str(figdata), "--allow-synthetic", timeout=300)
        assert ran.returncode == 0, ran.stdout + ran.stderr
        return ran.stderr

    said = pack("width=\\linewidth,height=2cm")
    assert said.splitlines()[-1].endswith("warnings: 1"), said
    warning = next(line for line in said.splitlines() if "squashed" in line)
    assert warning.startswith("warning: main.tex:6: figs/fig1_audit_hero.pdf: fig1_audit_hero "
                              "is squashed: its width printed at "), warning
    assert warning.endswith("write \\includegraphics[width=\\linewidth]{figs/fig1_audit_hero} "
                            "(width= only keeps its proportions; `figures sync` builds it anew "
                            "for a box of both sides that holds it), then pack again"), warning
    assert "squashed" not in pack("width=\\linewidth,angle=90")
