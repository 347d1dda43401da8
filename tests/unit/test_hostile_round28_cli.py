"""Round 28: rows of that hostile pass about the command line, mended on the verb branch: an
unknown option told by the top-level parser (C1), ``SOURCE_DATE_EPOCH`` not a number told as an
internal error (B1), and ``--width`` past the venue's text offering the slot words it refuses
(W4). The pass itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import re

import pytest
from helpers import REPO

from figures.cli import main as cli

FIGDATA = str(REPO / "figdata")


def _refused(capsys, argv: list[str]) -> list[str]:
    with pytest.raises(SystemExit) as stopped:
        cli.main(argv)
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert not out
    return err.splitlines()


@pytest.mark.parametrize(("argv", "line"), [
    (["pack", "{paper}", "--output", "o.tar.gz"], ("figures pack: error: unrecognized argument "
     "--output; did you mean --out? (figures pack --help lists them)")),
    (["pack", "{paper}", "--anon", "--out", "{tar}"], ("figures pack: error: unrecognized "
     "argument --anon; did you mean --anonymous? (figures pack --help lists them)")),
    (["pack", "{paper}", "--anonymise", "--out", "{tar}"], ("figures pack: error: unrecognized "
     "argument --anonymise; did you mean --anonymous? (figures pack --help lists them)")),
    (["pack", "{paper}", "-o", "{tar}"], ("figures pack: error: unrecognized argument -o; did "
     "you mean --out? (figures pack --help lists them)")),
    (["pack", "{paper}", "--output={tar}"], ("figures pack: error: unrecognized argument "
     "--output; did you mean --out? (figures pack --help lists them)")),
    (["sync", "{paper}", "--fig", FIGDATA], ("figures sync: error: unrecognized argument --fig; "
     "did you mean --figdata? (figures sync --help lists them)")),
    (["sync", "{paper}", "--ven", "icml"], ("figures sync: error: unrecognized argument --ven; "
     "did you mean --venue? (figures sync --help lists them)")),
    (["build", "--venue", "icml", "--w", "3.25", "--out", "{tar}"], ("figures build: error: "
     "unrecognized argument --w; did you mean --width? (figures build --help lists them)")),
    (["pack", "{paper}", "--zzzzzz", "--out", "{tar}"], ("figures pack: error: unrecognized "
     "argument --zzzzzz (figures pack --help lists them)")),
    (["pack", "{paper}", "{paper}", "--out", "{tar}"], ("figures pack: error: unrecognized "
     "argument '{paper}' (figures pack --help lists them)")),
    (["--vers"], ("figures: error: unrecognized argument --vers; did you mean --version? "
     "(figures --help lists them)")),
    (["--vers", "list"], ("figures: error: unrecognized argument --vers; did you mean "
     "--version? (figures --help lists them)"))])
def test_an_unknown_option_is_told_by_its_command_with_the_near_one(tmp_path, capsys, argv,
                                                                    line):
    """Round 28 (C1): ``figures pack P --output o.tar.gz`` (``--anon``, ``sync P --fig DIR``,
    ``build --w 3.25``) was refused by the top-level parser, ``usage: figures [-h] ...`` /
    ``figures: error: unrecognized arguments: --output o.tar.gz``: neither the command nor its
    near option named; ``figures --vers`` said a COMMAND is required. Now the command's parser
    says it, with the nearest of its options, exit 2, nothing written."""
    paper = tmp_path / "paper"
    paper.mkdir()
    (paper / "main.tex").write_text("\\documentclass{article}\n\\begin{document}\nHi.\n"
                                    "\\end{document}\n")
    tar = tmp_path / "p.tar.gz"
    lines = _refused(capsys, [a.format(paper=paper, tar=tar) for a in argv])
    assert lines[-1] == line.format(paper=paper)
    command = argv[0] if not argv[0].startswith("-") else ""
    assert lines[0].startswith(f"usage: figures {command}".rstrip() + " ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["paper"]
    assert sorted(p.name for p in paper.iterdir()) == ["main.tex"]


def test_every_option_of_every_command_is_known_for_the_near_one():
    """Round 28 (C1): the options a near one is chosen from are every option a command's
    ``--help`` lists (``--debug`` too), so none is missed when a command grows one."""
    top = cli.parser()
    for name, command in top.commands.items():
        listed = [re.match(r"  (-\S.*?)(?:  |$)", line) for line in
                  command.format_help().splitlines()]
        helped = {part.split()[0] for found in listed if found
                  for part in found.group(1).split(", ")}
        assert helped == set(command.option_strings), name
    assert set(top.option_strings) == {"-h", "--help", "--version", "--debug"}


@pytest.mark.parametrize("value", ["abc", "12abc", "1_000", "3.5", "99999999999999999"])
@pytest.mark.parametrize("command", [
    ["build", "cifar_summary", "--venue", "icml", "--width", "3.25", "--out", "{out}"],
    ["sync", "{paper}", "--allow-synthetic"], ["paper", "{paper}", "--allow-synthetic"]])
def test_a_source_date_epoch_not_a_number_is_one_line_before_anything(tmp_path, capsys,
                                                                       monkeypatch, value,
                                                                       command):
    """Round 28 (B1): ``SOURCE_DATE_EPOCH=abc figures build cifar_summary --venue icml
    --width 3.25 --out DIR`` said ``internal error in cifar_summary: ValueError: invalid
    literal for int()`` (matplotlib stamps a PDF's date with it), blaming our code and not
    naming the variable, a lock and a state left in DIR. Now one line naming it, before any
    command that draws or compiles (TeX reads it too) does anything."""
    paper = tmp_path / "paper"
    paper.mkdir()
    (paper / "main.tex").write_text("\\documentclass{article}\n\\usepackage{graphicx}\n"
                                    "\\begin{document}\n\\includegraphics[width=\\linewidth]"
                                    "{cifar_summary}\n\\end{document}\n")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    monkeypatch.chdir(tmp_path)
    code = cli.main([a.format(out=tmp_path / "out", paper=paper) for a in command]
                    + ["--figdata", FIGDATA])
    _out, err = capsys.readouterr()
    assert code == 1
    assert err.splitlines() == [
        (f"error: SOURCE_DATE_EPOCH={value!r} is not a whole number of seconds since 1970 "
        "(matplotlib and TeX stamp PDFs with it): unset it or set e.g. SOURCE_DATE_EPOCH=0")]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["paper"]
    assert sorted(p.name for p in paper.iterdir()) == ["main.tex"]


@pytest.mark.parametrize("value", ["", "0", "315532800"])
def test_a_source_date_epoch_empty_or_a_number_builds(tmp_path, capsys, monkeypatch, value):
    """Round 28 (B1): an empty ``SOURCE_DATE_EPOCH`` is unset to matplotlib and TeX alike (the
    file's date the build's time, which the build strips): built, as with a number."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    code = cli.main(["build", "cifar_summary", "--venue", "icml", "--width", "3.25", "--out",
                     str(tmp_path / "out"), "--figdata", FIGDATA])
    assert code == 0, capsys.readouterr().err
    assert (tmp_path / "out" / "cifar_summary.pdf").is_file()


@pytest.mark.parametrize("width", ["6.76", "-3.25", "100", "0.5"])
def test_a_width_option_out_of_range_offers_only_widths(tmp_path, capsys, width):
    """Round 28 (W4): ``figures build cifar_summary --venue icml --width 6.76`` said "a venue
    figure is drawn for "column", "text" or a width in inches ...": words ``--width``
    refuses (they are ``figures.draw``'s slots). The option's line offers what it takes."""
    code = cli.main(["build", "cifar_summary", "--venue", "icml", f"--width={width}", "--out",
                     str(tmp_path / "out"), "--figdata", FIGDATA])
    _out, err = capsys.readouterr()
    assert code != 0
    assert err.splitlines() == [
        (f"error: --width: {float(width):g} in: a venue figure is drawn at a width in inches "
        "from 1 to icml's text width (6.75 in)")]
    assert not (tmp_path / "out").exists()


def test_figures_draw_keeps_its_slot_words():
    """Round 28 (W4): ``figures.draw``'s slot still offers "column" and "text", which it
    takes, from the same message."""
    import figures
    from figures.errors import FigureDataError

    with pytest.raises(FigureDataError) as refused:
        figures.draw("cifar_summary", "icml", 6.76)
    assert str(refused.value) == ("slot: 6.76 in: a venue figure is drawn for \"column\", "
                                  "\"text\" or a width in inches from 1 to icml's text width "
                                  "(6.75 in)")
