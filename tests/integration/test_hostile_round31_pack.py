"""Hostile round 31's pack rows (issue 45) on draft frames: an image framed inside a form
XObject (an xsavebox, a TikZ transparency group, ``\\pdfxform``: F2-F4), draft switched on
where forcing final did not reach (``\\Gin@drafttrue`` in the body or the paper's own
``\\AtBeginDocument``: F5), the plain ``graphics`` package in draft (F10), graphicx's
``demo`` as a class option (F7). The pass itself, case by case, is in docs/guarantees.md
("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import pack_refused, write_files
from PIL import Image


def _paper(root, preamble: str, body: str, cls: str = "{article}",
           package: str = "\\usepackage{graphicx}") -> None:
    """``root/p``: ``\\documentclass CLS``, ``PACKAGE``, ``PREAMBLE``, then ``BODY``, beside
    ``a.png``."""
    (root / "p").mkdir(parents=True)
    Image.new("RGB", (120, 80), (30, 160, 30)).save(root / "p" / "a.png")
    write_files(root / "p", {"main.tex": (
        f"\\documentclass{cls}\n{package}\n{preamble}\n\\author{{Anonymous}}\n"
        f"\\begin{{document}}\nIntro. {body} More.\n\\end{{document}}\n")})


def _refused(root, *words: str) -> None:
    said = pack_refused(root)
    for word in ("a.png", "page 1", "remove", *words):
        assert word in said, said


_DRAFT = "\\includegraphics[width=3cm,draft]{a.png}"


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("preamble", "body"), [
    ("\\usepackage{xsavebox}", (f"\\xsavebox{{pic}}{{{_DRAFT}}}\\xusebox{{pic}} and "
                                "\\xusebox{pic}")),
    ("\\usepackage{tikz}", ("\\begin{tikzpicture}\\begin{scope}[transparency group]"
                            f"\\node{{{_DRAFT}}};\\end{{scope}}\\end{{tikzpicture}}")),
    ("", f"\\setbox0\\hbox{{{_DRAFT}}}\\pdfxform0 \\pdfrefxform\\pdflastxform{{}}")],
    ids=["F2", "F3", "F4"])
def test_a_frame_inside_a_form_is_refused(tmp_path, preamble, body):
    r"""Round 31 (F2, F3, F4): an include with its own draft key inside a form XObject (an
    xsavebox used twice, a TikZ transparency group, pdfTeX's ``\pdfxform``): the archive
    printed the frame and the pack said nothing, exit 0 (each page placed one form in both
    compiles). The images drawn inside forms are counted too: the pack stops, naming the
    include's own key."""
    _paper(tmp_path, preamble, body)
    _refused(tmp_path, "its own draft key")


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("preamble", "body"), [
    ("", "\\makeatletter\\Gin@drafttrue\\makeatother \\includegraphics[width=3cm]{a.png}"),
    ("\\makeatletter\\AtBeginDocument{\\Gin@drafttrue}\\makeatother",
     "\\includegraphics[width=3cm]{a.png}")], ids=["body", "hook"])
def test_draft_switched_on_past_the_forcing_is_refused(tmp_path, preamble, body):
    r"""Round 31 (F5): ``\Gin@drafttrue`` in the body, or in the paper's own
    ``\AtBeginDocument``, before an include: the archive printed a frame and the pack said
    nothing, exit 0 (the compile forced final framed it too). Forced final, ``\Gin@drafttrue``
    sets final: the pack stops."""
    _paper(tmp_path, preamble, body)
    _refused(tmp_path)


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("cls", "package"), [
    ("[draft]{article}", "\\usepackage{graphics}"),
    ("{article}", "\\usepackage[draft]{graphics}")], ids=["class", "option"])
def test_the_graphics_package_in_draft_is_refused(tmp_path, cls, package):
    r"""Round 31 (F10): the plain ``graphics`` package (no x) in draft, by the class's option
    or its own: the archive printed a frame and the pack said nothing, exit 0 (forcing final
    reached graphicx only). Forced final reaches graphics too: the pack stops."""
    _paper(tmp_path, "", "\\includegraphics{a.png}", cls, package)
    _refused(tmp_path)


@pytest.mark.slow  # TeX compiles the archive
def test_demo_as_a_class_option_is_refused(tmp_path):
    r"""Round 31 (F7): ``\documentclass[demo]{article}``, a global option graphicx hears: the
    archive printed a black box and the pack said nothing, exit 0 (demo was read only in
    graphicx's own options). The pack stops, naming the class option and the include."""
    _paper(tmp_path, "", "\\includegraphics[width=3cm]{a.png}", "[demo]{article}")
    said = pack_refused(tmp_path)
    for word in ("the class option demo", "main.tex:6", "black box", "remove it"):
        assert word in said, said


@pytest.mark.slow  # TeX compiles the archive, and waits for a forced compile that loops
@pytest.mark.parametrize(("hook", "cls", "refused"), [
    ("\\ifGin@draft\\else\\def\\x{\\x}\\x\\fi", "[draft]{article}", True),
    ("\\@ifundefined{figures@setfile}{}{\\def\\x{\\x}\\x}", "{article}", False)],
    ids=["refused", "warned"])
def test_a_forced_final_compile_that_loops_is_cut_early_and_said(tmp_path, monkeypatch, hook,
                                                                cls, refused):
    r"""Round 31 (F13): a draft class whose paper loops only when final
    (``\AtBeginDocument{\ifGin@draft\else\def\x{\x}\x\fi}``): the pack waited the runner's
    300 s in silence, then refused rightly. The forced-final compile now has a limit of its
    own, from the archive's own compile's time (a floor, lowered here, and 10 times it): cut
    there, the refusal says so; so does a warning when the log reads no frame (a paper that
    loops only under the forcing, its text saying "draft"). The runner's limit is lowered to
    40 s here, so the test fails in under a minute without the mend."""
    import time

    from helpers import REPO, figures_in_process

    from figures import runner
    from figures.pack import tex

    monkeypatch.setattr(runner, "TIMEOUT_S", 40)
    monkeypatch.setattr(tex, "FORCED_FLOOR_S", 2, raising=False)
    _paper(tmp_path, f"\\makeatletter\\AtBeginDocument{{{hook}}}\\makeatother",
           "A draft. \\includegraphics[width=3cm]{a.png}", cls)
    started = time.monotonic()
    code, _, err = figures_in_process("pack", str(tmp_path / "p"), "--out",
                                      str(tmp_path / "p.tar.gz"), "--figdata",
                                      str(REPO / "figdata"))
    said = next((line for line in err.splitlines() if "forced-final" in line), err)
    assert code == (1 if refused else 0), err
    assert time.monotonic() - started < 30, said
    assert ("the class option draft" in said) is refused, said
    assert "the forced-final compile did not end within" in said, said
    assert "s, so the frames were judged from the log" in said, said
    assert refused or "which shows no graphicx frame (nor can it show pgf's or animate's " \
        "boxes)" in said, said  # round 38, T3: not "which shows none" (a pgf box it cannot)
    assert not said.endswith("…"), said
