"""The build key follows the imports the figure's code really makes (Python's modulefinder,
not a pattern over its text): relative, a helper imported by a helper, importlib."""

from __future__ import annotations

import pytest
from helpers import copy_of, run_figures_in

#: End-to-end: builds in a copy of the project.
pytestmark = pytest.mark.slow

FIGURE = "cifar_summary"  # cheap to draw; imports the _cifar helpers
RELATIVE = "from ._cifar import ("


@pytest.fixture
def project(tmp_path):
    copy_of(tmp_path, "figures", "figdata")
    plots = tmp_path / "figures" / "plots"
    module = plots / f"{FIGURE}.py"
    module.write_text(module.read_text().replace("from figures.plots._cifar import (",
                                                 RELATIVE, 1))
    assert RELATIVE in module.read_text()
    # _cifar imports _deeper (two imports away from the figure) and loads _loaded by name
    helper = plots / "_cifar.py"
    helper.write_text(helper.read_text() + "\nfrom ._deeper import DEEPER  # noqa: E402\n"
                      "import importlib  # noqa: E402\n"
                      'LOADED = importlib.import_module("figures.plots._loaded").LOADED\n')
    (plots / "_deeper.py").write_text("DEEPER = 1\n")
    (plots / "_loaded.py").write_text("LOADED = 1\n")
    return tmp_path


def _built_then_current(project):
    code, out, err = run_figures_in(project, "build", FIGURE)
    assert code == 0, err
    assert out.startswith(f"built {FIGURE}")
    code, out, _ = run_figures_in(project, "build", FIGURE)
    assert out.startswith(f"current {FIGURE}")


@pytest.mark.parametrize("helper", ["_cifar", "_deeper", "_loaded"])
def test_an_edited_helper_rebuilds_and_which_says_stale(project, helper):
    _built_then_current(project)
    path = project / "figures" / "plots" / f"{helper}.py"
    path.write_text(path.read_text() + "# an edit that changes no pixel\n")
    code, out, _ = run_figures_in(project, "which", f"build/figures/{FIGURE}.png")
    assert "stale" in out, out
    code, out, err = run_figures_in(project, "build", FIGURE)
    assert code == 0, err
    assert out.startswith(f"built {FIGURE}"), out
