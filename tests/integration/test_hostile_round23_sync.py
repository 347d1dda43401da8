"""Hostile round 23's sync and paper rows (S6, S7, P5): a graphics path TeX reads otherwise
than it looks, our build folder inside a paper's, and graphicx's own ``draft`` doors."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user


def _main_tex(preamble: str, include: str, keys: str = "width=\\linewidth") -> str:
    r"""A paper's main.tex: an article with ``preamble``, its text one figure printing
    ``\includegraphics[KEYS]{INCLUDE}``."""
    return (f"\\documentclass{{article}}\n{preamble}\\begin{{document}}\nText.\n\\begin{{figure}}"
            f"\\centering\\includegraphics[{keys}]{{{include}}}\\caption{{C}}\\end{{figure}}\n"
            "\\end{document}\n")


def _refused(cwd, *argv: str) -> str:
    """``figures ARGV --allow-synthetic`` in ``cwd``, as a user runs it, exit 1: what it
    printed (stdout, then stderr)."""
    ran = figures_as_a_user(cwd, *argv, "--allow-synthetic", timeout=600)
    out = ran.stdout + ran.stderr
    assert ran.returncode == 1, out
    return out


@pytest.mark.slow  # sync asks TeX
def test_sync_refuses_an_include_a_graphicspath_without_inner_braces_hides(tmp_path):
    r"""Round 23 (S6): ``\graphicspath{figs/}`` (no inner braces: TeX takes each character,
    ``f``, ``i``, ``g``, ``s``, ``/``, for a folder) and ``\includegraphics{cifar_summary}``:
    sync wrote ``figs/cifar_summary.pdf``, where TeX never looks, and said "0 refused"; the
    compile then failed on a missing file. Now the row is refused, nothing is written, and
    the one line names the path, its place and the edit ``\graphicspath{{figs/}}``."""
    paper = tmp_path / "GS1"
    (paper / "figs").mkdir(parents=True)
    (paper / "main.tex").write_text(_main_tex(
        "\\usepackage{graphicx}\n\\graphicspath{figs/}\n\\input{macros}\n", "cifar_summary"))
    out = _refused(tmp_path, "sync", "GS1")
    [row] = [line for line in out.splitlines() if line.startswith("cifar_summary")]
    assert "refused: main.tex:3: \\graphicspath{figs/} has no inner braces" in row, out
    assert "write \\graphicspath{{figs/}}" in row, out
    assert "0 refused" not in out, out
    assert "nothing written (1 refused" in out, out
    assert sorted(p.name for p in paper.rglob("*")) == ["figs", "main.tex"]
    # an include naming its folder: TeX reads figs/cifar_summary.pdf from the paper's folder
    named = tmp_path / "GS2"
    (named / "figs").mkdir(parents=True)
    (named / "main.tex").write_text(_main_tex(
        "\\usepackage{graphicx}\n\\graphicspath{figs/}\n\\input{macros}\n", "figs/cifar_summary"))
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
    for name, preamble, keys, said in (
            ("DK", "\\usepackage{graphicx}", "draft,width=\\linewidth",
             ("its own draft key, \\includegraphics[draft,width=\\linewidth] at main.tex:6: "
              "graphicx prints a frame in its place; remove draft from the include's options")),
            ("GS", "\\usepackage{graphicx}\\setkeys{Gin}{draft}", "width=\\linewidth",
             ("\\setkeys{Gin}{draft} (main.tex:2): graphicx prints a frame for each image; "
              "remove it"))):
        paper = tmp_path / name
        paper.mkdir()
        (paper / "main.tex").write_text(_main_tex(f"{preamble}\n\\input{{macros}}\n",
                                                  "cifar_summary", keys))
        out = _refused(tmp_path, "paper", name, "--venue", "icml")
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
    (paper / "main.tex").write_text(_main_tex("\\usepackage{graphicx}\n",
                                              "build/figures/cifar_summary"))
    out = _refused(paper, "sync", ".")
    assert "refused: pdflatex prints build/figures/cifar_summary.png" in out, out
    assert {p: p.read_bytes() for p in (paper / "build/figures").iterdir()} == hers
    ours = [p for p in (paper / "build").rglob("*") if p.is_file() and p.parent.name != "figures"]
    assert len(ours) >= 5, ours
    assert f"this sync wrote {len(ours)} file(s) of ours there" in out, out
    assert "nothing written (" not in out, out
    assert f"nothing of the paper's written, but {len(ours)} file(s) of ours under build/" in out
