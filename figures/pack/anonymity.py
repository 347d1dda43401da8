"""What an anonymous pack's sources still say of who wrote them, found in the packed bytes
themselves (the archive is what a reviewer downloads, not only its PDF), with the patterns of
:mod:`figures.paper.disclosure`: home folder paths, the user's and the machine's names, e-mail
addresses, ``\\author``'s names. One line per kind and file, with the line of each."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from figures import runner
from figures.errors import FigureDataError, display_path
from figures.pack.environ import exported_files
from figures.pack.pixeldata import without_pixels
from figures.paper.disclosure import (
    EMAIL,
    SOURCE_HOME,
    identifying,
    on_this_machine,
    printed_on,
    printed_path,
)
from figures.paper.emails import PLAIN_EMAIL, addresses
from figures.paper.names import fused, in_address
from figures.texcodec import binary, decoded
from figures.texread import blanked

#: An ORCID iD (four groups of four digits, the last may be X): it resolves to its author's
#: page (hostile round 45b, K7: acmart's ``\\orcid{..}`` shipped under --anonymous unsaid).
ORCID = re.compile(rb"(?<![\d-])\d{4}-\d{4}-\d{4}-\d{3}[\dX](?![\d-])")
#: Files whose bytes no pattern can read: compressed or archived (a data or code bundle).
_COMPRESSED = ((b"\x1f\x8b", "a gzip-compressed file"), (b"PK\x03\x04", "a zip archive"),
               (b"BZh", "a bzip2-compressed file"), (b"\xfd7zXZ\x00", "an xz-compressed file"),
               (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
               (b"\x28\xb5\x2f\xfd", "a zstd-compressed file"))


def in_sources(files: dict[str, bytes], authors: list[str], paper: Path) -> list[str]:
    """One line per kind of disclosure and packed file, naming its first line (a text
    file's) and what was found there, then every other distinct one with its line (hostile
    round 37, K4: a second person's ``D:\\Users\\bob.jones`` two lines below the one told was
    not named); a spot once (``/root/papers/HR/``: the paper's folder, not also the home's).
    An image's or PDF's colour profile is read apart (K6: the pack keeps it, its colours exact;
    a PNG's is compressed), its line naming the profile's text that holds it, each text read
    decoded (hostile round 42, A19: an e-mail address in UTF-16 was read by no pattern)."""
    from figures.pack.scrub import colour_profiles

    said = []
    before = [*on_this_machine(paper), ("a home folder's path", SOURCE_HOME),
              ("an e-mail address", EMAIL), ("an ORCID iD", ORCID)]
    checks = [*before, *identifying(authors)]
    # a text's logins, each told, before the names (janet-smithson: the name Janet is a word
    # there too, and a name is told at its first place only: round 43, A50n); a figure's
    # bytes are read for what a program wrote
    in_text = [*before, *fused(authors), *identifying(authors)]
    for name, data in sorted(files.items()):
        for what, pattern in checks:  # a file's name is in the archive too
            if match := pattern.search(name.encode("utf-8", "surrogateescape")):
                shown = match.group().decode("utf-8", errors="replace")
                said.append(f"{display_path(name)}: {what} ({display_path(shown)}) in the "
                            "file's name: the archive discloses it; rename it (and its "
                            "include) for review")
        if packed := next((kind for magic, kind in _COMPRESSED if data.startswith(magic)), None):
            said.append(f"{display_path(name)}: {packed}, which the pack does not open: no "
                        "check read what it holds (names, addresses, paths): look inside it "
                        "before you submit, or leave it out")  # hostile round 45b, K13
            continue
        text = not binary(data) and not data.startswith((b"%PDF", b"\x89PNG"))  # (49b, K25)
        profiles = [] if text else colour_profiles(data)
        rest = data if text else without_pixels(data)  # not its pixels' noise (52h, K5)
        for profile, _ in profiles:  # a JPEG's is there as it is: told once, as the profile
            rest = rest.replace(profile, b"")
        plain = [(what, PLAIN_EMAIL if pattern is EMAIL else pattern) for what, pattern in checks]
        for what, each in _found(rest, in_text if text else plain,
                                 in_tex_live(name)).items():
            bib = _in_bib(paper, each[0][1]) if name.lower().endswith(".bbl") else None
            said.append(_told(display_path(name), what, each, text, bib=bib,
                              cited=what == "an author's name" and name.lower().endswith(".bbl")))
        for profile, texts in profiles:  # its texts decoded (UTF-16 mluc: A19), then as is
            read = b"\n".join(text.encode("utf-8", "surrogateescape") for text in texts.values())
            for what, each in _found(read + b"\n" + profile, checks, b"").items():
                where = next((f"its colour profile's {field}" for field, value in texts.items()
                              if each[0][1].lower() in value.lower()), "its colour profile")
                said.append(_told(display_path(name), what, each, False, where) + _PROFILE)
    return said


def in_archive_name(out: Path, authors: list[str], paper: Path) -> list[str]:
    """The line for an author's name or a login in the archive's own name, which the
    submission system keeps (round 49, from 49b K24: ``smithson-neurips26.tar.gz``, the
    default from the paper's folder, unsaid where a packed file's name is told)."""
    name = out.name.encode("utf-8", "surrogateescape")
    for what, pattern in [*on_this_machine(paper), *identifying(authors)]:
        if match := pattern.search(name):
            found = match.group().decode(errors="replace")
            return [(f"{display_path(out)}: {what} ({found}) in the archive's own name, which "
                     "the submission keeps: name it otherwise for review (--out review.tar.gz)")]
    return []


#: A source line that writes the compiled PDF's own fields: pdfTeX's primitives, hyperref's
#: keys (``pdfauthor=``, ``pdfinfo={...}``), ``\\DocumentMetadata``.
_SETS_PDF = re.compile(rb"\\pdf(?:info|trailer|catalog|names)(?![A-Za-z])|\\hypersetup|"
                       rb"\\DocumentMetadata|(?<![A-Za-z])pdf[a-z]+\s*=", re.IGNORECASE)
#: What to do of document information a finding says nothing of.
_INFO_ADVICE = "; remove {} from \\pdfinfo or hyperref's pdf... keys for the anonymous version"


def stopped(told: list[str], paper: Path, names: list[str], main: str) -> FigureDataError:
    """The stop for what the PDF compiled from the archive discloses (``told``:
    :func:`figures.paper.disclosure.disclosed`'s lines), hostile round 42 (A34): every finding
    named, not "(and 1 more)" (an author mends them all at once), and what to do of document
    information; at the source line of the paper's ``names`` (as the author wrote them) that
    holds the first's value and writes a PDF field (:data:`_SETS_PDF`, or up to three lines
    above it: ``\\hypersetup{`` alone), else at ``main``."""
    from figures.pack.images import IMAGE_SUFFIXES

    info = "document information "
    found = [told[0], *(line.removeprefix(info) if told[0].startswith(info) else line
                        for line in told[1:])]
    bare = [line for line in told if line.startswith(info) and ";" not in line]
    advice = _INFO_ADVICE.format("them" if len(bare) > 1 else "it") if bare else ""
    where = main
    value = re.search(r"\((.+)\)$", told[0].split("; ")[0].rpartition(": ")[2])
    wanted = re.sub(r"^(['\"])(.*)\1$", r"\2", value.group(1)).encode(  # a repr's quotes
        "utf-8", "surrogateescape") if value else b""  # off: 'Janet' (round 47b, K13)
    for name in names if len(wanted) >= 3 else []:
        if name.lower().endswith(IMAGE_SUFFIXES):
            continue
        try:
            lines = (paper / name).read_bytes().splitlines()
        except OSError:
            continue
        if (at := next((n for n, line in enumerate(lines) if wanted in line and any(
                _SETS_PDF.search(above) for above in lines[max(0, n - 3):n + 1])), None)) \
                is not None:
            where = f"{name}:{at + 1}"
            break
    return FigureDataError(where, None, "the PDF compiled from the archive discloses "
                           + "; ".join(found) + advice + "; the anonymous pack stops")


#: How many other disclosures of a kind a file's line names, the rest counted.
MOST_TOLD = 8


#: What a line of a colour profile's disclosure adds: the pack does not edit it.
_PROFILE = (" (the pack keeps a colour profile as it is, so the colours stay exact: embed "
            "another, such as sRGB, or rename it in a colour tool)")


def _found(data: bytes, checks: list[tuple[str, re.Pattern[bytes]]], template: bytes
           ) -> dict[str, list[tuple[int, str]]]:
    """Each kind's distinct disclosures in ``data``, ``(line, shown)``, what ``template`` (TeX
    Live's own file of that name) holds left out."""
    found: dict[str, dict[object, tuple[int, str]]] = {}
    spots: set[int] = set()
    for number, (what, pattern) in enumerate(checks):
        told = found.setdefault(what, {})
        for match in pattern.finditer(data):
            if match.start() in spots or match.group() in template:
                continue  # told as another kind; the template's own
            spots.add(match.start())
            shown = decoded(match.group()).replace("\x00", "")  # a Latin-1 name too
            shown = printed_path(shown) if pattern is SOURCE_HOME else shown
            while shown.endswith("}") and shown.count("}") > shown.count("{"):
                shown = shown[:-1]  # the group's brace after a name (Strau\ss{}})
            # a path, an address: each one; a name, a folder: each pattern's first
            for one in addresses(shown) if pattern is EMAIL else [shown]:  # a brace list's
                key = (number, one.lower() if pattern in (SOURCE_HOME, EMAIL, PLAIN_EMAIL) or
                       what.startswith("a login made of") else "")  # each login too (A50n)
                told.setdefault(key, (data.count(b"\n", 0, match.start()) + 1, one))
    return {what: list(each.values()) for what, each in found.items() if each}


def _in_bib(paper: Path, shown: str) -> str | None:
    """Where among the paper's ``.bib`` files (hidden folders aside) the text ``shown``, found
    in a ``.bbl``, is: ``refs.bib:10``, the line the author mends (bibtex makes the ``.bbl``
    anew from it: hostile round 39, K1); else in a ``.bib`` of the folders an exported
    ``BIBINPUTS`` names, by its path (round 47b, K1: ``/lab/bib/labrefs.bib:1``); None when
    no such ``.bib`` holds it."""
    wanted = shown.lower().encode("utf-8")
    bibs = []
    for here, dirs, names in os.walk(paper):
        dirs[:] = sorted(name for name in dirs if not name.startswith("."))
        bibs += [(Path(here) / name, True) for name in sorted(names)
                 if name.lower().endswith(".bib") and not name.startswith(".")]
    for bib, inside in [*bibs, *((bib, False) for bib in exported_files(".bib"))]:
        try:
            data = bib.read_bytes().lower()
        except OSError:
            continue
        if (at := data.find(wanted)) >= 0:
            line = data.count(b"\n", 0, at) + 1
            return f"{display_path(bib.relative_to(paper) if inside else bib)}:{line}"
    return None


def _told(name: str, what: str, each: list[tuple[int, str]], text: bool,
          where: str = "its metadata or content", bib: str | None = None,
          cited: bool = False) -> str:
    """The line of a file's disclosures of one kind: the first (its line), then the others
    (``and 1 more (D:\\Users\\bob.jones on line 13)``), at most :data:`MOST_TOLD` named; in a
    ``.bbl``, the ``bib`` line it came from (``main.bbl:14 (bibtex's, from refs.bib:10)``).
    An author's name in a ``.bbl`` is ``cited``: a reference the paper cites, which venues
    ask to keep in the third person, not to remove (hostile round 42a, A32)."""
    def shown(match: str) -> str:
        match = display_path(match)  # a path whole, other texts cut
        return match if "/" in match or "\\" in match else match[:60]

    (line, first), others = each[0], each[1:]
    where = f"{name}:{line}" if text else f"{name} ({where})"
    where += f" (bibtex's, from {bib})" if bib else ""
    there = f" from {bib.rpartition(':')[0]}" if bib else ""  # the author mends the .bib
    more = [f"{shown(match)} on line {at}" if text else shown(match)
            for at, match in others[:MOST_TOLD]]
    left = len(others) - MOST_TOLD  # round 38, K4b: "1 others"
    more += [f"{left} other{'s' if left > 1 else ''}"] if left > 0 else []
    also = f" and {len(others)} more ({', '.join(more)})" if others else ""
    them = "them" if others else "it"
    if cited:
        return (f"{where}: {what} ({shown(first)}){also} in the reference list (a work the "
                "paper cites): keep a self-citation in the third person, as venues ask "
                "(\"Smithson et al. show\", not \"our earlier work\"); remove only text that "
                "says the work is yours")
    return (f"{where}: {what} ({shown(first)}){also} in the packed source: the archive "
            f"discloses {them}; remove {them}{there} for review")


#: A venue's template, as its zip ships it beside the paper (``acmart.cls``, a ``.bst``).
TEMPLATE_SUFFIXES = (".cls", ".sty", ".bst", ".clo", ".cfg", ".def", ".bbx", ".cbx")


def in_tex_live(name: str) -> bytes:
    """The bytes of TeX Live's own file of ``name``'s file name (``kpsewhich``, from an empty
    folder, the user's own TeX tree and exported search paths out of reach), b"" when it has
    none: what that file holds (``permissions@acm.org`` in ``acmart.cls``) is the venue's
    template, not the author's disclosure (hostile round 25, CL1)."""
    if not name.lower().endswith(TEMPLATE_SUFFIXES) or not runner.have("kpsewhich"):
        return b""
    from figures.pack.tex import search_paths

    with tempfile.TemporaryDirectory() as empty:
        env: dict[str, str | None] = dict.fromkeys(search_paths())
        env["TEXMFHOME"] = str(Path(empty) / ".no-texmf-home")
        found = runner.run(["kpsewhich", Path(name).name], Path(empty), env=env).stdout.strip()
    try:
        return Path(found).read_bytes() if found else b""
    except OSError:
        return b""


def printed_metadata(paper: Path, packed: list[str], pages: list[str],
                     links: list[tuple[int, str]] = (), bookmarks: list[str] = ()) -> list[str]:
    """Round 26 (SU): one line per packed figure (a supplement appended with pdfpages, a
    screenshot) whose own metadata names who made it (:func:`figures.pack.scrub.who_made`:
    its /Author, XMP dc:creator, EXIF Artist, an e-mail address or user's name in any field)
    while the archive's compiled ``pages`` print that name, or, printed nowhere, one of its
    ``links``' addresses holds it (``(page, address)``, :func:`figures.paper.aside.links`;
    hostile round 33, A3: ``\\href{https://github.com/jsmith/figs}{online}``), or one of the
    review PDF's ``bookmarks`` (hostile round 34, O4: ``\\texorpdfstring{Code}{Code at
    github.com/jsmith/figs}``): the pack removes the metadata, not what the page prints. A
    warning, as a printed ``\\author`` name is; printed in an address of the page's text, the
    line names that address (round 34, N2: the author judges a cited ``docs.python.org/dev/``)."""
    from figures.pack.images import IMAGE_SUFFIXES
    from figures.pack.scrub import who_made

    said = []
    for name in sorted(packed):
        if not name.lower().endswith(IMAGE_SUFFIXES) or not (paper / name).is_file():
            continue
        data = (paper / name).read_bytes()
        for what, text in who_made(data, name):
            if (shown := printed_on(text, pages)) is None:
                linked = next(((found, page, address) for page, address in links
                               if (found := printed_on(text, [address])) is not None), None)
                marked = next((title for title in bookmarks if printed_on(text, [title])), None)
                if linked is None and marked is not None:
                    said.append(f"{display_path(name)}: {text!r} ({what}) is in the review "
                                f"PDF's bookmark {marked!r}, not printed but shown in every "
                                "reader's sidebar: the review copy names who made it; take it "
                                "out of the bookmark (\\texorpdfstring's second argument, "
                                "\\pdfbookmark) for review")
                    break
                if linked is None:
                    continue
                (form, _), page, address = linked
                said.append(f"{display_path(name)}: {form!r} ({what}) is in the address of "
                            f"the archive's link on page {page} ({display_path(address)}), "
                            "not printed but shown on hover and followed on click: the review "
                            "copy names who made it; point the link at an anonymous copy "
                            "(anonymous.4open.science) or leave it out for review")
                break
            if printed_on(text, _own_pages(data, name)) is not None:
                said.append(f"{display_path(name)} prints {shown[0]!r} ({what}) on page "
                            f"{shown[1]} of the archive: the review copy names who made it; "
                            f"anonymize {Path(name).name} itself (the pack removes only its "
                            "metadata)")
            else:  # the paper's own words print it: a credit, or an author (round 27, S1)
                address = in_address(shown[0], pages[shown[1] - 1]) \
                    if " " not in shown[0] else None
                address = f" (in the address {display_path(address)})" if address else ""
                said.append(f"{display_path(name)}: {shown[0]!r} ({what}) is printed on page "
                            f"{shown[1]} of the archive by the paper's text{address}, not by "
                            f"{Path(name).name}: if it names an author, remove it from the "
                            "text for review; if it credits someone else, leave it")
            break
    return said


def _own_pages(data: bytes, name: str) -> list[str]:
    """The texts of a packed PDF's own pages (what it prints wherever it is placed); none
    for an image, or a PDF pypdf cannot read."""
    from pypdf.errors import PyPdfError

    from figures.pack.proof import page_texts

    if not name.lower().endswith(".pdf"):
        return []
    try:
        return page_texts(data)
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError):
        return []


#: A source line that sets the names a class hides: ``\\author{...}`` (or a macro it reads on
#: the same line), and the author blocks of IEEEtran, authblk, acmart, llncs.
_NAMES_LINE = re.compile(rb"\\(?:author|affil|IEEEauthorblock[NA]|institute|affiliation|"
                         rb"icmlauthor)(?![A-Za-z])")
#: A command's argument the page never prints: a file, a label, a key, a link's address.
_UNPRINTED = re.compile(rb"\\(?:includegraphics|input|include|subfile|bibliography|"
                        rb"bibliographystyle|label|[cC]?ref|eqref|autoref|nocite|cite[a-zA-Z]*|"
                        rb"href)\*?(?:\[[^\]]*\])*\{[^}]*\}")


def compiled_names(shown: list[str], files: dict[str, bytes], main: str) -> str:
    """The line for ``\\author``'s names ``shown`` in the compiled text (hostile round 42a):
    where the body prints them (each source line outside the lines that set the names, A53:
    ``\\newcommand{\\myauthors}{Janet Smithson}\\author{\\myauthors}`` then "the Smithson
    method" at main.tex:19 was named nowhere; the main file's preamble prints nothing: a
    ``\\newcommand{\\myname}{...}`` there is printed by ``\\maketitle``), or, when only a
    ``.bbl`` holds them, a cited work in the reference list, which venues ask to keep in the
    third person (A32: not a disclosure to remove)."""
    # each source as TeX reads it (figures.texread: comments, \iffalse), the main file's
    # preamble left out, read once for every name
    read: dict[str, list[bytes]] = {}
    for name, data in sorted(files.items()):
        if name.lower().endswith((".tex", ".ltx")):
            lines = blanked(decoded(data), hidden=True).encode("utf-8", "surrogateescape")
            lines = lines.split(b"\n")
            body = next((at for at, line in enumerate(lines) if b"\\begin{document}" in line),
                        -1) if name == main else -1
            read[name] = [b""] * (body + 1) + lines[body + 1:]
    references = b"\n".join(data for name, data in files.items()
                             if name.lower().endswith(".bbl"))
    printed: list[str] = []
    in_references = False
    for what, pattern in identifying(shown):
        if what != "an author's name":
            continue
        in_references = in_references or bool(pattern.search(references))
        for name, lines in read.items():
            printed += [f"{display_path(name)}:{number}" for number, line in enumerate(lines, 1)
                        if pattern.search(code := _UNPRINTED.sub(b"", line))
                        and not _NAMES_LINE.search(code)]
    names = ", ".join(shown)
    if printed:
        at = sorted(set(printed), key=printed.index)
        more = f" and {len(at) - MOST_TOLD} more" if len(at) > MOST_TOLD else ""
        return (f"{at[0]}: {names} of \\author printed in the compiled text (at "
                f"{', '.join(at[:MOST_TOLD])}{more}): the review copy names an author, "
                "which the venue's anonymous option hides only in \\author: remove or "
                "anonymise the name there")
    if in_references:
        return (f"{display_path(main)}: {names} of \\author in the compiled text, in the "
                "reference list only (a work the paper cites): keep such a self-citation in "
                "the third person (\"Smithson et al. show\", not \"our earlier work\"), as "
                "venues ask; nothing to remove")
    return (f"{display_path(main)}: {names} of \\author in the compiled text: the review copy "
            "names an author (the venue's anonymous option hides them)")
