"""Every program the package runs (pdflatex, latexmk, pdfcrop, gs, pdftoppm, pdffonts), run
one way (the watch's rebuild process is the one other child: figures/watch/rebuilds.py).

:func:`run` starts it in a session of its own, stdin closed, its output read up to
:data:`OUTPUT_CAP`; over its timeout or the cap, or on Ctrl-C or SIGTERM, the whole session is
stopped (TERM, then KILL: latexmk's pdflatex too) before it returns or raises, with one line.
Each carries a CPU-time limit a little over its timeout (an orphan of a killed command ends).
:func:`need` checks that programs are installed, naming the Debian packages of
``tex_packages.txt`` (.ci/run's list). What a compile printed is read by
:mod:`figures.texlog`; its recorder (``.fls``) by :mod:`figures.fls` and the paper's main
file by :mod:`figures.mainfile`, each once for every command.
"""

from __future__ import annotations

import contextlib
import math
import os
import re
import selectors
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

from figures.errors import FigureDataError, LatexError, ToolMissing
from figures.fls import recorded
from figures.mainfile import find_main, read_bounded  # noqa: F401 (every command's)
from figures.texsafe import TEX_SAFE  # every run's: TeX Live's safe settings

#: The Debian packages of the programs run here: one a line, with the programs it brings.
PACKAGES = Path(__file__).with_name("tex_packages.txt")
#: Seconds one run may take (a paper that loops is stopped, with one line).
TIMEOUT_S = 300
#: Bytes one run may print (a paper that prints forever is stopped, with one line).
OUTPUT_CAP = 16 << 20
#: latexmk as it is run: a paper's (or the user's) latexmkrc is Perl, and never runs.
LATEXMK = ("latexmk", "-norc")


def latexmk(main: Path, out: Path, *flags: str, file: str | None = None,
            hint: str = "") -> subprocess.CompletedProcess:
    """``latexmk -pdf`` of ``main`` in its folder, no shell escape, nonstop; all TeX, bibtex
    and latexmk write goes into ``out``, a folder of ours: never through a link the paper ships
    (``main.log``, a linked folder), its leftovers never read. ``STEM.bbl`` is put in ``out``
    first (pdfTeX reads it there first; from the paper's folder latexmk takes it for a source
    and never runs bibtex): bibtex's to make anew, or the shipped one with no ``.bib``.
    latexmk runs bibtex in ``out``, where a name written ``./bib/refs`` or ``./bst/mystyle``
    (no search path for ``./``) is looked for: each ``.bib`` and ``.bst`` of the paper's
    folders is linked there at its place, so bibtex reads the paper's own, as by hand
    (hostile round 50a, P43, P44)."""
    refuse_latexmk_name(main)  # whoever calls: the name goes through latexmk's shell
    output_folder(main.parent, out, *job_files(main.stem), linked=(".bib", ".bst"))
    if main.with_suffix(".bbl").is_file() and not (out / f"{main.stem}.bbl").exists():
        with contextlib.suppress(OSError):  # unreadable: TeX then says so, naming it
            shutil.copyfile(main.with_suffix(".bbl"), out / f"{main.stem}.bbl")
    return run([*LATEXMK, "-pdf", f"-outdir={out}", "-interaction=nonstopmode",
                "-halt-on-error", "-no-shell-escape", *flags, tex_argument(main.name)],
               main.parent, file=file or str(main), hint=hint)


def refuse_latexmk_name(main: Path) -> None:
    """One line when latexmk would refuse ``main``'s name (its ``$illegal_in_texname``, a
    first ``&``, a ``"``) and print its own reason before its banner, which was shown; and for
    a backquote, which latexmk lets through inside the double quotes of the command its shell
    runs, where `` `cmd` `` runs ``cmd`` (a downloaded paper's code: hostile round 54h, A1)."""
    if "`" in main.name:
        raise FigureDataError(str(main), None, "a backquote (`) in the main file's name: "
                              "latexmk passes the name through a shell, which would run what "
                              "stands between backquotes: rename the file (letters, digits, "
                              "- _ .) and run again")
    if bad := re.search(r'[\x00\t\f\n\r$%\\~\x7f"]|^&', main.name):
        raise FigureDataError(str(main), None, f"latexmk refuses this file name ({bad[0]!r} is "
                              "a character TeX does not take in a file name): rename the file "
                              "(letters, digits, - _ .) and run again")


def stale_reads(root: Path, out: Path, stem: str) -> list[str]:
    """What a compile by :func:`latexmk` (recorder ``out/STEM.fls``) wrote into ``out``
    (``\\openout``) and read from the paper's folder ``root`` with other bytes: a stale copy
    the paper ships, which latexmk in the folder would overwrite and read on a second run."""
    if not (out / f"{stem}.fls").is_file():
        return []
    read, written = recorded(out / f"{stem}.fls", root)
    read = {p.resolve() for p in read}
    found = []
    for made in written:
        with contextlib.suppress(OSError, ValueError):
            copy = root / made.resolve().relative_to(out.resolve())
            if copy.resolve() in read and copy.is_file() and made.is_file() and \
                    copy.read_bytes() != made.read_bytes():
                found.append(copy.relative_to(root).as_posix())
    return found


def output_folder(root: Path, out: Path, *written: str, linked: tuple[str, ...] = ()) -> None:
    """``out`` made as TeX's output folder for a paper in ``root``: with ``root``'s folders
    (not hidden; a linked one as a folder, walked when inside ``root``, its links not),
    where ``\\include{chapters/one}`` writes ``chapters/one.aux`` and ``\\openout``
    ``sub/y.tex`` (TeX makes no folder); not one named as a file TeX writes there, one of
    ``written`` (``main.fls/``: the paper compiles by hand; ``main.parts/`` is mirrored).
    Each file of those folders whose name ends in one of ``linked`` (not hidden) is a link
    there to the paper's file."""
    inside = root.resolve()

    def mirror(folder: Path, made: Path, skip: tuple[str, ...], below: bool) -> None:
        made.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(OSError), os.scandir(folder) as entries:
            for entry in entries:
                link = entry.is_symlink()
                if entry.name.endswith(linked) and not entry.name.startswith(".") and \
                        entry.name not in skip and entry.is_file():
                    with contextlib.suppress(OSError):
                        (made / entry.name).symlink_to(Path(entry.path).absolute())
                    continue
                if (entry.name.startswith(".") or entry.name in skip
                        or not entry.is_dir(follow_symlinks=not below)):
                    continue
                if link and not Path(entry.path).resolve().is_relative_to(inside):
                    (made / entry.name).mkdir()  # a folder outside: made, not walked
                else:
                    mirror(Path(entry.path), made / entry.name, (), below or link)

    mirror(root, out, written, False)


#: What TeX, bibtex, makeindex and latexmk write beside a job (``main.log`` ...): a paper
#: folder of such a name is not made in TeX's output folder, where that file goes.
JOB_SUFFIXES = ("aux", "log", "fls", "pdf", "dvi", "xdv", "fdb_latexmk", "synctex.gz", "bbl",
                "blg", "out", "toc", "lof", "lot", "idx", "ind", "ilg", "bcf", "run.xml", "nav",
                "snm", "vrb", "fap")


def job_files(job: str) -> tuple[str, ...]:
    return tuple(f"{job}.{suffix}" for suffix in JOB_SUFFIXES)


def tex_argument(name: str) -> str:
    """A file name as TeX's argument: ``./`` before a leading ``-`` (``-pdflatex=CMD;.tex``)."""
    return f"./{name}" if name.startswith("-") else name


def packages() -> dict[str, list[str]]:
    """Each package of ``tex_packages.txt``, with the programs it brings."""
    lines = PACKAGES.read_text(encoding="utf-8").splitlines()
    return {words[0]: words[1:] for line in lines if (words := line.partition("#")[0].split())}


def have(tool: str) -> bool:
    return shutil.which(tool) is not None


def need(*tools: str, file: str | None = None) -> None:
    """One line naming what to install (ToolMissing) unless each of ``tools`` is on PATH:
    the package that brings it, or for TeX every TeX package of the list."""
    if missing := [tool for tool in tools if not have(tool)]:
        listed = packages()
        owners = {name for name, brings in listed.items() if set(brings) & set(missing)}
        tex = [name for name in listed if name.startswith(("texlive", "latexmk"))]
        install = (f"TeX Live (Debian/Ubuntu: apt-get install {' '.join(tex)})"
                   if owners & set(tex) else " ".join(sorted(owners)) or "it")
        names = " and ".join(missing)
        raise ToolMissing(file or names, None,
                          f"{names + ' ' if file else ''}not found: install {install}")


def run(command: list[str] | tuple[str, ...], cwd: Path | None = None, *,
        timeout: float | None = None, env: dict[str, str | None] | None = None,
        file: str | None = None, hint: str = "", home: Path | None = None
        ) -> subprocess.CompletedProcess:
    """``command`` run as the module's docstring says, in the environment with
    :data:`TEX_SAFE` and ``env`` (None: unset): its exit status and its ``stdout``
    (stderr in it). A stop is a LatexError on ``file`` (default ``cwd``): ``pdflatex took
    over 300 s and was stopped`` and ``hint``. With ``home`` (an empty folder), none of the
    user's environment but ``PATH`` (where TeX Live is) and ``HOME`` set to ``home``: kpathsea
    expands ``~`` and ``$VAR`` in a file name (``\\input{~/defs}``) past ``openin_any=p``, so
    a compile from an archive alone gets nothing of the user's (round 45b, K29/K30)."""
    timeout = TIMEOUT_S if timeout is None else timeout
    need(command[0], file=file)
    user = os.environ if home is None else {"PATH": os.environ.get("PATH", os.defpath),
                                            "HOME": str(home)}
    env = {**user, "max_print_line": "10000", **TEX_SAFE, **(env or {})}
    with subprocess.Popen(_cpu_limited(command, timeout), cwd=cwd, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          env={name: value for name, value in env.items() if value is not None},
                          start_new_session=True) as process:  # its pipe closed on the way out
        try:
            output, over = _read(process, timeout)
        except BaseException:
            _stop(process)
            raise
        if isinstance(over, tuple):  # TeX waits for a writer forever
            _stop(process)
            program, pipe = over
            shown = pipe.relative_to(here) if pipe.is_relative_to(here := Path(cwd or ".").resolve()) else pipe
            what = (f"opened {shown}, a named pipe (FIFO), which blocks until a program "
                    "writes into it; it was stopped: make it a regular file (or remove its "
                    "\\input)") if pipe.is_fifo() else (
                    f"reads {shown}, a device without end; it was stopped: remove what names "
                    "it (its \\input, or a test for it: \\IfFileExists)")  # (51b-2, B9)
            raise LatexError(file or str(cwd or "."), None, f"{program} {what}")
        if over:
            _stop(process)
            raise LatexError(file or str(cwd or "."), None,
                             f"{Path(command[0]).name} {over} and was stopped{hint}")
    return subprocess.CompletedProcess(command, process.returncode,
                                       output.decode("utf-8", errors="replace"))


def _cpu_limited(command: list[str] | tuple[str, ...], timeout: float) -> list[str]:
    """``command`` started by ``sh`` with each of its processes (and theirs) limited to its
    timeout and a margin in CPU seconds, after which the kernel stops it (``ulimit -t``, then
    ``exec``: the same process). One wall-clock second gives a program at most one CPU second,
    so a run within its timeout never meets the limit; an orphan of a killed command ends."""
    return ["sh", "-c", f'ulimit -t {math.ceil(timeout) + 30} && exec "$@"', "sh", *command]


def call(command: list[str], cwd: Path, *, held: bool = False, killed: str = "") -> int:
    """:func:`_call`'s exit status, 128 + N for signal N as a shell says it (round 45d, G25);
    ``killed`` said for a tool killed by SIGKILL, which it cannot answer (round 49d, G17)."""
    if (code := _call(command, cwd, held)) == -signal.SIGKILL and killed:
        print(killed.format(how="killed (signal 9, as when memory runs out)"), file=sys.stderr)
    return 128 - code if code < 0 else code


def _call(command: list[str], cwd: Path, held: bool) -> int:
    """``command`` in the foreground, for a tool the user drives (`figures review`'s page):
    the terminal its own, no timeout nor cap; its exit status. On Ctrl-C or SIGTERM the tool
    gets the signal too (unless it has ended on the terminal's own within a second) and its
    exit status is returned: it says what it did (round 40, R3: it was killed where it stood,
    an accepted golden written, and a line of ours said only "finished files are complete");
    killed if it has not ended 30 s later, or on a second signal.

    ``held``: the tool is started with the stop signals blocked (signals.stops_noted) and
    takes them once its handlers are in: a stop as it starts was Python's bare
    ``KeyboardInterrupt``, or a silent death (round 49d, G10). One raised before the tool
    started carries ``tool_started`` False."""
    from figures.signals import HungUp, Terminated, stops_noted

    process = None
    try:
        try:
            with stops_noted() if held else contextlib.nullcontext():
                process = subprocess.Popen(command, cwd=cwd)
            return process.wait(1e9)  # a timeout polls: a stop another thread took wakes it
        except KeyboardInterrupt as stop:
            if process is None:
                raise
            with contextlib.suppress(subprocess.TimeoutExpired):
                return process.wait(1)  # the terminal's Ctrl-C reached it as well
            process.send_signal(signal.SIGHUP if isinstance(stop, HungUp) else signal.SIGTERM
                                if isinstance(stop, Terminated) else signal.SIGINT)
            try:
                return process.wait(30)
            except subprocess.TimeoutExpired:
                raise stop from None
    except KeyboardInterrupt as stop:
        stop.tool_started = process is not None
        raise
    finally:
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()


def _read(process: subprocess.Popen,
          timeout: float) -> tuple[bytes, str | tuple[str, Path]]:
    """What ``process`` printed until it ended, and what stopped it early ("": nothing; the
    program and the named pipe it is blocked opening, looked for after each silent second)."""
    deadline = time.monotonic() + timeout
    output = bytearray()
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while (left := deadline - time.monotonic()) > 0:
            if not selector.select(min(left, 1.0)):
                if (pipe := opening_pipe(process.pid)) is not None:
                    return bytes(output), pipe
                continue
            chunk = os.read(process.stdout.fileno(), 1 << 16)
            output += chunk
            if len(output) > OUTPUT_CAP:
                return bytes(output), f"printed over {OUTPUT_CAP >> 20} MiB"
            if not chunk:  # its output closed: it ends, or is still running at the deadline
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(left)
                    return bytes(output), ""
                break
    return bytes(output), f"took over {timeout:g} s"


def opening_pipe(session: int) -> tuple[str, Path] | None:
    """The program of ``session`` blocked opening a named pipe (FIFO), and the pipe: its system
    call's path argument (``open``'s first, ``openat``'s second), read from ``/proc`` (Linux;
    elsewhere, or unreadable, None: the timeout stops it); or reading a device other than
    /dev/null (``\\input{/dev/zero}``: latexmk hashes it without end), and the device."""
    for process in Path("/proc").glob("[0-9]*"):
        try:
            if int((process / "stat").read_text().rsplit(")", 1)[1].split()[3]) != session:
                continue
            call = (process / "syscall").read_text().split()
            cwd = (process / "cwd").readlink()
            with (process / "mem").open("rb", buffering=0) as memory:
                for pointer in call[1:3]:
                    with contextlib.suppress(OSError, ValueError, OverflowError):
                        memory.seek(int(pointer, 16))
                        name = memory.read(4096).partition(b"\0")[0]
                        path = cwd / os.fsdecode(name)
                        if name and stat.S_ISFIFO(path.stat().st_mode):
                            return (process / "comm").read_text().strip(), path
            for fd in (process / "fd").iterdir():
                with contextlib.suppress(OSError):
                    path = fd.readlink()
                    if path.is_absolute() and str(path) != os.devnull and \
                            stat.S_ISCHR(path.stat().st_mode):
                        return (process / "comm").read_text().strip(), path
        except (OSError, ValueError, IndexError):
            continue
    return None


def _stop(process: subprocess.Popen) -> None:
    """TERM to the command's whole session, then KILL to whatever of it is left after 2 s."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=2)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
