"""Hostile round 48a's reads from outside the paper's folder (P20): what `figures paper`
compiles prints no file of the user's (the environment, a file one level up) without one
line refusing it."""

from __future__ import annotations

import pytest
from helpers import on_paper, paper_folder

HEAD = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nHi.\n"
        "\\begin{figure}\\includegraphics[width=0.7\\linewidth]{figures/cifar_summary}"
        "\\end{figure}\n")
ENVIRON = ("\\begingroup\\catcode`\\_=12 \\catcode`\\$=12 \\catcode`\\^^@=10 \\ttfamily"
           "\\input{/proc/self/environ}\\endgroup\n")


def _paper(tmp_path, monkeypatch, body: str):
    return paper_folder(tmp_path, monkeypatch, HEAD + body + "\\end{document}\n")


@pytest.mark.slow
def test_the_environment_typeset_from_proc_is_refused_at_its_line(tmp_path, monkeypatch,
                                                                  capsys):
    r"""Round 48a (P20): ``\input{/proc/self/environ}`` typeset the environment of the
    ``figures`` process (HOME, PATH, any token the shell exports) into the main.pdf that
    ``figures paper`` left beside the paper, exit 0, with a warning that it was "a device
    ... (not read)". Now sync warns truly (a file of the system, read), and `figures paper`
    refuses in one line at main.tex:6, leaving no PDF."""
    paper = _paper(tmp_path, monkeypatch, ENVIRON)
    code, _, err = on_paper(paper, capsys, "sync", "-n")
    [line] = [x for x in err.splitlines() if "environ" in x]
    assert line.startswith("warning: main.tex:6: \\input{/proc/self/environ}: a file of the "
                           "system"), line
    assert "device" not in line, line
    assert "not read" not in line, line
    code, _, err = on_paper(paper, capsys, "paper")
    assert code == 1, err
    [line] = [x for x in err.splitlines() if x.startswith("error:")]
    assert line.startswith(f"error: {paper / 'main.tex'}:6: reads /proc/self/environ, outside "
                           "the paper's folder"), line
    assert line.endswith("main.pdf not written"), line
    assert not (paper / "main.pdf").exists()


@pytest.mark.slow
def test_a_file_one_level_up_is_refused_and_the_papers_own_are_not(tmp_path, monkeypatch,
                                                                   capsys):
    r"""Round 48a (P20, P26's case): ``\input{../outside_secret}`` printed a file from outside
    the paper's folder into its PDF, exit 0, no word. Now `figures paper` names the line and
    the file; the paper's own ``\input{sec/a}`` and its bibliography (bibtex) compile."""
    (tmp_path / "outside_secret.tex").write_text("SECRET-TOKEN-1234\n")
    paper = _paper(tmp_path, monkeypatch, "\\input{sec/a}\n\\input{../outside_secret}\n")
    (paper / "sec").mkdir()
    (paper / "sec" / "a.tex").write_text("Own text \\cite{k}.\n\\bibliographystyle{plain}"
                                         "\\bibliography{refs}\n")
    (paper / "refs.bib").write_text("@misc{k, title={T}, author={A}, year={2020}}\n")
    code, _, err = on_paper(paper, capsys, "paper")
    assert code == 1, err
    [line] = [x for x in err.splitlines() if x.startswith("error:")]
    assert line.startswith(f"error: {paper / 'main.tex'}:7: reads "
                           f"{tmp_path / 'outside_secret.tex'}, outside"), line
    assert not (paper / "main.pdf").exists()
    (paper / "main.tex").write_text((paper / "main.tex").read_text().replace(
        "\\input{../outside_secret}\n", ""))
    code, _, err = on_paper(paper, capsys, "paper")
    assert code == 0, err
    assert (paper / "main.pdf").is_file()


@pytest.mark.slow
def test_a_link_in_the_folder_to_a_file_outside_is_refused(tmp_path, monkeypatch, capsys):
    r"""Round 48a (P20): a link the paper ships, ``env.tex -> /proc/self/environ``, read by
    ``\input{env}``: the name is the paper's, the file is not. Refused at its line, naming
    the link and where it points; no PDF."""
    paper = _paper(tmp_path, monkeypatch, ENVIRON.replace("/proc/self/environ", "env"))
    (paper / "env.tex").symlink_to("/proc/self/environ")
    code, _, err = on_paper(paper, capsys, "paper")
    assert code == 1, err
    [line] = [x for x in err.splitlines() if x.startswith("error:")]
    assert line.startswith(f"error: {paper / 'main.tex'}:6: reads {paper / 'env.tex'}, a link "
                           "to /proc/"), line
    assert not (paper / "main.pdf").exists()
