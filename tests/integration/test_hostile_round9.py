"""Issue 45, round 9: a fresh hostile pass over the paper, pack, width and golden surfaces
(harden, this session); the cases it found broken, each kept. The pass itself, case by case,
is in docs/guarantees.md ("Hostile passes").

TeX Live is required (CI installs it in .ci/run): without it these fail, never skip.
"""

from __future__ import annotations

import os
import subprocess

import pytest
from helpers import REPO, SYNC_TEX, figures_as_a_user, review_tool, run_sync, sync_project

from figures.errors import FigureDataError
from figures.paper.disclosure import authors_named
from figures.venues import get_venue


@pytest.mark.slow
@pytest.mark.parametrize("written", ["fig~s/fig1_audit_hero", "e" * 300 + "/fig1_audit_hero"])
def test_an_include_whose_name_no_file_can_bear_is_refused_and_makes_no_folder(
        tmp_path, capsys, reference_build, written):
    r"""``\includegraphics{fig~s/fig1_audit_hero}``: sync made a folder named
    ``fig\protect \nobreakspace  s`` in the paper (the probe's expansion of ``~``) and copied
    the figure there, where TeX never looks ("File `fig\nobreakspace {}s/...' not found").
    A folder name of 300 bytes: sync stopped with "file name too long", naming no line."""
    paper, figdata, built = sync_project(tmp_path, reference_build, SYNC_TEX % (
        f"\\includegraphics[width=3in]{{{written}}}\n"
        "\\includegraphics[width=3in]{cifar_diagnostics}"))
    code, out, err = run_sync(capsys, paper, figdata, built, "--allow-synthetic")
    assert code == 1, out + err
    [refused] = [line for line in out.splitlines() if "  refused: " in line]
    assert refused.startswith("fig1_audit_hero")
    assert " main.tex:6 " in refused
    assert refused.endswith("write the name in plain characters" if "~" in written else
                            "longer than 255 bytes (the file system's limit): shorten it")
    assert sorted(p.name for p in paper.iterdir()) == ["figs", "main.tex"]
    assert list((paper / "figs").iterdir()) == []
    assert "Traceback" not in err


@pytest.mark.slow
def test_a_figure_linked_outside_the_paper_says_to_remove_the_link(tmp_path, capsys,
                                                                   reference_build):
    """``figs/fig1_audit_hero.pdf`` a link to a file outside the paper (``/etc/passwd`` in
    the pass): sync refused it rightly, but said "copy it by hand", and a copy by hand
    (``cp``) writes through the link, over the file it points at."""
    paper, figdata, built = sync_project(tmp_path, reference_build, SYNC_TEX %
                                         "\\includegraphics[width=3in]{fig1_audit_hero}")
    (tmp_path / "elsewhere.pdf").write_text("not yours\n")
    (paper / "figs" / "fig1_audit_hero.pdf").symlink_to(tmp_path / "elsewhere.pdf")
    code, out, _ = run_sync(capsys, paper, figdata, built, "--allow-synthetic")
    assert code == 1
    [row] = [line for line in out.splitlines() if line.startswith("fig1_audit_hero")]
    assert row.endswith(f"refused: {tmp_path}/elsewhere.pdf is outside the paper's folder "
                        f"{paper}; sync writes only inside it (figs/fig1_audit_hero.pdf is a "
                        "link there: remove the link, sync then writes the file)")
    assert (tmp_path / "elsewhere.pdf").read_text() == "not yours\n"


@pytest.mark.parametrize(("author", "names"), [
    # IEEEtran's template: the membership's brace ended the names before the second author
    (("\\author{Jane~Smith,~\\IEEEmembership{Member,~IEEE,}\n        and~Karl~Weber\n"
     "\\thanks{J. Smith is with the Department.}}"), ["Jane", "Smith", "Karl", "Weber"]),
    ("\\author{Zo\u00eb M\u00fcller}", ["Zo\u00eb", "M\u00fcller"]),
    ("\\author{Jos\\'e Garc\\'{\\i}a, \\AA sa \\\"Oberg, Bj\\o rn \\v{S}imon}",
     ["Jos\u00e9", "Garc\u00eda", "\u00c5sa", "\u00d6berg", "Bj\u00f8rn", "\u0160imon"]),
    ("\\author{Ian McDonald \\and DeWitt Lee}", ["Ian", "McDonald", "DeWitt", "Lee"]),
    ("\\author{Jane Smith", ["Jane", "Smith"]),  # cut short: to the end
])
def test_the_authors_of_other_classes_and_scripts_are_named(author, names):
    """Names outside ASCII (Zo\u00eb M\u00fcller, TeX's ``\\"u``), with capitals inside
    (McDonald) or after IEEEtran's ``\\IEEEmembership{...}`` were not read from ``\\author``:
    an anonymous pack whose review copy printed them said "warnings: 0"."""
    assert authors_named({"main.tex": author.encode()})[0] == names


@pytest.mark.slow
@pytest.mark.parametrize("fontenc", ["", "\\usepackage[T1]{fontenc}\n"])
def test_an_anonymous_pack_says_a_printed_author_name_outside_ascii(tmp_path, fontenc):
    """``\\author{Zo\u00eb M\u00fcller}`` printed by ``\\maketitle``: "warnings: 0". With
    OT1 fonts the compiled text holds the accent before its letter (``M\u00a8uller``)."""
    paper = tmp_path / "p"
    paper.mkdir()
    (paper / "main.tex").write_text(
        f"\\documentclass{{article}}\n{fontenc}\\title{{A paper}}\n"
        "\\author{Zo\u00eb M\u00fcller}\n\\begin{document}\n\\maketitle\nHello.\n"
        "\\end{document}\n", encoding="utf-8")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--anonymous", "--out", "p.tar.gz",
                            timeout=300, env={"PYTHONIOENCODING": "utf-8"})
    assert ran.returncode == 0, ran.stderr
    assert ("warning: main.tex: Zo\u00eb, M\u00fcller of \\author in the compiled text: the "
            "review copy names an author") in ran.stderr
    assert ran.stderr.splitlines()[-1].endswith("warnings: 2")


@pytest.mark.parametrize(("code", "said"), [
    (5, "pytest exited 5: no test selected: look at -k or the paths"),
    (4, "pytest exited 4: its error is above"),
])
def test_review_of_a_run_that_compared_nothing_says_so(monkeypatch, code, said):
    """``figures review -- -k nomatch`` (or a path that is not there): pytest selected no
    test (exit 5) or stopped on its arguments (exit 4), and review said "no golden test
    failed in the last run: nothing to review", exit 0; with an earlier run's failures on
    record it would have reviewed those instead."""
    review = review_tool()
    recorded = ["tests/golden/test_images.py::test_figure_matches_baseline[cifar_summary]"]
    monkeypatch.setattr(review, "failed_goldens", lambda: recorded)
    monkeypatch.setattr(review.subprocess, "run",
                        lambda argv, **kw: subprocess.CompletedProcess(argv, code))
    monkeypatch.setattr(review.ub, "generate", lambda *a: pytest.fail("reviewed the old run"))
    with pytest.raises(SystemExit) as stopped:
        review.collect(["-k", "nomatch"])
    assert str(stopped.value) == (f"review: the golden comparisons did not run ({said}); "
                                  "nothing reviewed")


def test_a_slot_past_a_floats_range_is_one_line():
    """``figures.draw("cifar_summary", "icml", 10**400)``: an OverflowError traceback."""
    with pytest.raises(FigureDataError) as refused:
        get_venue("icml").width(10**400)
    assert str(refused.value).startswith("slot: 100000000000000000...0000000000000000000: a "
                                         "venue figure is drawn for \"column\", \"text\" or a "
                                         "width in inches from 1 to icml's text width")



@pytest.mark.slow
@pytest.mark.parametrize(("preamble", "said"), [
    ("\\documentclass[draft]{article}\n\\usepackage{graphicx}",
     "the class option draft (main.tex:1): graphicx prints a frame"),
    ("\\documentclass{article}\n\\usepackage[demo]{graphicx}",  # round 15
     "graphicx's option demo (main.tex:2): graphicx prints a black box")], ids=["draft", "demo"])
def test_a_paper_in_draft_mode_is_told_so_when_its_figures_print_nowhere(tmp_path, preamble,
                                                                          said):
    """``\\documentclass[draft]{article}``: `figures paper` said each figure of ours "TeX
    read it, but the compiled paper prints it nowhere (a float lost: acmart's balance ...)";
    graphicx's draft mode printed a frame in its place. The summary above it counted
    "0 problem(s)". ``\\usepackage[demo]{graphicx}`` (left from a TeX.SE example: a black
    box for each image) was the same guess (round 15)."""
    paper = tmp_path / "p"
    paper.mkdir()
    (paper / "main.tex").write_text(
        f"{preamble}\n\\begin{{document}}\n"
        "\\includegraphics[width=3.25in]{cifar_summary}\n\\end{document}\n")
    ran = figures_as_a_user(tmp_path, "paper", "p", "--allow-synthetic", timeout=300)
    assert ran.returncode == 1
    assert ran.stdout.splitlines()[-1] == (
        "problem: cifar_summary (main.tex:4): TeX read it, but the compiled paper prints it "
        f"nowhere ({said} for each image; remove it)")
    assert "; 1 problem(s) (" in ran.stderr.splitlines()[-1]  # it said 0 above the row


@pytest.mark.slow
def test_a_socket_among_the_papers_inputs_is_named_by_sync(tmp_path, capsys, reference_build):
    """``sec.tex`` a Unix socket (left by an editor's server): pack named it, sync and paper
    said only "pdflatex stopped before the end of the paper (exit 1)"."""
    import socket

    paper, figdata, built = sync_project(tmp_path, reference_build, SYNC_TEX % "\\input{sec}")
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(paper / "sec.tex"))
        code, _, err = run_sync(capsys, paper, figdata, built, "--allow-synthetic")
    assert code == 1
    assert err.splitlines()[-1] == (
        f"error: {paper}/main.tex: pdflatex stopped before the end of the paper (sec.tex is a "
        "socket or device, not a file: make it a regular file or remove its \\input): mend it "
        "so it compiles, then sync again")


def test_a_venue_key_longer_than_a_folder_name_is_refused_in_its_file(tmp_path):
    """A `--venues` key of 300 letters: "build/xxx...: file name too long" when its folder
    was made, after the file was read as valid."""
    import json

    from figures.venues import load_venues

    venues = json.loads((REPO / "figures" / "venues.json").read_text())
    key = "x" * 300
    (tmp_path / "v.json").write_text(json.dumps({"venues": {key: venues["venues"]["icml"]}}))
    with pytest.raises(FigureDataError) as refused:
        load_venues(tmp_path / "v.json")
    assert "expected a venue key: up to 64 lowercase letters" in str(refused.value)


@pytest.mark.parametrize("given", ["cifar_summary.png", "baseline/cifar_summary.png",
                                   "baseline/venues/venue-icml--fig1_audit_hero--4.125.png",
                                   "cifar_summary.vector.txt.gz"])
def test_update_baselines_takes_a_golden_by_its_file_as_ls_shows_it(given):
    """``update_baselines.py cifar_summary.png`` (as ``ls baseline/`` shows it): pytest's
    "file or directory not found: cifar_summary.png", "pytest exited 4; nothing written"."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("update_baselines_9",
                                                  REPO / "tools" / "update_baselines.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    name = given.rsplit("/", 1)[-1].removesuffix(".png").removesuffix(".vector.txt.gz")
    names, args = tool._names([given, "-x"])
    assert names == [name]
    assert args == ["-x", tool.goldens()[name]]


def test_a_picture_two_builds_drew_alike_is_known_by_the_newest_build(tmp_path,
                                                                     reference_build):
    """`figures paper` of a paper whose PNG sync had just copied from
    ``build/tex10pt-.../w3.25/``: "stale: built for venue:default: unknown venue 'default'",
    exit 1; an older build for a user's venue (``build/default/``) had drawn the same
    pixels, and the build states were read by their folders' names, not newest first."""
    import json

    from figures.outputs.state import STATE_FILE
    from figures.paper.pictures import recorded

    state = json.loads((reference_build / STATE_FILE).read_text())
    older, newer = tmp_path / "build" / "default", tmp_path / "build" / "tex10pt-6.75x3in"
    for folder, version in ((older, "0.0.1"), (newer, "0.0.2")):
        folder.mkdir(parents=True)
        text = json.dumps(state).replace("version=", f"version={version}; was=")
        (folder / STATE_FILE).write_text(text)
    os.utime(older / STATE_FILE, (1_000_000_000, 1_000_000_000))
    found = recorded([tmp_path / "build"])
    assert found
    assert {builds[0].inside["version"] for builds in found.values()} == {"0.0.2"}


@pytest.mark.slow
def test_an_include_naming_our_figure_in_other_case_says_so(tmp_path, capsys, reference_build):
    """``\\includegraphics{Fig1_Audit_Hero}`` (written on a case-insensitive disk, where it
    found fig1_audit_hero.pdf): the compile on this disk fails on a file that is not there,
    so sync refuses it as round 42's A51 refuses any slip from our figure's name (it once
    listed it "not ours (left as they are)" and exited 0), saying the names differ only in
    case and what to write."""
    paper, figdata, built = sync_project(tmp_path, reference_build, SYNC_TEX %
                                         "\\includegraphics[width=3in]{Fig1_Audit_Hero}")
    code, out, _ = run_sync(capsys, paper, figdata, built, "--allow-synthetic")
    assert code != 0
    assert "no file Fig1_Audit_Hero here, and fig1_audit_hero is ours (the names differ only " \
        "in case: a disk that ignores case finds it, this one does not): write " \
        "{fig1_audit_hero} at main.tex:6" in " ".join(out.split())
    assert "not ours" not in out


@pytest.mark.slow
@pytest.mark.parametrize("command", ["paper", "pack"])
def test_a_paper_needing_shell_escape_is_told_what_these_commands_never_run(tmp_path,
                                                                            command):
    """``\\usepackage{minted}``: "You must invoke LaTeX with the -shell-escape flag", a flag
    neither command gives a downloaded paper (nor arXiv): the user was sent looking for it."""
    paper = tmp_path / "p"
    paper.mkdir()
    (paper / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{minted}\n\\begin{document}\n"
        "\\begin{minted}{python}\nx = 1\n\\end{minted}\n\\end{document}\n")
    argv = ["pack", "p", "--out", "p.tar.gz"] if command == "pack" else ["paper", "p"]
    ran = figures_as_a_user(tmp_path, *argv, timeout=300)
    assert ran.returncode == 1
    said = ran.stderr.splitlines()[-1]
    assert "-shell-escape flag." in said
    assert said.endswith(
        "(figures paper runs none of a paper's shell commands: compile it by hand with "
        "-shell-escape if you trust it, then `figures check p/main.pdf`) (see p/main.log)"
        if command == "paper" else
        "; the pack compiles without shell escape, as arXiv does: freeze what needs it "
        "(minted's frozencache, tikz's externalized PDFs) into the folder")


@pytest.mark.slow
def test_an_eps_figure_printed_as_its_name_is_a_problem_of_paper(tmp_path):
    """``\\includegraphics{fig.eps}``: `figures paper` compiles with no shell escape (round
    8), so pdflatex cannot run (r)epstopdf and pdftex.def sets the file's name where the
    picture goes, with no error: "0 problem(s)", exit 0, a figure missing from the paper."""
    paper = tmp_path / "p"
    paper.mkdir()
    (paper / "fig.eps").write_text("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 50\n"
                                   "newpath 10 10 moveto 90 40 lineto stroke\nshowpage\n")
    (paper / "main.tex").write_text("\\documentclass{article}\n\\usepackage{graphicx}\n"
                                    "\\begin{document}\nHello. \\includegraphics{fig.eps}\n"
                                    "\\end{document}\n")
    ran = figures_as_a_user(tmp_path, "paper", "p", timeout=300)
    assert ran.returncode == 1
    assert ran.stdout.splitlines()[-1] == (
        "problem: fig.eps (main.tex:4): an EPS figure, printed as its file name: this compile "
        "runs no shell command, so pdflatex cannot convert it: convert it to PDF (epstopdf "
        "fig.eps) and include that")


@pytest.mark.slow
def test_a_packed_eps_figure_keeps_its_bounding_box(tmp_path):
    """``\\includegraphics{fig.eps}``: pack stripped the EPS's ``%%`` lines as TeX comments
    (its ``%%BoundingBox`` among them): "does not compile from the archive alone: Cannot
    determine size of graphic in fig.eps (no BoundingBox)"."""
    paper = tmp_path / "p"
    paper.mkdir()
    eps = ("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 50\n"
           "newpath 10 10 moveto 90 40 lineto stroke\nshowpage\n")
    (paper / "fig.eps").write_text(eps)
    (paper / "main.tex").write_text("\\documentclass{article}\n\\usepackage{graphicx}\n"
                                    "\\begin{document}\nHello. \\includegraphics{fig.eps}\n"
                                    "\\end{document}\n")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    # the archive compiled with its bounding box (else "no BoundingBox"), and printed the
    # file's name there: since round 17 that stops the pack (pdflatex converts no EPS)
    assert ran.returncode == 1, ran.stderr
    assert ran.stderr.splitlines()[-1].startswith(
        "error: fig.eps: an EPS figure, printed as its file name"), ran.stderr


@pytest.mark.slow
def test_a_listing_read_from_a_code_file_is_packed_as_it_is(tmp_path):
    """``\\lstinputlisting{code.py}``: pack stripped ``x = "%d items" % 3`` to ``x = "%`` (a
    ``%`` is no comment in Python; listings reads the file verbatim), and said only that
    the archive's PDF differs."""
    import tarfile

    paper = tmp_path / "p"
    paper.mkdir()
    code = 'x = "%d items" % 3\nprint(x)  # 100% done\n'
    (paper / "code.py").write_text(code)
    (paper / "notes.txt").write_text("Rate: 50% of runs\n")
    (paper / "main.tex").write_text("\\documentclass{article}\n\\usepackage{listings}\n"
                                    "\\usepackage{verbatim}\n\\begin{document}\nCode:\n"
                                    "\\lstinputlisting{code.py}\n\\verbatiminput{notes.txt}\n"
                                    "\\end{document}\n")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stderr
    assert ran.stderr.splitlines()[-1].endswith("warnings: 0"), ran.stderr
    with tarfile.open(tmp_path / "p.tar.gz") as archive:
        assert archive.extractfile("code.py").read().decode() == code
        assert archive.extractfile("notes.txt").read().decode() == "Rate: 50% of runs\n"
