"""Round 47d: stop signals as `figures review` and tools/update_baselines.py start (G13), each
in a process of its own. The pass itself, case by case, is in docs/guarantees.md ("Hostile
passes")."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from helpers import REPO

#: A tool run as a script, the signal ``SIG`` sent to it as it imports ``MODULE`` (one of its
#: standard imports, none loaded before it: a Ctrl-C, a CI step's timeout, a terminal closed in
#: the first second).
AT_IMPORT = """
import os, runpy, signal, sys
tool, sig, module = sys.argv[1], getattr(signal, sys.argv[2]), sys.argv[3]
signal.signal(signal.SIGHUP, signal.SIG_DFL)  # a terminal's, not nohup's
sys.modules.pop(module, None)
class Stop:
    def find_spec(self, name, path=None, target=None):
        if name == module:
            os.kill(os.getpid(), sig)
sys.meta_path.insert(0, Stop())
sys.argv = [tool, *sys.argv[4:]]
runpy.run_path(tool, run_name="__main__")
"""

STOPS = [("SIGINT", "interrupted", 130), ("SIGTERM", "terminated", 143),
         ("SIGHUP", "hung up", 129)]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "COV_"))}
    return subprocess.run([sys.executable, "-c", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize(("sig", "how", "status"), STOPS)
def test_a_stop_in_review_s_first_imports_is_its_line(sig, how, status):
    """Round 47d (G13): Ctrl-C in the first second of `figures review` landed in
    tools/review.py's standard imports, above its guard: a traceback ending KeyboardInterrupt;
    an early SIGTERM or SIGHUP ended it silently (143, 129). Now its one line and status."""
    ran = _run(AT_IMPORT, str(REPO / "tools" / "review.py"), sig, "difflib", "--no-open")
    assert (ran.returncode, ran.stdout, ran.stderr) == (
        status, f"review: {how}: nothing written\n", "")


@pytest.mark.parametrize(("sig", "how", "status"), STOPS)
def test_a_stop_in_update_baselines_first_imports_is_its_line(sig, how, status):
    """Round 47d (G13): tools/update_baselines.py stopped by SIGTERM or SIGHUP as it loaded
    ended silently (143, 129), and a Ctrl-C in its standard imports was a traceback: its one
    line, as a Ctrl-C in its later imports says it."""
    ran = _run(AT_IMPORT, str(REPO / "tools" / "update_baselines.py"), sig, "gzip",
               "cifar_summary")
    assert (ran.returncode, ran.stdout, ran.stderr) == (
        status, "", f"update_baselines: {how} while starting: nothing written\n")


@pytest.mark.parametrize(("sig", "how", "status"), STOPS)
def test_a_stop_while_the_cli_loads_says_nothing_was_written(sig, how, status):
    """Round 47d (G13): a stop while the `figures` command loaded (no command begun) was a
    build's "interrupted; finished files are complete, the others were left as they were",
    and a SIGHUP then ended it silently (129)."""
    script = ("import os, signal, sys\n"
              "signal.signal(signal.SIGHUP, signal.SIG_DFL)\n"
              "class Stop:\n"
              "    def find_spec(self, name, path=None, target=None):\n"
              "        if name == 'figures.cli.main':\n"
              f"            os.kill(os.getpid(), signal.{sig})\n"
              "sys.meta_path.insert(0, Stop())\n"
              "sys.argv = ['figures', 'review', '--no-open']\n"
              "from figures.launch import main\n"
              "raise SystemExit(main())\n")
    ran = _run(script)
    assert (ran.returncode, ran.stderr) == (status, f"{how} while starting: nothing written\n")


def test_a_stop_while_numpy_loads_is_its_line_not_a_second_import():
    """Round 48 (G14): Ctrl-C as `figures review` loaded numpy printed "interrupted while
    starting: nothing written", then the launcher's look for threads left running imported
    figures.author_code, whose numpy import failed ("cannot load module more than once per
    process": numpy half-imported): a traceback, exit 1. Now the line alone, exit 130."""
    script = ("import os, signal, sys\n"
              "class Stop:\n"
              "    seen = 0\n"
              "    def find_spec(self, name, path=None, target=None):\n"
              "        if name == 'numpy':\n"
              "            Stop.seen += 1\n"
              "            if Stop.seen == 1:\n"
              "                os.kill(os.getpid(), signal.SIGINT)\n"
              "            raise ImportError('cannot load module more than once per process')\n"
              "sys.meta_path.insert(0, Stop())\n"
              "sys.argv = ['figures', 'review', '--no-open']\n"
              "from figures.launch import main\n"
              "raise SystemExit(main())\n")
    ran = _run(script)
    assert (ran.returncode, ran.stderr) == (130, "interrupted while starting: nothing written\n")
