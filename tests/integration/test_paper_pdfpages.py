"""Our figure inserted as a whole page with pdfpages (``\\includepdf``): a box sync cannot
build for, refused with words that fit the paper's include."""

from __future__ import annotations

import shutil

import pytest
from helpers import REPO, figures_as_a_user


@pytest.mark.slow  # sync compiles the paper's probe
def test_a_figure_inserted_by_includepdf_is_refused_without_a_stray_tex_warning(tmp_path):
    r"""Round 21 (E6): ``\includepdf{figures/cifar_summary.pdf}`` (pdfpages: a poster-like
    page; by hand no error) made sync warn ``Missing number, treated as zero (pdflatex)``, an
    error of the probe's own (it read graphicx's ``width=!``, keep the aspect ratio, as a
    length), and advise ``\includegraphics[width=!]{...}``, no edit that works. The
    refusal stays (pdfpages fits it to the page: no build prints at 100 %)."""
    paper = tmp_path / "U"
    shutil.copytree(REPO / "tests" / "papers" / "twocol", paper)
    (paper / "figures").mkdir()
    main = paper / "main.tex"
    main.write_text(main.read_text().replace(
        "\\usepackage{graphicx}", "\\usepackage{graphicx}\\usepackage{pdfpages}").replace(
        "\\end{document}", "\\includepdf{figures/cifar_summary.pdf}\n\\end{document}"))
    line = next(n for n, text in enumerate(main.read_text().splitlines(), 1)
                if text.startswith("\\includepdf"))
    ran = figures_as_a_user(tmp_path, "sync", "U", "--venue", "icml", "--allow-synthetic")
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "Missing number" not in ran.stderr, ran.stderr
    row = next(r for r in ran.stdout.splitlines() if f"main.tex:{line} " in r)
    assert row.split(None, 2)[2] == (
        "refused: the paper prints it scaled to a box of its own (width=!, height=!: as "
        "pdfpages' \\includepdf fits it to the page), so no build of it prints at 100 %: write "
        f"\\includegraphics[width=\\linewidth]{{figures/cifar_summary.pdf}} at main.tex:{line} "
        "(sync builds it for that box)"), row
