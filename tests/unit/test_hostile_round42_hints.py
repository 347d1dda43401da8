"""Hostile round 42 (A65): an include whose ``]`` a later command's ``]`` closes."""

from __future__ import annotations

import re

import pytest

_LATE = [
    # the caption's short title closes it (a figure's caption right below the include)
    (("\\begin{figure}\n\\includegraphics[width=\\columnwidth{figs/cifar_feature_drift}\n"
      "\\caption[Drift]{Drift over blocks.}\n\\end{figure}\n"), 2),
    # \lipsum[2] after the float closes it
    ("%\n%\n\\includegraphics[width=\\columnwidth{figs/x}\n\\end{figure}\n\\lipsum[2]\n", 3),
    # the next float's placement
    ("\\includegraphics[width=0.5\\linewidth\n\\end{figure}\n\\begin{figure}[t]\n", 1),
]

_WHOLE = [
    "\\includegraphics[width=\\columnwidth]{x}",
    "\\includegraphics[trim={0 0 0 0},clip,width=0.5\\linewidth]{x}",
    "\\includegraphics[width={0.5\\linewidth}]{x}",
    "\\includegraphics[width=3in,height=2in,keepaspectratio]{x}",
    "\\includegraphics[width=\\dimexpr\\linewidth-2pt\\relax]{x}",
    "\\includegraphics[page=2,angle=90,origin=c]{a/b.pdf}",
    "\\includegraphics[width=.48\\textwidth]{figs/a}\\hfill\\includegraphics[width=.48\\textwidth]{b}",
    "\\includegraphics[viewport=0 0 100 100,clip]{x}\n\\caption[Short]{Long.}",
]


@pytest.mark.parametrize(("text", "line"), _LATE)
def test_an_include_closed_by_a_later_bracket_is_found_at_its_line(text, line):
    r"""Round 42 (A65): ``\includegraphics[width=\columnwidth{figs/x}`` with a
    ``\caption[Drift]`` (or ``\lipsum[2]``, the next ``\begin{figure}[t]``) below: TeX takes
    that ``]`` for the include's, reads on, and stops at a later line in words that name
    neither (``Extra \else``, natbib's ``\makeindex undefined``, ``File `\end ' not
    found``). The include is found at its line: its options hold its file name or the float's
    own commands, which no graphicx key holds."""
    from figures.texhints import unclosed

    assert [(at, missing, late) for at, _, missing, late in unclosed(text)] == [
        (line, "]", True)]


@pytest.mark.parametrize("text", [
    "\\includegraphics[width=\\columnwidth{figs/x}\n%EXTRABODY\n\\end{figure}\n\\lipsum[2]\n",
    "\\includegraphics[width=\\columnwidth{figs/x}\n   % a note\n\\lipsum[2]\n",
])
def test_a_comment_line_ends_no_paragraph(text):
    """Round 43 (A65c (b)): a line holding only a comment between the include and the ``]``
    that closes it is no blank line to TeX (the comment takes its line's end): the include's
    ``[`` is closed late, not "before the paragraph ends" (the comment line, blanked to
    spaces, was read as a paragraph's end)."""
    from figures.texhints import unclosed

    assert [(at, missing, late) for at, _, missing, late in unclosed(text)] == [(1, "]", True)]


def test_a_blank_line_after_a_comment_still_ends_the_paragraph():
    """Round 43 (A65c (b)): a blank line ends the paragraph after a comment as anywhere."""
    from figures.texhints import unclosed

    text = "\\includegraphics[width=\\columnwidth\n% note\n\nmore text]{x}\n"
    assert [(at, missing, late) for at, _, missing, late in unclosed(text)] == [(1, "]", False)]


@pytest.mark.parametrize("text", _WHOLE)
def test_whole_includes_are_not_taken_for_unclosed_ones(text):
    """Round 42 (A65): option lists as papers write them (braced values, lengths of
    ``\\dimexpr``, two includes on a line, a caption's short title after a whole include)."""
    from figures.texhints import unclosed

    assert unclosed(text) == []


def test_the_compile_error_of_a_late_closed_include_names_the_include(tmp_path):
    r"""Round 42 (A65): `figures paper`, `pack` and sync's compile said only ``main.tex:22:
    Extra \else``; the line now names the include at its line and what to add, then what TeX
    said."""
    from figures.texhints import explained

    main = tmp_path / "main.tex"
    main.write_text(_LATE[0][0], encoding="utf-8")
    said = explained("main.tex:4: Extra \\else", tmp_path / "main.log", main)
    assert said == ("main.tex:2: \\includegraphics[width=\\columnwidth{figs/cifar_feature_drift}: "
                    "its [ is not closed before its file name (a later ] closes it): add the ] "
                    "(TeX stopped further on: main.tex:4: Extra \\else)"), said


@pytest.mark.slow  # sync's probe compiles the paper
def test_sync_names_the_include_a_later_bracket_closed(tmp_path, monkeypatch):
    r"""Round 42 (A65): sync of a paper whose include lost its ``]`` (a ``\caption[Drift]``
    below closes it) stopped with "pdflatex stopped before the end of the paper (main.tex:36:
    ...)", TeX's words at a later line; it now names the include at its line first."""
    import shutil

    from helpers import REPO, figures_in_process

    paper = tmp_path / "paper"
    shutil.copytree(REPO / "tests" / "papers" / "twocol", paper)
    main = paper / "main.tex"
    text = main.read_text(encoding="utf-8")
    old = ("\\includegraphics[width=\\columnwidth]{cifar_feature_drift}\n"
           "  \\caption{The feature drift (a column).}")
    assert old in text
    main.write_text(text.replace(old, "\\includegraphics[width=\\columnwidth{cifar_feature_drift}"
                                 "\n  \\caption[Drift]{The feature drift (a column).}"),
                    encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = figures_in_process("sync", str(paper), "--venue", "icml",
                                        "--allow-synthetic", "--figdata", str(REPO / "figdata"))
    assert code == 1, out + err
    assert ("pdflatex stopped before the end of the paper (main.tex:33: \\includegraphics[width="
            "\\columnwidth{cifar_feature_drift}: its [ is not closed before its file name (a later "
            "] closes it): add the ] (TeX stopped further on: ") in err, err
    assert err.strip().endswith("mend it so it compiles, then sync again"), err


def test_tex_live_files_in_the_words_after_an_unclosed_include_are_named_short(tmp_path):
    r"""Round 43 (A65c (b)): TeX stopped in natbib.sty, named by its TeX Live path; the line
    ran past 400 characters and its end, what to do, was cut ("mend …"). A TeX Live file is
    named by its own name; the paper's files as TeX named them."""
    from figures.texhints import explained

    main = tmp_path / "main.tex"
    main.write_text(_LATE[1][0], encoding="utf-8")
    said = explained("/usr/share/texlive/texmf-dist/tex/latex/natbib/natbib.sty:795: LaTeX "
                     "Error: Command \\makeindex undefined", tmp_path / "main.log", main)
    assert said.endswith("(TeX stopped further on: natbib.sty:795: LaTeX Error: Command "
                         "\\makeindex undefined)"), said
    said = explained("/tmp/paper/sec/intro.tex:5: Extra \\else", tmp_path / "main.log", main)
    assert said.endswith("(TeX stopped further on: /tmp/paper/sec/intro.tex:5: Extra \\else)")


@pytest.mark.slow  # sync's probe compiles the paper
def test_an_include_of_no_file_one_slip_from_our_name_is_refused(tmp_path, monkeypatch):
    r"""Round 42 (A51): ``\includegraphics[width=\columnwidth]{cifar_feature_drfit}``, no
    such file: sync said "not ours (left as they are)", exit 0, and the paper it had synced
    then did not compile ("File `cifar_feature_drfit' not found", no line). Now the row is
    refused naming ours and the include to write at its line; nothing is written."""
    import shutil

    from helpers import REPO, figures_in_process

    paper = tmp_path / "paper"
    shutil.copytree(REPO / "tests" / "papers" / "twocol", paper)
    main = paper / "main.tex"
    main.write_text(main.read_text(encoding="utf-8").replace(
        "{cifar_feature_drift}", "{cifar_feature_drfit}"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = figures_in_process("sync", str(paper), "--venue", "icml",
                                        "--allow-synthetic", "--figdata", str(REPO / "figdata"))
    assert code == 1, out + err
    row = " ".join(next(line for line in out.splitlines() if "drfit" in line).split())
    assert row == ("cifar_feature_drift main.tex:33 refused: no file cifar_feature_drfit here, "
                   "and cifar_feature_drift is ours: write {cifar_feature_drift} at main.tex:33 "
                   "(sync then copies it), or add the file if it is yours"), row
    assert not (paper / "figures").exists()
    # Round 43 (A51c): "0 figure(s) to copy once the refused rows are mended" was untrue
    # (mended, the sync copied the refused row's figure): the count is of the others
    assert re.search(r"nothing written \(1 refused: all or nothing; \d+ other figure\(s\) "
                     r"ready to copy, beside the refused rows\)", out + err), out + err
