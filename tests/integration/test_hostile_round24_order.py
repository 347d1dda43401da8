"""Hostile round 24's rows on the reading in TeX's order (figures/pack/order.py): where a
file is spliced in, and how it is read there."""

from __future__ import annotations

import pytest
from helpers import packed_anonymously

_MAIN = "\\documentclass{{article}}\n{}\n\\author{{Anonymous}}\n\\begin{{document}}\n{}\n\\end{{document}}\n"
_NOTE = ("% SECRETFN2 reviewer 2 is Bob Jones\nThe index is \\verb|i % n| and the code is at "
         "\\url{https://example.org/fa%20audit}.\n")


@pytest.mark.slow  # pack compiles the paper and its archive
def test_a_file_input_in_a_footnote_is_read_as_tex_reads_it_there(tmp_path):
    r"""Round 24 (N16): ``\footnote{\input{sec/note}}``, the note holding ``\verb|i % n|`` and
    ``\url{..fa%20audit}``: TeX reads the file when the footnote runs, fresh; spliced into
    the footnote's argument, it was read as argument text, the ``\verb`` cut, the archive
    broke and the fallback shipped the note whole, its comment naming a reviewer with it."""
    (tmp_path / "p" / "sec").mkdir(parents=True)
    (tmp_path / "p" / "main.tex").write_text(_MAIN.format("\\usepackage{url}",
                                                          "\\input{sec/intro}"))
    (tmp_path / "p" / "sec" / "intro.tex").write_text(
        "Intro text here.\\footnote{\\input{sec/note}}\n"
        "Closing text. % SECRETFN reviewer 2 is Bob Jones\n")
    (tmp_path / "p" / "sec" / "note.tex").write_text(_NOTE)
    files = packed_anonymously(tmp_path)
    assert files["sec/note.tex"] == _NOTE.split("\n", 1)[1]
    assert files["sec/intro.tex"].endswith("Closing text. %\n")


@pytest.mark.slow  # pack compiles the paper and its archive
def test_a_file_is_read_where_its_input_command_stands(tmp_path):
    r"""Round 24 (N17): the file's name also on the line before its ``\input``, inside a group
    where ``%`` is text (``\begingroup\catcode`\%=12 \gdef\pcname{intro}`` / ``\endgroup
    \input{sec/intro}``): the file was spliced in there, its ``%`` taken for text, and its
    comment naming a reviewer shipped under --anonymous, warnings 0."""
    (tmp_path / "p" / "sec").mkdir(parents=True)
    (tmp_path / "p" / "main.tex").write_text(_MAIN.format(
        "", "\\begingroup\\catcode`\\%=12 \\gdef\\pcname{intro}\n\\endgroup\\input{sec/intro}\n"
        "Closing text."))
    (tmp_path / "p" / "sec" / "intro.tex").write_text(
        "Intro text here. % SECRETSL reviewer 2 is Bob Jones\n")
    files = packed_anonymously(tmp_path)
    assert files["sec/intro.tex"] == "Intro text here. %\n"
