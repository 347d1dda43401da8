"""The reader in TeX's reading order: a definition holds from where TeX reads it, a local one
ends with its group (hostile round 22, V2)."""

from __future__ import annotations

import pytest

from figures.pack.order import readings
from figures.pack.strip import strip_comments
from figures.texread import read

MAIN = ("\\documentclass{article}\n\\usepackage{pythonhighlight}\n\\author{Anonymous}\n"
        "\\begin{document}\n\\input{intro}\n\\input{appendix}\n\\end{document}\n")
INTRO = "Intro.\n\\begin{python}\nr = n % 3  # KEEPME printed\n\\end{python}\n"
REDEFINE = "\\renewenvironment{python}{\\begin{quote}\\itshape}{\\end{quote}}\n"
#: The compile's file hook's list: main.tex, then intro.tex at its line 5, appendix.tex at 6.
ORDER = (("main.tex", 0), ("article.cls", 1), (None, 1), ("intro.tex", 5), (None, 5),
         ("appendix.tex", 6), (None, 6))


def _stripped(appendix: str) -> dict[str, str]:
    texts = {"main.tex": MAIN, "intro.tex": INTRO, "appendix.tex": appendix}
    found = readings(texts, ORDER, (frozenset(), frozenset()))
    return {name: strip_comments(text, reading=found.of(name, text))
            for name, text in texts.items()}


def test_a_redefinition_as_text_holds_from_where_tex_reads_it():
    """Round 22 (V2, OR): pythonhighlight's verbatim ``python`` used in ``intro.tex`` (read
    first: ``r = n % 3  # KEEPME printed`` printed) and redefined as text in ``appendix.tex``
    (read after): pack took the redefinition to hold in every file, whatever the order, and
    cut the printed line to ``r = n %``. The comment in the appendix's text ``python`` goes."""
    archive = _stripped(REDEFINE + "\\begin{python}\nx = 1 % SECRETOR ask Bob Jones\n"
                        "\\end{python}\n")
    assert "r = n % 3  # KEEPME printed" in archive["intro.tex"]
    assert "SECRETOR" not in archive["appendix.tex"]
    assert "x = 1 %\n" in archive["appendix.tex"]


def test_a_redefinition_as_text_in_a_group_ends_with_it():
    """Round 22 (V2, OG): the redefinition only inside a group ``{...}``, then a ``python``
    block after the group (verbatim again in TeX): its ``y = m % 5  # KEEPME2 printed`` was
    cut too, and the earlier file's line."""
    archive = _stripped("{" + REDEFINE + "\\begin{python}\nx = 1 % SECRETOG ask Bob Jones\n"
                        "\\end{python}}\n\\begin{python}\ny = m % 5  # KEEPME2 printed\n"
                        "\\end{python}\n")
    assert "r = n % 3  # KEEPME printed" in archive["intro.tex"]
    assert "y = m % 5  # KEEPME2 printed" in archive["appendix.tex"]
    assert "SECRETOG" not in archive["appendix.tex"]


@pytest.mark.parametrize(("opens", "closes"), [
    ("{", "}"), ("\\begin{center}", "\\end{center}"), ("\\begingroup ", "\\endgroup ")])
def test_a_local_redefinition_as_text_ends_with_its_group(opens, closes):
    """Round 22 (V2, OG): in one file, a brace group, an environment or ``\\begingroup``;
    ``\\global`` (``\\gdef``) outlives it, as in TeX."""
    text = ("\\documentclass{article}\n\\usepackage{pythonhighlight}\n\\begin{document}\n"
            + opens + REDEFINE + "\\begin{python}\nx = 1 % SECRETOG\n\\end{python}" + closes
            + "\n\\begin{python}\ny = m % 5  # KEEPME2\n\\end{python}\n\\end{document}\n")
    assert [text[s:e] for s, e in read(text).comments] == ["% SECRETOG"]
    text = text.replace(REDEFINE, "\\global\\let\\python\\quote\\global\\let\\endpython"
                        "\\endquote\n")
    assert [text[s:e] for s, e in read(text).comments] == ["% SECRETOG", "% 5  # KEEPME2"]


def test_a_redefinition_before_the_input_holds_in_the_file_and_a_file_read_twice():
    """Round 22 (V2): the round 21 mend the other way keeps holding: a redefinition TeX reads
    before ``intro.tex`` (in the main file, above its ``\\input``) makes its comment one; and a
    file read twice, before and after it, loses a comment only where both readings have one."""
    main = MAIN.replace("\\begin{document}\n", "\\begin{document}\n" + REDEFINE)
    texts = {"main.tex": main, "intro.tex": INTRO.replace("3  #", "3 % SECRET #")}
    found = readings(texts, (("main.tex", 0), ("intro.tex", 6), (None, 6)),
                     (frozenset(), frozenset()))
    assert strip_comments(texts["intro.tex"], reading=found.of("intro.tex", texts[
        "intro.tex"])) == "Intro.\n\\begin{python}\nr = n %\n\\end{python}\n"
    texts["main.tex"] = MAIN.replace("\\input{appendix}", REDEFINE + "\\input{intro}")
    found = readings(texts, (("main.tex", 0), ("intro.tex", 5), (None, 5), ("intro.tex", 7),
                             (None, 7)), (frozenset(), frozenset()))
    assert "r = n % 3 % SECRET #" in strip_comments(
        texts["intro.tex"], reading=found.of("intro.tex", texts["intro.tex"]))


def test_the_differs_warning_names_the_first_line_that_differs():
    """Round 22 (V2): the warning said only "the PDF from the archive differs from the
    paper's own compile (page 1)": now the first line that differs, as each prints it."""
    from figures.pack.proof import first_line as _first_line

    assert _first_line(["Intro.\nr = n % 3 # KEEPME printed\nx"], ["Intro.\nr = n %\nx"]) == (
        ': the paper prints "r = n % 3 # KEEPME printed", the archive "r = n %"')
    assert _first_line(["a\x1b[2J"], ["b"]) == ': the paper prints "a?[2J", the archive "b"'
    assert _first_line(["same"], ["same"]) == ""


def test_a_group_open_around_an_input_holds_in_the_file_it_reads():
    """Round 22 (V2): the files are read as one text, so what a group open around an
    ``\\input`` does holds in the file it reads, and ends with it: ``%`` made text there
    (``{\\catcode`\\%=12 \\input{table}}``) stays, and is a comment again after."""
    texts = {"main.tex": "\\begin{document}\n{\\catcode`\\%=12 \\input{table}}\n"
                         "\\input{table}\n\\end{document}\n",
             "table.tex": "50% of runs\n"}
    found = readings(texts, (("main.tex", 0), ("table.tex", 2), (None, 2)),
                     (frozenset(), frozenset()))
    assert strip_comments(texts["table.tex"], reading=found.of("table.tex", texts[
        "table.tex"])) == "50% of runs\n"
    found = readings(texts, (("main.tex", 0), ("table.tex", 2), (None, 2), ("table.tex", 3),
                             (None, 3)), (frozenset(), frozenset()))
    assert found.of("table.tex", texts["table.tex"]).comments == ()
    texts["main.tex"] = texts["main.tex"].replace("\\input{table}}", "}")
    found = readings(texts, (("main.tex", 0), ("table.tex", 3), (None, 3)),
                     (frozenset(), frozenset()))
    assert found.of("table.tex", texts["table.tex"]).comments == ((2, 11),)


def test_a_misreading_that_runs_past_a_files_end_leaves_the_next_files_alone():
    """Round 22 (V2): read as one text, a comment environment the reading does not see end
    (verbatim.sty's ends indented, round 23's K1) ran on into the main file and cut its rest,
    ``\\end{document}`` and all; the files it runs into are read alone, as before."""
    texts = {"main.tex": "\\usepackage{verbatim}\n\\begin{document}\n\\input{intro}\n"
                         "After % note\n\\end{document}\n",
             "intro.tex": "Intro.\n\\begin{comment}\n  Old.\n  \\end{comment}\nVISIBLE.\n"}
    found = readings(texts, (("main.tex", 0), ("intro.tex", 3), (None, 3)),
                     (frozenset(), frozenset()))
    assert strip_comments(texts["main.tex"], reading=found.of("main.tex", texts["main.tex"])) \
        == texts["main.tex"].replace(" note", "")


def test_a_file_input_in_an_argument_is_read_fresh():
    """Round 24 (N16): ``\\footnote{\\input{sec/note}}``: TeX reads the footnote's argument
    as tokens and the file only when the footnote runs, fresh, so its ``\\verb|i % n|`` and
    ``\\url{..fa%20audit}`` are read verbatim. Spliced into the footnote's brace group, the
    file was read as argument text: the ``\\verb`` not run, ``% n| and ..`` cut as a comment,
    and the pack's fallback shipped the file whole, its comment naming a reviewer with it."""
    note = ("% SECRETFN2 reviewer 2 is Bob Jones\nThe index is \\verb|i % n| and the code is "
            "at \\url{https://example.org/fa%20audit}.\n")
    texts = {"main.tex": "\\documentclass{article}\n\\usepackage{url}\n\\begin{document}\n"
                         "\\input{sec/intro}\n\\end{document}\n",
             "sec/intro.tex": "Intro text here.\\footnote{\\input{sec/note}}\n"
                              "Closing text. % SECRETFN reviewer 2 is Bob Jones\n",
             "sec/note.tex": note}
    found = readings(texts, (("main.tex", 0), ("sec/intro.tex", 4), ("sec/note.tex", 1),
                             (None, 1), (None, 4)), (frozenset(), frozenset()))
    archive = {name: strip_comments(text, reading=found.of(name, text))
               for name, text in texts.items()}
    assert archive["sec/note.tex"] == note.split("\n", 1)[1]  # (a comment line goes whole)
    assert archive["sec/intro.tex"].endswith("Closing text. %\n")
    # the argument the file was read in goes on after it: a \verb there is not run
    texts["sec/intro.tex"] = ("Intro.\\footnote{\\input{sec/note} \\verb|a % SECRETV|}\n"
                              "\\begin{python}\n")
    found = readings(texts, (("main.tex", 0), ("sec/intro.tex", 4), ("sec/note.tex", 1),
                             (None, 1), (None, 4)), (frozenset(), frozenset()))
    reading = found.of("sec/intro.tex", texts["sec/intro.tex"])
    assert [texts["sec/intro.tex"][s:e] for s, e in reading.comments] == ["% SECRETV|}"]


@pytest.mark.parametrize("reads", ["\\input{sec/intro}", "\\input sec/intro ",
                                   "\\include{sec/intro}", "\\subfile{sec/intro}"])
def test_a_file_is_spliced_in_at_the_command_that_reads_it(reads):
    """Round 24 (N17): the child's name on the line before TeX's, inside a group where ``%``
    is text (``\\begingroup\\catcode`\\%=12 \\gdef\\pcname{intro}`` / ``\\endgroup\\input
    {sec/intro}``): the file was spliced in after the first ``intro}`` found, on the line
    before, inside the group TeX had closed before reading it, and its comment naming a
    reviewer shipped under --anonymous, warnings 0. The command naming the file on TeX's
    line is preferred; a package's on the line before still counts (LaTeX looks on for a
    date)."""
    texts = {"main.tex": "\\documentclass{article}\n\\author{Anonymous}\n\\begin{document}\n"
                         "\\begingroup\\catcode`\\%=12 \\gdef\\pcname{intro}\n"
                         f"\\endgroup{reads}\nClosing text.\n\\end{{document}}\n",
             "sec/intro.tex": "Intro text here. % SECRETSL reviewer 2 is Bob Jones\n"}
    found = readings(texts, (("main.tex", 0), ("sec/intro.tex", 5), (None, 5)),
                     (frozenset(), frozenset()))
    assert strip_comments(texts["sec/intro.tex"], reading=found.of(
        "sec/intro.tex", texts["sec/intro.tex"])) == "Intro text here. %\n"
    texts["main.tex"] = texts["main.tex"].replace("\\author", "\\usepackage{notes}\n"
                                                  "{\\catcode`\\%=12 \\gdef\\x{notes}}\n\\author")
    texts["notes.sty"] = "\\ProvidesPackage{notes} % SECRETPK\n"
    found = readings(texts, (("main.tex", 0), ("notes.sty", 3), (None, 3)),
                     (frozenset(), frozenset()))
    assert strip_comments(texts["notes.sty"], reading=found.of(
        "notes.sty", texts["notes.sty"])) == "\\ProvidesPackage{notes} %\n"
