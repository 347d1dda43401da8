"""Round 30: rows of that hostile pass about the command line (issue 45), mended on the verb
branch: a pasted typographic dash (C2), an unknown option behind a missing positional argument
(C3), ``--=x`` told as ``--`` (C4), words after ``--`` told as another command's options (C6).
The pass itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest

from figures.cli import main as cli


def _refused(capsys, argv: list[str]) -> str:
    """``figures ARGV`` refused by argparse: exit 2, nothing on stdout; its last line."""
    with pytest.raises(SystemExit) as stopped:
        cli.main(argv)
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert not out
    assert err.splitlines()[0].startswith("usage: figures")
    return err.splitlines()[-1]


@pytest.mark.parametrize(("argv", "line"), [
    (["pack", "{paper}", "\u2014out", "o.tar.gz"], (
        "figures pack: error: unrecognized argument \u2014out (a typographic dash \u2014, not --);"
        " did you mean --out? (figures pack --help lists them)")),
    (["pack", "{paper}", "\u2013out=o.tar.gz"], (
        "figures pack: error: unrecognized argument \u2013out=o.tar.gz (a typographic dash "
        "\u2013, not --); did you mean --out? (figures pack --help lists them)")),
    (["pack", "\u2014anonymous", "{paper}"], (
        "figures pack: error: unrecognized argument \u2014anonymous (a typographic dash \u2014, "
        "not --); did you mean --anonymous? (figures pack --help lists them)")),
    (["\u2014version"], (
        "figures: error: unrecognized argument \u2014version (a typographic dash \u2014, not --); "
        "did you mean --version? (figures --help lists them)"))], ids=["em", "en", "first", "top"])
def test_a_pasted_typographic_dash_is_told_as_one(tmp_path, capsys, argv, line):
    """Round 30 (C2): ``figures pack X \u2014out o.tar.gz`` said ``unrecognized argument
    '\u2014out'`` and ``figures \u2014version`` ``invalid choice``: the dash that looks like
    ``--`` never named. Now the dash is told, with the option it stands for."""
    assert _refused(capsys, [a.format(paper=tmp_path) for a in argv]) == line


@pytest.mark.parametrize(("argv", "line"), [
    (["sync", "-x"], ("figures sync: error: unrecognized argument -x (figures sync --help "
                      "lists them)")),
    (["which", "--bogus=1", "--other"], ("figures which: error: unrecognized argument --bogus "
                                         "(figures which --help lists them)")),
    (["pack", "--outt", "o.tar.gz"], ("figures pack: error: unrecognized argument --outt; did "
                                      "you mean --out? (figures pack --help lists them)"))])
def test_an_unknown_option_is_told_before_a_missing_argument(capsys, argv, line):
    """Round 30 (C3): ``figures sync -x`` said ``the following arguments are required:
    PAPER_DIR`` (``which --bogus=1 --other``: ``FILE``): the unknown option never named. Now
    it is named first; with none, the missing argument is still told."""
    assert _refused(capsys, argv) == line
    assert _refused(capsys, ["sync"]) == ("figures sync: error: the following arguments are "
                                          "required: PAPER_DIR")


@pytest.mark.parametrize(("argv", "line"), [
    (["--=x"], "figures: error: unrecognized argument --=x (figures --help lists them)"),
    (["pack", "{paper}", "-=x"], ("figures pack: error: unrecognized argument -=x (figures pack "
                                  "--help lists them)"))])
def test_an_option_with_no_name_is_told_as_typed(tmp_path, capsys, argv, line):
    """Round 30 (C4): ``figures --=x`` was told as ``unrecognized argument --`` (``pack X
    -=x`` as ``-``): the word as typed is named."""
    assert _refused(capsys, [a.format(paper=tmp_path) for a in argv]) == line


@pytest.mark.parametrize(("argv", "words"), [
    (["pack", "{paper}", "--", "--out", "o"], "--out o"),
    (["pack", "{paper}", "--out", "{paper}/o.tar.gz", "--", "y"], "y"),
    (["pack", "{paper}", "--out", "{paper}/o.tar.gz", "--", "--out"], "--out"),
    (["pack", "{paper}", "--", "x"], "x")])
def test_words_after_a_double_dash_are_no_options(tmp_path, capsys, argv, words):
    """Round 30 (C6): ``figures pack HA -- --out o`` said ``--out: an option of macros,
    build, ..., not of pack``: false, pack takes ``--out``; after ``--`` every word is a
    folder, which is what is wrong. Now told as extra arguments after ``--``; an unknown option
    before ``--`` is still told as one."""
    assert _refused(capsys, [a.format(paper=tmp_path) for a in argv]) == (
        f"figures pack: error: unexpected extra arguments after --: {words} (each word after -- "
        "is a PAPER_DIR, never an option; figures pack --help lists them)")
    assert _refused(capsys, ["pack", "--zz", str(tmp_path), "--", "--out"]) == (
        "figures pack: error: unrecognized argument --zz (figures pack --help lists them)")
