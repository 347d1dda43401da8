"""The watch loop: bring the outputs up to date, then wait for saves (watchfiles) and hand
each batch to the rebuilds, until Ctrl-C, SIGTERM or ``stop_event`` (docs/modules.md)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from figures.data.jsonio import ensure_folder
from figures.errors import FigureDataError
from figures.signals import Terminated, terminated
from figures.watch.files import folders, identities
from figures.watch.schedule import Rebuilds
from figures.watch.watcher import Watcher

if TYPE_CHECKING:  # imported anew by each rebuild, never by the watch: see figures.watch.child
    from figures.registry import FigureSpec

MISSING_WATCHFILES = ("figures watch needs the watchfiles package: `pip install watchfiles`, "
                      "or run `nox -s watch`")
#: How often (milliseconds) the watch looks at a running rebuild and at its folders.
POLL_MS = 100


def watch(specs: Sequence[FigureSpec], figdata_dir: Path, out_dir: Path, *,
          jobs: int | None = None, debug: bool = False, rebuild_timeout: float = 120.0,
          follow_registry: bool = False, stop_event: Any = None,
          emit: Callable[[str], None] | None = None) -> int:
    """Bring the outputs up to date, then rebuild on every save until Ctrl-C or
    ``stop_event``; ``follow_registry``: figures added to the registry are watched too."""
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
    rebuilds = Rebuilds(watcher, emit)
    dirs = watcher.watched_dirs()
    # the start line comes after the first rebuild's lines, the watch armed (or at a save)
    pending_line = [f"watching {len(specs)} figure(s) in {folders(dirs)} (Ctrl-C stops)"]

    def announce() -> None:
        while pending_line:
            emit(pending_line.pop())

    interrupted = None
    try:
        rebuilds.everything()
        returned = False
        while True:
            armed = identities(dirs)
            gone = False
            try:
                for changes in watchfiles.watch(*dirs, watch_filter=watcher.is_watched,
                                                stop_event=stop_event, raise_interrupt=True,
                                                rust_timeout=POLL_MS, yield_on_timeout=True):
                    if returned:  # watched anew: whatever changed meanwhile is rebuilt
                        returned = False
                        pending_line.append(f"watching {folders(dirs)} again")
                        rebuilds.everything()
                    elif changes:
                        announce()
                        rebuilds.saved([path for _, path in changes])
                    rebuilds.poll()
                    if rebuilds.running is None:
                        announce()
                    if identities(dirs) != armed:
                        gone = True
                        break
                    if watcher.watched_dirs() != dirs:
                        break  # a new figure reads a file elsewhere: watch its folder too
                else:
                    break  # stop_event
            except FileNotFoundError:
                gone = True  # the folder went before (or as) the watch started
            if gone:
                # a watched folder removed or replaced: its old watch sees nothing more
                announce()
                if not _wait_for(dirs, stop_event, emit, rebuilds.poll):
                    break
                returned = True
            dirs = watcher.watched_dirs()
    except KeyboardInterrupt as exc:
        interrupted = exc
    finally:
        rebuilds.close()  # before the line: however the watch ends, its rebuild ends first
    # Ctrl-C is how a watch is ended: 0; SIGTERM ends it as it ends a build: 143
    stopped = isinstance(interrupted, Terminated) or terminated()
    emit("stopped watching; every finished file is complete" if interrupted or stopped
         else "stopped watching")
    return 143 if stopped else 0


def _wait_for(dirs: Sequence[Path], stop_event: Any, emit: Callable[[str], None],
              tick: Callable[[], None] = lambda: None) -> bool:
    """Wait until every watched folder exists again (False if ``stop_event`` is set first)."""
    missing = [d for d, ident in zip(dirs, identities(dirs), strict=True) if ident is None]
    if missing:
        emit(f"{folders(missing)} gone; waiting for it to come back (Ctrl-C stops)")
    while None in identities(dirs):
        if stop_event is not None and stop_event.is_set():
            return False
        tick()
        time.sleep(POLL_MS / 1000)
    return True


def _print(line: str) -> None:
    print(line, file=sys.stderr if line.startswith("error:") else sys.stdout, flush=True)
