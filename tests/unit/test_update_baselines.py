"""tools/update_baselines.py's refusals (issue 45's unclear cases)."""

from __future__ import annotations

import importlib.util

from helpers import REPO


def _tool():
    spec = importlib.util.spec_from_file_location("update_baselines",
                                                  REPO / "tools" / "update_baselines.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_vector_only_left_set_is_one_line_and_nothing_is_written(monkeypatch, capsys):
    """FIGURES_GOLDEN_VECTOR_ONLY=1 left set: no image was drawn, and every PNG golden was
    listed as "no fixture (remove them)", exit 0. Now one line, exit 2, before any pytest."""
    tool = _tool()
    monkeypatch.setenv("FIGURES_GOLDEN_VECTOR_ONLY", "1")
    monkeypatch.setattr(tool.subprocess, "run", lambda *a, **k: (_ for _ in ()).throw(
        AssertionError("pytest ran")))
    assert tool.main([]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == ("update_baselines: FIGURES_GOLDEN_VECTOR_ONLY is set (left from `nox -s "
                   "mutants -- --judge vector`?): with it no image is drawn; unset it and run "
                   "again\n")
