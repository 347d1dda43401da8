"""What the archive holds, or leaves out, that the page does not tell: an image cropped on the
page only (its whole file ships: hostile round 23, F3) and arXiv's ancillary folder, which
TeX never reads (round 25, AN). One warning line each, naming the file; nothing is refused.
(What the page prints that is no figure, graphicx's frames: :mod:`figures.pack.frames`.)"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

from figures.errors import display_path
from figures.pack.images import IMAGE_SUFFIXES
from figures.texcodec import binary, decoded, decoded_all
from figures.texread import blanked

#: arXiv's folder of ancillary files beside the main file (code, data it serves with the paper).
ANCILLARY = "anc"
#: graphicx's include (``*``: clipped) with its options; adjustbox's ``\\adjincludegraphics``.
_INCLUDE = re.compile(r"\\(?:adj)?includegraphics(\*)?\s*(?:\[([^\]]*)\]\s*)?(?:\[[^\]]*\]\s*)?"
                      r"\{([^{}]+)\}")
_CLIP = re.compile(r"(?:^|,)\s*clip\s*(?:=\s*true\s*)?(?:,|$)")
_CUT = re.compile(r"(?:^|,)\s*(?:viewport|bb)\s*=")
#: ``\\setkeys{Gin}{..}``: the options of each include after it (one level of braces).
_GIN = re.compile(r"\\setkeys\s*\{Gin\}\s*\{((?:[^{}]|\{[^{}]*\})*)\}")
_TRIM = re.compile(r"(?:^|,)\s*trim\s*=\s*((?:[^,{}]|\{[^{}]*\})*)")


def _cuts(options: str) -> bool:
    """Whether an include's options cut part of the image: a ``viewport`` or ``bb``, or a
    ``trim`` with any length above zero (``trim=0 0 0 0`` hides nothing: round 27, K2; a
    negative one adds margin: round 28, K2); one written by a macro or a length, which the
    pack cannot read, is taken to cut (:func:`_unread`; round 30, K1)."""
    if _CUT.search(options):
        return True
    if not (trims := _TRIM.findall(options)):
        return False
    lengths = re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)", trims[-1])  # the last one given
    return bool(_unread(options)) or not lengths or any(float(n) > 0 for n in lengths)


def _unread(options: str) -> str:
    """The ``trim`` of ``options`` (the last one given) when a macro or a length writes it
    (``0 0 \\mytrim{} 0``, ``0 0 0 \\tl``): the pack cannot read it; else ""."""
    trims = _TRIM.findall(options)
    return trims[-1].strip() if trims and "\\" in trims[-1] else ""


def texts(files: dict[str, bytes]) -> dict[str, str]:
    """The packed files that are text (sources, the paper's own packages, a ``.bbl``), as
    :func:`figures.texcodec.decoded_all` reads them (a Latin-1 paper's letters as letters:
    hostile round 29, H3)."""
    return decoded_all({name: data for name, data in files.items() if not binary(data)
                        and not name.lower().endswith((*IMAGE_SUFFIXES, ".eps", ".ps"))})


def clipped_by_name(texts: dict[str, str], packed: list[str]) -> dict[str, str]:
    """One line per packed image (by its name) that a source includes clipped (``trim``, ``viewport`` or
    ``bb`` with ``clip``, or ``\\includegraphics*``): the page shows part of it, the archive
    (and pdfTeX's PDF) holds all of it; a screenshot cropped to hide a name ships the name.
    A ``trim`` the pack cannot read (a macro, a length) is said to may clip, with its value;
    a ``\\setkeys{Gin}{..}`` before the include in its file, or in another source, counts as
    its options (round 30, K1: groups are not followed, so one set inside a group is read as
    reaching every later include: a warning too many, never one too few)."""
    images = [name for name in packed if name.lower().endswith(IMAGE_SUFFIXES)]
    said: dict[str, str] = {}
    reads = {source: blanked(text, verbatim=True, hidden=True)  # a listing of the code: none
             for source, text in sorted(texts.items())}
    for source, read in reads.items():
        for match in _INCLUDE.finditer(read):
            gin = [(setting, other, read_by) for other, read_by in reads.items()
                   for setting in _GIN.finditer(read_by)
                   if other != source or setting.start() < match.start()]  # round 30, K1
            options = ",".join([*(setting[1] for setting, _, _ in gin), match.group(2) or ""])
            if not _cuts(options) or not (match.group(1) or _CLIP.search(options)):
                continue
            image = _image(match.group(3).strip(), images)
            if image is not None and image not in said:
                line = read.count("\n", 0, match.start()) + 1
                how = (f"may be clipped on the page (its trim, {cut}, is a macro or a length "
                       "the pack cannot read, with clip)" if (cut := _unread(options)) else
                       "clipped on the page (trim or viewport with clip)")
                own = match.group(2) or ""
                if gin and (not _cuts(own) or not (match.group(1) or _CLIP.search(own))):
                    setting, other, read_by = gin[-1]  # the setting cuts or clips: named
                    how += (f", by \\setkeys{{Gin}} at {display_path(other)}:"
                            f"{read_by.count(chr(10), 0, setting.start()) + 1}")
                said[image] = (f"{display_path(image)} ({display_path(source)}:{line}): {how}, "
                               "but the archive ships the whole image, and the PDF embeds it "
                               "whole: crop the file itself if the hidden part names anyone")
    return said


def _image(name: str, images: list[str]) -> str | None:
    """The packed image an include names (``figs/shot`` without its extension, or through
    ``\\graphicspath``: a name ending so)."""
    name = os.path.normpath(name)
    for image in images:
        stem = image[:-len(Path(image).suffix)] if Path(image).suffix else image
        if name in (image, stem) or image.endswith("/" + name) or stem.endswith("/" + name):
            return image
    return None


def ancillary(paper: Path, packed: list[str]) -> list[str]:
    """One line when the paper's folder holds arXiv's ``anc/`` folder with files TeX never
    read: the archive holds only what TeX read, so they are left out, and said so."""
    folder = paper / ANCILLARY
    if folder.is_symlink() or not folder.is_dir():
        return []
    inside = {os.path.normpath(name) for name in packed}
    left = []
    for top, folders, names in os.walk(folder):
        folders[:] = [name for name in folders if not name.startswith(".")]  # as the copy
        left += [name for name in names if not name.startswith(".") and os.path.relpath(
            Path(top, name), paper) not in inside]
    if not left:
        return []
    files = f"{len(left)} file{'s' if len(left) > 1 else ''}"
    said = (f"{ANCILLARY}/: arXiv's ancillary files ({files}), not read by TeX: left out of the "
            "archive, which holds only what TeX read; add them to it by hand if you mean to "
            "submit them")
    return [said]



#: git's merge-conflict markers, each on a line of its own: ours, the divider, theirs.
_CONFLICT = re.compile(r"^<{7}(?: .*)?\n(?:.*\n)*?={7}\n(?:.*\n)*?>{7}(?: .*)?$", re.MULTILINE)


def conflicts(files: dict[str, bytes], paper: Path) -> list[str]:
    """One line for each packed TeX source holding a merge that git left unresolved, at its
    line in the paper's file (hostile round 54h, K2: both sides packed and printed,
    ``0 problem(s)``, warnings 0)."""
    said = []
    for name, data in sorted(files.items()):
        if Path(name).suffix.lower() not in (".tex", ".sty", ".cls", ".bib", ".bbl") or \
                b"<<<<<<<" not in data:
            continue
        source = data
        with contextlib.suppress(OSError):  # the paper's file: its lines (the archive's stripped)
            source = (paper / name).read_bytes()
        text = decoded(source).replace("\r\n", "\n")
        if found := _CONFLICT.search(text):
            line = text.count("\n", 0, found.start()) + 1
            said.append(f"{display_path(name)}:{line}: a merge git left unresolved "
                        f"({found[0].splitlines()[0][:40]} ... {found[0].splitlines()[-1][:40]}"
                        "): the archive holds both sides, and the paper prints both: resolve "
                        "it, then pack again")
    return said


def directives(files: dict[str, bytes], main: str) -> list[str]:
    """Hostile round 37 (K12): one line for each directive of arXiv's the archive ships
    (``00README.json``, ``00README.XXX``) that asks for another compile than the one the
    pack proved, pdflatex of ``main``: another compiler (``"process": {"compiler":
    "xelatex"}``) or another top-level file; the proof then says nothing of what arXiv runs.
    A ``00README.json`` that is no JSON object is said too (arXiv cannot read it)."""
    import json

    said, top = [], os.path.normpath(main)
    if (text := files.get("00README.json")) is not None:
        try:
            asked, why = json.loads(text), "not a JSON object"
        except ValueError as error:  # (UnicodeDecodeError too)
            asked, why = None, str(error).split(":")[0]
        if not isinstance(asked, dict):
            return [f"00README.json: arXiv cannot read it ({why}): mend it, or leave it out"]
        process = asked.get("process")
        compiler = process.get("compiler") if isinstance(process, dict) else None
        if isinstance(compiler, str) and compiler.strip().lower() != "pdflatex":
            said.append(f"00README.json: asks arXiv to compile with {display_path(compiler)}, "
                        "and the pack proved the archive with pdflatex, so that proof is not "
                        "of what arXiv runs: remove the compiler, or check the archive with it")
        sources = asked.get("sources")
        tops = [str(source.get("filename")) for source in sources if isinstance(source, dict)
                and source.get("usage") == "toplevel"] if isinstance(sources, list) else []
        said += [_other_top("00README.json", name, main) for name in tops
                 if os.path.normpath(name) != top]
    if (text := files.get("00README.XXX")) is not None:
        for line in decoded(text).splitlines():
            words = line.split("#")[0].split()
            if len(words) == 2 and "toplevelfile" in words and os.path.normpath(
                    name := words[words[0] == "toplevelfile"]) != top:
                said.append(_other_top("00README.XXX", name, main))
    return said


def _other_top(directive: str, name: str, main: str) -> str:
    return (f"{directive}: names {display_path(name)} as the top-level file, and the pack "
            f"proved the archive from {display_path(main)}, so that proof is not of what "
            f"arXiv runs: name {display_path(main)} there, or pack with --main {display_path(name)}")


#: ``\catcode`\!=14`` (``\catcode 33=14`` too): the paper makes another character a comment
#: character, as ``%`` is; ``%``'s own and TeX's ``^^M`` forms aside.
_COMMENT_CHARACTER = re.compile(r"\\catcode\s*(?:`\\?([^\s%^\\])|(\d+)(?!\d))\s*=?\s*14(?!\d)")
_GROUPING = re.compile(r"\\(?:begingroup|bgroup|endgroup|egroup)(?![A-Za-z@])|\\.|[{}]", re.DOTALL)


def comment_characters(texts: dict[str, str]) -> list[str]:
    """Hostile round 45b (K16): one line per source (``texts``: the packed text files, their
    ``%`` comments stripped, at the source's lines) where a character the paper made a comment
    character (:data:`_COMMENT_CHARACTER`) has text after it on a line, in the group that
    made it so: TeX never reads that text, and the pack strips only ``%``'s comments, so the
    archive keeps it (``! SECRET note`` shipped with warnings 0)."""
    said = []
    for name, text in sorted(texts.items()):
        if not name.lower().endswith((".tex", ".ltx")):
            continue
        plain = blanked(text, verbatim=True, hidden=True)
        for made in _COMMENT_CHARACTER.finditer(plain):
            char = made[1] or (chr(int(made[2])) if int(made[2]) < 0x110000 else "%")
            if char in "%\\{}\n" or char.isalnum():
                continue
            depth, tails, at = 0, [], made.end()
            tokens = re.compile(_GROUPING.pattern + "|" + re.escape(char), re.DOTALL)
            while depth >= 0 and (token := tokens.search(plain, at)) is not None:
                at = token.end()
                if token[0] == char:  # the rest of its line is a comment to TeX
                    at = plain.find("\n", at) % (len(plain) + 1)
                    if plain[token.end():at].strip():
                        tails.append(plain.count("\n", 0, at) + 1)
                    continue
                depth += (token[0] in ("{", "\\begingroup", "\\bgroup")) - (
                    token[0] in ("}", "\\endgroup", "\\egroup"))
            if tails:
                more = f" (and {len(tails) - 1} more)" if len(tails) > 1 else ""
                said.append(f"{display_path(name)}:{tails[0]}: text after {char!r}{more}, which "
                            f"line {plain.count(chr(10), 0, made.start()) + 1}'s \\catcode makes "
                            "a comment character: TeX never reads it, but the archive keeps it "
                            "(the pack strips only % comments): remove that text, or make it a "
                            "% comment")
                break
    return said
