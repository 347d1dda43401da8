"""Round 42a: a hostile pass (record only) over the paper path; the rows of where sync writes
a bare include's copy under a ``\\graphicspath`` (figures/paper/gfolders.py) mended."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user, write_files

#: IEEE's stock ``bare_conf.tex`` preamble as authors keep it (``\graphicspath`` at line 4,
#: folders beside the paper's that are seldom there), two bare includes of ours.
_IEEE = r"""\documentclass[conference]{IEEEtran}
\ifCLASSINFOpdf
  \usepackage[pdftex]{graphicx}
  \graphicspath{PATH}
  \DeclareGraphicsExtensions{.pdf,.jpeg,.png}
\else
  \usepackage[dvips]{graphicx}
  \DeclareGraphicsExtensions{.eps}
\fi
\usepackage{lipsum}
\begin{document}
\title{Bare Demo of IEEEtran.cls}
\author{\IEEEauthorblockN{Anonymous}}
\maketitle
\input{macros}
\section{Introduction}
\lipsum[1-2]
\begin{figure}[!t]
\centering
\includegraphics[width=2.5in]{cifar_summary}
\caption{Simulation results for the network.}
\end{figure}
\lipsum[3-4]
\begin{figure}[!t]
\centering
\includegraphics[width=\linewidth]{cifar_feature_drift}
\caption{Drift.}
\end{figure}
\end{document}
"""


def _run(cwd, *argv):
    ran = figures_as_a_user(cwd, *argv, "--allow-synthetic", timeout=900)
    return ran.returncode, ran.stdout + ran.stderr


def _row(out: str, figure: str) -> str:
    [row] = [line for line in out.splitlines() if line.startswith(figure)]
    return row


def test_a_bare_include_is_never_written_into_a_graphics_path_outside_the_paper(tmp_path):
    """Round 42a (A41): a bare name's copy goes into the graphics path's first folder inside
    the paper that exists, else its first inside (made), else beside the main file (where
    graphicx looks first); never into a folder outside the paper, through a link neither."""
    from figures.paper.gfolders import first_target

    paper = tmp_path / "P"
    (paper / "img").mkdir(parents=True)
    (tmp_path / "shared").mkdir()
    (paper / "linked").symlink_to(tmp_path / "shared")
    out, linked, figs, img = tmp_path / "pdf", paper / "linked", paper / "figs", paper / "img"
    assert first_target("x", paper, [out, paper / "../jpeg"]) == paper / "x"
    assert first_target("x", paper, [out, linked]) == paper / "x"
    assert first_target("x", paper, [out, figs, img]) == img / "x"
    assert first_target("x", paper, [out, figs]) == figs / "x"
    assert first_target("x", paper, []) == paper / "x"
    assert first_target("sub/x", paper, [img]) == paper / "sub/x"


@pytest.mark.slow  # sync asks TeX, figures paper compiles the paper
def test_ieee_template_graphicspath_outside_the_paper_writes_beside_main(tmp_path):
    """Round 42a (A41): IEEE's stock template keeps ``\\graphicspath{{../pdf/}{../jpeg/}}``
    (folders seldom there): sync chose ``../pdf/cifar_summary.pdf`` and refused every bare
    include of ours ("copy it by hand, or \\includegraphics a path inside the paper", of an
    include without a path). Now the copies go beside main.tex, which graphicx reads before
    any graphics path; nothing is written outside; `figures paper` compiles and finds ours.
    A graphics path folder inside the paper that exists is still where they go."""
    write_files(tmp_path / "P", {"main.tex": _IEEE.replace("PATH", "{../pdf/}{../jpeg/}")})
    code, out = _run(tmp_path, "sync", "P")
    assert code == 0, out
    assert _row(out, "cifar_summary").split()[1] == "cifar_summary.pdf", out
    assert (tmp_path / "P" / "cifar_summary.pdf").is_file(), out
    assert (tmp_path / "P" / "cifar_feature_drift.pdf").is_file(), out
    assert not (tmp_path / "pdf").exists()
    assert not (tmp_path / "jpeg").exists()
    code, out = _run(tmp_path, "paper", "P")
    assert code == 0, out
    assert "main.pdf: 2 figure(s) of ours, 0 foreign; 0 problem(s)" in out, out
    write_files(tmp_path / "Q", {"main.tex": _IEEE.replace("PATH", "{../pdf/}{figs/}")})
    (tmp_path / "Q" / "figs").mkdir()
    code, out = _run(tmp_path, "sync", "Q")
    assert code == 0, out
    assert (tmp_path / "Q" / "figs" / "cifar_summary.pdf").is_file(), out
    assert not (tmp_path / "Q" / "cifar_summary.pdf").exists(), out


@pytest.mark.slow  # sync asks TeX
def test_a_picture_of_hers_in_a_graphics_path_outside_the_paper_names_the_line(tmp_path):
    """Round 42a (A41): her own ``../pdf/cifar_summary.pdf`` (no provenance of ours), which
    TeX prints now through the template's graphics path: ours beside main.tex would hide
    it, and sync never moves a file outside the paper. The refusal names her file, the
    ``\\graphicspath`` line and what to do; ``--overwrite-theirs`` (which the row offered,
    then refused to move it) changes nothing; nothing is written."""
    from pypdf import PdfWriter

    write_files(tmp_path / "P", {"main.tex": _IEEE.replace("PATH", "{../pdf/}{../jpeg/}")})
    (tmp_path / "pdf").mkdir()
    writer = PdfWriter()
    writer.add_blank_page(144, 72)
    writer.write(tmp_path / "pdf" / "cifar_summary.pdf")
    hers = (tmp_path / "pdf" / "cifar_summary.pdf").read_bytes()
    for extra in ((), ("--overwrite-theirs",)):
        code, out = _run(tmp_path, "sync", "P", *extra)
        assert code == 1, out
        assert _row(out, "cifar_summary").split(None, 2)[2] == (
            "refused: ../pdf/cifar_summary.pdf is outside the paper's folder, in {../pdf/} of "
            "the \\graphicspath at main.tex:4: pdflatex prints it now, and it is not ours (no "
            "provenance of fa-audit-figures inside): the cifar_summary.pdf sync would write is "
            "read first and yours would stop printing; rename yours (and the include) to keep "
            "it; to print ours, move it out of ../pdf/ or take {../pdf/} out of that "
            "\\graphicspath, then sync again (sync never writes or moves a file outside the "
            "paper)"), out
        assert sorted(p.name for p in (tmp_path / "P").iterdir()) == ["main.tex"], out
        assert sorted(p.name for p in (tmp_path / "pdf").iterdir()) == ["cifar_summary.pdf"]
        assert (tmp_path / "pdf" / "cifar_summary.pdf").read_bytes() == hers
