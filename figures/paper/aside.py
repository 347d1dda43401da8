"""What a compiled PDF shows its reader beside its pages, read for who made it: the outline's
titles (bookmarks, in every reader's sidebar: a section's title, a ``\\texorpdfstring``'s
second argument, ``\\pdfbookmark``) and the addresses of its links (``\\href``'s target,
shown on hover and followed on click, not printed). Hostile round 33 (A1, A3): the outline
named an author the pages hid; a link's address named a figure author's login.

Warnings, as the compiled text's names are (``figures pack --anonymous``): a bookmark is
mostly a printed title, a link's address often the printed ``\\url``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from figures.errors import display_path
from figures.paper.disclosure import EMAIL, HOME, folded, identifying, on_this_machine
from figures.paper.names import fused

#: What to do of what a bookmark or a link's address discloses.
_BOOKMARK_ADVICE = ("every reader shows it in its sidebar (a section's title, a "
                    "\\texorpdfstring's second argument, \\pdfbookmark): take it out for review")
_HOVER = "shown on hover and followed on click, though not printed"
_LINK_ADVICE = (f"{_HOVER}: point the link at an anonymous copy (anonymous.4open.science) or "
                "leave it out for review")
#: What to do of an e-mail address in a link (``mailto:``), which has no anonymous copy.
_MAIL_ADVICE = f"{_HOVER}: remove the address (the link too) for review"


def bookmarks(reader: Any) -> list[str]:
    """The titles of the outline of ``reader`` (a pypdf reader), nested ones too, in order;
    none when it has none or pypdf cannot read it."""
    from pypdf.errors import PyPdfError

    try:
        todo = list(reader.outline)
    except (PyPdfError, KeyError, TypeError, ValueError, AttributeError):
        return []
    titles = []
    while todo:
        item = todo.pop(0)
        if isinstance(item, list):
            todo[:0] = item
        elif (title := getattr(item, "title", None)) and str(title).strip():
            titles.append(" ".join(str(title).split()))
    return titles


def links(reader: Any) -> list[tuple[int, str]]:
    """The addresses of the links of each page of ``reader``: ``(page, address)``, a URI
    action's ``/URI`` or a file action's ``/F`` (``\\href{run:...}``), in order."""
    from pypdf.generic import DictionaryObject

    found = []
    for number, page in enumerate(reader.pages, 1):
        listed = page.get("/Annots")
        listed = listed.get_object() if listed is not None else None
        for ref in listed if isinstance(listed, list) else []:
            annotation = ref.get_object()
            action = annotation.get("/A") if isinstance(annotation, DictionaryObject) else None
            action = action.get_object() if action is not None else None
            if not isinstance(action, DictionaryObject):
                continue
            for key in ("/URI", "/F"):
                value = action.get(key)
                value = value.get_object() if value is not None else None
                if isinstance(value, DictionaryObject):  # a file specification
                    value = value.get("/UF", value.get("/F"))
                if value is not None and str(value).strip():
                    found.append((number, str(value)))
    return found


def _link_advice(address: str, what: str, pages: list[str]) -> str:
    """What to do of a link's ``address`` holding ``what``: an e-mail address (a ``mailto:``
    link's) has no anonymous copy, it is removed (round 42, A59); an address the ``pages``
    print (a ``\\url``'s) is said printed, not only shown on hover (round 42, A58)."""
    mail = what == "an e-mail address" or address.lower().startswith("mailto:")
    advice = _MAIL_ADVICE if mail else _LINK_ADVICE
    printed = _printed(address, pages)
    return advice.replace(_HOVER, f"printed on page {printed} and followed on click") \
        if printed else advice


def _printed(address: str, pages: list[str]) -> int | None:
    """The first of the compiled ``pages`` that prints a link's ``address`` (a ``\\url``'s,
    or an ``\\href`` whose text is its address), its scheme (``https://``, ``mailto:``) and
    the blanks and line breaks of both aside; None: none does."""
    bare = "".join(re.sub(r"^(?i:mailto:|[a-z][a-z0-9+.-]*://)", "", address).split())
    return next((number for number, text in enumerate(pages, 1)
                 if len(bare) >= 6 and bare in "".join(text.split())), None)


def _names_in_title(title: str, authors: list[str], pages: list[str]) -> str | None:
    """The first of ``authors``' names a bookmark's ``title`` holds, matched as the page text
    is (accents folded, with its capital, a whole word; hostile round 34, O6): a name the
    ``pages`` also print as a lowercase word ("a long sequence": ``Long`` of ``\\author{Mark
    Long}``) is a common word there, a title's "Long-range attention", and counts only beside
    another of the names (both of a person's). None: it names none."""
    text = folded(title)
    common = " ".join(folded(page) for page in pages)
    found = [name for name in dict.fromkeys(authors) if len(name) >= 3 and re.search(
        rf"(?<![^\W_]){re.escape(folded(name))}(?![^\W_])", text)]
    rare = [name for name in found if not re.search(
        rf"(?<![^\W_]){re.escape(folded(name).lower())}(?![^\W_])", common)]
    return (rare or found)[0] if rare or len(found) > 1 else None


def told(reader: Any, folder: Path, authors: list[str], main: str,
         pages: list[str] = ()) -> list[str]:
    """One line per bookmark and per link's address of ``reader`` that holds a name of
    ``authors`` (a bookmark's as :func:`_names_in_title` reads it, the compiled ``pages``'
    texts given), the user's or the machine's name, a path in a home or ``folder``
    (:func:`figures.paper.disclosure.on_this_machine`) or an e-mail address, naming it and
    what it holds; ``main``: the file the lines name."""
    places = [*on_this_machine(folder), ("a home folder's path", HOME),
              ("an e-mail address", EMAIL)]
    marked = [*identifying([]), *places]  # the authors' names: _names_in_title
    said = []
    for where, text, advice, checks in [
            *((f"the review PDF's bookmark {title!r}", title, _BOOKMARK_ADVICE, marked)
              for title in bookmarks(reader)),
            *((f"the review PDF's link on page {page} ({address})", address, _LINK_ADVICE,
               [*identifying(authors), *fused(authors), *places])
              for page, address in links(reader))]:
        if checks is marked and (name := _names_in_title(text, authors, pages)):
            said.append(f"{display_path(main)}: {display_path(where)} names an author "
                        f"({name}): {advice}")
            continue
        data = text.encode("utf-8", "surrogateescape")
        for what, pattern in checks:
            if match := pattern.search(data):
                shown = match.group().decode("utf-8", errors="replace")
                named = f"names an author ({shown})" if what == "an author's name" else \
                    f"holds {what} ({shown})"
                said.append(f"{display_path(main)}: {display_path(where)} {named}: " + (
                    _link_advice(text, what, pages) if advice is _LINK_ADVICE else advice))
                break
    return said
