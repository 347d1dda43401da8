"""Hostile round 26's pack rows (issue 45): a supplement appended with pdfpages that prints the
name its own metadata holds (SU), and a paper left in draft mode, whose archive prints
graphicx's frames in place of its figures (PD)."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user, pack_refused, write_files

pytestmark = pytest.mark.slow  # every test packs: TeX compiles the archive


def _shot(folder) -> None:
    """A foreign figure, ``shot.png``."""
    from PIL import Image

    folder.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (120, 80), (30, 160, 30)).save(folder / "shot.png")


def _draft_paper(root, options: str, preamble: str, keys: str) -> None:
    r"""``root/p``: ``\documentclass[OPTIONS]{article}``, ``PREAMBLE``, one figure
    ``\includegraphics[KEYS]{shot}`` on line 6."""
    _shot(root / "p")
    write_files(root / "p", {"main.tex": (
        f"\\documentclass[{options}]{{article}}\n{preamble}\n\\author{{Anonymous}}\n"
        "\\begin{document}\n\\begin{figure}[t]\\centering\n"
        f"\\includegraphics[{keys}]{{shot}}\n\\caption{{S.}}\\end{{figure}}\nText.\n"
        "\\end{document}\n")})


@pytest.mark.parametrize(("options", "keys", "said"), [
    ("twocolumn,draft", "width=\\columnwidth",
     ("error: main.tex: the class option draft (main.tex): graphicx prints a frame for each "
     "image: the archive's PDF prints shot.png's on page 1 in place of the figure included at "
     "main.tex:6; remove it; the pack stops")),
    ("twocolumn", "draft,width=\\columnwidth",
     ("error: shot.png: its own draft key, \\includegraphics[draft,width=\\columnwidth] at "
     "main.tex:6: graphicx prints a frame in its place; remove draft from the include's "
     "options; the pack stops (the archive's PDF prints that frame on page 1, not the figure)")),
], ids=["DRC", "DK"])
def test_a_paper_in_draft_mode_is_refused_naming_the_option(tmp_path, options, keys, said):
    r"""Round 26 (PD): a paper left in draft mode, the class option
    (``\documentclass[twocolumn,draft]{article}``, DRC) or the include's own key
    (``\includegraphics[draft,width=..]``, DK): pack said "warnings: 0", exit 0, and the
    archive printed a frame with the file's name in place of the figure (``figures paper``
    said so). Now the pack stops in one line naming the option or the include, where, and
    to remove it: the same reading as ``figures paper`` (figures/paper/drafts.py)."""
    _draft_paper(tmp_path, options, "\\usepackage{graphicx}", keys)
    assert pack_refused(tmp_path).startswith(said)


def test_a_draft_class_with_graphicx_final_packs(tmp_path):
    r"""Round 26 (PD): ``\documentclass[draft]{article}`` with ``\usepackage[final]
    {graphicx}`` (draft's overfull marks, the figures printed): no frame is printed, so the
    pack goes on as before, no warning."""
    _draft_paper(tmp_path, "draft", "\\usepackage[final]{graphicx}", "width=\\linewidth")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stderr.splitlines()[-1].endswith("warnings: 0"), ran.stderr
