"""Which rebuild runs while saves keep coming (above the watcher and the rebuild processes)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from figures.paths import shown
from figures.signals import stop_signals_held
from figures.watch.rebuilds import Rebuild, few
from figures.watch.watcher import Watcher


class Rebuilds:
    """The watch's rebuilds: at most one runs; a save that changes a file stops it and
    starts its own at once, and what the stopped one still had to rebuild follows."""

    def __init__(self, watcher: Watcher, emit: Callable[[str], None]) -> None:
        self.watcher = watcher
        self.emit = emit
        self.running: Rebuild | None = None
        self.pending: set[str] = set()
        self.pending_every = False

    def everything(self) -> None:
        """Rebuild every watched figure (at the start, and when a folder is back)."""
        self._queue(set(self.watcher.names()), self.watcher.follow_registry)
        self.poll()

    def saved(self, paths: Sequence[str]) -> None:
        """A batch of saves: rebuild what it affects, now if it changed a file."""
        watcher = self.watcher
        changed = watcher.changed(paths)
        every = watcher.rereads_registry(paths)
        names = {spec.name for spec in watcher.affected(paths)}
        if not (names or every):
            return
        watcher.remap()
        self._collect()  # a rebuild that has just finished is reported, not stopped
        running = self.running
        if running is None or not changed:
            # nothing runs, or the bytes are as they were: what it affects comes next
            if running is not None:
                names -= set(watcher.of(running))
                every = every and running.names is not None
            self._queue(names, every)
            self.poll()
            return
        was = watcher.of(running)
        running.stop()
        self.running = None
        watcher.restarted |= set(was) & (set(watcher.names()) if every else names)
        if every:
            self.pending, self.pending_every = set(), False
        else:
            self.pending = (self.pending | set(was)) - names
            self.pending_every = self.pending_every or running.names is None
        now = watcher.names() if every else self._ordered(names)
        then = self._ordered(self.pending)
        also = f" and {len(changed) - 1} more file(s)" if len(changed) > 1 else ""
        self.emit(f"stopped the rebuild of {few(was)}: {shown(changed[0])}{also} was saved "
                  f"while it ran; rebuilding {few(now)} now"
                  + (f", then {few(then)}" if then else ""))
        self._start(now, every)

    def poll(self) -> None:
        """Report what the running rebuild sent; stop it past the timeout; start the next."""
        self._collect()
        if self.running is None and (self.pending or self.pending_every):
            names, every = self._ordered(self.pending), self.pending_every
            self.pending, self.pending_every = set(), False
            self._start(names, every)

    def _collect(self) -> None:
        running = self.running
        if running is not None:
            for message in running.messages():
                for line in self.watcher.report(message, running):
                    self.emit(line)
            if running.done or running.seconds > self.watcher.rebuild_timeout:
                timed_out = not running.done
                self.close()
                for line in self.watcher.timed_out(running) if timed_out else ():
                    self.emit(line)

    def close(self) -> None:
        """Stop the running rebuild (the watch ends)."""
        if self.running is not None:
            self.running.stop()
            self.running = None

    def _queue(self, names: set[str], every: bool) -> None:
        self.pending |= names
        self.pending_every = self.pending_every or every

    def _ordered(self, names: Iterable[str]) -> list[str]:
        names = set(names)
        return [name for name in self.watcher.names() if name in names]

    def _start(self, names: list[str], every: bool) -> None:
        if not (names or every):
            return
        with stop_signals_held():  # a Ctrl-C mid-start would leave a process half started
            self.running = self.watcher.start(None if every else names)
