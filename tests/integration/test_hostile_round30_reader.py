"""Hostile round 30's reader rows (issue 45): a ``\\fi`` followed by ``{`` (``\\fi{}``, the
usual way to keep the space after it) closed no conditional, so a false switch ran to the
file's end: the note behind it shipped with warnings 0 (H3), and the comment stripper took a
``%20`` in a later ``\\url`` for a comment, its copy failed to compile and the file was packed
with its comments (H4). The pass itself is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

from string import ascii_letters

import pytest
from helpers import anonymous_pack_tells, anonymous_paper, packed, told_once
from hypothesis import given, settings
from hypothesis import strategies as st

from figures.texread import read
from figures.texverbatim import false_end, opens

_PAGE = ["Intro. More.\n1"]


@pytest.mark.parametrize("after", ["{}", "}", "\\relax", "%", "1", " {}", "\n{}", "~", "\\ "])
def test_a_fi_closes_whatever_follows_it(after):
    """Round 30 (H3): ``\\fi{}`` (``\\fi}``, ``\\fi\\relax``, ``\\fi%``, ``\\fi1``...) ends
    the ``\\iffalse`` it closes: a control word ends at its first non-letter."""
    text = f"\\iffalse old\\fi{after} More."
    assert false_end(text, len("\\iffalse"), []) == len("\\iffalse old\\fi")
    assert [tuple(span) for span in read(text).false] == [(0, len("\\iffalse old\\fi"))]
    assert opens("fi", None, "{") == -1
    assert opens("iffalse", None, "{") == 1
    assert opens("ifdraft", None, "{") == 0


@pytest.mark.slow  # Hypothesis: its plugin is loaded for the slow tier only (tests/conftest.py)
@settings(max_examples=200, deadline=None, database=None, derandomize=True)
@given(st.one_of(st.sampled_from([c for c in map(chr, range(32, 127)) if not (
    c.isalpha() or c == "@")]), st.characters(exclude_categories=("Cs",),
                                              exclude_characters=ascii_letters + "@")),
       st.text(max_size=8))
def test_any_non_letter_after_fi_closes(after, rest):
    """Round 30 (H3): any character that is no letter after ``\\fi`` closes the conditional,
    a nested one counted (``\\iffalse \\ifx ab x\\fi{} y\\fi{}``; a line's end after the
    first: a ``%`` there is a comment)."""
    text = f"\\iffalse \\ifx ab x\\fi{after}\n y\\fi{after}{rest}"
    end = text.index("y\\fi") + len("y\\fi")
    assert false_end(text, len("\\iffalse"), []) == end


def test_a_switch_closed_by_fi_braces_is_told():
    """Round 30 (H3): ``\\newif\\ifnotes\\notesfalse`` ... ``\\ifnotes SECRET ask Bob
    Jones\\fi{} More.``: the note, hidden, was never told (the branch ran to the file's end
    and was dropped); now told, and only it is quoted, a conditional of the paper's own
    braced inside it too (``\\ifnotes \\ifmine{} x\\fi{} ..``, below)."""
    for head, note, line in (
            ("", "\\ifnotes We ask Bob Jones about it", 3),
            ("\\newif\\ifmine\\minetrue\n",
             "\\ifnotes \\ifmine{} x\\fi{} We ask Bob Jones about it", 4)):
        main = (f"\\newif\\ifnotes\\notesfalse\n{head}\\begin{{document}}\nIntro. {note}\\fi{{}} "
                "More.\n\\end{document}\n")
        assert told_once(main, _PAGE) == (
            f"main.tex:{line}: {note} is hidden by \\ifnotes, false there (\\newif\\ifnotes)")


def test_a_url_after_an_iffalse_closed_by_fi_braces_keeps_its_percent():
    """Round 30 (H4): after ``\\iffalse old\\fi{}`` the text is read again: a ``%20`` in a
    ``\\url`` is no comment, the ``%`` after it is."""
    text = "Intro. \\iffalse old\\fi{} See \\url{https://example.org/a%20b} here. % SECRET\nMore."
    reading = read(text)
    assert [text[start:end] for start, end in reading.comments] == ["% SECRET"]


@pytest.mark.slow  # TeX compiles the archive
def test_a_note_behind_fi_braces_is_told_by_the_anonymous_pack(tmp_path):
    """Round 30 (H3): ``pack --anonymous`` exit 0, warnings 0, the note shipped; now told."""
    said = anonymous_pack_tells(tmp_path, ("\\newif\\ifnotes\\notesfalse",
                                           "Intro. \\ifnotes SECRETHO1 ask Bob Jones\\fi{} More."),
                                packages="url")
    assert "main.tex:6: \\ifnotes SECRETHO1 ask Bob Jones is hidden by \\ifnotes, false there" \
        in said, said


@pytest.mark.slow  # TeX compiles the archive
def test_a_private_comment_after_fi_braces_is_stripped(tmp_path):
    """Round 30 (H4): ``\\iffalse old\\fi{} See \\url{..a%20b} here. % SECRET``: the stripped
    copy failed to compile and the file shipped with its comments (warnings 1); now stripped,
    and the URL whole."""
    anonymous_paper(tmp_path, "", "Intro. \\iffalse old\\fi{} See \\url{https://example.org/a%20b} "
                    "here. % SECRETHQ1 Bob Jones reviewed this\nMore.", packages="url")
    files, _ = packed(tmp_path, "--anonymous", warnings=None)
    assert "SECRETHQ1" not in files["main.tex"], files["main.tex"]
    assert "\\url{https://example.org/a%20b} here." in files["main.tex"], files["main.tex"]


def test_a_papers_own_conditional_counts_with_a_brace_after_it():
    """Round 30 (H3): a conditional the paper makes (``\\newif\\ifmine``, ``\\let\\ifmine
    \\iftrue``) with a brace after it (``\\ifmine{}``, as ``\\ifnotes{} See..`` in the pass)
    was taken for a macro taking an argument: its ``\\fi`` closed the outer switch, and the
    note after it went untold. Now counted, made in the file or named by the caller."""
    text = "\\newif\\ifmine\n\\iffalse \\ifmine{} a\\fi{} b\\fi{} c"
    assert [text[start:end] for start, end in read(text).false] == [
        "\\iffalse \\ifmine{} a\\fi{} b\\fi"]
    alone = "\\iffalse \\ifmine{} a\\fi{} b\\fi{} c"
    assert false_end(alone, 8, [], ifs=frozenset({"ifmine"})) == len(alone) - 4
    assert false_end("\\let\\ifmine\\iftrue" + alone, 26, []) == len(alone) + 18 - 4
    # its note told: test_a_switch_closed_by_fi_braces_is_told
