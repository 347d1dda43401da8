"""Hostile round 16's pack rows: a file read line by line packed as it is."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from helpers import pack_refused, packed, packed_anonymously, write_files


@pytest.mark.slow  # pack compiles the paper and its archive
def test_a_data_file_read_with_openin_is_packed_as_it_is(tmp_path):
    r"""A data file read by ``\read`` with ``%`` made text (csvsimple's ``respect percent``,
    moreverb's ``\verbatimtabinput``): pack said "packed as they are" and cut each line at
    its ``%`` (``61% of runs`` shipped as ``61%``), exit 0. Round 24 (N8): a file opened
    outside LaTeX's own test is read, and packed as it is with no warning (the "(data?)"
    guess is gone)."""
    write_files(tmp_path / "p", {"data.txt": "BP reaches 61% of runs\n", "main.tex": (
        "\\documentclass{article}\n\\newread\\data\n\\begin{document}\n"
        "\\openin\\data=data.txt\n{\\catcode`\\%=12 \\endlinechar=-1 "
        "\\global\\read\\data to \\line}\n\\closein\\data\n\\line\n\\end{document}\n")})
    files, said = packed(tmp_path, warnings=0)
    assert "data.txt" not in said
    assert files["data.txt"] == "BP reaches 61% of runs\n"


_EPS_REFUSED = ("error: {eps}: an EPS figure, {shown}: pdflatex converts it only with shell "
                "escape, which neither this compile nor arXiv's runs: ")


@pytest.mark.slow  # pack compiles the paper and its archive
@pytest.mark.parametrize(("converted", "written", "what_to_do"), [
    (False, "plot.eps", "convert it to PDF (epstopdf plot.eps) and include that"),
    (True, "plot.eps", ("plot-eps-converted-to.pdf, which an earlier compile left beside it, is "
                        "that figure as PDF: rename it plot.pdf and include that")),
    (False, "figs/plot", "convert it to PDF (epstopdf plot.eps) and include that"),
])
def test_an_eps_figure_printed_as_its_name_stops_the_pack(tmp_path, converted, written,
                                                          what_to_do):
    r"""Round 17: ``\includegraphics{plot.eps}``: pdflatex with no shell escape prints the
    file's name where the figure goes, and pack said "compiles from the archive alone ...
    warnings: 0", exit 0 (`figures paper` names it). Round 18 (R6): with the
    ``plot-eps-converted-to.pdf`` an earlier shell-escape compile left beside it (the
    author's compile prints the picture, the archive's the name), the refusal named only
    ``epstopdf``, not always at hand, never the converted PDF the author already has.
    Round 22 (K1): named without its extension (``{figs/plot}``, what prints her EPS through
    TeX Live's restricted shell escape), pack's line blamed a missing file that is there:
    "File `figs/plot' not found"."""
    eps = Path(written).with_suffix(".eps")
    paper = tmp_path / "p"
    (paper / eps.parent).mkdir(parents=True)
    (paper / eps).write_text("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 60\n"
                             "newpath 10 10 moveto 90 50 lineto stroke\nshowpage\n")
    (paper / "main.tex").write_text("\\documentclass{article}\\usepackage{graphicx}\\begin"
                                    f"{{document}}Old: \\includegraphics[width=2in]{{{written}}}"
                                    "\\end{document}\n")
    if converted:
        made = subprocess.run(["gs", "-q", "-dBATCH", "-dNOPAUSE", "-dEPSCrop",
                               "-sDEVICE=pdfwrite", "-sOutputFile=plot-eps-converted-to.pdf",
                               "plot.eps"], cwd=paper, capture_output=True, text=True,
                              check=False)
        assert made.returncode == 0, made.stderr
    shown = "printed as its file name" if written.endswith(".eps") else \
        f"not found by pdflatex for \\includegraphics{{{written}}} (main.tex:1)"
    assert pack_refused(tmp_path) == _EPS_REFUSED.format(eps=eps, shown=shown) + what_to_do


@pytest.mark.slow  # pack compiles the paper and its archive
def test_arxivs_processing_directives_are_shipped(tmp_path):
    """Round 17: ``00README.json`` (arXiv's compiler, stamp and hyperref directives) beside
    the paper was left out of the archive without a word: TeX never reads it."""
    directives = '{"process": {"compiler": "pdflatex"}, "stamp": false, "nohyperref": true}\n'
    write_files(tmp_path / "p", {"00README.json": directives, "main.tex": (
        "\\documentclass{article}\\begin{document}Hi.\\end{document}\n")})
    assert packed(tmp_path)[0]["00README.json"] == directives


@pytest.mark.slow  # pack compiles the paper and its archive
def test_a_verbatim_definition_in_one_file_holds_in_another(tmp_path):
    r"""Round 18: ``\DefineVerbatimEnvironment`` and ``\DefineShortVerb`` in ``main.tex``, used in
    ``\input{sections/impl}``: the listing shipped cut at its ``%`` (exit 0), and the short
    verbatim made the archive fail ("\verb ended by end of line") on a paper that compiles."""
    impl = "\\begin{code}\nr = n % 3\n\\end{code}\nAnd |s = m % 4| inline.\n"
    write_files(tmp_path / "p", {"sections/impl.tex": impl, "main.tex": (
        "\\documentclass{article}\n\\usepackage{fancyvrb}\n"
        "\\DefineVerbatimEnvironment{code}{Verbatim}{}\n\\DefineShortVerb{\\|}\n"
        "\\begin{document}\n\\input{sections/impl}\n\\end{document}\n")})
    assert packed(tmp_path)[0]["sections/impl.tex"] == impl


@pytest.mark.slow  # pack compiles the paper and its archive
def test_a_verbatim_definition_in_the_papers_own_package_holds_in_its_sources(tmp_path):
    r"""Round 19 (R1): ``\DefineVerbatimEnvironment`` and ``\MakeShortVerb`` kept in the paper's
    own ``labmacros.sty``: pack learned definitions from ``.tex`` files only, so the listing
    shipped cut at its ``%`` (exit 0) and the short verbatim made the archive fail ("\verb
    ended by end of line") on a paper that compiles."""
    body = "\\begin{code}\nr = n % 3\n\\end{code}\nAnd |s = m % 4| inline.\n"
    write_files(tmp_path / "p", {"labmacros.sty": (
        "\\ProvidesPackage{labmacros}\n\\RequirePackage{fancyvrb}\n"
        "\\DefineVerbatimEnvironment{code}{Verbatim}{fontsize=\\small}\n\\DefineShortVerb{\\|}\n"),
        "main.tex": ("\\documentclass{article}\n\\usepackage{labmacros}\n"
                     f"\\begin{{document}}\n{body}\\end{{document}}\n")})
    assert body in packed(tmp_path)[0]["main.tex"]


def _listing_paper(tmp_path, listing: str) -> None:
    r"""``p/main.tex`` printing ``listing`` (a ``\verbatiminput``) and ``code.py`` beside
    ``p``: a file of the lab's, outside the paper's folder, that the author's compile reads."""
    (tmp_path / "p").mkdir()
    (tmp_path / "code.py").write_text("x = 7 % 3  # SHAREDCODE\n")
    (tmp_path / "p" / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{verbatim}\n\\begin{document}\nText.\n"
        f"{listing}\n\\end{{document}}\n")


@pytest.mark.slow  # pack compiles the paper and its archive
@pytest.mark.parametrize(("reading", "command", "absolute"), [
    ("\\verbatiminput{NAME}", "verbatiminput", False),
    ("\\verbatiminput{NAME}", "verbatiminput", True),
    ("\\InputIfFileExists{NAME}{}{}", "InputIfFileExists", False),
    ("\\IfFileExists{NAME}{\\verbatiminput{NAME}}{}", "IfFileExists", False),
])
def test_a_file_read_from_outside_the_papers_folder_stops_the_pack(tmp_path, reading, command,
                                                                   absolute):
    r"""Round 20 (K9, K10): ``\verbatiminput{../code.py}``, a listing shared by a lab's papers:
    the author's compile prints it, yet pack said "warnings: 0", exit 0, and shipped a PDF
    without it: verbatim's ``\verbatiminput`` tests the file first and only logs ``No file
    ../code.py.`` in the copy pack compiles, where it is not. With the absolute path (K10)
    the line blamed "what was stripped". Round 21 (K11): ``\InputIfFileExists{../defs}{}{}``
    (a lab's shared definitions) and ``\IfFileExists{../logo.pdf}{...}{}`` (a template's
    guard): LaTeX's own test logs nothing for a missing file, the copy's compile silently
    took the other branch, and the archive shipped without the shared text. Every test
    LaTeX makes now says what it did not find (the compile's pretex). Each stops, naming
    the file, as ``\lstinputlisting{../code.py}`` does (docs/pack.md, "Limits")."""
    name = str(tmp_path / "code.py") if absolute else "../code.py"
    _listing_paper(tmp_path, reading.replace("NAME", name))
    assert pack_refused(tmp_path) == (
        f"error: main.tex: reads {name}, outside the paper's folder (\\{command}, as TeX's "
        f"log says: No file {name}.); only the paper's folder is packed: move that file into it "
        "and name it from there (code.py)")  # (round 51b-2, B4)


@pytest.mark.slow  # pack compiles the paper and its archive
def test_a_file_tested_for_and_found_nowhere_still_packs(tmp_path):
    r"""Round 20 (K9's control): a ``No file`` in TeX's log for a file that is nowhere (a
    ``\verbatiminput`` of a listing not written yet, an optional ``\IfFileExists``, a first
    run's ``.toc``) is no file left behind: the pack goes on."""
    _listing_paper(tmp_path, "\\IfFileExists{optional.tex}{\\input{optional}}{}\\tableofcontents"
                   "\\verbatiminput{../missing.py}\\verbatiminput{/nowhere/missing.py}")
    assert "main.tex" in packed(tmp_path)[0]


@pytest.mark.slow  # pack compiles the paper and its archive
def test_a_listing_of_the_papers_own_by_its_absolute_name_is_told_its_relative_name(tmp_path):
    r"""Round 20 (K10): ``\verbatiminput{/home/me/p/code.py}``, the paper's own file by its
    absolute name: the compile in the copy reads it from the folder itself (it is not
    packed), the archive's cannot (openin_any=p): the line names the relative name."""
    _listing_paper(tmp_path, f"\\verbatiminput{{{tmp_path / 'p' / 'code.py'}}}")
    (tmp_path / "p" / "code.py").write_text("x = 1\n")
    assert pack_refused(tmp_path).endswith(
        "a file of the paper's folder by a name the archive's compile cannot open, absolute "
        f"or through .. (\\verbatiminput, as TeX's log says: No file {tmp_path}/p/code.py.): "
        "write it code.py")


@pytest.mark.slow  # pack compiles the paper and its archive
def test_the_papers_own_environment_of_a_verbatim_name_has_its_comments_stripped(tmp_path):
    r"""Round 20 (K1): the paper's own ``\newenvironment{codebox}{\begin{center}\ttfamily}
    {\end{center}}`` and ``\newenvironment{python}{\begin{quote}\itshape}{\end{quote}}`` were
    taken for verbatim ones: ``figures pack --anonymous`` shipped the comments inside word for
    word (``% TODO SECRETCB ask Janet Smithson``), exit 0, warnings 0; in an ``\input`` file
    too. A listing of a loaded package keeps its ``%``."""
    paper = tmp_path / "p"
    (paper / "sections").mkdir(parents=True)
    (paper / "sections" / "impl.tex").write_text(
        "\\begin{codebox}\nx = y + 1 % TODO SECRETCB ask Janet Smithson\n\\end{codebox}\n"
        "\\begin{python}\nRemark % SECRETPY Bob Jones said this is wrong\n\\end{python}\n")
    (paper / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{fancyvrb}\n"
        "\\newenvironment{codebox}{\\begin{center}\\ttfamily}{\\end{center}}\n"
        "\\newenvironment{python}{\\begin{quote}\\itshape}{\\end{quote}}\n\\begin{document}\n"
        "\\input{sections/impl}\n\\begin{Verbatim}\nr = n % 3\n\\end{Verbatim}\n\\end{document}\n")
    packed = packed_anonymously(tmp_path)
    shipped = {name: packed[name] for name in ("main.tex", "sections/impl.tex")}
    assert "SECRET" not in "".join(shipped.values()), shipped
    assert "x = y + 1 %\n" in shipped["sections/impl.tex"]
    assert "r = n % 3\n" in shipped["main.tex"]


@pytest.mark.slow  # pack compiles the paper and its archive
def test_a_file_embedded_as_an_attachment_is_packed_as_it_is(tmp_path):
    r"""Round 21 (A4): attachfile's ``\attachfile{data.csv}`` (embedfile's ``\embedfile``
    alike): pdfTeX embeds the file whole (its log: ``<<data.csv>>``), yet pack took it for a
    file only opened, packed it empty ("never read as input") and the archive's PDF carried
    an empty attachment, which the text comparison cannot see."""
    data = "x,y % not a comment\n1,2\n"
    write_files(tmp_path / "p", {"data.csv": data, "main.tex": (
        "\\documentclass{article}\n\\usepackage{attachfile}\n\\begin{document}\n"
        "Data: \\attachfile{data.csv} here.\n\\end{document}\n")})
    files, said = packed(tmp_path)
    assert "never read as input" not in said, said
    assert files["data.csv"] == data



@pytest.mark.slow  # pack compiles the paper and its archive
def test_an_attachment_read_from_outside_the_folder_stops_the_pack(tmp_path):
    r"""Round 21 (A6): ``\attachfile{/abs/outside.txt}``: pdfTeX's embedding reads past
    ``openin_any=p``, so the proof compile found the file and pack said "compiles from the
    archive alone", exit 0, for an archive that does not compile without it."""
    outside = tmp_path / "outside-secret.txt"
    outside.write_text("not the paper's\n")
    write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass{article}\n\\usepackage{attachfile}\n\\begin{document}\n"
        f"Data: \\attachfile{{{outside}}}.\n\\end{{document}}\n")})
    assert pack_refused(tmp_path) == (
        f"error: main.tex: reads {outside}, outside the paper's folder (\\attachfile, embedded "
        "whole in its PDF); only the paper's folder is packed: move that file into it and "
        f"name it from there ({outside.name})")
