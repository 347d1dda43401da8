"""The exception catalogue (figures/errors.py): a caller catches a failure by its kind, and
every kind still prints the one line a FigureDataError prints."""

from __future__ import annotations

import pytest

from figures import errors
from figures.errors import (
    AuthorCodeError,
    DataError,
    FigureDataError,
    ToolMissing,
    UnknownName,
    UsageError,
)


def test_a_missing_pdftoppm_is_a_tool_missing_with_todays_line(monkeypatch, tmp_path):
    from figures import runner

    monkeypatch.setattr("shutil.which", lambda tool: None)
    with pytest.raises(ToolMissing) as caught:
        runner.run(["pdftoppm", "-png", str(tmp_path / "a.pdf")], file=str(tmp_path / "a.pdf"))
    assert str(caught.value) == f"{tmp_path / 'a.pdf'}: pdftoppm not found: install poppler-utils"


@pytest.mark.parametrize("kind", [DataError, AuthorCodeError, ToolMissing, errors.LatexError])
def test_every_kind_prints_the_one_line_of_a_figure_data_error(kind):
    line = str(FigureDataError("figdata/x.json", "data.y", "expected a number"))
    assert str(kind("figdata/x.json", "data.y", "expected a number")) == line


def test_a_usage_error_is_its_message_alone_and_an_unknown_name_is_one():
    assert str(UsageError("--venue given 2 times")) == "--venue given 2 times"
    assert isinstance(UnknownName("unknown venue 'x'", "--venue"), UsageError)
    assert str(UnknownName("unknown venue 'x'", "--venue")) == "--venue: unknown venue 'x'"


def test_a_bad_figdata_file_is_a_data_error(tmp_path):
    from figures.data.jsonio import read_json

    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    with pytest.raises(DataError, match=r"bad\.json"):
        read_json(tmp_path / "bad.json", "bad.json")


def test_a_name_an_ascii_locale_cannot_hold_is_one_line_not_an_internal_error(monkeypatch):
    """Round 25 (LC): under ``LC_ALL=C PYTHONUTF8=0`` a non-ASCII file name cannot be passed to
    a command (``kpsewhich sec/einführung.tex``) or resolved: one line naming the file and the
    way out (a UTF-8 locale), not "internal error ... UnicodeEncodeError"."""
    import sys

    from figures.errors import error_line, is_internal

    try:
        "sec/einführung.tex".encode("ascii")
    except UnicodeEncodeError as caught:
        exc = caught
    monkeypatch.setattr(sys, "getfilesystemencoding", lambda: "ascii")
    line = error_line(exc, "figures pack")
    assert "internal error" not in line
    assert line.startswith("sec/einführung.tex: ")
    assert "LC_ALL=C.UTF-8" in line
    assert "PYTHONUTF8" in line
    assert not is_internal(exc)
    monkeypatch.setattr(sys, "getfilesystemencoding", lambda: "utf-8")
    assert "internal error" in error_line(exc, "figures pack")  # a real bug stays one


def test_a_refusal_over_the_cap_is_cut_at_a_word():
    """Round 35 (L1): a right refusal naming an image of 117 characters and a ``.sty`` of 60
    ran past the 400-character cap, cut at 399 mid-word ("the pack stops (an archive printing
    fr…"). It is now cut at the last whole word that fits; what to do ("remove it; the pack
    stops") and the image's name stay whole."""
    from figures.errors import MAX_LINE, one_line

    name, style = "f" * 117 + ".png", "s" * 60 + ".sty"
    text = (f"main.tex: graphicx's option draft ({style}:2): graphicx prints a frame for each "
            f"image: the archive's PDF prints {name}'s on page 1 in place of the figure "
            "included at main.tex:4; remove it; the pack stops (an archive printing frames in "
            "place of figures is no paper to submit)")
    line = one_line(text)
    assert len(line) <= MAX_LINE, line
    assert line.endswith(" …"), line
    assert text.startswith(line[:-2]), line
    assert text[len(line) - 2] == " ", line  # the cut at a word's end, not inside it
    for kept in (f"{name}'s", "remove it; the pack stops"):
        assert kept in line, line
