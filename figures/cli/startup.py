"""What the process brings with it, checked before any command runs: the streams, the
current folder, the matplotlib backend and a ``matplotlibrc`` in the current folder.

Each would otherwise surface deep inside a command as an internal error, a hang or output
in the wrong place; here each is one line naming what to change, or is made harmless.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from figures.data.jsonio import read_text
from figures.errors import FigureDataError


def prepare() -> None:
    """Make the process safe to run a command in; raise :class:`FigureDataError` where the
    user must change something."""
    _streams()
    _current_folder()
    # The figures draw with Agg into files and never open a window, whatever the backend;
    # an unknown MPLBACKEND would fail matplotlib's import (an internal error, a forkserver
    # traceback in `watch`). Set before matplotlib is imported, in this process and its
    # children.
    os.environ["MPLBACKEND"] = "Agg"
    _matplotlibrc()


def _streams() -> None:
    # A closed stderr (`2>&-`) makes print(file=None) write to stdout: warnings would land
    # inside `figures macros > macros.tex`. Messages then go nowhere instead.
    if sys.stderr is None:
        sys.stderr = Path(os.devnull).open("w")  # noqa: SIM115 - for the process's life
    # A non-UTF-8 terminal (LC_ALL=C) cannot encode "±" or "−": escaped, not a crash.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def _current_folder() -> None:
    try:
        Path.cwd()
    except FileNotFoundError:
        raise FigureDataError(".", None, "the current folder no longer exists; cd to an "
                              "existing one") from None


def _matplotlibrc() -> None:
    """matplotlib reads ``./matplotlibrc`` (then ``$MATPLOTLIBRC``) at import: a FIFO there
    hangs it, a file that is not UTF-8 is an internal error. The figures do not depend on
    it (each draws inside its own theme), but it must be readable."""
    candidates = [Path("matplotlibrc")]
    if os.environ.get("MATPLOTLIBRC"):
        configured = Path(os.environ["MATPLOTLIBRC"])
        candidates.append(configured / "matplotlibrc" if configured.is_dir() else configured)
    for path in candidates:
        if not (path.exists() or path.is_symlink()):
            continue
        # regular files only, at once (never a hang), and UTF-8, or one line naming it
        read_text(path, f"{path} (matplotlib's configuration, read at start; the figures "
                        "do not need it)")
