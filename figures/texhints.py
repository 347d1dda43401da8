"""What a compile's first error means, when its words name something else than the paper's
cause (hostile round 39): a piped ``\\input{|"cmd"}`` read as a missing file (F2), the svg
package's missing ``NAME_svg-tex.pdf`` that only shell escape makes (F3), graphicx's
``Paragraph ended before \\Gin@ii was complete`` for an include whose ``]`` or ``}`` is
missing (F12); a font whose only source in the folder is a METAFONT program, which kpathsea
makes nothing from here (round 50a, P37: figures/texsafe.py). :func:`explained` says each in
one line naming the file and line of the source that asks for it, and what to do; ``figures paper`` and ``figures pack`` read their compile's
error through it, and sync refuses a paper with an unclosed include
(:func:`unclosed_refusal`) before it writes anything. The source is read with :mod:`figures.texread` (comments, verbatim text blanked)."""

from __future__ import annotations

import re
from pathlib import Path

from figures import texlog
from figures.errors import MAX_LINE, display_path, elide
from figures.mainfile import read_bounded
from figures.texread import Braces, blanked, control_words

#: A source file read for a hint at most this long (the paper's own sources are far smaller).
_LIMIT = 4 << 20
#: Where TeX ends a paragraph: a blank line, or ``\\par``.
_PAR = re.compile(r"\n[ \t]*\n|\\par(?![A-Za-z@])")
#: A TeX Live file as a compile's error names it (``/usr/share/.../natbib.sty:795``).
_ABSOLUTE_TEX_FILE = re.compile(r"(?<![\w.])/[^\s:()]*texmf[^\s:()]*/([^\s/:()]+:)")
#: ``\\input{|"echo hi"}`` (``\\include``, ``\\InputIfFileExists``): a piped shell command.
_PIPED = re.compile(r"\\(?:input|include|InputIfFileExists)\s*\{\s*\"?\|[^{}\n]*\}")
#: ``\\setkeys{Gin}{width=0.8\\linewidth}``: graphicx's keys for every include.
_GIN_KEYS = re.compile(r"\\setkeys\s*\{\s*Gin\s*\}\s*\{(?:[^{}]|\{[^{}]*\})*\}")
#: TeX's ``Font \\x=r50evil not loadable: Metric (TFM) file not found``: the control
#: sequence (``\\x``; an NFSS name ``OT1/xyz/m/n/10``) and the font's name.
_NO_METRICS = re.compile(r"Font (\S+?)=([\w-]+)(?: at \S+| scaled \d+)? not loadable: "
                         r"Metric \(TFM\) file not found")
#: The files a compile opened, as its log names them: ``(./sec/intro.tex``.
_OPENED = re.compile(r"\((?:\./)?([^\s()]+\.tex)")


def piped(where: str, written: str) -> str:
    """The line for a piped shell command ``written`` at ``where`` (``main.tex:29``)."""
    return (f"{where}: {elide(written, 80)}: a piped shell command, which no command here runs (nothing "
            "ran; TeX looks for a file of that name, and stops): remove it, or run the command "
            "yourself, put its output in a file and \\input that")


def unclosed(text: str) -> list[tuple[int, str, str, bool]]:
    """Each ``\\includegraphics`` of ``text`` whose options' ``]`` or file name's ``}`` is
    missing (TeX reads on to the paragraph's end, and stops there): its line, the source of
    its line from the command on, the bracket missing, and whether a later ``]`` closes it."""
    seen = blanked(text, verbatim=True, hidden=True)
    # where paragraphs end: a comment line is none (round 43, A65c (b): it read as one)
    lines = blanked(text, verbatim=True, hidden=True, comment_fill="%")
    braces, found = Braces(seen), []
    for start, name in control_words(text):
        if name != "includegraphics":
            continue
        pos = start + len("\\includegraphics")
        pos += seen.startswith("*", pos)
        missing, late = None, False
        while missing is None:
            pos = _skip_space(seen, pos)
            if not seen.startswith("[", pos):
                break
            end = _option_end(seen, pos, lines)
            late = end >= 0 and _closed_late(seen[pos + 1:end])
            if end < 0 or late:
                missing = "]"
            pos = end + 1
        if missing is None and seen.startswith("{", pos):
            end = braces.close(pos)
            if end < 0 or _PAR.search(lines, pos, end):
                missing = "}"
        if missing:
            line = text.count("\n", 0, start) + 1
            end = text.find("\n", start)
            shown = text[start:end if end >= 0 else len(text)].strip()
            found.append((line, shown, missing, late))
    return found


def unclosed_lines(files: list[Path], root: Path) -> list[str]:
    """One line for each unclosed include (:func:`unclosed`) in ``files``, named from ``root``."""
    said = []
    for path in files:
        text = read_bounded(path, _LIMIT) or ""
        for line, shown, missing, late in unclosed(text):
            where = "its file name (a later ] closes it)" if late else \
                "the paragraph ends, where TeX stops"
            said.append(f"{_name(path, root)}:{line}: {elide(shown, 80)}: its "
                        f"{'[' if missing == ']' else '{'} is not closed before {where}: "
                        f"add the {missing}")
    return said


def unclosed_refusal(files: list[Path], root: Path, main: Path) -> str | None:
    """Sync's refusal of a paper with an unclosed include (:func:`unclosed_lines`), in one line
    (hostile round 43, A65n), None when there is none. Whether TeX stops there or, a later
    ``]`` closing it, reads on to the end, the paper does not compile by hand, and TeX
    typesets no include of the figure (it was listed as "ours, not in the paper"): the user's
    slip, refused as a compile that stops is (exit 1, nothing written), what to do kept whole."""
    said = unclosed_lines(files, root)
    if not said:
        return None
    more = f"; and {len(said) - 1} more such include(s)" if len(said) > 1 else ""
    do = "mend it so it compiles, then sync again; nothing written"
    room = MAX_LINE - len(f"error: {main}: does not compile ({more}): {do}")
    return f"does not compile ({elide(said[0], max(room, 120))}{more}): {do}"


def utf16_source(files: list[Path]) -> Path | None:
    """The first of ``files`` saved as UTF-16 (a byte-order mark, or NULs between most of its
    letters): pdflatex reads it as invalid UTF-8 and stops, so sync refuses the paper before it
    writes (hostile round 50a, P9b: a chapter's was a warning, and sync wrote a figure and the
    macros into a paper that cannot compile; the main file's is refused in figures.mainfile)."""
    for path in files:
        try:
            with path.open("rb") as file:
                head = file.read(4096)
        except OSError:  # unreadable: TeX says so, naming it
            continue
        if head[:2] in (b"\xff\xfe", b"\xfe\xff") or len(head) < head.count(0) * 4:
            return path
    return None


def gin_default(path: Path, keys: tuple[str, ...] = ("width", "height", "totalheight", "scale")
                ) -> str | None:
    """Where the paper sets one of ``keys`` for every include without one of its own
    (``\\setkeys{Gin}{width=0.8\\linewidth} at main.tex:8``; round 39, F16; a ``trim``:
    round 41, N9): in ``path`` (the include's file), else in a ``.tex`` or ``.sty`` beside it
    or in the folder above (a section's main file)."""
    folders = [path.parent, path.parent.parent]
    for file in [path, *(f for folder in folders for ext in ("tex", "sty")
                         for f in sorted(folder.glob(f"*.{ext}"))[:50] if f != path)]:
        text = read_bounded(file, _LIMIT) or ""
        if "Gin" not in text:
            continue
        for match in _GIN_KEYS.finditer(blanked(text)):
            if re.search(rf"(?:^|[{{,\s])(?:{'|'.join(keys)})\s*=", match[0]):
                line = text.count("\n", 0, match.start()) + 1
                return f"{elide(text[match.start():match.end()], 80)} at {file.name}:{line}"
    return None


def command_naming(files: list[Path], root: Path, name: str) -> str | None:
    """The command of ``files`` whose argument names the file ``name`` (``\\pgfimage at
    main.tex:34``: an include sync does not read; round 39, F18), None when none does."""
    pattern = re.compile(r"\\([A-Za-z@]+)\*?\s*(?:\[[^\]]*\]\s*)*\{[^{}]*?(?<![\w-])"
                         + re.escape(name) + r"(?:\.\w+)?\s*\}")
    for path in files:
        text = read_bounded(path, _LIMIT) or ""
        if name in text and (match := pattern.search(blanked(text))):
            line = text.count("\n", 0, match.start()) + 1
            return f"\\{match[1]} at {_name(path, root)}:{line}"
    return None


def explained(error: str, log: Path, main: Path) -> str:
    """``error`` (:func:`figures.texlog.first_error`'s, of the compile of ``main`` whose log
    is ``log``) said by its cause in the paper's source, when it is one of this module's;
    else ``error`` unchanged."""
    if pipe := re.search(r"File `\|([^']*?)(?:\.tex)?' not found", error):
        where, written = _found(main, log, _PIPED) or (main.name, f"\\input{{|{pipe[1]}}}")
        return piped(where, written)
    if svg := re.search(r"Package svg Error: File `(.+?)_svg-tex\.pdf' is missing", error):
        name = Path(svg[1]).name
        at = _found(main, log, re.compile(
            r"\\includesvg\s*(?:\[[^\]]*\])?\s*\{[^{}]*" + re.escape(name) + r"(?:\.svg)?\s*\}"))
        return (f"{at[0] if at else main.name}: \\includesvg{{{svg[1]}}}: the svg package runs "
                f"Inkscape to make {name}_svg-tex.pdf, which needs shell escape, never given "
                f"here: export {svg[1]}.svg to PDF and \\includegraphics that, or compile once "
                "by hand with -shell-escape (the PDF it leaves in svg-inkscape/ is then read)")
    if (font := _NO_METRICS.search(error)) and (main.parent / f"{font[2]}.mf").is_file():
        at = _found(main, log, re.compile(r"\\font\s*" + re.escape(font[1]) + r"\s*=?\s*"
                                          + re.escape(font[2]) + r"(?![\w.])"))
        name = font[2]
        return (f"{at[0] if at else main.name}: font {name}: only its METAFONT source {name}.mf "
                "is in the folder, which no command here runs: if you trust it, run mktextfm "
                f"{name} there (it makes {name}.tfm and {name}.600pk), or use a font TeX Live has")
    said = unclosed_lines(_sources(main, log), main.parent)
    if said and re.search(r"\\Gin@ii?\b", error):
        return said[0]
    if said:  # a later ] closed it: TeX stopped later, in words naming something else (A65)
        package = _ABSOLUTE_TEX_FILE.sub(r"\1", error)  # natbib.sty:795, not its TeX Live path
        return f"{said[0]} (TeX stopped further on: {elide(package, 140)})"
    return _no_input(error, log, main) or unsearched(error, main) or _encoding(
        _redefined(error, log, main))  # (53h K4)


def _redefined(error: str, log: Path, main: Path) -> str:
    """A macro of ours (macros.tex, which sync writes) the author also defines by hand: TeX
    stops in our file, and the line named only it, "do not edit by hand" (hostile round 52h,
    P13); the author's own definition is named, to be removed."""
    if not (again := re.search(r"Command \\([A-Za-z]+) already defined", error)):
        return error
    defined = re.compile(r"\\(?:(?:re)?newcommand\*?|providecommand\*?|DeclareRobustCommand"
                         r"\*?|[gex]?def)\s*\{?\s*\\" + again[1] + r"(?![A-Za-z])")
    ours, theirs = False, None
    for path in _sources(main, log):
        text = read_bounded(path, _LIMIT) or ""
        if text.startswith("% Generated by `figures macros`"):
            ours = ours or defined.search(text) is not None
        elif theirs is None and (match := defined.search(blanked(text))):
            theirs = (f"{_name(path, main.parent)}:{text.count(chr(10), 0, match.start()) + 1}",
                      text[match.start():match.end()])
    if ours and theirs is None:
        return _read_twice(error[:again.end()], log, main) or error
    if not ours or theirs is None:
        return error
    shown = theirs[1] + "}" * (theirs[1].count("{") - theirs[1].count("}"))
    return (f"{error[:again.end()]}: by hand at {theirs[0]} ({shown}) as well as in "
            f"macros.tex, which sync writes from figdata: remove it at {theirs[0]} (the macro "
            "then prints figdata's value)")


def _read_twice(error: str, log: Path, main: Path) -> str | None:
    """Our macros file read twice (``\\input{macros}`` in the preamble and again in a
    section): TeX stops in it, "do not edit by hand", with no word of why (hostile round
    53h, S30); the two reads are named."""
    reads = re.compile(r"\\(?:input|include)\s*\{\s*(?:\./)?macros(?:\.tex)?\s*\}")
    found = []
    for path in _sources(main, log):
        text = read_bounded(path, _LIMIT) or ""
        found += [f"{_name(path, main.parent)}:{text.count(chr(10), 0, m.start()) + 1}"
                  for m in reads.finditer(blanked(text))]
    if len(found) < 2:
        return None
    return (f"{error}: macros.tex is read twice (\\input{{macros}} at {found[0]} and at "
            f"{found[1]}): remove one of them")


def _encoding(error: str) -> str:
    """A source saved as Windows-1252 or Latin-1 said with what to do: "Invalid UTF-8 byte
    "93." alone was told of a Windows editor's quotes (hostile round 52h, P12)."""
    if bad := re.search(r'Invalid UTF-8 byte "[0-9A-F]{2}\.?', error):
        return (f"{error[:bad.end()].removesuffix('.')}: a byte no UTF-8 text holds, so the "
                "file was saved in another encoding (Windows-1252 or Latin-1, by an editor on "
                "Windows?): save the file as UTF-8 (or declare its encoding: "
                "\\usepackage[cp1252]{inputenc})")
    return error


def _skip_space(text: str, pos: int) -> int:
    """Past the spaces (one line break among them) TeX skips looking for an argument."""
    match = re.compile(r"[ \t]*(?:\n[ \t]*)?").match(text, pos)
    return match.end() if match else pos


#: What no graphicx key holds but the text after an include does: the float's own commands.
_BEYOND = re.compile(r"\\(?:caption|label|end|begin|centering|includegraphics|subcaption|"
                     r"par|section|subsection|item|hline|vspace|hspace|lipsum|cite)(?![A-Za-z@])")
#: A file name's brace group where a key's value cannot take one: after a length's control
#: word or a number, not after ``=`` (``width=\columnwidth{figs/x}``).
_NAME_AFTER_VALUE = re.compile(r"(?:\\[A-Za-z@]+|[\d.]+[a-z]*)\s*\{[^{}=\\]*\}")


def _closed_late(options: str) -> bool:
    """Whether an option list's ``]`` is a later command's (round 42, A65: the include's own
    ``]`` missing, ``\\caption[Drift]`` or ``\\lipsum[2]`` closes it, and TeX stops at some
    later line with words naming neither): the file name's brace group, or the float's own
    commands, inside it."""
    return bool(_BEYOND.search(options) or _NAME_AFTER_VALUE.search(options))


def _option_end(text: str, pos: int, lines: str) -> int:
    """The ``]`` that ends the option list opened at ``pos`` (braces between balanced), or -1
    when the paragraph ends (or the text) first; ``lines`` is ``text`` with its comments
    filled, where a paragraph's end is read."""
    depth, index = 0, pos + 1
    while index < len(text):
        char = text[index]
        if char == "\\":
            if _PAR.match(lines, index):
                return -1
            index += 2
            continue
        if _PAR.match(lines, index):
            return -1
        depth += (char == "{") - (char == "}")
        if char == "]" and depth == 0:
            return index
        if depth < 0:
            return -1
        index += 1
    return -1


def _no_input(error: str, log: Path, main: Path) -> str | None:
    """``FILE:LINE: \\input{NAME}: no file NAME.tex ...`` for TeX's stop on an ``\\input`` or
    ``\\include`` of a file the paper's folder does not hold (no other way out known: not
    outside the folder, no latexmkrc that might make it, not the macros file sync writes,
    ``figures.paper.includes.MACROS_NAME``, whose line says to sync); None otherwise."""
    gone = re.search(r"LaTeX Error: File `([^'|]+?)\.tex' not found", error)
    if gone is None or gone[1].startswith(("/", "~")) or ".." in gone[1].split("/") or \
            Path(gone[1]).name == "macros" or any(
            (main.parent / name).exists() for name in (
                f"{gone[1]}.tex", gone[1], "latexmkrc", ".latexmkrc")):
        return None
    at = _found(main, log, re.compile(r"\\(input|include)\s*\{\s*" + re.escape(gone[1])
                                      + r"(?:\.tex)?\s*\}"))
    if at is None:
        return None
    command = re.match(r"\\[a-z]+", at[1])[0]
    return (f"{at[0]}: {at[1]}: no file {gone[1]}.tex in the paper's folder: add it, or remove "
            f"that {command}")


def unsearched(error: str, main: Path) -> str | None:
    """graphicx's ``File `NAME' not found`` where the paper's folder holds NAME's image in a
    folder whose name is not ASCII: pdfLaTeX's ``\\graphicspath`` written through a macro
    (``\\newcommand{\\figdir}{figürés}``) finds nothing there, and sync had placed the
    figure there (hostile round 54h, P12: "did not compile: File `fig1_audit_hero' not
    found", the file there)."""
    gone = re.search(r"LaTeX Error: File `([^'/|]+)' not found", error)
    if gone is None or Path(gone[1]).suffix.lower() == ".tex":
        return None
    for pattern in ("*/", "*/*/"):
        for folder in sorted(main.parent.glob(pattern))[:200]:
            rel = folder.relative_to(main.parent).as_posix()
            if rel.isascii() or rel.startswith("."):
                continue
            for suffix in ("", ".pdf", ".png", ".jpg", ".jpeg", ".eps"):
                if (folder / f"{gone[1]}{suffix}").is_file():
                    return (f"{error.removesuffix('.')}; it is {rel}/{gone[1]}{suffix}, in a "
                            "folder whose name is not ASCII, where pdfLaTeX did not look (such "
                            "a name through a macro, \\graphicspath{{\\figdir/}}, reaches it "
                            "spelled otherwise): rename the folder with ASCII letters and digits"
                            " (and where the paper names it), then sync again")
    return None


def _sources(main: Path, log: Path) -> list[Path]:
    """The main file and the paper's ``.tex`` files its compile's log says it opened."""
    try:
        logged = texlog.log_text(log)
    except OSError:
        logged = ""
    found = [main]
    for name in _OPENED.findall(logged):
        path = main.parent / name
        if not Path(name).is_absolute() and path.is_file() and path not in found:
            found.append(path)
    return found


def _found(main: Path, log: Path, pattern: re.Pattern) -> tuple[str, str] | None:
    """Where ``pattern`` first matches in the paper's sources (outside comments): the file
    and line (``main.tex:29``), and the source it matched."""
    for path in _sources(main, log):
        text = read_bounded(path, _LIMIT) or ""
        if match := pattern.search(blanked(text)):
            line = text.count("\n", 0, match.start()) + 1
            return f"{_name(path, main.parent)}:{line}", text[match.start():match.end()]
    return None


def _name(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.name


def unwritten(folder: Path, error: str) -> str | None:
    """Why TeX, compiling in ``folder``, refused to write the file its first ``error`` names
    (``I can't write on file `x'``), and what to do; None for another error. A paranoid TeX
    (``openout_any=p``) writes no name outside its folder, none with a part starting with a
    dot (round 37, P3: ``.latexmkrc``; round 38, P3c: ``.git/hooks/x``), and makes no
    folder (``sec/x`` where the copy holds no ``sec/``: an empty folder is not copied). `figures
    pack` reads its compile's error through it, and sync's probe its stop (hostile round 54h,
    A2: "mend it so it compiles", no word of why)."""
    written = re.search(r"can't write on file `([^']*)'", error)
    if written is None:
        return None
    name = Path(written[1])
    if name.is_absolute() or ".." in name.parts:
        return ("TeX writes no file outside the folder it compiles in (openout_any=p): write "
                "that file inside it")
    if any(part.startswith(".") for part in name.parts):
        return ("TeX writes no file in a folder or of a name starting with a dot "
                "(openout_any=p): name it without the dot")
    if not (folder / name).parent.is_dir():
        return (f"TeX makes no folder, and {display_path(name.parent.as_posix())}/ is not there "
                "(an empty folder is neither copied nor packed): write the file beside the main "
                "file")
    return None
