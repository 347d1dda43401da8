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
