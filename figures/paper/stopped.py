"""Why pdflatex stopped before the end of a paper, in one line (:func:`stopped`), from what
TeX said (its errors, file:line first), its terminal and its log: the probe's compile
(:mod:`figures.paper.engine`) raises it."""

from __future__ import annotations

import re
from pathlib import Path

from figures import runner
from figures.paper.missing import device_opened
from figures.texhints import unwritten

#: The probe, whose own stop says where (round 49, 49a P33).
PROBE = Path(__file__).with_name("probe.tex")


def stopped(said: list[tuple[str, str]], run, texlog: str, missing: list[str],
             fls: Path, main: Path) -> str:
    """Why pdflatex stopped: TeX's last error but an image sync is about to write (it goes
    on after those), what its log says after it (``cannot \\read from terminal``, a device
    it died opening: :func:`device_opened`), and the packages it read as empty
    (:func:`led_by_first` puts TeX's first error before it)."""
    said = [e for e in said if not e[1].lstrip().startswith("==>")]
    real = next((e for e in reversed(said) if "not found" not in e[1]), None)
    last = real or (said[-1] if said else None)
    why = (last[1] if last[0].startswith(f"{PROBE}:") else f"{last[0]}: {last[1]}") if last \
        else f"exit {run.returncode}"  # the probe's own stop says where (round 49, 49a P33)
    # a fatal error with no file:line (\input{/dev/zero}: "(/dev/zero! Unable to read an
    # entire line"), on the terminal only: with the file TeX read last; before an image not
    # there yet, which TeX goes on after (round 45a, P26). One at a line's start is TeX's at
    # its terminal, every file read to its end: no file is to blame (round 47a, P13)
    fatal_here = re.search(r"(?:^|(\(\S*))! (.+?)\.?$", run.stdout, re.MULTILINE)
    if not real and fatal_here:
        why = fatal_here[2]
    if not real and fatal_here and fatal_here[1] and fls.is_file() and \
            (read := runner.recorded(fls, fls.parent)[0]):
        file = read[-1].relative_to(Path.cwd()) if read[-1].is_relative_to(Path.cwd()) \
            else read[-1]
        why = f"{fatal_here[2]}, reading {file}"
    if not real and why == "Emergency stop" and "no legal \\end found" in texlog:
        return "no \\end{document}: TeX read the main file and its \\inputs to their end"
    socket = re.search(r"pdflatex: ([^\n]+?): No such device or address$", run.stdout,
                       re.MULTILINE)
    if not real and socket:  # kpathsea's open of a socket: said on the terminal only
        why = device_opened(main, runner.recorded(fls, main.parent)[0] if fls.is_file() else [],
                            socket[1]) or (f"{socket[1]} is a socket or device, not a file: "
                                           "make it a regular file or remove its \\input")
    fatal = re.search(r"^\*\*\* \((.+)\)$", texlog, re.MULTILINE)
    why += f" ({fatal[1]})" if fatal else ""
    if refused := unwritten(main.parent, why):  # \openout outside the folder (54h, A2)
        why += f"; {refused}"
    why += huge_input(fls, main)
    why += f"; not in this TeX Live, read as empty: {', '.join(missing)}" if missing else ""
    return why


def led_by_first(said: list[tuple[str, str]], why: str) -> str:
    """``why`` (:func:`stopped`'s) led by TeX's first error, at its file and line, where TeX
    erred before the error it stopped on (nonstopmode goes on after an error): the last is
    often the first's consequence, far from it (hostile round 49a, P13: 1200 generated
    ``table[h]`` floats stopped with ``Output loop---100 consecutive dead cycles`` at the
    ``\\end{document}``, where what an author can act on, ``\\clearpage`` or ``[H]``, follows
    from LaTeX's ``Too many unprocessed floats`` at sec/tables.tex:919). An image sync is
    about to write is no error (TeX goes on after it); nor is the probe's own stop."""
    said = [e for e in said if not e[1].lstrip().startswith("==>") and "not found" not in e[1]]
    if len(said) < 2 or any(e[0].startswith(f"{PROBE}:") for e in (said[0], said[-1])):
        return why
    return f"{said[0][0]}: {said[0][1]}, TeX's first error; it stopped at {why}"


def huge_input(fls: Path, main: Path) -> str:
    """``; NAME is N MiB, ...`` for a file of the paper's that TeX read and that is larger
    than a whole paper may be: TeX's words on its bytes (``Number too big`` at its
    ``\\input``, for a 1 TiB file of NUL bytes a failed copy left) named neither it nor what
    is wrong with it (hostile round 53h, S6); "" for none."""
    from figures.mainfile import ARXIV_LIMIT

    root = main.parent.resolve()
    for path in runner.recorded(fls, main.parent)[0] if fls.is_file() else []:
        try:
            size = path.stat().st_size if path.resolve().is_relative_to(root) else 0
        except OSError:
            continue
        if size > ARXIV_LIMIT and path.is_file():
            return (f"; {path.resolve().relative_to(root).as_posix()} is {size >> 20} MiB, "
                    f"larger than a whole paper may be ({ARXIV_LIMIT >> 20} MiB, arXiv's limit):"
                    " no TeX source (a copy or download that failed?): replace it, or remove "
                    "what reads it")
    return ""
