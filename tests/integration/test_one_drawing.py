"""One drawing per figure and box (issue 43): sync builds each include for its box and
checks the legibility of that same drawing; it never draws a figure again to measure it, and
a build that is current is not measured again (its verdict is recorded beside it)."""

from __future__ import annotations

import pytest
from helpers import REPO, count_draws

from figures.cli import main as cli

NAMES = ("cifar_summary", "cifar_accuracy", "figure_snapshot_vit")


def _three_includes(tmp_path, monkeypatch):
    """A paper of one include of each of NAMES at 3 in, and the sync of it at ICML (run from
    tmp_path, where its build/ goes)."""
    paper = tmp_path / "paper"
    paper.mkdir()
    includes = "\n".join(f"\\includegraphics[width=3in]{{{name}}}\n" for name in NAMES)
    (paper / "main.tex").write_text("\\documentclass{article}\n\\usepackage{graphicx}\n"
                                    f"\\begin{{document}}\n{includes}\\end{{document}}\n")
    monkeypatch.chdir(tmp_path)
    return paper, ["sync", str(paper), "--venue", "icml", "--allow-synthetic", "--figdata",
                   str(REPO / "figdata")]


@pytest.mark.slow  # TeX compiles the paper, three figures are built
def test_a_sync_of_a_paper_with_three_includes_draws_three_figures(tmp_path, monkeypatch,
                                                                   capsys):
    """Each include was drawn three times: once per format by the build (split across the
    workers) and once more by the preflight. Counted in forked workers too."""
    drawn = count_draws(tmp_path / "drawn.txt", monkeypatch)
    paper, sync = _three_includes(tmp_path, monkeypatch)
    # built (and measured); then current: its verdict read back (issue 44: a sync of a paper
    # whose builds are current draws nothing); the verdicts gone: measured once more
    for round_, draws in enumerate((sorted(NAMES), [], sorted(NAMES))):
        drawn.unlink(missing_ok=True)
        if round_ == 2:
            [verdicts] = (tmp_path / "build").glob("*/w3/.legibility.json")
            verdicts.unlink()
        assert cli.main(sync) == 0, capsys.readouterr()
        assert sorted(drawn.read_text().split() if drawn.is_file() else []) == draws
    assert all((paper / f"{name}.pdf").is_file() for name in NAMES)


@pytest.mark.slow  # TeX compiles the paper, three figures are built
def test_a_cold_sync_draws_the_builds_it_needs_at_once_one_a_core(tmp_path, monkeypatch,
                                                                  capsys):
    """Sync's cost cold (issue 44): the width builds a sync needs are drawn at once in forked
    workers, one a core (two here), each figure once and measured on that drawing in its
    worker; what they worked out is kept (the verdicts of three figures of one folder, two
    workers writing them): the next sync draws nothing."""
    import os

    from figures.outputs.kind import BuildKind

    monkeypatch.setattr(os, "sched_getaffinity", lambda _: {0, 1})
    log, draw = tmp_path / "drawn.txt", BuildKind.draw

    def counted(self, spec, data):
        with log.open("a") as lines:
            lines.write(f"{spec.name} {os.getpid()}\n")
        return draw(self, spec, data)

    monkeypatch.setattr(BuildKind, "draw", counted)
    paper, sync = _three_includes(tmp_path, monkeypatch)
    assert cli.main(sync) == 0, capsys.readouterr()
    drawn = [line.split() for line in log.read_text().splitlines()]
    assert sorted(name for name, _ in drawn) == sorted(NAMES)
    assert len({pid for _, pid in drawn} - {str(os.getpid())}) == 2, drawn
    log.unlink()
    assert cli.main(sync) == 0, capsys.readouterr()
    assert not log.exists()
    assert all((paper / f"{name}.pdf").is_file() for name in NAMES)
