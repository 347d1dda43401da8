"""Round 39: a fresh hostile pass (record only); the `figures paper` and `figures pack` lines
it found unclear, kept."""

from __future__ import annotations

import shutil

import pytest
from helpers import REPO, figures_as_a_user, write_files

_JUNK = ("\\begin{filecontents*}[overwrite]{figures/cifar_summary.pdf}\nnot a pdf\n"
         "\\end{filecontents*}\n")


def test_the_files_a_papers_sources_write_are_found_at_their_lines(tmp_path):
    r"""Round 39 (F4): where a paper writes a file it reads back, ``filecontents`` or
    ``\openout`` (a comment's aside), by the name TeX gives it."""
    from figures.paper.rewritten import writes

    (tmp_path / "sub").mkdir()
    main, part = tmp_path / "main.tex", tmp_path / "sub" / "part.tex"
    main.write_text(_JUNK + "\\documentclass{article}\n% \\openout\\w=hidden.tex\n"
                    "\\immediate\\openout\\w=table\n\\openout3 {sub/y.dat}\n")
    part.write_text("x\n\\begin{filecontents}{./figs/../plot.png}\n\\end{filecontents}\n")
    assert writes(tmp_path, [main, part]) == {
        "figures/cifar_summary.pdf": ("main.tex:1", "\\begin{filecontents*}"),
        "table": ("main.tex:6", "\\openout"), "table.tex": ("main.tex:6", "\\openout"),
        "sub/y.dat": ("main.tex:7", "\\openout"),
        "plot.png": ("sub/part.tex:2", "\\begin{filecontents}")}


@pytest.mark.slow  # sync's probe, latexmk, and pack's compile
def test_a_paper_writing_over_our_figure_is_told_to_remove_that_write(tmp_path, monkeypatch,
                                                                      capsys):
    """Round 39 (F4): a ``filecontents*[overwrite]`` writing ``not a pdf`` over
    ``figures/cifar_summary.pdf``, the figure sync copies: `figures paper` said to bring the
    copy up to date with latexmk in the folder (which would write the junk over our figure),
    and pack named a temporary path (``/tmp/figures-pack-.../out/figures/...``). Now paper
    names main.tex:1 and our figure, and says to remove that write; pack names that line."""
    from figures.cli import main as cli

    paper = tmp_path / "paper"
    shutil.copytree(REPO / "tests" / "papers" / "twocol", paper)
    (paper / "main.tex").write_text(_JUNK + (paper / "main.tex").read_text())
    (paper / "figures").mkdir()  # synced before (TeX makes no folder)
    monkeypatch.chdir(tmp_path)
    code = cli.main(["paper", str(paper), "--venue", "icml", "--figdata", str(REPO / "figdata"),
                     "--allow-synthetic"])
    said = capsys.readouterr()
    assert code == 1, said.out + said.err
    assert said.err.endswith(
        f"error: {paper / 'main.tex'}:1: writes figures/cifar_summary.pdf "
        "(\\begin{filecontents*}), the file of our figure cifar_summary that the paper includes "
        "(figures sync copies it there), so TeX reads what the paper writes, not the figure: "
        "remove that write, then run figures paper again; main.pdf not written\n"), said.err
    assert (paper / "figures" / "cifar_summary.pdf").read_bytes().startswith(b"%PDF")
    code = cli.main(["pack", str(paper), "--out", str(tmp_path / "p.tar.gz"),
                     "--figdata", str(REPO / "figdata"), "--allow-synthetic"])
    said = capsys.readouterr()
    assert code == 1, said.out + said.err
    assert said.err.endswith(
        "error: main.tex: does not compile in a copy of the paper's folder: pdfTeX error: "
        "pdflatex (file figures/cifar_summary.pdf): xpdf: reading PDF image failed; the paper "
        "writes figures/cifar_summary.pdf itself (\\begin{filecontents*} at main.tex:1), over "
        "the figure it includes: remove that write\n"), said.err


def test_sync_tells_a_write_over_the_file_of_our_figure(tmp_path):
    """Round 39 (F4): sync said nothing (exit 0) of a paper whose ``filecontents*`` writes
    over ``figures/cifar_summary.pdf``, the file it copies our figure to. Now one line naming
    the paper's line; an include of no figure of ours written so is not told."""
    from figures.paper.latex import read_paper
    from figures.paper.rewritten import over_ours

    paper = tmp_path / "paper"
    shutil.copytree(REPO / "tests" / "papers" / "twocol", paper)
    text = (paper / "main.tex").read_text()
    (paper / "main.tex").write_text(_JUNK + text)
    assert over_ours(read_paper(paper, None)) == [(
        "main.tex:1: writes figures/cifar_summary.pdf (\\begin{filecontents*}), the file sync "
        "copies our figure cifar_summary to: TeX reads what the paper writes there, not the "
        "figure: remove that write")]
    (paper / "main.tex").write_text(_JUNK.replace("cifar_summary", "mine") + text.replace(
        "{\\figdir/cifar_summary}", "{figures/mine}"))
    assert over_ours(read_paper(paper, None)) == []


#: A two-column page with ICML's measures (text 6.75 in, columns 3.25 in).
_PREAMBLE = ("\\documentclass[twocolumn]{article}\n\\usepackage[letterpaper,textwidth=6.75in,"
             "textheight=9in,columnsep=0.25in]{geometry}\n\\usepackage{graphicx}\n")


def _paper(tmp_path, body: str, preamble: str = "", **files: str):
    """A folder ``p`` with ``main.tex`` (its body from line 6 on, after ``preamble`` on
    line 5) and ``files``."""
    return write_files(tmp_path / "p", {
        "main.tex": f"{_PREAMBLE}{preamble}\n\\begin{{document}}\n{body}\n\\end{{document}}\n",
        **{name.replace("__", "."): text for name, text in files.items()}})


def _said(tmp_path, command: str, rc: int) -> str:
    """``figures COMMAND p`` (sync and paper with --venue icml, pack with --out) run as a user
    in ``tmp_path``, exit ``rc``: what it printed to stderr."""
    argv = {"sync": ("sync", "p", "--venue", "icml"), "paper": ("paper", "p", "--venue", "icml"),
            "pack": ("pack", "p", "--out", "p.tar.gz")}[command]
    ran = figures_as_a_user(tmp_path, *argv, "--allow-synthetic", timeout=300)
    assert ran.returncode == rc, ran.stdout + ran.stderr
    return ran.stderr


_PIPED = ('main.tex:7: \\input{|"echo pwned > PWNED; echo hi"}: a piped shell command, which '
          "no command here runs (nothing ran; TeX looks for a file of that name, and stops): "
          "remove it, or run the command yourself, put its output in a file and \\input that")


@pytest.mark.slow  # TeX compiles the paper
def test_a_piped_input_is_said_a_shell_command_none_of_ours_runs(tmp_path):
    r"""Round 39 (F2): ``\input{|"echo pwned > F; echo hi"}`` (a piped shell command): no
    command ran, but sync warned "no file |echo ... .tex in the paper's folder ...: add it or
    remove the line" (a file of that name to make), and paper and pack stopped on LaTeX's
    "File `|echo ...' not found". Each now says, at its line, that it is a piped shell command
    none of ours runs, and what to do."""
    _paper(tmp_path, 'Text.\n\\input{|"echo pwned > PWNED; echo hi"}\nMore text.')
    said = _said(tmp_path, "sync", 0)
    assert f"warning: {_PIPED} (not read)" in said, said
    assert "add it or remove the line" not in said, said
    said = _said(tmp_path, "paper", 1)
    at, piped = _PIPED.split(": ", 1)  # the line first, as every compile error (50a P29)
    assert f"{at}: did not compile: {piped} (see " in said, said
    said = _said(tmp_path, "pack", 1)
    assert said.strip().endswith(f"does not compile in a copy of the paper's folder: {_PIPED}")
    assert not list(tmp_path.rglob("PWNED"))


@pytest.mark.slow  # TeX compiles the paper
@pytest.mark.parametrize("command", ["paper", "pack"])
def test_an_svg_include_names_the_shell_escape_it_needs(tmp_path, command):
    r"""Round 39 (F3): ``\usepackage{svg}``, ``\includesvg[width=\columnwidth]{diagram}``
    with ``diagram.svg`` beside: paper and pack said "Package svg Error: File
    `diagram_svg-tex.pdf' is missing" (paper without a line), not that the svg package makes
    that file by running Inkscape, which needs shell escape, which no command here gives.
    Now the include's line, that cause, and what to do: export the SVG to PDF, or compile
    once by hand with -shell-escape (the PDF it leaves is then read: checked by hand)."""
    _paper(tmp_path, "Text.\n\\includesvg[width=\\columnwidth]{diagram}\nMore.",
           "\\usepackage{svg}", diagram__svg=(
               '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50">'
               '<rect width="100" height="50" fill="red"/></svg>\n'))
    said = _said(tmp_path, command, 1)
    said = said.replace("main.tex:7: did not compile: ", "main.tex:7: ")  # paper's (50a P29)
    assert ("main.tex:7: \\includesvg{diagram}: the svg package runs Inkscape to make "
            "diagram_svg-tex.pdf, which needs shell escape, never given here: export "
            "diagram.svg to PDF and \\includegraphics that, or compile once by hand with "
            "-shell-escape (the PDF it leaves in svg-inkscape/ is then read)") in said, said


@pytest.mark.slow  # TeX compiles the paper
@pytest.mark.parametrize(("include", "bracket"), [
    ("\\includegraphics[width=\\columnwidth{cifar_summary}", "["),
    ("\\includegraphics[width=\\columnwidth]{cifar_summary", "{")], ids=["bracket", "brace"])
def test_an_include_not_closed_is_named_at_its_line_with_what_is_missing(
        tmp_path, include, bracket):
    r"""Round 39 (F12, F13): ``\includegraphics[width=\columnwidth{fig}`` (the ``]``
    missing) or ``...]{fig`` (the ``}``): sync passed it without a word; paper said "Paragraph
    ended before \Gin@ii was complete" (graphicx's internal macro, no line), pack the same at
    the line where the paragraph ended. Now paper and pack stop with the include's line: the
    bracket not closed, and to add its match. Sync warned of it, exit 0 (round 43, A65n: it
    listed the figure "ours, not in the paper", and the paper did not compile); it now refuses
    with that line, as where TeX stops: exit 1, nothing written (paper stops there too)."""
    _paper(tmp_path, f"Text.\n\\begin{{figure}}[t]\n  {include}\n  \\caption{{A figure.}}\n"
           "\\end{figure}\n\nMore text.")
    line = (f"main.tex:8: {include}: its {bracket} is not closed before the paragraph ends, "
            f"where TeX stops: add the {']' if bracket == '[' else '}'}")
    refusal = (f"p/main.tex: does not compile ({line}): mend it so it compiles, then sync "
               "again; nothing written")
    said = _said(tmp_path, "sync", 1)
    assert said.strip().splitlines()[-1] == f"error: {refusal}", said
    assert not (tmp_path / "p" / "macros.tex").exists()
    said = _said(tmp_path, "paper", 1)
    assert said.strip().splitlines()[-1] == f"error: {refusal}", said
    said = _said(tmp_path, "pack", 1)
    assert said.strip().endswith(f"does not compile in a copy of the paper's folder: {line}")
    assert "Gin@ii" not in said, said


def _twocol(tmp_path, edit) -> object:
    """tests/papers/twocol copied to ``tmp_path/paper``, its main.tex through ``edit``."""
    paper = tmp_path / "paper"
    shutil.copytree(REPO / "tests" / "papers" / "twocol", paper)
    (paper / "main.tex").write_text(edit((paper / "main.tex").read_text()))
    return paper


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    from figures.cli import main as cli

    code = cli.main([*argv, "--figdata", str(REPO / "figdata"), "--allow-synthetic"])
    said = capsys.readouterr()
    return code, said.out, said.err


_DRIFT = "\\includegraphics[width=\\columnwidth]{cifar_feature_drift}"


@pytest.mark.slow  # sync's probe, builds, latexmk
def test_a_preamble_default_width_is_named_where_it_sizes_our_figure(tmp_path, monkeypatch,
                                                                     capsys):
    r"""Round 39 (F16): ``\setkeys{Gin}{width=0.8\linewidth}`` in the preamble (main.tex:8)
    and a bare ``\includegraphics{cifar_feature_drift}``: `figures paper` noted "(a wrapper
    scales it)" and refused "a wrapper scales it there: take the include out of it" (no
    wrapper is there), then "not compiled" with the first compile's main.pdf left beside the
    paper. Now the note and the refusal name the \setkeys at its line and what to write, and
    the last line says main.pdf is the first compile's, at which widths."""
    paper = _twocol(tmp_path, lambda t: t.replace(
        "\\usepackage{lipsum}\n", "\\usepackage{lipsum}\n\\setkeys{Gin}{width=0.8\\linewidth}\n"
    ).replace(_DRIFT, "\\includegraphics{cifar_feature_drift}"))
    monkeypatch.chdir(tmp_path)
    code, out, err = _run(capsys, "paper", str(paper), "--venue", "icml")
    assert code == 1, out + err
    setkeys = "\\setkeys{Gin}{width=0.8\\linewidth} at main.tex:8"
    assert (f"note: cifar_feature_drift prints at 2.6 in ({setkeys} gives it that width): "
            "built for that width, compiled again") in err, err
    row = " ".join(next(line for line in out.splitlines() if "refused" in line).split())
    assert row.endswith(f"2.6 in is narrower than cifar_feature_drift's smallest width (3 in): "
                        f"{setkeys} gives it that width (it has no size of its own): give the "
                        "include its own width=, or remove the \\setkeys"), row
    assert "a wrapper" not in out + err
    assert err.endswith("error: sync did not finish cleanly (above); not compiled again: main.pdf "
                        "beside main.tex is the first compile's, with cifar_feature_drift built "
                        "for 3.25 in, printed at 2.6 in\n"), err
    assert (paper / "main.pdf").is_file()


@pytest.mark.slow  # sync's probe, builds, latexmk
def test_an_include_sync_does_not_read_is_not_told_to_sync_again(tmp_path, monkeypatch, capsys):
    r"""Round 39 (F18): ``\pgfimage[width=0.8\columnwidth]{figures/cifar_feature_drift}``
    (pgf's own include, which sync does not read) printed our figure at 80 %: `figures paper`
    said "give the include the width it was built for, or sync again to build it for this
    width", and sync again builds nothing for it. Now the line names the \pgfimage at its
    line, that sync reads no include of it, and what works: an \includegraphics (at least the
    figure's smallest width), or the width it was built for."""
    paper = _twocol(tmp_path, lambda t: t)
    monkeypatch.chdir(tmp_path)
    code, out, err = _run(capsys, "sync", str(paper), "--venue", "icml")
    assert code == 0, out + err
    main = paper / "main.tex"
    main.write_text(main.read_text().replace(
        "\\usepackage{lipsum}\n", "\\usepackage{lipsum}\n\\usepackage{tikz}\n").replace(
        _DRIFT, "\\pgfimage[width=0.8\\columnwidth]{figures/cifar_feature_drift}"))
    code, out, err = _run(capsys, "paper", str(paper), "--venue", "icml")
    assert code == 1, out + err
    assert ("problem: cifar_feature_drift (page 2, ./figures/cifar_feature_drift.pdf): printed "
            "at 80% (2.6 in wide), not 100 %: sync reads no include of it (\\pgfimage at "
            "main.tex:34), so it builds nothing for this width: write it "
            "\\includegraphics[width=...] (at least 3 in: its smallest width), which sync "
            "reads, or give it the width it was built for (3.25 in)") in out, out
    assert "sync again" not in out + err
