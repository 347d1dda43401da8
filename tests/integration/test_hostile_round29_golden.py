"""Round 29: rows of that hostile pass mended on the golden branch: a fixture left behind by a
removed figure (G9) and ``build --width`` given twice (W1); G1's and G5's tests (review's
reader of the golden-inputs record, a deleted tracked baseline) are in
tests/unit/test_review.py. The pass itself, case by case, is in docs/guarantees.md ("Hostile
passes"). G9 runs pytest on the golden suite of a copy of the project, as round 19's rows do
(its ``_pytest``)."""

from __future__ import annotations

import pytest
from conftest import OFF_REFERENCE
from helpers import REPO
from test_hostile_round19_golden import _pytest
from test_hostile_round19_golden import copy_of_project as _copy

ORPHAN = "cifar_state_vs_credit"


def _orphan_line(stem: str) -> str:
    return (f"tests/fixtures/{stem}.json: a fixture of {ORPHAN}, which is not in FIGURES in "
            f"figures/registry.py: remove the fixture (and baseline/{stem}.png, "
            f"baseline/{stem}.vector.txt.gz), or register the figure")


@pytest.mark.slow  # a golden run of its own
def test_a_fixture_left_behind_by_a_removed_figure_is_named_and_the_others_still_judge(
        request, tmp_path):
    """Round 29 (G9): a figure removed from the registry (its ``FigureSpec`` line deleted), its
    fixtures in tests/fixtures/ left behind: ``pytest --mpl tests/golden/test_images.py``
    stopped with an INTERNALERROR (``KeyError: 'cifar_state_vs_credit'`` from the golden
    cache's digest of its inputs), exit 3, and no golden was judged. Now each leftover fixture
    fails its test in one line naming it and what to do, the other goldens compare, and the
    registry's consistency test names each the same way."""
    if request.config.stash[OFF_REFERENCE] is not None:
        pytest.fail("off the reference environment: pixels are not compared here")
    root = _copy(tmp_path / "repo")
    registry = root / "figures" / "registry.py"
    lines = registry.read_text().splitlines(keepends=True)
    kept = [line for line in lines if f'FigureSpec("{ORPHAN}"' not in line]
    assert len(kept) == len(lines) - 1
    registry.write_text("".join(kept))
    ran = _pytest(root, root, "--mpl", "tests/golden/test_images.py", "-k",
                  f"cifar_summary or {ORPHAN}")
    out = ran.stdout + ran.stderr
    assert ran.returncode == 1, out
    assert "INTERNALERROR" not in out
    stems = (ORPHAN, f"{ORPHAN}--no-error-logs", f"{ORPHAN}--partial")
    for stem in stems:
        assert _orphan_line(stem) in out.splitlines(), out
    assert "golden judges: pixels (pytest-mpl, tolerance 0) 1 image(s)" in out, out
    assert "3 failed, 1 passed" in out, out
    assert "test_figure_matches_baseline[cifar_summary]" not in out  # it compared, and passed

    ran = _pytest(root, root, "tests/unit/test_registry.py", "-k", "every_fixture")
    out = ran.stdout + ran.stderr
    assert ran.returncode == 1, out
    failure = out.split("test_every_fixture_belongs_to_a_figure _")[1].split("=====")[0]
    assert failure.strip("_ \n").splitlines() == [_orphan_line(s) for s in sorted(stems, key=lambda s: f"{s}.json")], out


def test_a_width_given_twice_is_shown_as_typed_and_one_width_rounded_alike_builds(
        tmp_path, capsys):
    """Round 29 (W1): ``--width 3.25 --width 3.2500001`` was refused as ``--width given 2
    times (3.25, 3.25)``: two equal widths shown, the difference unsaid, though the build
    rounds a width to a thousandth (3.2500001 alone builds w3.25). Widths are compared as the
    build rounds them, so those two are one build; two that differ are shown as typed."""
    from figures.cli import main as cli

    out = tmp_path / "out"
    code = cli.main(["build", "--venue", "icml", "--width", "3.250", "--width", "6.7500",
                     "cifar_summary", "--out", str(out), "--figdata", str(REPO / "figdata")])
    assert code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "error: --width given 2 times (3.250, 6.7500): one per build")
    assert not out.exists()

    code = cli.main(["build", "--venue", "icml", "--width", "3.25", "--width", "3.2500001",
                     "cifar_summary", "--out", str(out), "--figdata", str(REPO / "figdata")])
    said = capsys.readouterr()
    assert code == 0, said.out + said.err
    assert said.out.startswith("built cifar_summary: "), said.out
    code = cli.main(["build", "--venue", "icml", "--width", "3.25", "cifar_summary", "--out",
                     str(out), "--figdata", str(REPO / "figdata")])
    said = capsys.readouterr()
    assert code == 0, said.out + said.err
    assert said.out.startswith("current cifar_summary"), said.out  # the same build


@pytest.mark.slow  # a golden run of its own
def test_a_figure_that_raises_as_pytest_mpl_saves_it_is_one_line_and_not_judged(
        request, tmp_path):
    """Round 37 (G6): a figure module that no longer compiles (an author's ``SyntaxError``:
    a keyword given twice), ``pytest --mpl``: pytest-mpl draws the figure as it saves it, so
    the error came through its frames as a 267-line report under "golden judges: pixels ...
    1 image(s)", though no image was compared. Now the one line the vector judge gives (the
    file, the line, the error) and "not judged", as without ``--mpl``."""
    if request.config.stash[OFF_REFERENCE] is not None:
        pytest.fail("off the reference environment: pixels are not compared here")
    root = _copy(tmp_path / "repo")
    module = root / "figures" / "plots" / "fig1_audit_hero.py"
    text = module.read_text()
    assert 'linestyle=":")' in text
    module.write_text(text.replace('linestyle=":")', 'linestyle=":", linewidth=0.4)', 1))
    ran = _pytest(root, root, "--mpl", "tests/golden/test_images.py", "-k",
                  "fig1_audit_hero and not partial")
    out = ran.stdout + ran.stderr
    assert ran.returncode == 1, out
    line = text[:text.index('linestyle=":")')].count("\n") + 1  # the call the slip is in
    assert f"figures/plots/fig1_audit_hero.py, line {line}: SyntaxError: keyword argument " \
        "repeated: linewidth" in out.splitlines(), out
    assert "golden judges: NOT JUDGED" in out, out
    assert "golden judges: pixels" not in out, out
    assert len(out.splitlines()) < 60, out
