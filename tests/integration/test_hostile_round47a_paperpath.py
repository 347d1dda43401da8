"""Hostile round 47a's paper-path rows: a main file cut short is told as such, not blamed on
the file TeX read last (P13)."""

from __future__ import annotations

import pytest
from helpers import on_paper, paper_folder

CUT = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nHi.\n"
       "\\begin{figure}\\includegraphics[width=\\linewidth]{figures/cifar_summary}"
       "\\end{figure}\nMore text but the file was cut here\n")


@pytest.mark.slow
@pytest.mark.parametrize("args", [("sync", "-n"), ("sync",), ("paper",)])
def test_a_main_file_cut_short_is_told_no_end_document(tmp_path, monkeypatch, capsys, args):
    r"""Round 47a (P13): a main file with no ``\end{document}`` (a save cut short), the
    figure not there yet: one line saying so and to end main.tex with it, in ``sync -n``,
    ``sync`` and ``paper`` alike; never "reading" a TeX Live file or sync's placeholder in
    its own vanished temporary folder; nothing written."""
    paper = paper_folder(tmp_path, monkeypatch, CUT)
    code, _, err = on_paper(paper, capsys, *args)
    assert code == 1
    [line] = [x for x in err.splitlines() if x.startswith("error:")]
    assert f"{paper / 'main.tex'}:" in line, line
    assert "no \\end{document}" in line, line
    assert "end main.tex with \\end{document}" in line, line
    for wrong in ("reading", "figures-tex-", "texmf"):
        assert wrong not in line, line
    assert not list((paper / "figures").iterdir())


@pytest.mark.slow
def test_an_error_at_the_end_of_input_names_no_file_read_last(tmp_path, monkeypatch, capsys):
    r"""Round 47a (P13): an unclosed ``verbatim`` runs to the end of every file: TeX's own
    words ("File ended while scanning use of \@xverbatim"), not a font metric the recorder
    lists last, and no "no \end{document}" (main.tex has one)."""
    paper = paper_folder(tmp_path, monkeypatch, "\\documentclass{article}\n\\begin{document}\n"
                   "Hi.\n\\begin{verbatim}\nx\n\\end{document}\n")
    code, _, err = on_paper(paper, capsys, "paper")
    assert code == 1
    [line] = [x for x in err.splitlines() if x.startswith("error:")]
    assert "File ended while scanning use of \\@xverbatim" in line, line
    for wrong in ("reading", ".tfm", "no \\end{document}:"):
        assert wrong not in line, line
    assert "mend it so it compiles" in line, line


MEASURED = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\newlength{\\wa}\n"
            "\\begin{document}\nEqual heights, printed by width.\n"
            "\\settowidth{\\wa}{\\includegraphics[height=1.6in]{figures/cifar_summary}}\n"
            "\\begin{figure}[h]\\centering\n\\includegraphics[width=\\wa]{figures/cifar_summary}\n"
            "\\caption{W.}\\end{figure}\n\\end{document}\n")


@pytest.mark.slow
def test_a_dry_run_measures_a_width_from_the_image_as_sync_does(tmp_path, monkeypatch, capsys):
    r"""Round 47a (P27): ``\settowidth{\wa}{\includegraphics[height=1.6in]{...}}`` then
    ``width=\wa`` (equal heights printed by width), first sync with a build here: ``sync -n``
    refused "width=\wa prints it 0 in wide" (its probe had no stand-in image, sync's had)
    where sync copied a build; now the dry run's probe is offered the same files, and it
    says what sync then does, row for row."""
    other = paper_folder(tmp_path / "other", monkeypatch, CUT.replace("More text but the file was "
                                                                "cut here\n", "\\end{document}\n"))
    monkeypatch.chdir(tmp_path)  # one build folder for both papers
    code, _, err = on_paper(other, capsys, "sync")
    assert code == 0, err
    paper = paper_folder(tmp_path / "measured", monkeypatch, MEASURED)
    monkeypatch.chdir(tmp_path)
    code, dry, err = on_paper(paper, capsys, "sync", "-n")
    assert code == 0, err
    assert "refused" not in dry, dry
    code, done, err = on_paper(paper, capsys, "sync")
    assert code == 0, err

    def last(out: str) -> tuple[str, str]:
        rows = [x.replace("would ", "") for x in out.splitlines() if "copy build/" in x]
        return rows[-1], out.splitlines()[-1].replace("would ", "")

    assert last(dry) == last(done), (dry, done)


@pytest.mark.slow
@pytest.mark.parametrize("args", [("sync", "-n"), ("sync",)])
def test_an_input_of_dev_stdin_is_warned_at_its_line(tmp_path, monkeypatch, capsys, args):
    r"""Round 47a (P29): ``\input{/dev/stdin}`` after a figure of ours: TeX's input is
    /dev/null here, so the compile read nothing and passed without a word, where by hand
    (``pdflatex main`` in a terminal) it waits for typed input; a FIFO and /dev/zero are
    told. Now one warning at main.tex:6 saying what to do; the sync goes on."""
    paper = paper_folder(tmp_path, monkeypatch, CUT.replace(
        "More text but the file was cut here\n", "\\input{/dev/stdin}\n\\end{document}\n"))
    code, _, err = on_paper(paper, capsys, *args)
    assert code == 0, err
    [line] = [x for x in err.splitlines() if "dev/stdin" in x]
    assert line.startswith("warning: main.tex:6: \\input{/dev/stdin}: a device"), line
    assert "remove its \\input" in line, line
