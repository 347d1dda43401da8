"""Round 47: the pack's line for a package or class this machine's TeX lacks (round 45b,
K9: biblatex not installed, the line said only "not found")."""

from __future__ import annotations

import pytest
from helpers import pack_refused, write_files


@pytest.mark.slow  # TeX
@pytest.mark.parametrize(("preamble", "missing"), [
    ("\\documentclass{article}\n\\usepackage{nosuchpkgxyz}", "nosuchpkgxyz.sty"),
    ("\\documentclass{nosuchclassxyz}", "nosuchclassxyz.cls")])
def test_a_package_tex_lacks_says_how_to_get_it(tmp_path, preamble, missing):
    """The line names the file and the two ways out: install what holds it, or copy it
    into the paper's folder."""
    write_files(tmp_path / "p", {"main.tex": f"{preamble}\n\\begin{{document}}\nText.\n"
                                             "\\end{document}\n"})
    said = pack_refused(tmp_path)
    assert said.startswith("error: main.tex: does not compile in a copy of the paper's folder")
    assert said.endswith(
        f"; this machine's TeX has no {missing}, nor has the paper's folder: install the "
        f"package that holds it (TeX Live: `tlmgr search --global --file /{missing}`; Debian: "
        f"`apt-file search {missing}`), or copy it into the paper's folder"), said


@pytest.mark.slow  # TeX
def test_our_figure_found_through_a_graphicspath_outside_the_folder_is_told_so(tmp_path):
    """Round 47 (K26, round 47b): ``\\graphicspath{{../figures/}}`` (a repository's layout,
    the figure written there) was told "our figure fig1_audit_hero, not written yet: run
    `figures sync`": the figure is written, outside the folder, which alone is packed."""
    import matplotlib
    from matplotlib.figure import Figure

    figures = tmp_path / "figures"
    figures.mkdir()
    with matplotlib.rc_context({"pdf.compression": 0}):
        Figure(figsize=(2, 1)).savefig(figures / "fig1_audit_hero.pdf")
    write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\graphicspath{{../figures/}}\n"
        "\\begin{document}\n\\includegraphics[width=\\linewidth]{fig1_audit_hero}\n"
        "\\end{document}\n")})
    said = pack_refused(tmp_path)
    assert "not written yet" not in said
    assert said.endswith("\\graphicspath names ../figures/, outside the paper's folder, which "
                         "alone is packed: move those figures into it"), said


@pytest.mark.slow  # TeX
def test_our_figure_found_through_a_graphicspath_macro_is_told_so(tmp_path):
    """Round 48b (K7 (c)): ``\\graphicspath{{\\figdir}}`` with ``\\newcommand\\figdir{
    ../figures/}`` (a common idiom) was told "not written yet: `figures sync` writes it",
    K26's false cause again: the copy's error names no folder for a path a macro writes, and
    the figure IS written, outside the folder, where the paper's own compile reads it (the
    advised sync would write a second copy the include then shadows). TeX is asked."""
    import matplotlib
    from matplotlib.figure import Figure

    figures = tmp_path / "figures"
    figures.mkdir()
    with matplotlib.rc_context({"pdf.compression": 0}):
        Figure(figsize=(2, 1)).savefig(figures / "fig1_audit_hero.pdf")
    write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\newcommand\\figdir{../figures/}\n"
        "\\graphicspath{{\\figdir}}\n\\begin{document}\n"
        "\\includegraphics[width=\\linewidth]{fig1_audit_hero}\n\\end{document}\n")})
    said = pack_refused(tmp_path)
    assert "not written yet" not in said, said
    assert "figures sync" not in said, said
    assert said.endswith(
        "; the paper's own compile reads it at ../figures/fig1_audit_hero.pdf (through "
        "\\graphicspath, which TeX reads as {../figures/}), outside the paper's folder, which "
        "alone is packed: move those figures into it (and point \\graphicspath there)"), said
