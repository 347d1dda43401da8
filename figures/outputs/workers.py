"""Rendering figures in worker processes, each inside its own fault boundary: anything raised
for one figure is its one-line failed :class:`Result`. Workers die with the build."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import traceback
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing import active_children, get_context
from pathlib import Path
from typing import Any

from figures.author_code import abandoned_threads
from figures.boundary import is_stop
from figures.data import figdata
from figures.data.jsonio import decode
from figures.errors import (
    FigureDataError,
    display_path,
    drawing_error,
    error_line,
    is_internal,
    one_line,
)
from figures.outputs import provenance
from figures.outputs.kind import DEFAULT, BuildKind
from figures.outputs.render import write_outputs
from figures.outputs.warned import caught_warnings, warning_lines
from figures.registry import FigureSpec
from figures.signals import release_stop_signals, stop_signals_held


@dataclass
class Result:
    name: str
    status: str  # "built", "current" or "failed"
    message: str = ""
    #: The data's origin (``synthetic-example``, ``paper-values``, ``extracted``).
    origin: str = ""
    outputs: list[Path] = field(default_factory=list)
    #: A failure that is a bug of ours (``message`` says "internal error in NAME: ...").
    internal: bool = False
    #: The traceback of a failure, shown with ``--debug`` (formatted in the worker).
    traceback: str = ""
    #: Output name -> sha256 of the bytes this build wrote (what the state records).
    hashes: dict[str, str] = field(default_factory=dict)
    #: One line per distinct warning while drawing (missing glyphs: one line, naming keys).
    warnings: list[str] = field(default_factory=list)
    #: What the state keeps of each PNG written: its pixels' digest (figures/outputs/pixels.py).
    pictures: list[dict[str, Any]] = field(default_factory=list)
    #: The inputs (baseline/, figdata, the package) written while the figure's code ran.
    wrote_inputs: list[str] = field(default_factory=list)
    #: The Figure saved and its data, kept for a caller in this process (``keep``): the
    #: preflight of sync measures the drawing the build saved, never draws it again.
    drawing: tuple[Any, dict[str, Any]] | None = None
    #: The figure's code left a thread running in the worker, whose exit would wait for it.
    left_threads: bool = False

    @property
    def line(self) -> str:
        """The failure's one line, without the leading ``error:``."""
        return self.message if self.internal else f"{self.name}: {self.message}"


def failure(name: str, exc: BaseException) -> Result:
    """The failed Result of whatever ``exc`` is: the fault boundary of one figure."""
    tb = "".join(traceback.format_exception(exc))
    exc = drawing_error(name, exc)
    return Result(name, "failed", error_line(exc, name), internal=is_internal(exc), traceback=tb,
                  wrote_inputs=list(getattr(exc, "written", None) or []))


def render_one(spec: FigureSpec, figdata_dir: Path, out_dir: Path, raw: bytes, key: str,
               kind: BuildKind = DEFAULT, keep: bool = False) -> Result:
    """Validate and render one figure from its figdata bytes (read once, for the key too),
    every output saved from one drawing with ``key`` inside each file (``keep``: the
    drawing kept in the Result)."""
    path = spec.figdata_path(figdata_dir)
    try:
        # a quoted path that names nothing does not change the drawing: a warning here,
        # refused by `figures macros`
        doc = figdata.load(path, spec.name, spec.schema, text=decode(raw, str(path)),
                           quoted_paths=False)
        hashes: dict[str, str] = {}
        pictures: list[dict[str, Any]] = []
        with caught_warnings() as caught:
            stamp = kind.stamp and figdata.is_synthetic(doc)
            inside = provenance.fields(spec, raw, key, figdata.origin_of(doc), kind, stamp)
            fig, outputs = write_outputs(spec, doc["data"], out_dir, kind, stamp=stamp,
                                         hashes=hashes, provenance=inside, pictures=pictures)
    except BaseException as exc:  # the fault boundary of one figure (figures/boundary.py)
        if is_stop(exc):
            raise  # Ctrl-C or SIGTERM: the build stops
        if isinstance(exc, FigureDataError) and exc.file == path.name:  # a key of its data
            exc.file = str(path)
        return failure(kind.stem(spec), exc)
    quoted = [one_line(f"{display_path(path)}: {where}: {message} (`figures macros` refuses it)")
              for where, message in figdata.quoted_problems(doc)]
    return Result(kind.stem(spec), "built", origin=figdata.origin_of(doc), outputs=outputs, hashes=hashes,
                  warnings=quoted + warning_lines(caught, doc["data"], str(path)),
                  pictures=pictures, drawing=(fig, doc["data"]) if keep else None)


_PARENT: list[int] = []
_PR_SET_PDEATHSIG = 1


def _worker_init(parent: int) -> None:
    """Make a pool worker die with the build: Ctrl-C is the parent's, SIGTERM (to the whole
    group) ends it quietly, and on Linux the kernel sends SIGKILL when the parent dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if signal.getsignal(getattr(signal, "SIGHUP", signal.SIGTERM)) is not signal.SIG_IGN:
        signal.signal(getattr(signal, "SIGHUP", signal.SIGTERM), signal.SIG_DFL)  # as SIGTERM
    release_stop_signals()  # forked while the build held them
    _PARENT[:] = [parent]
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    _exit_if_orphaned()


def _exit_if_orphaned() -> None:
    """The parent died (before PR_SET_PDEATHSIG took effect, or on another OS): stop."""
    if _PARENT and os.getppid() != _PARENT[0]:
        os._exit(1)


def _render_in_worker(spec: FigureSpec, *args: Any) -> Result:
    result = render_one(spec, *args)
    result.left_threads = abandoned_threads()
    return result


#: A worker that died without a result: killed from outside, or ended by the figure's code.
KILLED = ("the process rendering it ended without a result (killed, out of memory, or "
          "os._exit() in the figure's code); nothing was written for it")


Task = tuple[FigureSpec, bytes, str]  # spec, figdata, key


def render_parallel(tasks: Sequence[Task], figdata_dir: Path, out_dir: Path, jobs: int,
                    kind: BuildKind = DEFAULT) -> list[Result]:
    """Render ``tasks`` in ``jobs`` forked workers. A worker killed from outside breaks the
    pool: each task it failed is rendered again alone, so one figure cannot take down others."""
    rendered = _render_pool(tasks, figdata_dir, out_dir, jobs, kind)
    for i, (task, result) in enumerate(zip(tasks, rendered, strict=True)):
        if result is None:
            (alone,) = _render_pool([task], figdata_dir, out_dir, 1, kind)
            rendered[i] = alone or Result(kind.stem(task[0]), "failed", KILLED)
    _blame_one_by_one(tasks, rendered, figdata_dir, out_dir, kind)
    return [r for r in rendered if r is not None]


def _blame_one_by_one(tasks: Sequence[Task], rendered: list[Result | None], figdata_dir: Path,
                      out_dir: Path, kind: BuildKind) -> None:
    """A file written among the inputs is seen by every figure running then: when several saw
    one, each is rendered again alone, and those that write again are blamed."""
    seen = [i for i, r in enumerate(rendered) if r is not None and r.wrote_inputs]
    if len(seen) < 2:
        return
    again = {i: _render_pool([tasks[i]], figdata_dir, out_dir, 1, kind)[0] for i in seen}
    if any(result is not None and result.wrote_inputs for result in again.values()):
        for i, result in again.items():
            rendered[i] = result or rendered[i]


def finished_results(futures: Sequence[Future]) -> list[Result]:
    """The Results of the futures that finished (a build stopped half-way names them)."""
    return [future.result() for future in futures
            if future.done() and not future.cancelled() and future.exception() is None]


def cores() -> int:
    """The cores this process may run on (its affinity where the OS says, else all)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _import_drawing_libraries() -> None:
    """Import matplotlib and our style once, before the workers fork, so each inherits them;
    never a figure's own module: its code runs in a worker."""
    import matplotlib.backends.backend_agg
    import matplotlib.backends.backend_pdf
    import matplotlib.figure  # noqa: F401

    import figures.style  # noqa: F401


def _in_worker(function: Callable[..., Any], *args: Any) -> Any:
    _exit_if_orphaned()
    return function(*args)


@dataclass
class Forked:
    """The futures of calls running in :func:`forked_workers`, one per call, in order."""
    futures: list[Future]
    workers: list[Any]

    def kill(self) -> None:
        """End every worker now (all idle, or the build is stopping)."""
        for process in self.workers:
            process.kill()


@contextlib.contextmanager
def forked_workers(jobs: int, function: Callable[..., Any],
                   calls: Sequence[tuple]) -> Iterator[Forked]:
    """``function(*args)`` for each ``args`` of ``calls``, in ``jobs`` workers forked with the
    drawing libraries imported (the build's and sync's one pool). The workers die with the
    parent (:func:`_worker_init`); they are forked with the stop signals held, never
    interrupted half-way; on Ctrl-C or any error they are killed (else a pending figure is
    written after it); on leaving, the pool ends and waits for them."""
    _import_drawing_libraries()
    pool, forked = None, Forked([], [])
    try:
        with stop_signals_held():  # the workers are forked here: never interrupted half-way
            before = set(active_children())
            pool = ProcessPoolExecutor(jobs, mp_context=get_context("fork"),
                                       initializer=_worker_init, initargs=(os.getpid(),))
            forked.futures = [pool.submit(_in_worker, function, *args) for args in calls]
            forked.workers = [p for p in active_children() if p not in before]  # all, at fork
        yield forked
    except BaseException:
        forked.kill()  # else a pending figure is written after Ctrl-C
        raise
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def _render_pool(tasks: Sequence[Task], figdata_dir: Path, out_dir: Path, jobs: int,
                 kind: BuildKind) -> list[Result | None]:
    """Each task's Result, or None where a worker's death broke the pool under it."""
    calls = [(spec, figdata_dir, out_dir, raw, key, kind) for spec, raw, key in tasks]
    with forked_workers(jobs, _render_in_worker, calls) as forked:
        rendered: list[Result | None] = []
        try:
            for (spec, *_), future in zip(tasks, forked.futures, strict=True):
                try:
                    rendered.append(future.result())
                except BrokenProcessPool:
                    rendered.append(None)
                except Exception as exc:  # noqa: BLE001 - e.g. a result that does not pickle
                    rendered.append(failure(kind.stem(spec), exc))
        except KeyboardInterrupt as exc:  # round 40 K3: those finished, named by the build
            exc.rendered = finished_results(forked.futures)  # type: ignore[attr-defined]
            raise
        if any(result is not None and result.left_threads for result in rendered):
            forked.kill()  # all idle now; one would never exit
        return rendered
