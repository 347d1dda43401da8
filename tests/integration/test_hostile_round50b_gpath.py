"""Round 50b: figures the paper finds through ``\\graphicspath`` in folders the archive's
compile cannot open: a hidden ``.figures/`` (K29), and the paper's own ``figs/`` named by an
absolute path (K24)."""

from __future__ import annotations

import pytest
from helpers import pack_refused, write_files

pytestmark = pytest.mark.slow  # TeX compiles the paper's copy

_HIDDEN = ("the pack leaves out hidden files and folders (.name: arXiv deletes them): move it "
           "into a folder whose name has no leading dot")


def _figures(folder):
    """A PDF named as our figure and a PNG logo in ``folder``."""
    import matplotlib
    from matplotlib.figure import Figure
    from PIL import Image

    folder.mkdir(parents=True)
    with matplotlib.rc_context({"pdf.compression": 0}):
        Figure(figsize=(2, 1)).savefig(folder / "fig1_audit_hero.pdf")
    Image.new("RGB", (60, 40), "blue").save(folder / "logo.png")


@pytest.mark.parametrize(("gpath", "include", "said"), [
    ("\\graphicspath{{.figures/}}", "fig1_audit_hero",
     "; the paper's compile reads .figures/fig1_audit_hero.pdf for it (through "
     "\\graphicspath{{.figures/}}), and " + _HIDDEN + " (and change the \\graphicspath with it)"),
    ("\\graphicspath{{.figures/}}", "logo",
     "; the paper's compile reads .figures/logo.png for it (through \\graphicspath{{.figures/}}), "
     "and " + _HIDDEN + " (and change the \\graphicspath with it)"),
    ("", ".figures/logo", f"; the paper's compile reads .figures/logo.png for it, and {_HIDDEN}"),
])
def test_a_figure_in_a_hidden_folder_included_without_extension_is_told_hidden(
        tmp_path, gpath, include, said):
    """Round 50b (K29): figures in a hidden folder (``.figures/``, a tool's or an editor's
    habit) included as authors write them, without extension, through ``\\graphicspath`` or
    by the path: the documented "hidden folder" line was never given (the check tried the
    name as is and with ``.tex`` only), so a logo got TeX's bare "not found" and our own
    figure, written there, the false "not written yet: run figures sync". Each names the
    file the paper's compile reads and the way out."""
    _figures(tmp_path / "p" / ".figures")
    write_files(tmp_path / "p", {"main.tex": (
        f"\\documentclass{{article}}\n\\usepackage{{graphicx}}\n{gpath}\n\\begin{{document}}\n"
        f"\\includegraphics[width=2cm]{{{include}}}\n\\end{{document}}\n")})
    refused = pack_refused(tmp_path)
    assert "not written yet" not in refused, refused
    assert refused == (
        "error: main.tex: does not compile in a copy of the paper's folder: ./main.tex:5: "
        f"LaTeX Error: File `{include}' not found.{said}"), refused


@pytest.mark.parametrize(("folder", "gpath", "home"), [
    ("p", "{ABS}/figs/", False),
    ("p", "{ABS}/figs/", True),  # the paper under HOME, as an author's is
    ("p", "../p/figs/", False),
    ("paper", "../paper/figs/", False),  # the name the pack's own copy has
])
def test_a_graphicspath_naming_the_papers_own_folder_from_outside_says_what_to_write(
        tmp_path, monkeypatch, folder, gpath, home):
    """Round 50b (K24): ``\\graphicspath{{/abs/path/to/paper/figs/}}`` (an editor's "copy
    path") names the paper's own ``figs/``, where the figures are; the stop called it
    "outside the paper's folder: move those figures into it", which cannot be followed (any
    folder beginning ``/`` or ``../`` was taken as outside, unresolved), and with the paper
    under HOME, "reads ... through ~ (your home folder)", which the source never writes. The
    folder is resolved: the line names it, its line and the relative path to write."""
    paper = tmp_path / folder
    _figures(paper / "figs")
    written = gpath.replace("{ABS}", str(paper))
    write_files(paper, {"main.tex": (
        f"\\documentclass{{article}}\n\\usepackage{{graphicx}}\n\\graphicspath{{{{{written}}}}}\n"
        "\\begin{document}\n\\includegraphics[width=2cm]{logo}\n\\end{document}\n")})
    if home:
        monkeypatch.setenv("HOME", str(tmp_path))
    refused = pack_refused(tmp_path, folder=folder)
    how = "an absolute name" if written.startswith("/") else "a name through .."
    assert refused.startswith("error: main.tex: does not compile "), refused
    assert refused.endswith(
        "./main.tex:5: LaTeX Error: File `logo' not found.; \\graphicspath names "
        f"{written} (main.tex:3), the paper's own figs/ by {how}, which the archive's compile "
        "cannot open (nor arXiv's: its folder has another name): write "
        "\\graphicspath{{figs/}}"), refused
