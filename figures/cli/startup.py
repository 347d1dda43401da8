"""What the process brings with it (streams, current folder, matplotlib backend and rc file),
checked before any command runs: one line naming what to change, or made harmless."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from figures.data.jsonio import read_text
from figures.errors import FigureDataError


def prepare() -> None:
    """Make the process safe to run a command in, or one line saying what to change."""
    # a closed stderr (`2>&-`) makes print(file=None) write to stdout: messages go nowhere
    if sys.stderr is None:
        sys.stderr = Path(os.devnull).open("w")  # noqa: SIM115 - for the process's life
    # A non-UTF-8 terminal (LC_ALL=C) cannot encode "±" or "−": escaped, not a crash.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        Path.cwd()
    except FileNotFoundError:
        raise FigureDataError(".", None, "the current folder no longer exists; cd to an "
                              "existing one") from None
    # the figures draw with Agg into files: an unknown MPLBACKEND would fail matplotlib's import
    os.environ["MPLBACKEND"] = "Agg"
    _matplotlibrc()


def _matplotlibrc() -> None:
    """matplotlib reads ``./matplotlibrc`` (then ``$MATPLOTLIBRC``) at import: a FIFO there
    hangs it, a file that is not UTF-8 is an internal error."""
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
