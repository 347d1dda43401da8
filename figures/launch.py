"""The ``figures`` command's entry point (and ``python -m figures``): a signal while the CLI
is imported is one line too, never a traceback (docs/modules.md)."""

from __future__ import annotations

import os
import sys
import threading

from figures.signals import (
    hold_stop_signals,
    how_stopped,
    stop_while_starting,
    stopped,
    stopped_after,
)

#: The statuses of a command stopped (its line printed).
_STOPPED = (129, 130, 143)


def main() -> int:
    stop_while_starting(True)  # SIGTERM, SIGHUP: until the CLI installs its own (round 47d, G13)
    status: int | None = None
    started = False
    try:
        try:
            from figures.cli.main import main as run
        except (Exception, SystemExit) as exc:
            # the registry (or a module it imports) is the author's file too: one line at its line
            if "--debug" in sys.argv:
                raise
            from figures.errors import FigureDataError, author_frame, error_line, registry_gone

            gone = registry_gone(exc)
            if gone is not None:
                print(f"error: {gone}", file=sys.stderr)
                return 1
            if (not isinstance(exc, (SyntaxError, FigureDataError))
                    and author_frame(exc) is None):
                raise
            print(f"error: {error_line(exc)}", file=sys.stderr)
            return 1
        started = True
        status = run()
        late = hold_stop_signals()  # done: nothing left to stop, and never killed by one now
    except KeyboardInterrupt as exc:  # after the command's end too: round 42, B28
        line, status = (stopped_after(exc) if status is not None else stopped(exc) if started
                        else _starting(exc))
        print(line, file=sys.stderr)
        late = hold_stop_signals()
    if late is not None and status not in _STOPPED:
        line, status = stopped_after(late)
        print(line, file=sys.stderr)
    _end_if_abandoned(status)
    return status


def _end_if_abandoned(status: int) -> None:
    """End now if a thread the author's code left running (each one already its figure's
    line), or any other, would keep the interpreter waiting for it at exit, forever.

    A stop while numpy loaded leaves it half-imported, so figures.author_code (which imports
    it) cannot load after it (round 48d, G14: "cannot load module more than once per
    process", a traceback and exit 1 after the stop's own line). It never loaded, then: no
    author code ran, and the threads left are looked at here."""
    try:
        from figures.author_code import end_if_abandoned
    except ImportError:
        if status not in _STOPPED:
            raise
        if any(thread.is_alive() and not thread.daemon and thread is not threading.main_thread()
               for thread in threading.enumerate()):
            sys.stderr.flush()
            os._exit(status)
        return
    end_if_abandoned(status, any_left=True)


def _starting(exc: KeyboardInterrupt) -> tuple[str, int]:
    """A stop while the CLI loads: no command has begun, so none wrote anything (round 47d,
    G13: it was a build's "finished files are complete, the others were left as they were")."""
    how, status = how_stopped(exc)
    return f"{how} while starting: nothing written", status
