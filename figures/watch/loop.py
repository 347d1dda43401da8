"""``figures watch``: each save of figdata or figure code rebuilds what it changed, at once.

Watches (with watchfiles) the figdata files and the code the build key covers: the figure
modules and the shared code (``registry.SHARED_CODE``). A batch of saves rebuilds, through
:func:`figures.outputs.build.build`, exactly the figures whose build key changed, with one line per
rebuilt figure; a save that leaves invalid JSON or a broken module gives one error line per
affected figure (the build's own line; ``figures --debug watch`` adds the traceback) and the
watch goes on, rebuilding once the file is fixed. Ctrl-C stops it with one line.

Each rebuild runs in a fresh process, forked from a server that has imported matplotlib
already (multiprocessing's forkserver, preloaded): the edited module (and the registry) is
imported anew, never a copy cached by an earlier rebuild or by this process, and a rebuild
pays no matplotlib import. This process never imports the watched modules.

The watch goes on watching while a rebuild runs: a save that changes a watched file stops
the running rebuild (a render stuck in a loop is not waited for) and starts the new one at
once; the figures of the stopped rebuild that the save did not touch are rebuilt after it.
Watching every figure, a save of the registry re-reads it: a figure added there (``figures
new``) is built and watched from then on, a figure removed is no longer watched.
"""

from __future__ import annotations

import contextlib
import hashlib
import multiprocessing
import os
import signal
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from figures.data.jsonio import ensure_folder
from figures.errors import FigureDataError, error_line, figure_line
from figures.signals import (
    STOP_SIGNALS,
    Terminated,
    raise_interrupted,
    raise_terminated,
    release_stop_signals,
    stop_signals_held,
    terminated,
)

if TYPE_CHECKING:  # imported anew by each rebuild, never by this module: see _rebuild_child
    from figures.registry import FigureSpec

#: Imported once by the fork server, so that no rebuild pays for them. Nothing watched.
PRELOAD = ["numpy", "matplotlib.figure", "matplotlib.backends.backend_agg",
           "matplotlib.backends.backend_pdf", "matplotlib.mathtext"]
MISSING_WATCHFILES = ("figures watch needs the watchfiles package: `pip install watchfiles`, "
                      "or run `nox -s watch`")
#: The registry: its entries give each figure's outputs and dpi (and, watching every figure,
#: the figures themselves).
REGISTRY = Path(__file__).resolve().parent.parent / "registry.py"
REGISTRY_SHOWN = "figures/registry.py"
#: How often (milliseconds) the watch looks at a running rebuild and at its folders.
POLL_MS = 100

#: What a rebuild process reports per figure: name, status, failure line, traceback, data
#: kind, outputs.
Outcome = tuple[str, str, str, str, str, list[str]]
#: What a rebuild process sends, in order: ("figures", names) when it rebuilds every figure
#: of the registry as it now reads, then ("outcomes", [Outcome, ...]); or ("registry-error",
#: line, traceback) when the registry does not import. The parent adds ("died", exit status)
#: when the process ended without its outcomes.
Message = tuple[Any, ...]


@dataclass
class Watcher:
    """Maps saved files to figures and rebuilds them; one instance per watch session."""

    specs: Sequence[FigureSpec]
    figdata_dir: Path
    out_dir: Path
    jobs: int | None = None
    #: Add each failure's traceback after its line (``figures --debug watch``).
    debug: bool = False
    #: Seconds a rebuild may take before it is stopped (``figures watch --rebuild-timeout``).
    rebuild_timeout: float = 120.0
    #: Watching every figure: a registry save re-reads the registry, and the figures added
    #: there are watched from then on (those removed no longer are).
    follow_registry: bool = False
    #: Figures whose last rebuild failed: a fix that restores the last built bytes says so.
    failing: set[str] = field(default_factory=set)
    #: Figures whose rebuild a save of their own files stopped: the next one says if their
    #: outputs were already current (the save restored what they were built from).
    restarted: set[str] = field(default_factory=set)
    #: The registry did not import in the last rebuild: its fix says so.
    registry_failing: bool = False

    def __post_init__(self) -> None:
        self.figdata_dir, self.out_dir = Path(self.figdata_dir), Path(self.out_dir)
        self.specs = list(self.specs)
        self._figures_of: dict[Path, list[str]] = {}
        #: The bytes (a digest) of each watched file when last seen: a save that leaves them
        #: as they were does not stop a running rebuild.
        self._digests: dict[Path, str | None] = {}
        self.remap()

    def remap(self) -> None:
        """Which figures read which file, from the figures' current module texts (a module
        that now imports another family helper rebuilds when that helper is saved)."""
        self._figures_of = {}
        for spec in self.specs:
            # a figure's outputs and dpi are its registry entry's: an edit there rebuilds it
            for path in (spec.figdata_path(self.figdata_dir), *spec.source_files(), REGISTRY):
                # the path as named and the file it links to: an editor that saves a link's
                # target by writing a temporary file and renaming it over the link (or over
                # the target) is seen either way
                for where in _both(path):
                    names = self._figures_of.setdefault(where, [])
                    if spec.name not in names:
                        names.append(spec.name)
        for where in (*self._figures_of, *(_both(REGISTRY) if self.follow_registry else ())):
            if where not in self._digests:
                self._digests[where] = _digest(where)

    def names(self) -> list[str]:
        return [spec.name for spec in self.specs]

    def watched_dirs(self) -> list[Path]:
        return sorted({path.parent for path in self._figures_of} | {REGISTRY.parent})

    def is_watched(self, _change: Any, path: str) -> bool:
        """watchfiles' filter: only the files some figure's build key reads (and the registry,
        which may add figures)."""
        return any(where in self._figures_of or (self.follow_registry and where == REGISTRY)
                   for where in _both(path))

    def affected(self, paths: Iterable[str | Path]) -> list[FigureSpec]:
        """The figures whose build key reads one of ``paths``, in registry order."""
        names = {name for p in paths for where in _both(p)
                 for name in self._figures_of.get(where, ())}
        return [spec for spec in self.specs if spec.name in names]

    def rereads_registry(self, paths: Iterable[str | Path]) -> bool:
        """Whether a save of ``paths`` re-reads the figures from the registry."""
        return self.follow_registry and any(REGISTRY in _both(p) for p in paths)

    def changed(self, paths: Iterable[str | Path]) -> list[Path]:
        """Of the watched ``paths``, those whose bytes differ from when they were last seen
        (they are remembered as they are now)."""
        found = []
        for path in dict.fromkeys(Path(p).absolute() for p in paths):
            if not self.is_watched(None, str(path)):
                continue
            digest = _digest(path)
            if self._digests.get(path, "") != digest:
                found.append(path)
            self._digests[path] = digest
        return found

    def follow(self, names: Sequence[str]) -> list[str]:
        """The figures of the registry as a rebuild just read it: watch those added, drop
        those removed; one line each."""
        from figures.registry import FigureSpec

        known = {spec.name: spec for spec in self.specs}
        # only the name matters here (the files it reads); its outputs are the rebuild's
        self.specs = [known.get(name) or FigureSpec(name, ()) for name in names]
        self.remap()
        lines = [f"new figure {spec.name} in {REGISTRY_SHOWN}: building it; {spec.shown_path} "
                 f"and {_shown(spec.figdata_path(self.figdata_dir))} are watched from now on"
                 for spec in self.specs if spec.name not in known]
        for name in known:
            if name not in names:
                self.failing.discard(name)
                lines.append(f"{name} is no longer in {REGISTRY_SHOWN}: no longer watched "
                             "(its built files stay)")
        return lines

    def handle(self, paths: Iterable[str | Path]) -> list[str]:
        """Rebuild what a batch of saved ``paths`` affects; the lines to print."""
        paths = list(paths)
        every = self.rereads_registry(paths)
        specs = self.affected(paths)
        return self.rebuild(specs, every=every) if specs or every else []

    def rebuild(self, specs: Sequence[FigureSpec], *, every: bool = False) -> list[str]:
        """Rebuild those of ``specs`` (with ``every``, every figure of the registry as it now
        reads) whose key changed, in a fresh process, and wait for it; the lines to print."""
        lines: list[str] = []
        running = None
        try:
            with stop_signals_held():  # a Ctrl-C mid-start would leave a process half started
                running = self.start(None if every else [s.name for s in specs])
            while not running.done:
                remaining = self.rebuild_timeout - running.seconds
                if remaining <= 0:
                    running.stop()
                    return lines + self.timed_out(running)
                for message in running.messages(remaining):
                    lines += self.report(message, running)
        finally:
            if running is not None:
                running.stop()
        return lines

    def start(self, names: list[str] | None) -> _Rebuild:
        """A rebuild of ``names`` (None: every figure of the registry) started in a fresh
        process (call it with stop signals held)."""
        return _Rebuild(names, self.figdata_dir, self.out_dir, self.jobs)

    def report(self, message: Message, rebuild: _Rebuild) -> list[str]:
        """The lines for one message of ``rebuild``."""
        kind = message[0]
        if kind == "registry-error":
            self.registry_failing = True
            trace = [message[2].rstrip("\n")] if self.debug and message[2] else []
            return [f"error: {message[1]}", *trace]
        fixed = []
        if self.registry_failing:
            self.registry_failing = False
            fixed = [f"fixed {REGISTRY_SHOWN}: it imports again"]
        if kind == "figures":
            return fixed + self.follow(message[1])
        if kind == "outcomes":
            return fixed + self.lines(message[1], rebuild.seconds)
        # "died"
        names = rebuild.names if rebuild.names is not None else self.names()
        self.failing.update(names)
        died = f"the rebuild process died (exit status {message[1]}); save again to retry"
        return [f"error: {name}: {died}" for name in names]

    def timed_out(self, rebuild: _Rebuild) -> list[str]:
        """The lines for ``rebuild``, stopped after ``rebuild_timeout`` seconds."""
        names = rebuild.names if rebuild.names is not None else self.names()
        self.failing.update(names)
        stopped = (f"the rebuild took over {self.rebuild_timeout:g} s and was stopped; "
                   "save again to retry")
        return [f"error: {name}: {stopped}" for name in names]

    def lines(self, outcomes: Sequence[Outcome], seconds: float) -> list[str]:
        """One line per figure rebuilt, failed, or fixed back to its current outputs; one for
        the figures restarted by a save that restored what they were built from."""
        lines = []
        current: list[str] = []
        for name, status, line, trace, kind, outputs in outcomes:
            restarted = name in self.restarted
            self.restarted.discard(name)
            if status == "failed":
                self.failing.add(name)
                lines.append(f"error: {line}")
                if self.debug and trace:
                    lines.append(trace.rstrip("\n"))
            elif status == "built":
                self.failing.discard(name)
                note = " [SYNTHETIC EXAMPLE DATA]" if kind == "synthetic-example" else ""
                lines.append(f"built {name} in {seconds:.2f} s: {', '.join(outputs)}{note}")
            elif name in self.failing:
                self.failing.discard(name)
                lines.append(f"fixed {name}: its outputs were already current")
            elif restarted:
                current.append(name)
        if current:
            their = "its" if len(current) == 1 else "their"
            lines.append(f"{_few(current)}: {their} outputs were already current")
        return lines


def _both(path: str | Path) -> set[Path]:
    """A saved path as named and as resolved (through links)."""
    return {Path(path).absolute(), Path(path).resolve()}


def _digest(path: Path) -> str | None:
    """A digest of a regular file's bytes (never a read that may block: a FIFO is None)."""
    try:
        if not path.is_file():
            return None
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


class _Rebuild:
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
            target=_rebuild_child, name="figures-watch-rebuild",
            args=(send, alive, names, str(figdata_dir), str(out_dir), jobs))
        try:
            self.process.start()
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


class _Rebuilds:
    """The watch's rebuilds: at most one runs; a save that changes a file stops it and
    starts its own at once, and what the stopped one still had to rebuild follows."""

    def __init__(self, watcher: Watcher, emit: Callable[[str], None]) -> None:
        self.watcher = watcher
        self.emit = emit
        self.running: _Rebuild | None = None
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
            # nothing runs, or a save that left the bytes as they were: what it affects
            # (beyond the running rebuild, which reads those bytes) comes next
            if running is not None:
                names -= set(running.names if running.names is not None else watcher.names())
                every = every and running.names is not None
            self._queue(names, every)
            self.poll()
            return
        was = running.names if running.names is not None else watcher.names()
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
        self.emit(f"stopped the rebuild of {_few(was)}: {_shown(changed[0])}{also} was saved "
                  f"while it ran; rebuilding {_few(now)} now"
                  + (f", then {_few(then)}" if then else ""))
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
            if running.done:
                running.stop()
                self.running = None
            elif running.seconds > self.watcher.rebuild_timeout:
                running.stop()
                self.running = None
                for line in self.watcher.timed_out(running):
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


def _few(names: Sequence[str]) -> str:
    """``a, b and c``; ``12 figures`` beyond three."""
    names = list(names)
    if len(names) > 3:
        return f"{len(names)} figures"
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


def watch(specs: Sequence[FigureSpec], figdata_dir: Path, out_dir: Path, *,
          jobs: int | None = None, debug: bool = False, rebuild_timeout: float = 120.0,
          follow_registry: bool = False, stop_event: Any = None,
          emit: Callable[[str], None] | None = None) -> int:
    """Bring the outputs up to date, then rebuild on every save until Ctrl-C (or
    ``stop_event``, a ``threading.Event``, is set). ``follow_registry``: ``specs`` are every
    figure, and so are those added to the registry meanwhile. Returns the exit status."""
    emit = emit or _print
    try:
        import watchfiles
    except ImportError:
        emit(f"error: {MISSING_WATCHFILES}")
        return 2
    if not Path(figdata_dir).is_dir():
        emit(f"error: {figdata_dir}: figdata folder not found")
        return 1
    try:  # refused now, not on every save
        ensure_folder(out_dir)
    except FigureDataError as exc:
        emit(f"error: {exc}")
        return 1
    watcher = Watcher(specs, figdata_dir, out_dir, jobs=jobs, debug=debug,
                      rebuild_timeout=rebuild_timeout, follow_registry=follow_registry)
    rebuilds = _Rebuilds(watcher, emit)
    dirs = watcher.watched_dirs()
    # The start line (and the one when a folder is back) comes after the lines of the
    # rebuild it starts, the watch armed (or at the first save, which may stop that rebuild).
    start = f"watching {len(specs)} figure(s) in {_folders(dirs)} (Ctrl-C stops)"
    pending_line = [start]

    def announce() -> None:
        while pending_line:
            emit(pending_line.pop())

    try:
        rebuilds.everything()
        returned = False
        while True:
            folders = _identities(dirs)
            gone = False
            try:
                for changes in watchfiles.watch(*dirs, watch_filter=watcher.is_watched,
                                                stop_event=stop_event, raise_interrupt=True,
                                                rust_timeout=POLL_MS, yield_on_timeout=True):
                    if returned:  # watched anew: whatever changed meanwhile is rebuilt
                        returned = False
                        pending_line.append(f"watching {_folders(dirs)} again")
                        rebuilds.everything()
                    elif changes:
                        announce()
                        rebuilds.saved([path for _, path in changes])
                    rebuilds.poll()
                    if rebuilds.running is None:
                        announce()
                    if _identities(dirs) != folders:
                        gone = True
                        break
                    if watcher.watched_dirs() != dirs:
                        break  # a new figure reads a file elsewhere: watch its folder too
                else:
                    break  # stop_event
            except FileNotFoundError:
                gone = True  # the folder went before (or as) the watch started
            if gone:
                # A watched folder was removed or replaced (moved away, restored from a copy,
                # recreated by a tool): its old watch sees nothing more, so watch it anew,
                # and rebuild once that watch runs (a copy still arriving is then seen too).
                announce()
                if not _wait_for(dirs, stop_event, emit, rebuilds.poll):
                    break
                returned = True
            dirs = watcher.watched_dirs()
    except KeyboardInterrupt as exc:
        # Ctrl-C is how a watch is ended: 0; SIGTERM (a kill, a closing session) ends it as it
        # ends a build: 143 (watchfiles may end its loop on it instead of raising)
        rebuilds.close()  # before the line: however the watch ends, its rebuild ends first
        emit("stopped watching; every finished file is complete")
        return 143 if isinstance(exc, Terminated) or terminated() else 0
    finally:
        rebuilds.close()
    emit("stopped watching; every finished file is complete" if terminated()
         else "stopped watching")
    return 143 if terminated() else 0


#: How often the watch checks, while a folder is gone, whether it is back.
FOLDER_CHECK_MS = 1000


def _folders(dirs: Sequence[Path]) -> str:
    return " and ".join(f"{_shown(d)}/" for d in dirs)


def _identities(dirs: Sequence[Path]) -> list[tuple[int, int] | None]:
    """Each folder's (device, inode), None where it is gone."""
    found: list[tuple[int, int] | None] = []
    for folder in dirs:
        try:
            info = folder.stat()
        except OSError:
            found.append(None)
        else:
            found.append((info.st_dev, info.st_ino) if folder.is_dir() else None)
    return found


def _wait_for(dirs: Sequence[Path], stop_event: Any, emit: Callable[[str], None],
              tick: Callable[[], None] = lambda: None) -> bool:
    """Wait until every watched folder exists again (False if ``stop_event`` is set first),
    calling ``tick`` meanwhile (a running rebuild is still reported)."""
    missing = [d for d, ident in zip(dirs, _identities(dirs), strict=True) if ident is None]
    if missing:
        emit(f"{_folders(missing)} gone; waiting for it to come back (Ctrl-C stops)")
    while None in _identities(dirs):
        if stop_event is not None and stop_event.is_set():
            return False
        tick()
        time.sleep(POLL_MS / 1000)
    return True


def _print(line: str) -> None:
    print(line, file=sys.stderr if line.startswith("error:") else sys.stdout, flush=True)


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _context() -> Any:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        return context
    return multiprocessing.get_context("spawn")  # Windows: each rebuild imports matplotlib


def _rebuild_child(conn: Connection, alive: Connection, names: list[str] | None,
                   figdata_dir: str, out_dir: str, jobs: int | None) -> None:
    """Runs in the fresh process: report the figures and their outcomes (see
    :data:`Message`), or nothing on Ctrl-C or SIGTERM, or when the watch is gone."""
    # The first stop signal stops the build (which then kills its workers and removes their
    # temporary files); a second one, as a group's Ctrl-C plus the watch's SIGTERM, must
    # not cut that clean-up short.
    signal.signal(signal.SIGTERM, _stop_once)
    signal.signal(signal.SIGINT, _stop_once)
    with stop_signals_held():  # the thread holds them for good: they go to the main thread
        threading.Thread(target=_stop_when_closed, args=(alive,), daemon=True).start()
    release_stop_signals()  # the fork server was started while the watch held them
    # A module saved twice within one second at the same size would pass the .pyc check
    # (mtime in seconds, size) and the old code would run: read no .pyc, write none.
    sys.dont_write_bytecode = True
    try:
        with tempfile.TemporaryDirectory(prefix="figures-watch-") as no_bytecode:
            sys.pycache_prefix = no_bytecode
            for message in _rebuild_messages(names, Path(figdata_dir), Path(out_dir), jobs):
                conn.send(message)
    except KeyboardInterrupt:
        pass
    finally:
        for stop in STOP_SIGNALS:  # done: a late stop (the watch just went) has nothing to stop
            signal.signal(stop, signal.SIG_IGN)
        conn.close()


def _rebuild_messages(names: list[str] | None, figdata_dir: Path, out_dir: Path,
                      jobs: int | None) -> Iterator[Message]:
    """The registry imported here, anew (this module does not import it: a registry that
    does not import, mid-edit, is one line, not a traceback of the process's start)."""
    try:
        from figures import registry
    except Exception as exc:  # noqa: BLE001 - the author's file: SyntaxError, NameError, ...
        yield ("registry-error", error_line(exc), traceback.format_exc())
        return
    if names is None:
        names = [spec.name for spec in registry.FIGURES]
        yield ("figures", names)
    yield ("outcomes", rebuild_outcomes(names, figdata_dir, out_dir, jobs))


def _stop_once(signum: int, frame: object) -> None:
    for stop in STOP_SIGNALS:
        signal.signal(stop, signal.SIG_IGN)
    # raised as the CLI's handlers raise it, the signal remembered: a stop that lands inside
    # a figure's own code (a render stuck in a loop) stops the build; it is not that figure's
    # error, after which the build would go on with the next figures and forget this one's
    # state
    (raise_terminated if signum == signal.SIGTERM else raise_interrupted)(signum, frame)


def _stop_when_closed(alive: Connection) -> None:
    """Wait for EOF on ``alive`` (the watch is gone), then stop as on SIGTERM."""
    with contextlib.suppress(EOFError, OSError):
        alive.recv()
    os.kill(os.getpid(), signal.SIGTERM)


def rebuild_outcomes(names: Sequence[str], figdata_dir: Path, out_dir: Path,
                     jobs: int | None = None) -> list[Outcome]:
    """:func:`figures.outputs.build.build` of ``names`` (its fault boundary turns a module that
    does not import or run into that figure's one failure line)."""
    from figures.registry import BY_NAME

    gone = [n for n in names if n not in BY_NAME]
    names = [n for n in names if n in BY_NAME]
    removed = f"no longer in FIGURES in {REGISTRY_SHOWN}: add it back, or watch without it"
    outcomes: list[Outcome] = [(n, "failed", f"{n}: {removed}", "", "", []) for n in gone]
    try:
        from figures.outputs.build import build

        results = build([BY_NAME[n] for n in names], figdata_dir, out_dir, jobs=jobs)
    except Exception as exc:  # noqa: BLE001 - build.py itself broken mid-edit, or the OS
        return [*outcomes, *((n, "failed", figure_line(n, exc), "", "", []) for n in names)]
    return [*outcomes, *((r.name, r.status, r.line if r.status == "failed" else "", r.traceback,
                          r.kind, [str(p) for p in r.outputs]) for r in results)]


def add_parser(add) -> None:
    from figures.cli.common import add_figdata, add_out, positive_int

    p = add("watch", help="rebuild figures as their figdata or code is saved "
            "(Ctrl-C stops; needs watchfiles)")
    p.add_argument("names", nargs="*", metavar="NAME", help="figures to watch (default: all)")
    add_figdata(p)
    add_out(p)
    p.add_argument("--jobs", "-j", type=positive_int, default=None, metavar="N",
                   help="render N figures at once (default: all cores)")
    p.add_argument("--rebuild-timeout", type=positive_int, default=120, metavar="SECONDS",
                   help="stop a rebuild that runs longer, e.g. a render stuck in a loop "
                        "(default: 120); a save that changes a file stops it at once")
    p.set_defaults(command=run)


def run(args: Any) -> int:
    from figures.cli.common import select

    return watch(select(args.names), args.figdata, args.out, jobs=args.jobs, debug=args.debug,
                 rebuild_timeout=args.rebuild_timeout, follow_registry=not args.names)
