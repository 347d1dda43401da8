"""Round 45d: `figures review`'s stop rows of that hostile pass (G25) that need a process of
their own. The pass itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import os
import subprocess
import sys

from helpers import REPO

#: tools/review.py run as a script, with an object whose clean-up, as Python shuts the
#: process down, sends it Ctrl-C again (the CLI passes its own on a second after the
#: terminal's: it came while Python's shutdown took ~1 s).
LATE_CTRL_C = """
import os, runpy, signal, sys, types
class Late:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)
holder = types.ModuleType("g25_late")
holder.late = Late()
sys.modules["g25_late"] = holder
sys.argv = [sys.argv[1], "--no-browser", "-p", "g25_stopper", "-k", "no_golden_g25"]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def test_a_second_ctrl_c_as_review_ends_keeps_its_130(tmp_path):
    """Round 45d (G25): Ctrl-C into `figures review` as its golden comparisons started:
    ``review: interrupted: nothing written``, then exit 254: the CLI passes a Ctrl-C on a
    second later, which reached tools/review.py in Python's shutdown, where its handlers are
    gone (death by SIGINT, -2, which the CLI returned as 254). The review's own 130 stands."""
    (tmp_path / "g25_stopper.py").write_text(  # the pytest it runs: Ctrl-C to the review
        "import os, signal\nos.kill(os.getppid(), signal.SIGINT)\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(tmp_path), str(REPO), os.environ.get("PYTHONPATH", "")])}
    env.pop("PYTEST_ADDOPTS", None)
    ran = subprocess.run([sys.executable, "-c", LATE_CTRL_C, str(REPO / "tools" / "review.py")],
                         cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
                         check=False)
    assert ran.stdout.rstrip().splitlines()[-1] == "review: interrupted: nothing written", (
        ran.stdout + ran.stderr)
    assert ran.returncode == 130, ran.stdout + ran.stderr
