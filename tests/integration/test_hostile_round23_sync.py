"""Hostile round 23's sync and paper rows (S6, S7, P5): a graphics path TeX reads otherwise
than it looks, our build folder inside a paper's, and graphicx's own ``draft`` doors."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user


@pytest.mark.slow  # sync asks TeX
def test_sync_refuses_an_include_a_graphicspath_without_inner_braces_hides(tmp_path):
    r"""Round 23 (S6): ``\graphicspath{figs/}`` (no inner braces: TeX takes each character,
    ``f``, ``i``, ``g``, ``s``, ``/``, for a folder) and ``\includegraphics{cifar_summary}``:
    sync wrote ``figs/cifar_summary.pdf``, where TeX never looks, and said "0 refused"; the
    compile then failed on a missing file. Now the row is refused, nothing is written, and
    the one line names the path, its place and the edit ``\graphicspath{{figs/}}``."""
    paper = tmp_path / "GS1"
    (paper / "figs").mkdir(parents=True)
    (paper / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\graphicspath{figs/}\n"
        "\\input{macros}\n\\begin{document}\nText.\n\\begin{figure}\\centering"
        "\\includegraphics[width=\\linewidth]{cifar_summary}\\caption{C}\\end{figure}\n"
        "\\end{document}\n")
    ran = figures_as_a_user(tmp_path, "sync", "GS1", "--allow-synthetic", timeout=600)
    out = ran.stdout + ran.stderr
    assert ran.returncode == 1, out
    [row] = [line for line in out.splitlines() if line.startswith("cifar_summary")]
    assert "refused: main.tex:3: \\graphicspath{figs/} has no inner braces" in row, out
    assert "write \\graphicspath{{figs/}}" in row, out
    assert "0 refused" not in out, out
    assert "nothing written (1 refused" in out, out
    assert sorted(p.name for p in paper.rglob("*")) == ["figs", "main.tex"]


@pytest.mark.slow  # figures paper compiles the paper
def test_paper_names_the_include_draft_key_and_setkeys_gin_draft(tmp_path):
    r"""Round 23 (P5): graphicx's other ``draft`` doors, the include's own key
    (``\includegraphics[draft,width=\linewidth]{cifar_summary}``) and
    ``\setkeys{Gin}{draft}`` after ``\usepackage{graphicx}``: the problem line blamed "a
    float lost: acmart's balance ..." (round 9 mended the class and package options only).
    Now it names the key, its place and the edit."""
    body = ("\\input{macros}\n\\begin{document}\nText.\n\\begin{figure}\\centering"
            "\\includegraphics[%s]{cifar_summary}\\caption{C}\\end{figure}\n\\end{document}\n")
    for name, preamble, keys, said in (
            ("DK", "\\usepackage{graphicx}", "draft,width=\\linewidth",
             ("its own draft key, \\includegraphics[draft,width=\\linewidth] at main.tex:6: "
              "graphicx prints a frame in its place; remove draft from the include's options")),
            ("GS", "\\usepackage{graphicx}\\setkeys{Gin}{draft}", "width=\\linewidth",
             ("\\setkeys{Gin}{draft} (main.tex:2): graphicx prints a frame for each image; "
              "remove it"))):
        paper = tmp_path / name
        paper.mkdir()
        (paper / "main.tex").write_text(f"\\documentclass{{article}}\n{preamble}\n"
                                        + body % keys)
        ran = figures_as_a_user(tmp_path, "paper", name, "--venue", "icml",
                                "--allow-synthetic", timeout=600)
        out = ran.stdout + ran.stderr
        assert ran.returncode == 1, out
        [problem] = [line for line in out.splitlines() if line.startswith("problem:")]
        assert said in problem, out
        assert "a float lost" not in problem, out
