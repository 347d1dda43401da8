"""Which of the files a compile opened TeX read as input, asked of LaTeX itself: its file
hook names every file ``\\input``, ``\\include``, ``\\usepackage`` or the class loads, and
graphicx logs every image; a file the recorder saw opened and neither names was only opened
by ``\\openin``: tested for (``\\IfFileExists``), or read line by line (a data table).

One only tested for is packed empty (the test gives the same answer, and nothing of it
leaves the machine: a linked ``~/.ssh`` key, a 2 GB file); one opened outside LaTeX's own
tests was read, and is packed as it is (:func:`figures.pack.tex.openings`).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from figures.errors import LatexError, display_path
from figures.texread import blanked

#: The file TeX writes the names into, in the compile's folder.
LISTED = "fap-inputs.lst"
#: The file TeX writes, for each file LaTeX inputs, the last line it read of it.
READ_TO = "fap-read.lst"
#: An empty file TeX opens before each of LaTeX's name look-ups (:data:`PRETEX`).
LOOKED = "fap-looked.lst"
#: Given to latexmk (``-usepretex``): before the paper (LaTeX 2020-10 and later; an older
#: one does none of it, and every opened file counts as read, read whole):
#:
#: - each file LaTeX inputs, written to :data:`LISTED` as ``LINE|PATH|FILE`` as it opens
#:   (LINE: the line of the file reading it, 0 for the main file), and ``<LINE`` as it ends:
#:   TeX's reading order (:func:`sequence`);
#: - each file LaTeX's own test (``\\IfFileExists``, ``\\InputIfFileExists``) does not find,
#:   logged as ``\\input`` logs one (``No file NAME.``): a missing file is no error there, so
#:   the copy's compile silently takes the other branch where the author's found
#:   ``../defs.tex`` beside her folder (:func:`left_outside`);
#: - each of LaTeX's tests (``\\IfFileExists@``) between an opening of :data:`LISTED` and one
#:   of :data:`READ_TO`, and each name look-up (``\\set@curr@file``, ``\\include``'s and
#:   graphicx's too) between one of :data:`LOOKED` and one of :data:`READ_TO`: the recorder
#:   lists every opening in order, so a file opened between no such pair was read, not only
#:   tested for, and one opened only in a look-up was not even tested (``plot.tex``, which
#:   TeX's default extension finds for ``\\includegraphics{plot}``: hostile round 29, A2)
#:   (:func:`figures.pack.tex.openings`);
#: - the line each input file's reading ended at, written to :data:`READ_TO`: where an
#:   ``\\endinput`` ran (TeX's own, however reached: a macro of the paper's, a conditional
#:   of any kind; expl3's ``\\file_input_stop:``), or the file's last line (``\\everyeof``).
#:   What TeX never read of a file is no part of the paper (:func:`read_to`);
#: - in :data:`LISTED` too: ``R<LINE`` where TeX's own ``\\input`` (``\\input name``, no
#:   braces; the kernel's ``\\@input``, a ``.toc``: no file hook sees them) opens a file,
#:   ``)`` where a file's reading ends (as above), and ``E<LINE`` where ``\\end{document}``
#:   ran: the files open then, each read to the line that opened the next (:func:`read_to`);
#: - each environment comment.sty's ``\\excludecomment`` (or versions.sty's
#:   ``\\excludeversion``) hides, whoever calls it (acmart's ``anonymous,review`` hides
#:   ``anonsuppress`` and ``acks``): :func:`read_to`.
PRETEX = (r"\ifdefined\AddToHook\newwrite\fapinputs\immediate\openout\fapinputs=" + LISTED
          + r"\AddToHook{file/before}{\immediate\write\fapinputs{\the\inputlineno|"
          r"\CurrentFilePathUsed|\CurrentFileUsed}}\AddToHook{file/after}{\immediate\write"
          r"\fapinputs{<\the\inputlineno}}\begingroup\catcode64=11 \global\let\fap@iffe\IfFileExists@"
          r"\long\gdef\IfFileExists@#1#2#3{\fap@tests\fap@iffe{#1}{\fap@tested#2}{\fap@tested"
          r"\immediate\write-1{No file \detokenize{#1}.}#3}}"
          r"\gdef\fap@tests{\openin\@inputcheck=" + LISTED + r"\relax\closein\@inputcheck}"
          r"\gdef\fap@tested{\openin\@inputcheck=" + READ_TO + r"\relax\closein\@inputcheck}"
          r"\gdef\fap@looks{\openin\@inputcheck=" + LOOKED + r"\relax\closein\@inputcheck}"
          r"\ifdefined\set@curr@file@aux\global\let\fap@curr\set@curr@file@aux"
          r"\gdef\set@curr@file@aux#1{\fap@looks\fap@curr{#1}\fap@tested}\fi"
          r"\newwrite\fapread\immediate\openout\fapread=" + LOOKED
          + r"\immediate\closeout\fapread\immediate\openout\fapread=" + READ_TO
          + r"\gdef\fap@last{}\protected\gdef\fap@eof{\xdef\fap@last{\the\inputlineno}"
          r"\immediate\write\fapinputs{)}}"
          r"\global\everyeof\expandafter{\the\everyeof\fap@eof}\global\let\fap@endinput"
          r"\endinput\protected\gdef\endinput{\fap@eof\fap@endinput}\expandafter\protected"
          r"\expandafter\gdef\csname file_input_stop:\endcsname{\fap@eof\fap@endinput}"
          r"\def\fap@input{\@ifnextchar\bgroup\@iinput\@@input}\ifx\input\fap@input\gdef"
          r"\input{\@ifnextchar\bgroup\@iinput\fap@raw}\fi\gdef\fap@raw{\immediate\write"
          r"\fapinputs{R\the\inputlineno}\@@input}\def\fap@input#1{\IfFileExists{#1}{\@@input"
          r"\@filef@und}{\typeout{No file #1.}}}\ifx\@input\fap@input\gdef\@input#1{"
          r"\IfFileExists{#1}{\fap@raw\@filef@und}{\typeout{No file #1.}}}\fi"
          r"\AddToHook{file/before}"
          r"{\gdef\fap@last{}}\AddToHook{file/after}{\ifx\fap@last\@empty\else\immediate"
          r"\write\fapread{\fap@last|\CurrentFilePathUsed|\CurrentFileUsed}\gdef\fap@last{}"
          r"\fi}\AddToHook{enddocument}{\immediate\write\fapinputs{E\the\inputlineno}}"
          + "".join(
              rf"\AddToHook{{package/{package}/after}}{{\global\let\fap@{command}\{command}"
              rf"\gdef\{command}#1{{\immediate\write\fapread{{C|\detokenize{{#1}}}}"
              rf"\fap@{command}{{#1}}}}}}" for package, command in (
                  ("comment", "excludecomment"), ("versions", "excludeversion")))
          + r"\endgroup\fi")
_GRAPHIC = re.compile(r"^File: (.+) Graphic file \(type ", re.MULTILINE)
#: pdfTeX's own word, at shipout, for an image it embeds in the PDF (``<./figs/plot.pdf>``):
#: whatever command placed it (pgf's ``\\pgfimage``, ``\\pgfdeclareimage``, beamer's
#: ``\\logo``, ``\\pdfximage``), which graphicx's log line misses (hostile round 24, N10).
_SHIPPED = re.compile(r"<(?!use )(?:\./)?([^<>\n]+?\.(?:pdf|png|jpe?g|jbig2|jb2))>", re.IGNORECASE)
#: pdfTeX's word for a file it embedded whole in the PDF (attachfile's ``\\attachfile``,
#: embedfile's ``\\embedfile``: ``\\pdfobj stream file``): read, as it is, not as TeX.
_EMBEDDED = re.compile(r"<<([^<>\n]+)>>")


def log_text(log: Path) -> str:
    """A compile's log, read once for every reading below ("" when there is none)."""
    try:
        return log.read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        return ""


def sequence(folder: Path) -> list[tuple[str | None, int]] | None:
    """The files (relative to ``folder``, the compile's) LaTeX input as TeX, in the order it
    read them, from its file hook's list: ``(name, line)`` as one opens (at that line of the
    file reading it), ``(None, line)`` as one ends; None when LaTeX listed none (too old)."""
    try:
        text = (folder / LISTED).read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        return None
    found: list[tuple[str | None, int]] = []
    for line in text.splitlines():
        number, _, rest = line.partition("|")
        path, _, file = rest.rpartition("|")
        if line.startswith("<"):
            found.append((None, int(line[1:]) if line[1:].isdigit() else 0))
        elif number.isdigit() and (name := (f"{path}/{file}" if path else file).strip()):
            found.append((os.path.normpath(name), int(number)))  # (R, ), E: read_to's
    return found


def _open_at_end(text: str) -> dict[str, int]:
    """The files open where ``\\end{document}`` ran, from :data:`LISTED`'s ``text``, and
    the last line TeX read of each: that line for the innermost, and for each other the line
    where it opened the next (TeX reads no more of any of them: an ``\\end{document}`` in a
    ``footer.tex`` ends ``main.tex`` at its ``\\input{footer}``). A file TeX's own
    ``\\input`` opened (``R``) is held open to its ``)``, or to its parent's end; its name
    unsaid, its own end is the reader's."""
    stack: list[tuple[str | None, int]] = []  # (name, None: TeX's own \input; line it opened at)
    for line in text.splitlines():
        number, _, rest = line.partition("|")
        if line == ")" and stack and stack[-1][0] is None:
            stack.pop()
        elif line.startswith("<"):
            while stack and stack.pop()[0] is None:
                pass  # a file the hook closes closes what it opened
        elif line[:1] == "R" and line[1:].isdigit():
            stack.append((None, int(line[1:])))
        elif line[:1] == "E" and line[1:].isdigit():
            ends, at = {}, int(line[1:])
            for name, opened in reversed(stack):
                if name is not None:
                    ends[name] = at
                at = opened
            return ends
        elif number.isdigit() and (file := rest.rpartition("|")[2].strip()):
            path = rest.rpartition("|")[0]
            stack.append((os.path.normpath(f"{path}/{file}" if path else file), int(number)))
    return {}


#: What a package or a class reads beside its ``.sty`` or ``.cls``: a class's size options,
#: a package's configuration, definitions, font and language files. The paper's own such
#: file is its source when the paper reads it itself (``\\input{macros.def}``).
PACKAGE_PARTS = (".clo", ".cfg", ".def", ".fd", ".ldf")


def read_by_paper(order: tuple[tuple[str | None, int], ...] | None,
                  sources: tuple[str, ...]) -> set[str]:
    """Those of ``sources`` named like a package's part (:data:`PACKAGE_PARTS`) that TeX's
    reading ``order`` (:func:`sequence`) shows no package or class opened (one the paper read
    with ``\\input``, ``\\input{..}`` or ``\\include``): none when the order is unknown."""
    if not order:
        return set()
    stack, by_package = [], set()  # the files open, innermost last
    for name, _ in order:
        if name is None:
            if stack:
                stack.pop()
            continue
        if stack and stack[-1].lower().endswith((".sty", ".cls", *PACKAGE_PARTS)):
            by_package.add(name)
        stack.append(name)
    return {os.path.normpath(n) for n in sources if n.lower().endswith(PACKAGE_PARTS)} - by_package


def read_to(folder: Path) -> tuple[dict[str, int], set[str]]:
    """What the pretex wrote to :data:`READ_TO` in the compile in ``folder``, read once, and
    to :data:`LISTED` where ``\\end{document}`` ran (:func:`_open_at_end`):

    - of each file LaTeX input (relative to ``folder``), the last line TeX read of it, the
      most of its readings (an include guard's second reading stops early): what follows was
      never read (after an ``\\endinput`` however reached, or after ``\\end{document}``, in
      that file or in one it reads: its own line that reads that one is its last); none
      for a file whose end TeX did not say (a file read in a package's own ``\\everyeof``,
      LaTeX before 2020-10): read whole;
    - the environments comment.sty's ``\\excludecomment`` (versions.sty's ``\\excludeversion``)
      hid, whoever called it (the paper, its own package, a class such as acmart for review):
      their bodies are hidden text, stripped as comments are."""
    try:
        text = (folder / READ_TO).read_text(encoding="utf-8", errors="surrogateescape")
        listed_text = (folder / LISTED).read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        return {}, set()
    ends, owned, at = _open_at_end(listed_text), _own_ends(listed_text), 0
    hidden = {line[2:].strip() for line in text.splitlines() if line.startswith("C|")}
    for line in text.splitlines():
        number, _, rest = line.partition("|")
        path, _, file = rest.rpartition("|")
        name = os.path.normpath(f"{path}/{file}" if path else file)
        if number.isdigit() and file.strip():
            found = next((k for k in range(at, len(owned)) if owned[k][0] == name), None)
            at = at if found is None else found + 1
            if found is None or owned[found][1]:  # (a number not its own: the reader's end)
                ends[name] = max(ends.get(name, 0), int(number))
    return ends, hidden


def _own_ends(text: str) -> list[tuple[str, bool]]:
    """Each file the hook saw end, in :data:`LISTED`'s ``text``, in order, and whether the
    last end of a reading before it (``)``) was its own: not that of a file TeX's own
    ``\\input`` opened inside it (``R``: the ``.aux``, ``\\input sub``), whose last line the
    pretex would write as this file's when this one ends unseen (an ``\\endinput`` the hook
    does not see: expl3's ``\\tex_endinput:D``)."""
    stack: list[str | None] = []  # open files: a name, None for TeX's own \input
    owned, last = [], None  # last: the line before, and whether a ``)`` closed a raw read
    for line in text.splitlines():
        if line == ")":
            raw = bool(stack) and stack[-1] is None
            if raw:
                stack.pop()
            last = "raw" if raw else "own"
            continue
        if line.startswith("<"):
            name = None
            while stack and (name := stack.pop()) is None:
                pass  # a file the hook closes closes what it opened
            owned.append((name, last == "own"))
        elif line[:1] == "R" and line[1:].isdigit():
            stack.append(None)
        elif (number := line.partition("|"))[0].isdigit() and (
                file := number[2].rpartition("|")[2].strip()):
            path = number[2].rpartition("|")[0]
            stack.append(os.path.normpath(f"{path}/{file}" if path else file))
        last = None
    return owned


def typeset(logged: str, name: str) -> bool:
    """Whether the log's text ``logged`` shows ``name`` opened by TeX's own ``\\input`` (its
    ``(./name``), which LaTeX's file hook does not see: ``\\input name`` without braces,
    ``\\@@input``, the kernel's ``\\@input``, catchfile's ``\\CatchFileDef``: TeX source
    all the same (a file only ``\\openin``'d never opens so)."""
    return any(f"{opening}{name}" in logged for opening in ("(./", '("./'))


def read_as_input(as_tex: set[str] | None, logged: str) -> set[str] | None:
    """The files LaTeX input (``as_tex``, from :func:`sequence`), graphicx included, pdfTeX placed
    as an image or embedded, the last three from its log's text ``logged``; None when LaTeX
    listed none."""
    if as_tex is None:
        return None
    return as_tex | {os.path.normpath(name.strip()) for name in [
        *_GRAPHIC.findall(logged), *_SHIPPED.findall(logged), *embedded(logged)]
        if name.strip()}


#: pdfTeX's word as graphicx reads an image's size (``<figs/plot.png, id=3, 144.54pt x
#: 108.405pt>``), which it does in draft mode too, where it then places no image.
_SIZED = re.compile(r"<(?:\./)?([^<>\n]+?), id=\d+, [\d.]+pt x [\d.]+pt>")


def unplaced(logged: str) -> set[str]:
    """Round 28 (D2): the images the compile whose log's text is ``logged`` sized and placed
    nowhere (no ``File: NAME Graphic file`` line): graphicx in draft mode prints a frame with
    the file's name in their place, whatever the source seems to say (lines TeX broke at 79
    characters joined first)."""
    whole = re.sub(r"(?m)^(.{79})\n", r"\1", logged)
    return {os.path.normpath(name.strip()) for name in _SIZED.findall(whole)} - placed(logged)


def placed(logged: str) -> set[str]:
    """Round 29: the images graphicx placed (``File: NAME Graphic file``) in the compile whose
    log's text is ``logged``: printed, whatever draft the source seems to ask."""
    whole = re.sub(r"(?m)^(.{79})\n", r"\1", logged)
    return {os.path.normpath(name.strip()) for name in _GRAPHIC.findall(whole)}


def embedded(logged: str) -> list[str]:
    """The files pdfTeX embedded whole in the PDF (an attachment), named in the log's text
    ``logged``: packed as they are unless TeX also reads them as source (:func:`attached`)."""
    return [os.path.normpath(name.strip()) for name in _EMBEDDED.findall(logged)]


def attached(logged: str, as_tex: set[str] | None, main: str) -> set[str]:
    """Of the files embedded whole (:func:`embedded`), the attachments alone: not ``main``
    nor one LaTeX input as TeX (``as_tex``): a source first (``\\embedfile{\\jobname.tex}``,
    an ``\\input{intro}`` also attached), stripped as every source, and the archive's PDF
    then attaches the stripped file, the one the archive holds."""
    return set(embedded(logged)) - (as_tex or set()) - {os.path.normpath(main)}


#: LaTeX's own word for a file it looked for and did not find (``\\@input``'s, verbatim's
#: ``\\verbatiminput``'s: each tests the file first, and a missing one is no error).
_NO_FILE = re.compile(r"^No file (.+)\.$", re.MULTILINE)


#: The other readers' words for a file they looked for and went on without (hostile round
#: 25, XR, TP): xr's (xr-hyper's) ``\\externaldocument``, zref-xr's ``\\zexternaldocument``
#: (another document's ``.aux``: its labels), pgf's ``plot file`` (a curve's data).
_NOT_READ = {
    "xr": re.compile(r"Package xr Warning:\s*(?:\(xr\)\s*)?No file (\S+?)\.?\s*\n"),
    "zref-xr": re.compile(r"Package zref-xr Warning: File `([^'\n]+)' not found or empty"),
    "pgf": re.compile(r"Package pgf Warning: Plot data file `([^'\n]+)' not found\."),
}


def missing(logged: str) -> list[tuple[str, str, str]]:
    """Each file a compile's log ``logged`` says was looked for and not found: ``(name, the
    log's words, the reader)``, the reader ``latex`` (``No file NAME.``: LaTeX's own tests,
    ``\\input``'s, verbatim's) or one of :data:`_NOT_READ` (lines TeX broke at 79
    characters joined first)."""
    found = [(name.strip().strip('"'), f"No file {name.strip()}.", "latex")
             for name in _NO_FILE.findall(logged)]
    whole = re.sub(r"(?m)^(.{79})\n", r"\1", logged)
    for reader, said in _NOT_READ.items():
        found += [(m[1], " ".join(m[0].split()).removesuffix(","), reader)
                  for m in said.finditer(whole)]
    return found


def left_outside(paper: Path, logged: str) -> list[tuple[str, str]]:
    """The files the compile whose log's text is ``logged`` looked for by a name outside its folder
    (absolute, or climbing out with ``..``) and did not find there, though the paper's own
    compile reads them (they are, from ``paper``): the archive is without them. And those it
    embedded whole by such a name (an attachment): pdfTeX's embedding reads past
    ``openin_any``, so the proof compile found it, and an archive without it does not
    compile."""
    said = {Path(name): f"as TeX's log says: {words}" for name, words, _ in missing(logged)}
    said |= {Path(name): "embedded whole in its PDF" for name in  # \attachfile{/x}
             embedded(logged)}  # (pdfTeX's embedding reads past openin_any)
    return [(str(name), why) for name, why in said.items() if (
        name.is_absolute() or ".." in name.parts)
            and any((paper / f"{name}{tex}").is_file() for tex in ("", ".tex"))]


def refuse_outside(paper: Path, left: tuple[str, str], texts: dict[str, str],
                   main: str) -> None:
    """Stop the pack on ``left`` (a name and why, which :func:`left_outside` found): one line
    naming it and the command of the paper's files ``texts`` that reads it."""
    name, why = left
    said = re.compile(r"\\([A-Za-z@]+)\*?\s*(?:\[[^\]]*\]\s*)?\{\s*" + re.escape(name)
                      + r"\s*\}")
    file, command = next(((file, found[1]) for file, text in texts.items()
                          if name in text and (found := said.search(blanked(text)))), (main, None))
    shown = display_path(name)
    why = f"\\{command}, {why}" if command else why
    real, root = (paper / name).resolve(), paper.resolve()
    if real.is_relative_to(root):  # figs/../figs/x, or /home/me/paper/x: the paper's own
        raise LatexError(file, None, (
            f"reads {shown}, a file of the paper's folder by a name the archive's compile "
            f"cannot open, absolute or through .. ({why}): write it "
            f"{real.relative_to(root).as_posix()}"))
    from figures.pack.leftout import move_in

    raise LatexError(file, None, f"reads {shown}, outside the paper's folder ({why})"
                     + move_in(name))
