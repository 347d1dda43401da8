"""Round 51d: a figure's module saved while a golden (or review) run draws another figure
(G22). The pass itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from figures import author_code


@pytest.fixture
def guarded(tmp_path):
    """``tmp_path/inputs`` watched as the figdata folder is, with one module in it."""
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    (inputs / "other.py").write_text("X = 1\n")
    author_code.guard_inputs(inputs)
    yield inputs
    author_code.guard_inputs()


def _saved_by_another_process(path, after: float) -> subprocess.Popen:
    """An editor's save of ``path`` (its bytes again), ``after`` seconds from now."""
    code = (f"import pathlib, sys, time; time.sleep({after}); p = pathlib.Path(sys.argv[1]); "
            "p.write_bytes(p.read_bytes())")
    return subprocess.Popen([sys.executable, "-c", code, str(path)])


def test_a_module_saved_from_outside_during_the_run_is_named_not_the_figure_drawn(guarded):
    """Round 51d (G22): another figure's module saved in an editor while cifar_summary was drawn
    gave "figures/plots/cifar_summary.py: render: wrote figures/plots/fig1_audit_hero.py ...:
    restore it (`git checkout -- FILE`...)": the figure drawn blamed, the user's edit to be
    undone. A change the figure's code did not make is the changed file's line: run again."""
    editor = _saved_by_another_process(guarded / "other.py", 0.3)
    def drawing() -> None:  # the figure drawn while the module is saved
        editor.wait(timeout=60)
        time.sleep(0.05)

    with pytest.raises(author_code.LeftBehind) as caught, \
            author_code.running("figures/plots/x.py", "render"):
        drawing()
    said = str(caught.value)
    assert said.endswith("other.py: changed during the run, not by this figure's code (saved "
                         "meanwhile?): run again"), said
    assert "figures/plots/x.py" not in said
    assert "git checkout" not in said
    assert "\n" not in said

