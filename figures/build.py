"""Rendering figures from figdata and writing the seeds' files: atomic, incremental, parallel.

A figure is rendered again only when its build key changes: the figdata bytes, its code
(the figure module and the shared style/build code), the matplotlib version and its output
list. Keys and the hashes of the bytes written are kept in ``.build-state.json`` beside the
outputs, so a deleted or edited output file is rebuilt too.

One build at a time writes into an output folder (a lock file beside the state), so a key is
never paired with another build's picture; a build removes the temporary files a killed build
left there. Workers die with the build: on Ctrl-C the build kills them, and on Linux the
kernel kills them if the build itself is killed (``PR_SET_PDEATHSIG``).
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import importlib.metadata
import json
import os
import re
import signal
import sys
import traceback
import warnings
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import TYPE_CHECKING, Any

from figures import __version__, figdata
from figures.errors import (
    FigureDataError,
    FigureDataWarning,
    error_line,
    is_internal,
    one_line,
    os_error,
    release_stop_signals,
    stop_signals_held,
)
from figures.jsonio import atomic_path, decode, ensure_folder, read_bytes, write_text_atomic
from figures.registry import FIGURES, FigureSpec

if TYPE_CHECKING:
    from matplotlib.figure import Figure

STATE_FILE = ".build-state.json"
LOCK_FILE = ".build.lock"
#: Strip what would make two builds differ byte for byte (dates, software stamps).
_METADATA = {
    "png": {"Software": None},
    "pdf": {"Creator": None, "Producer": None, "CreationDate": None},
}


def save(spec: FigureSpec, fig: Figure, target: Any, *, rc: dict[str, Any] | None = None,
         **savefig_kwargs: Any) -> None:
    """``fig.savefig`` inside the figure's theme, so the caller's rcParams cannot leak in
    (fonts are resolved and ``savefig.*`` read at save time). Used by the build and tests;
    ``rc`` adds save-time settings (the camera-ready build's ``pdf.fonttype``)."""
    from figures.style import theme

    fmt = savefig_kwargs.get("format") or Path(str(target)).suffix.lstrip(".") or "png"
    savefig_kwargs.setdefault("metadata", _METADATA.get(fmt))
    with theme({**spec.render.rc, **(rc or {})}):
        fig.savefig(target, **savefig_kwargs)


def write_outputs(spec: FigureSpec, data: dict[str, Any], out_dir: Path, *,
                  stamp: bool = False, rc: dict[str, Any] | None = None,
                  hashes: dict[str, str] | None = None,
                  formats: Sequence[str] | None = None) -> list[Path]:
    """Render ``spec`` and save each output (those in ``formats``, if given) inside the
    figure's theme (plus ``rc``), atomically; ``stamp`` marks it as synthetic example data
    (figures/stamp.py); ``hashes`` (if given) receives each file's name and the sha256 of
    the bytes written."""
    written = []
    fig = spec.render(data)
    if stamp:
        from figures.stamp import stamp_synthetic

        stamp_synthetic(spec, fig)
    for out in spec.outputs:
        if formats is not None and out.fmt not in formats:
            continue
        target = Path(out_dir) / f"{spec.name}.{out.fmt}"
        with atomic_path(target) as tmp:
            save(spec, fig, tmp, rc=rc, format=out.fmt, dpi=out.dpi,
                 bbox_inches=out.bbox_inches)
            if hashes is not None:
                hashes[target.name] = _file_hash(tmp)
        written.append(target)
    return written


def build_key(spec: FigureSpec, figdata_bytes: bytes) -> str:
    digest = hashlib.sha256()
    digest.update(figdata_bytes)
    for path in spec.source_files():
        if not path.is_file():
            spec.code()  # the figure's own module gone: one line saying what to do
        digest.update(path.read_bytes())
    env = [__version__, importlib.metadata.version("matplotlib"), repr(spec.outputs)]
    digest.update("\0".join(env).encode())
    return digest.hexdigest()


def _file_hash(path: Path) -> str | None:
    """The sha256 of a regular file, None if there is none (or it cannot be read)."""
    try:
        return hashlib.sha256(read_bytes(path)).hexdigest()
    except FigureDataError:
        return None


@dataclass
class Result:
    name: str
    status: str  # "built", "current" or "failed"
    message: str = ""
    kind: str = ""
    outputs: list[Path] = field(default_factory=list)
    #: A failure that is a bug of ours (``message`` says "internal error in NAME: ...").
    internal: bool = False
    #: The traceback of a failure, shown with ``--debug`` (formatted in the worker).
    traceback: str = ""
    #: Output name -> sha256 of the bytes this build wrote (what the state records).
    hashes: dict[str, str] = field(default_factory=dict)
    #: One line per distinct warning while drawing (missing glyphs: one line, naming keys).
    warnings: list[str] = field(default_factory=list)

    @property
    def line(self) -> str:
        """The failure's one line, without the leading ``error:``."""
        return self.message if self.internal else f"{self.name}: {self.message}"


def failure(name: str, exc: BaseException) -> Result:
    """The failed Result of whatever ``exc`` is: the fault boundary of one figure."""
    tb = "".join(traceback.format_exception(exc))
    return Result(name, "failed", error_line(exc, name), internal=is_internal(exc), traceback=tb)


def _render_one(spec: FigureSpec, figdata_dir: Path, out_dir: Path, raw: bytes,
                stamp: bool = True, rc: dict[str, Any] | None = None,
                formats: Sequence[str] | None = None) -> Result:
    """Validate and render one figure from its figdata bytes (read once, for the key too),
    writing its outputs (those in ``formats``, if given).

    Everything raised on the way becomes this figure's one-line failed Result (Ctrl-C is
    not an error of the figure and goes on up)."""
    path = spec.figdata_path(figdata_dir)
    try:
        doc = figdata.load(path, spec.name, spec.schema, text=decode(raw, str(path)))
        hashes: dict[str, str] = {}
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            outputs = write_outputs(spec, doc["data"], out_dir,
                                    stamp=stamp and figdata.is_synthetic(doc), rc=rc,
                                    hashes=hashes, formats=formats)
    except Exception as exc:  # noqa: BLE001 - the fault boundary of one figure
        return failure(spec.name, exc)
    return Result(spec.name, "built", kind=figdata.kind_of(doc), outputs=outputs, hashes=hashes,
                  warnings=_warning_lines(caught, doc["data"], str(path)))


_GLYPH = re.compile(r"Glyph (\d+) .*missing from font\(s\) (.+?)\.?$")


def _warning_lines(caught: Sequence[warnings.WarningMessage], data: Any, file: str) -> list[str]:
    """matplotlib's warnings while drawing, one line each; all missing glyphs as one line
    naming the keys of the texts that hold them (not a screen of repeated warnings)."""
    lines: list[str] = []
    glyphs: dict[str, str] = {}
    for caught_warning in caught:
        message = str(caught_warning.message)
        match = _GLYPH.search(message)
        if match:
            glyphs[chr(int(match.group(1)))] = match.group(2)
            continue
        if isinstance(caught_warning.message, FigureDataWarning):
            message = f"{file}: {message}"
        if (line := one_line(message)) not in lines:
            lines.append(line)
    if glyphs:
        keys = [where for where, text in _texts(data, "data") if set(text) & set(glyphs)]
        fonts = ", ".join(sorted(set(glyphs.values())))
        chars = " ".join(sorted(glyphs))
        lines.insert(0, one_line(f"{file}: {', '.join(keys) or 'a text'}: characters {chars} "
                                 f"are missing from the figure's fonts ({fonts}) and are drawn "
                                 "as empty boxes"))
    return lines


def _texts(value: Any, where: str) -> Iterator[tuple[str, str]]:
    """Every string in ``value`` (and every key), with its location."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield f"{where} key {key!r}", key
            yield from _texts(item, f"{where}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _texts(item, f"{where}[{i}]")


_PARENT: list[int] = []
_PR_SET_PDEATHSIG = 1


def _worker_init(parent: int) -> None:
    """Make a pool worker die with the build: Ctrl-C is the parent's to handle (it kills
    the workers), and on Linux the kernel sends SIGKILL when the parent dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
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
    _exit_if_orphaned()
    return _render_one(spec, *args)


def _render_parallel(tasks: Sequence[tuple[FigureSpec, bytes, tuple[str, ...] | None]],
                     figdata_dir: Path, out_dir: Path, jobs: int, stamp: bool,
                     rc: dict[str, Any] | None) -> list[Result]:
    """Render ``tasks`` (see :func:`_tasks`) in ``jobs`` forked workers; any exception
    (Ctrl-C) kills them before it goes on.

    A worker killed from outside (the OOM killer, a ``kill -9``) breaks the whole pool and
    fails every task still pending with it; each of those is rendered again alone, in a
    pool of its own, so one figure that kills its process cannot take the others down."""
    rendered = _render_pool(tasks, figdata_dir, out_dir, jobs, stamp, rc)
    for i, (task, result) in enumerate(zip(tasks, rendered, strict=True)):
        if result is None:
            (alone,) = _render_pool([task], figdata_dir, out_dir, 1, stamp, rc)
            rendered[i] = alone or Result(
                task[0].name, "failed", "the process rendering it was killed (out of "
                "memory?); nothing was written for it")
    return [r for r in rendered if r is not None]


def _render_pool(tasks: Sequence[tuple[FigureSpec, bytes, tuple[str, ...] | None]],
                 figdata_dir: Path, out_dir: Path, jobs: int, stamp: bool,
                 rc: dict[str, Any] | None) -> list[Result | None]:
    """Each task's Result, or None where a worker's death broke the pool under it."""
    pool = None
    try:
        with stop_signals_held():  # the workers are forked here: never interrupted half-way
            pool = ProcessPoolExecutor(jobs, mp_context=get_context("fork"),
                                       initializer=_worker_init, initargs=(os.getpid(),))
            futures = [pool.submit(_render_in_worker, spec, figdata_dir, out_dir, raw, stamp,
                                   rc, formats) for spec, raw, formats in tasks]
        rendered: list[Result | None] = []
        for (spec, _, _), future in zip(tasks, futures, strict=True):
            try:
                rendered.append(future.result())
            except BrokenProcessPool:
                rendered.append(None)
            except Exception as exc:  # noqa: BLE001 - e.g. a result that does not pickle
                rendered.append(failure(spec.name, exc))
        return rendered
    except BaseException:
        # No public API stops running workers; without this a pending figure would still
        # be rendered and written after Ctrl-C.
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.kill()
        raise
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def _temp_name(target: str) -> re.Pattern[str]:
    """``atomic_path``'s temporary names for ``target``: ``.STEM.XXXXXXXX.SUFFIX``."""
    stem, _, suffix = target.rpartition(".")
    return re.compile(rf"\.{re.escape(stem)}\.[a-z0-9_]{{8}}\.{re.escape(suffix)}")


def _remove_stale_temp_files(out_dir: Path, specs: Sequence[FigureSpec]) -> None:
    """Temporary files of our own naming that a killed build left (we hold the lock: no
    other build is writing them)."""
    names = {n for spec in (*FIGURES, *specs) for n in spec.output_names()}
    patterns = [_temp_name(n) for n in sorted(names)]
    patterns.append(_temp_name(STATE_FILE))
    for path in out_dir.iterdir():
        if path.name.startswith(".") and any(p.fullmatch(path.name) for p in patterns):
            with contextlib.suppress(OSError):
                path.unlink()


@contextlib.contextmanager
def locked(out_dir: Path, on_wait: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold the output folder's lock; ``on_wait`` is called if another build holds it."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on Windows
        yield
        return
    lock_path = out_dir / LOCK_FILE
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as exc:
        raise os_error(exc, lock_path) from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if on_wait is not None:
                on_wait()
            fcntl.flock(fd, fcntl.LOCK_EX)
        with contextlib.suppress(OSError):  # who holds it, for a build that waits
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield
    finally:
        os.close(fd)


def lock_holder(out_dir: Path) -> str | None:
    """The process id written by the build that holds ``out_dir``'s lock, if readable."""
    with contextlib.suppress(OSError, UnicodeDecodeError):
        text = (Path(out_dir) / LOCK_FILE).read_text(encoding="ascii").strip()
        return text if text.isdigit() else None
    return None



def build(
    specs: Sequence[FigureSpec], figdata_dir: Path, out_dir: Path, *,
    jobs: int | None = None, force: bool = False, stamp: bool = True,
    rc: dict[str, Any] | None = None, on_wait: Callable[[], None] | None = None,
) -> list[Result]:
    """Render the figures whose build key changed (all with ``force``), ``jobs`` at a time;
    ``stamp=False`` leaves synthetic data unmarked (only the comparison with the seeds);
    ``rc`` is applied at save time (the camera-ready build's PDF font type). The output
    folder's lock is held throughout (``on_wait`` is called if another build holds it)."""
    out_dir = ensure_folder(out_dir)
    with locked(out_dir, on_wait):
        _remove_stale_temp_files(out_dir, specs)
        try:
            return _build_locked(specs, figdata_dir, out_dir, jobs=jobs, force=force,
                                 stamp=stamp, rc=rc)
        finally:
            # Workers killed mid-write (Ctrl-C, SIGTERM, the OOM killer) leave temp files:
            # removed now, not by the next build.
            _remove_stale_temp_files(out_dir, specs)


def _build_locked(specs: Sequence[FigureSpec], figdata_dir: Path, out_dir: Path, *,
                  jobs: int | None, force: bool, stamp: bool,
                  rc: dict[str, Any] | None) -> list[Result]:
    state_path = out_dir / STATE_FILE
    try:
        state = json.loads(read_bytes(state_path))
    except (FigureDataError, ValueError):
        state = {}  # no state (or not ours): everything is rendered again
    if not isinstance(state, dict):
        state = {}
    results: dict[str, Result] = {}
    keys: dict[str, str] = {}
    todo: list[FigureSpec] = []
    raws: list[bytes] = []
    for spec in specs:
        path = spec.figdata_path(figdata_dir)
        try:
            raw = read_bytes(path)
            variant = ("" if stamp else ":no-stamp") + (f":rc={sorted(rc.items())}" if rc else "")
            keys[spec.name] = key = build_key(spec, raw) + variant
        except (FigureDataError, OSError) as exc:
            results[spec.name] = failure(spec.name, exc)
            continue
        recorded = state.get(spec.name)
        recorded = recorded if isinstance(recorded, dict) else {}
        outputs = {n: _file_hash(out_dir / n) for n in spec.output_names()}
        if (not force and recorded.get("key") == key and recorded.get("outputs") == outputs
                and None not in outputs.values()):
            results[spec.name] = Result(spec.name, "current", kind=recorded.get("kind", ""),
                                        outputs=[out_dir / n for n in outputs])
        else:
            todo.append(spec)
            raws.append(raw)
    tasks = _tasks(todo, raws, jobs or os.cpu_count() or 1)
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(tasks)))
    if jobs == 1:
        rendered = [_render_one(spec, figdata_dir, out_dir, raw, stamp, rc)
                    for spec, raw in zip(todo, raws, strict=True)]
    else:
        rendered = _joined(_render_parallel(tasks, figdata_dir, out_dir, jobs, stamp, rc))
    for result in rendered:
        results[result.name] = result
        if result.status == "built":
            state[result.name] = {
                "key": keys[result.name], "kind": result.kind,
                "outputs": result.hashes,
            }
        else:
            state.pop(result.name, None)
    if rendered:
        try:
            write_text_atomic(state_path, json.dumps(state, indent=1, sort_keys=True) + "\n")
        except OSError as exc:
            raise os_error(exc, state_path) from None
    return [results[spec.name] for spec in specs]


def _tasks(todo: Sequence[FigureSpec], raws: Sequence[bytes],
           workers: int) -> list[tuple[FigureSpec, bytes, tuple[str, ...] | None]]:
    """One task per figure; while that leaves workers idle (one figure changed, a few
    figures on many cores), figures with several outputs are split by format, the most
    outputs first: each part renders the figure and saves one format, which costs one more
    render but halves the figure's wall time."""
    tasks: list[tuple[FigureSpec, bytes, tuple[str, ...] | None]] = [
        (spec, raw, None) for spec, raw in zip(todo, raws, strict=True)]
    for spec, raw in sorted(zip(todo, raws, strict=True), key=lambda t: -len(t[0].outputs)):
        if len(tasks) >= workers or len(spec.outputs) < 2:
            break
        index = next(i for i, task in enumerate(tasks) if task[0] is spec)
        tasks[index:index + 1] = [(spec, raw, (out.fmt,)) for out in spec.outputs]
    return tasks


def _joined(parts: Sequence[Result]) -> list[Result]:
    """One Result per figure from the Results of its parts (in task order): failed if any
    part failed, else built with every part's outputs."""
    joined: dict[str, Result] = {}
    for part in parts:
        whole = joined.setdefault(part.name, part)
        if whole is part:
            continue
        if whole.status == "built" and part.status == "failed":
            joined[part.name] = part
        elif whole.status == part.status == "built":
            whole.outputs = [*whole.outputs, *part.outputs]
            whole.hashes = {**whole.hashes, **part.hashes}
            whole.warnings = [*whole.warnings, *(w for w in part.warnings
                                                 if w not in whole.warnings)]
    return list(joined.values())
