"""What an anonymous pack's sources still say of who wrote them, found in the packed bytes
themselves (the archive is what a reviewer downloads, not only its PDF): home folder paths,
the user's and the machine's names, e-mail addresses, and the names of ``\\author`` anywhere
(in a figure's metadata too). One line per kind and file, with the first line it is on."""

from __future__ import annotations

import contextlib
import getpass
import re
import socket
import unicodedata
from pathlib import Path, PurePath

from figures.errors import display_path

HOME = re.compile(rb"(?:/home/|/Users/|[A-Za-z]:[\\/]{1,2}Users[\\/]{1,2})[^/\\\s{}%,;)]+")
EMAIL = re.compile(rb"[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")


def identifying(authors: list[str]) -> list[tuple[str, re.Pattern[bytes]]]:
    """What names the author: the user's and the machine's names, the ``\\author`` names, each
    as a whole word, in any case (in UTF-8, and in UTF-16 as PDF metadata writes text)."""
    named = [(name, "an author's name") for name in authors]
    with contextlib.suppress(KeyError, OSError):
        named.append((getpass.getuser(), "the user's name"))
    with contextlib.suppress(OSError):
        named.append((socket.gethostname().split(".")[0], "this machine's name"))
    found = []
    for word, what in named:
        if len(word) < 3 or word in ("root", "localhost", "user"):
            continue  # shorter names match anything
        forms = [re.escape(word.encode("utf-8")), re.escape(word.encode("utf-16-be"))]
        found.append((what, re.compile(rb"(?<![A-Za-z0-9])(?:" + b"|".join(forms)
                                       + rb")(?![A-Za-z0-9])", re.IGNORECASE)))
    return found


def on_this_machine(paper: Path) -> list[tuple[str, re.Pattern[bytes]]]:
    """The paths that say where the paper was packed, the paper's absolute folder (as given
    and with its links resolved) and the user's home (``/root``, ``/u/jsmith``, wherever it
    is: :data:`HOME` knows only ``/home/`` and ``/Users/``), in UTF-8 and UTF-16: a folder and
    what is in it (``/root/papers``); the folder alone too when it is two levels deep or more
    (``/u/jsmith``), not a top folder (``/root`` is a word of prose: "the /root partition")."""
    homes: list[Path] = []
    with contextlib.suppress(RuntimeError, KeyError):  # no home to be found
        homes = [Path.home(), Path.home().resolve()]
    found = []
    for what, paths in (("the paper's absolute folder", [paper.absolute(), paper.resolve()]),
                        ("the user's home folder", homes)):
        forms = []
        for path in sorted({str(p).rstrip("/\\") for p in paths}, key=len, reverse=True):
            if len(PurePath(path).parts) < 2:  # "/", or none
                continue
            for code, name, letter, sep in (
                    (b"", rb"[\w\x80-\xff.-]", rb"[\w\x80-\xff-]|\.\w", rb"[/\\]"),
                    (b"\x00", rb"\x00[\w.-]", rb"\x00[\w-]|\x00\.\x00\w", rb"\x00[/\\]")):
                before = rb"(?<!" + name + rb")"  # not inside another path, nor a URL's
                after = rb"(?!" + letter + rb")" if len(PurePath(path).parts) > 2 \
                    else rb"(?=" + sep + rb")"  # a top folder: only what is in it
                forms.append(before + re.escape(path.encode(
                    "utf-16-be" if code else "utf-8", "surrogateescape")) + after)
        if forms:
            found.append((what, re.compile(b"|".join(forms), re.IGNORECASE)))
    return found


def folded(text: str) -> str:
    """``text`` without its accents, as the compiled text is compared with a name: pdfTeX's
    OT1 fonts set an accent as its own glyph before the letter (``M\u00a8uller``), T1's as
    one letter (``M\u00fcller``), the source may hold either."""
    text = "".join(c for c in text if unicodedata.category(c) != "Sk").replace("\u0131", "i")
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if unicodedata.category(c) != "Mn")


def in_sources(files: dict[str, bytes], authors: list[str], paper: Path) -> list[str]:
    """One line per kind of disclosure and packed file, naming its first line (a text
    file's) and what was found; a spot once (``/root/papers/HR/``: the paper's folder, not
    also the home's)."""
    said = []
    checks = [*on_this_machine(paper), ("a home folder's path", HOME),
              ("an e-mail address", EMAIL), *identifying(authors)]
    for name, data in sorted(files.items()):
        found: dict[str, tuple[int, str]] = {}
        spots: set[int] = set()
        for what, pattern in checks:  # a file's name is in the archive too
            if match := pattern.search(name.encode("utf-8", "surrogateescape")):
                shown = match.group().decode("utf-8", errors="replace")
                said.append(f"{display_path(name)}: {what} ({display_path(shown)}) in the "
                            "file's name: the archive discloses it; rename it (and its "
                            "include) for review")
        for what, pattern in checks:
            match = next((m for m in pattern.finditer(data) if m.start() not in spots), None)
            if match is not None and what not in found:
                spots.add(match.start())
                line = data.count(b"\n", 0, match.start()) + 1
                shown = match.group().decode("utf-8", errors="replace").replace("\x00", "")
                found[what] = (line, shown)
        text = b"\x00" not in data[:4096] and not data.startswith((b"%PDF", b"\x89PNG"))
        for what, (line, match) in found.items():
            where = f"{display_path(name)}:{line}" if text else f"{display_path(name)} " \
                "(its metadata or content)"
            shown = display_path(match)  # a path whole, other texts cut
            shown = shown if "/" in shown or "\\" in shown else shown[:60]
            said.append(f"{where}: {what} ({shown}) in the packed "
                        "source: the archive discloses it; remove it for review")
    return said
