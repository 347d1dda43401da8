"""What the process brings with it (streams, current folder, matplotlib backend and rc file),
checked before any command runs: one line naming what to change, or made harmless."""

from __future__ import annotations

import os
import re
import sys
from datetime import UTC, datetime
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


def source_date_epoch() -> str | None:
    """The line refusing ``$SOURCE_DATE_EPOCH`` when it is no time: matplotlib's PDF backend
    stamps a PDF's date with it (``int()`` of it: an internal-looking ValueError while
    saving), TeX too (fatal). Empty is unset to both; a number past year 9999 neither takes."""
    value = os.environ.get("SOURCE_DATE_EPOCH", "")
    if not value:
        return None
    if re.fullmatch(r"\s*[+-]?[0-9]+", value):  # what int() and TeX's strtoll both read
        try:
            datetime.fromtimestamp(int(value), UTC)
            return None
        except (ValueError, OverflowError, OSError):
            pass
    return (f"SOURCE_DATE_EPOCH={value!r} is not a whole number of seconds since 1970 "
            "(matplotlib and TeX stamp PDFs with it): unset it or set e.g. SOURCE_DATE_EPOCH=0")
