"""The rebuild processes: each rebuild runs in a fresh process (see :mod:`figures.watch.child`)
forked from a server that has imported matplotlib already, so an edited module is imported
anew and no rebuild pays for matplotlib. :class:`Rebuild` is one such process (start, read
its messages, stop it); :mod:`figures.watch.schedule` runs at most one at a time.
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from figures.watch.child import Message, rebuild_child

#: Imported once by the fork server, so that no rebuild pays for them. Nothing watched.
PRELOAD = ["numpy", "matplotlib.figure", "matplotlib.backends.backend_agg",
           "matplotlib.backends.backend_pdf", "matplotlib.mathtext"]


def _context() -> Any:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        return context
    return multiprocessing.get_context("spawn")  # Windows: each rebuild imports matplotlib


def _start_held(process: Any) -> None:
    """Start ``process`` (called with stop signals held: they stay held throughout). On the
    first rebuild, multiprocessing starts its resource tracker and then unblocks Ctrl-C and
    SIGTERM on its way out (bpo-33613), so the fork server started next was a fresh
    interpreter taking Ctrl-C while it imported matplotlib: a Ctrl-C to the terminal's
    process group in the watch's first second printed its traceback. The mask is restored
    before the fork server starts, which keeps it (an exec does); each rebuild takes the
    signals again (see :mod:`figures.watch.child`)."""
    if hasattr(signal, "pthread_sigmask"):  # POSIX: a fork server and a resource tracker
        from multiprocessing import resource_tracker

        held = signal.pthread_sigmask(signal.SIG_BLOCK, [])
        resource_tracker.ensure_running()
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
    process.start()


class Rebuild:
    """One rebuild, running in a fresh process; :meth:`messages` reads what it reports."""

    def __init__(self, names: list[str] | None, figdata_dir: Path, out_dir: Path,
                 jobs: int | None) -> None:
        context = _context()
        #: The figures it rebuilds; None: every figure of the registry as the process reads it.
        self.names = names
        self.done = False
        self.started = time.monotonic()
        self._receive, send = context.Pipe(duplex=False)
        # The child's end of ``alive`` reads EOF when the watch is gone, even by kill -9 (the
        # rebuild's parent is the fork server, which outlives the watch): it stops then.
        alive, self._alive = context.Pipe(duplex=False)
        self.process = context.Process(
            target=rebuild_child, name="figures-watch-rebuild",
            args=(send, alive, names, str(figdata_dir), str(out_dir), jobs,
                  signal.getsignal(signal.SIGINT) is not signal.SIG_IGN))
        try:
            _start_held(self.process)
        finally:
            send.close()
            alive.close()

    @property
    def seconds(self) -> float:
        return time.monotonic() - self.started

    def messages(self, timeout: float = 0.0) -> list[Message]:
        """What it reported within ``timeout`` seconds; once it is :attr:`done`, the last
        one was its outcomes, a registry that does not import, or its death."""
        got: list[Message] = []
        try:
            while not self.done and self._receive.poll(0 if got else timeout):
                got.append(self._receive.recv())
                self.done = got[-1][0] in ("outcomes", "registry-error")
        except EOFError:
            self.process.join(timeout=5)
            got.append(("died", self.process.exitcode))
            self.done = True
        return got

    def stop(self) -> None:
        """Wait for it to end; one not done is stopped as on SIGTERM (its build removes its
        temporary files), and killed if it does not stop within 5 s. Safe to call again."""
        if not self.done and self.process.is_alive():
            self.process.terminate()
        self.process.join(timeout=5)  # its writes are atomic
        if self.process.is_alive():  # deaf to SIGTERM (stuck outside Python): no more waiting
            self.process.kill()
            self.process.join()
        self.done = True
        self._receive.close()
        self._alive.close()


def few(names: Sequence[str]) -> str:
    """``a, b and c``; ``12 figures`` beyond three."""
    names = list(names)
    if len(names) > 3:
        return f"{len(names)} figures"
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)

