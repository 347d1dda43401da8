"""Hostile round 48a's row of bare includes scaled together by one ``\\resizebox`` (P38):
drawn for what prints of each, it settles in one round; a sync that does not settle says so
without a false "a write failed"."""

from __future__ import annotations

import re

import pytest
from helpers import REPO

from figures.cli import main as cli
from figures.paper import rounds

ROW = ("\\documentclass{amsart}\n\\usepackage{graphicx}\n\\begin{document}\n"
       "\\title{Audit}\\maketitle\nText.\n\\begin{figure}[htbp]\\centering\n"
       "\\resizebox{\\textwidth}{!}{\\includegraphics{figs/cifar_accuracy}"
       "\\includegraphics{figs/cifar_summary}}\n\\caption{Two.}\\end{figure}\n\\end{document}\n")


def _sync(tmp_path, monkeypatch, capsys, *args: str) -> tuple[int, list[str], object]:
    paper = tmp_path / "paper"
    if not paper.exists():
        (paper / "figs").mkdir(parents=True)
        (paper / "main.tex").write_text(ROW)
    monkeypatch.chdir(tmp_path)
    code = cli.main(["sync", str(paper), "--allow-synthetic", "--figdata",
                     str(REPO / "figdata"), *args])
    said = capsys.readouterr()  # the tables on stdout, then the lines on stderr
    return code, said.out.splitlines() + said.err.splitlines(), paper


@pytest.mark.slow
def test_a_row_of_bare_includes_in_one_resizebox_settles(tmp_path, monkeypatch, capsys):
    r"""Round 48a (P38): ``\resizebox{\textwidth}{!}{\includegraphics{A}\includegraphics{B}}``
    flipped w4.981 / w2.491 every round and every sync (at a factor of 1, the row filling the
    text width, each include was drawn for its whole line again, printing at half), then
    "still move after 4 rounds"; with no build yet, refused as two includes running past
    their line. Now both are drawn for 2.491 in and a second sync writes nothing."""
    code, dry, _ = _sync(tmp_path, monkeypatch, capsys, "-n")
    assert code == 0, dry
    assert not any("still move" in x for x in dry), dry
    assert [m[1] for x in dry if (m := re.search(r"would copy \S*/(w[\d.]+)/", x))][-2:] == \
        ["w2.491", "w2.491"], dry
    code, done, _ = _sync(tmp_path, monkeypatch, capsys)
    assert code == 0, done
    assert not any("still move" in x for x in done), done
    code, again, _ = _sync(tmp_path, monkeypatch, capsys)
    assert code == 0, again
    assert again[-1].startswith("copy 0 figure(s); macros: up to date"), again


@pytest.mark.slow
@pytest.mark.parametrize("args", [("-n",), ()])
def test_includes_that_keep_moving_are_named_and_no_write_failed_is_said(
        tmp_path, monkeypatch, capsys, args):
    """Round 48a (P38): after "the includes still move after 4 rounds", the summary said "a
    write failed: 2 of 2 file(s) written" (0 of 3 in a dry run, which writes nothing), though
    nothing failed. Now the error names the includes that moved, the summary says what was
    (would be) written, rc 1."""
    monkeypatch.setattr(rounds, "saw", lambda *a: False)
    monkeypatch.setattr(rounds, "dry_saw", lambda *a: False)
    monkeypatch.setattr(rounds, "moved", lambda a, b: "main.tex:8 figs/cifar_summary")
    code, err, _ = _sync(tmp_path, monkeypatch, capsys, *args)
    assert code == 1, err
    [error] = [x for x in err if x.startswith("error:")]
    assert "after 4 rounds (main.tex:8 figs/cifar_summary: a box" in error, error
    assert not any("write failed" in x for x in err), err
    assert err[-1].startswith(("would copy 2 figure(s)", "copy 2 figure(s)")), err[-1]
