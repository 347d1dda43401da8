"""One pack, start to end: the main file, what its compile reads, the figures checked, the
comments stripped, the archive written and proven to compile in an empty folder."""

from __future__ import annotations

import contextlib
import functools
import os
import re
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from figures import runner
from figures.errors import FigureDataError, LatexError, display_path, shell_word
from figures.mainfile import ARXIV_LIMIT, passed_over
from figures.pack import (
    anonymity,
    archive,
    frames,
    hidden,
    images,
    inputs,
    leftout,
    noted,
    notices,
    onpage,
    order,
    pages,
    proof,
    scrub,
    tex,
    unsynced,
)
from figures.pack.strip import after_line, comment_lines, ending, strip_comments
from figures.paper import aside, disclosure
from figures.paths import input_folder_of, is_inside
from figures.pdf import open_pdf
from figures.texcodec import binary
from figures.texread import blanked, learned

#: What TeX reads that keeps its comments: packages (their ``%`` line ends matter) and
#: figures; every other text file it reads is source (``.tex``, ``.tikz``, ``.txt``, ``.TEX``).
#: PostScript figures: ``%%BoundingBox`` is a comment to strip, and pdftex.def reads it with
#: \\openin (a file only opened is packed empty), yet the figure needs it.
POSTSCRIPT = (".eps", ".ps", ".mps")
#: arXiv's processing directives beside the main file (compiler, stamp, hyperref): shipped.
ARXIV_DIRECTIVES = ("00README.json", "00README.XXX", "00README")
KEPT_SUFFIXES = (".sty", ".cls", ".clo", ".cfg", ".def", ".fd", ".ldf", ".bst",
                 *images.IMAGE_SUFFIXES, *POSTSCRIPT)
#: Of those, TeX's own (the first ones, not ``.bst``): what follows where TeX's reading of
#: one ended goes, as in every source.
_TEX_KEPT = 7
#: A file TeX reads verbatim (a listing's ``code.py``: ``"%d" % 3`` was cut at its ``%``).
_VERBATIM_INPUT = re.compile(r"\\(?:lstinputlisting|[BL]?VerbatimInput|verbatiminput"
                             r"|verbatimtabinput|verbinput|verbfilebox"
                             r"|(?:inputminted|listinginput)\s*(?:\[[^\]]*\])?\s*\{[^}]*\})\*?\s*"
                             r"(?:\[[^\]]*\]\s*)?\{([^}]+)\}")


def _verbatim(paper: Path, sources: tuple[str, ...] | list[str], opened_only: tuple[str, ...] = (),
              read_in: tuple[tuple[str | None, int], ...] | None = None,
              excluded: frozenset[str] = frozenset()) -> tuple[set[str], order.Readings]:
    """The files the paper's TeX reads verbatim, whose ``%`` is no comment: packed as they are;
    and how TeX reads the others, in its order (:mod:`figures.pack.order`), knowing what the
    files before define to be read verbatim (in ``defs.tex``, or the paper's own
    ``labmacros.sty``, used in ``intro.tex``); ``read_in``: TeX's order (None: unknown); ``excluded``: the
    environments comment.sty hid, hidden in every file."""
    found, texts = set(), {}
    for name in sources:
        if not name.lower().endswith((*images.IMAGE_SUFFIXES, *POSTSCRIPT, ".bst")) and \
                name not in opened_only:  # (a .bst is bibtex's, \openin'd data is no TeX)
            texts[name] = runner.read_bounded(paper / name, 1 << 24) or ""
            text = blanked(texts[name], verbatim=True, hidden=True)  # a commented-out one: none
            found |= {os.path.normpath(m.strip()) for m in _VERBATIM_INPUT.findall(text)}
    texts = {os.path.normpath(name): text for name, text in texts.items()  # a listing's code.py:
             if os.path.normpath(name) not in found and not binary(
                 text.encode("utf-8", errors="surrogateescape"))}  # a font: no TeX
    hidden = (frozenset(("comment", name) for name in excluded), frozenset())  # in every file
    known = learned(list(texts.values()))
    return found, order.readings(texts, read_in, (known[0] | hidden[0], known[1]), hidden)


@dataclass
class Packed:
    out: Path
    main: str
    files: list[str]
    size: int
    figures: images.Figures
    runs: int
    warnings: list[str] = field(default_factory=list)

    def summary(self) -> str:
        ours, foreign = len(self.figures.ours), len(self.figures.foreign)
        return (f"packed {display_path(self.out)} from {display_path(self.main)}: "
                f"{len(self.files)} files, "
                f"{self.size / 1024:.1f} KiB; "
                f"figures: {ours + foreign} ({ours} ours, current; {foreign} not ours); "
                f"compiles from the archive alone ({self.runs} pdflatex runs); "
                f"warnings: {len(self.warnings)}")


def pack(paper: Path, out: Path, figdata_dir: Path, *, main: str | None = None,
         anonymous: bool = False, allow_synthetic: bool = False,
         venues_file: Path | None = None) -> Packed:
    """Write the paper's archive to ``out``; :class:`FigureDataError` (one line) when it
    cannot be made or does not compile, and then nothing is written."""
    if not paper.is_dir():
        raise FigureDataError(str(paper), None, f"{'not a' if paper.exists() else 'no such'} "
                              "folder: give the paper's folder")
    kind = archive.kind_of(out)
    main_tex = runner.find_main(paper, main)
    runner.refuse_latexmk_name(main_tex)
    _refuse_out(out, paper, figdata_dir)
    folder, paper = paper, main_tex.parent  # the paper's folder is its main file's, as for `figures paper`
    with tempfile.TemporaryDirectory(prefix="figures-pack-") as work:
        try:
            recorded = tex.record(paper, main_tex, Path(work))
        except LatexError as error:  # a pack before sync (round 42a, A15)
            raise unsynced.told(error, paper, main_tex, folder, main, figdata_dir,
                                allow_synthetic) or error from None
    found = images.check(paper, tuple(n for n in recorded.sources  # (a figure pgf places too)
                                      if n not in recorded.tested), figdata_dir,
                         allow_synthetic=allow_synthetic, venues_file=venues_file)
    links, (raw, known) = HardLinks(paper), _verbatim(paper, recorded.sources,
                                                        recorded.opened_only, recorded.order,
                                                        recorded.excluded)
    listed = {n for n in raw if n.lower().endswith(".tex") and n in recorded.sources
              and n not in recorded.opened_only}  # input as TeX, and named by a listing
    raw = (raw - listed) | set(recorded.embedded) | {  # an attachment: its bytes, not TeX;
        os.path.normpath(n) for n in recorded.opened_only if n not in recorded.tested}  # data
    emptied = [n for n in recorded.tested  # only tested for: never read, never shipped
               if not n.lower().endswith(POSTSCRIPT) and os.path.normpath(n) not in raw]

    source = inputs.read_by_paper(recorded.order, recorded.sources)  # \input{macros.def}
    lined: dict[tuple[str, bytes], bytes] | None = {} if anonymous else None  # round 42a, A10

    def packed(name: str, keep: frozenset[str] = frozenset()) -> bytes:
        return _packed(paper, name, anonymous, links, os.path.normpath(name) in raw, known,
                       recorded.read_to.get(os.path.normpath(name)), keep,
                       os.path.normpath(name) in source, lined)

    links.refuse_many(paper, [n for n in recorded.sources if n not in emptied])
    files = {name: b"" if name in emptied else packed(name) for name in recorded.sources}
    files.update((name, _packed(paper, name, anonymous, links, verbatim=True))  # TeX reads
                 for name in ARXIV_DIRECTIVES if (paper / name).is_file())  # none: arXiv does
    for name, made in recorded.made.items():  # the paper's own (no .bib): checked as a source
        if (paper / name).is_file() and (paper / name).read_bytes() == made:
            _own_file(paper, name, links)
        files[name] = _as_packed(made, name, anonymous, os.path.normpath(name) in raw, known,
                                 lined=lined)
    found.warnings += pages.unprinted(files, recorded.pdf, anonymous=anonymous)  # slides.pdf
    variants = {name: functools.partial(packed, name)
                for name in recorded.sources if name not in emptied and os.path.normpath(
                    name) not in raw and not name.lower().endswith(images.IMAGE_SUFFIXES)}
    (data, pdf, runs, texts, logged, forced), files = proof.proved_or_kept(
        paper, files, variants, kind, main_tex.name, recorded.pdf, found.warnings,
        functools.partial(_why_kept, listed=listed, cut=lambda name: _cut_at(
            paper, name, known, recorded.read_to.get(os.path.normpath(name))),
                          lines=lambda name: _comment_lines(paper, name, known)),
        lambda name: len(_comment_lines(paper, name, known)))
    from figures.pack.cropped import cropped
    from figures.pack.printed import off_width  # built for another page (round 25, RB2)

    found.warnings += off_width(pdf, main_tex.name, paper, found.ours, files)  # 50b, K9
    cut = cropped(pdf, files, paper, found.ours, main_tex.name)  # round 39, F7/F10 and K4
    found.warnings += cut.ours
    if eps := [name for name in files if name.lower().endswith((".eps", ".ps"))
               and any(Path(name).name in page for page in texts[1])]:  # graphicx's stand-in
        raise FigureDataError(eps[0], None, tex.eps_refusal(paper, eps[0]))
    if (framed := frames.framed(paper, main_tex, texts[1], logged, pdf, forced,
                                found.warnings)) is not None:
        raise framed  # draft: round 26, asked of TeX (round 30)
    if emptied:
        found.warnings.append(f"{_some(emptied)}: only opened (tested with \\IfFileExists, or "
                              "an \\include that \\includeonly leaves out), never read as "
                              "input: packed empty, their contents stay here")
    found.warnings += notices.ancillary(paper, list(files))  # arXiv's anc/: TeX read none
    found.warnings += notices.directives(files, main_tex.name)  # round 37, K12
    found.warnings += notices.conflicts(files, paper)  # git's <<<<<<< left in (round 54h, K2)
    if anonymous:
        by_line = {name: lined.get((name, data), data) for name, data in files.items()}
        authors, said = disclosure.authors_named(by_line)  # at the source's lines (45b, K17)
        said += anonymity.in_sources(by_line, authors, paper)  # lines: the source's
        said += anonymity.in_archive_name(out, authors, paper)
        told = disclosure.disclosed(pdf, paper, authors)
        if told:  # at the line that sets it, every finding (round 42, A34)
            raise anonymity.stopped(told, paper, sorted(files), main_tex.name)
        sources = notices.texts(by_line)  # notes TeX discards, an image cropped on the page
        notes, stop = noted.told(sources, texts[1], pdf)  # a note's author (48b, K20)
        if stop is not None:
            raise stop
        compiled = [disclosure.folded(text) for text in texts[1]]
        shown = [name for name in authors if any(disclosure.folded(name) in text
                                                 for text in compiled)]
        reader = open_pdf(pdf)  # what a reader shows beside the pages (round 33, A1, A3)
        found.warnings += said + notes + onpage.told(texts[1], files, main_tex.name, said,
                                                               logged)
        found.warnings += aside.told(reader, paper, authors, main_tex.name, texts[1])
        found.warnings += anonymity.printed_metadata(paper, list(files), texts[1],
                                                     aside.links(reader), aside.bookmarks(reader))
        told = {name: line for name, line in notices.clipped_by_name(sources, list(files)).items()
                if name not in found.ours}  # ours printed cropped: said above, once
        found.warnings += hidden.told(sources, texts[1]) + notices.comment_characters(
            sources) + list(told.values()) + [
            line for names, line in cut.images.items() if not told.keys() & set(names)]
        if shown:
            found.warnings.append(anonymity.compiled_names(
                shown, by_line, os.path.relpath(main_tex, folder)))
    differs = proof.first_difference(*texts)
    if differs is not None:
        found.warnings.append(f"{display_path(main_tex.name)}: the PDF from the archive differs "
                              f"from the paper's own compile ({differs}{proof.first_line(*texts)}): "
                              "look at what was stripped, and at any file it reads by a name "
                              "outside its folder (absolute, or ../: never packed)")  # round 37, P6
    if large := archive.too_large(out.name, len(data), files, ARXIV_LIMIT):  # round 42, A56
        found.warnings.append(large)
    if main is None and (other := passed_over(folder, main_tex, set(map(os.path.normpath,
                                                                         files)))):
        found.warnings.insert(0, other)  # round 36, C5: which main file, said first
    archive.write_atomic(out, data)
    return Packed(out, os.path.relpath(main_tex, folder), sorted(files), len(data), found,
                  runs, found.warnings)


class HardLinks:
    """How many names of a file of the paper's folder are outside it: a hard link (``ln
    ~/secret P/notes.tex``) is no link to resolve but the same file under several names.
    The folder is walked once, and only when a packed file has several names."""

    def __init__(self, paper: Path) -> None:
        self.root, self.inside = paper.resolve(), None

    def outside(self, real: Path) -> int:
        info = real.stat()
        if info.st_nlink == 1:
            return 0
        if self.inside is None:
            self.inside = {}
            for folder, _, files in os.walk(self.root):
                for file in files:
                    with contextlib.suppress(OSError):
                        name = (Path(folder) / file).lstat()
                        if name.st_nlink > 1 and stat.S_ISREG(name.st_mode):
                            key = (name.st_dev, name.st_ino)
                            self.inside[key] = self.inside.get(key, 0) + 1
        return max(info.st_nlink - self.inside.get((info.st_dev, info.st_ino), 0), 0)

    def refuse_many(self, paper: Path, names: list[str]) -> None:
        """One line naming every file of ``names`` with a name outside the folder, when more
        than one has (a folder backed up with ``cp -al``, as rsnapshot leaves it: every file
        was refused one a run; round 49b, K23); one such file is :func:`_own_file`'s line."""
        linked = [name for name in names if (real := (paper / name).resolve()).is_file()
                  and real.is_relative_to(self.root) and self.outside(real)]
        if len(linked) > 1:
            shown = ", ".join(map(display_path, linked[:3])) + " ..." * (len(linked) > 3)
            raise FigureDataError(linked[0], None, (
                f"{len(linked)} of the paper's files are hard links with a name outside its "
                f"folder ({shown}; a backup made with cp -al?): the pack takes only the "
                "paper's own files; make each a copy of its own (cp NAME x && mv x NAME), or "
                "pack a copy of the folder (cp -r)"))


def _packed(paper: Path, name: str, anonymous: bool, links: HardLinks,
            verbatim: bool = False, known: order.Readings | None = None,
            read_to: int | None = None, keep: frozenset[str] = frozenset(),
            source: bool = False, lined: dict[tuple[str, bytes], bytes] | None = None) -> bytes:
    """What the archive holds of ``name``: a regular file inside the paper's folder (links
    resolved), comments stripped from its text and what TeX never read of it (after line
    ``read_to``), metadata from a figure (anonymous); ``keep``: what of it the stripping
    leaves in (:data:`figures.pack.strip.KINDS`); ``source``: named like a package's part, read
    by the paper itself (:func:`figures.pack.inputs.read_by_paper`), stripped as a source;
    ``lined``: :func:`_as_packed`'s."""
    return _as_packed(_own_file(paper, name, links).read_bytes(), name, anonymous, verbatim,
                      known, read_to, keep, source, lined)


def _as_packed(data: bytes, name: str, anonymous: bool, verbatim: bool = False,
               known: order.Readings | None = None, read_to: int | None = None,
               keep: frozenset[str] = frozenset(), source: bool = False,
               lined: dict[tuple[str, bytes], bytes] | None = None) -> bytes:
    """``data``, the text of a source or a file made for it (a ``.bbl``, an ``.ind``), as
    the archive holds it: comments stripped from a text, metadata from a figure (anonymous);
    ``lined``: where a stripped text's copy whose lines are the source's is kept, by its name
    and archive bytes (the lines the checks name: hostile round 42a, A10, A13)."""
    if (source or not name.lower().endswith(KEPT_SUFFIXES)) and not binary(data) and \
            not verbatim:
        text = data.decode("utf-8", errors="surrogateescape")
        reading = (known or order.Readings((frozenset(), frozenset()))).of(name, text)
        made = [strip_comments(text, read_to=read_to, reading=reading, keep=keep, lines=lines
                               ).encode("utf-8", errors="surrogateescape")
                for lines in ((False, True) if lined is not None else (False,))]
        if lined is not None:
            lined[name, made[0]] = made[1]
        return made[0]
    if name.lower().endswith(KEPT_SUFFIXES[:_TEX_KEPT]) and not binary(data) and read_to \
            and "tail" not in keep:
        text = data.decode("utf-8", errors="surrogateescape")  # a package's notes after its
        end = after_line(text, read_to)  # \endinput: never read, though its comments stay
        data = text[:end].encode("utf-8", errors="surrogateescape") if end else data
    return scrub.without_metadata(data, name) if anonymous else data


def _own_file(paper: Path, name: str, links: HardLinks) -> Path:
    """``paper / name``, one line unless it is a regular file inside the paper's folder
    (links resolved) with no hard link outside it."""
    path = paper / name
    real = path.resolve()
    if not real.is_relative_to(paper.resolve()) or not real.is_file():
        raise FigureDataError(name, None, leftout.not_own(paper, name))  # (51b-2, B2)
    if outside := links.outside(real):
        raise FigureDataError(name, None, leftout.hard_link(paper, name, outside,
                                                            real.stat().st_nlink))
    return path


def _cut_at(paper: Path, name: str, known: order.Readings,
            read_to: int | None) -> tuple[int, bool] | None:
    """The line of ``name`` after which its stripping cut what TeX was taken never to read,
    and whether TeX said so (else the reading guessed it); None: nothing was cut."""
    text = runner.read_bounded(paper / name, 1 << 24) or ""
    end = ending(text, read_to, known.of(name, text))
    return None if end is None else (text.count("\n", 0, end), end == after_line(text, read_to))


def _comment_lines(paper: Path, name: str, known: order.Readings) -> list[int]:
    text = runner.read_bounded(paper / name, 1 << 24) or ""
    return comment_lines(text, known.of(name, text))


def _why_kept(name: str, kept: frozenset, listed: set[str], cut, lines=None) -> str:
    """What of ``name`` the fallback kept (:func:`figures.pack.proof.proved_or_kept`), and
    what that says went wrong: the words name the cause, not a guess at every cause."""
    if kept and all(isinstance(k, int) for k in kept):  # (those numbered: some comments)
        at = sorted((lines(name) if lines else [])[k] for k in kept)
        why = _why_kept(name, frozenset({"comments"}), listed, cut)[len("its comments"):]
        return (f"its comment on line {at[0]}" + why.replace("them", "it") if len(at) == 1
                else "its comments on lines " + ", ".join(map(str, at)) + why)
    if kept == {"comments"}:
        return "its comments (" + ("a listing prints them: \\lstinputlisting or the like "
                                    "lists this file" if os.path.normpath(name) in listed else
                                    "a % taken for a comment is text to TeX there: a \\verb "
                                    "or \\url in an argument, a catcode change, a listing "
                                    "through a macro") + ")"
    if kept == {"hidden"}:
        return ("the bodies of its environments read as hidden (comment.sty's comment, or one "
                "\\excludecomment names: one of them prints here, an environment of the "
                "paper's own by that name, or one \\includecomment shows again)")
    if kept == {"tail"}:
        line, told = cut(name) or (0, False)
        return f"what follows its line {line}, " + (
            "where TeX's record said its reading ended (TeX read on: that record is wrong)"
            if told else "where the reading took an \\endinput or \\end{document} to have run "
            "(TeX read on)")
    return ("all that stripping takes out: its comments, hidden environments and what follows "
            "its end (no one of them alone mends it)")


def _some(names: list[str]) -> str:
    shown = ", ".join(display_path(n) for n in names[:3])
    return shown + (f" (and {len(names) - 3} more)" if len(names) > 3 else "")


def _refuse_out(out: Path, paper: Path, figdata_dir: Path) -> None:
    """The archive never lands in the paper's folder (there it could replace one of the
    paper's files, and the next pack would read it as an input) nor among our inputs,
    through any link."""
    if out.exists() and not out.is_file():
        raise FigureDataError(str(out), None, "--out is not a file; name the archive file "
                              "(e.g. --out paper.tar.gz)")
    inputs = input_folder_of(out, figdata_dir)
    if is_inside(out, paper) or inputs is not None:
        where = "the paper's folder" if inputs is None else inputs
        suffix = ".zip" if archive.kind_of(out) == "zip" else ".tar.gz"
        beside = paper.resolve().parent / f"{paper.resolve().name}{suffix}"
        link = f"a link to {os.path.relpath(out.resolve())}, " if out.is_symlink() else ""  # 53h K3
        raise FigureDataError(str(out), None, f"--out is {link}inside {where}; write the archive "
                              f"outside it (e.g. --out {shell_word(os.path.relpath(beside))}, "
                              "beside the paper's folder)")  # from where it ran (51b-2, B3)
