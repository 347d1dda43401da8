"""Hostile round 36's rows on which file the pack takes and searches: a paper holding a folder
named like the forced-final compile's link to the paper's folder (A8), a cover letter taken as
the paper by the documented rule, the summary line not naming it (C5). The pass itself, case by
case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import pack_refused, write_files
from PIL import Image


@pytest.mark.slow  # TeX compiles the archive twice
def test_a_paper_folder_named_like_the_forced_compiles_link_is_refused(tmp_path):
    r"""Round 36 (A8): a paper holding a folder ``figures-pack-paper-folder/`` (the name of the
    forced-final compile's link to the paper's folder) beside round 33's P15 animation (its
    later frames only in the paper's folder): the archive's own folder stood for the link, so
    the forced compile searched that subfolder, failed, and animate's draft box shipped with a
    warning where the same paper without that folder is refused. The link's name is now one
    neither folder holds: the pack stops as it does for P15."""
    write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass[draft]{article}\n\\usepackage[final]{graphicx}\\usepackage{animate}\n"
        "\\begin{document}\nIntro. \\animategraphics[width=3cm]{2}{fr}{0}{2} "
        "\\includegraphics[width=1cm]{figures-pack-paper-folder/c.png} More.\n"
        "\\end{document}\n")})
    for frame in range(3):
        Image.new("RGB", (120, 80), (60 * frame, 160, 30)).save(tmp_path / "p" / f"fr{frame}.png")
    (tmp_path / "p" / "figures-pack-paper-folder").mkdir()
    Image.new("RGB", (120, 80), (30, 30, 160)).save(
        tmp_path / "p" / "figures-pack-paper-folder" / "c.png")
    said = pack_refused(tmp_path)
    for word in ("the class option draft (main.tex), which animate hears",
                 "animate prints its draft box in place of fr0.png", "page 1"):
        assert word in said, said
