"""Round 45d: the golden judge's and its tools' rows of that hostile pass (G21, G22, G25's
import). The pass itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import subprocess
import sys

import conftest
import pytest
from helpers import REPO, tool
from PIL import Image


def _rendering(tool_module, monkeypatch, names=("cifar_summary",)):
    """The tool, its pytest run replaced by one that renders ``names`` (the real goldens'
    bytes) into the folder it is given."""
    def run(command, **kwargs):
        folder = next(a for a in command if a.startswith("--mpl-generate-path="))
        folder = folder.split("=", 1)[1]
        for name in names:
            for suffix in (".png", ".vector.txt.gz"):
                data = (REPO / "baseline" / f"{name}{suffix}").read_bytes()
                (tool_module.Path(folder) / f"{name}{suffix}").write_bytes(data)
        return subprocess.CompletedProcess(command, 0, "", "")
    monkeypatch.setattr(tool_module.subprocess, "run", run)
    return tool_module


def test_a_folder_at_a_goldens_name_is_one_line_and_nothing_is_left(monkeypatch, tmp_path,
                                                                      capsys):
    """Round 45d (G21): ``baseline/cifar_summary.png`` a folder (a sync client's conflict,
    an unpacked archive): the tool the golden run names ended in an ``IsADirectoryError``
    traceback and left ``baseline/.cifar_summary.png.new`` behind. Now one line naming the
    folder and what to do, exit 1, nothing written and no temporary left."""
    ub = _rendering(tool("update_baselines"), monkeypatch)
    baseline = tmp_path / "baseline"
    monkeypatch.setattr(ub, "BASELINE", baseline)
    (baseline / "cifar_summary.png").mkdir(parents=True)
    assert ub.main(["cifar_summary"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert "cifar_summary.png is a folder" in err, err
    assert "move it out of baseline/" in err, err
    assert "nothing written" in err, err
    assert sorted(p.name for p in baseline.iterdir()) == ["cifar_summary.png"]
    assert not any((baseline / "cifar_summary.png").iterdir())


def test_a_golden_not_written_leaves_no_temporary(monkeypatch, tmp_path):
    """Round 45d (G21): the rename over the golden failing (a folder there, a full disk)
    left its ``.NAME.png.new`` in baseline/."""
    ub = tool("update_baselines")
    made = tmp_path / "made.png"
    made.write_bytes((REPO / "baseline" / "cifar_summary.png").read_bytes())
    (tmp_path / "baseline" / "cifar_summary.png").mkdir(parents=True)
    with pytest.raises(IsADirectoryError):
        ub._put(made, tmp_path / "baseline" / "cifar_summary.png")
    assert [p.name for p in (tmp_path / "baseline").iterdir()] == ["cifar_summary.png"]


def test_the_golden_run_names_a_folder_at_a_goldens_name(tmp_path):
    """Round 45d (G21): the golden run said "the golden image is missing: restore it (git
    checkout HEAD -- ...)", which git cannot do over a folder. It names the folder."""
    folder = tmp_path / "cifar_summary.png"
    folder.mkdir()
    assert conftest._unusable(folder, failed=True) == "is a folder"
    line = conftest._folder_in_the_way("baseline/cifar_summary.png", folder)
    assert line.startswith("baseline/cifar_summary.png is a folder, where the golden image "
                           "goes: move it out of baseline/, then "), line
    assert line.endswith("write it with `python tools/update_baselines.py cifar_summary`")


def _jpeg(path):
    with Image.open(REPO / "baseline" / "cifar_summary.png") as image:
        image.convert("RGB").save(path, format="JPEG", quality=100)


def test_a_jpeg_under_a_goldens_png_name_is_named(tmp_path):
    """Round 45d (G22): a JPEG saved under ``baseline/cifar_summary.png`` (an image tool
    that keeps the name) failed its golden test with Pillow's bare ``SyntaxError: not a PNG
    file``. It is a golden that cannot be used: its line names the file and what to do."""
    golden = tmp_path / "cifar_summary.png"
    _jpeg(golden)
    assert conftest._unusable(golden, failed=True) == "is a JPEG file, not a PNG"


def test_the_tool_writes_a_jpeg_golden_anew(monkeypatch, tmp_path):
    """Round 45d (G22): the tool that mends it read the JPEG with matplotlib's PNG reader
    (``SyntaxError``, a traceback): a golden it cannot read differs, and is written."""
    ub = tool("update_baselines")
    monkeypatch.setattr(ub, "BASELINE", tmp_path / "baseline")
    made = tmp_path / "made"
    made.mkdir()
    (tmp_path / "baseline").mkdir()
    for suffix in (".png", ".vector.txt.gz"):
        (made / f"cifar_summary{suffix}").write_bytes(
            (REPO / "baseline" / f"cifar_summary{suffix}").read_bytes())
    (tmp_path / "baseline" / "cifar_summary.vector.txt.gz").write_bytes(
        (REPO / "baseline" / "cifar_summary.vector.txt.gz").read_bytes())
    _jpeg(tmp_path / "baseline" / "cifar_summary.png")
    assert ub.write_golden(made, "cifar_summary") == ["cifar_summary.png"]


class _Interrupting:
    """An import finder raising KeyboardInterrupt for one module: Ctrl-C as it loads."""

    def __init__(self, name):
        self.name = name

    def find_spec(self, name, path=None, target=None):
        if name == self.name:
            raise KeyboardInterrupt


def test_ctrl_c_while_review_loads_is_one_line_and_130(monkeypatch, capsys):
    """Round 45d (G25): Ctrl-C into `figures review` while tools/review.py loaded its modules
    (seconds: matplotlib), before its handlers were in: a 23-line traceback from
    ``import update_baselines``, and exit 254 (Python's death by SIGINT, passed on by the
    CLI) where the docs say 130. Now its one line and 130."""
    monkeypatch.delitem(sys.modules, "update_baselines", raising=False)
    monkeypatch.setitem(sys.modules, "review_g25", None)  # gone after
    monkeypatch.setattr(sys, "meta_path", [_Interrupting("update_baselines"), *sys.meta_path])
    with pytest.raises(SystemExit) as stopped:
        tool("review", "review_g25")
    assert stopped.value.code == 130
    assert capsys.readouterr().out == "review: interrupted: nothing written\n"


def test_a_tool_ended_by_ctrl_c_is_130_as_a_shell_says(tmp_path):
    """Round 45d (G25): tools/review.py ended by the signal (a Ctrl-C outside its handlers)
    was status -2, which `figures review` exited with: 254, where the docs say 130. The
    status of a tool a signal N ended is 128 + N, as a shell says it."""
    from figures import runner

    ended = ("import os, signal; signal.signal(signal.SIGINT, signal.SIG_DFL); "
             "os.kill(os.getpid(), signal.SIGINT)")
    assert runner.call([sys.executable, "-c", ended], tmp_path) == 130
    assert runner.call([sys.executable, "-c", "raise SystemExit(3)"], tmp_path) == 3
