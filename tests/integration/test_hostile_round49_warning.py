"""Round 49d (G28): a figure whose code makes matplotlib warn (an author's leftover
``ax.legend()`` with no labelled artist) fails its golden test, since the suite takes every
warning as an error, where ``figures build`` only warns: the golden line says so."""

from __future__ import annotations

import pytest
from test_hostile_round19_golden import _pytest
from test_hostile_round19_golden import copy_of_project as _copy


@pytest.mark.slow  # a golden run of its own
def test_a_warning_failing_a_golden_says_the_suite_takes_warnings_as_errors(tmp_path):
    root = _copy(tmp_path / "repo")
    module = root / "figures" / "plots" / "cifar_summary.py"
    text = module.read_text()
    assert "    return fig\n\n\ndef caption" in text
    module.write_text(text.replace("    return fig\n\n\ndef caption",
                                   "    fig.axes[0].legend()\n    return fig\n\n\ndef caption", 1))
    line = next(n for n, t in enumerate(module.read_text().splitlines(), 1) if "legend()" in t)
    ran = _pytest(root, root, "tests/golden/test_images.py", "-k", "cifar_summary and not two",
                  "-p", "no:cacheprovider")
    out = ran.stdout + ran.stderr
    assert ran.returncode == 1, out
    said = [t for t in out.splitlines() if t.startswith(
        f"figures/plots/cifar_summary.py, line {line}: UserWarning: No artists with labels")]
    assert len(said) == 1, out
    assert said[0].endswith(
        "(an error in the author's code; --tb=long shows the traceback); a UserWarning is an "
        "error in the golden tests (pyproject.toml's filterwarnings), a warning in `figures "
        "build`: fix it in the figure's code"), said[0]
