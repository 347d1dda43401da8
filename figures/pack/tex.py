"""The paper's compile, twice: once in a temporary copy of its folder with latexmk's recorder
on, to learn exactly which files it reads; once from the archive alone, in an empty folder,
with pdflatex as arXiv runs it (no shell escape, no bibtex: the ``.bbl`` is packed).

Neither writes anything into the paper's folder.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import shutil
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from figures import runner, texlog
from figures.errors import FigureDataError, LatexError
from figures.pack import frames, gpaths, inputs, leftout
from figures.pack.environ import alone, expanded_hint, in_home_tree, refuse_expanded, search_paths
from figures.pack.images import eps_refusal
from figures.pack.leftout import BUILD_PRODUCTS, hidden, left_out_why
from figures.paper import outside, rewritten
from figures.paper.latexmkrc import rc_not_run
from figures.texhints import explained, unwritten

_FLAGS = ("-interaction=nonstopmode", "-halt-on-error", "-file-line-error", "-no-shell-escape")


@dataclass(frozen=True)
class Recorded:
    """What the paper's compile read from its folder (paths relative to it, sorted), and
    what a tool latexmk ran made for it and TeX read (bibtex's ``.bbl``, makeindex's
    ``.ind``; the paper's own ``.bbl``): arXiv runs neither tool."""

    sources: tuple[str, ...]
    made: dict[str, bytes]
    pdf: bytes
    #: Of ``sources``, those only opened (``\\IfFileExists``, ``\\read``), not input.
    opened_only: tuple[str, ...] = ()
    #: Of ``opened_only``, those opened only by LaTeX's own test (``\\IfFileExists``, the
    #: name looked up for an ``\\include`` that ``\\includeonly`` leaves out): never read,
    #: packed empty. The others were opened outside a test, read as data (a pgfplots table):
    #: packed as they are (:func:`openings`). One only looked up by name, never tested,
    #: whose empty stand-in arXiv would take for a packed PDF's source (``plot.tex`` beside
    #: ``plot.pdf``) is not packed at all (hostile round 29, A2).
    tested: tuple[str, ...] = ()
    #: Of ``sources``, those pdfTeX embedded whole (an attachment) and TeX never read as
    #: source (:func:`figures.pack.inputs.attached`): packed as they are.
    embedded: tuple[str, ...] = ()
    #: The files TeX read as input, in its order (:func:`figures.pack.inputs.sequence`), None
    #: when LaTeX listed none.
    order: tuple[tuple[str | None, int], ...] | None = None
    #: Of ``sources``, the last line TeX read of each input file it said
    #: (:func:`figures.pack.inputs.read_to`): what follows is no part of the paper.
    read_to: dict[str, int] = field(default_factory=dict)
    #: The environments comment.sty hid (:func:`figures.pack.inputs.read_to`).
    excluded: frozenset[str] = frozenset()


#: Files from this size on are linked into the copy, not copied: the compile reads them where
#: they are, and an unused 2 GB file costs nothing.
LINK_BYTES = 1 << 20


def _left_out(here: Path, name: str) -> bool:
    """What the copy leaves out: hidden files (``.git``, arXiv deletes them), build products,
    what is not a file or folder (a pipe would block the copy, a dangling link fail it)."""
    path = here / name
    return hidden(name) or name.endswith(BUILD_PRODUCTS) or not (path.is_file()
                                                                  or path.is_dir())


def copy_paper(paper: Path, copy: Path, keep: frozenset[str] = frozenset()) -> set[str]:
    """``paper`` copied to ``copy`` as pdflatex would read it, without what :func:`_left_out`
    names: folders made anew (writable, whatever the paper's modes), small files copied
    (contents only), large files and linked folders linked (never read here). A file or
    folder the user may not read is left out, as TeX passes it by (kpathsea's R_OK): its
    name returned, for the compile that needs it (round 47b, K9); another failure is one line."""
    copy.mkdir()
    work = copy.parent.resolve()  # inside the paper when TMPDIR is: never copied into itself
    denied: set[str] = set()
    for folder, folders, files in os.walk(paper, onerror=lambda exc: denied.add(
            os.path.relpath(exc.filename, paper))):  # a linked folder: linked, not walked
        here, there = Path(folder), copy / Path(folder).relative_to(paper)
        folders[:] = [n for n in folders if not _left_out(here, n) and (here / n).resolve() != work]
        for name in [*folders, *files]:
            source, target = here / name, there / name
            try:
                if source.is_symlink() and source.is_dir():
                    if not here.resolve().is_relative_to(source.resolve()):  # not a loop
                        target.symlink_to(source.resolve(), target_is_directory=True)
                elif source.is_dir():
                    target.mkdir()
                elif _left_out(here, name) and (
                        source.relative_to(paper).as_posix() not in keep):  # another's .aux
                    continue
                elif source.stat().st_size >= LINK_BYTES:
                    target.symlink_to(source.resolve())
                else:
                    shutil.copyfile(source, target)
            except PermissionError:
                denied.add(source.relative_to(paper).as_posix())
            except OSError as exc:
                full = exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)  # the copy's side
                raise FigureDataError(str(source), None, (
                    f"cannot be copied to compile the paper ({exc.strerror} in the temporary "
                    "folder: free space there, or set TMPDIR)") if full else
                    f"cannot be read to compile the paper: {exc.strerror}") from None
    return denied


#: Bibtex's word that the paper cites nothing (its ``.blg``): latexmk runs it for a class
#: loading natbib (tufte-handout) and stops there, though pdfTeX made the PDF.
NOTHING_CITED = "I found no \\citation commands"


def latexmk(main: Path, out: Path, *flags: str, file: str | None = None,
            hint: str = "") -> tuple[object, bool]:
    """:func:`figures.runner.latexmk`, and when its one error is bibtex's
    :data:`NOTHING_CITED` (pdfTeX said none), latexmk again without bibtex (``-g -bibtex-``:
    every rerun pdfTeX asks for is made): the run, and whether bibtex was left out (hostile
    round 24, S6: "did not compile" of a paper that compiles)."""
    ran = runner.latexmk(main, out, *flags, file=file, hint=hint)
    if ran.returncode == 0 or not texlog.first_error(
            out / f"{main.stem}.log", ran.stdout).startswith(NOTHING_CITED):
        return ran, False
    return runner.latexmk(main, out, *flags, "-g", "-bibtex-", file=file, hint=hint), True


def record(paper: Path, main: Path, work: Path, keep: frozenset[str] = frozenset()) -> Recorded:
    """Compile a copy of ``paper`` (hidden files left out) in ``work`` with
    ``latexmk -recorder``; what it read from the paper's own files, and its ``.bbl``.
    ``keep``: build products copied all the same (another document's ``.aux`` that xr or
    zref-xr reads: :func:`external_aux`)."""
    copy, out = work / "paper", work / "out"  # TeX writes in out alone: never through a link
    denied = copy_paper(paper, copy, keep)
    ran = latexmk(copy / main.name, out, "-recorder", "-g", "-file-line-error",
                  f"-usepretex={inputs.PRETEX}", file=main.name)[0]
    stem = main.stem
    if ran.returncode != 0 and (name := leftout.denied_named(denied, texlog.first_error(
            out / f"{stem}.log", ran.stdout), ran.stdout, copy)):  # (49b, K4: its gpath)
        raise FigureDataError(str(paper / name), None, leftout.DENIED)
    if ran.returncode != 0 and (found := {os.path.normpath(name) for name in leftout.named(
            texlog.first_error(out / f"{stem}.log", ran.stdout))  # pgfplots' 'logs/train.log'
            if leftout.data_left_out(paper, name)} - keep):  # (hostile round 25, PL, LL)
        (work / "again").mkdir()
        return record(paper, main, work / "again", keep | found)
    _said(ran, out, main, "in a copy of the paper's folder")
    recorded = runner.recorded(out / f"{stem}.fls", copy)
    read, written = (_inside(paths, copy) for paths in recorded)
    refuse_expanded(recorded[0], paper, copy, out, sorted(read), main.name)  # ~/x (K29/K30)
    made = {name: (out / name).read_bytes() for name in  # read there, not written by TeX
            sorted(_inside(recorded[0], out) - _inside(recorded[1], out)) if (out / name).is_file()}
    if f"{stem}.bbl" in read and f"{stem}.bbl" not in made:  # the paper's own
        made[f"{stem}.bbl"] = (copy / f"{stem}.bbl").read_bytes()
    build_products = written | {f"{stem}.bbl"} | set(made)
    sources = sorted(name for name in read if (paper / name).is_file()
                     and name not in build_products and (name in keep or not _left_out(paper, name)))
    logged = inputs.log_text(out / f"{stem}.log")
    ends, hidden = inputs.read_to(out)
    order = inputs.sequence(out)
    as_tex = None if order is None else {name for name, _ in order if name is not None}
    input_ = inputs.read_as_input(as_tex, logged)
    opened = () if input_ is None else tuple(n for n in sources if n not in input_
                                             and n != main.name and not inputs.typeset(logged, n))
    seen = openings(out / f"{stem}.fls", copy, out)
    read = seen["read"]
    shadows = {n for n in opened if n not in read | seen["tested"]  # only looked up: plot.tex
               and any(leftout.beside_tex(pdf, {n}) for pdf in sources)}  # for plot (A2)
    sources, opened = ([n for n in names if n not in shadows] for names in (sources, opened))
    if clash := leftout.removed_beside_tex(sources, keep):  # \VerbatimInput{x.log}, \input{x}
        raise LatexError(main.name, None, clash)
    if pdf := leftout.pdf_beside_tex(sources):  # \input{figs/plot} beside figs/plot.pdf
        raise LatexError(pdf[0], None, pdf[1])
    found = {os.path.normpath(name) for name, _, reader in inputs.missing(logged)
             if (reader != "latex" and external_aux(paper, name, main))
             or leftout.data_left_out(paper, name)} - keep  # \verbatiminput{logs/run.out}
    if found:  # \externaldocument{supplement}: its .aux, copied (hostile round 25, XR)
        (work / "again").mkdir()
        return record(paper, main, work / "again", keep | found)
    for name, words, reader in inputs.missing(logged):  # \IfFileExists{.extra/results}
        if not (out / name).exists() and (why := left_out_why(paper, name, reader)):
            raise LatexError(main.name, None, f"reads {name} where it exists (LaTeX's log in "
                             f"the copy: {words}); {why}")
    if left := inputs.left_outside(paper, logged):  # \verbatiminput{../x}
        inputs.refuse_outside(paper, left[0], {name: runner.read_bounded(paper / name, 1 << 24)
                                               or "" for name in sources}, main.name)
    return Recorded(tuple(sources), made, (out / f"{stem}.pdf").read_bytes(), tuple(opened),
                    tuple(n for n in opened if n not in read),
                    tuple(sorted(n for n in inputs.attached(logged, as_tex, main.name)
                                 if n in sources)), read_to=ends, excluded=frozenset(hidden),
                    order=None if order is None else tuple(order))


def external_aux(paper: Path, name: str, main: Path) -> bool:
    """Whether ``name``, which xr or zref-xr looked for, is another document's ``.aux`` of
    the paper's folder (a supplement's: its labels), which the archive ships as it is as
    arXiv asks (not hidden, not outside, not the main file's own)."""
    name = os.path.normpath(name)
    return (name.endswith(".aux") and not name.startswith(("/", "..")) and not any(
        hidden(part) for part in name.split("/")) and Path(name).stem != main.stem
            and (paper / name).is_file())


def openings(fls: Path, copy: Path, out: Path) -> dict[str, set[str]]:
    """The files of ``copy`` (relative to it) the compile whose recorder list is ``fls``
    opened, by where: ``read`` outside LaTeX's own tests and look-ups, ``tested`` by a test
    (``\\IfFileExists``), ``looked up`` by a name look-up (``\\set@curr@file``: TeX's
    default ``.tex`` found for ``\\includegraphics{plot}``). The pretex brackets each test
    between an opening of :data:`~figures.pack.inputs.LISTED` and one of
    :data:`~figures.pack.inputs.READ_TO` in ``out``, each look-up between one of
    :data:`~figures.pack.inputs.LOOKED` and one of ``READ_TO`` (the recorder lists every
    opening, in order), so what opens between no such pair was read: input, or read line by
    line as data (pgfplots' ``\\addplot table``, a PostScript figure's bounding box)."""
    found: dict[str, set[str]] = {"read": set(), "tested": set(), "looked up": set()}
    try:
        lines = fls.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    except OSError:
        return found
    marks = {os.path.normpath(out.resolve() / name): kind for name, kind in (
        (inputs.LISTED, "tested"), (inputs.LOOKED, "looked up"), (inputs.READ_TO, None))}
    root, cwd, within = copy.resolve(), copy, []
    for line in lines:
        kind, _, name = line.partition(" ")
        if kind == "PWD":
            cwd = Path(name)
        elif kind == "INPUT":
            path = Path(os.path.normpath(cwd / name))
            if str(path) in marks:
                within = [*within, marks[str(path)]] if marks[str(path)] else within[:-1]
            elif path.is_relative_to(root):
                found[within[-1] if within else "read"].add(path.relative_to(root).as_posix())
    return found


def _not_regular(path: Path) -> str:
    """What ``path`` is when it exists and is no regular file or folder (a named pipe, a
    device: never opened), else ""."""
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        return ""
    return "" if stat.S_ISREG(mode) or stat.S_ISDIR(mode) else (
        "a named pipe (FIFO)" if stat.S_ISFIFO(mode) else "a device or socket")


def _inside(paths: list[Path], root: Path) -> set[str]:
    """Those of ``paths`` inside ``root``, relative to it (TeX's own files are not)."""
    real_root = root.resolve()
    return {p.relative_to(real_root).as_posix() for p in paths if p.is_relative_to(real_root)}


def prove(folder: Path, main: str, paper: Path | None = None) -> tuple[bytes, int]:
    """Compile ``main`` in ``folder`` (the unpacked archive of ``paper``) as arXiv does:
    pdflatex with no shell escape and no bibtex, again while it asks for a rerun; files
    outside the folder and the user's own TeX tree and environment out of reach (an empty
    HOME: :func:`alone`). The PDF and how many runs it took."""
    command = ["pdflatex", *_FLAGS, runner.tex_argument(main)]
    log = folder / f"{Path(main).stem}.log"
    runs, lists = 0, _lists(folder, main)
    with tempfile.TemporaryDirectory() as home:
        for runs in range(1, 5):
            ran = runner.run(command, folder, env=alone(folder), file=Path(main).name,
                             home=Path(home))
            _said(ran, folder, folder / main, "from the archive alone", paper)
            text = texlog.log_text(log) if log.is_file() else ""
            lists, before = _lists(folder, main), lists
            if "Rerun to get" not in text and (runs > 1 or "undefined" not in text) \
                    and lists == before:
                break
    return (folder / f"{Path(main).stem}.pdf").read_bytes(), runs


#: Round 31 (F13): the forced-final compile's limit: :data:`FORCED_TIMES` the archive's own
#: run, at least :data:`FORCED_FLOOR_S` seconds, at most the runner's (:func:`prove_final`).
FORCED_FLOOR_S, FORCED_TIMES = 60.0, 10


def prove_final(folder: Path, main: str, took: float = 0.0,
                paper: Path | None = None) -> tuple[bytes, str] | float | str:
    """Once more in ``folder`` (where :func:`prove` ran: its ``.aux`` read back, so the pages
    break alike), ``main`` compiled forced final (:data:`figures.pack.frames.FINAL`), ``paper``'s
    folder searched after it (a file only a final TeX reads is not in the archive: round 33,
    P15, P16): the PDF and the log's text; its first error when it fails; its limit in seconds (from
    ``took``, one run of :func:`prove`) when it did not end within it: ten times that run (1.14
    times its time on a page, benchmarks/pack_forced_final.py; round 31, F13), at the floor."""
    searched, n = ".:", 1  # round 35, S3: kpathsea reads no ':{},$' in a folder's name on a
    if paper is not None:  # path: a link of a plain name neither folder holds (round 36, A8)
        while any(os.path.lexists(where / f"figures-pack-paper-{n}") for where in (folder, paper)):
            n += 1
        link = folder / f"figures-pack-paper-{n}"
        link.symlink_to(paper, target_is_directory=True)
        searched += f"{link.name}:"
    stem = Path(main).stem
    limit = float(min(runner.TIMEOUT_S, max(FORCED_FLOOR_S, FORCED_TIMES * took)))
    try:
        with tempfile.TemporaryDirectory() as home:
            ran = runner.run(["pdflatex", *_FLAGS, f"-jobname={stem}",
                              f"{frames.FINAL}\\input{{{main}}}"], folder, env=alone(folder)
                             | {"TEXINPUTS": searched}, file=main, timeout=limit, home=Path(home))
    except LatexError as exc:  # stopped: the archive's own reading stands
        return limit if f"took over {limit:g} s" in exc.message else exc.message
    pdf, log = folder / f"{stem}.pdf", folder / f"{stem}.log"
    if ran.returncode != 0 or not pdf.is_file():  # its first error (round 35, M9)
        return texlog.first_error(log, ran.stdout)
    return pdf.read_bytes(), inputs.log_text(log)


#: The job's own files a run writes that no next run reads back: every other file named
#: after the job is a list a run writes and the next reads back, maybe with no "Rerun" line
#: (a ``\\tableofcontents``, hostile round 25, TC; changes' ``.loc``, round 35, Q1c;
#: glossaries' entries in the ``.aux``, round 38, L2): rerun while one changes, as latexmk
#: does, without the lines every run writes alike (latexmk's: a plain paper runs once).
_NOT_READ_BACK = frozenset({".log", ".pdf", ".fls", ".synctex", ".gz", ".tex"})
_EVERY_RUN = re.compile(rb"^(?:\\relax|\\gdef\s*\\@abspage@last\{\d+\})\s*$\n?", re.MULTILINE)


def _lists(folder: Path, main: str) -> dict[str, bytes]:
    """The digest of each file of the job ``main``'s in ``folder`` a next run may read back
    (one with nothing in it yet, or only :data:`_EVERY_RUN`'s lines, is as none)."""
    kept = {p.name: _EVERY_RUN.sub(b"", p.read_bytes()).strip() for p in folder.iterdir()
            if p.name.startswith(f"{Path(main).stem}.") and p.suffix not in _NOT_READ_BACK
            and p.is_file()}
    return {name: hashlib.sha256(text).digest() for name, text in kept.items() if text}


def _said(ran, out: Path, main: Path, where: str, paper: Path | None = None) -> None:
    """One line when the compile of ``main`` (its files written in ``out``; of ``paper``'s
    archive, else in its own folder) failed."""
    pdf = out / f"{main.stem}.pdf"
    if ran.returncode == 0 and not pdf.is_file():
        raise LatexError(main.name, None, (
            f"{Path(ran.args[0]).name} ended without writing {pdf.name} beside {main.name} "
            f"{where} (an output folder set in the paper?); the pack compiles in place and "
            "arXiv does too: remove that setting"))
    if ran.returncode != 0:
        error = explained(texlog.first_error(log := out / f"{main.stem}.log", ran.stdout), log, main)
        bib = re.search(r"Bib file\(s\) not found in search path:\s+(\S+)", ran.stdout)
        if bib:  # latexmk then said "All targets () are up-to-date"
            error = f"File `{bib.group(1)}' not found (the bibliography's .bib)" + \
                leftout.bib_missing_hint(main, bib.group(1))
        missing = re.search(r"File `([^']+)' not found", error)
        eps = missing and (main.parent / f"{missing.group(1)}.eps")
        if eps and eps.is_file():  # named without .eps: what epstopdf's restricted escape prints
            at = re.match(r"(?:\./)?(.+?):(\d+):", error)
            raise LatexError(eps.relative_to(main.parent).as_posix(), None, eps_refusal(
                main.parent, eps.relative_to(main.parent).as_posix(), "not found by pdflatex "
                f"for \\includegraphics{{{missing.group(1)}}}" + (f" ({at[1]}:{at[2]})" if at else "")))
        if missing and _not_regular(main.parent / missing.group(1)):  # left out of the copy
            error = (f"{missing.group(1)} is {_not_regular(main.parent / missing.group(1))}, "
                     "not a regular file (TeX would wait on it, or read it without end): the "
                     "pack takes only regular files; make it one (or remove its include)")
        elif missing and where.endswith("alone") and (hint := expanded_hint(missing[1])):
            error = error.removesuffix(".") + hint  # ~/x, $VAR/x (round 45b, K29/K30)
        elif missing and where.endswith("alone") and (home := in_home_tree(missing[1])):
            error = error.removesuffix(".") + (
                f"; the paper's compile found it at {home}, in your own TeX tree (TEXMFHOME), "
                "outside the paper's folder, which alone is packed: copy it into the folder")
        elif missing and where.endswith("alone") and (exported := search_paths(missing[1])):
            error = error.removesuffix(".") + (f"; the paper's compile found it through {', '.join(exported)} (exported "
                      "in your shell), outside the paper's folder, which alone is packed: copy "
                      "it into the folder")
        elif missing and (hint := rc_not_run(main.parent, error, main.name)):
            error = error.removesuffix(".") + hint
        elif missing and re.fullmatch(r"[\w.-]+\.(?:sty|cls)", missing[1]) and next(
                main.parent.rglob(missing[1]), None) is None:  # round 45b, K9: no biblatex
            error = error.removesuffix(".") + (
                f"; this machine's TeX has no {missing[1]}, nor has the paper's folder: install "
                f"the package that holds it (TeX Live: `tlmgr search --global --file "
                f"/{missing[1]}`; Debian: `apt-file search {missing[1]}`), or copy it into the "
                "paper's folder")
        elif refused := unwritten(main.parent, error):  # \openout{/abs/x}
            error = f"{error.removesuffix('.')}; {refused}"
        elif missing and (way := outside.subfile_of(main, "pack", Path(os.path.normpath(
                main.absolute().parent / missing[1])))):  # its main file (round 52h, P7)
            error = f"{error.removesuffix('.')}; {way}"
        elif any(m in error for m in ("`../", "`/", " ../")):  # \input{../x}, a ../x.bst
            error += leftout.move_in(re.search(r"(?:`| )((?:\.\./|/)[^'\s]*)", error)[1])
        elif missing and (beyond := gpaths.climbing(root := paper or main.parent,
                                                    root / main.name)):  # (round 50b, K24)
            error += f"; {beyond}"
        elif "-shell-escape" in error:  # minted, an external pgfplots/tikz
            error += ("; the pack compiles without shell escape, as arXiv does: freeze what "
                      "needs it (minted's frozencache, tikz's externalized PDFs) into the folder")
        elif missing and ".." in missing.group(1).split("/"):  # figs/../figs/x: no hidden x
            error += ("; the pack compiles as a paranoid TeX (openin_any=p), which opens no "
                      "name with .. in it: write the path without ..")
        elif why := leftout.explained(error, main.parent, missing and missing[1]):
            error = why  # 'logs/run(.log)', {logo} in a hidden folder (round 50b, K29)
        raise LatexError(main.name, None, f"does not compile {where}: "
                         f"{rewritten.in_pack_error(main, out, error)}")  # round 39, F4
