"""What the probe compile read as empty (:mod:`figures.paper.probe`'s ``M|``/``W|`` lines):
a package or class this TeX Live lacks, and a ``.tex`` the paper ``\\input``s that is not
there (hostile round 25, LR2): by hand LaTeX stops there, so each is said in one line naming
the file and line that asks for it, and what to do (a piped ``\\input{|"cmd"}``: that no command
here runs it, round 39 F2). The ``macros.tex`` sync is about to
write is the one file read as empty without a word."""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from types import SimpleNamespace

from figures.paper.latex import search_sources, shown_path
from figures.paper.latexmkrc import found_elsewhere
from figures.registry import BY_NAME
from figures.texcodec import decoded
from figures.texhints import piped

#: ``\\input{intro}``, ``\\include{sec/intro}``, ``\\subfile{x}``: the command that asked.
_ASKED = re.compile(r"\\(?:input|include|subfile|subimport\*?\{[^{}]*\}|import\*?\{[^{}]*\})"
                    r"(?![A-Za-z@])\s*\{\s*([^{}]*?)\s*\}")
#: ``\\usepackage[opts]{a,labstyle}``, ``\\RequirePackage``, ``\\documentclass``.
_LOADED = re.compile(r"\\(?:usepackage|RequirePackage|documentclass|LoadClass)(?![A-Za-z@])"
                     r"\s*(?:\[[^\]]*\])?\s*\{([^{}]*)\}")


def missing_lines(main: Path, missed: list[tuple[str, int | None, str]],
                  macros: str) -> list[str]:
    """One line for each file of ``missed`` (its name, the line and file that asked for it,
    as the probe wrote them) other than a ``.tex`` named ``macros``."""
    root, said = main.parent, []
    for name, asked_at, file in missed:
        asked, line = _asked(root, file, asked_at, name)
        where = _where(root, file, line, main)
        if name.startswith("|"):  # \input{|"cmd"}: round 39, F2
            said.append(piped(where, asked))
            continue
        rc = found_elsewhere(root, Path(name).name, main.name)
        if not name.endswith(".tex"):
            said.append(f"{where}: loads {name}, which this TeX Live does not have (read "
                        f"as empty): " + (rc.lstrip("; ") if rc else
                                          f"install it, or put it beside {main.name}"))
            continue
        if Path(name).name == macros:
            continue
        said.append(f"{where}: {asked}: no file {name} in the paper's folder (or TEXINPUTS), "
                    "read as empty: by hand this stops LaTeX; " + (
                        rc.lstrip("; ") if rc else "add it or remove the line"))
    return said


def styles_missing(main: Path, missed: list[tuple[str, int | None, str]]) -> list[tuple[str, str]]:
    """Each package or class of ``missed`` (read as empty: not in this TeX Live, not beside
    the paper) and where it is loaded (``main.tex:2``): a cause of what it would have loaded
    being undefined (round 40, P11)."""
    root = main.parent
    return [(name, _where(root, file, _asked(root, file, asked_at, name)[1], main))
            for name, asked_at, file in missed
            if not name.endswith(".tex") and not name.startswith("|")]


def _where(root: Path, file: str, line: int | None, main: Path) -> str:
    """``sec/intro.tex:5`` (the main file's name when the probe could not say)."""
    path = Path(file) if file else main
    try:
        shown = path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        shown = main.name if path.parent != root and not path.is_absolute() and \
            not (root / path).is_file() else path.name
    return f"{shown}:{line}" if line else shown


def _asked(root: Path, file: str, line: int | None, name: str) -> tuple[str, int | None]:
    """The command as the source writes it at ``file:line`` or just above (TeX has read on
    to the next line, looking for an optional argument, when it finds the file missing),
    and its line; else ``\\input{NAME}`` (``\\usepackage{NAME}``) and ``line``."""
    stem = name.removesuffix(".tex")
    path = root / file if file else None
    try:
        lines = decoded(path.read_bytes()).split("\n") \
            if path is not None and line else []
    except OSError:
        lines = []
    asking = _ASKED if name.endswith(".tex") or name.startswith("|") else _LOADED
    for number in range(min(line or 0, len(lines)), max((line or 0) - 3, 0), -1):
        for match in asking.finditer(lines[number - 1]):
            if any(n.strip().removesuffix(".tex").endswith(Path(stem).stem) or
                   (stem.startswith("|") and n.strip().lstrip('"').startswith("|"))
                   for n in match[1].split(",")):
                return match[0], number
    return f"\\input{{{stem}}}", line


def misspelt(include) -> str | None:
    """Our figure an include of no file names but for a slip (round 42, A51: "not ours")."""
    near = [] if include.found is not None or (stem := Path(include.written).stem) in BY_NAME \
        else difflib.get_close_matches(stem.lower(), list(BY_NAME), n=1, cutoff=0.85)
    return near[0] if near else None


def slipped(include, near: str, where: str, cased: bool) -> str:
    """The refusal of an include of no file one slip from our figure ``near``'s name (A51),
    saying so when the names differ only in case (round 9's case, a disk that ignores case)."""
    case = " (the names differ only in case: a disk that ignores case finds it, this one " \
        "does not)" if cased else ""
    fixed = include.written.replace(Path(include.written).stem, near)
    return (f"no file {include.written} here, and {near} is ours{case}: write {{{fixed}}} at "
            f"{where} (sync then copies it), or add the file if it is yours")


def image_near_ours(where: str, include, root: Path) -> str | None:
    """One line for an include of no figure's name whose file is nowhere TeX looks, when
    its name is a figure's with more after it: a copy under its own name, as sync's refusal
    of one file at two sizes advises (round 42a, A30: listed as "not ours (left as they
    are)", exit 0, and LaTeX then stopped on the file; a slip of a letter is refused by
    figures.paper.sync, A51). None otherwise (an image of hers to come, a TeX Live file)."""
    written, target, name = include.written, include.target, Path(include.written)
    if any(c.is_file() or (c.parent / name.name).is_file() for c in include.candidates):
        return None  # there (an old .eps export of hers: said as before, round 25 EP)
    stem = name.stem if name.suffix else name.name
    said = f"{where}: \\includegraphics{{{written}}}: no such file, and LaTeX stops there"
    longer = [f for f in BY_NAME if stem.startswith(f) and stem != f]
    if longer and target is not None:
        figure = max(longer, key=len)
        suffix = target.suffix if target.name != stem else ".pdf"
        copy = target.with_name(f"{stem}{suffix}")
        source = target.with_name(f"{figure}{suffix}")
        return (f"{said}; sync copies ours by a figure's name, so once {figure} is synced, "
                f"copy it to this name (cp {shown_path(source, root)} {shown_path(copy, root)})"
                " and sync again: the copy is then ours, built for this include")
    return None


def devices_read(paper, read: list[Path]) -> list[str]:
    r"""One line for each device the compile read (``\input{/dev/stdin}``, its recorder's
    ``/dev/...`` or ``/proc/...``, not ``/dev/null``), at the line of the paper that asks for
    it: the probe's input is ``/dev/null``, so it read nothing and went on, where by hand
    TeX waits for what is typed (round 47a, P29; a FIFO or ``/dev/zero`` stops the compile).
    A file of ``/proc`` or ``/sys`` (``/proc/self/environ``) is no device: TeX reads it, and
    ``figures paper`` refuses it (:mod:`figures.paper.outside`; round 48a, P20)."""
    said = []
    for device in dict.fromkeys(p for p in read if p.parts[1:2] in (("dev",), ("proc",), ("sys",))
                                and str(p) != "/dev/null"):
        named = re.escape(str(device))  # by \input, or \openin (round 49, from 49a P8)
        asked = re.compile(r"\\(?:input|include|subfile)(?![A-Za-z@])\s*\{\s*" + named
                           + r"(?:\.tex)?\s*\}|\\openin\s*(?:\d+|\\[A-Za-z@]+)\s*=?\s*" + named)
        found = search_sources(paper, asked)
        where = f"{shown_path(found[0], paper.root)}:{found[1]}" if found else \
            shown_path(paper.main, paper.root)
        command = found[2][0] if found else f"\\input{{{device}}}"
        verb = "\\openin" if command.startswith("\\openin") else "\\input"
        said.append(f"{where}: {command}: " + (
            "a device, not a file of the paper (by hand TeX waits there for what is typed): "
            f"remove its {verb}" if device.parts[1] == "dev" or "fd" in device.parts else
            "a file of the system, outside the paper's folder, which TeX prints into the PDF "
            "(the environment: your tokens and keys); figures paper refuses to compile it: "
            f"remove its {verb} (it is read)"))
    return said


def device_opened(main: Path, read: list[Path], name: str) -> str | None:
    r"""The line of :func:`devices_read` for a device TeX died opening (``\input{/dev/tty}``:
    no terminal here, where by hand TeX waits on it), said on the terminal only as
    "pdflatex: /dev/tty: No such device or address"; the sources searched are the ``.tex``
    files of ``read`` (the recorder's). None: ``name`` is no device (a socket of the paper's).
    Told before an image sync is about to write, which TeX goes on after (round 48a, P39)."""
    device = Path(name)
    if device.parts[1:2] not in (("dev",), ("proc",), ("sys",)):
        return None
    paper = SimpleNamespace(main=main, root=main.parent,
                            sources=[p for p in read if p.suffix == ".tex"])
    return next(iter(devices_read(paper, [device])), None)
