"""``figures watch``: each save of figdata or figure code rebuilds what it changed, at once.

Watches (with watchfiles) the figdata files and the code the build key covers: the figure
modules and the shared code (``registry.SHARED_CODE``). A batch of saves rebuilds, through
:func:`figures.outputs.build.build`, exactly the figures whose build key changed, with one line per
rebuilt figure; a save that leaves invalid JSON or a broken module gives one error line per
affected figure (the build's own line; ``figures --debug watch`` adds the traceback) and the
watch goes on, rebuilding once the file is fixed. Ctrl-C stops it with one line.

Each rebuild runs in a fresh process, forked from a server that has imported matplotlib
already (multiprocessing's forkserver, preloaded): the edited module is imported anew, never
a copy cached by an earlier rebuild or by this process, and a rebuild pays no matplotlib
import. This process never imports the watched modules.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from figures.data.jsonio import ensure_folder
from figures.errors import FigureDataError, figure_line
from figures.registry import BY_NAME, FigureSpec
from figures.signals import (
    STOP_SIGNALS,
    Terminated,
    release_stop_signals,
    stop_signals_held,
    terminated,
)

#: Imported once by the fork server, so that no rebuild pays for them. Nothing watched.
PRELOAD = ["numpy", "matplotlib.figure", "matplotlib.backends.backend_agg",
           "matplotlib.backends.backend_pdf", "matplotlib.mathtext"]
MISSING_WATCHFILES = ("figures watch needs the watchfiles package: `pip install watchfiles`, "
                      "or run `nox -s watch`")

#: What a rebuild process reports per figure: name, status, failure line, traceback, data
#: kind, outputs.
Outcome = tuple[str, str, str, str, str, list[str]]


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
    #: Figures whose last rebuild failed: a fix that restores the last built bytes says so.
    failing: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.figdata_dir, self.out_dir = Path(self.figdata_dir), Path(self.out_dir)
        self._figures_of: dict[Path, list[str]] = {}
        registry = Path(__file__).resolve().parent.parent / "registry.py"
        for spec in self.specs:
            # a figure's outputs and dpi are its registry entry's: an edit there rebuilds it
            for path in (spec.figdata_path(self.figdata_dir), *spec.source_files(), registry):
                # the path as named and the file it links to: an editor that saves a link's
                # target by writing a temporary file and renaming it over the link (or over
                # the target) is seen either way
                for where in {Path(path).absolute(), path.resolve()}:
                    names = self._figures_of.setdefault(where, [])
                    if spec.name not in names:
                        names.append(spec.name)

    def watched_dirs(self) -> list[Path]:
        return sorted({path.parent for path in self._figures_of})

    def is_watched(self, _change: Any, path: str) -> bool:
        """watchfiles' filter: only the files some figure's build key reads."""
        return any(where in self._figures_of for where in _both(path))

    def affected(self, paths: Iterable[str | Path]) -> list[FigureSpec]:
        """The figures whose build key reads one of ``paths``, in registry order."""
        names = {name for p in paths for where in _both(p)
                 for name in self._figures_of.get(where, ())}
        return [spec for spec in self.specs if spec.name in names]

    def handle(self, paths: Iterable[str | Path]) -> list[str]:
        """Rebuild what a batch of saved ``paths`` affects; the lines to print."""
        specs = self.affected(paths)
        return self.rebuild(specs) if specs else []

    def rebuild(self, specs: Sequence[FigureSpec]) -> list[str]:
        """Rebuild those of ``specs`` whose key changed, in a fresh process."""
        start = time.perf_counter()
        outcomes = _in_fresh_process([s.name for s in specs], self.figdata_dir, self.out_dir,
                                     self.jobs, self.rebuild_timeout)
        seconds = time.perf_counter() - start
        lines = []
        for name, status, line, trace, kind, outputs in outcomes:
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
        return lines


def _both(path: str | Path) -> set[Path]:
    """A saved path as named and as resolved (through links)."""
    return {Path(path).absolute(), Path(path).resolve()}


def watch(specs: Sequence[FigureSpec], figdata_dir: Path, out_dir: Path, *,
          jobs: int | None = None, debug: bool = False, rebuild_timeout: float = 120.0,
          stop_event: Any = None,
          emit: Callable[[str], None] | None = None) -> int:
    """Bring the outputs up to date, then rebuild on every save until Ctrl-C (or
    ``stop_event``, a ``threading.Event``, is set). Returns the exit status."""
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
                      rebuild_timeout=rebuild_timeout)
    dirs = watcher.watched_dirs()
    try:
        for line in watcher.rebuild(specs):
            emit(line)
        shown = " and ".join(f"{_shown(d)}/" for d in dirs)
        emit(f"watching {len(specs)} figure(s) in {shown} (Ctrl-C stops)")
        returned = False
        while True:
            folders = _identities(dirs)
            try:
                for changes in watchfiles.watch(*dirs, watch_filter=watcher.is_watched,
                                                stop_event=stop_event, raise_interrupt=True,
                                                rust_timeout=FOLDER_CHECK_MS,
                                                yield_on_timeout=True):
                    if returned:  # watched anew: whatever changed meanwhile is rebuilt
                        returned = False
                        emit(f"watching {shown} again")
                        lines = watcher.rebuild(specs)
                    else:
                        lines = watcher.handle(path for _, path in changes)
                    for line in lines:
                        emit(line)
                    if _identities(dirs) != folders:
                        break
                else:
                    break  # stop_event
            except FileNotFoundError:
                pass  # the folder went before (or as) the watch started: wait for it below
            # A watched folder was removed or replaced (moved away, restored from a copy,
            # recreated by a tool): its old watch sees nothing more, so watch it anew, and
            # rebuild once that watch runs (a copy still arriving is then seen too).
            if not _wait_for(dirs, stop_event, emit):
                break
            returned = True
    except KeyboardInterrupt as exc:
        # Ctrl-C is how a watch is ended: 0; SIGTERM (a kill, a closing session) ends it as it
        # ends a build: 143 (watchfiles may end its loop on it instead of raising)
        emit("stopped watching; every finished file is complete")
        return 143 if isinstance(exc, Terminated) or terminated() else 0
    emit("stopped watching; every finished file is complete" if terminated()
         else "stopped watching")
    return 143 if terminated() else 0


#: How often the watch checks that its folders are still the ones it watches.
FOLDER_CHECK_MS = 1000


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


def _wait_for(dirs: Sequence[Path], stop_event: Any, emit: Callable[[str], None]) -> bool:
    """Wait until every watched folder exists again (False if ``stop_event`` is set first)."""
    missing = [d for d, ident in zip(dirs, _identities(dirs), strict=True) if ident is None]
    if missing:
        emit(f"{' and '.join(f'{_shown(d)}/' for d in missing)} gone; waiting for it to "
             "come back (Ctrl-C stops)")
    while None in _identities(dirs):
        if stop_event is not None and stop_event.is_set():
            return False
        time.sleep(FOLDER_CHECK_MS / 1000)
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


def _in_fresh_process(names: list[str], figdata_dir: Path, out_dir: Path,
                      jobs: int | None, timeout: float = 120.0) -> list[Outcome]:
    """The outcomes of rebuilding ``names`` in a fresh process; one that runs past
    ``timeout`` seconds (a render stuck in a loop mid-edit) is stopped, so that the watch
    goes on and the next save is rebuilt."""
    context = _context()
    receive, send = context.Pipe(duplex=False)
    # The child's end of ``alive`` reads EOF when the watch is gone, even by kill -9 (the
    # rebuild's parent is the fork server, which outlives the watch): it stops then.
    alive, alive_send = context.Pipe(duplex=False)
    process = context.Process(target=_rebuild_child, name="figures-watch-rebuild",
                              args=(send, alive, names, str(figdata_dir), str(out_dir), jobs))
    with stop_signals_held():  # a Ctrl-C mid-start would leave a process half started
        process.start()
    send.close()
    alive.close()
    try:
        if not receive.poll(timeout):
            process.terminate()  # the rebuild stops as on SIGTERM: its temp files go
            stopped = f"the rebuild took over {timeout:g} s and was stopped; save again to retry"
            return [(n, "failed", f"{n}: {stopped}", "", "", []) for n in names]
        return receive.recv()
    except EOFError:
        process.join()
        died = f"the rebuild process died (exit status {process.exitcode}); save again to retry"
        return [(n, "failed", f"{n}: {died}", "", "", []) for n in names]
    except KeyboardInterrupt:
        # SIGTERM, or Ctrl-C sent to the watch alone (a terminal's Ctrl-C reaches the whole
        # group): pass it on, so the rebuild stops now and cleans up as on Ctrl-C.
        process.terminate()
        raise
    finally:
        process.join(timeout=5)  # the child stops too; its writes are atomic
        if process.is_alive():  # deaf to SIGTERM (stuck outside Python): no more waiting
            process.kill()
            process.join()
        receive.close()
        alive_send.close()


def _rebuild_child(conn: Connection, alive: Connection, names: list[str], figdata_dir: str,
                   out_dir: str, jobs: int | None) -> None:
    """Runs in the fresh process: report the outcomes, or nothing on Ctrl-C or SIGTERM, or
    when the watch is gone."""
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
            conn.send(rebuild_outcomes(names, Path(figdata_dir), Path(out_dir), jobs))
    except KeyboardInterrupt:
        pass
    finally:
        for stop in STOP_SIGNALS:  # done: a late stop (the watch just went) has nothing to stop
            signal.signal(stop, signal.SIG_IGN)
        conn.close()


def _stop_once(signum: int, frame: object) -> None:
    for stop in STOP_SIGNALS:
        signal.signal(stop, signal.SIG_IGN)
    raise Terminated if signum == signal.SIGTERM else KeyboardInterrupt


def _stop_when_closed(alive: Connection) -> None:
    """Wait for EOF on ``alive`` (the watch is gone), then stop as on SIGTERM."""
    with contextlib.suppress(EOFError, OSError):
        alive.recv()
    os.kill(os.getpid(), signal.SIGTERM)


def rebuild_outcomes(names: Sequence[str], figdata_dir: Path, out_dir: Path,
                     jobs: int | None = None) -> list[Outcome]:
    """:func:`figures.outputs.build.build` of ``names`` (its fault boundary turns a module that
    does not import or run into that figure's one failure line)."""
    try:
        from figures.outputs.build import build

        results = build([BY_NAME[n] for n in names], figdata_dir, out_dir, jobs=jobs)
    except Exception as exc:  # noqa: BLE001 - build.py itself broken mid-edit, or the OS
        return [(n, "failed", figure_line(n, exc), "", "", []) for n in names]
    return [(r.name, r.status, r.line if r.status == "failed" else "", r.traceback, r.kind,
             [str(p) for p in r.outputs]) for r in results]


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
                        "(default: 120)")
    p.set_defaults(command=run)


def run(args: Any) -> int:
    from figures.cli.common import select

    return watch(select(args.names), args.figdata, args.out, jobs=args.jobs, debug=args.debug,
                 rebuild_timeout=args.rebuild_timeout)
