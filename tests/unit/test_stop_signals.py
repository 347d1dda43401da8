"""Stop signals that arrive together or at awkward moments: never a traceback.

In-process and fast: each test restores the handlers and the signal mask it changed.
"""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from multiprocessing import Pipe

import pytest

from figures import signals
from figures.watch import child

pytestmark = pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signals")

BOTH = (signal.SIGINT, signal.SIGTERM)


@pytest.fixture
def own_signals(monkeypatch):
    """This test's handlers and mask are undone after it; the signals it sends are not
    remembered as the user's."""
    monkeypatch.setattr(signals, "_RECEIVED", [])
    handlers = {stop: signal.getsignal(stop) for stop in signals.STOP_SIGNALS}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for stop, handler in handlers.items():
            signal.signal(stop, handler)


@contextlib.contextmanager
def unraisable() -> Iterator[list[BaseException | None]]:
    """What Python reports as unraisable within the block (how it reports a signal whose
    handler became SIG_IGN before it ran: a traceback on stderr). Set in the test itself:
    pytest sets its own hook for each test's call."""
    caught: list[BaseException | None] = []
    hook = sys.unraisablehook
    sys.unraisablehook = lambda report: caught.append(report.exc_value)
    try:
        yield caught
    finally:
        sys.unraisablehook = hook


def _both_at_once() -> None:
    """A Ctrl-C and a SIGTERM that arrive together (to the process group, say): both are
    pending when they are unblocked, and Python runs their handlers one after the other."""
    signal.pthread_sigmask(signal.SIG_BLOCK, BOTH)
    for stop in BOTH:  # to this thread (the main one), not to any other that may take it
        signal.pthread_kill(threading.get_ident(), stop)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, BOTH)


def _run_pending_handlers() -> None:
    """Python runs a signal's handler at the next check (a handler that raised leaves the
    others to a later one: any call into the signal module makes it)."""
    signal.signal(signal.SIGUSR1, signal.getsignal(signal.SIGUSR1))


def test_a_rebuild_stopped_by_ctrl_c_and_sigterm_at_once_stops_quietly(own_signals):
    """Hostile: a Ctrl-C and a SIGTERM to the watch's process group at once: the rebuild's
    first handler set both signals to SIG_IGN, and Python then raised the second one as
    `OSError: Signal 15 ignored due to race condition`, a traceback from the rebuild."""
    for stop in BOTH:
        signal.signal(stop, child.stop_once)
    with unraisable() as caught:
        with pytest.raises(KeyboardInterrupt) as stopped:
            _both_at_once()
        _run_pending_handlers()
    assert not isinstance(stopped.value, signals.Terminated)  # Ctrl-C's, the first
    assert caught == []


def test_signals_after_the_work_is_done_are_dropped_quietly(own_signals):
    """What `figures` does once a command has returned: nothing left to stop."""
    signals.ignore_stop_signals()
    with unraisable() as caught:
        _both_at_once()
        _run_pending_handlers()
    assert caught == []
    assert all(signal.getsignal(stop) is not signal.SIG_IGN for stop in BOTH)


def test_a_rebuild_stopped_while_it_starts_ends_without_a_traceback(own_signals, monkeypatch):
    """Hostile: the watch stopping a rebuild it has just started (a save right after
    another): a SIGTERM that arrived while the rebuild set up its handlers was raised
    outside its try, and multiprocessing printed `Process figures-watch-rebuild:` and the
    traceback. It stops the rebuild quietly now, before anything is built."""
    monkeypatch.setattr(sys, "dont_write_bytecode", sys.dont_write_bytecode)
    monkeypatch.setattr(sys, "pycache_prefix", sys.pycache_prefix)
    # a thread another test of this process left in ABANDONED: the rebuild's end would
    # os._exit(0) pytest itself, the rest of the run never run and its status 0
    from figures import author_code

    monkeypatch.setattr(author_code, "ABANDONED", [])
    monkeypatch.setattr(child, "stop_when_closed", lambda alive: None)
    started = child.threading.Thread.start

    def start_then_sigterm(thread):
        # held until the setup releases the signals. Sent to the main thread: the rebuild's
        # process has no other thread that takes signals, but this pytest process may (a
        # thread left by another test would take a process-wide SIGTERM at once, and its
        # handler then runs wherever the main thread is, even where Python drops it)
        signal.pthread_kill(threading.main_thread().ident, signal.SIGTERM)
        started(thread)

    monkeypatch.setattr(child.threading.Thread, "start", start_then_sigterm)
    built = []
    monkeypatch.setattr(child, "rebuild_messages", lambda *args: built.append(args) or [])
    receive, send = Pipe(duplex=False)
    alive, keep = Pipe(duplex=False)
    child.rebuild_child(send, alive, ["cifar_summary"], "figdata", "out", 1)
    assert built == []
    with pytest.raises(EOFError):  # nothing reported, and its end closed: the watch stopped it
        receive.recv()
    for end in (receive, alive, keep):
        end.close()


def test_a_command_this_run_starts_takes_ctrl_c():
    """The tests stop the commands they start with Ctrl-C: in a run started in the
    background (SIGINT ignored, and inherited) every such test timed out (conftest)."""
    code = "import signal; print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)"
    said = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout
    assert said == "True\n"


def test_a_closed_terminal_stops_a_command_as_sigterm_does(own_signals):
    """Round 20 (X6): SIGHUP (the terminal or ssh session closed) killed a sync where it
    stood: no line, and its workers' temporaries left in build/. Now it stops as SIGTERM
    does, exit 129; under ``nohup`` (SIGHUP ignored) it stays ignored."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)  # a terminal's, whatever runs this suite
    with signals.sigterm_stops_like_ctrl_c(), pytest.raises(signals.HungUp) as caught:
        signal.raise_signal(signal.SIGHUP)
    assert signals.stopped(caught.value) == (
        "hung up; finished files are complete, the others were left as they were", 129)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    with signals.sigterm_stops_like_ctrl_c():
        assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN


def test_a_commands_stops_are_forgotten_as_it_ends(own_signals):
    """CI, random order: a test's SIGTERM inside a command's block stayed in the process's
    record, and a watch a later test ran in the same process said it had been terminated
    ("stopped watching; every finished file is complete", and 143). The stops a command
    received are its own: forgotten as its block ends."""
    with pytest.raises(signals.Terminated), signals.sigterm_stops_like_ctrl_c():
        signal.raise_signal(signal.SIGTERM)
    assert (signals.stop_requested(), signals.terminated()) == (False, False)
