"""Round 50d (G4): a figure importing a module outside the ``figures`` package that is no
installed library (a lab's ``labstyle.py`` on PYTHONPATH): an edit to it changed the picture
while the golden run said "1 comparisons not repeated: their inputs are unchanged", exit 0, and
the build called the figure current. Its code is now an input of both."""

from __future__ import annotations

import pytest
from test_hostile_round19_golden import _pytest
from test_hostile_round19_golden import copy_of_project as _copy

from figures.plot_imports import PlotsImports

LINE = '    ax.set_ylabel("Test Accuracy", fontsize=13)'


def test_a_local_module_a_figure_imports_is_among_its_code(tmp_path, monkeypatch):
    plots = tmp_path / "pkg" / "figures" / "plots"
    plots.mkdir(parents=True)
    for init in (plots / "__init__.py", plots.parent / "__init__.py"):
        init.write_text("")
    (plots / "fig.py").write_text("import json\nimport numpy\nimport labstyle\n")
    (tmp_path / "ext").mkdir()
    (tmp_path / "ext" / "labstyle.py").write_text("YLABEL_SIZE = 13\n")
    monkeypatch.syspath_prepend(str(tmp_path / "ext"))
    assert PlotsImports(tmp_path / "pkg").of("figures.plots.fig") == [
        (tmp_path / "ext" / "labstyle.py").resolve()]
    from figures.plot_imports import local_modules

    assert local_modules(["json", "numpy", "matplotlib", "sys", "nosuchmodule"]) == []


@pytest.mark.slow  # golden runs of a copy of the project
def test_an_edit_to_a_local_module_is_compared_again(tmp_path):
    root = _copy(tmp_path / "repo")
    ext = tmp_path / "ext"
    ext.mkdir()
    (ext / "labstyle.py").write_text("YLABEL_SIZE = 13\n")
    module = root / "figures" / "plots" / "cifar_summary.py"
    text = module.read_text()
    assert LINE in text
    assert "from __future__ import annotations\n" in text
    module.write_text(text.replace(LINE, LINE.replace("13", "labstyle.YLABEL_SIZE"), 1).replace(
        "from __future__ import annotations\n",
        "from __future__ import annotations\n\nimport labstyle\n", 1))
    path = f"{root}:{ext}"  # PYTHONPATH: the checkout, and the lab's folder
    args = ("--mpl", "tests/golden/test_images.py", "-k", "cifar_summary and not two")
    first = _pytest(root, path, *args)
    assert first.returncode == 0, first.stdout + first.stderr
    again = _pytest(root, path, *args)
    assert "comparisons not repeated" in again.stdout, again.stdout  # the cache works
    (ext / "labstyle.py").write_text("YLABEL_SIZE = 16\n")
    changed = _pytest(root, path, *args)
    assert changed.returncode == 1, changed.stdout + changed.stderr
    assert "1 image(s) differ from baseline/" in changed.stdout + changed.stderr
