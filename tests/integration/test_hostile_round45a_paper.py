"""Hostile round 45a, the paper path: an include TeX only measures (``\\sbox``,
``\\settowidth``, ``\\setbox``) is no print (P21); on a first sync, the file that really
stopped TeX is told, not the image sync is about to write (P26)."""

from __future__ import annotations

import pytest
from helpers import REPO

from figures import texlog
from figures.cli import main as cli


def _sync(tmp_path, monkeypatch, capsys, body: str, files: dict[str, str] | None = None,
          *extra: str) -> tuple[int, str, str]:
    paper = tmp_path / "paper"
    (paper / "figures").mkdir(parents=True)
    (paper / "main.tex").write_text("\\documentclass{article}\n\\usepackage{graphicx}\n"
                                    f"\\begin{{document}}\n{body}\\end{{document}}\n")
    for name, text in (files or {}).items():
        (paper / name).parent.mkdir(parents=True, exist_ok=True)
        (paper / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    code = cli.main(["sync", str(paper), "--allow-synthetic", "--figdata",
                     str(REPO / "figdata"), *extra])
    said = capsys.readouterr()
    return code, said.out, said.err


@pytest.mark.slow
def test_an_include_only_measured_is_no_print(tmp_path, monkeypatch, capsys):
    r"""Round 45a (P21): ``\sbox0{\includegraphics{...}}`` (its natural width, the idiom for
    equal heights), a ``\settowidth`` and a ``\setbox`` of an include inside a float: boxes
    TeX never ships, so no print; each file has one row, at the size it is printed, not a
    refusal "include this one file at two sizes" (the paper could never be synced)."""
    code, out, err = _sync(tmp_path, monkeypatch, capsys, (
        "\\sbox0{\\includegraphics{figures/cifar_summary}}%\n"
        "\\newlength\\w\\settowidth{\\w}{\\includegraphics{figures/cifar_accuracy}}%\n"
        "\\begin{figure}\\centering\n"
        "\\includegraphics[width=\\linewidth]{figures/cifar_summary}\n"
        "\\caption{S.}\\end{figure}\n"
        "\\begin{figure}\\centering\n"
        "\\setbox2=\\hbox{\\includegraphics{figures/cifar_accuracy}}%\n"
        "\\includegraphics[width=0.5\\linewidth]{figures/cifar_accuracy}\n"
        "\\caption{A.}\\end{figure}\n"), None, "--dry-run")
    assert code == 0, out + err
    assert "two sizes" not in out + err
    rows = [line for line in out.splitlines() if line.startswith("cifar_")]
    assert len(rows) == 2, out
    summary, accuracy = sorted(rows, key=lambda r: not r.startswith("cifar_summary"))
    assert "/w4.774/" in summary, out
    assert "/w2.387/" in accuracy, out


@pytest.mark.slow
def test_a_first_sync_tells_the_file_that_stopped_tex(tmp_path, monkeypatch, capsys):
    r"""Round 45a (P26): a generated one-line table (258,919 bytes, over TeX's 200,000
    buffer) ``\input`` after a figure sync has not written yet: the line names the table
    and TeX's buffer, never the image (``File `cifar_summary' not found``), which TeX goes on
    after and sync is about to write."""
    code, _, err = _sync(tmp_path, monkeypatch, capsys, (
        "\\begin{figure}\\centering\n\\includegraphics[width=\\linewidth]{cifar_summary}\n"
        "\\caption{S.}\\end{figure}\n\\input{sec/table}\n"),
        {"sec/table.tex": "1 & 2 \\\\ " * 25_892 + "\n"})
    assert code == 1
    [line] = [x for x in err.splitlines() if x.startswith("error:")]
    assert "not found" not in line, line
    assert "Unable to read an entire line" in line, line
    assert "sec/table.tex" in line, line


def test_first_error_puts_the_fatal_line_before_a_missing_image(tmp_path):
    """Round 45a (P26): :func:`figures.texlog.first_error` of a log whose first error is an
    image not there yet, the terminal saying a line over TeX's buffer stopped it: the buffer's."""
    log = tmp_path / "main.log"
    log.write_text("./main.tex:5: LaTeX Error: File `cifar_summary' not found.\n")
    said = texlog.first_error(log, "(./sec/table.tex! Unable to read an entire line---"
                                   "bufsize=200000.\n")
    assert said.startswith("sec/table.tex: Unable to read an entire line---bufsize=200000"), said
