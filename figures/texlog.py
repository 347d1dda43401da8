"""What a TeX run printed and logged, read one way for every command: its first error
(:func:`first_error`: the log's ``file:line: message`` or ``! message``, else bibtex's or
biber's ``.blg``, else latexmk's last word), each ``file:line`` it stopped at
(:func:`tex_errors`) and a log's text (:func:`log_text`). :mod:`figures.runner` runs the
programs; this reads what they said."""

from __future__ import annotations

import re
from pathlib import Path

#: How bibtex (``I was expecting a `,'---line 4 of file refs.bib``) and biber begin an
#: error in their ``.blg``.
_BIBLIOGRAPHY_ERRORS = ("---line ", "I couldn't ", "I found no ", "ERROR - ")
#: An error as ``-file-line-error`` prints it: ``./main.tex:7: Undefined control sequence.``,
#: in any file TeX reads from a folder, as it names one (``./``, ``../``, ``/``):
#: ``./figs/d.pdf_tex:2:`` (Inkscape), ``.pgf``, ``.tikz``, a name with no suffix; found
#: by a search path (``sub/x.tex:3:``) only TeX's own kinds (``results.txt:3: `` is text).
_FILE_LINE = re.compile(r"^(?:\./)?((?:(?<=\./)|\.\./|/)[^:\n]+|[^\s:][^:\n]*\."
                        r"(?:tex|sty|cls|bbl|clo))(:\d+): (.*)$")
#: latexmk's own lines, never its reason: its banner (printed last when it stops before
#: running anything: its reason goes to stderr at once) and what follows a reason.
_LATEXMK_CHATTER = re.compile(r"Latexmk: (?:This is Latexmk|Stopping because)|Rc files read:|"
                              r"\s+NONE$")
#: An error's sentence goes on in lines such as ``(fontspec)   LuaTeX.``, or ``  No verbatim
_CONTINUED = re.compile(r"\n\([\w@.-]+\) +(?=\S)|(?<=Error:)\n +(?=\S)")  # file`` (fancyvrb)


def tex_errors(output: str) -> dict[str, str]:
    """Each ``file:line`` a compile printed an error at (``-file-line-error``; no ``./``)
    with its first message there, whole (no final full stop)."""
    found: dict[str, str] = {}
    for line in _CONTINUED.sub(" ", output).splitlines():
        if match := _FILE_LINE.match(line):
            found.setdefault(match[1] + match[2], match[3].removesuffix("."))
    return found


def log_text(path: Path) -> str:
    """A TeX log (or ``.blg``): UTF-8 where it decodes (TeX prints a file's name as its bytes:
    ``naïve.png`` read as Latin-1 was ``naÃ¯ve.png``, round 50b K17), else Latin-1."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def first_error(log: Path | None, output: str) -> str:
    """The first error of a LaTeX run: from its log (``file:line: message`` or ``! message``),
    else from bibtex's or biber's ``.blg``, else the last line the tool printed."""
    def text(path: Path | None) -> str:
        return log_text(path) if path and path.is_file() else ""

    long = re.search(r"\(([^()\n]+?)! (Unable to read an entire line---bufsize=\d+)", output)
    if long:  # the terminal's only, and fatal: before the log's (a missing image; round 45a P26)
        return (f"{long[1].removeprefix('./')}: {long[2]} (a line longer than TeX's buffer): "
                "break it into shorter lines")
    logged = _CONTINUED.sub(" ", text(log))
    for line in logged.splitlines():
        if line.startswith("!") or _FILE_LINE.match(line):  # "!pdfTeX error:" too
            why = (" (\\read from a file \\openin did not open: missing, or outside the "
                   "folder TeX may read)" if re.search(r"Emergency stop\.\n<read \d+>", logged)
                   and line.endswith("Emergency stop.") else "")
            return line.removeprefix("!").strip() + why  # whole: max_print_line in run()
    # bibtex's: the compile's folder may go away: its line, not its name
    blg = text(log and log.with_suffix(".blg"))
    for line in blg.splitlines():
        if any(mark in line for mark in _BIBLIOGRAPHY_ERRORS):
            return line.strip()
    died = re.search(r"Command for '(bibtex|biber)\b[^']*' gave return code (\d+)", output)
    if died and (databases := re.findall(r"^Database file #\d+: (.+)$", blg, re.MULTILINE)):
        # hostile round 37, P11 (3 GB of NULs); round 38, B1: latexmk gives the raw wait status
        code = int(died[2]) >> 8 if int(died[2]) >= 256 else int(died[2])
        how = f"exit status {code}"
        if code > 128:  # a shell's 128 + the signal's number
            how = f"killed by signal {code - 128}" + (", as when memory runs out" if code == 137 else "")
        return (f"{died[1]} ended with no error of its own ({how}) while reading "
                f"{databases[-1].strip()}: look at that file (a database too large or damaged "
                "to read?)")
    if unstable := re.search(r"Maximum runs of \w+ reached without getting stable files", output):
        return (f"{unstable[0]}: a file the paper writes and reads back changes on every run "
                "(a stamp, a random number): write it once, or not at all")  # round 38, L4
    said = [line for line in output.splitlines()  # not "see main.log": it may be gone
            if line.strip() and not re.search(r"(?i)\b(?:see|refer to) \S+\.log", line)
            and not _LATEXMK_CHATTER.match(line)]
    return said[-1].strip() if said else "no log written"
