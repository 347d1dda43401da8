"""Round 49d: `figures review`'s rows of that hostile pass mended on the golden branch: a stop
in the handover window while the CLI starts tools/review.py (G10), two answers at once (G7). The pass itself, case by
case, is in docs/guarantees.md ("Hostile passes"). Each runs the CLI in a process of its own
(a stop signal is sent in it), with a stand-in for tools/review.py in a folder of the test's."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from helpers import REPO

#: The CLI, ``figures review --no-open``, run with ``checkout()`` the folder given as argv[1]
#: and ``from_here`` replaced by the code in argv[2] (a stop before the tool starts).
CLI = """
import sys
from pathlib import Path
from figures.cli import review
root, before = Path(sys.argv[1]), sys.argv[2]
review.checkout = lambda: root
if before:
    exec(before)
sys.argv[1:] = ["review", "--no-open"]
from figures.launch import main
raise SystemExit(main())
"""

#: A stand-in for tools/review.py: a stop reaches the CLI and itself before any of its code has
#: its handlers in (as a terminal's Ctrl-C, or timeout's, reaches the process group); then its
#: handlers, as tools/review.py's, and its one line.
TOOL = """
import os, signal, sys, time
os.kill(os.getppid(), signal.SIGTERM)
os.kill(os.getpid(), signal.SIGTERM)
time.sleep(0.3)
try:
    from figures.signals import stop_while_starting
    stop_while_starting(True)
    time.sleep(5)
    print("tool: ran on", flush=True)
except KeyboardInterrupt:
    print("tool: terminated: nothing written", flush=True)
    raise SystemExit(143)
"""


def _review(root: Path, before: str = "") -> subprocess.CompletedProcess[str]:
    (root / "tools").mkdir(parents=True, exist_ok=True)
    (root / "baseline").mkdir(exist_ok=True)
    (root / "tools" / "review.py").write_text(TOOL)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-c", CLI, str(root), before], cwd=root, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_a_stop_as_the_tool_starts_waits_for_its_handlers_and_is_its_one_line(tmp_path):
    """Round 49 (G10): SIGINT or SIGTERM into `figures review` as it started tools/review.py
    (the group: the CLI and the tool still starting) ended the tool before its handlers were
    in: Python's bare ``KeyboardInterrupt`` (or "Fatal Python error: init_import_site") and
    exit 1, or no line at all (killed by the signal), or exit 0. The tool now starts with the
    stop signals held, and takes them when its handlers are in: its one line, 143."""
    ran = _review(tmp_path)
    assert ran.returncode == 143, ran.stdout + ran.stderr
    assert (ran.stdout + ran.stderr).splitlines() == ["tool: terminated: nothing written"]


def test_a_stop_before_the_tool_starts_is_reviews_line_not_the_clis(tmp_path):
    """Round 49 (G10): a stop that reached `figures review` before it started the tool was
    told in the CLI's generic line, "terminated; finished files are complete, the others
    were left as they were" (round 40 R3 removed it from review). Nothing started: review's
    own line, as the tool gives it, 143."""
    stop = ("import os, signal, time\n"
            "def _stopped(*args):\n"
            "    os.kill(os.getpid(), signal.SIGTERM)\n"
            "    time.sleep(5)\n"
            "review.from_here = _stopped\n")
    ran = _review(tmp_path, stop)
    assert ran.returncode == 143, ran.stdout + ran.stderr
    assert (ran.stdout + ran.stderr).splitlines() == ["review: terminated: nothing written"]


class _SlowTerminal:
    """A standard output that takes its time over each write (a terminal under load): what
    two threads write meanwhile lands between the parts of a line written in two."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, text: str) -> int:
        self.parts.append(text)
        time.sleep(0.1)
        return len(text)

    def flush(self) -> None:
        pass


def test_two_answers_at_once_are_two_whole_lines(tmp_path, monkeypatch):
    """Round 49 (G7): accept-all of a figure racing a reject of its second golden: the page
    and the disk were right, but the terminal read "review: A: wrote ...; compared again:
    passesreview: B: nothing written ..." then an empty line: each request's thread printed
    its answer after the decision's lock was released, and ``print`` writes the text and its
    line end apart. Each answer is now one write of a whole line, under the decision's lock."""
    sys.path.insert(0, str(REPO / "tests" / "unit"))
    from test_hostile_round40_golden import _post, reviewed

    _, _, served = reviewed(tmp_path, monkeypatch)
    terminal = _SlowTerminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    threading.Thread(target=served.serve_forever, daemon=True).start()
    try:
        asked = [threading.Thread(target=_post, args=(served, f"/{verb}/0"))
                 for verb in ("accept", "reject")]
        for thread in asked:
            thread.start()
            time.sleep(0.02)
        for thread in asked:
            thread.join(60)
    finally:
        served.shutdown()
        served.server_close()
    lines = "".join(terminal.parts).splitlines()
    assert len(lines) == 2, lines
    assert all(line.startswith("review: x: ") for line in lines), lines
    assert lines[0].startswith("review: x: wrote baseline/x.png"), lines
    assert lines[1].startswith("review: x: refused: already accepted"), lines


def test_a_stop_another_thread_takes_as_the_tool_starts_is_raised_after_it_started():
    """Round 49 (G10): a stop signal the CLI's other thread took (numpy's) ran its handler in
    the main thread anywhere, in ``Popen`` after the fork too: the tool started was lost, ran
    on, and said its line after review's "nothing written". A stop as the tool starts is now
    noted, raised once it has started; the tool starts with the stop signals blocked."""
    import signal

    from figures.signals import Terminated, sigterm_stops_like_ctrl_c, stops_noted

    assert threading.current_thread() is threading.main_thread()
    waiting = threading.Event()
    other = threading.Thread(target=waiting.wait, args=(30,))
    other.start()
    started = []
    try:
        with sigterm_stops_like_ctrl_c(), stops_noted():
            signal.pthread_kill(other.ident, signal.SIGTERM)
            time.sleep(0.3)  # its handler runs in this thread meanwhile
            started.append(subprocess.Popen(
                [sys.executable, "-c", "print(open('/proc/self/status').read())"],
                stdout=subprocess.PIPE, text=True))
    except Terminated:
        pass
    else:
        raise AssertionError("the stop was not raised after the block")
    finally:
        waiting.set()
        other.join()
    assert len(started) == 1
    status = started[0].communicate(timeout=60)[0]
    blocked = int(next(line for line in status.splitlines()
                       if line.startswith("SigBlk:")).split()[1], 16)
    assert blocked & (1 << (signal.SIGINT - 1))
    assert blocked & (1 << (signal.SIGTERM - 1))


def test_a_stop_as_the_cli_reads_its_arguments_says_nothing_was_written(tmp_path):
    """Round 49 (G10): a stop after the CLI had loaded, while it read its arguments (before any
    command began), was the generic "terminated; finished files are complete, the others were
    left as they were" (for `figures review` too, which round 40 R3 rid of it). No command
    had begun: "terminated while starting: nothing written", 143, as a stop as it loads."""
    stop = ("import os, signal, time\n"
            "from figures.cli import startup\n"
            "def _stopped():\n"
            "    os.kill(os.getpid(), signal.SIGTERM)\n"
            "    time.sleep(5)\n"
            "startup.prepare = _stopped\n")
    ran = _review(tmp_path, stop)
    assert ran.returncode == 143, ran.stdout + ran.stderr
    assert (ran.stdout + ran.stderr).splitlines() == ["terminated while starting: nothing written"]
