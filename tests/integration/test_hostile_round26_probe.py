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
