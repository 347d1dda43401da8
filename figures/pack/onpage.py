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

from figures.errors import display_path
from figures.paper.disclosure import HOME
from figures.paper.emails import PLAIN_EMAIL

#: What the page's text is searched for: what a program stamps (a plain address, a home
#: folder's path up to its login), as :mod:`figures.pack.anonymity` reads a figure's bytes.
_CHECKS = (("an e-mail address", PLAIN_EMAIL), ("a home folder's path", HOME))


def told(pages: list[str], files: dict[str, bytes], main: str, said: list[str]) -> list[str]:
    """One warning line per packed PDF figure (else ``main``) for what ``pages`` (the review
    copy's text, one per page) print of :data:`_CHECKS` that no packed file of ``files`` (by
    name, as packed) holds as written and no line of ``said`` (the sources' warnings: a
    ``{\\tt jane}@uni-x.de`` told as ``jane@uni-x.de``) names."""
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
        if not holders and what == _CHECKS[0][0] and not _spelled_in_part(value, files):
            continue  # the class's own (acmart's permissions@acm.org): no part of it is ours
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


def _spelled_in_part(address: str, files: dict[str, bytes]) -> bool:
    """Whether a packed file spells ``address``'s name before the ``@`` (``jsmith@\\dom``: the
    paper's own text, its domain a macro's): an address printed by the class or a package
    the paper loads (acmart's ``permissions@acm.org`` in its copyright block) is no part of
    the packed files, and no disclosure of the authors' (round 48 L4)."""
    local = address.split("@", 1)[0].encode("utf-8", "surrogateescape")
    return any(local + b"@" in packed for packed in files.values())
