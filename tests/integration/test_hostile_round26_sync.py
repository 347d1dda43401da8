"""Hostile round 25's unclear rows on the paper path, mended in round 26: a ``.tex`` the paper
``\\input``s that is not there (LR2), our figure inside TikZ's externalized cache (TX2), a
letter beside the paper re-sizing the paper's figure (RB2)."""

from __future__ import annotations

import pytest
from helpers import figures_as_a_user, write_files

_GRAPHICX = "\\documentclass{article}\n\\usepackage{graphicx}\n"


def _sync(cwd, *argv: str, rc: int = 0) -> str:
    """``figures sync ARGV --allow-synthetic`` in ``cwd`` as a user runs it, exit ``rc``:
    what it printed (stdout, then stderr)."""
    ran = figures_as_a_user(cwd, "sync", *argv, "--allow-synthetic", timeout=600)
    out = ran.stdout + ran.stderr
    assert ran.returncode == rc, out
    return out


@pytest.mark.slow  # sync asks TeX
def test_sync_names_an_input_that_is_not_there(tmp_path):
    r"""Round 25 (LR2, NI): ``\input{intro}`` and no ``intro.tex`` at all: sync said nothing
    of it, rc=0 (the probe reads a missing input as empty, by design for the ``macros.tex``
    sync writes, silently for any name); by hand LaTeX stops there. Now one warning names the
    file, its line, the command and what to do; the ``macros.tex`` sync writes is no word."""
    write_files(tmp_path / "NI", {"main.tex": _GRAPHICX + "\\input{macros}\n"
                                  "\\begin{document}\n\\input{intro}\nText.\n\\end{document}\n"})
    out = _sync(tmp_path, "NI")
    assert ("warning: main.tex:5: \\input{intro}: no file intro.tex in the paper's folder (or "
            "TEXINPUTS), read as empty: by hand this stops LaTeX; add it or remove the "
            "line") in out, out
    assert "no file macros" not in out, out


@pytest.mark.slow  # sync asks TeX
def test_sync_says_a_latexmkrc_finds_the_input_and_style_we_do_not_run(tmp_path):
    r"""Round 25 (LR2): a ``.latexmkrc`` adds ``styles/`` and ``sec/`` to TEXINPUTS; our figure
    is in ``sec/intro.tex``: sync said "loads labstyle.sty, which this TeX Live does not have:
    install it", nothing of ``intro.tex``, then "ours, not in the paper: ... cifar_summary",
    rc=0. Now each missing file is one warning naming its line and where it is in the folder,
    and that the folder's latexmkrc (its search paths) is not run."""
    write_files(tmp_path / "LR", {
        "main.tex": "\\documentclass{article}\n\\usepackage{labstyle}\n\\input{macros}\n"
                    "\\begin{document}\n\\input{intro}\n\\end{document}\n",
        "styles/labstyle.sty": "\\ProvidesPackage{labstyle}\n\\RequirePackage{graphicx}\n",
        "sec/intro.tex": "Intro.\n\\includegraphics[width=\\linewidth]{cifar_summary}\n",
        ".latexmkrc": "ensure_path('TEXINPUTS', './styles//', './sec//');\n"})
    out = _sync(tmp_path, "LR")
    rc = ("but the folder's .latexmkrc (which may add that folder to TEXINPUTS) is not run "
          "(latexmk -norc; arXiv runs none either)")
    assert f"warning: main.tex:2: loads labstyle.sty, which this TeX Live does not have (read " \
        f"as empty): it is in the folder, at styles/labstyle.sty, {rc}" in out, out
    assert "warning: main.tex:5: \\input{intro}: no file intro.tex in the paper's folder (or " \
        "TEXINPUTS), read as empty: by hand this stops LaTeX; it is in the folder, at " \
        f"sec/intro.tex, {rc}" in out, out


_LETTER = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nDear reviewers:\n"
           "\\begin{center}\\includegraphics[width=2.5in]{figures/%s}\\end{center}\n"
           "\\end{document}\n")


@pytest.mark.slow  # sync asks TeX
def test_a_letter_beside_the_paper_may_not_resize_the_papers_figure(tmp_path):
    r"""Round 25 (RB2): ``response.tex`` (a rebuttal letter, ``width=2.5in``) beside the
    ICML ``main.tex`` (the same ``figures/cifar_summary`` at ``\columnwidth``): ``sync --main
    response.tex`` rc=0 re-sized the paper's file to 2.5 in without a word, and pack then
    called it current. Two documents of one folder printing one file at two sizes is the
    conflict round 16 refuses within one paper: refused the same way, naming both main files,
    the file, both widths and the ways out; the letter's own copy is synced."""
    import shutil

    from helpers import REPO

    paper = tmp_path / "RBT"
    shutil.copytree(REPO / "tests" / "papers" / "twocol", paper)
    (paper / "response.tex").write_text(_LETTER % "cifar_summary")
    _sync(tmp_path, "RBT", "--main", "main.tex", "--venue", "icml")
    before = (paper / "figures" / "cifar_summary.pdf").read_bytes()
    out = _sync(tmp_path, "RBT", "--main", "response.tex", rc=1)
    [row] = [line for line in out.splitlines() if line.startswith("cifar_summary")]
    assert row.endswith(
        "refused: main.tex, another main file here, also includes figures/cifar_summary.pdf "
        "(built for 3.25 in); response.tex prints it at 2.5 in: this sync would re-size "
        "main.tex's figure: give response.tex its own copy (\\includegraphics"
        "{figures/response/cifar_summary}: sync copies ours there) or sync with --main "
        "main.tex (a file no longer compiled: move it out of the folder)"), out
    assert (paper / "figures" / "cifar_summary.pdf").read_bytes() == before
    (paper / "response.tex").write_text(_LETTER % "response/cifar_summary")
    _sync(tmp_path, "RBT", "--main", "response.tex")
    assert (paper / "figures" / "response" / "cifar_summary.pdf").is_file()
    assert (paper / "figures" / "cifar_summary.pdf").read_bytes() == before


_TIKZ = r"""\documentclass[twocolumn]{article}
\usepackage[letterpaper,textwidth=6.75in,textheight=9in,columnsep=0.25in]{geometry}
\usepackage{graphicx}
\usepackage{tikz}
\usetikzlibrary{external}
\tikzexternalize[prefix=tikzcache/]
\begin{document}
\begin{figure}[t]
  \centering
  \begin{tikzpicture}
    \node[inner sep=0] (f) {\includegraphics[width=\columnwidth]{figures/cifar_summary}};
    \node[red] at (f.north east) {A};
  \end{tikzpicture}
  \caption{The summary.}
\end{figure}
Text.
\end{document}
"""


def _halved(figdata) -> None:
    """The first number of ``cifar_summary``'s figdata halved (new results)."""
    import json

    path = figdata / "cifar_summary.json"
    data = json.loads(path.read_text())

    def halve(node) -> bool:
        items = node.items() if isinstance(node, dict) else enumerate(node) \
            if isinstance(node, list) else ()
        for key, value in items:
            if isinstance(value, float):
                node[key] = value * 0.5
                return True
            if halve(value):
                return True
        return False

    assert halve(data)
    path.write_text(json.dumps(data))


@pytest.mark.slow  # sync, TeX with shell escape, the audit
def test_our_figure_inside_tikz_externalized_cache_is_said_so(tmp_path, monkeypatch, capsys):
    r"""Round 25 (TX2): our figure inside a ``tikzpicture`` externalized by TikZ's external
    library (``tikzcache/main-figure0.pdf``, its ``.md5`` beside it), then its figdata
    changed: sync said "ours, not in the paper: ..., cifar_summary" (its probe takes the cache
    and never runs the include), ``figures paper`` said "stale; sync and compile again" (the
    advice looped) and listed the cache as foreign, ``which`` spoke of pdfcrop/standalone.
    Now each names TikZ's cache and says to delete it so TikZ redraws the picture."""
    import shutil

    from helpers import REPO, run, tex

    from figures import runner

    figdata, paper = tmp_path / "fd", tmp_path / "TX"
    shutil.copytree(REPO / "figdata", figdata)
    write_files(paper, {"main.tex": _TIKZ, "tikzcache/.keep": ""})
    monkeypatch.chdir(tmp_path)
    argv = ("--venue", "icml", "--allow-synthetic", "--figdata", str(figdata))
    assert run(capsys, "sync", "TX", *argv)[0] == 0
    tex(paper, *runner.LATEXMK, "-pdf", "-shell-escape", "-interaction=nonstopmode",
        "main.tex")  # the author's compile: TikZ writes its cache
    assert (paper / "tikzcache" / "main-figure0.md5").is_file()
    code, out, err = run(capsys, "sync", "TX", *argv)
    assert code == 0, out + err
    assert "cifar_summary  tikzcache/main-figure0.pdf      up to date (inside TikZ's cache " \
        "tikzcache/main-figure0.pdf: delete it to redraw once the figure changes)" in out
    _halved(figdata)
    macros = (paper / "macros.tex").read_bytes()
    code, out, err = run(capsys, "sync", "TX", *argv)
    assert code == 1, out + err
    # Round 27 (T4): the refusal held nothing: macros.tex was rewritten to the new data while
    # the page still printed the old cache; now all or nothing, as every refused row.
    assert "nothing written (1 refused: all or nothing" in out + err, out + err
    assert (paper / "macros.tex").read_bytes() == macros
    redraw = ("delete tikzcache/main-figure0.pdf (or the tikzcache/ folder) so TikZ redraws the "
              "picture (it prints that cache instead of running the \\includegraphics inside), "
              "sync again, and compile with shell escape (-shell-escape) to cache it anew")
    assert "refused: stale (" in out, out + err
    assert f"), inside TikZ's externalized cache tikzcache/main-figure0.pdf: {redraw}" in out
    assert "cifar_summary" not in next(
        (line for line in out.splitlines() if line.startswith("ours, not in the paper")), "")
    code, out, err = run(capsys, "which", "TX/tikzcache/main-figure0.pdf", "--figdata",
                         str(figdata))
    assert "inside TikZ's externalized cache of a picture (tikz's external library): stale" \
        in out, out
    assert "pdfcrop" not in out, out
    code, out, err = run(capsys, "check", "TX/main.pdf", "--venue", "icml", "--figdata",
                         str(figdata))
    assert "./tikzcache/main-figure0.pdf    1 cache " in out, out
    assert f"inside TikZ's externalized cache ./tikzcache/main-figure0.pdf: " \
        f"{redraw.replace('delete tikzcache', 'delete ./tikzcache')}" in out, out
    # the way out: the cache deleted, sync reaches the include again
    (paper / "tikzcache" / "main-figure0.pdf").unlink()
    code, out, err = run(capsys, "sync", "TX", *argv)
    assert "cifar_summary  figures/cifar_summary.pdf       copy " in out, out + err


@pytest.mark.slow  # sync, pack (TeX)
def test_pack_says_a_figure_built_for_another_page_is_printed_off_its_width(tmp_path):
    r"""Round 25 (RB2): the paper's ``figures/cifar_summary.pdf`` replaced by a build for a
    letter's 2.5 in (sync now refuses that; here it is copied by hand): pack said "figures: 3
    (3 ours, current)", warnings 0, its figure check reading the provenance only. The PDF
    compiled from the archive says the width each form of ours is printed at: a figure sync
    built for one width printed at another is one warning naming it, both widths and the
    command that mends it; the paper synced for its own page packs with none. Round 41
    (F16p): the command was `figures sync`, which reads neither ``\setkeys{Gin}`` nor
    ``\pgfimage`` (the other causes of an off width): now `figures paper`, which syncs for
    this page or names what sizes the figure."""
    import shutil

    from helpers import REPO

    def pack() -> str:
        ran = figures_as_a_user(tmp_path, "pack", "p", "--allow-synthetic", "--out", "p.tgz")
        assert ran.returncode == 0, ran.stdout + ran.stderr
        return ran.stderr

    paper, letter = tmp_path / "p", tmp_path / "L"
    shutil.copytree(REPO / "tests" / "papers" / "twocol", paper)
    _sync(tmp_path, "p", "--venue", "icml")
    assert pack().splitlines()[-1].endswith("warnings: 0")
    write_files(letter, {"main.tex": _LETTER.replace("figures/%s", "cifar_summary")})
    _sync(tmp_path, "L")
    shutil.copyfile(letter / "cifar_summary.pdf", paper / "figures" / "cifar_summary.pdf")
    said = pack()
    assert said.splitlines()[-1].endswith("warnings: 1"), said
    assert "warning: figures/cifar_summary.pdf: cifar_summary was built for 2.5 in (venue:" \
        "tex10pt-4.774x4.774x7.61in@2.5in), and main.tex prints it at 3.25 in (130%): drawn " \
        "for another page (a letter's or another main file's sync?), or sized where sync does " \
        "not read it (\\setkeys{Gin}, \\pgfimage); run `figures paper p --main main.tex`, " \
        "which syncs it for this page or names what sizes it, then pack again" in said, said
