"""Hostile round 35's draft rows refused rightly with the wrong source line, or none (M1, M3,
M3c, M4, M11), end to end: ``figures pack`` names the line TeX took the draft from. The source's
reading itself: tests/unit/test_hostile_round35_drafts.py; the pass in docs/guarantees.md."""

from __future__ import annotations

import pytest
from helpers import pack_refused, write_files
from PIL import Image

_BODY = "\\begin{document}\nIntro. \\includegraphics[width=3cm]{a.png} More.\n\\end{document}\n"
_CLASS = "\\NeedsTeXFormat{LaTeX2e}\\ProvidesClass{labart}\n"


@pytest.mark.slow  # TeX compiles the archive twice
@pytest.mark.parametrize(("files", "said"), [
    ({"main.tex": "\\RequirePackage[draft]{graphicx}\n\\documentclass{article}\n" + _BODY},
     ("error: main.tex: graphicx's option draft (main.tex:1): graphicx prints a frame for each "
     "image: the archive's PDF prints a.png's on page 1 in place of the figure included at "
     "main.tex:4; remove it;")),
    ({"labart.cls": _CLASS + "\\LoadClass{article}\n\\RequirePackage[draft]{graphicx}\n",
      "main.tex": "\\documentclass{labart}\n" + _BODY},
     "error: main.tex: graphicx's option draft (labart.cls:3): graphicx prints a frame"),
    ({"labart.cls": _CLASS + "\\PassOptionsToPackage{draft}{graphicx}\n\\LoadClass{article}\n",
      "main.tex": "\\documentclass{labart}\n\\usepackage{graphicx}\n" + _BODY},
     "error: main.tex: graphicx's option draft (labart.cls:2): graphicx prints a frame"),
    ({"preamble.tex": "\\documentclass[draft]{article}\n\\usepackage{graphicx}\n",
      "main.tex": "\\input{preamble}\n" + _BODY},
     "error: main.tex: the class option draft (preamble.tex:1): graphicx prints a frame"),
    ({"main.tex": ("\\documentclass{article}\n\\usepackage{pdfpages}\\includepdfset{draft}\n"
                   "\\begin{document}\nIntro. \\includepdf[pages=1-3]{multi.pdf} After.\n"
                   "\\end{document}\n")},
     ("error: main.tex: \\includepdf{multi.pdf} at main.tex:4 in draft mode (\\includepdfset"
     "{draft} at main.tex:2): pdfpages prints a frame with the file's name in place of its "
     "pages (page 2 of the archive's PDF); remove draft; the pack stops"))],
    ids=["M1", "M3", "M3c", "M4", "M11"])
def test_a_draft_is_named_where_the_source_sets_it(tmp_path, files, said):
    r"""Round 35 (M1, M3, M3c, M4, M11): graphicx's draft by ``\RequirePackage[draft]{graphicx}``
    before ``\documentclass`` (M1) or in the paper's own ``labart.cls`` (M3), passed to
    graphicx by that class before main.tex loads graphicx (M3c), a draft class in an
    ``\input`` preamble (M4), pdfpages' by ``\includepdfset{draft}`` (M11): each refusal was
    right but said "set by code the pack cannot name", named main.tex for the class, or blamed
    a final the paper lacks. Each names the file and line holding the draft now."""
    write_files(tmp_path / "p", files)
    Image.new("RGB", (120, 80), (30, 160, 30)).save(tmp_path / "p" / "a.png")
    pages = [Image.new("RGB", (200, 280), (40 * n, 90, 160)) for n in range(3)]
    pages[0].save(tmp_path / "p" / "multi.pdf", save_all=True, append_images=pages[1:])
    refused = pack_refused(tmp_path)
    assert refused.startswith(said), refused
