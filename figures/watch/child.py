"""What runs inside a rebuild process: the registry and figure modules imported anew, the
build, and its outcomes sent back to the watch; its imports stay inside the functions, so the
watch process imports none of them (docs/modules.md)."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import tempfile
import threading
import traceback
from collections.abc import Iterator, Sequence
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from figures.errors import error_line, figure_line, registry_gone
from figures.signals import (
    ignore_stop_signals,
    raise_interrupted,
    raise_terminated,
    release_stop_signals,
    stop_signals_held,
)
from figures.watch.files import REGISTRY_SHOWN

#: Per figure: name, status, failure line, traceback, data origin, outputs.
Outcome = tuple[str, str, str, str, str, list[str]]
#: ("figures", names) when rebuilding every figure, then ("outcomes", [Outcome, ...]); or
#: ("registry-error", line, traceback). The parent adds ("died", exit status).
Message = tuple[Any, ...]


def rebuild_child(conn: Connection, alive: Connection, names: list[str] | None,
                  figdata_dir: str, out_dir: str, jobs: int | None,
                  ctrl_c: bool = True) -> None:
    """Runs in the fresh process: report the figures and their outcomes, or nothing when
    stopped. ``ctrl_c``: whether the watch takes Ctrl-C (not under ``figures watch &``)."""
    try:
        # the first stop signal stops the build; a second must not cut its clean-up short
        signal.signal(signal.SIGTERM, stop_once)
        signal.signal(signal.SIGINT, stop_once if ctrl_c else signal.SIG_IGN)
        with stop_signals_held():  # the thread holds them for good: they go to the main thread
            threading.Thread(target=stop_when_closed, args=(alive,), daemon=True).start()
        release_stop_signals()  # the fork server was started while the watch held them
        # a module saved twice in one second at one size passes the .pyc check: no .pyc
        sys.dont_write_bytecode = True
        with tempfile.TemporaryDirectory(prefix="figures-watch-") as no_bytecode:
            sys.pycache_prefix = no_bytecode
            for message in rebuild_messages(names, Path(figdata_dir), Path(out_dir), jobs):
                conn.send(message)
    except KeyboardInterrupt:
        pass
    finally:
        ignore_stop_signals()  # done: a late stop (the watch just went) has nothing to stop
        conn.close()
        from figures.author_code import end_if_abandoned

        end_if_abandoned()  # a thread a figure's code left: this process's exit would wait


def rebuild_messages(names: list[str] | None, figdata_dir: Path, out_dir: Path,
                     jobs: int | None) -> Iterator[Message]:
    """The registry imported here, anew: one that does not import (mid-edit) is one line."""
    try:
        from figures import registry
    except Exception as exc:  # noqa: BLE001 - the author's file: SyntaxError, NameError, ...
        yield ("registry-error", registry_gone(exc) or error_line(exc), traceback.format_exc())
        return
    if names is None:
        names = [spec.name for spec in registry.FIGURES]
        yield ("figures", names)
    yield ("outcomes", rebuild_outcomes(names, figdata_dir, out_dir, jobs))


def stop_once(signum: int, frame: object) -> None:
    ignore_stop_signals()  # the other one, arrived too (a group's Ctrl-C, then kill), waits
    # raised as the CLI's handlers do: a stop inside a figure's code is not that figure's error
    (raise_terminated if signum == signal.SIGTERM else raise_interrupted)(signum, frame)


def stop_when_closed(alive: Connection) -> None:
    """Wait for EOF on ``alive`` (the watch is gone), then stop as on SIGTERM."""
    with contextlib.suppress(EOFError, OSError):
        alive.recv()
    os.kill(os.getpid(), signal.SIGTERM)


def rebuild_outcomes(names: Sequence[str], figdata_dir: Path, out_dir: Path,
                     jobs: int | None = None) -> list[Outcome]:
    """:func:`figures.outputs.build.build` of ``names``, as outcomes."""
    from figures.registry import BY_NAME

    gone = [n for n in names if n not in BY_NAME]
    names = [n for n in names if n in BY_NAME]
    removed = f"no longer in FIGURES in {REGISTRY_SHOWN}: add it back, or watch without it"
    outcomes: list[Outcome] = [(n, "failed", f"{n}: {removed}", "", "", []) for n in gone]
    try:
        from figures.outputs.build import build
        from figures.paths import input_folder_of

        inside = input_folder_of(out_dir, figdata_dir)
        if inside is not None:
            # the folder replaced meanwhile by a link (to baseline/): refused at each rebuild
            over = (f"--out {out_dir}: is now inside {inside}; nothing was written there. "
                    "Restore the output folder, or restart the watch with another --out")
            return [*outcomes, *((n, "failed", f"{n}: {over}", "", "", []) for n in names)]

        results = build([BY_NAME[n] for n in names], figdata_dir, out_dir, jobs=jobs)
    except Exception as exc:  # noqa: BLE001 - build.py itself broken mid-edit, or the OS
        return [*outcomes, *((n, "failed", figure_line(n, exc), "", "", []) for n in names)]
    return [*outcomes, *((r.name, r.status, r.line if r.status == "failed" else "", r.traceback,
                          r.origin, [str(p) for p in r.outputs]) for r in results)]
