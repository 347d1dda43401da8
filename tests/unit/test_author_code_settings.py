"""What a figure's code changes in the interpreter is put back after it
(figures.author_code.running), so that one figure cannot break or move the next."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
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


@pytest.fixture
def guarded(tmp_path):
    """``tmp_path/inputs`` watched as the figdata folder is, with one file in it."""
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    (inputs / "fig.json").write_text("{}")
    author_code.guard_inputs(inputs)
    yield inputs
    author_code.guard_inputs()


@pytest.mark.parametrize("write", [
    lambda inputs: (inputs / "fig.json").write_text('{"x": 1}'),
    lambda inputs: (inputs / "fig.json").unlink(),
    lambda inputs: (inputs / "new.json").write_text("{}"),
    lambda inputs: os.utime(inputs / "fig.json", ns=(0, 0)),
], ids=["written", "removed", "added", "touched"])
def test_a_file_the_code_writes_among_the_inputs_is_its_line(guarded, write):
    with pytest.raises(author_code.LeftBehind, match=r"^figures/plots/x\.py: render: wrote "
                       f".*{guarded.name}/(fig|new)\\.json, an input"), \
            author_code.running("figures/plots/x.py", "render"):
        write(guarded)


def test_bytecode_and_reading_are_not_writes(guarded):
    with author_code.running("figures/plots/x.py", "render"):
        (guarded / "__pycache__").mkdir()
        (guarded / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"")
        (guarded / "fig.json").read_text()


def test_a_write_is_named_even_when_the_code_raises_too(guarded):
    def code():
        (guarded / "fig.json").write_text("")
        raise ValueError("and then failed")

    with pytest.raises(author_code.LeftBehind, match="wrote") as caught, \
            author_code.running("figures/plots/x.py", "render"):
        code()
    assert isinstance(caught.value.__cause__, ValueError)


def test_a_thread_the_code_leaves_running_is_its_line_and_abandoned(monkeypatch):
    monkeypatch.setattr(author_code, "ABANDONED", [])  # this process's: not for later tests
    release = threading.Event()
    spin = threading.Thread(target=release.wait, name="spin")
    try:
        with pytest.raises(author_code.LeftBehind, match=r"render: left thread 'spin' "
                           "running"), author_code.running("figures/plots/x.py", "render"):
            spin.start()
        assert spin in author_code.ABANDONED  # the command ends without it
        assert author_code.abandoned_threads()
    finally:
        release.set()


def test_a_daemon_thread_or_one_that_ended_is_not_reported():
    release = threading.Event()
    with author_code.running("figures/plots/x.py", "render"):
        threading.Thread(target=release.wait, daemon=True).start()
        done = threading.Thread(target=lambda: None)
        done.start()
        done.join()
    release.set()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="child processes from /proc")
def test_a_process_the_code_leaves_running_is_ended_and_its_line():
    started = []
    with pytest.raises(author_code.LeftBehind, match=r"left process \d+ \(sleep\) running "
                       r"\(ended now\)"), author_code.running("figures/plots/x.py", "render"):
        started.append(subprocess.Popen(["sleep", "60"]))
    assert not Path(f"/proc/{started[0].pid}").exists()  # ended and reaped
    started[0].wait(timeout=10)  # the Popen learns it (no warning when it is collected)
