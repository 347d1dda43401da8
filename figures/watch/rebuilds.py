"""The rebuild processes, forked from a server that has imported matplotlib already: an
edited module is imported anew and no rebuild pays for matplotlib."""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from figures.watch.child import Message, rebuild_child
from figures.watch.files import listed

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
    """Start ``process``, stop signals held throughout: multiprocessing's resource tracker
    unblocks them on its way out (bpo-33613), so the fork server started next took Ctrl-C
    while importing matplotlib (a traceback); the mask is restored before it starts."""
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
        #: The figures it rebuilds; None: every figure of the registry.
        self.names = names
        self.done = False
        self.started = time.monotonic()
        self._receive, send = context.Pipe(duplex=False)
        # the child's end reads EOF when the watch is gone, even by kill -9: it stops then
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
        """What it reported within ``timeout`` seconds (the last one once :attr:`done`)."""
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
        """Wait for it to end: SIGTERM if not done, SIGKILL after 5 s. Safe to call again."""
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
    return f"{len(names)} figures" if len(names) > 3 else listed(list(names))
