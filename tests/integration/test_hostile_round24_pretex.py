"""Hostile round 24's rows on where TeX stops reading a file, asked of TeX (the pretex)."""

from __future__ import annotations

import pytest
from helpers import packed_anonymously

_NOTES = "PRIVATE NOTES: reviewer 2 is Bob Jones."


def _paper(tmp_path, preamble: str, body: str, files: dict[str, str]) -> None:
    """``p/main.tex`` (``preamble``, then ``body`` as the document's) and ``files`` under
    ``p``."""
    (tmp_path / "p" / "sec").mkdir(parents=True)
    (tmp_path / "p" / "main.tex").write_text(
        f"\\documentclass{{article}}\n{preamble}\n\\author{{Anonymous}}\n\\begin{{document}}\n"
        f"{body}\n")
    for name, text in files.items():
        (tmp_path / "p" / name).write_text(text)


@pytest.mark.slow  # pack compiles the paper and its archive
@pytest.mark.parametrize(("preamble", "stop"), [
    ("\\newif\\ifnotes", "\\ifnotes\\else\\endinput\\fi"),
    ("\\newcommand{\\stophere}{\\endinput}", "\\stophere"),
])
def test_an_endinput_in_an_included_chapter_ends_it(tmp_path, preamble, stop):
    r"""Round 24 (N14): the draft-notes toggle (``\ifnotes\else\endinput\fi``) or the paper's
    own ``\stophere`` in the last ``\include``d chapter: the pretex's ``\end{document}`` hook
    wrote main.tex's line (7) under the chapter's name (LaTeX's ``\CurrentFile`` there is
    the last included file, not the main one), the larger line won, and the notes below the
    ``\endinput`` shipped in the anonymous archive, warnings 0. (JI2, IC)"""
    chapter = f"Chapter B text.\n{stop}\n"
    _paper(tmp_path, preamble, "\\include{sec/a}\n\\include{sec/b}\n\\end{document}",
           {"sec/a.tex": "Chapter A text.\n", "sec/b.tex": f"{chapter}{_NOTES}\n"})
    assert packed_anonymously(tmp_path)["sec/b.tex"] == chapter


@pytest.mark.slow  # pack compiles the paper and its archive
@pytest.mark.parametrize("reading", ["\\input{sec/footer}", "\\input sec/footer"])
def test_end_document_in_an_input_file_ends_the_files_reading_it(tmp_path, reading):
    r"""Round 24 (N2): ``\end{document}`` in a ``sec/footer.tex`` (a template's habit), notes
    in main.tex below the line that inputs it: TeX never reads them, but the pretex said
    nothing of main.tex (never closed) and they shipped in the anonymous archive, warnings 0
    (EF); read by TeX's own ``\input sec/footer`` (no file hook), footer.tex's line was
    written under main.tex's name, main.tex was cut there, the archive broke, and it shipped
    whole with a warning naming a wrong cause (EU). Every file open at ``\end{document}``
    now ends at the line that read the next."""
    body = f"\\input{{sec/intro}}\n{reading}\n"
    _paper(tmp_path, "\\newif\\ifnotes", f"{body}{_NOTES}\nMore notes for Karl.",
           {"sec/intro.tex": "Intro text here.\n", "sec/footer.tex": "Closing text.\n\\end{document}\n"})
    files = packed_anonymously(tmp_path)
    assert files["main.tex"].endswith(body), files["main.tex"]
    assert files["sec/footer.tex"] == "Closing text.\n\\end{document}\n"


@pytest.mark.slow  # pack compiles the paper and its archive
def test_expl3s_file_input_stop_ends_a_file(tmp_path):
    r"""Round 24 (N12): expl3's ``\file_input_stop:`` (the kernel's saved primitive
    ``\endinput``) ran past the pretex's ``\endinput`` and fired no ``\everyeof``: TeX's word
    was missing, the reader knows the name ``\endinput`` alone, and the notes below it
    shipped in the anonymous archive, warnings 0. (XS)"""
    intro = "Intro text here.\n\\ExplSyntaxOn \\file_input_stop: \\ExplSyntaxOff\n"
    _paper(tmp_path, "", "\\input{sec/intro}\n\\end{document}",
           {"sec/intro.tex": f"{intro}{_NOTES}\n"})
    assert packed_anonymously(tmp_path)["sec/intro.tex"] == intro


@pytest.mark.slow  # pack compiles the paper and its archive
def test_a_file_read_by_texs_own_input_before_end_document_is_closed(tmp_path):
    r"""Round 24 (N2), its control: ``\input sec/intro`` without braces, read to its end, then
    ``\end{document}`` in main.tex and notes below it: the brace-less file is closed by its
    end (``\everyeof``), so ``\end{document}`` is main.tex's own line, not the intro's."""
    body = "\\input sec/intro\nClosing text.\n\\end{document}\n"
    _paper(tmp_path, "", f"{body}{_NOTES}", {"sec/intro.tex": "Intro text here.\n\n\nMore.\n"})
    assert packed_anonymously(tmp_path)["main.tex"].endswith(body)
