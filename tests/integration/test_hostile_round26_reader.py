"""Hostile rounds 23 and 24's reader rows mended in round 26: an ``\\endinput`` defined, not
run; TeX's word on where a file's reading ended, believed on any line; ``%`` written ``^^25``;
a file named like a package's part that the paper itself reads."""

from __future__ import annotations

import pytest
from helpers import packed_anonymously, write_files

from figures.pack import inputs
from figures.pack.strip import after_line, strip_comments
from figures.texread import read

_NOTES = "PRIVATE NOTES: reviewer 2 is Bob Jones.\n"


def _paper(tmp_path, preamble: str, intro: str, **more: str) -> None:
    """``p/main.tex`` (``preamble``, then a body reading ``sec/intro``), ``p/sec/intro.tex``
    holding ``intro``, and ``more`` files beside them."""
    write_files(tmp_path / "p", {
        "main.tex": f"\\documentclass{{article}}\n{preamble}\n\\author{{Anonymous}}\n"
                    "\\begin{document}\n\\input{sec/intro}\n\\end{document}\n",
        "sec/intro.tex": intro, **more})


@pytest.mark.parametrize("definition", [
    "\\catcode`\\!=\\active \\def!{\\endinput}", "\\gdef\\stop#1.{\\endinput}",
    "\\edef\\stop{\\noexpand\\endinput}", "\\catcode`\\!=\\active \\let!\\endinput",
    "\\catcode`\\!=\\active \\let!=\\endinput",
    "\\expandafter\\def\\csname stop\\endcsname{\\endinput}"])
def test_an_endinput_a_definition_holds_does_not_end_the_file(definition):
    r"""Round 24 (N4 AC): ``\catcode`\!=\active \def!{\endinput}`` on main.tex's line 2: the
    reader took the ``\endinput`` the definition's body holds for one TeX runs there, and
    cut main.tex after that line (the archive did not compile, and the fallback shipped the
    notes). A definition's name, parameters and body are read, not run."""
    text = f"\\documentclass{{article}}\n{definition}\n\\begin{{document}}\nText.\n\\end{{document}}\n"
    assert read(text).after_end == len(text)  # (the line after \end{document})
    assert read(f"{definition}\nText.\n\\endinput\n{_NOTES}").after_end is not None


def test_tex_s_word_on_where_a_reading_ended_holds_on_a_line_with_no_command():
    r"""Round 24 (N4 AC): ``Intro text here.!`` with ``!`` made ``\endinput``: TeX said it
    read ``sec/intro.tex`` to line 1, but a line holding neither ``\`` nor ``}`` was not
    believed, and the notes below shipped."""
    text = "Intro text here.!\n" + _NOTES
    assert after_line(text, 1) == len("Intro text here.!\n")
    assert strip_comments(text, read_to=1) == "Intro text here.!\n"


def test_a_line_number_from_a_file_read_inside_is_not_taken_for_this_one(tmp_path):
    r"""Round 24 (N4 AC): what the ``\`` / ``}`` guard stood for, said by TeX's own record: a
    file that ends where the pretex does not see it (expl3's ``\tex_endinput:D``) after TeX's
    own ``\input sec/d`` (``R``) inside it had ``sec/d``'s last line written as its own (3:
    ``sec/c.tex`` cut after a line TeX read past). Only a reading's own end is believed."""
    (tmp_path / inputs.LISTED).write_text(
        "0||main.tex\n3|sec|b.tex\n)\n<3\n4|sec|c.tex\nR3\n)\n<4\nE6\n")
    (tmp_path / inputs.READ_TO).write_text("2|sec|b.tex\n3|sec|c.tex\n")
    ends, _ = inputs.read_to(tmp_path)
    assert ends.get("sec/b.tex") == 2
    assert "sec/c.tex" not in ends


@pytest.mark.slow  # pack compiles the paper and its archive
def test_an_active_character_running_endinput_ends_the_file_for_the_pack(tmp_path):
    r"""Round 24 (N4 AC): ``\catcode`\!=\active \def!{\endinput}`` in the preamble,
    ``Intro text here.!`` and notes below it in ``sec/intro.tex``: by hand TeX prints only
    the intro; the pack warned about main.tex, and the anonymous archive kept the notes."""
    _paper(tmp_path, "\\catcode`\\!=\\active \\def!{\\endinput}",
           "Intro text here.!\n" + _NOTES.replace("NOTES", "NOTES AC"))
    files = packed_anonymously(tmp_path)
    assert files["sec/intro.tex"] == "Intro text here.!\n"
    assert "\\def!{\\endinput}" in files["main.tex"]


def test_a_percent_written_in_tex_s_hat_notation_is_a_comment():
    r"""Round 23 (H1): ``Intro text here.^^25 SECRETHP reviewer 2 is Bob Jones``: ``^^25``
    is ``%`` to TeX (catcode 14), which drops the rest of the line; the reader took it for
    text and the anonymous archive kept it. ``^^e`` is ``%`` too; ``\^^25`` is ``\%``."""
    text = ("Intro text here.^^25 SECRETHP reviewer 2\n^^25 SECRET alone\nA ^^e SECRET e\n"
            "50\\^^25 of n, ^^e5\n")
    assert strip_comments(text) == "Intro text here.^^25\nA ^^e\n50\\^^25 of n, ^^e5\n"
    skipped = "\\iffalse ^^25 \\fi\nSECRET\n\\fi"  # (the first \\fi is in the comment)
    assert read(skipped + " kept\n").false == ((0, len(skipped)),)


@pytest.mark.slow  # pack compiles the paper and its archive
def test_a_hat_notation_comment_does_not_ship(tmp_path):
    r"""Round 23 (H1): the anonymous archive kept ``^^25 SECRETHP reviewer 2 is Bob Jones``,
    a comment TeX never reads; it goes, and the archive prints what the paper does."""
    _paper(tmp_path, "", "Intro text here.^^25 SECRETHP reviewer 2 is Bob Jones\n"
           "Second paragraph VISIBLE here.\n")
    files = packed_anonymously(tmp_path)
    assert files["sec/intro.tex"] == "Intro text here.^^25\nSecond paragraph VISIBLE here.\n"


@pytest.mark.slow  # pack compiles the paper and its archive
def test_a_file_the_paper_inputs_is_its_source_whatever_its_suffix(tmp_path):
    r"""Round 23 (I3): ``\input{macros.def}``, ``\input setup.cfg`` (TeX's own ``\input``)
    holding ``\newcommand{\method}{FA} % SECRET Janet: reviewer 2 (Bob Jones) hates this
    name``: kept whole by its package suffix. The paper read it itself: its comments go.
    A part a package of the paper's own reads (``mystyle.sty``'s ``mystyle.cfg``) and the
    package keep theirs, as packages do."""
    secret = " % SECRET Janet: reviewer 2 (Bob Jones) hates this name\n"
    write_files(tmp_path / "p", {
        "main.tex": "\\documentclass{article}\n\\input{macros.def}\n\\input setup.cfg\n"
                    "\\usepackage{mystyle}\n\\author{Anonymous}\n\\begin{document}\n"
                    "Text \\method, \\other, \\third.\n\\end{document}\n",
        "macros.def": "\\newcommand{\\method}{FA}" + secret,
        "setup.cfg": "\\newcommand{\\other}{FB}" + secret,
        "mystyle.sty": "\\ProvidesPackage{mystyle}\n\\InputIfFileExists{mystyle.cfg}{}{}"
                       " % its own notes\n",
        "mystyle.cfg": "\\newcommand{\\third}{FC} % a package's part: kept\n"})
    files = packed_anonymously(tmp_path)
    assert files["macros.def"] == "\\newcommand{\\method}{FA} %\n"
    assert files["setup.cfg"] == "\\newcommand{\\other}{FB} %\n"
    assert files["mystyle.cfg"] == "\\newcommand{\\third}{FC} % a package's part: kept\n"
    assert "% its own notes" in files["mystyle.sty"]
