"""Hostile round 35's pack rows (issue 45) on the forced-final compile: a correct paper's own
``\\ifdraft`` or fixme note refused as a frame once the class's draft was made final for every
package (Q2, Q12, Q2d, Q11), animate's ``animateinline`` box (M13), a paper folder whose name
kpathsea splits (S3), a forced compile that fails beside pgf's box (M9). The pass itself, case
by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user, pack_refused, write_files
from PIL import Image


def _image(path) -> None:
    """A small image at ``path`` (a PDF one of another colour: a high-resolution figure)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (120, 80), (30, 160, 30) if path.suffix == ".png" else (160, 30, 30)
              ).save(path)


@pytest.mark.slow  # TeX compiles the archive twice
@pytest.mark.parametrize(("preamble", "body", "images"), [
    ("\\usepackage{ifdraft}",
     "\\ifdraft{}{\\includegraphics[width=2cm]{logo.png}} \\includegraphics[width=3cm]{a.png}",
     ["a.png", "logo.png"]),
    ("\\usepackage{ifdraft}\\ifdraft{\\graphicspath{{lowres/}}}{\\graphicspath{{hires/}}}",
     "\\includegraphics[width=3cm]{plot}", ["lowres/plot.png", "hires/plot.pdf"]),
    ("\\usepackage{ifdraft}", "\\includegraphics[width=\\ifdraft{.3}{.6}\\linewidth]{a.png}",
     ["a.png"]),
    ("\\usepackage{fixme}\\fxsetup{layout=inline}",
     ("\\begin{figure}[h]\\resizebox{\\linewidth}{!}{\\begin{tabular}{cl}\\includegraphics"
      "[width=3cm]{a.png} & Setup A, 10 runs \\fxnote{rerun with 20 seeds}\\end{tabular}}"
      "\\caption{Runs.}\\end{figure}"), ["a.png"])],
    ids=["Q2-final-only-image", "Q12-lowres-in-draft", "Q2d-size-by-ifdraft", "Q11-fixme-inline"])
def test_a_papers_own_ifdraft_choosing_what_is_placed_packs(tmp_path, preamble, body, images):
    r"""Round 35 (Q2, Q12, Q2d, Q11): a correct ``\documentclass[draft]`` paper with
    ``\usepackage[final]{graphicx}`` whose own ``\ifdraft`` places a logo only in the final
    version, reads low-resolution figures in draft, or sizes a figure by it, or whose fixme
    inline note beside a resized figure vanishes in final: refused as a frame, because the
    forced compile made the class's draft final for every package (ifdraft and fixme too).
    It now reaches only graphics, pgf and animate, through their own switches: it packs."""
    write_files(tmp_path / "p", {"main.tex": (
        f"\\documentclass[draft]{{article}}\n\\usepackage[final]{{graphicx}}\n{preamble}\n"
        f"\\begin{{document}}\nIntro. {body} More.\n\\end{{document}}\n")})
    for image in images:
        _image(tmp_path / "p" / image)
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr


def _frames(folder) -> None:
    for frame in range(3):
        folder.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (120, 80), (60 * frame, 160, 30)).save(folder / f"fr{frame}.png")


@pytest.mark.slow  # TeX compiles the archive twice
def test_animateinline_draft_box_is_refused(tmp_path):
    r"""Round 35 (M13): ``\begin{animateinline}{2}\includegraphics{fr0.png}\newframe...``
    under a plain ``\documentclass[draft]``: animate's empty box shipped with no word, where
    ``\animategraphics`` of the same frames is refused (the source's reading knew only
    ``\animategraphics``, ``\pgfimage``, ``\pgfdeclareimage``). ``animateinline``'s frames
    are read too: the pack stops naming the class's draft."""
    frames = "\\newframe".join(f"\\includegraphics[width=3cm]{{fr{n}.png}}" for n in range(3))
    write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass[draft]{article}\n\\usepackage[final]{graphicx}\\usepackage{animate}\n"
        f"\\begin{{document}}\nIntro. \\begin{{animateinline}}{{2}}{frames}"
        "\\end{animateinline} More.\n\\end{document}\n")})
    _frames(tmp_path / "p")
    said = pack_refused(tmp_path)
    for word in ("the class option draft (main.tex:1), which animate hears",
                 "animate prints its draft box in place of fr", "(the include at main.tex:4)",
                 "page 1"):
        assert word in said, said


@pytest.mark.slow  # TeX compiles the archive twice
@pytest.mark.parametrize("folder", ["odd:colon", "odd{x,y}", "odd$HOME"])
def test_a_paper_folder_named_with_kpathsea_signs_is_still_searched(tmp_path, folder):
    r"""Round 35 (S3): the paper's folder went raw into the forced compile's ``TEXINPUTS``:
    a folder named ``odd:colon`` (``odd{x,y}``, ``odd$HOME``) was split or expanded by
    kpathsea, the forced compile did not find the frames only in the paper's folder, failed,
    and animate's draft box (round 33's P15) shipped with no word. The folder is now reached
    by a link of a plain name: the pack stops as it does in a folder of a plain name."""
    write_files(tmp_path / folder, {"main.tex": (
        "\\documentclass[draft]{article}\n\\usepackage{graphicx,animate}\n\\begin{document}\n"
        "Intro. \\animategraphics[width=3cm]{2}{fr}{0}{2} More.\n\\end{document}\n")})
    _frames(tmp_path / folder)
    said = pack_refused(tmp_path, folder=folder)
    assert "the class option draft (main.tex:1), which animate hears" in said, said


@pytest.mark.slow  # TeX compiles the archive twice
@pytest.mark.parametrize(("preamble", "body", "refused"), [
    ("\\usepackage{tikz,fixme}", "\\fxfatal{check the numbers} ", True),
    (("\\usepackage{tikz}\\makeatletter\\AtBeginDocument{\\ifGin@draft\\else"
     "\\PackageError{lab}{only final}{}\\fi}\\makeatother"), "", False)],
    ids=["fxfatal", "failing-final"])
def test_pgf_box_beside_a_forced_compile_that_fails_is_said(tmp_path, preamble, body, refused):
    r"""Round 35 (M9): fixme's ``\fxfatal`` (an error in final) beside ``\pgfimage`` under a
    ``[draft]`` class made the forced compile fail (fixme was made final too); the pack fell
    to the log's reading, which knows no pgf box: the box shipped with no word. fixme now
    stays as the paper sets it, so the forced compile ends and the box is refused; a paper
    whose forced compile still fails gets one warning saying so, with its first error, and
    that pgf's box could not be checked."""
    write_files(tmp_path / "p", {"main.tex": (
        f"\\documentclass[draft]{{article}}\n{preamble}\n\\begin{{document}}\n"
        f"Intro. {body}\\pgfimage[width=3cm,height=2cm]{{a}} More.\n\\end{{document}}\n")})
    _image(tmp_path / "p" / "a.png")
    if refused:
        said = pack_refused(tmp_path)
        assert "pgf prints its draft box in place of a.png" in said, said
        return
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    said = next((line for line in ran.stderr.splitlines() if "forced-final" in line), ran.stderr)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    for word in ("main.tex: the forced-final compile failed (", "only final",
                 "a draft box the source reads could not be checked (the class option draft",
                 "pgf prints its draft box in place of a (the include at main.tex:4))"):
        assert word in said, said
