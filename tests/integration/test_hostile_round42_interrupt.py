"""Hostile round 42 (B27, B28, B30): Ctrl-C anywhere in a venue build, and the caption beside
a ``--width`` build. Ctrl-C is sent to the build's process group, as the terminal sends it,
from inside the build at the moment each case needs (no race with a sleep)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers import REPO

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(sys.platform == "win32", reason="process groups, SIGINT")]

#: argv[1] says when Ctrl-C comes: "between" the own-slot pass and the column pass (as the
#: second pass takes its folder's lock), at the "end" (as the summary is made), or "exit"
#: (as the interpreter tears down, after Python put the default SIGINT back).
DRIVER = """
import os, signal, sys, time
import figures.cli.common as common
import figures.outputs.build as outputs

def ctrl_c():
    os.killpg(0, signal.SIGINT)  # the terminal sends Ctrl-C to the whole group
    time.sleep(2)

when = sys.argv.pop(1)
if when == "between":
    real_locked, calls = outputs.locked, []
    def locked(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            ctrl_c()
        return real_locked(*args, **kwargs)
    outputs.locked = locked
elif when == "end":
    real_summary = common.summary
    def summary(*args):
        ctrl_c()
        return real_summary(*args)
    common.summary = summary
else:
    class Late:
        def __del__(self):
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.5)
    late = Late()
    late.cycle = late  # collected as the interpreter ends, its signal handling gone
from figures.launch import main
sys.argv[0] = "figures"
sys.exit(main())
"""

FIGURES = ["cifar_summary", "cifar_accuracy"]  # at ICML: cifar_accuracy--column too


def build(tmp_path: Path, when: str, *extra: str) -> subprocess.CompletedProcess:
    out = tmp_path / "out"
    return subprocess.run(
        [sys.executable, "-c", DRIVER, when, "build", *FIGURES, "--venue", "icml", "--jobs",
         "1", "--force", "--figdata", str(REPO / "figdata"), "--out", str(out), *extra],
        check=False, capture_output=True, text=True, timeout=300, start_new_session=True,
        cwd=tmp_path)


def test_ctrl_c_between_the_passes_names_what_each_built(tmp_path):
    """Round 42 (B27): Ctrl-C as the column pass began (the own-slot pass done) said only
    "interrupted; finished files are complete, the others were left as they were": the line
    names the figures every pass built and counts those not built."""
    done = build(tmp_path, "between")
    assert done.returncode == 130, done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        "interrupted: built cifar_summary, cifar_accuracy; the other 1 not built (each file "
        "is whole, new or as it was: build again to finish)"), done.stderr
    assert "Traceback" not in done.stderr
    assert not list((tmp_path / "out").glob("*--column*"))


def test_ctrl_c_as_the_build_ends_says_every_figure_was_built(tmp_path):
    """Round 42 (B28): Ctrl-C once every figure was built said "interrupted; finished files
    are complete, the others were left as they were", as if some had been left: it says
    every figure was built and nothing is left to do."""
    done = build(tmp_path, "end")
    assert done.returncode == 130, done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        "interrupted after every figure was built: nothing left to do"), done.stderr
    assert len(list((tmp_path / "out").glob("*.pdf"))) == 3


def test_ctrl_c_as_the_process_exits_does_not_kill_it_without_a_line(tmp_path):
    """Round 42 (B28): Ctrl-C as the process exited, after its last line, killed it by the
    signal (Python puts the default handler back as it ends): no line, status -2. The build
    is over: it ends with its own status."""
    done = build(tmp_path, "exit")
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr


def test_a_width_build_writes_the_caption_beside_each_figure(tmp_path):
    """Round 42 (B30): `--venue V --width W` wrote only NAME.pdf and NAME.png, no
    NAME.caption.txt, though the page figure leaves its titles and notes to the caption
    (caption(data) does not depend on the width): it is written there too."""
    out = tmp_path / "w"
    subprocess.run([sys.executable, "-m", "figures", "build", "cifar_summary", "--venue",
                    "icml", "--width", "3.25", "--figdata", str(REPO / "figdata"), "--out",
                    str(out)], check=True, capture_output=True, text=True, timeout=300)
    slot = tmp_path / "s"
    subprocess.run([sys.executable, "-m", "figures", "build", "cifar_summary", "--venue",
                    "icml", "--figdata", str(REPO / "figdata"), "--out", str(slot)],
                   check=True, capture_output=True, text=True, timeout=300)
    caption = (out / "cifar_summary.caption.txt").read_text(encoding="utf-8")
    assert caption.strip()
    assert caption == (slot / "cifar_summary.caption.txt").read_text(encoding="utf-8")
