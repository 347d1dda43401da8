"""Round 49 (from round 49c W10): a misspelt figure name is told with the name it is near."""

from __future__ import annotations

import pytest
from helpers import REPO

from figures.cli.common import select
from figures.errors import UsageError


@pytest.mark.parametrize("typed", ["cifar_sumary", "Cifar_Summary", "cifar_summary.py",
                                   "figures/plots/cifar_summary.py"])
def test_a_misspelt_figure_name_says_which_it_is_near(typed):
    """Round 49c (W10): ``figures build cifar_sumary`` (and the name capitalised, or given
    as its module's file) listed every figure with no hint, where a misspelt option gets
    "did you mean"."""
    with pytest.raises(UsageError) as refused:
        select([typed])
    assert str(refused.value).startswith(
        f"unknown figure(s) {typed} (did you mean cifar_summary?); known: fig1_audit_hero"), \
        str(refused.value)


def test_a_name_near_none_is_told_without_a_guess():
    with pytest.raises(UsageError) as refused:
        select(["fig99"])
    assert str(refused.value).startswith("unknown figure(s) fig99; known: "), str(refused.value)



def test_names_are_not_said_to_be_required(capsys):
    """Round 49c (W10): ``figures extract`` alone said "the following arguments are required:
    RESULTS, NAME", though NAME is optional (every figure): argparse calls a ``nargs="*"``
    positional without a default required in that line."""
    from figures.cli.main import parser

    with pytest.raises(SystemExit):
        parser().parse_args(["extract"])
    assert capsys.readouterr().err.endswith("the following arguments are required: RESULTS\n")


def test_a_misspelt_name_typed_before_the_results_folder_is_the_one_told(tmp_path, capsys,
                                                                         monkeypatch):
    """Round 49c (W14): ``figures extract cifar_sumary RES`` named the results folder as
    the unknown figure, the slip unnamed; ``figures make cifar_summary`` (make read as
    build) said "results folder not found"."""
    from figures.cli.main import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "res0").mkdir()
    assert main(["extract", "cifar_sumary", "res0"]) == 2
    assert capsys.readouterr().err == (
        "error: cifar_sumary (did you mean cifar_summary?) is no results folder, and res0 is "
        "a folder: give RESULTS first (figures extract res0 NAME...)\n")
    assert main(["make", "cifar_summary"]) == 2
    assert capsys.readouterr().err == (
        "error: cifar_summary: make takes a results folder, not a figure: `figures build "
        "cifar_summary` builds it\n")
    assert not (tmp_path / "figdata").exists()


def test_a_dry_run_row_of_a_file_another_row_writes_has_no_verb(capsys):
    """Round 49a (P24): ``sync -n`` printed "would the same file as at main.tex:4" for an
    include of the file another row copies: "would" goes before a verb only."""
    from figures.cli.sync import _report
    from figures.paper.write import Plan

    plan = Plan(rows=[("cifar_summary", "figs/cifar_summary.pdf", "copy build/x.pdf"),
                      ("cifar_summary", "figs/cifar_summary.pdf", "the same file as at main.tex:4")])
    _report(plan, dry_run=True)
    rows = capsys.readouterr().out.splitlines()
    assert rows[1].endswith("would copy build/x.pdf"), rows
    assert rows[2].endswith(".pdf          the same file as at main.tex:4"), rows


@pytest.mark.parametrize(("argv", "refused"), [
    (["pack", "~/papers/k7"], True), (["pack", "paper", "--out=~root/y.tar.gz"], True),
    (["pack", "paper", "--out=~.tar.gz"], False), (["pack", "paper", "--out=~nosuch/y"], False)])
def test_a_tilde_is_refused_where_a_shell_would_have_expanded_it(tmp_path, monkeypatch, capsys,
                                                                 argv, refused):
    """Round 49b (K7): ``--out=~.tar.gz`` (a file named ``~.tar.gz``, which no shell expands)
    was refused as "a folder called ~", and a quoted PAPER_DIR was told to write "the option
    and path apart (--out ~/x)", an option it is not."""
    from figures.cli.common import path_arg

    if refused:
        with pytest.raises(Exception, match="write the path unquoted, apart from any option"):
            path_arg(argv[-1].removeprefix("--out="))
    else:
        assert str(path_arg(argv[-1].removeprefix("--out="))) == argv[-1].removeprefix("--out=")


def test_pytest_options_and_a_goldens_name_given_to_review_say_where_they_go(capsys):
    """Round 49d (G27): ``figures review -k cifar_summary`` was "unrecognized argument -k"
    and ``figures review cifar_summary`` (a golden's NAME, as `nox -s baselines -- NAME`
    takes it) ended in pytest's "file or directory not found", exit 4: neither said that
    pytest's arguments go after ``--``."""
    from figures.cli.main import main

    with pytest.raises(SystemExit) as stopped:
        main(["review", "--no-open", "-k", "cifar_summary"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "figures review: error: unrecognized argument -k: PYTEST ARGS go after --: `figures "
        "review -- -k ...` (figures review --help lists them)")
    assert main(["review", "--no-open", "cifar_summary"]) == 2
    assert capsys.readouterr().err == (
        "error: cifar_summary: a golden's name (as `nox -s baselines -- NAME` takes it); "
        "review takes pytest's arguments: `figures review -- -k cifar_summary`\n")


def test_a_goldens_file_and_a_pytest_option_given_to_review_say_where_they_go(capsys,
                                                                             monkeypatch):
    """Round 50d (G17): ``figures review baseline/cifar_summary.png`` (the golden's file, as
    tab completion gives it) went to pytest as a test path and ended in pytest's usage naming
    an option review had added; ``figures review --lf`` was "did you mean --help?"."""
    from figures.cli.main import main

    monkeypatch.chdir(REPO)
    for given, name in (("baseline/cifar_summary.png", "cifar_summary"),
                        ("baseline/venues/venue-icml--fig1_audit_hero--4.125.png",
                         "icml--fig1_audit_hero--4.125")):
        assert main(["review", "--no-open", given]) == 2
        assert capsys.readouterr().err == (
            f"error: {given}: a golden's file (as `nox -s baselines -- NAME` takes it); review "
            f"takes pytest's arguments: `figures review -- -k {name}`\n")
    with pytest.raises(SystemExit):
        main(["review", "--no-open", "--lf"])
    assert capsys.readouterr().err.splitlines()[-1] == (
        "figures review: error: unrecognized argument --lf: PYTEST ARGS go after --: `figures "
        "review -- --lf ...` (figures review --help lists them)")
