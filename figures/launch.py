"""The ``figures`` command's entry point (and ``python -m figures``).

Importing the CLI imports numpy and the package (a tenth of a second): a Ctrl-C or SIGTERM
in that time is one line too, not a traceback from the middle of an import or a silent
exit. Once the command has returned, its work is done and reported: a late signal has
nothing left to stop, and the command's own status stands. (A Ctrl-C in the interpreter's
own start-up, before any of this runs, is Python's to report.)
"""

from __future__ import annotations

import signal
import sys


class _Terminated(KeyboardInterrupt):
    """SIGTERM before the CLI installs its own handler."""


def _terminated(signum: int, frame: object) -> None:
    raise _Terminated


def main() -> int:
    signal.signal(signal.SIGTERM, _terminated)
    try:
        from figures.cli import main as run

        status = run()
    except KeyboardInterrupt as exc:
        terminated = type(exc).__name__ in ("Terminated", "_Terminated")
        how = "terminated" if terminated else "interrupted"
        print(f"{how}; finished files are complete, the others were left as they were",
              file=sys.stderr)
        return 143 if terminated else 130
    for stop in (signal.SIGINT, signal.SIGTERM):  # done: nothing left to stop
        signal.signal(stop, signal.SIG_IGN)
    return status
