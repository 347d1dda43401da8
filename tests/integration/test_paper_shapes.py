"""The paper read by TeX itself (issue 37): every shape of include that a reading of the
source got wrong, synced, compiled with real pdflatex and audited (tests/papers/shapes/);
the refusals, each with its edit; the audit at every depth; no TeX process outliving the
command; no hang on a named pipe or ``/dev/zero`` among the sources.

TeX Live is required (CI installs it in .ci/run). The acmart papers and the pdfcrop wrapper
are in test_paper_acmart.py."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import helpers
import pytest
from helpers import REPO, compiled_for_icml, latexmk

from figures.cli import main as cli
from figures.paper.audit import audit
from figures.venues import get_venue

SHAPES = REPO / "tests" / "papers" / "shapes"
#: The box each of our includes prints in, as TeX sets it (ICML: text 6.75 in, column 3.25).
BOXES = {"fig1_audit_hero": 6.75,        # \twocolumn[...] teaser: the text's width
         "cifar_accuracy": 0.49 * 6.75,  # subfigure{0.49\textwidth}, width=\textwidth
         "cifar_summary": 0.49 * 6.75,   # minipage{0.49\textwidth}, width=\linewidth
         "fig4_penalty_rescue": 6.75,    # \widefig -> \fig -> \includegraphics
         "cifar_feature_drift": 3.25,    # after \ifthenelse inside \iffalse
         "fig3b_crossarch_3row": 6.75}   # a \subfile inside a \subfile
ICML_STY = "\\ProvidesPackage{icml2025}\n\\RequirePackage[letterpaper,textwidth=6.75in," \
    "textheight=9in,columnsep=0.25in]{geometry}\n\\@twocolumntrue\n"


@pytest.fixture(scope="module")
def shapes(tmp_path_factory):
    """The shapes paper synced (the venue from --venue, the boxes from TeX) and compiled."""
    return compiled_for_icml(tmp_path_factory.mktemp("shapes"), SHAPES)


@pytest.mark.slow
def test_every_shape_is_built_for_its_box_and_prints_at_100_percent(shapes, capsys,
                                                                     monkeypatch):
    root, paper, figdata = shapes
    monkeypatch.chdir(root)
    result = audit(paper / "main.pdf", figdata, get_venue("icml", None))
    placed = {item.name: item for item in result.placed}
    assert sorted(placed) == sorted(BOXES)  # cifar_diagnostics is inside \iffalse
    for name, item in placed.items():
        assert item.state == "current", name
        assert item.scale == pytest.approx(1.0, abs=0.01), name
        assert item.width_in == pytest.approx(BOXES[name], abs=0.01), name
    assert cli.main(["check", str(paper / "main.pdf"), "--venue", "icml", "--figdata",
                     str(figdata)]) == 0
    out = capsys.readouterr().out
    for name in BOXES:
        [row] = [line.split() for line in out.splitlines() if line.startswith(name)]
        assert row[2:4] == ["current", "100%"], row


@pytest.mark.slow
def test_the_audit_finds_ours_in_a_clip_form_and_a_wrapper_and_knows_a_relabelled_one(
        shapes, capsys, monkeypatch, tmp_path):
    from matplotlib.figure import Figure
    from pypdf import PdfReader

    root, paper, figdata = shapes
    monkeypatch.chdir(root)
    copy = tmp_path / "paper"
    shutil.copytree(paper, copy)
    # a standalone panel that wraps our (current) figure, included in place of it
    (copy / "panel.tex").write_text(
        "\\documentclass{standalone}\n\\usepackage{graphicx}\n\\begin{document}\n"
        "\\includegraphics{figures/cifar_feature_drift}\n\\end{document}\n")
    helpers.tex(copy, "pdflatex", "-interaction=nonstopmode", "panel.tex")
    tex = copy / "main.tex"
    text = tex.read_text().replace("[width=\\columnwidth]{cifar_feature_drift}",
                                   "{panel}")
    # the paper's own trim and clip on fig4
    text = text.replace("\\widefig{fig4_penalty_rescue}",
                        "\\includegraphics[width=\\textwidth,trim=20 20 20 20,clip]"
                        "{fig4_penalty_rescue}")
    tex.write_text(text)
    # another picture carrying fig1's label
    info = PdfReader(copy / "figures" / "fig1_audit_hero.pdf").metadata
    fig = Figure(figsize=(6.75, 2))
    fig.add_subplot().plot([1, 3, 2])
    fig.savefig(copy / "figures" / "fig1_audit_hero.pdf", metadata={
        key.lstrip("/"): info[key] for key in ("/Title", "/Subject", "/Keywords")})
    latexmk(copy)
    code = cli.main(["check", str(copy / "main.pdf"), "--venue", "icml", "--figdata",
                     str(figdata)])
    out = capsys.readouterr().out
    assert code == 1
    rows = {line.split()[0]: line.split() for line in out.splitlines() if "%" in line}
    assert rows["cifar_feature_drift"][2:4] == ["current", "100%"]  # inside the wrapper
    assert rows["./panel.pdf"][2] == "foreign"
    assert rows["fig4_penalty_rescue"][2] == "current"
    assert rows["fig4_penalty_rescue"][3] != "100%"  # trim: pdfTeX scales the cropped box
    problems = [line for line in out.splitlines() if line.startswith("problem: ")]
    assert any(line.startswith("problem: fig4_penalty_rescue (page ") and "cropped by the "
               "paper: page " in line and "prints it clipped" in line for line in problems)
    assert any("labelled fig1_audit_hero, but its content is not what the build wrote" in line
               for line in problems)
    assert not any(line.startswith("fig1_audit_hero ") for line in out.splitlines())


_TIKZ = ("\\begin{tikzpicture}\\clip %s;\\node[anchor=south west,inner sep=0] at (0,0) "
         "{\\includegraphics[width=\\columnwidth]{cifar_feature_drift}};\\end{tikzpicture}")
#: Round 39's plain includes inside a clip: each (the preamble line, the include's stand-in)
#: and whether it cuts the figure (3.25 in = 8.255 cm wide; its height about 2.4 in).
_CLIPS = {
    "adjincludegraphics": ("\\usepackage[export]{adjustbox}", (
        "\\adjincludegraphics[width=\\columnwidth,trim=0 0 0 20,clip]{cifar_feature_drift}"),
        True),
    "tikz clip": ("\\usepackage{tikz}", _TIKZ % "(0,0) rectangle (8.255cm,5cm)", True),
    "tikz clip larger": ("\\usepackage{tikz}", _TIKZ % "(-1,-1) rectangle (9.5cm,9cm)", False),
}


@pytest.mark.slow  # a TeX compile each: seconds
@pytest.mark.parametrize("case", sorted(_CLIPS))
def test_round39_f7_f10_a_clip_around_a_plain_include_is_a_problem_of_the_compiled_page(
        shapes, capsys, monkeypatch, tmp_path, case):
    """Round 39 (F7, F10): ``\\adjincludegraphics[...,trim=0 0 0 20,clip]`` (F7) and a TikZ
    ``\\clip`` around ``\\node{\\includegraphics[width=\\columnwidth]{...}}`` (F10) printed our
    figure with its top cut away, and ``figures check`` said 0 problems (the include itself is
    plain; the clip is a path in the page). Now the compiled page's clip is a problem naming
    the page; a TikZ ``\\clip`` larger than the figure is none."""
    root, paper, figdata = shapes
    monkeypatch.chdir(root)
    package, include, cuts = _CLIPS[case]
    copy = helpers.cropped_copy(paper, tmp_path / "paper", package, include)
    latexmk(copy)
    code = cli.main(["check", str(copy / "main.pdf"), "--venue", "icml", "--figdata",
                     str(figdata)])
    out = capsys.readouterr().out
    problems = [line for line in out.splitlines() if line.startswith("problem: ")]
    clipped = [line for line in problems if "prints it clipped" in line]
    if cuts:
        assert code == 1, out
        assert [line.split(" (page ")[0] for line in clipped] == [
            "problem: cifar_feature_drift"], out
        assert "remove the clip/trim" in clipped[0]
    else:
        assert (code, problems) == (0, []), out


def test_a_form_that_draws_itself_is_one_audit_not_a_recursion_error(tmp_path, capsys):
    """A legal PDF whose form shares its page's resources (so draws itself): the audit ends
    with its one line."""
    from pypdf import PdfWriter
    from pypdf.generic import (
        ArrayObject,
        DecodedStreamObject,
        DictionaryObject,
        FloatObject,
        NameObject,
    )

    writer = PdfWriter()
    page = writer.add_blank_page(200, 200)
    resources = DictionaryObject()
    form = DecodedStreamObject()
    form.set_data(b"q 0.5 0 0 0.5 0 0 cm /F0 Do Q")
    form.update({NameObject("/Type"): NameObject("/XObject"),
                 NameObject("/Subtype"): NameObject("/Form"),
                 NameObject("/BBox"): ArrayObject([FloatObject(v) for v in (0, 0, 200, 200)]),
                 NameObject("/Resources"): resources})
    ref = writer._add_object(form)
    resources[NameObject("/XObject")] = DictionaryObject({NameObject("/F0"): ref})
    page[NameObject("/Resources")] = resources
    contents = DecodedStreamObject()
    contents.set_data(b"/F0 Do")
    page[NameObject("/Contents")] = writer._add_object(contents)
    writer.write(tmp_path / "loop.pdf")
    code = cli.main(["check", str(tmp_path / "loop.pdf"), "--venue", "icml"])
    _, err = capsys.readouterr()
    assert code == 0
    assert err.splitlines()[-1].endswith("0 figure(s) of ours, 0 foreign; 0 problem(s) (icml)")


def _tiny(paper: Path, body: str) -> None:
    paper.mkdir(parents=True, exist_ok=True)
    (paper / "icml2025.sty").write_text(ICML_STY)
    (paper / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\usepackage{icml2025}\n"
        f"\\begin{{document}}\n{body}\n\\end{{document}}\n")


def _sync_row(tmp_path: Path, capsys, monkeypatch) -> tuple[int, str]:
    """``figures sync`` of tmp_path/paper run from tmp_path: exit code, and
    cifar_feature_drift's row."""
    monkeypatch.chdir(tmp_path)
    code = cli.main(["sync", str(tmp_path / "paper"), "--allow-synthetic", "--figdata",
                     str(REPO / "figdata")])
    out = capsys.readouterr().out
    [row] = [line for line in out.splitlines() if line.startswith("cifar_feature_drift")]
    return code, row


@pytest.mark.parametrize(("include", "how"), [
    # a quarter turn after its width scales nothing (round 50a, P2): judged down the page
    ("\\includegraphics[width=\\linewidth,angle=45]{cifar_feature_drift}",
     "rotated (angle=45)"),
    ("\\includegraphics[width=\\linewidth,trim=10 10 10 10,clip]{cifar_feature_drift}",
     "trimmed or clipped"),
    # Round 26 (SX): the star cuts only with a box of its own (bb=); alone it prints it whole
    ("\\includegraphics*[width=\\linewidth,bb=0 0 100 100]{cifar_feature_drift}",
     "trimmed or clipped"),
    ("\\includegraphics[height=2in]{cifar_feature_drift}",
     "scaled by its height (height=2in)"),
])
def test_a_reshaped_include_is_refused_with_the_edit_that_prints_it_at_100(
        tmp_path, capsys, monkeypatch, include, how):
    paper = tmp_path / "paper"
    _tiny(paper, f"\\begin{{figure}}\n{include}\n\\end{{figure}}")
    code, row = _sync_row(tmp_path, capsys, monkeypatch)
    assert code == 1
    assert f"refused: the paper prints it {how}, so no build of it prints at 100 %: write " \
        "\\includegraphics[width=\\linewidth]{cifar_feature_drift} at main.tex:6" in row
    assert not (tmp_path / "build").exists()  # refused before anything is built


_ADJ = "\\usepackage{adjustbox}"
_DRIFT = "\\includegraphics[width=\\linewidth]{cifar_feature_drift}"
#: Round 39's clips around a plain include, for sync: (the preamble's package, the include's
#: stand-in, what sync says cuts it; empty: a clip that cuts nothing, no refusal).
_SYNC_CLIPS = {
    "F7 adjincludegraphics": ("\\usepackage[export]{adjustbox}", (
        "\\adjincludegraphics[width=\\linewidth,trim=0 0 0 20,clip]{cifar_feature_drift}"),
        "adjustbox's (trimclip's) trim/clip"),
    "F11 adjustbox": (_ADJ, f"\\adjustbox{{trim=0 0 0 20,clip}}{{{_DRIFT}}}",
                      "adjustbox's (trimclip's) trim/clip"),
    "F10 tikz clip": ("\\usepackage{tikz}", _TIKZ.replace("\\columnwidth", "\\linewidth")
                      % "(0,0) rectangle (8.255cm,5cm)", "TikZ's \\clip (pgf)"),
    "tikz clip larger": ("\\usepackage{tikz}", _TIKZ.replace("\\columnwidth", "\\linewidth")
                         % "(-1,-1) rectangle (9.5cm,9cm)", ""),
    "adjustbox clip alone": (_ADJ, f"\\adjustbox{{clip}}{{{_DRIFT}}}", ""),
}


@pytest.mark.slow  # a TeX compile, and a build when not refused: seconds
@pytest.mark.parametrize("case", sorted(_SYNC_CLIPS))
def test_round39_f7_f10_sync_refuses_an_include_a_clip_around_it_cuts(
        tmp_path, capsys, monkeypatch, case):
    """Round 39 (F7, F10): ``\\adjincludegraphics[...,trim=0 0 0 20,clip]`` (F7),
    ``\\adjustbox{trim=0 0 0 20,clip}{\\includegraphics[...]}`` (F11) and a TikZ ``\\clip``
    around ``\\node{\\includegraphics[...]}`` (F10) printed our figure with its top cut
    away, and sync copied it ("0 refused"), where the same trim on ``\\includegraphics`` is
    refused. Now sync refuses each, naming the clip, the line and the include to write; a
    clip that cuts nothing (larger than the figure, or adjustbox's clip alone) is no
    refusal."""
    package, include, what = _SYNC_CLIPS[case]
    paper = tmp_path / "paper"
    _tiny(paper, f"\\begin{{figure}}\n{include}\n\\end{{figure}}")
    tex = paper / "main.tex"
    tex.write_text(tex.read_text().replace("\\usepackage{graphicx}\n",
                                           f"\\usepackage{{graphicx}}\n{package}\n"))
    code, row = _sync_row(tmp_path, capsys, monkeypatch)
    if what:
        assert code == 1, row
        assert row.endswith(f"refused: the paper prints it cropped by {what} around its "
                            "include, so no build of it prints at 100 %: write "
                            f"{_DRIFT} at main.tex:7, outside that clip (sync builds it for "
                            "that box)"), row
    else:
        assert (code, "refused" in row) == (0, False), row


def test_a_box_under_the_figures_smallest_width_is_refused_naming_it(tmp_path, capsys,
                                                                      monkeypatch):
    paper = tmp_path / "paper"
    _tiny(paper, "\\begin{figure}\n\\begin{minipage}{0.5\\linewidth}\n"
          "\\includegraphics[width=\\linewidth]{cifar_feature_drift}\n"
          "\\end{minipage}\n\\end{figure}")
    code, row = _sync_row(tmp_path, capsys, monkeypatch)
    assert code == 1
    from figures.registry import BY_NAME
    from figures.venues import get_venue

    smallest = BY_NAME["cifar_feature_drift"].smallest_width_in(get_venue("icml"))
    assert f"1.625 in is narrower than cifar_feature_drift's smallest width ({smallest:g} in): " \
        "the box around it (a subfigure, minipage, column or margin note of 1.625 in) is " \
        "narrower: make it at least 0.45\\textwidth, or move the include out of it " \
        "(main.tex:7)" in row



@pytest.mark.slow  # a TeX compile and a build: seconds
@pytest.mark.parametrize(("lines", "said"), [
    (("50\\% \\resizebox{0.5\\linewidth}{!}{%\n"
     "\\includegraphics[width=\\linewidth]{cifar_feature_drift}}"),
     ("main.tex:7 refused: 1.625 in is narrower than cifar_feature_drift's smallest width "
     "(3 in): \\resizebox at main.tex:6 scales it there")),
    (("\\resizebox{0.5\\linewidth}{!}{50\\% \\includegraphics[width=\\linewidth]"
     "{cifar_feature_drift}\n}"), "main.tex:6 refused: 1.469 in is narrower"),
])
def test_an_escaped_percent_is_no_comment_where_a_wrapper_or_an_include_is_found(
        tmp_path, capsys, monkeypatch, lines, said):
    """``\\%`` before the wrapper or the include on its line hides neither (the comment read
    by figures/texread.py; before: "a wrapper scales it there", and the include's line taken
    for TeX's, main.tex:7, the wrapper's closing brace)."""
    _tiny(tmp_path / "paper", f"\\begin{{figure}}\n{lines}\n\\end{{figure}}")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["sync", str(tmp_path / "paper"), "--allow-synthetic", "--figdata",
                     str(REPO / "figdata")]) == 1
    row = next(line for line in capsys.readouterr().out.splitlines() if "refused" in line)
    assert " ".join(row.split()).startswith(f"cifar_feature_drift {said}")


@pytest.mark.slow  # a subprocess, a TeX compile or builds: seconds
def test_a_named_pipe_or_a_dev_zero_link_among_the_sources_neither_hangs_nor_fills_memory(
        tmp_path):
    paper = tmp_path / "paper"
    _tiny(paper, "no figure")
    os.mkfifo(paper / "pipe.tex")
    (paper / "zero.tex").symlink_to("/dev/zero")
    run = subprocess.run([sys.executable, "-m", "figures", "sync", str(paper), "--dry-run",
                          "--figdata", str(REPO / "figdata")], capture_output=True,
                         text=True, timeout=120, cwd=tmp_path, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 refused" in run.stderr
    from figures.paper.latex import find_main, read_paper

    assert find_main(paper) == paper / "main.tex"
    assert read_paper(paper).main == paper / "main.tex"  # the fallback reads bounded too


def _tex_under(folder: Path, *, draft: bool = True) -> list[int]:
    """The TeX processes (pdflatex, latexmk) running in ``folder``; with ``draft=False``
    not the draft compiles (``figures paper`` asks TeX for the boxes in a short draft
    compile before latexmk's: waiting on that one would race its end). A process whose
    command line reads empty is exiting (the kernel frees its memory before its folder:
    the draft compile's end once read as a TeX that ran, then was gone), not running."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            args = (proc / "cmdline").read_bytes().split(b"\0")
            name = (proc / "comm").read_text().strip()
            cwd = (proc / "cwd").readlink()
        except OSError:
            continue
        if proc.name.isdigit() and name in ("pdflatex", "latexmk", "perl") and cwd == folder \
                and args != [b""] and (draft or b"-draftmode" not in args):
            found.append(int(proc.name))
    return found


@pytest.mark.slow
@pytest.mark.parametrize(("command", "sig"), [("sync", signal.SIGTERM),
                                              ("sync", signal.SIGINT),
                                              ("paper", signal.SIGTERM),
                                              ("paper", signal.SIGINT)])
def test_a_stopped_command_leaves_no_tex_process_running(tmp_path, command, sig):
    """The paper loops forever: in the probe compile for sync, in latexmk's (not draft)
    compile for paper. Stopping the command stops TeX too."""
    paper = tmp_path / "paper"
    loop = "\\def\\loop{\\loop}\\loop" if command == "sync" else \
        "\\ifnum\\pdfdraftmode=0 \\def\\loop{\\loop}\\loop\\fi"
    _tiny(paper, loop)
    try:
        process = subprocess.Popen([sys.executable, "-m", "figures", command, str(paper),
                                    "--venue", "icml", "--allow-synthetic", "--figdata",
                                    str(REPO / "figdata")], cwd=tmp_path,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            deadline = time.monotonic() + 300
            looping = command == "sync"  # sync loops in its draft compile, paper in latexmk's
            while not _tex_under(paper.resolve(), draft=looping) and process.poll() is None \
                    and time.monotonic() < deadline:
                time.sleep(0.2)
            if process.poll() is not None:
                pytest.fail(f"ended before TeX started: {process.communicate()[1]}")
            assert _tex_under(paper.resolve(), draft=looping), "TeX never started"
            time.sleep(1)
            process.send_signal(sig)
            _, err = process.communicate(timeout=60)
        finally:
            if process.poll() is None:
                process.kill()
                process.communicate()
        assert process.returncode == (143 if sig == signal.SIGTERM else 130), err
        time.sleep(0.5)
        assert _tex_under(paper.resolve()) == []
    finally:  # a failed run leaves no TeX looping on the machine (TeX's own CPU limit aside)
        for pid in _tex_under(paper.resolve()):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.slow
def test_figures_paper_runs_no_latexmkrc_of_the_paper_and_audits_the_pdf_it_made(
        tmp_path, capsys, monkeypatch):
    """A downloaded paper is untrusted: its latexmkrc is Perl, run as the user without
    ``-norc`` (issue 45: ``system("id > $HOME/owned")`` ran). Not run; the PDF audited is
    the one this compile made, not an older one."""
    paper = tmp_path / "paper"
    _tiny(paper, "\\begin{figure}\n\\includegraphics[width=\\columnwidth]"
          "{cifar_feature_drift}\n\\end{figure}")
    owned = tmp_path / "owned"
    (paper / "latexmkrc").write_text(f"$out_dir = 'out';\nsystem(\"id > {owned}\");\n")
    (paper / "main.pdf").write_bytes(b"%PDF-1.4 an older paper, never to be audited\n")
    monkeypatch.chdir(tmp_path)
    code = cli.main(["paper", str(paper), "--allow-synthetic", "--figdata",
                     str(REPO / "figdata")])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    assert not owned.exists(), "the paper's latexmkrc ran"
    assert err.splitlines()[-1].startswith(f"{paper / 'main.pdf'}: 1 figure(s) of ours")
    [row] = [line.split() for line in out.splitlines()
             if line.startswith("cifar_feature") and "%" in line]
    assert row[2:5] == ["current", "100%", '3.25"']
    assert _tex_under(paper.resolve()) == []


@pytest.mark.slow
def test_a_class_of_no_known_venue_gets_its_own_page_and_rules_from_its_body(
        tmp_path, capsys, monkeypatch):
    paper = tmp_path / "paper"
    paper.mkdir()
    (paper / "main.tex").write_text(
        "\\documentclass[twocolumn]{article}\n\\usepackage[textwidth=7in,columnsep=0.3in]"
        "{geometry}\n\\usepackage{graphicx}\n\\begin{document}\n\\begin{figure}\n"
        "\\includegraphics[width=\\linewidth]{cifar_feature_drift}\n\\end{figure}\n"
        "\\end{document}\n")
    monkeypatch.chdir(tmp_path)
    code = cli.main(["sync", str(paper), "--allow-synthetic", "--figdata",
                     str(REPO / "figdata")])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    assert "note: article is no known venue: figures are drawn for its own page (text 7 in, " \
        "columns 3.35 in, height 7.7 in) with rules from its 10 pt body (type at least 7 " \
        "pt, lines 0.5 pt, 300 ppi, no Type 3 fonts); --venue V for a venue's rules" in err
    assert " build/tex10pt-7x3.35x7.7in/w3.35/cifar_feature_drift.pdf" in out


@pytest.mark.slow  # a subprocess, a TeX compile or builds: seconds
def test_a_compile_over_its_timeout_is_one_line_and_leaves_no_tex(tmp_path):
    from figures.errors import LatexError
    from figures.paper.engine import ask_tex

    paper = tmp_path / "paper"
    _tiny(paper, "\\def\\loop{\\loop}\\loop")
    with pytest.raises(LatexError, match=r"pdflatex took over 2 s and was stopped"):
        ask_tex(paper / "main.tex", timeout=2)
    assert _tex_under(paper.resolve()) == []
