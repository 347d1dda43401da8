"""Running the author's own code (a figure module's import, its ``render`` and ``extract``)
so that what it does to the process (os._exit, print, settings, threads, processes, files,
a huge Figure) stays that figure's one line (docs/modules.md)."""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import sys
import threading
import time
import warnings
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from figures.errors import AuthorCodeError, FigureDataError, OsExit, display_path, one_line
from figures.page import raster_too_large

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: The longest side of a figure, in inches (the paper's widest figure is 18 in).
MAX_INCHES = 60


class LeftBehind(FigureDataError):
    """What the author's code left behind: a thread or process running, inputs ``written``."""

    def __init__(self, file: str, key: str | None, message: str,
                 written: list[str] | None = None) -> None:
        super().__init__(file, key, message)
        self.written = written or []


#: Inputs the author's code must not write into besides the package and baseline/.
_GUARDED: list[Path] = []


def guard_inputs(*folders: Path) -> None:
    """Also watch ``folders`` (the command's figdata folder) for writes by the author's code."""
    _GUARDED[:] = [Path(f).resolve() for f in folders]  # each file under one name


def guarded_folders() -> list[Path]:
    """The inputs a figure's code must leave alone: the package, baseline/ and the figdata."""
    package = Path(__file__).resolve().parent
    checkout = package.parent
    folders = [package, *_GUARDED]
    if (checkout / "pyproject.toml").is_file():
        folders.append(checkout / "baseline")
    return folders


@contextlib.contextmanager
def running(shown: str = "the figure's code", key: str | None = None) -> Iterator[None]:
    """Run the author's code (module ``shown``, function ``key``): ``os._exit`` raises, ``print``
    goes to stderr, settings are restored after it, what it leaves behind fails it."""
    real, pid = os._exit, os.getpid()

    def refuse(status: int) -> None:
        if os.getpid() != pid:  # a process the author's code forked ends as it asks
            real(status)
        raise OsExit(status)

    threads, children = set(threading.enumerate()), _children()
    inputs = _files_of(guarded_folders())
    os._exit = refuse
    if not _WRITES["on"]:  # the outermost run: its own record of what it writes
        _WRITES.update(paths=set(), process=False, read=set())
    _WRITES["on"] += 1
    try:
        with _settings_kept(), contextlib.redirect_stdout(sys.stderr):
            yield
    except BaseException as exc:
        left = _left_behind(shown, key, threads, children, inputs)
        if left is not None and left.written and not isinstance(exc, KeyboardInterrupt):
            raise left from exc  # a file written over an input: the worse news
        raise
    else:
        left = _left_behind(shown, key, threads, children, inputs)
        if left is not None:
            raise left
    finally:
        _WRITES["on"] -= 1
        os._exit = real


#: What the author's code did while :func:`running` runs it, as Python's audit events say:
#: the paths it opened to write, renamed, removed or touched, and whether it started a process
#: (which may write any file). A file of the inputs that changed otherwise was changed from
#: outside (a module saved in an editor during a golden run): hostile round 51d, G22, where
#: the figure drawn at that moment was blamed for another's module saved meanwhile.
_WRITES: dict = {"on": 0, "paths": set(), "process": False, "read": set()}
_PATH_EVENTS = {"os.rename": 2, "os.remove": 1, "os.rmdir": 1, "os.utime": 1, "os.truncate": 1,
                "os.chmod": 1, "os.chown": 1, "os.link": 2, "os.symlink": 2, "os.mkdir": 1,
                "shutil.rmtree": 1, "shutil.move": 2, "shutil.copyfile": 2}
_PROCESS_EVENTS = ("subprocess.Popen", "os.system", "os.posix_spawn", "os.exec", "os.fork",
                   "os.forkpty", "os.spawn", "pty.spawn")
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def _audit(event: str, args: tuple) -> None:
    if not _WRITES["on"]:
        return
    try:  # never in the way of the operation audited
        if event in _PROCESS_EVENTS:
            _WRITES["process"] = True
            return
        if event == "open":
            paths = args[:1] if isinstance(args[2], int) and args[2] & _WRITE_FLAGS else ()
            if not paths and isinstance(args[0], (str, bytes, os.PathLike)):  # round 54h, G9
                _WRITES["read"].add(os.path.realpath(os.fsdecode(args[0])))
        else:
            paths = args[:_PATH_EVENTS.get(event, 0)]
        for path in paths:
            if isinstance(path, (str, bytes, os.PathLike)):
                full = os.path.abspath(os.fsdecode(path))  # noqa: PTH100
                _WRITES["paths"].update((full, os.path.realpath(full)))
    except Exception:  # noqa: BLE001, S110
        pass


sys.addaudithook(_audit)


def _by_the_code(path: str) -> bool:
    """Whether the author's code (this process's, while it ran) may have written ``path``."""
    return _WRITES["process"] or any(path == p or path.startswith(p + os.sep)
                                     for p in _WRITES["paths"])


def _left_behind(shown: str, key: str | None, threads: set[threading.Thread],
                 children: set[int], inputs: dict[str, tuple[int, ...]]) -> LeftBehind | None:
    """The one line for what the code left behind (its processes ended, threads abandoned)."""
    written = _changed(inputs, _files_of(guarded_folders()))
    processes = [_ended(child) for child in sorted(_children() - children)]
    running_threads = [t for t in threading.enumerate()
                       if t not in threads and not t.daemon and t.is_alive()]
    ABANDONED.extend(running_threads)
    problems = []
    ours = [path for path in written if _by_the_code(path)]
    if ours:
        more = f" (and {len(ours) - 1} more)" if len(ours) > 1 else ""
        problems.append(f"wrote {display_path(_relative(ours[0]))}{more}, an input the build "
                        "reads and never writes (the package, baseline/, figdata): restore it "
                        "(`git checkout -- FILE`; figdata: `figures extract`); a figure's code "
                        "writes no files")
    if outside := [path for path in written if path not in ours]:  # round 51d, G22
        more = f" (and {len(outside) - 1} more)" if len(outside) > 1 else ""
        changed = (f"changed during the run{more}, not by this figure's code (saved "
                   "meanwhile?): run again")
        if not (ours or processes or running_threads):
            return LeftBehind(display_path(_relative(outside[0])), None, changed, written)
        problems.append(f"{display_path(_relative(outside[0]))} {changed}")
    if key in (None, "render") and (read := sorted(filter(_unfollowed, _WRITES["read"]))):
        more = f" (and {len(read) - 1} more)" if len(read) > 1 else ""
        problems.append(f"read {display_path(read[0])}{more}, a file no build key follows (an "
                        "edit to it would leave its picture 'current'): put what it holds into "
                        "the figure's figdata, or into the package (figures/: an input of "
                        "every figure)")
    if processes:
        problems.append(f"left process {', '.join(processes)} running (ended now): wait for "
                        "the processes it starts before it returns")
    if running_threads:
        names = ", ".join(repr(t.name) for t in running_threads)
        problems.append(f"left thread {names} running (the command does not wait for it): "
                        "join the threads it starts before it returns, or start them with "
                        "daemon=True")
    if not problems:
        return None
    return LeftBehind(shown, key, "; ".join(problems), written)


#: What the author's code may read besides the build's inputs: code (followed by import), the
#: system's, the environment's (Python, its libraries, matplotlib's config, cache and fonts).
_FONTS = (".ttf", ".otf", ".ttc", ".afm", ".pfb", ".pfa", ".py", ".pyc", ".pyi", ".pth")


def _unfollowed(path: str) -> bool:
    """Whether a file the figure's code read (hostile round 54h, G9: a lab's JSON read by
    ``render``, edited: the build said "current" of the old picture, the golden cache "not
    repeated") is one no build key follows: not code, a font, the build's inputs (the
    package, the figdata, baseline/), or the system's and the environment's files."""
    if path.endswith(_FONTS) or Path(path).name == "matplotlibrc" or not Path(path).is_file():
        return False
    roots = _read_roots() + tuple(str(folder) for folder in guarded_folders())  # the inputs
    if (mpl := sys.modules.get("matplotlib")) is not None:  # its data, config and font cache
        roots += tuple(os.path.realpath(d) for d in (
            mpl.get_data_path(), mpl.get_cachedir(), mpl.get_configdir()) if d)
    return not any(path == root or path.startswith(root + os.sep) for root in roots)


@functools.cache
def _read_roots() -> tuple[str, ...]:
    """The folders of the system and of the environment: Python's, its libraries' (the user's
    site-packages too: a library installed with ``pip install --user`` reads its own data
    there), the system's and the usual font folders."""
    import site
    import sysconfig

    home = Path.home()
    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, str(Path(__file__).parent),
             *sysconfig.get_paths().values(), *getattr(site, "getsitepackages", list)(),
             site.getusersitepackages(), "/proc", "/sys", "/dev", "/usr", "/etc", "/lib",
             "/lib64", "/System", "/Library", str(home / ".fonts"),
             str(home / ".local" / "share" / "fonts"), str(home / "Library" / "Fonts")}
    return tuple(os.path.realpath(root) for root in roots if root)


def _files_of(folders: Iterable[Path]) -> dict[str, tuple[int, ...]]:
    """Each file under ``folders`` (no ``__pycache__``): identity, size, times (ctime too)."""
    found: dict[str, tuple[int, ...]] = {}
    stack = [str(folder) for folder in folders]
    while stack:
        folder = stack.pop()
        with contextlib.suppress(OSError), os.scandir(folder) as entries:
            for entry in entries:
                if entry.name == "__pycache__":
                    continue
                try:
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
                        continue
                    st = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                found[entry.path] = (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
    return found


def _relative(path: str) -> str:
    """``baseline/x.png`` for a file of the checkout, else the path as it is."""
    checkout = Path(__file__).resolve().parent.parent
    return os.path.relpath(path, checkout) if Path(path).is_relative_to(checkout) else path


def _changed(before: dict[str, tuple[int, ...]], after: dict[str, tuple[int, ...]]) -> list[str]:
    """The files written, replaced, added or removed between the two listings."""
    return sorted(path for path in before.keys() | after.keys()
                  if before.get(path) != after.get(path))


def _children(pid: int | str = "self") -> set[int]:
    """The child processes of ``pid`` (Linux: /proc; elsewhere none are known)."""
    found: set[int] = set()
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError, ValueError):
                found.update(int(c) for c in (task / "children").read_text().split())
    return found


def _ended(pid: int) -> str:
    """End the process ``pid`` and its descendants (SIGKILL, then reaped); what it was."""
    what = _command_of(pid)
    family, todo = [], [pid]
    while todo:  # its descendants first found, then all ended at once
        current = todo.pop()
        family.append(current)
        todo.extend(_children(current))
    for member in family:
        with contextlib.suppress(OSError):
            os.kill(member, signal.SIGKILL)
    with contextlib.suppress(OSError):
        os.waitpid(pid, 0)
    return f"{pid} ({what})"


#: The threads the author's code left running: no public API lets the interpreter's exit
#: skip a thread, so a process that ran such code ends with ``os._exit`` (figures/launch.py,
#: a build worker: figures/outputs/workers.py).
ABANDONED: list[threading.Thread] = []


def abandoned_threads(*, any_left: bool = False) -> bool:
    """Is a thread the author's code left running still alive (the exit would wait for it)?
    ``any_left``: or any other thread but the main one that the exit would wait for."""
    return any(thread.is_alive() for thread in ABANDONED) or (any_left and any(
        thread.is_alive() and not thread.daemon and thread is not threading.main_thread()
        for thread in threading.enumerate()))


def end_if_abandoned(status: int = 0, *, any_left: bool = False) -> None:
    """End this process now, its streams flushed, if its exit would wait for such a thread
    (``any_left``: for any thread, as :func:`abandoned_threads` says)."""
    if abandoned_threads(any_left=any_left):
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                stream.flush()
        os._exit(status)


def _command_of(pid: int) -> str:
    """The program ``pid`` runs; a child just forked gets a tenth of a second to start it."""
    for _ in range(10):
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            return "?"
        if argv[0]:
            return Path(argv[0].decode(errors="replace")).name
        time.sleep(0.01)
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return "?"


@contextlib.contextmanager
def _settings_kept() -> Iterator[None]:
    """Put back the process-wide settings a figure's code may change."""
    cwd = Path.cwd()
    limit, path, environ = sys.getrecursionlimit(), list(sys.path), dict(os.environ)
    mpl = sys.modules.get("matplotlib")
    rc = mpl.rcParams.copy() if mpl is not None else None
    try:
        with warnings.catch_warnings():  # its filters put back as they were
            yield
    finally:
        with contextlib.suppress(OSError):
            os.chdir(cwd)
        sys.setrecursionlimit(limit)
        sys.path[:] = path
        if dict(os.environ) != environ:
            os.environ.clear()
            os.environ.update(environ)
        if rc is not None:  # the values as they were (validated then; no backend lookup)
            dict.update(mpl.rcParams, dict.items(rc))


@contextlib.contextmanager
def import_warnings(name: str) -> Iterator[None]:
    """What a module warns while it is imported, one line each on stderr (the filters apply)."""
    with warnings.catch_warnings(record=True) as caught:
        yield
    for warning in caught:
        where = Path(warning.filename)
        shown = (f"figures/plots/{where.name}, line {warning.lineno}: "
                 if where.parent.name == "plots" else "")
        print(f"warning: {name}: {shown}{one_line(str(warning.message))}", file=sys.stderr)


def check_size(fig: Figure, shown_path: str, raster_dpis: Iterable[int]) -> None:
    """Refuse a Figure larger than any output could hold, before anything is drawn at size."""
    width, height = (float(v) for v in fig.get_size_inches())
    if max(width, height) > MAX_INCHES:
        raise AuthorCodeError(shown_path, "render", f"returned a figure of {width:g} x "
                              f"{height:g} in, more than {MAX_INCHES} in a side: figsize is in "
                              "inches, e.g. figsize=(10, 6), not pixels")
    for dpi in raster_dpis:
        too_large = raster_too_large(width, height, dpi)
        if too_large is not None:
            raise AuthorCodeError(shown_path, "render", (
                f"a figure of {width:g} x {height:g} in at {dpi} dpi is {too_large}: make "
                "it smaller or lower its Output's dpi in figures/registry.py"))
