"""Hostile round 37's rows (issue 45) mended with a unit test each; the pass itself, case by
case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

from pathlib import Path

import pytest

from figures.errors import FigureDataError, one_line
from figures.mainfile import find_main


def test_a_main_file_named_with_a_newline_is_shown_escaped(tmp_path: Path) -> None:
    r"""Round 37 (P12): a second main file named ``old<LF>main.tex`` beside ``main.tex``: the
    refusal named ``old main.tex`` (the line's rule folds a newline into a space), a file that
    is not there and cannot be told from one that is. The name is escaped, as every line
    shows a path (``old\x0amain.tex``)."""
    for name in ("main.tex", "old\nmain.tex"):
        (tmp_path / name).write_text("\\documentclass{article}\n\\begin{document}\nA.\n"
                                     "\\end{document}\n")
    with pytest.raises(FigureDataError) as raised:
        find_main(tmp_path)
    said = one_line(str(raised.value))
    assert "(main.tex, old\\x0amain.tex): choose one with --main FILE" in said, said


def test_a_bibtex_that_dies_without_a_word_names_the_database_it_was_reading(
        tmp_path: Path) -> None:
    """Round 37 (P11): a 3 GB ``refs.bib`` the paper cites: bibtex ran out of memory after
    277 s and printed nothing, and the pack's refusal was latexmk's ``Command for 'bibtex
    /tmp/figures-pack-.../out/main' gave return code 256``, naming a temporary that no longer
    exists and not the file. The database bibtex was reading (its ``.blg``) is named."""
    from figures.texlog import first_error

    (tmp_path / "main.log").write_text("This is pdfTeX\n(./main.tex)\n")
    (tmp_path / "main.blg").write_text(
        "This is BibTeX, Version 0.99d\nThe top-level auxiliary file: main.aux\n"
        "The style file: plain.bst\nDatabase file #1: refs.bib\n"
        "Reallocated buffer (elt_size=1) to 4600000 items from 4580000.\n")
    output = ("Latexmk: applying rule 'bibtex /tmp/figures-pack-x/out/main'...\n"
              "bibtex /tmp/figures-pack-x/out/main: Command for 'bibtex "
              "/tmp/figures-pack-x/out/main' gave return code 256\n")
    said = first_error(tmp_path / "main.log", output)
    assert said == ("bibtex ended with no error of its own (exit status 1) while reading "
                    "refs.bib: look at that file (a database too large or damaged to read?)"), said
    assert "/tmp/figures-pack-x" not in said, said
    said = first_error(tmp_path / "main.log", output.replace("code 256", "code 35072"))
    assert said.startswith("bibtex ended with no error of its own (killed by signal 9, as when "
                           "memory runs out) while reading refs.bib"), said  # round 38, B1


@pytest.mark.parametrize(("files", "said"), [
    ({"00README.json": b'{"process": {"compiler": "xelatex"}}'},
     [("00README.json: asks arXiv to compile with xelatex, and the pack proved the archive with "
      "pdflatex, so that proof is not of what arXiv runs: remove the compiler, or check the "
      "archive with it")]),
    ({"00README.json": b'{"process": {"compiler": "pdflatex"}, "sources": [{"filename": '
                       b'"main.tex", "usage": "toplevel"}]}'}, []),
    ({"00README.json": b'{"sources": [{"filename": "paper.tex", "usage": "toplevel"}]}'},
     [("00README.json: names paper.tex as the top-level file, and the pack proved the archive "
      "from main.tex, so that proof is not of what arXiv runs: name main.tex there, or pack "
      "with --main paper.tex")]),
    ({"00README.XXX": b"nohypertex\npaper.tex toplevelfile\n"},
     [("00README.XXX: names paper.tex as the top-level file, and the pack proved the archive "
      "from main.tex, so that proof is not of what arXiv runs: name main.tex there, or pack "
      "with --main paper.tex")]),
    ({"00README.XXX": b"nohypertex\n# built by janet\n"}, []),
    ({"00README.json": b"[1, 2]"},
     ["00README.json: arXiv cannot read it (not a JSON object): mend it, or leave it out"]),
    ({"00README.json": b'{"process": '},
     ["00README.json: arXiv cannot read it (Expecting value): mend it, or leave it out"])],
    ids=["xelatex", "pdflatex-main", "json-toplevel", "xxx-toplevel", "xxx-plain", "list",
         "broken"])
def test_a_directive_asking_arxiv_for_another_compile_is_said(files, said):
    """Round 37 (K12): a shipped ``00README.json`` asking arXiv to compile with XeLaTeX, under
    a summary saying the archive "compiles from the archive alone (1 pdflatex runs)": the
    proof was of another compile than arXiv's, and no line said so. Each directive asking
    for another compiler or another top-level file is said."""
    from figures.pack.notices import directives

    assert directives(files, "main.tex") == said


def test_a_paper_that_never_settles_is_said_so_not_up_to_date(tmp_path: Path) -> None:
    """Round 38 (L4): a paper writing a random stamp it reads back on every run: latexmk
    stopped at its maximum of runs, and the refusal was its last line, "Latexmk: All targets
    () are up-to-date", the opposite of the cause. Its own words are taken, and what to do."""
    from figures.texlog import first_error

    (tmp_path / "main.log").write_text("This is pdfTeX\n(./main.tex)\n")
    output = ("Latexmk: Maximum runs of pdflatex reached without getting stable files\n"
              "Latexmk: Summary of warnings from last run of *latex:\n"
              "Latexmk: All targets () are up-to-date\n")
    said = first_error(tmp_path / "main.log", output)
    assert said.startswith("Maximum runs of pdflatex reached without getting stable files: a "
                           "file the paper writes and reads back changes on every run"), said


def test_a_suggested_main_file_with_a_newline_is_a_word_bash_reads_back(tmp_path: Path) -> None:
    r"""Round 38 (M1): the "other main files" warning suggested ``--main 'new\x0apaper/main.tex'``
    for a folder named with a newline: pasted into a shell, single quotes keep ``\x0a``
    literal, and it named no file. The suggestion is bash's ``$'new\x0apaper/main.tex'``,
    which a shell reads back as the name; a name with no such character is quoted as before."""
    import subprocess

    from figures.errors import shell_word

    for name in ("new\npaper/main.tex", "paper v2/main.tex", "it's\tx/main.tex"):
        word = shell_word(name)
        assert "\n" not in word, word
        echoed = subprocess.run(["bash", "-c", f"printf %s {word}"], capture_output=True,
                                text=True, check=True).stdout
        assert echoed == name, (word, echoed)
