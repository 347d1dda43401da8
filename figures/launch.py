"""The ``figures`` command's entry point (and ``python -m figures``).

Importing the CLI imports numpy and the package (a tenth of a second): a Ctrl-C or SIGTERM
in that time is one line too, not a traceback from the middle of an import or a silent
exit. Once the command has returned, its work is done and reported: a late signal has
nothing left to stop, and the command's own status stands. (A signal in the interpreter's
own start-up, before any of this runs, is Python's to report.)
"""

from __future__ import annotations

import signal
import sys

from figures.signals import ignore_stop_signals, raise_terminated, stopped


def main() -> int:
    signal.signal(signal.SIGTERM, raise_terminated)  # until the CLI installs its own
    try:
        try:
            from figures.cli.main import main as run
        except (Exception, SystemExit) as exc:
            # The registry (or a module it names at import) is the author's file too: one
            # line with its file and line, for every command (a bad entry: its own line).
            if "--debug" in sys.argv:
                raise
            from figures.errors import FigureDataError, author_frame, error_line

            if (not isinstance(exc, (SyntaxError, FigureDataError))
                    and author_frame(exc) is None):
                raise
            print(f"error: {error_line(exc)}", file=sys.stderr)
            return 1
        status = run()
    except KeyboardInterrupt as exc:
        line, code = stopped(exc)
        print(line, file=sys.stderr)
        return code
    ignore_stop_signals()  # done: nothing left to stop
    return status
