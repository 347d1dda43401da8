"""`figures new`: a new figure goes from one command to a passing golden test, in a copy of
the repository, with no other edit; the registry edit is robust; bad names are refused."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
from conftest import OFF_REFERENCE
from helpers import REPO

from figures.cli import main as cli
from figures.cli.new import ScaffoldError, new_figure, registry_with

#: End-to-end: runs the command line, often in a copy of the project.
pytestmark = pytest.mark.slow

ENTRY = 'FigureSpec("new_fig", "new_fig", (Output("pdf", 300),))'


@pytest.mark.parametrize(("before", "after"), [
    ("FIGURES = (\n    a,\n    b,\n)\n", f"FIGURES = (\n    a,\n    b,\n    {ENTRY},\n)\n"),
    ("FIGURES = (\n    a,  # x, y\n)\nB = 1\n", f"FIGURES = (\n    a,  # x, y\n    {ENTRY},\n)\nB = 1\n"),
    ("X: int = 1\nFIGURES: tuple[F, ...] = (\n  a,\n  b,  # last\n)\n",
     f"X: int = 1\nFIGURES: tuple[F, ...] = (\n  a,\n  b,  # last\n  {ENTRY},\n)\n"),
])
def test_the_entry_is_appended_to_the_figures_tuple(before, after):
    assert registry_with(before, ENTRY) == after


@pytest.mark.parametrize("registry", [
    "FIGURES = make_figures()\n",
    "FIGURES = (\n    a,\n    b\n)\n",  # no comma after the last entry
    "FIGURES = (\n    a,\n    f(1, 2))\n",  # the closing parenthesis not on a line of its own
])
def test_a_registry_it_cannot_append_to_is_one_line_saying_add_it_by_hand(registry):
    with pytest.raises(ScaffoldError, match=r"^figures/registry\.py: .*add `FigureSpec.*` to "
                       r"FIGURES by hand$"):
        registry_with(registry, ENTRY)


@pytest.mark.parametrize(("name", "message"), [
    ("5x", "'5x' is not a Python identifier"),
    ("new-fig", "'new-fig' is not a Python identifier"),
    ("class", "'class' is a Python keyword"),
    ("None", "'None' is a Python keyword"),
    ("fig1_audit_hero", "fig1_audit_hero is already a figure"),
    # Hostile pass 4: a name starting with _ was accepted, and the registry then refused it
    ("_cifar", "'_cifar' starts with _: figures/plots/_NAME.py is a family's private helpers"),
    ("_fig9", "'_fig9' starts with _"),
])
def test_a_bad_name_is_refused_with_one_line(capsys, name, message):
    before = (REPO / "figures" / "registry.py").read_bytes()
    assert cli.main(["new", name]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: figures new: {message}")
    assert err.count("\n") == 1
    assert (REPO / "figures" / "registry.py").read_bytes() == before


def test_new_inside_another_checkout_is_refused_naming_both(tmp_path, monkeypatch, capsys):
    """A second clone or worktree: the installed package's checkout is not the one edited."""
    other = tmp_path / "second-clone"
    (other / "figures").mkdir(parents=True)
    (other / "figures" / "registry.py").write_text("FIGURES = ()\n")
    (other / "figdata").mkdir()
    monkeypatch.chdir(other / "figdata")
    before = (REPO / "figures" / "registry.py").read_bytes()
    assert cli.main(["new", "fig_elsewhere"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: figures new: ")
    assert err.count("\n") == 1
    assert f"the checkout {other}" in err
    assert f"the one in {REPO}" in err
    assert (REPO / "figures" / "registry.py").read_bytes() == before
    assert not (REPO / "figures" / "plots" / "fig_elsewhere.py").exists()


def test_new_from_outside_a_checkout_shows_where_it_wrote(tmp_path, monkeypatch):
    root = tmp_path / "checkout"
    for folder in ("figures/plots", "figdata", "tests/fixtures"):
        (root / folder).mkdir(parents=True)
    shutil.copy(REPO / "figures" / "registry.py", root / "figures")
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    lines = new_figure("fig_shown", root=root)
    assert [line.split(":")[0] for line in lines[:4]] == [
        f"created {root}/figures/plots/fig_shown.py", f"created {root}/figdata/fig_shown.json",
        f"created {root}/tests/fixtures/fig_shown.json",
        f"registered fig_shown in {root}/figures/registry.py"]
    assert lines[4].startswith(f"next: cd {root}; figures build fig_shown; ")
    assert lines[4].endswith("; nox -s tests")  # the tier the docs name, not all of pytest
    assert (root / "figures" / "plots" / "fig_shown.py").is_file()


def test_a_new_figure_builds_and_passes_its_golden_test_in_a_copy(tmp_path, request):
    if request.config.stash[OFF_REFERENCE] is not None:
        pytest.skip("golden images are made on the reference environment only")
    repo = tmp_path / "repo"
    shutil.copytree(REPO, repo, ignore=shutil.ignore_patterns(
        ".git", ".venv", ".nox", ".tox", "build", "__pycache__", "*.egg-info", ".*_cache"))
    # No bytecode: an edit within the second the module was written, at the same size (one
    # hex digit of a colour, below), would otherwise be served from a stale .pyc.
    # Not this run's xdist id either: the inner pytest runs would share this run's render
    # cache (conftest.shared_dir), and the second would be served the first's picture.
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")},
           "PYTHONPATH": str(repo), "PYTHONDONTWRITEBYTECODE": "1"}

    def run(*args: str, status: int = 0) -> str:
        proc = subprocess.run(args, cwd=repo, env=env, capture_output=True, text=True,
                              check=False)
        assert proc.returncode == status, proc.stdout + proc.stderr
        return proc.stdout

    figures = (sys.executable, "-m", "figures")
    out = run(*figures, "new", "fig9_added", "--from-logs")
    assert "registered fig9_added in figures/registry.py" in out
    # the extract stub reads its results file through the accessors: one line per problem
    results_file = tmp_path / "results" / "fig9_added" / "final_accuracy.json"
    results_file.parent.mkdir(parents=True)
    results_file.write_text('{"runs": {"FA": {"test_acc": 0.4}, "BP": {"test_acc": 0.6}}}')
    extract = (*figures, "extract", str(tmp_path / "results"), "fig9_added", "--figdata")
    run(*extract, str(tmp_path / "figdata"))
    data = json.loads((tmp_path / "figdata" / "fig9_added.json").read_text())["data"]
    assert data == {"title": "Final test accuracy", "labels": ["BP", "FA"], "values": [0.6, 0.4]}
    results_file.write_text('{"runs": {"FA": {}}}')
    proc = subprocess.run([*extract, str(tmp_path / "figdata")], cwd=repo, env=env,
                          capture_output=True, text=True, check=False)
    assert proc.stderr.splitlines()[0] == (
        "error: fig9_added: fig9_added/final_accuracy.json: runs.FA.test_acc: missing key")
    out = run(*figures, "build", "fig9_added")
    assert out.startswith("built fig9_added: build/figures/fig9_added.pdf, "
                          "build/figures/fig9_added.png (synthetic-example)")
    # nox -s baselines, then the golden test and the registry's one-to-one checks
    out = run(sys.executable, "tools/update_baselines.py", "-k", "fig9_added")
    assert out.splitlines() == [  # its default picture, its venue layouts and two widths
        "wrote baseline/fig9_added.png (new)",
        "wrote baseline/fig9_added.vector.txt.gz (new)",
        "wrote baseline/venues/venue-icml--fig9_added--3.25.png (new)",
        "wrote baseline/venues/venue-icml--fig9_added--3.25.vector.txt.gz (new)",
        "wrote baseline/venues/venue-icml--fig9_added--4.125.png (new)",
        "wrote baseline/venues/venue-icml--fig9_added--4.125.vector.txt.gz (new)",
        "wrote baseline/venues/venue-icml--fig9_added.png (new)",
        "wrote baseline/venues/venue-icml--fig9_added.vector.txt.gz (new)",
        "wrote baseline/venues/venue-neurips--fig9_added.png (new)",
        "wrote baseline/venues/venue-neurips--fig9_added.vector.txt.gz (new)",
        "rendered 10 golden file(s) (images and their vector content): 10 written, 0 unchanged"]
    out = run(sys.executable, "-m", "pytest", "--mpl", "-p", "no:cacheprovider", "-q",
              "tests/golden/test_images.py", "-k", "fig9_added")
    assert "1 passed" in out
    # the whole default tier (what `nox -s tests` runs) stays green with the new figure: no
    # test spells out or counts the registered figures
    out = run(sys.executable, "-m", "pytest", "--mpl", "-p", "no:cacheprovider", "-q",
              "-m", "not slow", "-n", "2")
    assert " passed" in out.splitlines()[-1]
    # and the slow tests that once counted figures, took cifar_summary for the last one or
    # extracted every figure from a synthetic tree without the new figure's results (`nox -s
    # slow_tests` after `figures new`): an author adding a figure keeps CI green
    out = run(sys.executable, "-m", "pytest", "--mpl", "-p", "no:cacheprovider", "-q",
              "-m", "slow", "-n", "2", "tests/integration/test_status.py",
              "tests/integration/test_author_code.py", "-k",
              "test_status or exit_at_import or bad_registry_entry or no_figure_spec")
    assert " passed" in out.splitlines()[-1]
    # an unintended change: the run ends with the diff, the summary and the way to accept it;
    # results of earlier runs are gone
    results = repo / "build" / "mpl-results"
    (results / "results-xdist-0ld-gw0.json").write_text("{}")
    (results / "fig_comparison.html").write_text("an old run's summary")
    (results / "test_images.test_figure_matches_baseline_old").mkdir()
    module = repo / "figures" / "plots" / "fig9_added.py"
    module.write_text(module.read_text().replace("#2166ac", "#2166ad"))
    out = run(sys.executable, "-m", "pytest", "--mpl", "-q",
              "-p", "no:cacheprovider", "tests/golden/test_images.py", "-k", "fig9_added", status=1)
    folder = "build/mpl-results/test_images.test_figure_matches_baseline_fig9_added"
    assert out.splitlines()[-1] == (
        f"1 image(s) differ from baseline/: see {folder}/result-failed-diff.png and `nox -s "
        "tests` writes an HTML summary; an intended change? accept it with `nox -s baselines`")
    assert not (results / "fig_comparison.html").exists()
    out = run(sys.executable, "-m", "pytest", "--mpl", "--mpl-generate-summary=html", "-q",
              "-p", "no:cacheprovider", "tests/golden/test_images.py", "-k", "fig9_added", status=1)
    assert out.splitlines()[-1].endswith(
        "and the HTML summary build/mpl-results/fig_comparison.html; an intended change? "
        "accept it with `nox -s baselines`")
    assert sorted(p.name for p in results.iterdir() if p.name.startswith(("test_", "results"))) \
        == [folder.rpartition("/")[2]]
    # a figure without a seed script is skipped by the comparison with the seeds
    out = run(sys.executable, "tools/compare_with_seeds.py", "fig9_added",
              "--seeds", str(tmp_path / "no-seeds"))
    assert out.splitlines() == [
        "SKIPPED  fig9_added: no seed script to compare with (seed_script=None)",
        "nothing to compare"]
