"""Stopping: Ctrl-C, SIGTERM and SIGHUP (the terminal or ssh session closed) end a command
the same way, with one line and 130, 143 or 129, and are held while worker processes are
forked so that none is lost half-way. A SIGHUP the shell ignores (``nohup``) stays ignored."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator


def stopped(exc: KeyboardInterrupt) -> tuple[str, int]:
    """The one line and the exit status of a command stopped by Ctrl-C or SIGTERM."""
    how, status = ("hung up", 129) if isinstance(exc, HungUp) else ("terminated", 143) \
        if isinstance(exc, Terminated) else ("interrupted", 130)
    finished = getattr(exc, "finished", None)  # set by who wrote them (figures sync)
    if (waited := getattr(exc, "waited_for", None)) is not None:  # figures build, round 41
        return f"{how} while waiting for the other build into {waited}: nothing built or written", status
    if (built := getattr(exc, "built", None)) is not None:  # figures build (round 40 K3)
        return _built_line(how, built, exc.not_built, getattr(exc, "what", "")), status
    if unfinished := getattr(exc, "unfinished", None):  # one file, written at the end (pack)
        return f"{how} before {unfinished} was written; nothing was written", status
    if finished is not None:
        done = ", ".join(finished[:5]) + (f" and {len(finished) - 5} more"
                                           if len(finished) > 5 else "") or "none"
        return f"{how}; finished, complete: {done}; the others were left as they were", status
    return f"{how}; finished files are complete, the others were left as they were", status


def _built_line(how: str, built: list[str], not_built: int, what: str) -> str:
    """``figures build`` stopped: the figures it built (their ``built`` lines never came)
    and how many it did not, whose files were left as they were (``what``: the pass)."""
    what = f" ({what.strip()})" if what else ""
    whole = "each file is whole, new or as it was: build again to finish"  # one stopped mid-save
    if not built:
        return f"{how}: none of the {not_built} figure(s) built{what} ({whole})"
    names = ", ".join(built[:5]) + (f" and {len(built) - 5} more" if len(built) > 5 else "")
    rest = (f"the other {not_built} not built ({whole})" if not_built
            else "every one it had to")
    return f"{how}: built {names}{what}; {rest}"


class Terminated(KeyboardInterrupt):
    """SIGTERM, stopped as Ctrl-C is: a KeyboardInterrupt, so that every ``except
    KeyboardInterrupt`` cleans up after it too."""


class HungUp(Terminated):
    """SIGHUP: the terminal or ssh session the command ran in closed; stopped as SIGTERM is
    (its workers' temporaries removed, one line), not killed where it stood."""


#: SIGHUP where the platform has it (not on Windows).
_HANGUP = getattr(signal, "SIGHUP", None)


#: Stop signals this process received: a KeyboardInterrupt with none behind it was raised by
#: code (an author's ``raise KeyboardInterrupt``), not by the user.
_RECEIVED: list[int] = []


def stop_requested() -> bool:
    """Whether Ctrl-C or SIGTERM reached this process (while the CLI's handlers are in)."""
    return bool(_RECEIVED)


def terminated() -> bool:
    """Whether the last stop signal this process received was SIGTERM (exit 143)."""
    return bool(_RECEIVED) and _RECEIVED[-1] == signal.SIGTERM


def raise_terminated(signum: int, frame: object) -> None:
    """A SIGTERM (or SIGHUP) handler: stop the way Ctrl-C does (see :class:`Terminated`)."""
    _RECEIVED.append(signum)
    raise HungUp if signum == _HANGUP else Terminated


def raise_interrupted(signum: int, frame: object) -> None:
    """A SIGINT handler: Python's own, remembering that the user pressed Ctrl-C."""
    _RECEIVED.append(signum)
    raise KeyboardInterrupt


@contextlib.contextmanager
def sigterm_stops_like_ctrl_c() -> Iterator[None]:
    """Within the block, SIGTERM raises :class:`Terminated` (main thread only; the previous
    handler is restored after, so a caller such as pytest keeps its own)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, raise_terminated)
    previous_hup = signal.getsignal(_HANGUP) if _HANGUP is not None else None
    if previous_hup is signal.SIG_DFL:  # not under nohup, which ignores it
        signal.signal(_HANGUP, raise_terminated)
    previous_int = signal.getsignal(signal.SIGINT)
    if previous_int is signal.default_int_handler:  # not when Ctrl-C is ignored (a worker)
        signal.signal(signal.SIGINT, raise_interrupted)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
        signal.signal(signal.SIGINT, previous_int)
        if previous_hup is signal.SIG_DFL:
            signal.signal(_HANGUP, previous_hup)


#: The signals that stop a build (Ctrl-C, ``kill``, a closed terminal).
STOP_SIGNALS = frozenset({signal.SIGINT, signal.SIGTERM} | ({_HANGUP} if _HANGUP else set()))


def _nothing_to_stop(signum: int, frame: object) -> None:
    """A stop signal once there is nothing left to stop: dropped."""


def ignore_stop_signals() -> None:
    """From now on, Ctrl-C and SIGTERM stop nothing. Not ``SIG_IGN``: a signal already
    arrived but not yet handled would then be raised as ``OSError: Signal 15 ignored due to
    race condition``; a handler that does nothing drops it quietly."""
    while True:
        try:
            for stop in sorted(STOP_SIGNALS):
                signal.signal(stop, _nothing_to_stop)
            return
        except KeyboardInterrupt:
            continue


@contextlib.contextmanager
def stop_signals_held() -> Iterator[None]:
    """Within the block, Ctrl-C and SIGTERM wait and arrive when it ends: a signal in the
    middle of a fork is swallowed by Python's at-fork handlers (the build ran on, exit 0)."""
    if (not hasattr(signal, "pthread_sigmask")
            or threading.current_thread() is not threading.main_thread()):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def release_stop_signals() -> None:
    """In a process forked inside :func:`stop_signals_held`: take signals again."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
