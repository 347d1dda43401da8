"""Round 49 (from round 49a P33): a paper that inputs pdflatex's own command line."""

from __future__ import annotations

import pytest
from helpers import on_paper, paper_folder

CMDLINE = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nHi.\n"
           "\\includegraphics[width=0.5\\linewidth]{figures/cifar_summary}\n"
           "\\input{/proc/self/cmdline}\n\\end{document}\n")


@pytest.mark.slow
def test_an_input_of_the_command_line_stops_at_once_saying_why(tmp_path, monkeypatch, capsys):
    r"""Round 49a (P33): ``\input{/proc/self/cmdline}`` read the probe's command line back,
    which loads the probe and main.tex again, and again, until the 300 s timeout, then
    asked "does the paper compile by hand?" (it does, in a second). The probe, read again,
    stops the compile with one line naming the file and what to do."""
    from figures import runner

    monkeypatch.setattr(runner, "TIMEOUT_S", 100)  # a loop would end as a timeout's line
    paper = paper_folder(tmp_path, monkeypatch, CMDLINE)
    code, _, err = on_paper(paper, capsys, "sync", "-n")
    assert code == 1, err
    [line] = [x for x in err.splitlines() if x.startswith("error:")]
    assert "the paper reads pdflatex's own command line (/proc/self/cmdline), which loads " \
        "the paper again: remove that \\input" in line, line
    assert "probe.tex" not in line, line


OPENIN = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
          "\\openin5=/dev/tty \\ifeof5 closed\\else\\read5 to \\x \\fi\nHi.\n"
          "\\includegraphics[width=0.5\\linewidth]{figures/cifar_summary}\n\\end{document}\n")


@pytest.mark.slow
def test_a_device_opened_by_openin_is_named_as_written_at_its_line(tmp_path, monkeypatch,
                                                                   capsys):
    r"""Round 49a (P8): ``\openin5=/dev/tty`` at main.tex:4 was told as "main.tex:
    \input{/dev/tty}: ... remove its \input", a command the paper does not hold, at no line."""
    paper = paper_folder(tmp_path, monkeypatch, OPENIN)
    code, _, err = on_paper(paper, capsys, "sync", "-n")
    assert code == 1, err
    [line] = [x for x in err.splitlines() if x.startswith("error:")]
    assert "(main.tex:4: \\openin5=/dev/tty: a device, not a file of the paper (by hand TeX " \
        "waits there for what is typed): remove its \\openin)" in line, line


@pytest.mark.slow
def test_a_file_outside_read_through_a_variable_is_refused_at_its_line(tmp_path, monkeypatch,
                                                                       capsys):
    r"""Round 49a (P22): ``\input{$SECRETS/secret}`` (kpathsea expands the variable) was
    refused at "main.tex:" with no line: the line was found by the name as written only."""
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.tex").write_text("SECRET-TOKEN\n")
    monkeypatch.setenv("R49SECRETS", str(tmp_path / "outside"))
    paper = paper_folder(tmp_path, monkeypatch, OPENIN.replace(
        "\\openin5=/dev/tty \\ifeof5 closed\\else\\read5 to \\x \\fi\n",
        "\\input{$R49SECRETS/secret}\n"))
    code, _, err = on_paper(paper, capsys, "paper")
    assert code == 1, err
    [line] = [x for x in err.splitlines() if x.startswith("error:")]
    assert line.startswith(f"error: {paper / 'main.tex'}:4: reads "), line
    assert not (paper / "main.pdf").exists()
