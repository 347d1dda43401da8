"""Hostile round 50a's rows on an untrusted (or honest) paper's files that TeX Live itself
looks for in the paper's folder (a format, a METAFONT program, a bibliography named ``./``),
each mended with a test; the pass itself is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import subprocess
import tarfile
from pathlib import Path

import pytest
from helpers import figures_as_a_user, on_paper, paper_folder

PAPER = ("%s\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nHi.\n"
         "\\includegraphics[width=0.5\\linewidth]{figures/cifar_summary}\n%s\\end{document}\n")
#: A LaTeX format of the paper's own (P24b's): its \documentclass stops with this.
EVIL = "R50 EVIL FORMAT"


@pytest.fixture(scope="module")
def evil_format(tmp_path_factory) -> bytes:
    """LaTeX dumped again with an ``\\everyjob`` that makes ``\\documentclass`` stop."""
    folder = tmp_path_factory.mktemp("format")
    (folder / "evil.tex").write_text(
        "\\everyjob\\expandafter{\\the\\everyjob\\def\\documentclass{\\errmessage{"
        + EVIL + "}\\csname @@end\\endcsname}}\n\\dump\n")
    subprocess.run(["pdftex", "-ini", "-jobname=pdflatex", "&pdflatex", "evil.tex"],
                   cwd=folder, capture_output=True, check=True, timeout=120)
    return (folder / "pdflatex.fmt").read_bytes()


@pytest.mark.slow  # the probe, the compile and pack's compiles
@pytest.mark.parametrize(("first", "name"), [("", "pdflatex.fmt"), ("%&r50fmt\n", "r50fmt.fmt")])
def test_a_format_the_paper_ships_never_replaces_latex(tmp_path, monkeypatch, capsys,
                                                       evil_format, first, name):
    r"""Round 50a (P24, P24b, P38): a ``pdflatex.fmt`` in the paper's folder (or any
    ``NAME.fmt`` with a first line ``%&NAME``) was loaded by sync's probe, `figures paper`'s
    compile and pack's (kpathsea's TEXFORMATS begins with ``.``; pdfTeX parses the first
    line): the paper's code in place of LaTeX, deciding what the probe measures and printing
    what it likes; pack shipped the format. Only the installation's formats load now."""
    paper = paper_folder(tmp_path, monkeypatch, PAPER % (first, ""))
    (paper / name).write_bytes(evil_format)
    code, out, err = on_paper(paper, capsys, "sync", "-n")
    assert code == 0, out + err
    assert "would copy build/" in out, out
    code, out, err = on_paper(paper, capsys, "paper")
    assert code == 0, out + err
    assert "0 problem(s)" in out + err, out + err
    log = (paper / "main.log").read_text(encoding="latin-1")
    assert EVIL not in log, log[:400]
    assert f"{paper}/{name}" not in log, log[:400]
    for made in ("main.pdf", "main.log"):
        (paper / made).unlink()
    ran = figures_as_a_user(tmp_path, "pack", "paper", "--allow-synthetic", "--out", "p.tar.gz",
                            timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    with tarfile.open(tmp_path / "p.tar.gz") as archive:
        assert sorted(archive.getnames()) == ["figures/cifar_summary.pdf", "main.tex"]


@pytest.mark.slow  # the probe and the compile
def test_a_metafont_program_the_paper_ships_is_never_run(tmp_path, monkeypatch, capsys):
    r"""Round 50a (P37, P37n): ``r50evil.mf`` in the folder and ``\font\x=r50evil`` made
    kpathsea's mktextfm run METAFONT on the paper's program, and write ``r50evil.tfm`` and
    ``r50evil.600pk`` into the paper's folder, under ``sync -n`` too. kpathsea makes no
    missing file now, nothing is written, and the one line names the ``\font`` line, the
    ``.mf`` never run and what to do (TeX's own named neither the line nor a way out)."""
    mf = ('mode_setup; designsize:=10pt#; font_size 10pt#;\nbeginchar("A",5pt#,5pt#,0); '
          'fill unitsquare scaled 5pt; endchar;\nmessage "R50-MF-PROGRAM-RAN";\nend\n')
    paper = paper_folder(tmp_path, monkeypatch, PAPER % ("", "\\font\\x=r50evil \\x A\n"),
                         {"r50evil.mf": mf})
    code, out, err = on_paper(paper, capsys, "sync", "-n")
    assert code == 0, out + err
    assert sorted(p.name for p in paper.iterdir()) == ["figures", "main.tex", "r50evil.mf"]
    code, out, err = on_paper(paper, capsys, "paper")
    assert code == 1, out + err
    assert ("main.tex:6: did not compile: font r50evil: only its METAFONT source r50evil.mf is "
            "in the folder, which no command here runs: if you trust it, run mktextfm r50evil "
            "there (it makes r50evil.tfm and r50evil.600pk), or use a font TeX Live has (see "
            ) in err, err
    assert not list(paper.glob("r50evil.*[!f]")), list(paper.iterdir())
    assert "R50-MF-PROGRAM-RAN" not in (paper / "main.log").read_text(encoding="latin-1")


@pytest.mark.slow  # the paper's compile, with bibtex
@pytest.mark.parametrize(("style", "database"), [("plain", "./bib/refs"),
                                                  ("./bst/mystyle", "bib/refs")])
def test_a_bibliography_named_from_the_papers_folder_is_found(tmp_path, monkeypatch, capsys,
                                                               style, database):
    r"""Round 50a (P43, P44): ``\bibliography{./bib/refs}`` or
    ``\bibliographystyle{./bst/mystyle}``, files inside the paper, compile by hand; `figures
    paper` said "did not compile: I couldn't open database file ./bib/refs.bib": latexmk runs
    bibtex in its output folder, where a ``./`` name (searched on no path) is looked for.
    The paper's ``.bib`` and ``.bst`` files are linked there now: the bibliography prints."""
    from pypdf import PdfReader

    plain = subprocess.run(["kpsewhich", "plain.bst"], capture_output=True, text=True,
                           check=True).stdout.strip()
    paper = paper_folder(tmp_path, monkeypatch, PAPER.replace("Hi.", "Hi \\cite{a}.") % (
        "", f"\\bibliographystyle{{{style}}}\n\\bibliography{{{database}}}\n"),
        {"bib/refs.bib": "@misc{a, author={In Side}, title={T}, year={2020}}\n",
         "bst/mystyle.bst": Path(plain).read_text()})
    code, out, err = on_paper(paper, capsys, "paper")
    assert code == 0, out + err
    assert "In Side" in PdfReader(paper / "main.pdf").pages[0].extract_text()
    assert sorted(p.name for p in paper.iterdir()) == ["bib", "bst", "figures", "macros.tex",
                                                       "main.log", "main.pdf", "main.tex"]
