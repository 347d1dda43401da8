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
    how, status = _how(exc)
    finished = getattr(exc, "finished", None)  # set by who wrote them (figures sync)
    if (waited := getattr(exc, "waited_for", None)) is not None:  # figures build, round 41
        return f"{how} while waiting for the other build into {waited}: nothing built or written", status
    if (built := getattr(exc, "built", None)) is not None:  # figures build (round 40 K3)
        return _built_line(how, built, exc.not_built, getattr(exc, "what", ""),
                           getattr(exc, "failed", [])), status
    if unfinished := getattr(exc, "unfinished", None):  # one file, written at the end (pack)
        return f"{how} before {unfinished} was written; nothing was written", status
    if finished is not None:
        done = ", ".join(finished[:5]) + (f" and {len(finished) - 5} more"
                                           if len(finished) > 5 else "") or "none"
        return f"{how}; finished, complete: {done}; the others were left as they were", status
    if not _BEGUN[0]:  # the CLI's start: it parsed its arguments (round 49d, G10)
        return f"{how} while starting: nothing written", status
    return f"{how}; finished files are complete, the others were left as they were", status


def _how(exc: KeyboardInterrupt) -> tuple[str, int]:
    return (("hung up", 129) if isinstance(exc, HungUp) else ("terminated", 143)
            if isinstance(exc, Terminated) else ("interrupted", 130))


def _built_line(how: str, built: list[str], not_built: int, what: str,
                failed: list[str]) -> str:
    """``figures build`` stopped: the figures it built (their ``built`` lines never came, or
    an earlier pass's did) and how many it did not, whose files were left as they were
    (``what``: the pass); those that failed were told above (round 42, B27)."""
    what = f" ({what.strip()})" if what else ""
    told = (f"{len(failed)} failed, told above: {', '.join(failed[:5])}"
            + (f" and {len(failed) - 5} more" if len(failed) > 5 else "")) if failed else ""
    if not not_built:  # round 42, B28: it had said "every one it had to" after the names
        return (f"{how} after the build had ended{what}: nothing left to do ({told})" if told
                else f"{how} after every figure was built{what}: nothing left to do")
    told = f"; {told}" if told else ""
    whole = "each file is whole, new or as it was: build again to finish"  # one stopped mid-save
    if not built:
        return f"{how}: none of the {not_built} figure(s) built{what} ({whole}){told}"
    names = ", ".join(built[:5]) + (f" and {len(built) - 5} more" if len(built) > 5 else "")
    return f"{how}: built {names}{what}; the other {not_built} not built ({whole}){told}"


#: What a stop once the command's work is done came after: set as it ends (``ended``).
_ENDED = ["the command had ended"]
#: Whether a command has begun: a process that starts as a script (stop_while_starting) has
#: not, until ``ended(None)``; a stop before, as the CLI parses its arguments, wrote nothing.
_BEGUN = [True]


def ended(what: str | None) -> None:
    """The command's work is done: a stop from now on says it came after ``what``
    (``figures build``: "every figure was built"); None: a command begins."""
    _ENDED[0] = what or "the command had ended"
    _BEGUN[0] = _BEGUN[0] or what is None


def stopped_after(exc: KeyboardInterrupt) -> tuple[str, int]:
    """The line and status of a stop that came once the command had ended (round 42, B28:
    "interrupted; finished files are complete, the others were left as they were", or no
    line at all, after every figure was built)."""
    how, status = _how(exc)
    return f"{how} after {_ENDED[0]}: nothing left to do", status


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
    handler is restored after, so a caller such as pytest keeps its own). The stops the block
    received are forgotten as it ends: they were the command's (see :func:`terminated`)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received_before = len(_RECEIVED)
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
        # the stops received are this command's: a later one in this process (a test's watch
        # after another's SIGTERM) must not read them as its own and say it was terminated
        del _RECEIVED[received_before:]


def how_stopped(exc: KeyboardInterrupt) -> tuple[str, int]:
    """The word and exit status of a stop: interrupted 130, terminated 143, hung up 129."""
    return _how(exc)


def stop_while_starting(script: bool) -> None:
    """A tool run as a script (``script``), as it loads, before its own handlers: SIGTERM and
    SIGHUP (unless ignored: nohup) raise as Ctrl-C does, so that a stop then is its one line
    too, not a silent death (round 47d, G13). Then the stop signals are taken: a tool that
    ``figures review`` starts has them blocked until its handlers are in (runner.call's
    ``held``; round 49d, G10), and one held meanwhile is raised here."""
    if script:
        _BEGUN[0] = False
        signal.signal(signal.SIGTERM, raise_terminated)
        if _HANGUP is not None and signal.getsignal(_HANGUP) is signal.SIG_DFL:
            signal.signal(_HANGUP, raise_terminated)
        release_stop_signals()


#: The signals that stop a build (Ctrl-C, ``kill``, a closed terminal).
STOP_SIGNALS = frozenset({signal.SIGINT, signal.SIGTERM} | ({_HANGUP} if _HANGUP else set()))


def _nothing_to_stop(signum: int, frame: object) -> None:
    """A stop signal once there is nothing left to stop: dropped."""


def hold_stop_signals() -> KeyboardInterrupt | None:
    """The command is done: from now on stop signals are ignored (nothing is left to stop),
    and the stop that came meanwhile is returned, if one did. Not a handler of ours: Python
    puts the default back as it exits, and a Ctrl-C then killed the process without a line
    (round 42, B28). Blocked first, so that none arrives between the two (a signal that
    arrives while its handler turns to ``SIG_IGN`` is "ignored due to race condition")."""
    came: list[KeyboardInterrupt] = []

    def note(signum: int, frame: object) -> None:
        came.append(_stop_of(signum))

    while True:
        try:
            stops = [s for s in sorted(STOP_SIGNALS)  # nohup's SIGHUP stays ignored
                     if signal.getsignal(s) is not signal.SIG_IGN]
            for stop in stops:
                signal.signal(stop, note)
            if (hasattr(signal, "pthread_sigmask")
                    and threading.current_thread() is threading.main_thread()):
                signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)  # runs those noted
                came.extend(_stop_of(s) for s in sorted(signal.sigpending() & STOP_SIGNALS))
                for stop in stops:  # other threads too (they take signals, the process dies)
                    signal.signal(stop, signal.SIG_IGN)
            return came[0] if came else None
        except KeyboardInterrupt as exc:  # came before its handler was ours
            came.append(exc)


def _stop_of(signum: int) -> KeyboardInterrupt:
    return HungUp() if signum == _HANGUP else Terminated() \
        if signum == signal.SIGTERM else KeyboardInterrupt()


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


@contextlib.contextmanager
def stops_noted() -> Iterator[None]:
    """Within the block (a process started: ``figures review``'s tool), a stop signal is
    noted, not raised, and blocked in this thread, so the process started inherits it blocked
    (it takes it with :func:`stop_while_starting`); the first noted is raised after the block.
    Noted, not only blocked: another thread of this process (numpy's) may take the signal, and
    its handler then ran in this one anywhere in ``Popen``, after the fork: the process started
    was lost, and ran on (round 49d, G10: two lines, the tool's and review's)."""
    came: list[int] = []

    def note(signum: int, frame: object) -> None:
        _RECEIVED.append(signum)
        came.append(signum)

    previous: dict[int, object] = {}
    if threading.current_thread() is threading.main_thread():
        try:
            for stop in sorted(STOP_SIGNALS):  # nohup's SIGHUP stays ignored
                if signal.getsignal(stop) not in (signal.SIG_IGN, None):
                    previous[stop] = signal.signal(stop, note)
        except BaseException:  # a stop before its handler was ours: raised, nothing started
            for stop, handler in previous.items():
                signal.signal(stop, handler)
            raise
    try:
        with stop_signals_held():
            yield
    finally:  # one held meanwhile is taken here, by ``note``
        for stop, handler in previous.items():
            signal.signal(stop, handler)
    if came:
        raise _stop_of(came[0])


def release_stop_signals() -> None:
    """In a process forked inside :func:`stop_signals_held`: take signals again."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
