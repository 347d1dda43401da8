"""Round 49d: rows of that hostile pass mended on the golden branch: pytest's own path options
pointed into the checkout (G8), a SOURCE_DATE_EPOCH that is no time under the suite and the
baselines tool (G12, G13), the review page's keys (G7, word-level). The pass itself, case by
case, is in docs/guarantees.md ("Hostile passes"). G8's run pytest on a copy of the project,
as round 19's rows do: a run that went wrong would empty the copy's baseline/, not this
checkout's."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from conftest import CHECKOUT
from helpers import REPO, in_git, tool
from test_hostile_round19_golden import _pytest
from test_hostile_round19_golden import copy_of_project as _copy

#: A test that asks pytest for its base temporary folder (pytest empties it then).
PROBE = "def test_probe(tmp_path):\n    assert tmp_path.is_dir()\n"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project with the probe test in it."""
    root = _copy(tmp_path_factory.mktemp("r49d") / "repo")
    (root / "tests" / "unit" / "test_probe.py").write_text(PROBE)
    return root


def _goldens(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in (root / "baseline").rglob("*"))


@pytest.mark.parametrize(("given", "what"), [
    ("baseline", "is this checkout's baseline/"),
    ("baseline/venues", "lies in this checkout's baseline/"),
    ("tests/fixtures", "lies in this checkout's tests/"),
    ("pyproject.toml", "is this checkout's pyproject.toml"),
    (".", "is this checkout"),
    ("..", "holds this checkout"),
], ids=["baseline", "venues", "fixtures", "a-file", "the-checkout", "its-parent"])
def test_a_basetemp_in_the_checkout_is_refused_before_anything_is_cleared(project, given, what):
    """Round 49 (G8): ``pytest --basetemp=baseline`` (test output put beside the goldens):
    pytest empties its basetemp at the start, and every golden, its vector golden and
    ENVIRONMENT.json were deleted, then blamed as "missing" (with xdist in a 190-line
    traceback). pytest refuses only the current folder and its parents. Now one line before
    anything is cleared, exit 4, for any folder (or file) of the checkout, and for a folder
    that holds the checkout (the checkout and its parent, given from a folder above them)."""
    before = _goldens(project)
    cwd = project.parent.parent if given.startswith(".") else project
    if given.startswith("."):
        given = str((project / given).resolve())
    ran = _pytest(cwd, project, "-p", "no:cacheprovider", str(project / "tests" / "unit" /
                  "test_probe.py"), "--basetemp", given)
    out = ran.stdout + ran.stderr
    assert ran.returncode == 4, out
    lines = ran.stderr.strip().splitlines()
    assert len(lines) == 1, out
    assert lines[0].startswith("ERROR: --basetemp "), out
    assert f": pytest empties it when a run starts, and it {what}" in lines[0], out
    assert lines[0].endswith("give the run a folder of its own (build/tmp, or one in /tmp); "
                             "nothing was removed"), out
    assert _goldens(project) == before
    assert (project / "pyproject.toml").is_file()
    assert (project / "tests" / "fixtures").is_dir()


def test_a_basetemp_of_its_own_in_the_checkout_is_not_refused(project):
    """Round 49 (G8): no false alarm: a folder of the run's own in the checkout (build/tmp,
    or a new top-level tmp/ that an earlier run left) is pytest's to empty."""
    (project / "tmp" / "left").mkdir(parents=True, exist_ok=True)
    (project / "build").mkdir(exist_ok=True)  # pytest makes the basetemp, not its parents
    for given in ("build/tmp", "tmp"):
        ran = _pytest(project, project, "-p", "no:cacheprovider",
                      "tests/unit/test_probe.py", "--basetemp", given)
        assert ran.returncode == 0, ran.stdout + ran.stderr
        assert "1 passed" in ran.stdout


def test_a_results_path_in_the_checkout_is_refused_and_leaves_no_lock(project):
    """Round 49 (G8, word-level): ``--mpl-results-path=baseline`` passed and left pytest-mpl's
    results lock, ``baseline/.build.lock``, among the goldens (and a failing image's result
    folders would have gone there). Now one line, exit 4, nothing written there."""
    before = _goldens(project)
    ran = _pytest(project, project, "--mpl", "-p", "no:cacheprovider",
                  "tests/unit/test_probe.py", "--mpl-results-path=baseline")
    out = ran.stdout + ran.stderr
    assert ran.returncode == 4, out
    assert ran.stderr.strip().splitlines() == [(
        "ERROR: --mpl-results-path baseline: pytest-mpl writes its result images there and "
        "each run empties them, and it is this checkout's baseline/: give the run a folder of "
        "its own (build/mpl-results, the default), or run without that option")], out
    assert _goldens(project) == before


@pytest.mark.skipif(not in_git(), reason="a copy without git: its entries are what it holds")
def test_the_checkouts_entries_kept_from_pytest_are_the_tracked_ones():
    """Round 49 (G8): tests/conftest.py's CHECKOUT (what ``--basetemp`` and the results
    folder may not be, hold or lie in) names every top-level entry git tracks: a new one (a
    LICENSE, a folder) is added there too."""
    tracked = subprocess.run(["git", "ls-tree", "--name-only", "HEAD"], cwd=REPO, check=True,
                             capture_output=True, text=True).stdout.split()
    assert sorted(set(tracked) - set(CHECKOUT)) == []


#: The CLI's line for a SOURCE_DATE_EPOCH that is no time (figures/cli/startup.py).
EPOCH_LINE = ("SOURCE_DATE_EPOCH='1.5e9' is not a whole number of seconds since 1970 "
              "(matplotlib and TeX stamp PDFs with it): unset it or set e.g. SOURCE_DATE_EPOCH=0")


@pytest.mark.parametrize("mpl", [("--mpl",), ()], ids=["pixels", "vector"])
def test_a_source_date_epoch_that_is_no_time_stops_the_suite_in_the_clis_line(mpl):
    """Round 49 (G12): ``SOURCE_DATE_EPOCH=1.5e9`` (a reproducible-build wrapper's value):
    every golden failed off the reference as the suite's own "internal error: ValueError:
    invalid literal for int()", naming neither the variable nor what to do (matplotlib's SVG
    writer reads it), and on it passed by pixels. Now the CLI's line at the start, exit 4."""
    ran = _pytest(REPO, REPO, *mpl, "--co", "-p", "no:cacheprovider",
                  "tests/golden/test_images.py", "-k", "cifar_summary and not two",
                  env={"SOURCE_DATE_EPOCH": "1.5e9"})
    assert ran.returncode == 4, ran.stdout + ran.stderr
    assert ran.stderr.strip().splitlines() == [f"ERROR: {EPOCH_LINE}"], ran.stderr


def test_a_source_date_epoch_that_is_no_time_stops_the_baselines_tool_in_the_clis_line(
        monkeypatch, capsys):
    """Round 49 (G13): ``SOURCE_DATE_EPOCH=abc python tools/update_baselines.py NAME`` (`nox
    -s baselines` under the variable) rendered, then ended in the suite's "internal error"
    and "pytest exited 1". Now the CLI's line before anything renders, exit 2, as `figures
    review` refuses it."""
    ub = tool("update_baselines")
    rendered = []
    monkeypatch.setattr(ub.subprocess, "run", lambda command, **kw: rendered.append(command)
                        or subprocess.CompletedProcess(command, 1, "", ""))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1.5e9")
    monkeypatch.delenv("FIGURES_GOLDEN_VECTOR_ONLY", raising=False)
    assert ub.main(["fig4_penalty_rescue"]) == 2
    assert capsys.readouterr().err == f"update_baselines: {EPOCH_LINE}\n"
    assert rendered == []


@pytest.mark.slow  # a browser
@pytest.mark.parametrize("how", ["caps-lock", "slider"])
def test_a_decision_key_as_caps_lock_types_it_or_on_the_slider_decides(tmp_path, monkeypatch,
                                                                        how):
    """Round 49 (G7, word-level): on the review page ``A`` (Caps Lock, or Shift) did nothing
    and said nothing, and so did ``a`` or ``r`` once the overlay's slider had been clicked
    (it kept the focus). A letter is the same key in either case; the slider keeps only its
    arrows."""
    import sys

    if str(REPO / "tests" / "unit") not in sys.path:
        sys.path.insert(0, str(REPO / "tests" / "unit"))
    from playwright.sync_api import expect
    from test_hostile_round40_golden import reviewed
    from test_hostile_round40_review import _page_of

    _, _, served = reviewed(tmp_path, monkeypatch)
    with _page_of(served) as page:
        if how == "slider":
            page.keyboard.press("2")
            page.locator("#g0 input[type=range]").click()
            page.keyboard.press("r")
        else:
            page.keyboard.press("Shift+R")
        expect(page.locator("#g0 .msg.rejected")).to_have_text(re.compile("^nothing written"))
