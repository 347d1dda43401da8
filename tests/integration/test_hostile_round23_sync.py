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
    # an include naming its folder: TeX reads figs/cifar_summary.pdf from the paper's folder
    named = tmp_path / "GS2"
    (named / "figs").mkdir(parents=True)
    (named / "main.tex").write_text((paper / "main.tex").read_text().replace(
        "{cifar_summary}", "{figs/cifar_summary}"))
    ran = figures_as_a_user(tmp_path, "sync", "GS2", "--allow-synthetic", timeout=600)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert (named / "figs/cifar_summary.pdf").is_file()


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


@pytest.mark.slow  # sync asks TeX
def test_sync_inside_a_paper_with_its_own_build_folder_says_what_it_wrote_there(tmp_path):
    r"""Round 23 (S7): sync run inside a paper that has its own ``build/`` (a Makefile's
    ``build/figures/cifar_summary.png``, included) refused the row (right: not ours), said
    "nothing written", and put six files of ours (a width build, its records, the sync
    memo) into the paper's ``build/``: figures' build folder is the working folder's
    ``build/`` by design. Her files stay untouched; now a note counts what was written
    there and the summary no longer says "nothing written"."""
    from PIL import Image

    paper = tmp_path / "OB"
    (paper / "build" / "figures").mkdir(parents=True)
    Image.new("RGB", (400, 300), (30, 160, 30)).save(paper / "build/figures/cifar_summary.png")
    (paper / "build/figures/README").write_text("her notes\n")
    hers = {p: p.read_bytes() for p in (paper / "build/figures").iterdir()}
    (paper / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nText.\n"
        "\\begin{figure}\\centering\\includegraphics[width=\\linewidth]"
        "{build/figures/cifar_summary}\\caption{C}\\end{figure}\n\\end{document}\n")
    ran = figures_as_a_user(paper, "sync", ".", "--allow-synthetic", timeout=600)
    out = ran.stdout + ran.stderr
    assert ran.returncode == 1, out
    assert "refused: pdflatex prints build/figures/cifar_summary.png" in out, out
    assert {p: p.read_bytes() for p in (paper / "build/figures").iterdir()} == hers
    ours = [p for p in (paper / "build").rglob("*") if p.is_file() and p.parent.name != "figures"]
    assert len(ours) >= 5, ours
    assert f"this sync wrote {len(ours)} file(s) of ours there" in out, out
    assert "nothing written (" not in out, out
    assert f"nothing of the paper's written, but {len(ours)} file(s) of ours under build/" in out
