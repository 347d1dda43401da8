"""Hostile round 36's rows on which file the pack takes and searches: a paper holding a folder
named like the forced-final compile's link to the paper's folder (A8), a cover letter taken as
the paper by the documented rule, the summary line not naming it (C5). The pass itself, case by
case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import pack_refused, packed, write_files
from PIL import Image


@pytest.mark.slow  # TeX compiles the archive twice
@pytest.mark.parametrize("name", ["figures-pack-paper-folder", "figures-pack-paper-1"])
def test_a_paper_folder_named_like_the_forced_compiles_link_is_refused(tmp_path, name):
    r"""Round 36 (A8): a paper holding a folder ``figures-pack-paper-folder/`` (the name of the
    forced-final compile's link to the paper's folder) beside round 33's P15 animation (its
    later frames only in the paper's folder): the archive's own folder stood for the link, so
    the forced compile searched that subfolder, failed, and animate's draft box shipped with a
    warning where the same paper without that folder is refused. The link's name is now one
    neither folder holds (``figures-pack-paper-1`` the first tried): the pack stops as it
    does for P15."""
    write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass[draft]{article}\n\\usepackage[final]{graphicx}\\usepackage{animate}\n"
        "\\begin{document}\nIntro. \\animategraphics[width=3cm]{2}{fr}{0}{2} "
        f"\\includegraphics[width=1cm]{{{name}/c.png}} More.\n"
        "\\end{document}\n")})
    for frame in range(3):
        Image.new("RGB", (120, 80), (60 * frame, 160, 30)).save(tmp_path / "p" / f"fr{frame}.png")
    (tmp_path / "p" / name).mkdir()
    Image.new("RGB", (120, 80), (30, 30, 160)).save(tmp_path / "p" / name / "c.png")
    said = pack_refused(tmp_path)
    for word in ("the class option draft (main.tex:1), which animate hears",
                 "animate prints its draft box in place of fr0.png", "page 1"):
        assert word in said, said


_LETTER = ("\\documentclass{letter}\n\\begin{document}\n\\begin{letter}{Editor}\\opening{Dear "
           "Editor,} Response to reviewers.\\closing{Yours}\\end{letter}\n\\end{document}\n")


@pytest.mark.slow  # TeX compiles the archive
def test_the_main_file_taken_is_named_and_the_others_told(tmp_path):
    r"""Round 36 (C5): a complete cover letter ``response.tex`` at the folder's top, the
    paper in ``paper/main.tex``: by the documented rule (of several, the one alone at the top)
    the letter is packed as the paper, and the summary line (``packed p.tar.gz: 1 files,
    ...``) named no main file. The rule stands; the line names the file it took, and one
    warning names the other main files it does not read and ``--main``."""
    write_files(tmp_path / "p", {"response.tex": _LETTER, "paper/main.tex": (
        "\\documentclass{article}\n\\begin{document}\nThe paper.\n\\end{document}\n")})
    files, said = packed(tmp_path, warnings=1)
    assert list(files) == ["response.tex"]
    assert said.splitlines()[-1].startswith("packed p.tar.gz from response.tex: 1 files, "), said
    assert ("warning: response.tex: taken as the main file (of several, the one alone at the "
            "top); other main files here, which it does not read: paper/main.tex: if the paper "
            "is one of them, pack with --main paper/main.tex\n") in said, said
    files, said = packed(tmp_path, "--main", "paper/main.tex")  # as told: no word of the letter
    assert list(files) == ["main.tex"]
    assert said.splitlines()[-1].startswith("packed p.tar.gz from paper/main.tex: 1 files, "), \
        said


def test_a_main_file_the_paper_reads_is_not_told(tmp_path):
    r"""Round 36 (C5): a main file under the folder that the taken one's compile reads (a
    figure of the standalone class it inputs) is part of the paper, not another one: no word
    of it; one it does not read is named (at most three, then how many more)."""
    from figures.mainfile import passed_over

    standalone = "\\documentclass{standalone}\n\\begin{document}\nX\n\\end{document}\n"
    write_files(tmp_path, {"main.tex": (
        "\\documentclass{article}\n\\usepackage{standalone}\n\\begin{document}\n"
        "\\input{figs/a}\n\\end{document}\n"), "figs/a.tex": standalone})
    main = tmp_path / "main.tex"
    assert passed_over(tmp_path, main, {"main.tex", "figs/a.tex"}) is None
    write_files(tmp_path, {f"old/v{n}.tex": standalone for n in range(5)})
    said = passed_over(tmp_path, main, {"main.tex", "figs/a.tex"})
    assert said is not None
    assert "read: old/v0.tex, old/v1.tex, old/v2.tex and 2 more: if the paper is one of " \
           "them, pack with --main old/v0.tex" in said, said
