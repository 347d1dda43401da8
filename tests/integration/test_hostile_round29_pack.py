"""Hostile round 29's pack rows (issue 45) on draft mode: whether an include prints graphicx's
or pdfpages' frame is read from the archive's compile (its log sized the file and placed it
nowhere, and a page prints the name), no longer from the source (D1, D2, D4, D5). The pass
itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import figures_as_a_user, pack_refused, write_files
from PIL import Image

_MENTION = "The plot file is \\texttt{a.png} in our repository."


def _paper(root, preamble: str, body: str) -> None:
    """``root/p``: ``PREAMBLE`` (from ``\\documentclass`` on), then ``BODY``, beside
    ``a.png`` and ``supp.pdf`` (one page)."""
    (root / "p").mkdir(parents=True)
    Image.new("RGB", (120, 80), (30, 160, 30)).save(root / "p" / "a.png")
    Image.new("RGB", (300, 200), (200, 60, 60)).save(root / "p" / "supp.pdf")
    write_files(root / "p", {"main.tex": (
        f"{preamble}\n\\author{{Anonymous}}\n\\begin{{document}}\n{body}\nText.\n"
        "\\end{document}\n")})


def _packs(root) -> None:
    ran = figures_as_a_user(root, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "draft" not in ran.stderr, ran.stderr
    assert "frame" not in ran.stderr, ran.stderr


def test_an_image_placed_is_read_from_the_log():
    """Round 29: graphicx logs ``File: NAME Graphic file`` for each image it places (a line
    TeX broke at 79 characters joined first): that image is printed, whatever draft the
    source seems to ask."""
    from figures.pack.inputs import placed  # (here: the file collects without the mend)

    logged = ("<a.png, id=1, 144.54pt x 108.405pt>\nFile: a.png Graphic file (type png)\n"
              "<b.png, id=3, 144.54pt x 108.405pt>\n" + "x" * 73 + "File: figs/c.pn\n"
              "g Graphic file (type png)\n")
    assert placed(logged) == {"a.png"}  # only a line's start is a log line
    assert placed("File: figs/c.png Graphic file (type png)\n") == {"figs/c.png"}


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("preamble", "body", "said"), [
    (("\\documentclass[draft]{article}\n\\usepackage{graphicx}\n"
     "\\PassOptionsToPackage{final}{graphicx}"), "\\includegraphics[width=3cm]{a.png}",
     ("error: main.tex: the class option draft (main.tex): graphicx prints a frame for each "
     "image: the archive's PDF prints a.png's on page 1 in place of the figure included at "
     "main.tex:6; remove it; the pack stops")),
    (("\\documentclass[draft]{article}\n\\usepackage{graphicx}\n\\usepackage{pdfpages}\n"
     "\\PassOptionsToPackage{final}{pdfpages}"),
     "\\includegraphics[width=3cm,draft=false]{a.png}\n\\includepdf[pages=-]{supp.pdf}",
     ("error: main.tex: \\includepdf{supp.pdf} at main.tex:8 in draft mode (the class option "
     "draft): pdfpages prints a frame with the file's name in place of its pages (page 2 of "
     "the archive's PDF); remove draft; the pack stops"))], ids=["PL", "PLP"])
def test_a_final_passed_after_loading_undoes_no_draft(tmp_path, preamble, body, said):
    r"""Round 29 (D1): a draft class, graphicx (or pdfpages) loaded, and only then
    ``\PassOptionsToPackage{final}{graphicx}`` (``{pdfpages}``), which TeX no longer hears:
    the archive printed a frame with "a.png" ("supp.pdf") in place of the figure (the
    supplement), and the pack said nothing, exit 0 (the late final counted). Now TeX's log
    says it (the file sized, placed nowhere) and the pack stops, naming the class's draft."""
    _paper(tmp_path, preamble, body)
    assert pack_refused(tmp_path).startswith(said)


@pytest.mark.slow  # TeX compiles the archive
def test_a_draft_passed_after_loading_is_no_draft(tmp_path):
    r"""Round 29 (D2): a plain class, graphicx loaded, then
    ``\PassOptionsToPackage{draft}{graphicx}`` (too late: TeX prints the image), and the text
    naming a.png: the pack was refused as draft ("graphicx's option draft ... prints a.png's
    on page 1"), the text's own name taken for the frame. TeX's log placed a.png: it packs."""
    _paper(tmp_path, "\\documentclass{article}\n\\usepackage{graphicx}\n"
           "\\PassOptionsToPackage{draft}{graphicx}",
           f"\\includegraphics[width=3cm]{{a.png}} {_MENTION}")
    _packs(tmp_path)


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("package", "body", "said"), [
    ("graphicx", "\\includegraphics[width=3cm]{a.png}",
     ("error: a.png: the archive's PDF prints graphicx's frame with this name on page 1 in "
     "place of the figure included at main.tex:7 (TeX's log sized a.png and placed it "
     "nowhere: graphicx in draft mode there, by the class's option draft or its own; a final "
     "TeX never hears (passed by \\PassOptionsToPackage after the package is loaded, or in a "
     "false branch) undoes nothing); remove draft")),
    ("pdfpages", "\\includepdf[pages=-]{supp.pdf}",
     ("error: main.tex: \\includepdf{supp.pdf} at main.tex:7 in draft mode (TeX's log read "
     "supp.pdf and placed it nowhere; a final TeX never hears"))], ids=["PIF", "PIFP"])
def test_a_final_in_a_false_branch_undoes_no_draft(tmp_path, package, body, said):
    r"""Round 29 (D4): a draft class, ``\newif\iffinal \finalfalse``,
    ``\iffinal\PassOptionsToPackage{final}{graphicx}\fi``, then graphicx: the archive printed
    a frame with "a.png" and the pack said nothing, exit 0 (the final in the false branch
    counted). Now the archive's log says it and the pack stops; pdfpages alike."""
    _paper(tmp_path, f"\\documentclass[draft]{{article}}\n\\newif\\iffinal \\finalfalse\n"
           f"\\iffinal\\PassOptionsToPackage{{final}}{{{package}}}\\fi\n"
           f"\\usepackage{{{package}}}", body)
    assert pack_refused(tmp_path).startswith(said)


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize("options", ["draft,final", "final,draft"], ids=["DF", "FD"])
def test_a_class_given_draft_and_final_prints_the_images(tmp_path, options):
    r"""Round 29 (D5): ``\documentclass[draft,final]{article}`` (either order) and the text
    naming a.png: graphics declares final after draft, so final wins and TeX prints the
    image; the pack was refused as draft ("the class option draft ..."). Now it packs: the
    archive's log placed a.png; and the source reading (figures paper's) is final too."""
    from figures.paper import drafts  # (here: the file collects without the mend)
    from figures.paper.latex import read_paper

    _paper(tmp_path, f"\\documentclass[{options}]{{article}}\n\\usepackage{{graphicx}}",
           f"\\includegraphics[width=3cm]{{a.png}} {_MENTION}")
    assert drafts.draft(read_paper(tmp_path / "p", Path("main.tex"))) is None
    _packs(tmp_path)
