"""Hostile round 50a's rows on the paper path (sync, `figures paper`), each mended with a
test; the pass itself, row by row, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import ICML_PREAMBLE, on_paper, paper_folder

TURNED = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nText.\n"
          "\\begin{figure}[p]\\centering\n\\includegraphics[%s]{figures/fig1_audit_hero}\n"
          "\\caption{Turned.}\n\\end{figure}\n\\end{document}\n")


@pytest.mark.slow  # the probe compiles the paper
@pytest.mark.parametrize(("options", "code", "said"), [
    ("width=0.7\\textheight,angle=90", 0,
     "would copy build/tex10pt-4.774x4.774x7.61in-widest7.61in/w5.327/fig1_audit_hero"),
    ("width=0.7\\textheight,origin=c,angle=-90", 0,
     "would copy build/tex10pt-4.774x4.774x7.61in-widest7.61in/w5.327/fig1_audit_hero"),
    ("width=1.1\\textheight,angle=90", 1,
     ("refused: 8.371 in is 0.76 in (55 pt) longer than the text's height (7.61 in), which a "
     "figure turned by angle=90 runs along: it would run off the page; write "
     "\\includegraphics[width=\\textheight,angle=90]{figures/fig1_audit_hero} at main.tex:6")),
    ("angle=90,width=0.7\\textheight", 1,
     ("refused: the paper prints it turned before it is sized (angle=90 before width=: "
     "graphicx then sizes what the turn makes of it), so no build of it prints at 100 %: "
     "write \\includegraphics[width=0.7\\textheight,angle=90]{figures/fig1_audit_hero} at "
     "main.tex:6"))])
def test_a_figure_turned_by_its_own_angle_key_is_judged_down_the_page(
        tmp_path, monkeypatch, capsys, options, code, said):
    r"""Round 50a (P2): ``\includegraphics[width=0.8\textheight,angle=90]`` (graphicx's own
    landscape key: scaled to the width, then turned) was refused as "rotated, so no build of
    it prints at 100 %", untrue (a quarter turn scales nothing), with advice that dropped the
    turn and led into a second refusal. Judged as P20's ``\rotatebox{90}`` is: its width down
    the page, against the text's height, the turn kept in any advice; ``angle=`` written
    before ``width=`` (graphicx turns it, then sizes the turned box) is refused with the
    order that sizes the build itself."""
    paper = paper_folder(tmp_path, monkeypatch, TURNED % options)
    got, out, err = on_paper(paper, capsys, "sync", "-n")
    assert said in out + err, out + err
    assert got == code, err
    assert "wider than its line" not in out + err


@pytest.mark.slow  # the probe compiles the paper, each round
def test_a_row_with_fixed_gaps_in_one_resizebox_settles_in_one_more_round(tmp_path, monkeypatch,
                                                                         capsys):
    r"""Round 50a (P13): ``\resizebox{\textwidth}{!}{\includegraphics{A}\quad
    \includegraphics{B}\quad\includegraphics{C}}``, the gaps an author puts there, made each
    round a step towards the widths that fill the line with the gaps (4.8, 0.06, 0.002 in),
    and sync gave up after 4 rounds, exit 1, "a box that depends on the image's own size?":
    the row's widths are now solved from one probe (the gaps are what the wrapper scales less
    the includes), so the second round copies the builds that print at factor 1, and a
    second sync writes nothing."""
    paper = paper_folder(tmp_path, monkeypatch, ICML_PREAMBLE + (
        "\\begin{figure*}\\centering\n\\resizebox{\\textwidth}{!}{\\includegraphics"
        "{figures/cifar_summary}\\hspace{0.75in}\\includegraphics{figures/cifar_accuracy}}\n"
        "\\caption{A row.}\n\\end{figure*}\n\\lipsum[1-3]\n\\end{document}\n"))
    code, out, err = on_paper(paper, capsys, "sync", "-n")  # what it records, the sync's too
    assert code == 0, err
    assert "/w3/cifar_summary.pdf" in out, out
    code, out, err = on_paper(paper, capsys, "sync")
    assert code == 0, err
    assert "still move" not in err, err
    assert "/w3/cifar_summary.pdf" in out, out
    assert "/w3/cifar_accuracy.pdf" in out, out
    assert "figures/cifar_summary.pdf in rounds 1, 2;" in err + out, err + out
    code, out, err = on_paper(paper, capsys, "sync")
    assert code == 0, err
    assert "copy 0 figure(s)" in err + out, err + out


@pytest.mark.slow  # the probe compiles the paper
def test_a_saved_box_printed_whole_and_through_resizebox_is_refused(tmp_path, monkeypatch,
                                                                    capsys):
    r"""Round 50a (P15): ``\sbox{\figbox}{\includegraphics[width=0.6\textwidth]{...}}``
    printed by ``\usebox{\figbox}`` in one figure and by
    ``\resizebox{0.4\textwidth}{!}{\usebox{\figbox}}`` in another: one include printed at
    two widths (2.864 and 1.91 in) was taken as one print at 1.91 in, sync "up to date", and
    `figures paper` built for each width in turn, ending in advice that looped. Refused, as
    round 49a P29b's ``\scalebox`` is, naming the wrapper, both widths and the way out;
    nothing written."""
    paper = paper_folder(tmp_path, monkeypatch, (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\newsavebox{\\figbox}\n"
        "\\begin{document}\n"
        "\\sbox{\\figbox}{\\includegraphics[width=0.6\\textwidth]{figures/cifar_summary}}\n"
        "Text.\n\\begin{figure}[h]\\centering\n\\usebox{\\figbox}\n\\caption{Full.}\n"
        "\\end{figure}\n\\begin{figure}[h]\\centering\n"
        "\\resizebox{0.4\\textwidth}{!}{\\usebox{\\figbox}}\n\\caption{Thumbnail.}\n"
        "\\end{figure}\n\\end{document}\n"))
    for args in (("sync", "-n"), ("sync",)):
        code, out, err = on_paper(paper, capsys, *args)
        assert code == 1, err
        [row] = [line for line in out.splitlines() if line.startswith("cifar_summary")]
        assert "main.tex:5" in row, row
        assert ("refused: \\resizebox at main.tex:12 scales it there (the box it is saved in "
                "prints again): one include printed at 1.91 in and 2.864 in, which no one "
                "build prints at 100 %: give that copy an \\includegraphics of its own, or "
                "print the box unscaled") in row, row
        assert not any((paper / "figures").iterdir())


@pytest.mark.slow  # the probe compiles the paper
def test_a_paper_folder_whose_name_holds_a_line_break_is_said_so(tmp_path, monkeypatch,
                                                                 capsys):
    r"""Round 50a (P11): a paper folder named ``nl<newline>folder``: sync warned its own
    main.tex "file not found" (a path cut at the line break) and `figures paper` refused the
    paper as reading ``.../nl/main.tex`` "outside the paper's folder", a file it never named,
    with advice that cannot be followed: TeX's recorder (the ``.fls``, one file a line)
    cannot spell such a name. Now one line says so, naming the folder, and what to do;
    nothing written."""
    paper = paper_folder(tmp_path, monkeypatch, (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nHi.\n"
        "\\includegraphics[width=0.5\\linewidth]{figures/cifar_summary}\n\\end{document}\n"))
    odd = paper.rename(tmp_path / "nl\nfolder")
    for args in (("sync", "-n"), ("sync",), ("paper",)):
        code, _, err = on_paper(odd, capsys, *args)
        assert code == 1, err
        [line] = [x for x in err.splitlines() if x.startswith("error:")]
        assert line == (
            f"error: {tmp_path}/nl\\x0afolder: holds a line break, which TeX's recorder (the "
            ".fls list of the files a compile reads, one a line) cannot spell, so what the "
            "compile read cannot be checked: rename it without the line break"), line
        assert "outside" not in err, err
        assert "file not found" not in err, err
        assert not any((odd / "figures").iterdir())
        assert not (odd / "main.pdf").exists()


@pytest.mark.slow
def test_a_bibliography_style_named_relatively_outside_is_refused_naming_it(tmp_path,
                                                                           monkeypatch, capsys):
    r"""Round 50a (P4): ``\bibliographystyle{../lab/evilplain}`` (a lab's shared style named
    relatively, the file there) was told "did not compile: I couldn't open style file
    ../lab/evilplain.bst (see main.log)": bibtex's own refusal (paranoid reading), told as the
    paper's fault, naming no line and no way out, pointing at a log without the cause, and
    main.pdf left. Refused as round 49a P23's absolute name is: at its line, naming the
    ``.bst``, the way out, no PDF."""
    from figures import runner

    lab = tmp_path / "lab"
    lab.mkdir()
    plain = runner.run(["kpsewhich", "plain.bst"], tmp_path).stdout.strip()
    (lab / "evilplain.bst").write_bytes(Path(plain).read_bytes())
    paper = paper_folder(tmp_path, monkeypatch, (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nHi.\n"
        "\\includegraphics[width=0.7\\linewidth]{figures/cifar_summary}\n\\nocite{*}\n"
        "\\bibliographystyle{../lab/evilplain}\n\\bibliography{refs}\n\\end{document}\n"),
        {"refs.bib": "@misc{k, title={Inside}, author={A. Author}, year={2020}}\n"})
    code, _, err = on_paper(paper, capsys, "paper")
    assert code == 1, err
    [line] = [x for x in err.splitlines() if x.startswith("error:")]
    assert line.startswith(f"error: {paper / 'main.tex'}:7: reads {lab / 'evilplain.bst'}, "
                           "outside the paper's folder"), line
    assert "copy it into the folder and name it from there; main.pdf not written" in line, line
    assert not (paper / "main.pdf").exists()
    (paper / "main.tex").write_text((paper / "main.tex").read_text().replace(
        "../lab/evilplain", "../lab/absent"))  # no such file: bibtex's words are true
    code, _, err = on_paper(paper, capsys, "paper")
    assert code == 1, err
    assert "I couldn't open style file ../lab/absent.bst" in err, err
    assert "outside the paper's folder" not in err, err


ACS = ("\\documentclass[journal=jacsat,manuscript=article]{achemso}\n\\usepackage{graphicx}\n"
       "\\author{A. Author}\n\\affiliation{Somewhere}\n\\email{a@b.c}\n\\title{T}\n"
       "\\begin{document}\nBody text.\n\\begin{tocentry}\n"
       "\\includegraphics[%s]{figures/%s}\n\\end{tocentry}\n\\end{document}\n")


@pytest.mark.slow  # the probe compiles the paper (achemso)
def test_a_figure_in_achemso_s_toc_graphic_is_held_to_its_height(tmp_path, monkeypatch,
                                                                 capsys):
    r"""Round 50a (P16): achemso's TOC graphic, ``\begin{tocentry}\includegraphics[width=
    \linewidth]{...}\end{tocentry}``, is a framed ``\vbox to 1.75in``: a figure built for the
    width alone ran out of it, the frame's rule across its tick labels, "100 %", `0
    problem(s)`. The box's height is read: a design taller than it is refused with the box of
    both sides that fits (then built), one that fits at no size says so (no advice that a
    later sync refuses again)."""
    paper = paper_folder(tmp_path, monkeypatch, ACS % ("width=\\linewidth", "cifar_summary"))
    code, out, _ = on_paper(paper, capsys, "sync", "-n")
    assert code == 1, out
    assert ("main.tex:10 refused: it prints in achemso's TOC graphic, a box 1.75 in tall "
            "(framed: what is taller runs out of it, the frame's rule across it); its design "
            "at 3.25 in is ") in " ".join(out.split()), out
    assert ("write \\includegraphics[width=\\linewidth,height=1.75in]{figures/cifar_summary} "
            "at main.tex:10") in out, out
    (paper / "main.tex").write_text(ACS % ("width=\\linewidth,height=1.75in", "cifar_summary"))
    code, out, err = on_paper(paper, capsys, "sync", "-n")
    assert code == 0, err
    assert "/w3.25x1.75/cifar_summary.pdf" in out, out
    (paper / "main.tex").write_text(ACS % ("width=\\linewidth,height=1.7in",
                                           "figure_snapshot_vit"))
    code, out, _ = on_paper(paper, capsys, "sync", "-n")
    assert code == 1, out
    assert "figure_snapshot_vit's smallest height at 3.25 in is 2.353 in: it fits that box at " \
        "no size; make a figure for it (3.25 by 1.75 in), or leave it out (main.tex:10)" in out
