"""What the review copy's pages print of where and by whom it was made that no packed file
holds as written (hostile round 48b, K8): a figure not ours whose drawn text a lab's
plotting script stamped, ``/home/jsmith/runs/exp3 jsmith@mit.edu`` in a 6 pt footer, in
white, or off the page. The sources and a figure's bytes are searched for e-mail addresses
and home folders (:mod:`figures.pack.anonymity`), but a PDF figure's text is glyph codes in
a compressed stream, which no byte pattern reads; the compiled page's text (what a reader
finds and copies, white or clipped text too) is the truth, and is searched the same way.
A finding some packed file holds as written was told there already; the rest are told
at each packed PDF figure whose own text holds it, else at the main file."""

from __future__ import annotations

import re
from pathlib import Path

from figures.errors import display_path
from figures.paper.disclosure import HOME
from figures.paper.emails import PLAIN_EMAIL

#: What the page's text is searched for: what a program stamps (a plain address, a home
#: folder's path up to its login), as :mod:`figures.pack.anonymity` reads a figure's bytes.
_CHECKS = (("an e-mail address", PLAIN_EMAIL), ("a home folder's path", HOME))
#: A file TeX opened, as its log says: ``(`` and its path, absolute, up to a space or bracket.
_READ = re.compile(r"\((/[^\s()]+)")


def told(pages: list[str], files: dict[str, bytes], main: str, said: list[str],
         logged: str = "") -> list[str]:
    """One warning line per packed PDF figure (else ``main``) for what ``pages`` (the review
    copy's text, one per page) print of :data:`_CHECKS` that no packed file of ``files`` (by
    name, as packed) holds as written and no line of ``said`` (the sources' warnings: a
    ``{\\tt jane}@uni-x.de`` told as ``jane@uni-x.de``) names, nor TeX Live's class or
    package files the archive's compile read (``logged``, its log) spell."""
    found: dict[str, tuple[str, int]] = {}  # each value: its kind, the first page printing it
    for number, text in enumerate(pages, 1):
        data = text.encode("utf-8", "surrogateescape")
        for what, pattern in _CHECKS:
            for match in pattern.finditer(data):
                value = match.group()
                shown = value.decode("utf-8", "replace")
                if shown not in found and not any(shown in line for line in said) and not any(
                        value in packed for packed in files.values()):
                    found[shown] = (what, number)
    if not found:
        return []
    from pypdf.errors import PyPdfError

    from figures.pdf import open_pdf, pypdf_said, texts_of

    drawn = {}  # each packed PDF figure's own text
    for name, data in files.items():
        if name.lower().endswith(".pdf") and data.startswith(b"%PDF"):
            try:
                with pypdf_said():  # not raw: what pypdf says of the figure
                    drawn[name] = "\n".join(texts_of(open_pdf(data)))
            except (PyPdfError, ValueError, OSError):  # unreadable: its text stays unknown
                drawn[name] = ""
    by_file: dict[str, list[str]] = {}
    for value, (what, number) in found.items():
        holders = [name for name, text in drawn.items() if value in text]
        if not holders and what == _CHECKS[0][0] and _the_class_own(value, logged):
            continue  # the class's own (acmart's permissions@acm.org)
        for holder in holders or [""]:
            by_file.setdefault(holder, []).append(f"{what} ({value}) on page {number}")
    said = []
    for holder, each in sorted(by_file.items()):
        listed = ", ".join(each)
        if holder:
            said.append(f"{display_path(holder)}: its drawn text prints {listed} of the review "
                        "copy (white, tiny or off the page, a reader still finds and copies "
                        "it; no byte of the file spells it): redraw the figure without it for "
                        "review")
        else:
            said.append(f"{display_path(main)}: the review copy prints {listed}, which no "
                        "packed file spells as written (a macro's, or a figure's drawn "
                        "text?): remove it for review")
    return said


def _the_class_own(address: str, logged: str) -> bool:
    """Whether a class or package file of TeX Live's that the compile whose log's text is
    ``logged`` read (``(/usr/share/texlive/.../acmart.cls``: the runs' log lines are not
    wrapped) spells ``address`` (acmart's ``permissions@acm.org`` in its copyright block):
    printed by the venue's template, no disclosure of the authors' (round 48 L4). Known by
    the class's own files, not by no packed file's spelling the address's name: a name
    the page prints from a macro (``\\me @mit.edu``) or an ``@`` that is a character code
    (``jsmith{\\char64}mit.edu``) is the paper's all the same (hostile round 49b, K2)."""
    from figures.pack.anonymity import TEMPLATE_SUFFIXES, in_tex_live

    wanted = address.encode("utf-8", "surrogateescape")
    read = dict.fromkeys(Path(name).name for name in _READ.findall(logged)
                         if name.lower().endswith(TEMPLATE_SUFFIXES))
    return any(wanted in in_tex_live(name) for name in read)
