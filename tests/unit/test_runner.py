"""The one runner of programs (figures/runner.py): a run that prints forever is stopped at a
bound; every command finds the same main file; what to install comes from one list."""

from __future__ import annotations

import pytest

from figures import runner, texlog
from figures.errors import LatexError, ToolMissing
from figures.pack import tex


def _run(command: list[str], cwd) -> None:
    """A program run as the pack runs its compile, and judged as it judges one."""
    tex._said(runner.run(command, cwd, file="main.tex"), cwd, cwd / "main.tex", "here")


def test_a_run_that_prints_forever_is_stopped_at_the_cap_with_one_line(tmp_path, monkeypatch):
    """Before the runner the pack kept all of it in memory until its 300 s timeout."""
    monkeypatch.setattr(runner, "OUTPUT_CAP", 1 << 20)
    with pytest.raises(LatexError, match=r"^main\.tex: yes printed over 1 MiB and was stopped$"):
        _run(["yes"], tmp_path)


def test_every_program_run_carries_a_cpu_limit_so_an_orphan_ends_by_itself(tmp_path):
    """A command killed with SIGKILL cannot stop TeX's session: a paper that loops kept
    pdflatex at full CPU for 40 minutes after its test's command was killed. The limit is
    inherited by what the program starts (latexmk's pdflatex)."""
    ran = runner.run(["sh", "-c", "sh -c 'ulimit -t'"], tmp_path, timeout=60)
    assert ran.stdout.strip() == "90"


def test_the_main_file_in_a_subfolder_is_found_for_every_command(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "main.tex").write_text("\\documentclass{article}\n")
    (tmp_path / "notes.tex").write_text("% \\documentclass{article}\n")
    assert runner.find_main(tmp_path) == tmp_path / "sub" / "main.tex"



def test_an_escaped_percent_before_the_documentclass_is_no_comment(tmp_path):
    """The comment is texread's: before, a line's text from a ``\\%`` on was taken for one."""
    (tmp_path / "main.tex").write_text("\\newcommand{\\pct}{\\%}\\documentclass{article}\n")
    assert runner.find_main(tmp_path) == tmp_path / "main.tex"

def test_a_missing_program_names_its_package_from_the_one_list(monkeypatch):
    monkeypatch.setattr(runner, "have", lambda tool: tool != "gs")
    with pytest.raises(ToolMissing, match=r"^gs: not found: install ghostscript$"):
        runner.need("gs", "pdftoppm")
    listed = runner.packages()
    assert listed["poppler-utils"] == ["pdftoppm", "pdffonts", "pdfinfo", "pdftotext"]
    assert "texlive-publishers" in listed


def test_a_long_error_line_is_read_whole_from_the_log_tex_wrote(tmp_path):
    """TeX breaks its log at 79 columns unless told otherwise: every run is told."""
    name = "a-file-whose-name-is-long-" * 4
    (tmp_path / "main.tex").write_text(f"\\input{{{name}}}\n")
    ran = runner.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                      "-file-line-error", "main.tex"], tmp_path)
    assert ran.returncode != 0
    said = texlog.first_error(tmp_path / "main.log", ran.stdout)
    assert said.endswith(f"LaTeX Error: File `{name}.tex' not found."), said


@pytest.mark.slow  # pdflatex
@pytest.mark.parametrize("where", ["notes/draft.tex", "outside/draft.tex"])
def test_a_compile_blocked_opening_a_named_pipe_is_stopped_at_once_naming_it(tmp_path, where):
    """Issue 45: ``\\input{notes/draft}`` of a FIFO blocked pdflatex until the 300 s timeout
    (sync's probe, `figures paper`, pack's compiles), and the line named no file. TeX would
    wait for a writer forever: the run is stopped within seconds, naming the pipe."""
    import os
    import time

    paper = tmp_path / "paper"
    paper.mkdir()
    pipe = paper / where if where.startswith("notes") else tmp_path / where
    pipe.parent.mkdir()
    os.mkfifo(pipe)
    name = "notes/draft" if where.startswith("notes") else str(pipe.with_suffix(""))
    (paper / "main.tex").write_text("\\documentclass{article}\n\\begin{document}\n"
                                    f"Hi.\n\\input{{{name}}}\n\\end{{document}}\n")
    started = time.monotonic()
    with pytest.raises(LatexError) as raised:
        runner.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], paper, timeout=30,
                   file="main.tex")
    shown = where if where.startswith("notes") else str(pipe)
    assert str(raised.value) == (
        f"main.tex: pdflatex opened {shown}, a named pipe (FIFO), which blocks until a "
        "program writes into it; it was stopped: make it a regular file (or remove its "
        "\\input)")
    assert time.monotonic() - started < 10


def test_latexmk_stopping_before_it_runs_is_read_for_its_reason_not_its_banner(tmp_path):
    """Round 13: a main file whose name latexmk refuses (``a$b.tex``): latexmk prints its
    reason to stderr at once and its banner (stdout) last; the banner was the error shown."""
    (tmp_path / "a$b.tex").write_text("\\documentclass{article}\n")
    ran = runner.run([*runner.LATEXMK, "-pdf", "a$b.tex"], tmp_path)
    said = texlog.first_error(tmp_path / "a$b.log", ran.stdout)
    assert ran.returncode != 0
    assert said == "Latexmk: Filename 'a$b.tex' contains character not allowed for TeX file."


def test_a_paper_folder_starting_with_the_main_files_stem_is_mirrored(tmp_path):
    r"""``\include{main.parts/one}``: TeX writes ``main.parts/one.aux`` in its output folder,
    so ``main.parts/`` must be made there; round 13's mend skipped every folder whose name
    began ``main.`` and pack refused the paper ("TeX writes no file outside the folder")
    that latexmk in its folder compiles (round 14). Only a name TeX itself writes
    (``main.fls/``, ``main.log/``) is left out."""
    paper, out = tmp_path / "paper", tmp_path / "out"
    for folder in ("main.parts", "main.fls", "main.log", "mainx", "fap-empty.tex", ".git"):
        (paper / folder).mkdir(parents=True)
    runner.output_folder(paper, out, *runner.job_files("main"), "fap-empty.tex")
    assert sorted(p.name for p in out.iterdir()) == ["main.parts", "mainx"]


def test_a_package_errors_sentence_is_read_whole_from_its_continued_lines(tmp_path):
    """Round 15: fontspec's "The fontspec package requires either XeTeX or" was cut there,
    where the next line, ``(fontspec)   LuaTeX.``, names the engine; sync glued the cut
    sentence to the next message."""
    printed = ("./main.tex:2: Package fontspec Error: The fontspec package requires either "
               "XeTeX or\n(fontspec)                      LuaTeX.\n\nSee the fontspec package "
               "documentation for explanation.\n")
    assert texlog.tex_errors(printed) == {"main.tex:2": "Package fontspec Error: The fontspec "
                                          "package requires either XeTeX or LuaTeX"}
    log = tmp_path / "main.log"
    log.write_text(printed.replace("./main.tex:2: ", "! "))
    assert texlog.first_error(log, "") == ("Package fontspec Error: The fontspec package "
                                           "requires either XeTeX or LuaTeX.")


def test_an_error_whose_sentence_goes_on_an_indented_line_is_read_whole(tmp_path):
    """Round 21 (K7): fancyvrb breaks its message after ``Error:`` (``./main.tex:5:
    FancyVerb Error:`` then ``  No verbatim file ../code.py``): the pack's line stopped at
    the colon, naming neither the file nor what to do."""
    log = tmp_path / "main.log"
    log.write_text("LaTeX Font Info: ok\n./main.tex:5: FancyVerb Error:\n  No verbatim file "
                   "../code.py\n.\n", encoding="latin-1")
    assert texlog.first_error(log, "") == \
        "./main.tex:5: FancyVerb Error: No verbatim file ../code.py"


@pytest.mark.parametrize("name", ["figs/d.pdf_tex", "figs/d.tikz", "figs/d.pgf", "figs/d",
                                  "my figs/d.pgf"])
def test_an_error_in_an_input_file_of_any_name_is_read_with_its_file_and_line(tmp_path, name):
    """Round 25 (EL): ``\\input{figs/d.pdf_tex}`` (Inkscape), a ``.tikz``, matplotlib's
    ``.pgf``: ``-file-line-error`` printed ``./figs/d.pdf_tex:2: Undefined control
    sequence.``, which the reader took only for ``.tex .sty .cls .bbl .clo``; the pack's line
    was latexmk's "gave return code 1", no error, no file."""
    log = tmp_path / "main.log"
    log.write_text(f"(./{name}\n./{name}:2: Undefined control sequence.\nl.2 \\lineheight\n"
                   f"./{name}:2:  ==> Fatal error occurred, no output PDF file produced!\n")
    assert texlog.first_error(log, "Latexmk: ... gave return code 1\n") == \
        f"./{name}:2: Undefined control sequence."
    assert texlog.tex_errors(log.read_text()) == {f"{name}:2": "Undefined control sequence"}


@pytest.mark.parametrize("line", [
    "Version 1.2:3: ok", "results.txt:3: a line a package printed", "Chapter 2:3: text",
    "LaTeX Warning: Reference `sec:a' on page 1 undefined on input line 3.",
    "Document Class: article 2023/05/17 v1.4n Standard LaTeX document class"])
def test_text_that_only_looks_like_a_file_and_line_is_no_error(tmp_path, line):
    """Round 25 (EL): the reader takes any name TeX prints after ``./``, ``../`` or ``/``;
    a name without one is TeX's only for its own kinds (``sub/x.tex:3:``), else text."""
    log = tmp_path / "main.log"
    log.write_text(f"{line}\n! Undefined control sequence.\nl.3 \\foo\n")
    assert texlog.first_error(log, "") == "Undefined control sequence."
    assert texlog.tex_errors(f"{line}\n") == {}
