"""Running the author's own code (a figure module's import, its ``render`` and ``extract``)
so that what it does to the process stays that figure's one line.

- ``os._exit()`` would end the whole command at once, silently and often with status 0
  (nothing built, or a truncated answer): inside :func:`running`, it raises
  :class:`OsExit` at the author's line instead (a process the code forks keeps the real one).
- ``print()`` goes to standard error, so that it cannot land inside an answer given on
  standard output (``figures macros > macros.tex``, ``figures list``).
- The interpreter settings it may change (the working folder, the recursion limit,
  ``sys.path``, ``os.environ``, the warnings filters, matplotlib's rcParams) are put back
  after it: one figure's ``os.chdir()`` cannot move the outputs or the state file, and its
  settings cannot break the next figure.
- A Figure too large to hold is refused before it is saved (:func:`check_size`): a figsize
  given in pixels would otherwise ask for gigabytes.
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from figures.errors import FigureDataError, OsExit
from figures.page import raster_too_large

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: The longest side of a figure, in inches (the paper's widest figure is 18 in).
MAX_INCHES = 60




@contextlib.contextmanager
def running() -> Iterator[None]:
    """Run the author's code: ``os._exit`` raises :class:`OsExit`, ``print`` goes to stderr;
    the interpreter settings it changes are restored after it."""
    real, pid = os._exit, os.getpid()

    def refuse(status: int) -> None:
        if os.getpid() != pid:  # a process the author's code forked ends as it asks
            real(status)
        raise OsExit(status)

    os._exit = refuse
    try:
        with _settings_kept(), contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        os._exit = real


@contextlib.contextmanager
def _settings_kept() -> Iterator[None]:
    """Put back the process-wide settings a figure's code may change."""
    cwd = Path.cwd()
    limit, path, environ = sys.getrecursionlimit(), list(sys.path), dict(os.environ)
    filters = list(warnings.filters)
    mpl = sys.modules.get("matplotlib")
    rc = mpl.rcParams.copy() if mpl is not None else None
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            os.chdir(cwd)
        sys.setrecursionlimit(limit)
        sys.path[:] = path
        if dict(os.environ) != environ:
            os.environ.clear()
            os.environ.update(environ)
        warnings.filters[:] = filters
        warnings._filters_mutated()  # as warnings.catch_warnings does
        if rc is not None:  # the values as they were (validated then; no backend lookup)
            dict.update(mpl.rcParams, dict.items(rc))


@contextlib.contextmanager
def import_warnings(name: str) -> Iterator[None]:
    """What a module warns while it is imported, one line each on stderr (not Python's two
    lines of file and source); shown as it would have been shown (the filters apply)."""
    from figures.errors import one_line

    with warnings.catch_warnings(record=True) as caught:
        yield
    for warning in caught:
        where = Path(warning.filename)
        shown = (f"figures/plots/{where.name}, line {warning.lineno}: "
                 if where.parent.name == "plots" else "")
        print(f"warning: {name}: {shown}{one_line(str(warning.message))}", file=sys.stderr)


def check_size(fig: Figure, shown_path: str, raster_dpis: Iterable[int]) -> None:
    """Refuse the Figure of the module ``shown_path`` when larger than any output could hold
    (at each of ``raster_dpis``), before anything is drawn at size."""
    width, height = (float(v) for v in fig.get_size_inches())
    if max(width, height) > MAX_INCHES:
        raise FigureDataError(shown_path, "render", f"returned a figure of {width:g} x "
                              f"{height:g} in, more than {MAX_INCHES} in a side: figsize is in "
                              "inches, e.g. figsize=(10, 6), not pixels")
    for dpi in raster_dpis:
        too_large = raster_too_large(width, height, dpi)
        if too_large is not None:
            raise FigureDataError(shown_path, "render", (
                f"a figure of {width:g} x {height:g} in at {dpi} dpi is {too_large}: make "
                "it smaller or lower its Output's dpi in figures/registry.py"))
