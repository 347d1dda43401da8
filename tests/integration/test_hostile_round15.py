"""Round 15: a fresh hostile pass (record only) over ``figures paper``, ``pack``, ``sync``,
``which`` and the goldens; the cases it found broken, kept. The pass itself is in
docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import REPO

_WRITER = ("\\documentclass{article}\n\\newwrite\\f\n"
           "\\immediate\\openout\\f=OUTSIDE\n\\immediate\\write\\f{written by the paper}\n"
           "\\immediate\\closeout\\f\n\\immediate\\openout\\f=../up.txt\n"
           "\\immediate\\write\\f{up}\n\\immediate\\closeout\\f\n"
           "\\begin{document}\nHi.\n\\end{document}\n")


@pytest.mark.slow  # pdflatex, then sync's probe
def test_tex_writes_nothing_outside_its_folder_whatever_the_shell_exports(tmp_path, monkeypatch):
    r"""``openout_any=a`` (and ``TEXMFOUTPUT=/``, ``shell_escape=t``) exported: a downloaded
    paper's ``\immediate\openout`` wrote ``/abs/pwned.txt`` and ``../up.txt`` through sync's
    probe and `figures paper`'s latexmk, exit 0. Every TeX run is paranoid, whatever the
    shell says."""
    from figures import runner
    from figures.cli import main as cli

    for name, value in (("openout_any", "a"), ("TEXMFOUTPUT", "/"), ("shell_escape", "t")):
        monkeypatch.setenv(name, value)
    outside = tmp_path / "pwned.txt"
    paper = tmp_path / "a" / "p"
    paper.mkdir(parents=True)
    (paper / "main.tex").write_text(_WRITER.replace("OUTSIDE", str(outside)))
    runner.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], paper)
    assert not outside.exists()
    assert not (tmp_path / "a" / "up.txt").exists()
    monkeypatch.chdir(tmp_path)
    assert cli.main(["sync", str(paper), "--figdata", str(REPO / "figdata")]) == 1  # TeX refused
    assert not outside.exists()
    assert not list(tmp_path.rglob("up.txt"))


@pytest.mark.slow  # latexmk compiles the paper's copy, pdflatex the archive
@pytest.mark.parametrize("variable", ["TEXINPUTS", "TEXINPUTS_pdflatex"])
def test_the_proof_compile_sees_no_search_path_the_shell_exports(tmp_path, monkeypatch,
                                                                 variable):
    """``TEXINPUTS=/lab/styles:`` exported, the paper's ``labstyle.sty`` and ``shared.tex``
    only there: the proof compile found them through it too, and pack said "compiles from
    the archive alone" of an archive holding ``main.tex`` alone, exit 0."""

    styles, paper = tmp_path / "tin", tmp_path / "p"
    styles.mkdir()
    paper.mkdir()
    (styles / "labstyle.sty").write_text("\\ProvidesPackage{labstyle}\n"
                                         "\\newcommand{\\labname}{LAB}\n")
    (styles / "shared.tex").write_text("SHARED\n")
    (paper / "main.tex").write_text("\\documentclass{article}\n\\usepackage{labstyle}\n"
                                    "\\begin{document}\n\\labname\n\\input{shared}\n"
                                    "\\end{document}\n")
    monkeypatch.setenv(variable, f"{styles}:")
    assert _refused(paper, tmp_path) == (
        "main.tex: does not compile from the archive alone: LaTeX Error: File "
        f"`labstyle.sty' not found; the paper's compile found it through {variable} (exported "
        "in your shell), outside the paper's folder, which alone is packed: copy it into the "
        "folder")


def _refused(paper, tmp_path) -> str:
    """The one line ``figures pack`` refuses ``paper`` with, no archive written."""
    from figures.errors import FigureDataError
    from figures.pack.run import pack

    with pytest.raises(FigureDataError) as refused:
        pack(paper, tmp_path / "p.tar.gz", REPO / "figdata")
    assert not (tmp_path / "p.tar.gz").exists()
    return str(refused.value)


@pytest.mark.slow  # latexmk compiles the paper's copy, pdflatex the archive
def test_a_package_of_the_users_own_tex_tree_is_named_where_it_is(tmp_path, monkeypatch):
    """Round 23 (K5): ``~/texmf/tex/latex/labstyle/labstyle.sty``, the user's own TeX tree:
    the refusal ("File `labstyle.sty' not found") was right, but said neither where the
    file is nor what to do, as it does for a search path the shell exports."""
    home, paper = tmp_path / "home", tmp_path / "p"
    (home / "texmf" / "tex" / "latex" / "labstyle").mkdir(parents=True)
    (home / "texmf" / "tex" / "latex" / "labstyle" / "labstyle.sty").write_text(
        "\\ProvidesPackage{labstyle}\n\\newcommand{\\labname}{LAB}\n")
    paper.mkdir()
    (paper / "main.tex").write_text("\\documentclass{article}\n\\usepackage{labstyle}\n"
                                    "\\begin{document}\n\\labname\n\\end{document}\n")
    monkeypatch.setenv("HOME", str(home))
    assert _refused(paper, tmp_path) == (
        "main.tex: does not compile from the archive alone: LaTeX Error: File `labstyle.sty' "
        f"not found; the paper's compile found it at {home}/texmf/tex/latex/labstyle/"
        "labstyle.sty, in your own TeX tree (TEXMFHOME), outside the paper's folder, which "
        "alone is packed: copy it into the folder")


@pytest.mark.slow  # latexmk compiles the paper's copy, pdflatex the archive
def test_comments_in_the_papers_own_bbl_are_stripped(tmp_path):
    """The paper's own ``main.bbl`` (no ``.bib``: arXiv's, edited by hand) with a comment:
    the one in ``main.tex`` went, the one in ``main.bbl`` shipped word for word."""
    import tarfile

    from figures.pack.run import pack

    paper = tmp_path / "p"
    paper.mkdir()
    (paper / "main.tex").write_text(
        "\\documentclass{article}\n\\begin{document}\nSee \\cite{k}. % private: Bob\n"
        "\\bibliographystyle{plain}\n\\bibliography{refs}\n\\end{document}\n")
    (paper / "main.bbl").write_text(
        "\\begin{thebibliography}{1}\n% reviewer 2 is Bob Jones\n\\bibitem{k} D. Knuth. TeX."
        " % do not cite Bob\n\\end{thebibliography}\n")
    pack(paper, tmp_path / "p.tar.gz", REPO / "figdata")
    with tarfile.open(tmp_path / "p.tar.gz") as archive:
        bbl = archive.extractfile("main.bbl").read().decode()
    assert bbl == ("\\begin{thebibliography}{1}\n\\bibitem{k} D. Knuth. TeX. %\n"
                   "\\end{thebibliography}\n")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """cifar_summary's PDF and PNG as an icml build makes them."""
    from figures.outputs.build import build
    from figures.outputs.kind import parse_kind
    from figures.registry import BY_NAME

    out = tmp_path_factory.mktemp("built")
    [result] = build([BY_NAME["cifar_summary"]], REPO / "figdata", out, parse_kind("venue:icml"),
                     jobs=1)
    assert result.status == "built"
    return out


def _judged(built, target):
    """What sync says of replacing ``target`` (without and with --overwrite-theirs), and
    `which`'s state of it."""
    from figures.paper.which import which
    from figures.paper.write import moves_aside

    paper, inputs = target.parent, (REPO / "figdata", built)
    said = [moves_aside([target], target, target.name, paper, allowed, inputs)
            for allowed in (False, True)]
    return said, which(target, REPO / "figdata").state


@pytest.mark.slow  # builds cifar_summary
@pytest.mark.parametrize(("edit", "why"), [
    ("note", "it carries annotations added after the build (a reader's notes)"),
    ("turn", "it carries an update saved onto it after the build (an editor's)")])
def test_sync_never_replaces_our_pdf_a_co_author_annotated(built, tmp_path, edit, why):
    """A note added to our ``cifar_summary.pdf`` by an incremental save (as Okular saves
    one; our label kept): `which` said current, and sync copied a new build over it, no
    ``.bak``, no word. Annotations and a saved update (here a page turned, its drawing
    untouched) are the author's, as painting is."""
    import shutil

    from pypdf import PdfWriter
    from pypdf.annotations import Text

    target = tmp_path / "cifar_summary.pdf"
    shutil.copyfile(built / "cifar_summary.pdf", target)
    assert _judged(built, target) == ([([], []), ([], [])], "current")  # the build's own
    writer = PdfWriter(target, incremental=True)
    if edit == "note":
        writer.add_annotation(page_number=0, annotation=Text(text="Janet: larger legend",
                                                             rect=(50, 50, 200, 100)))
    else:
        writer.pages[0].rotate(90)
    with target.open("wb") as handle:
        writer.write(handle)
    (refused, kept), state = _judged(built, target)
    assert refused == (
        f"cifar_summary.pdf is labelled ours, but {why}: sync never overwrites it; rename it "
        "(and its include), or --overwrite-theirs (it is then kept as cifar_summary.pdf.bak)")
    assert kept == ([(target, tmp_path / "cifar_summary.pdf.bak")],
                    ["edited cifar_summary.pdf kept as cifar_summary.pdf.bak"])
    assert state == "not what its label says"


@pytest.mark.slow  # builds cifar_summary
def test_sync_and_which_agree_on_a_painted_figure_labelled_before_content_digests(built,
                                                                                    tmp_path):
    """Round 14's painted-over ``cifar_summary.png``, its label as builds before 87b2944 wrote
    it (no ``content=``): `which` said "painted over or edited", sync replaced it, no
    ``.bak``. One judgement now: whether such a file was edited cannot be told, and sync
    keeps it unless told."""
    import re

    from PIL import Image, ImageDraw, PngImagePlugin

    target = tmp_path / "cifar_summary.png"
    with Image.open(built / "cifar_summary.png") as image:
        image.load()
        kept = PngImagePlugin.PngInfo()
        for key, value in image.text.items():
            kept.add_text(key, re.sub(r"; content=[0-9a-f]+", "", value))
        ImageDraw.Draw(image).rectangle((5, 5, 60, 40), fill=(0, 255, 0))
        image.save(target, pnginfo=kept)
    (refused, kept), state = _judged(built, target)
    assert refused == (
        "cifar_summary.png is labelled ours, but its label predates content digests (built "
        "before 2026-11-27), so whether it was painted over or edited cannot be told: sync "
        "never overwrites it; rename it (and its include), or --overwrite-theirs (it is then "
        "kept as cifar_summary.png.bak)")
    assert kept == ([(target, tmp_path / "cifar_summary.png.bak")],
                    ["edited cifar_summary.png kept as cifar_summary.png.bak"])
    assert state == "not what its label says"


@pytest.mark.slow  # sync's probe
def test_a_number_written_by_hand_in_a_file_outside_the_papers_folder_is_checked(
        tmp_path, monkeypatch, capsys):
    r"""``\input{../shared/figs}`` holding ``61.5\%`` written by hand: check-tex said "0
    number(s) to look at", exit 0 (the same file inside the folder is flagged). The number
    TeX prints is checked wherever its file is; TeX's own files are not."""
    from figures.cli import main as cli

    (tmp_path / "shared").mkdir()
    (tmp_path / "paper").mkdir()
    (tmp_path / "shared" / "figs.tex").write_text("BP reaches 61.5\\% here.\n")
    (tmp_path / "paper" / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\n"
        "\\input{../shared/figs}\n\\end{document}\n")
    monkeypatch.chdir(tmp_path)
    code = cli.main(["sync", str(tmp_path / "paper"), "--figdata", str(REPO / "figdata"),
                     "--allow-synthetic"])
    out, err = capsys.readouterr()
    assert f"check-tex: {tmp_path}/shared/figs.tex:1: 61.5\\% is fig1_audit_hero's value " \
           "written by hand; use \\heroAccBP" in out
    assert err.rstrip().endswith("check-tex: 1 number(s) to look at")  # none of tikz's
    assert code == 1
