"""Round 52h's pass over the paper path (P4, P6 of its report): each mended row with a
test that failed before its mend."""

from __future__ import annotations

import pytest
from helpers import REPO

from figures.cli import main as cli

FIGDATA = ["--figdata", str(REPO / "figdata")]


@pytest.mark.slow  # TeX's probe
def test_an_input_whose_name_holds_a_dot_is_named_by_the_file_tex_read(tmp_path, monkeypatch,
                                                                         capsys):
    r"""P4: ``\input{sec/v1.2}`` reads ``sec/v1.2.tex`` (TeX tries the name with ``.tex``
    first); a row of an include there named ``sec/v1.2:1`` and its edit "at v1.2:1", a file
    that is not there (``sec/v12``'s row names ``sec/v12.tex:1``)."""
    monkeypatch.chdir(tmp_path)
    paper = tmp_path / "P"
    (paper / "sec").mkdir(parents=True)
    (paper / "main.tex").write_text("\\documentclass{article}\n\\usepackage{graphicx}\n"
                                    "\\begin{document}\nText.\n\\input{sec/v1.2}\n"
                                    "\\end{document}\n")
    (paper / "sec" / "v1.2.tex").write_text(
        "\\includegraphics[width=0.5\\linewidth]{figs/fig4_penalty_rescue}\n")
    assert cli.main(["sync", "P", "-n", *FIGDATA, "--allow-synthetic"]) == 1
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("fig4_penalty_rescue"))
    assert " sec/v1.2.tex:1 " in row, row
    assert row.endswith(" at v1.2.tex:1"), row


def _subfile_paper(root):
    (root / "P" / "chapters").mkdir(parents=True)
    (root / "P" / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\usepackage{subfiles}\n"
        "\\begin{document}\nMain.\n\\subfile{chapters/ch1}\n\\end{document}\n")
    (root / "P" / "chapters" / "ch1.tex").write_text(
        "\\documentclass[../main.tex]{subfiles}\n\\begin{document}\nChapter.\n"
        "\\includegraphics[width=0.5\\linewidth]{figs/cifar_summary}\n\\end{document}\n")


@pytest.mark.slow  # latexmk compiles the paper
@pytest.mark.parametrize("command", ["paper", "pack"])
def test_a_subfiles_chapter_given_alone_is_told_to_give_its_main_files_folder(
        tmp_path, monkeypatch, capsys, command):
    r"""P7: ``figures paper P/chapters`` (or ``pack``) on a chapter of the subfiles package
    (``\documentclass[../main.tex]{subfiles}``) was told to copy ``../main.tex`` into the
    chapter's folder ("move that file into it"): followed, the paper's preamble is kept
    twice; the way out is the main file's folder."""
    monkeypatch.chdir(tmp_path)
    _subfile_paper(tmp_path)
    argv = [command, "P/chapters", *FIGDATA, "--allow-synthetic"]
    assert cli.main(argv + (["--out", "c.tar.gz"] if command == "pack" else [])) == 1
    err = capsys.readouterr().err
    assert "ch1.tex is a subfile of ../main.tex (\\documentclass[../main.tex]{subfiles}), " \
        f"whose preamble it reads: run `figures {command} P` on its main file's folder" in err, err
    assert "move that file" not in err
    assert "copy it into the folder" not in err


@pytest.mark.slow  # TeX's probe
def test_a_row_refused_for_a_graphicspath_slip_is_not_counted_as_another_ready(
        tmp_path, monkeypatch, capsys):
    r"""P6: ``\graphicspath{figs/}`` (no inner braces) and one include of ours: its row is
    refused, and the summary said "nothing written (1 refused: all or nothing; 1 other
    figure(s) ready to copy, beside the refused rows)": there is no other."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "P" / "figs").mkdir(parents=True)
    (tmp_path / "P" / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\graphicspath{figs/}\n"
        "\\begin{document}\n\\includegraphics[width=0.6\\linewidth]{cifar_summary}\n"
        "\\end{document}\n")
    assert cli.main(["sync", "P", "-n", *FIGDATA, "--allow-synthetic"]) == 1
    out = "".join(capsys.readouterr())  # the summary goes to standard error
    assert "has no inner braces" in out, out
    assert "(1 refused: all or nothing; 0 other figure(s) ready to copy" in out, out


def test_a_source_saved_as_windows_1252_is_told_to_be_saved_as_utf8(tmp_path):
    r"""P12: ``\input{sec/intro}`` of a file saved by a Windows editor (cp1252 quotes ``\x93
    \x94``): `figures paper` said "sec/intro.tex:1: did not compile: LaTeX Error: Invalid
    UTF-8 byte "93." and nothing of what to do."""
    from figures.texhints import explained

    (tmp_path / "main.tex").write_text("\\documentclass{article}\n")
    said = explained('LaTeX Error: Invalid UTF-8 byte "93.', tmp_path / "main.log",
                     tmp_path / "main.tex")
    assert said.startswith('LaTeX Error: Invalid UTF-8 byte "93: '), said
    assert said.endswith("save the file as UTF-8 (or declare its encoding: "
                         "\\usepackage[cp1252]{inputenc})"), said


def test_a_macro_of_ours_also_defined_by_hand_names_the_authors_line(tmp_path):
    r"""P13: ``\newcommand{\heroAccBP}{0.91}`` typed in main.tex before ``\input{macros}``
    (the number once quoted by hand): `figures paper` said "macros.tex:23: did not compile:
    LaTeX Error: Command \heroAccBP already defined.", naming the file sync writes ("do not
    edit by hand") and not the author's line to remove."""
    from figures.texhints import explained

    (tmp_path / "main.tex").write_text(
        "\\documentclass{article}\n\\newcommand{\\heroAccBP}{0.91}\n\\input{macros}\n")
    (tmp_path / "macros.tex").write_text(
        "% Generated by `figures macros` from figdata/: do not edit by hand (digest 0).\n"
        "\\newcommand{\\heroAccBP}{61.5\\%\\xspace}\n")
    (tmp_path / "main.log").write_text("(./main.tex (./macros.tex\n")
    said = explained("LaTeX Error: Command \\heroAccBP already defined.", tmp_path / "main.log",
                     tmp_path / "main.tex")
    assert said == ("LaTeX Error: Command \\heroAccBP already defined: by hand at main.tex:2 "
                    "(\\newcommand{\\heroAccBP}) as well as in macros.tex, which sync writes "
                    "from figdata: remove it at main.tex:2 (the macro then prints figdata's "
                    "value)"), said
