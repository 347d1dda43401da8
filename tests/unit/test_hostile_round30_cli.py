"""Round 30: rows of that hostile pass about the command line (issue 45), mended on the verb
branch: a pasted typographic dash (C2), an unknown option behind a missing positional argument
(C3), ``--=x`` told as ``--`` (C4), words after ``--`` told as another command's options (C6).
The pass itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

from pathlib import Path

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


@pytest.mark.parametrize("value", ["\u2013x.tar.gz", "\u2014out", "\u2212o.tar.gz"])
def test_an_options_value_may_begin_with_a_typographic_dash(tmp_path, capsys, value):
    """Round 31 (C2): ``figures pack N2 --out \u2013x.tar.gz`` was refused as ``unrecognized
    argument \u2013x.tar.gz (a typographic dash \u2013, not --)``: it is ``--out``'s value, a
    legal file name (``--out=\u2013x.tar.gz`` packed). The word after an option taking a
    value is that value; one in an option's place is still told."""
    args = cli.parser().parse_args(["pack", str(tmp_path), "--out", value])
    assert args.out == Path(value) or str(args.out) == value
    assert _refused(capsys, ["pack", str(tmp_path), "--anonymous", value]).startswith(
        f"figures pack: error: unrecognized argument {value} (a typographic dash {value[0]}, ")


@pytest.mark.parametrize("argv", [["pack", "N2", "--", "N2"], ["pack", "N2", "--", "x", "N2"],
                                  ["pack", "--out", "N2", "N2", "--", "N2"]])
def test_a_word_given_before_and_after_a_double_dash_is_told_after_it(capsys, argv):
    """Round 31 (C3): ``figures pack N2 -- N2`` said ``unrecognized argument 'N2'``, not
    round 30 C6's line: the word after ``--`` was taken for the one given before it, by its
    text. Now each word after ``--`` argparse had no place for is told as one."""
    words = " ".join(argv[argv.index("--") + 1:])
    assert _refused(capsys, argv) == (
        f"figures pack: error: unexpected extra arguments after --: {words} (each word after -- "
        "is a PAPER_DIR, never an option; figures pack --help lists them)")


@pytest.mark.parametrize(("argv", "word"), [
    (["build", "cifar_summary", "--force", "--out", "o", "fig1_audit_hero"], "fig1_audit_hero"),
    (["extract", "res", "fig3b_crossarch_3row", "--figdata", "fd", "cifar_summary"],
     "cifar_summary")])
def test_names_split_by_an_option_are_told_to_go_together(capsys, argv, word):
    """Round 45c (W2): ``figures build cifar_summary --force fig1_audit_hero`` called a figure
    it knows an "unrecognized argument" and said nothing of what to do; now: the names go
    together, before or after the options."""
    command = argv[0]
    results = "RESULTS and " if command == "extract" else ""  # round 47c, W11
    assert _refused(capsys, argv) == (
        f"figures {command}: error: unrecognized argument {word!r}: give {results}every NAME together, "
        f"before or after the options, not on both sides of one (figures {command} --help "
        "lists them)")
