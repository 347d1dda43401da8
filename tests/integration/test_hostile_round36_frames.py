"""Hostile round 36's pack rows (issue 45) at the edge of the forced-final compile's reach:
pgf's draft key under ``\\usepackage{pgfcore}`` alone (A1), animate's box over an
``animateinline`` of TikZ drawings or ``\\pgfimage``s (A3, A9), and round 35's wording rows
it meets: pgf's draft passed by ``\\RequirePackage`` before the class (M1p), an image whose
name holds a comma (O2), a forced compile cut beside pgf's box (T1). The pass itself, case
by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import pack_refused, write_files
from PIL import Image


def _image(path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (120, 80), (30, 160, 30)).save(path)


def _paper(root, head: str, body: str, images=("a.png",)) -> None:
    write_files(root / "p", {"main.tex": (
        f"{head}\n\\begin{{document}}\nIntro. {body} More.\n\\end{{document}}\n")})
    for image in images:
        _image(root / "p" / image)


@pytest.mark.slow  # TeX compiles the archive twice
@pytest.mark.parametrize(("preamble", "body", "why"), [
    ("\\pgfdeclareimage[draft,width=3cm,height=2cm]{pic}{a}", "\\pgfuseimage{pic}",
     "its own draft key, \\pgfdeclareimage[draft,width=3cm,height=2cm] at main.tex:3"),
    ("\\pgfkeys{/pgf/images/draft}", "\\pgfimage[width=3cm,height=2cm]{a}", "")],
    ids=["A1-declared-draft", "A1k-draft-key"])
def test_pgfcore_alone_draft_box_is_refused(tmp_path, preamble, body, why):
    r"""Round 36 (A1): ``\usepackage{pgfcore}`` (pgf's documented core, no pgf.sty) and pgf's
    draft key in the preamble: the forced compile voided pgf's draft only as pgf.sty loaded,
    so both compiles printed pgf's box and it shipped with no word. pgfcore's loading is
    reached too: the pack stops naming the box's file."""
    _paper(tmp_path, f"\\documentclass{{article}}\n\\usepackage{{pgfcore}}\n{preamble}", body)
    said = pack_refused(tmp_path)
    assert "a.png" in said, said
    assert "page 1" in said, said
    assert why in said, said


@pytest.mark.slow  # TeX compiles the archive twice
@pytest.mark.parametrize(("packages", "frames", "images"), [
    ("tikz,animate",
     "\\tikz\\fill[red] (0,0) circle (1);\\newframe\\tikz\\fill[blue] (0,0) rectangle (2,2);",
     ()),
    ("tikz,animate",
     "\\pgfimage[width=3cm,height=2cm]{fr0}\\newframe\\pgfimage[width=3cm,height=2cm]{fr1}",
     ("fr0.png", "fr1.png"))],
    ids=["A3-tikz-frames", "A9-pgfimage-frames"])
def test_animateinline_of_drawings_or_pgf_images_draft_box_is_refused(tmp_path, packages,
                                                                     frames, images):
    r"""Round 36 (A3, A9): ``animateinline`` whose frames are TikZ drawings, or
    ``\pgfimage``s, under a plain ``\documentclass[draft]``: animate prints its empty box,
    and it shipped with no word (only ``\includegraphics`` frames were read from the source).
    The page showing more of animate's widgets forced final is found: the pack stops naming
    the class's draft and the animation."""
    _paper(tmp_path, ("\\documentclass[draft]{article}\n\\usepackage[final]{graphicx}"
                      f"\\usepackage{{{packages}}}"),
           f"\\begin{{animateinline}}{{2}}{frames}\\end{{animateinline}}", images)
    said = pack_refused(tmp_path)
    for word in ("the class option draft (main.tex:1), which animate hears",
                 "animate prints its draft box in place of the animation",
                 "(the include at main.tex:4)", "page 1"):
        assert word in said, said


@pytest.mark.slow  # TeX compiles the archive twice
def test_pgf_draft_required_before_the_class_is_named(tmp_path):
    r"""Round 35 (M1p): ``\RequirePackage[draft]{pgf}`` before ``\documentclass``: refused,
    but worded "in place of an image (input line 0)", naming neither the file nor the line
    (pgf's option was read from ``\usepackage`` only). It names both now."""
    _paper(tmp_path, ("\\RequirePackage[draft]{pgf}\n\\documentclass{article}\n"
                      "\\usepackage{graphicx}"), "\\pgfimage[width=3cm,height=2cm]{a}")
    said = pack_refused(tmp_path)
    assert "pgf's option draft (main.tex:1)" in said, said
    assert "in place of a.png" in said, said
    assert "input line 0" not in said, said


@pytest.mark.slow  # TeX compiles the archive twice
def test_an_image_named_with_a_comma_is_named(tmp_path):
    r"""Round 35 (O2): pgf's box for ``plot,v2.png`` under a ``[draft]`` class: refused as
    "an image (input line 0)" (the log's reading of a read file stopped at a comma). Its
    name is read whole: the refusal names it and the class's draft."""
    _paper(tmp_path, "\\documentclass[draft]{article}\n\\usepackage{tikz}",
           "\\pgfimage[width=3cm,height=2cm]{plot,v2}", ("plot,v2.png",))
    said = pack_refused(tmp_path)
    assert "the class option draft (main.tex:1), which pgf hears" in said, said
    assert "in place of plot,v2.png" in said, said


@pytest.mark.slow  # TeX compiles the archive, and waits for a forced compile that loops
def test_a_cut_forced_compile_names_the_pgf_box_the_source_reads(tmp_path, monkeypatch):
    r"""Round 36 (T1): a ``[draft]`` paper that loops only when final, beside a
    ``\pgfimage``: the forced compile is cut at its limit and pgf's box (which no log shows)
    shipped with a warning that the log "shows none", where a forced compile that fails
    names the box the source reads (round 35, M9). The cut one names it too."""
    from helpers import REPO, figures_in_process

    from figures import runner
    from figures.pack import tex

    monkeypatch.setattr(runner, "TIMEOUT_S", 40)
    monkeypatch.setattr(tex, "FORCED_FLOOR_S", 2, raising=False)
    _paper(tmp_path, ("\\documentclass[draft]{article}\n\\usepackage{tikz}\n\\makeatletter"
                      "\\AtBeginDocument{\\ifGin@draft\\else\\def\\spin{\\spin}\\spin\\fi}"
                      "\\makeatother"), "\\pgfimage[width=3cm,height=2cm]{a}")
    code, _, err = figures_in_process("pack", str(tmp_path / "p"), "--out",
                                      str(tmp_path / "p.tar.gz"), "--figdata",
                                      str(REPO / "figdata"))
    said = next((line for line in err.splitlines() if "forced-final" in line), err)
    assert code == 0, err
    assert "the forced-final compile did not end within" in said, said
    assert "so a draft box the source reads could not be checked" in said, said
    assert "which pgf hears: pgf prints its draft box in place of a (the include at main.tex:5)" \
        in said, said


@pytest.mark.slow  # TeX compiles the archive
def test_the_changes_packages_list_is_rerun_until_it_settles(tmp_path):
    r"""Round 35 (Q1c): the changes package's ``\listofchanges`` (its ``.loc``, read back by
    the next run, with no "Rerun" line in the log): the archive was compiled once and the pack
    warned that its PDF differs from the paper's own and to "look at what was stripped"
    (nothing was). Every file of the job's a run writes and the next reads back is compared
    now, not a list of known suffixes: it packs with no warning."""
    from helpers import figures_as_a_user

    _paper(tmp_path, "\\documentclass{article}\n\\usepackage{graphicx,changes}",
           ("\\added{new text}\\deleted{old text}\\replaced{new}{old} "
            "\\includegraphics[width=2cm]{a.png}\\listofchanges"))
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stderr
    assert "differs from the paper's own compile" not in ran.stderr, ran.stderr
