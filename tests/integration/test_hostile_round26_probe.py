"""Hostile round 26's unclear rows on the paper path's probe and placement, mended in round 26:
graphicx's star with nothing to cut (SX), epsfig's ``\\epsfig``/``\\psfig`` (EF), an include
inside a standalone wrapper the paper includes (IS), beamer's full-width advice and overlays
(BO)."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user, write_files

_ICML = ("\\documentclass[twocolumn]{article}\n"
         "\\usepackage[letterpaper,textwidth=6.75in,textheight=9in,columnsep=0.25in]{geometry}\n"
         "\\usepackage{graphicx}\n")


def _run(cwd, *argv: str, rc: int = 0) -> str:
    """``figures ARGV --allow-synthetic`` in ``cwd`` as a user runs it, exit ``rc``: what it
    printed (stdout, then stderr)."""
    ran = figures_as_a_user(cwd, *argv, "--allow-synthetic", timeout=600)
    out = ran.stdout + ran.stderr
    assert ran.returncode == rc, out
    return out


def _figure(preamble: str, include: str) -> dict[str, str]:
    return {"main.tex": _ICML + preamble + "\\begin{document}\n\\begin{figure}[t]\\centering\n"
            + include + "\n\\caption{S.}\\end{figure}\nText.\n\\end{document}\n"}


@pytest.mark.slow  # sync and paper compile TeX
def test_a_star_with_nothing_to_cut_prints_the_figure_whole(tmp_path):
    r"""Round 26 (SX): ``\includegraphics*[width=\columnwidth]{cifar_summary}`` (graphicx's
    star: clip to the figure's own box, nothing cut) was refused, "the paper prints it trimmed
    or clipped"; by hand it prints whole. Now clip without trim/viewport/bb is no trim: sync
    builds it for its box and the audit finds it current at 100 %, nothing cropped."""
    write_files(tmp_path / "SX", _figure("", "\\includegraphics*[width=\\columnwidth]"
                                         "{cifar_summary}"))
    out = _run(tmp_path, "sync", "SX", "--venue", "icml")
    assert "trimmed or clipped" not in out, out
    assert (tmp_path / "SX" / "cifar_summary.pdf").is_file(), out
    out = _run(tmp_path, "paper", "SX", "--venue", "icml")
    assert "cropped" not in out, out
    assert any(line.startswith("cifar_summary ") and "current    100%  3.25\"" in line
               for line in out.splitlines()), out


@pytest.mark.slow  # sync and paper compile TeX
@pytest.mark.parametrize("include", ["\\epsfig{file=cifar_summary,width=\\columnwidth}",
                                     "\\psfig{figure=cifar_summary.pdf,width=\\columnwidth}"])
def test_sync_sees_epsfigs_includes(tmp_path, include):
    r"""Round 26 (EF): an old paper's ``\usepackage{epsfig}`` and ``\epsfig{file=...}`` (or
    ``\psfig{figure=...}``): sync said "ours, not in the paper: ... cifar_summary" and copied
    nothing (the probe hooked ``\Gin@ii``; epsfig.sty calls ``\Ginclude@graphics``), then
    ``paper`` stopped on "File not found". Now the probe logs an include reached there too:
    sync copies the build for its box and the audit finds it current at 100 %."""
    write_files(tmp_path / "EF", _figure("\\usepackage{epsfig}\n", include))
    out = _run(tmp_path, "sync", "EF", "--venue", "icml")
    assert "cifar_summary  cifar_summary.pdf               copy build/icml/w3.25/" \
        "cifar_summary.pdf" in out, out
    assert "cifar_summary" not in out.split("ours, not in the paper:")[-1].split("\n")[0], out
    out = _run(tmp_path, "paper", "EF", "--venue", "icml")
    assert any(line.startswith("cifar_summary ") and "current    100%  3.25\"" in line
               for line in out.splitlines()), out


@pytest.mark.slow  # sync compiles TeX
def test_an_include_inside_a_standalone_panel_keeps_its_own_file(tmp_path):
    r"""Round 26 (IS): ``\includestandalone[width=\columnwidth]{figs/panel}``, ``panel.tex``
    a standalone wrapper of ``\includegraphics{cifar_summary}``: the second sync (our figure
    there by then) copied it to a stray ``panel.tex.pdf`` TeX never reads and listed it as the
    paper's file (the inner include overwrote the outer's file in the probe). Now each level
    keeps its own: the panel is the paper's, ours is ``cifar_summary.pdf``, up to date."""
    write_files(tmp_path / "IS", {
        **_figure("\\usepackage{standalone}\n",
                  "\\includestandalone[width=\\columnwidth]{figs/panel}"),
        "figs/panel.tex": "\\documentclass{standalone}\n\\usepackage{graphicx}\n"
                          "\\begin{document}\n\\includegraphics{cifar_summary}\n\\end{document}\n"})
    first = _run(tmp_path, "sync", "IS", "--venue", "icml")
    assert "cifar_summary  cifar_summary.pdf               copy build/icml/w3.25/" \
        "cifar_summary.pdf" in first, first
    again = _run(tmp_path, "sync", "IS", "--venue", "icml")
    assert "cifar_summary  cifar_summary.pdf               up to date" in again, again
    assert "not ours (left as they are): figs/panel.tex (main.tex:7)" in again, again
    assert "panel.tex.pdf" not in again, again
    assert sorted(p.name for p in (tmp_path / "IS").rglob("*.pdf")) == ["cifar_summary.pdf"]


@pytest.mark.slow  # sync compiles TeX and draws
def test_beamer_full_width_advice_and_an_overlay_listed_once(tmp_path):
    r"""Round 26 (BO): in beamer, ``\includegraphics<2->[width=0.8\textwidth]{cifar_summary}``
    (on slides 2 and 3 of one frame) was listed twice, and ``cifar_feature_drift`` failing
    the legibility rules at ``\textwidth`` (4.252 in, the slide's whole width) was told "put
    it in a wider box (a figure*, width=)": beamer has neither. Now the include is one row, and
    the advice says no wider box holds it on this page and what to do instead; since round 49a
    (P4b) the cause it names is the slide's height, which squeezes the drawing."""
    write_files(tmp_path / "BO", {"main.tex": (
        "\\documentclass{beamer}\n\\begin{document}\n\\begin{frame}{Results}\nBP first.\n"
        "\\includegraphics<2->[width=0.8\\textwidth]{cifar_summary}\n"
        "\\only<3>{\\includegraphics[width=\\textwidth]{cifar_feature_drift}}\n"
        "\\end{frame}\n\\end{document}\n")})
    out = _run(tmp_path, "sync", "BO", rc=1)
    assert len([line for line in out.splitlines() if line.startswith("cifar_summary ")]) == 1, out
    [row] = [line for line in out.splitlines() if line.startswith("cifar_feature_drift ")]
    # round 49a (P4b): the slide's height is the cause, named
    assert "refused: this page is too short for it: it needs " in row, row
    assert "at 4.252 in wide" in row, row
    assert "(1.862 in: half its 3.724 in text height)" in row, row
    assert row.endswith("draw it with fewer rows of panels (its module's drawing), or leave it "
                        "out of the paper"), row


@pytest.mark.slow  # sync compiles TeX
def test_graphics_own_box_form_reached_without_gin_ii_is_refused_as_trimmed(tmp_path):
    r"""Round 26 (EF), the same hook: graphics.sty's ``\includegraphics[0,0][100,100]{x}``
    (a viewport of its own, read through ``\Ginclude@graphics`` too) was not seen at all;
    logged there it must not be copied as if printed whole: it is refused as trimmed, with
    the include that prints it at 100 %."""
    write_files(tmp_path / "VP", _figure("", "\\includegraphics[0,0][100,100]{cifar_summary}"))
    out = _run(tmp_path, "sync", "VP", "--venue", "icml", rc=1)
    assert "cifar_summary  main.tex:6                      refused: the paper prints it " \
        "trimmed or clipped, so no build of it prints at 100 %: write " \
        "\\includegraphics[width=\\linewidth]{cifar_summary} at main.tex:6" in out, out
