"""The paper's compile, twice: once in a temporary copy of its folder with latexmk's recorder
on, to learn exactly which files it reads; once from the archive alone, in an empty folder,
with pdflatex as arXiv runs it (no shell escape, no bibtex: the ``.bbl`` is packed).

Neither writes anything into the paper's folder.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
from dataclasses import dataclass
from pathlib import Path

from figures.errors import FigureDataError, LatexError, ToolMissing
from figures.pack import inputs

#: What a user installs when TeX is missing (Debian names; TeX Live elsewhere).
TEX_PACKAGES = ("latexmk texlive-latex-recommended texlive-latex-extra "
                "texlive-fonts-recommended texlive-binaries")
#: The longest one compile may take, in seconds (a paper that loops stops here).
COMPILE_TIMEOUT = 300
#: TeX Live's max_print_line: the log's lines are broken at this width.
_LOG_WIDTH = 79
#: How bibtex (``I was expecting a `,'---line 4 of file refs.bib``) and biber begin an
#: error in their ``.blg``.
_BIBLIOGRAPHY_ERRORS = ("---line ", "I couldn't ", "I found no ", "ERROR - ")
_FLAGS = ("-interaction=nonstopmode", "-halt-on-error", "-file-line-error", "-no-shell-escape")


@dataclass(frozen=True)
class Recorded:
    """What the paper's compile read from its folder (paths relative to it, sorted), and
    the ``.bbl`` it made (None: no bibliography)."""

    sources: tuple[str, ...]
    bbl: bytes | None
    pdf: bytes
    #: Of ``sources``, those only opened (``\\IfFileExists``, ``\\read``), not input.
    opened_only: tuple[str, ...] = ()


def find_main(paper: Path, chosen: str | None) -> Path:
    """The main ``.tex``: ``chosen``, or the one file at the top of ``paper`` that holds
    ``\\documentclass`` (outside comments)."""
    from figures.pack.strip import strip_comments

    if chosen is not None:
        main = paper / chosen
        if not main.is_file():
            raise FigureDataError(str(main), None, "--main: no such file in the paper's folder")
        if main.parent.resolve() != paper.resolve():  # the compile runs main.name at the top
            raise FigureDataError(str(main), None, "--main: name a .tex file at the top of the "
                                  "paper's folder (arXiv compiles from the archive's root)")
        return main
    found = []
    for path in sorted(paper.glob("*.tex")):
        try:
            text = strip_comments(path.read_text(encoding="utf-8", errors="replace"), str(path))
        except FigureDataError:
            continue
        if "\\documentclass" in text:
            found.append(path)
    if len(found) != 1:
        what = ("no .tex file in it holds \\documentclass" if not found else
                f"{len(found)} files hold \\documentclass ({', '.join(p.name for p in found)})")
        raise FigureDataError(str(paper), None, f"{what}; name the main file with --main FILE")
    return found[0]


def need(tool: str) -> str:
    where = shutil.which(tool)
    if where is None:
        raise ToolMissing(tool, None, f"not found: the pack compiles the paper; install "
                              f"TeX Live (Debian: apt-get install {TEX_PACKAGES})")
    return where


def hidden(name: str) -> bool:
    return name.startswith(".")


#: What a compile writes: the paper's leftovers (a ``main.aux`` of another package set) are
#: left out of the copy, which makes its own.
BUILD_PRODUCTS = (".aux", ".log", ".fls", ".fdb_latexmk", ".toc", ".lof", ".lot", ".out",
                  ".blg", ".bcf", ".run.xml", ".synctex.gz", ".nav", ".snm")
#: Files from this size on are linked into the copy, not copied: the compile reads them where
#: they are, and an unused 2 GB file costs nothing.
LINK_BYTES = 1 << 20


def _left_out(here: Path, name: str) -> bool:
    """What the copy leaves out: hidden files (``.git``, arXiv deletes them), build products,
    what is not a file or folder (a pipe would block the copy, a dangling link fail it)."""
    path = here / name
    return hidden(name) or name.endswith(BUILD_PRODUCTS) or not (path.is_file()
                                                                  or path.is_dir())


def copy_paper(paper: Path, copy: Path) -> None:
    """``paper`` copied to ``copy`` as pdflatex would read it, without what :func:`_left_out`
    names: folders made anew (writable, whatever the paper's modes), small files copied
    (contents only), large files and linked folders linked (never read here); a file that
    cannot be read is one line naming it."""
    copy.mkdir()
    for folder, folders, files in os.walk(paper):  # a linked folder: linked, not walked
        here, there = Path(folder), copy / Path(folder).relative_to(paper)
        folders[:] = [n for n in folders if not _left_out(here, n)]
        for name in [*folders, *files]:
            source, target = here / name, there / name
            try:
                if source.is_symlink() and source.is_dir():
                    if not here.resolve().is_relative_to(source.resolve()):  # not a loop
                        target.symlink_to(source.resolve(), target_is_directory=True)
                elif source.is_dir():
                    target.mkdir()
                elif _left_out(here, name):
                    continue
                elif source.stat().st_size >= LINK_BYTES:
                    target.symlink_to(source.resolve())
                else:
                    shutil.copyfile(source, target)
            except OSError as exc:
                raise FigureDataError(str(source), None, "cannot be read to compile the paper: "
                                      f"{exc.strerror}") from None


def record(paper: Path, main: Path, work: Path) -> Recorded:
    """Compile a copy of ``paper`` (hidden files left out) in ``work`` with
    ``latexmk -recorder``; what it read from the paper's own files, and its ``.bbl``."""
    copy = work / "paper"
    copy_paper(paper, copy)
    command = [need("latexmk"), "-norc", "-pdf", "-recorder", "-g", *_FLAGS,
               f"-usepretex={inputs.PRETEX}", main.name]
    _run(command, copy, main, "in a copy of the paper's folder")
    stem = main.stem
    read, written = _fls(copy / f"{stem}.fls", copy)
    bbl_path = copy / f"{stem}.bbl"
    bbl = bbl_path.read_bytes() if bbl_path.is_file() and f"{stem}.bbl" in read else None
    build_products = written | {f"{stem}.bbl"}
    sources = sorted(name for name in read if (paper / name).is_file()
                     and name not in build_products and not _left_out(paper, name))
    input_ = inputs.read_as_input(copy, stem)
    opened = () if input_ is None else tuple(n for n in sources if n not in input_
                                             and n != main.name)
    return Recorded(tuple(sources), bbl, (copy / f"{stem}.pdf").read_bytes(), opened)


def _fls(fls: Path, root: Path) -> tuple[set[str], set[str]]:
    """The files a compile read and wrote inside ``root`` (its recorder file), relative."""
    try:
        lines = fls.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    except OSError:
        raise LatexError(str(fls), None, "latexmk left no recorder file list (.fls); "
                              "is it latexmk 4.x with pdflatex?") from None
    cwd, read, written = root, set(), set()
    real_root = root.resolve()
    for line in lines:
        kind, _, name = line.partition(" ")
        if kind == "PWD":
            cwd = Path(name)
            continue
        if kind not in ("INPUT", "OUTPUT"):
            continue
        path = Path(os.path.normpath(cwd / name))  # not resolved: the copy links files
        if not path.is_relative_to(real_root):
            continue  # TeX's own files
        (read if kind == "INPUT" else written).add(path.relative_to(real_root).as_posix())
    return read, written


def prove(folder: Path, main: str) -> tuple[bytes, int]:
    """Compile ``main`` in ``folder`` (the unpacked archive) as arXiv does: pdflatex with
    no shell escape and no bibtex, again while it asks for a rerun; files outside the folder
    and the user's own TeX tree out of reach. The PDF and how many runs it took."""
    env = {**os.environ, "TEXMFHOME": str(folder / ".no-texmf-home"), "openin_any": "p",
           "openout_any": "p"}
    command = [need("pdflatex"), *_FLAGS, main]
    log = folder / f"{Path(main).stem}.log"
    runs = 0
    for runs in range(1, 5):
        _run(command, folder, folder / main, "from the archive alone", env)
        text = log.read_text(encoding="latin-1") if log.is_file() else ""
        if "Rerun to get" not in text and (runs > 1 or "undefined" not in text):
            break
    return (folder / f"{Path(main).stem}.pdf").read_bytes(), runs


def _run(command: list[str], cwd: Path, main: Path, where: str,
         env: dict[str, str] | None = None) -> None:
    # its own process group: latexmk's pdflatex and bibtex end with it (a timeout, Ctrl-C,
    # SIGTERM), and none goes on writing into a folder being removed
    process = subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               start_new_session=True)
    try:
        output, _ = process.communicate(timeout=COMPILE_TIMEOUT)
    except subprocess.TimeoutExpired:
        _end_group(process)
        raise LatexError(str(main), None, f"{Path(command[0]).name} did not finish in "
                              f"{COMPILE_TIMEOUT} s") from None
    except BaseException:
        _end_group(process)
        raise
    pdf = cwd / f"{main.stem}.pdf"
    if process.returncode == 0 and not pdf.is_file():
        raise LatexError(main.name, None, (
            f"{Path(command[0]).name} ended without writing {pdf.name} beside {main.name} "
            f"{where} (an output folder set in the paper?); the pack compiles in place and "
            "arXiv does too: remove that setting"))
    if process.returncode != 0:
        error = first_error(cwd / f"{main.stem}.log", output)
        missing = re.search(r"File `([^']+)' not found", error)
        if "`../" in error or "`/" in error:  # \input{../x}: the copy holds the folder only
            error += "; only the paper's folder is packed: move that file into it"
        elif missing and any(hidden(part) for part in missing.group(1).split("/")):
            error += ("; the pack leaves out hidden files and folders (.name: arXiv deletes "
                      "them): move it into a folder whose name has no leading dot")
        raise LatexError(main.name, None, f"does not compile {where}: {error}")


def _end_group(process: subprocess.Popen) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.communicate()


def first_error(log: Path, output: bytes) -> str:
    """The first error line of a LaTeX run: from its log (``file:line: message`` or
    ``! message``), else from what the tool printed."""
    lines = (log.read_text(encoding="latin-1") if log.is_file() else "").splitlines()
    for number, line in enumerate(lines):
        if line.startswith("!") or _file_line_error(line):  # "!pdfTeX error:" too
            # TeX breaks its log's lines at max_print_line (79): a full line goes on below
            whole = line
            for more in lines[number + 1:]:
                if len(whole) % _LOG_WIDTH or not more:
                    break
                whole += more
            return whole.removeprefix("!").strip()
    blg = log.with_suffix(".blg")  # bibtex's or biber's log: the compile's folder goes away
    for line in (blg.read_text(encoding="latin-1") if blg.is_file() else "").splitlines():
        if any(mark in line for mark in _BIBLIOGRAPHY_ERRORS):
            return line.strip()
    said = [ln for ln in output.decode("latin-1").splitlines()  # not "see main.log": gone
            if ln.strip() and not re.search(r"(?i)\b(?:see|refer to) \S+\.log", ln)]
    return said[-1].strip() if said else "no log written"


def _file_line_error(line: str) -> bool:
    head, sep, rest = line.partition(":")
    number, sep2, _ = rest.partition(":")
    return bool(sep and sep2 and number.isdigit() and head.endswith((".tex", ".sty", ".cls",
                                                                     ".bbl", ".clo")))
