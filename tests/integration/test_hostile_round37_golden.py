"""Round 37: the golden suite's rows of that hostile pass (R1, G7, G9). The pass itself, case
by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import os
import subprocess
import sys

import conftest
import pytest
from helpers import REPO, tool, vector_only
from test_hostile_round19_golden import _pytest

from figures.outputs.lock import locked


def _tool():
    return tool("update_baselines", "update_baselines_r37")


def test_a_second_golden_run_waits_for_the_one_holding_the_results_folder(tmp_path):
    """Round 37 (R1): two golden runs at once in one checkout (a watch task beside a hand run,
    two ``figures review --no-open``): one cleared ``build/mpl-results/test_*`` while the other
    wrote there, and stopped with a 28-line INTERNALERROR (``FileNotFoundError``). One golden
    session at a time per results folder: the second says in one line that another run holds
    it, waits, then runs; nothing of the first's is cleared while it runs."""
    results = tmp_path / "res"
    earlier = results / "test_images.test_figure_matches_baseline_old"
    earlier.mkdir(parents=True)
    (earlier / "result.png").write_bytes(b"")
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTHONOPTIMIZE")
           and not k.startswith(("PYTEST_", "COV_"))}
    env.update(PYTHONPATH=str(REPO), PYTHONDONTWRITEBYTECODE="1")
    with locked(results):
        proc = subprocess.Popen(
            [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:randomly", "-p",
             "no:cacheprovider", "-q", "--mpl", f"--mpl-results-path={results}",
             "tests/golden/test_images.py", "-k", "cifar_summary"],
            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            said = []
            for line in proc.stdout:  # until it says it waits (or ends: the failure)
                said.append(line)
                if "holds" in line:
                    break
            assert said, "nothing said"
            assert said[-1] == (
                f"golden run: another golden run (pid {os.getpid()}) holds "
                f"{os.path.relpath(results, REPO)}: waiting for it to end (Ctrl-C stops; "
                "--mpl-results-path=DIR runs beside it)\n"), "".join(said)
            assert proc.poll() is None
            assert earlier.is_dir()  # not cleared while the other run holds the folder
        except BaseException:
            proc.kill()
            proc.wait()
            raise
    out = "".join(said) + proc.communicate(timeout=300)[0]
    assert proc.returncode == 0, out
    assert "INTERNALERROR" not in out, out
    assert not earlier.exists()  # its turn: the earlier run's results cleared


def test_a_golden_run_started_by_the_one_holding_the_folder_stops_in_one_line(tmp_path):
    """Round 37 (R1): a golden run that a test of the run holding the results folder starts
    on the same folder would wait for its own parent forever (round 25's test of another
    import mode hung so, 300 s): it stops with one line instead. Round 45d (G11): the line
    names the variable that decided it, which a shell may have left exported."""
    results = tmp_path / "res"
    results.mkdir()
    ran = _pytest(REPO, REPO, "--mpl", f"--mpl-results-path={results}", "-p",
                  "no:cacheprovider", "tests/golden/test_images.py", "-k", "cifar_summary",
                  env={"FIGURES_GOLDEN_RESULTS_HELD": str(results.resolve())})
    assert ran.returncode == 4, ran.stdout + ran.stderr
    assert ran.stderr.strip() == (
        f"ERROR: --mpl-results-path {os.path.relpath(results, REPO)}: "
        "FIGURES_GOLDEN_RESULTS_HELD names it, as the golden run that started this one sets it: "
        "that run holds the folder and waits for this one to end; give this run a folder of its "
        "own (--mpl-results-path=DIR), or unset FIGURES_GOLDEN_RESULTS_HELD if no golden run "
        "started this one"), ran.stderr


def test_clearing_the_results_folder_bears_files_vanishing(tmp_path, monkeypatch):
    """Round 37 (R1): the results folder cleared while something else removes its files (a
    run of an older checkout, no lock): a file gone is no error."""
    folder = tmp_path / "test_images.test_figure_matches_baseline_x"
    folder.mkdir()
    (folder / "result.png").write_bytes(b"")
    (tmp_path / "fig_comparison.html").write_text("")
    real = os.unlink

    def raced(path, *args, **kwargs):  # another run removed it first
        real(path, *args, **kwargs)
        raise FileNotFoundError(2, "No such file or directory", str(path))

    monkeypatch.setattr(os, "unlink", raced)
    conftest.clear_results(tmp_path)
    assert not folder.exists()


@pytest.mark.parametrize(("value", "on"), [(None, False), ("", False), ("0", False),
                                           ("1", True)])
def test_vector_only_is_read_one_way(monkeypatch, value, on):
    """Round 37 (G7): ``FIGURES_GOLDEN_VECTOR_ONLY`` was read two ways: the golden run took
    ``1`` only, tools/update_baselines.py refused any value ("with it no image is drawn", even
    ``0``, with which the golden run draws and judges pixels). One reading, both use it."""
    if value is None:
        monkeypatch.delenv("FIGURES_GOLDEN_VECTOR_ONLY", raising=False)
    else:
        monkeypatch.setenv("FIGURES_GOLDEN_VECTOR_ONLY", value)
    assert vector_only() is on
    refused = _tool()._refused([])
    assert (refused is not None and "FIGURES_GOLDEN_VECTOR_ONLY" in refused) is on, refused


INVALID = ("FIGURES_GOLDEN_VECTOR_ONLY={}: it takes 1 (vector content alone judges, as off "
           "the reference environment) or 0 (unset, empty: pixels judge here); set one of those")


@pytest.mark.parametrize("value", ["yes", " ", "true"])
def test_vector_only_of_another_value_is_one_line(monkeypatch, capsys, value):
    """Round 37 (G7): a value neither reading took (``yes``, a space) is one line saying what
    the variable takes, in the golden run and in the tool."""
    monkeypatch.setenv("FIGURES_GOLDEN_VECTOR_ONLY", value)
    with pytest.raises(ValueError, match="it takes 1") as refused:
        vector_only()
    shown = "' '" if value == " " else value
    assert str(refused.value) == INVALID.format(shown)
    assert _tool().main([]) == 2
    assert capsys.readouterr().err == f"update_baselines: {INVALID.format(shown)}\n"


def test_vector_only_of_another_value_stops_the_golden_run_in_one_line():
    """Round 37 (G7): the golden run with ``FIGURES_GOLDEN_VECTOR_ONLY=yes``: pixels judged
    silently before; now pytest's one usage line."""
    ran = _pytest(REPO, REPO, "tests/golden/test_images.py", "-k", "cifar_summary", "--co",
                  "-p", "no:cacheprovider", env={"FIGURES_GOLDEN_VECTOR_ONLY": "yes"})
    assert ran.returncode == 4, ran.stdout + ran.stderr
    assert ran.stderr.strip() == f"ERROR: {INVALID.format('yes')}", ran.stderr


def test_a_name_with_a_line_end_is_one_line(monkeypatch, capsys):
    """Round 37 (G9): ``update_baselines.py $'cifar_summary\\n'`` (a name pasted with its line
    end) split its refusal into three lines; the name is escaped, and named once."""
    tool = _tool()
    assert tool.main(["cifar_summary\n"]) == 2
    err = capsys.readouterr().err
    assert err == ("update_baselines: cifar_summary\\x0a: no golden of that name: a NAME is a "
                   "golden's file name without .png (`ls baseline/ baseline/venues/`), such as "
                   "cifar_summary or venue-icml--cifar_accuracy--column\n")


def test_a_path_with_dot_dot_is_read_where_it_leads(monkeypatch):
    """Round 37 (G9): ``baseline/venues/../cifar_summary.png`` was read by its folder text as
    a venue's build ("name its golden (venue-icml--cifar_summary, ...)"); it is
    ``baseline/cifar_summary.png``, the default golden."""
    tool = _tool()
    names, args = tool._names(["baseline/venues/../cifar_summary.png"])
    assert names == ["cifar_summary"]
    assert args == ["tests/golden/test_images.py::test_figure_matches_baseline[cifar_summary]"]
    assert tool._names(["baseline/./venues/venue-icml--cifar_summary.png"])[0] == [
        "venue-icml--cifar_summary"]
