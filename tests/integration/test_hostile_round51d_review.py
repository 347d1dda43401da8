"""Round 51d: `figures review` with pytest's options that take a value as the next word
(G6, G7). The pass itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import argparse
import subprocess
from pathlib import Path

import pytest
from helpers import REPO, review_tool

review = review_tool()


def _ran(monkeypatch) -> list[list[str]]:
    """The pytest command lines review's comparisons start (none compares; none failed)."""
    ran: list[list[str]] = []

    def run(args, **_):
        ran.append(args)
        report = next(a for a in args if a.startswith(("--junit-xml=", "--junitxml=")))
        Path(report.partition("=")[2]).write_text(
            '<testsuites><testsuite name="pytest"><testcase classname="tests.golden.test_images"'
            ' name="test_figure_matches_baseline[fig4_penalty_rescue]"><properties><property '
            'name="golden-judged" value="pixels"/></properties></testcase></testsuite>'
            "</testsuites>", encoding="utf-8")
        return subprocess.CompletedProcess(args, 0)

    monkeypatch.setattr(review, "subprocess", type("S", (), {"run": staticmethod(run)}))
    return ran


@pytest.mark.parametrize("option", ["--log-file", "--golden-report"])
def test_an_options_value_is_not_taken_for_the_tests_to_run(tmp_path, monkeypatch, option):
    """Round 51d (G6, G7): ``figures review -- --log-file build/x.log`` (or the golden cache's
    ``--golden-report PATH``), its file there from a run before, was taken for the tests to
    run: the golden modules were left out, pytest ran the whole suite (``--log-file``) or
    refused ``--golden-report`` as unknown (tests/conftest.py not loaded for ``build/``). The
    value is the option's, as pytest's parser says; the golden modules are run."""
    given = tmp_path / "given.json"
    given.write_text("{}", encoding="utf-8")
    ran = _ran(monkeypatch)
    assert review.comparisons([option, str(given)]) == []
    assert all(t in ran[0] for t in review.GOLDEN_TESTS), ran[0]
    assert ran[0][ran[0].index(option) + 1] == str(given)


def test_the_users_own_golden_report_is_written(tmp_path, monkeypatch):
    """Round 51d (G7): review's own ``--golden-report`` came after the user's, so the user's
    report was never written, unsaid (as --junit-xml's was, round 45d G9). Review now has
    pytest write the user's, and reads it."""
    given = tmp_path / "mine.json"
    ran = _ran(monkeypatch)
    review.comparisons(["--golden-report", str(given)])
    assert [a for a in ran[0] if a.startswith("--golden-report")] == ["--golden-report"]


def test_an_options_value_is_not_refused_as_a_goldens_name(monkeypatch, tmp_path):
    """Round 51d (G6): ``figures review -- --log-file cifar_summary`` was refused as a golden's
    name given for ``-k`` (the value taken for a test to review); it goes to the tool."""
    from figures import runner
    from figures.cli import review as cli

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli, "checkout", lambda: REPO)
    called = []
    monkeypatch.setattr(runner, "call", lambda argv, *_, **__: called.append(argv) or 0)
    args = argparse.Namespace(no_open=True, no_browser=False,
                              pytest_args=["--", "--log-file", "cifar_summary"])
    assert cli.run(args) == 0
    assert called[0][-2:] == ["--log-file", "cifar_summary"]
