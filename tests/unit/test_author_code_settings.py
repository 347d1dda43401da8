"""What a figure's code changes in the interpreter is put back after it
(figures.author_code.running), so that one figure cannot break or move the next."""

from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path

import matplotlib as mpl
import pytest

from figures import author_code


def _chdir(tmp_path):
    os.chdir(tmp_path)


def _recursion(_):
    sys.setrecursionlimit(60)


def _path(_):
    sys.path.insert(0, "an author's folder")


def _environ(_):
    os.environ["FIGURES_TEST_LEAK"] = "1"


def _warnings(_):
    warnings.filterwarnings("ignore", message="an author's filter")


def _rc(_):
    mpl.rcParams["lines.linewidth"] = 9.0


def _state():
    return (Path.cwd(), sys.getrecursionlimit(), list(sys.path), dict(os.environ),
            list(warnings.filters), mpl.rcParams["lines.linewidth"])


@pytest.mark.parametrize("change", [_chdir, _recursion, _path, _environ, _warnings, _rc])
def test_a_setting_the_authors_code_changes_is_put_back(tmp_path, change):
    before = _state()
    with author_code.running():
        change(tmp_path)
        assert _state() != before
    assert _state() == before


def test_the_settings_are_put_back_when_the_code_raises(tmp_path):
    before = _state()

    def code():
        os.chdir(tmp_path)
        sys.setrecursionlimit(60)
        raise ValueError("boom")

    with pytest.raises(ValueError, match="boom"), author_code.running():
        code()
    assert _state() == before
