"""Hostile round 22's S3: the author's own EPS figure, named like one of ours, that pdflatex
prints for an include without an extension through epstopdf (TeX Live's default restricted
shell escape runs ``repstopdf``): a synced ``.pdf`` beside it would be read first and hide it."""

from __future__ import annotations

import os
import subprocess

import pytest
from helpers import figures_as_a_user, sync_refused_twice

_figures = figures_as_a_user
_EPS = ("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 200 100\n%%Title: HER OWN EPS\n"
        "%%EndComments\n1 0 0 setrgbcolor 0 0 200 100 rectfill\nshowpage\n%%EOF\n")


def _her_eps_paper(folder, written: str):
    """A paper whose only figure is ``\\includegraphics{WRITTEN}``, and the author's own
    ``figs/cifar_summary.eps`` (a red box) beside where ours would go."""
    (folder / "figs").mkdir(parents=True)
    (folder / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nText.\n"
        "\\begin{figure}\\centering\\includegraphics[width=\\linewidth]{" + written + "}"
        "\\caption{C}\\end{figure}\n\\end{document}\n")
    (folder / "figs" / "cifar_summary.eps").write_text(_EPS)
    return folder


def _by_hand(paper) -> str:
    """What pdflatex reads compiling ``paper`` as its author does (TeX Live's defaults:
    restricted shell escape), its recorder's list; the folder left as it was."""
    env = {k: v for k, v in os.environ.items() if k not in ("shell_escape", "TEXMFOUTPUT")}
    before = set(paper.rglob("*"))
    ran = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-recorder", "main.tex"],
                         cwd=paper, env=env, capture_output=True, text=True, check=False,
                         timeout=300)
    assert ran.returncode == 0, ran.stdout
    read = (paper / "main.fls").read_text()
    for path in set(paper.rglob("*")) - before:
        path.unlink()
    return read


def _files(paper) -> list:
    return sorted(p.relative_to(paper) for p in paper.rglob("*"))


@pytest.mark.slow  # sync builds for the venue and its probe compiles the paper
def test_an_eps_of_the_authors_that_a_synced_figure_would_shadow_is_refused(tmp_path):
    r"""Round 22 (S3): the author's ``figs/cifar_summary.eps`` prints for
    ``\includegraphics{figs/cifar_summary}`` by hand (epstopdf converts it: TeX Live's
    default restricted shell escape runs ``repstopdf``, texlive-font-utils), but the probe
    (no shell escape) never sees it read: sync wrote ``figs/cifar_summary.pdf`` beside it,
    which graphicx tries first, exit 0, no ``.bak``, no word. Now the row is refused the way
    the shadow rule refuses, naming her EPS and the choices, nothing written; with
    ``--overwrite-theirs`` hers is kept aside as ``.eps.bak``."""
    paper = _her_eps_paper(tmp_path / "p", "figs/cifar_summary")
    assert "figs/cifar_summary-eps-converted-to.pdf" in _by_hand(paper)  # she sees it printed
    before = _files(paper)
    assert sync_refused_twice(tmp_path, "cifar_summary") == (
        "refused: pdflatex prints figs/cifar_summary.eps (converted by epstopdf: TeX "
        "Live's default restricted shell escape) for \\includegraphics{figs/cifar_summary}"
        " now, and it is not ours (no provenance of fa-audit-figures inside): the .pdf "
        "sync would write beside it is read first (graphicx's order), and yours would "
        "stop printing: rename yours (and the include) to keep it, write the extension "
        "(\\includegraphics{figs/cifar_summary.pdf}) to print ours, or --overwrite-theirs "
        "(yours is then moved aside to figs/cifar_summary.eps.bak, and TeX reads ours)")
    assert _files(paper) == before
    ran = _figures(tmp_path, "sync", "p", "--venue", "icml", "--allow-synthetic",
                   "--overwrite-theirs")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "(theirs figs/cifar_summary.eps, which pdflatex printed kept as " \
        "figs/cifar_summary.eps.bak)" in ran.stdout, ran.stdout
    assert not (paper / "figs" / "cifar_summary.eps").exists()
    assert (paper / "figs" / "cifar_summary.eps.bak").read_text() == _EPS
    assert (paper / "figs" / "cifar_summary.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.slow  # sync builds for the venue and its probe compiles the paper
def test_an_eps_of_the_authors_that_her_paper_does_not_print_is_not_refused(tmp_path):
    r"""Round 22 (S3): the EPS rule refuses only an EPS her paper prints. Her
    ``figs/cifar_summary.eps`` beside ``\includegraphics{figs/cifar_summary.pdf}`` (the
    extension written: graphicx never tries the EPS) is no reason to refuse: ours is written,
    hers left; and then, the include without an extension, our ``.pdf`` already there is what
    pdflatex prints (before the EPS), so the row is up to date, not refused."""
    paper = _her_eps_paper(tmp_path / "p", "figs/cifar_summary.pdf")
    ran = _figures(tmp_path, "sync", "p", "--venue", "icml", "--allow-synthetic")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert (paper / "figs" / "cifar_summary.pdf").read_bytes().startswith(b"%PDF")
    main = paper / "main.tex"
    main.write_text(main.read_text().replace("figs/cifar_summary.pdf", "figs/cifar_summary"))
    read = _by_hand(paper)  # ours prints, her EPS is not read
    assert "figs/cifar_summary.pdf" in read, read
    assert "cifar_summary.eps" not in read, read
    ran = _figures(tmp_path, "sync", "p", "--venue", "icml", "--allow-synthetic")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    rows = [line for line in ran.stdout.splitlines() if line.startswith("cifar_summary ")]
    assert len(rows) == 1, ran.stdout
    assert rows[0].split(None, 2)[2] == "up to date", ran.stdout
    assert (paper / "figs" / "cifar_summary.eps").read_text() == _EPS
    assert not list(paper.rglob("*.bak")), _files(paper)
