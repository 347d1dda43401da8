"""Hostile round 37's command-line rows (C2, C3, P17) mended with a unit test each; the pass
itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import REPO

from figures.cli import main as cli
from figures.outputs import provenance

FIGDATA = str(REPO / "figdata")


def _paper(tmp_path: Path) -> Path:
    paper = tmp_path / "paper"
    paper.mkdir()
    (paper / "main.tex").write_text("\\documentclass{article}\n\\begin{document}\nHi.\n"
                                    "\\end{document}\n")
    return paper


def _twice(runs: str, option: str, first: str, second: str, per: str = "one per run") -> str:
    """build's words for ``option`` given twice: each run the command line as typed with the
    option once (``runs``, ``{}`` where the option and its value go; hostile round 51b-2, B5:
    the runs named the option alone, without the paper or the other options)."""
    return (f"{option} given 2 times ({first}, {second}): {per}: `figures "
            f"{runs.format(f'{option} {first}')}`, then `figures {runs.format(f'{option} {second}')}`")


@pytest.mark.parametrize(("argv", "line"), [
    (["sync", "{paper}", "--venue", "icml", "--venue", "iclr", "--allow-synthetic"],
     _twice("sync {{paper}} {} --allow-synthetic --figdata {{figdata}}", "--venue", "icml",
            "iclr", "one venue per run")),
    (["paper", "{paper}", "--venue", "iclr", "--venue", "icml"],
     _twice("paper {{paper}} {} --figdata {{figdata}}", "--venue", "iclr", "icml",
            "one venue per run")),
    (["sync", "{paper}", "--main", "a.tex", "--main", "b.tex"],
     _twice("sync {{paper}} {} --figdata {{figdata}}", "--main", "a.tex", "b.tex")),
    (["pack", "{paper}", "--out", "A.tar.gz", "--out=B.tar.gz"],
     _twice("pack {{paper}} {}", "--out", "A.tar.gz", "B.tar.gz")),
    (["build", "--venue", "icml", "--venue", "iclr", "cifar_summary"],
     _twice("build {} cifar_summary --figdata {{figdata}}", "--venue", "icml", "iclr",
            "one venue per run")),
    (["check", "--venue", "icml", "--venue", "ieee"],
     _twice("check {} --figdata {{figdata}}", "--venue", "icml", "ieee", "one venue per run")),
    (["build", "-j", "1", "--jobs", "2", "cifar_summary"],
     _twice("build {} cifar_summary --figdata {{figdata}}", "--jobs", "1", "2")),
])
def test_a_single_valued_option_given_twice_is_refused_by_every_command(
        tmp_path, capsys, monkeypatch, argv, line):
    """Round 37 (C2): ``figures sync P --venue icml --venue iclr`` (an alias plus a typed
    one), ``--main a.tex --main b.tex``, ``pack --out A --out B``: the last silently won, the
    paper's figures replaced by a venue the user may not have meant, while ``build`` refused
    the same repeat. One rule for every command's single-valued options, in build's words,
    before anything is read or written."""
    paper = _paper(tmp_path)
    monkeypatch.chdir(tmp_path)
    code = cli.main([arg.format(paper=paper) for arg in argv] + ["--figdata", FIGDATA]
                    if argv[0] != "pack" else [arg.format(paper=paper) for arg in argv])
    said = capsys.readouterr()
    assert code == 2, said.out + said.err
    line = line.format(paper=paper, figdata=FIGDATA)
    assert said.err.splitlines() == [f"error: {line}"], said.err
    assert said.out == ""
    assert sorted(p.name for p in paper.iterdir()) == ["main.tex"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["paper"]


def test_every_single_valued_option_of_every_command_refuses_a_repeat():
    """Round 37 (C2): the rule is declared once (figures/cli/common.py), for every option
    that takes one value, not per command: none is a plain ``store`` that keeps the last."""
    from figures.cli.common import Once

    plain = [f"{name} {action.option_strings[0]}"
             for name, command in cli.parser().commands.items()
             for action in command._actions  # argparse keeps them there
             if action.option_strings and action.nargs is None
             and type(action).__name__ == "_StoreAction"]
    assert plain == []
    assert any(isinstance(action, Once) for action in cli.parser().commands["sync"]._actions)


def test_the_same_value_given_twice_is_one_choice(tmp_path, capsys):
    """Round 37 (C2): a repeat of the same value (``--venue icml --venue icml``, an alias
    and the same typed) is one choice, as build took it, not refused."""
    paper = _paper(tmp_path)
    args = cli.parser().parse_args(["sync", str(paper), "--venue", "icml", "--venue", "icml",
                                    "--built", "o", "--built", "o/"])
    from figures.cli.common import refuse_repeats

    refuse_repeats(args)
    assert (args.venue, args.built) == ("icml", Path("o"))
    assert not any(key.startswith("_") for key in vars(args))  # nothing left for paper's copy


@pytest.mark.parametrize("kind", ["device", "fifo", "folder"])
def test_venues_naming_what_is_not_a_regular_file_says_so(tmp_path, capsys, kind):
    """Round 37 (C3): ``--venues /dev/zero`` (or a FIFO, a folder) was refused as "no such
    file" of a file that is there; it says what ``--main`` says of one: not a regular file."""
    target = {"device": Path(os.devnull), "fifo": tmp_path / "v.fifo",
              "folder": tmp_path}[kind]
    if kind == "fifo":
        os.mkfifo(target)
    paper = _paper(tmp_path)
    with pytest.raises(SystemExit) as stopped:
        cli.main(["sync", str(paper), "--venue", "icml", "--venues", str(target)])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"figures sync: error: argument --venues: {target}: not a regular file (a named pipe, "
        "a device, a folder or a dangling link): give the path of your venue profiles, the "
        "shape of figures/venues.json")


def test_venues_and_main_say_not_a_regular_file_in_one_wording(tmp_path):
    """Round 37 (C3): one function says it for both options."""
    from figures.errors import FigureDataError
    from figures.mainfile import find_main

    (tmp_path / "sub").mkdir()
    with pytest.raises(FigureDataError) as raised:
        find_main(tmp_path, "sub")
    with pytest.raises(SystemExit):
        cli.parser().parse_args(["which", "x.pdf", "--venues", str(tmp_path / "sub")])
    from figures.paths import not_a_file

    assert not_a_file(tmp_path / "sub") in str(raised.value)
    assert not_a_file(tmp_path / "none") == "no such file"


def _forged(path: Path, **fields: str) -> Path:
    from PIL import Image
    from PIL.PngImagePlugin import PngInfo

    values = {"figure": "cifar_summary", "figdata-sha256": "0" * 64, "build-key": "0" * 64,
              "origin": "synthetic-example", "variant": "default", "version": "0", **fields}
    info = PngInfo()
    info.add_text(provenance.SUITE, provenance.encode(values))
    Image.new("RGB", (4, 4)).save(path, pnginfo=info)
    return path


@pytest.mark.parametrize("field", ["origin", "figure"])
def test_which_says_its_verdict_whatever_the_length_of_a_forged_label(tmp_path, capsys,
                                                                       field):
    """Round 37 (P17): a file whose label (ours, forged) carries ``origin=`` 100,000
    characters long: the answer was cut, as every long line is, before its verdict, so it
    said neither current nor stale. Each field of the label shown is bounded; the verdict
    stays."""
    huge = _forged(tmp_path / "huge.png", **{field: "A" * 100_000})
    plain = _forged(tmp_path / "plain.png")
    code = cli.main(["which", str(huge), str(plain), "--figdata", FIGDATA])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert len(out) == 2, out
    assert ": stale: " in out[0], out[0]
    assert out[0].endswith(" is no longer a registered figure" if field == "figure" else
                           "(or `figures sync`)"), out[0]
    assert " …" in out[0]
    assert len(out[0]) < 2400
    assert ": stale: " in out[1], out[1]


def test_which_bounds_a_field_and_leaves_a_usual_one_whole():
    """Round 37 (P17): a usual label is shown whole; a field over the bound cut with " …"."""
    from figures.paper.which import FIELD_LIMIT, Which

    usual = Which(Path("a.pdf"), "current", "cifar_summary", "venue:icml@3.25in",
                  "synthetic-example")
    assert usual.line() == "a.pdf: cifar_summary (venue:icml@3.25in, synthetic-example): current"
    long = Which(Path("a.pdf"), "stale", "cifar_summary", "default", "B" * (FIELD_LIMIT + 1),
                 "why")
    assert long.line().endswith(f"{'B' * (FIELD_LIMIT - 2)} …): stale: why")


def test_one_folder_given_twice_by_two_spellings_is_one_choice(tmp_path, capsys, monkeypatch):
    """Round 37 (C2)'s rule refused ``--figdata figdata --figdata $PWD/figdata`` as two
    choices (a test's helper adds ``--figdata`` beside the one a test types): one folder, by
    any spelling, is one choice; two folders are still refused."""
    from helpers import REPO

    from figures.cli import main as cli

    monkeypatch.chdir(REPO)
    code = cli.main(["list", "--figdata", "figdata", "--figdata", str(REPO / "figdata")])
    assert code == 0, capsys.readouterr().err
    capsys.readouterr()
    code = cli.main(["list", "--figdata", "figdata", "--figdata", str(tmp_path)])
    assert code == 2
    assert "--figdata given 2 times" in capsys.readouterr().err
