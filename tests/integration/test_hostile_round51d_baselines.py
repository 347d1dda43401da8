"""Round 51d: tools/update_baselines.py (``nox -s baselines``) with pytest's ``--ignore``
(G28). The pass itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import tool


@pytest.mark.parametrize("ignore", [["--ignore", "tests/golden/test_venue_images.py"],
                                    ["--ignore=tests/golden/test_venue_images.py"],
                                    ["--ignore-glob", "*/test_venue_*"]])
def test_an_ignored_golden_module_is_not_rendered(tmp_path, ignore):
    """Round 51d (G28): ``nox -s baselines -- --ignore tests/golden/test_venue_images.py`` had
    no effect: the tool gave pytest both golden modules by name, and pytest never ignores a
    path it is given, so the venue goldens were rendered (and written) still. Its pytest now
    collects the golden modules from tests/golden, where --ignore holds."""
    ub = tool("update_baselines", "update_baselines")
    names, args = ub._names(ignore)
    assert names == []
    proc = ub.generate(tmp_path, [*args, "--collect-only"])
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert "test_images.py::" in proc.stdout
    assert "test_venue_images.py" not in proc.stdout
