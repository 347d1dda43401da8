"""Hostile round 49b's pack rows mended (K34, K25, K2, K4, K16, K30), each with a test; the
pass itself, case by case, is in /work/coord/round49b.md and docs/guarantees.md."""

from __future__ import annotations

import shutil
import tarfile

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


@pytest.mark.slow  # TeX
def test_a_nul_byte_in_a_source_does_not_ship_its_comments(tmp_path):
    r"""Round 49b (K25): one NUL byte in ``main.tex`` (a paste from a PDF or a terminal)
    made the pack take the file for binary: shipped with every comment, and under
    ``--anonymous`` not read for what it discloses. TeX ignores a NUL (catcode 9) and reads
    the file as source; so does the pack: its comments go, as in any source."""
    write_files(tmp_path / "p", {"main.tex": (
        b"\\documentclass{article}\n\\author{Anonymous}\n\\begin{document}\n"
        b"Text.% SECRET25 Janet Smithson \x00 end\n% whole-line SECRET25b kweber@mit.edu\n"
        b"More text.\n\\end{document}\n")})
    for options in ((), ("--anonymous",)):
        ran = figures_as_a_user(tmp_path, "pack", "p", *options, "--out", "p.tar.gz",
                                timeout=300)
        assert ran.returncode == 0, ran.stdout + ran.stderr
        assert ran.stderr.splitlines()[-1].endswith("warnings: 0"), ran.stderr
        with tarfile.open(tmp_path / "p.tar.gz") as archive:
            shipped = archive.extractfile("main.tex").read()
        assert b"SECRET" not in shipped, shipped
        assert b"Text.%" in shipped, shipped
        assert b"More text." in shipped, shipped


@pytest.mark.slow  # TeX
@pytest.mark.parametrize(("preamble", "address"), [
    ("\\newcommand\\me{jsmith}", "\\me @mit.edu"),
    ("", "jsmith{\\char64}mit.edu"),
    ("\\newcommand\\mitmail[1]{\\texttt{#1@mit.edu}}", "\\mitmail{jsmith}")])
def test_an_address_the_page_prints_spelled_otherwise_is_told(tmp_path, preamble, address):
    r"""Round 49b (K2): ``\me @mit.edu`` (the name a macro's) and ``jsmith{\char64}mit.edu``
    print ``jsmith@mit.edu`` on the review page, and packed with warnings 0: an address no
    packed file spelled ``jsmith@`` of was taken for the class's own (acmart's
    ``permissions@acm.org``). The class's own is now known by TeX Live's files the compile
    read spelling it; these are told at the main file. A lab macro's ``#1@mit.edu`` was
    told as an address ``1@mit.edu`` at its definition, the printed one not named: a
    parameter's ``#1`` begins no address; the page's is told."""
    write_files(tmp_path / "p", {"main.tex": (
        f"\\documentclass{{article}}\n{preamble}\n\\author{{Anonymous}}\n"
        f"\\begin{{document}}\nContact: {address}.\n\\end{{document}}\n")})
    ran = figures_as_a_user(tmp_path, "pack", "p", "--anonymous", "--out", "p.tar.gz",
                            timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stderr.splitlines()[-1].endswith("warnings: 1"), ran.stderr
    assert ran.stderr.startswith(
        "warning: main.tex: the review copy prints an e-mail address (jsmith@mit.edu) on page "
        "1, which no packed file spells as written"), ran.stderr


@pytest.mark.slow  # TeX
def test_an_unreadable_figure_found_through_graphicspath_is_named(tmp_path, monkeypatch,
                                                                  capsys):
    r"""Round 49b (K4): our figure, unreadable to the user, included through
    ``\graphicspath{{figs/}}`` as ``fig1_audit_hero`` was told "not written yet: `figures
    sync` writes it; run `figures sync` first": the unreadable file was matched to TeX's
    name only as the same path less its extension, never through the graphics path."""
    import errno

    from helpers import REPO, run

    paper = write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\graphicspath{{figs/}}\n"
        "\\begin{document}\n\\includegraphics[width=2in]{fig1_audit_hero}\n"
        "\\end{document}\n"), "figs/fig1_audit_hero.pdf": b"%PDF-1.4 unreadable\n"})
    real = shutil.copyfile

    def copyfile(source, target, *args, **kwargs):
        if str(source).endswith("fig1_audit_hero.pdf"):
            raise PermissionError(errno.EACCES, "Permission denied", str(source))
        return real(source, target, *args, **kwargs)
    monkeypatch.setattr(shutil, "copyfile", copyfile)
    code, _, err = run(capsys, "pack", str(paper), "--out", str(tmp_path / "p.tar.gz"),
                       "--figdata", str(REPO / "figdata"))
    assert code == 1
    assert err.splitlines()[-1] == (
        f"error: {paper / 'figs' / 'fig1_audit_hero.pdf'}: cannot be read, and the paper's "
        "compile needs it (Permission denied): make it readable to you (its owner can: "
        "chmod -R a+rX)"), err
