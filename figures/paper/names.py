"""What of a paper's words is a name (:mod:`figures.paper.disclosure` reads them): the
capitalised words of ``\\author``'s argument, but a venue's placeholder and the words that
begin a sentence of a note on an author (``\\thanks{Equal contribution.}``), and where a
login (``jsmith``) is printed as an address's part, not a word of prose."""

from __future__ import annotations

import re
import unicodedata

from figures.texread import Braces

NO_NAME = frozenset({"Anonymous", "Author", "Authors", "Affiliation", "Address", "Email",
                     "Institution", "University", "Department", "The", "And", "Member",
                     "Fellow", "Senior", "Student", "Reviewer", "Note", "Comment", "Todo",
                     "Name", "Names", "Anonymized", "Anonymised", "Submission", "Paper"})
#: The words of a venue's placeholder for its authors (``Anonymous Author(s)``, ``Author
#: Name``, ``Anonymous Authors, Paper ID 123``), in any case: no author's name.
_PLACEHOLDER = frozenset({"anonymous", "anonymized", "anonymised", "author", "authors", "name",
                          "names", "submission", "paper", "id", "and", "s"})
#: TeX's accents (``\'e``, ``\"{u}``, ``\v{s}``) as combining marks, its letters (``\o``, ``\ss``).
_ACCENTS = {"'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303",
            "=": "\u0304", ".": "\u0307", "c": "\u0327", "v": "\u030c", "u": "\u0306",
            "H": "\u030b", "r": "\u030a", "k": "\u0328"}
_ACCENT = re.compile(r"\\(['`^\"~=.]|[cvuHrk](?=\s*\{))\s*(?:\{\s*(\\[ij](?![A-Za-z])|[A-Za-z])\s*\}"
                     r"|([A-Za-z]))")
_LETTERS = {"o": "ø", "O": "Ø", "ss": "ß", "aa": "å", "AA": "Å", "ae": "æ", "AE": "Æ",
            "oe": "œ", "OE": "Œ", "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ"}
_LETTER = re.compile(r"\\(ss|aa|AA|ae|AE|oe|OE|[oOlLij])(?![A-Za-z])\s*(?:\{\})?")
#: A note on an author, ``\thanks{..}`` or a ``\footnote{..}`` in ``\author``'s argument.
_NOTE = re.compile(r"\\(?:thanks|footnote)\s*(?:\[[^\]]*\]\s*)?\{")
#: What ends a sentence of a note (a full stop after one letter is an initial's: J. Smith).
_ENDS = ".:;!?"


def placeholder(value: str) -> bool:
    """Whether an author field (hyperref's ``pdfauthor``, ``pdfusetitle``'s copy of
    ``\\author``) holds only a venue's placeholder (:data:`_PLACEHOLDER`, numbers and signs
    aside): every word of it, not the capitalised ones only (``Li Wu`` is a name)."""
    words = re.findall(r"[^\W\d_]+", value)
    return bool(words) and all(word.lower() in _PLACEHOLDER for word in words)


def _words(group: str) -> list[tuple[str, bool]]:
    """The words of ``group`` (TeX's accents made letters, its macros left out), each with
    whether it begins a sentence (the first, or after one of :data:`_ENDS`)."""
    group = _ACCENT.sub(lambda m: (m[2] or m[3]).lstrip("\\") + _ACCENTS[m[1]], group)
    group = _LETTER.sub(lambda m: _LETTERS[m[1]], group)
    group = unicodedata.normalize("NFC", re.sub(r"\\[A-Za-z]+", " ", group))
    found: list[tuple[str, bool]] = []
    first = True
    for token in re.findall(rf"[^\W\d_]+|[{re.escape(_ENDS)}]", group):
        if token in _ENDS:
            first = not (token == "." and found and len(found[-1][0]) == 1)
        else:
            found.append((token, first))
            first = False
    return found


def _name(word: str) -> bool:
    return len(word) >= 3 and word[0].isupper() and any(c.islower() for c in word) \
        and word not in NO_NAME


def names_in(group: str) -> list[str]:
    """The capitalised words of three letters or more (any script's: Zoë Müller, McDonald;
    TeX's accents made letters) in an author's argument, but the words that are no name."""
    return [word for word, _ in _words(group) if _name(word)]


def author_names(group: str) -> list[str]:
    """:func:`names_in` of ``\\author``'s argument, in a note on an author (``\\thanks``,
    ``\\footnote``) the words that begin a sentence aside: "Equal contribution.", "Work done
    during an internship." name no one (hostile round 31, N10); "Work done at Google
    DeepMind, London." still names Google, DeepMind, London."""
    braces, found, at = Braces(group), [], 0
    for match in _NOTE.finditer(group):
        if match.start() < at:
            continue  # inside a note already read
        end = braces.close(match.end() - 1)
        end = end if end >= 0 else len(group)
        found += names_in(group[at:match.start()])
        found += [word for word, first in _words(group[match.end():end])
                  if not first and _name(word)]
        at = end + 1
    return found + names_in(group[at:])


#: Where a login is printed as an address's part (hostile round 31, S1): the first folder
#: of a host's (``github.com/``; TeX breaks a URL after a ``/`` or a ``.``, its text then
#: holds a blank: ``github. com/ jsmith``), a home's (``/home/``, ``/Users/``), a handle
#: (``@jsmith``), a user's home (``~jsmith``); never after a slash of prose ("Train/Dev").
_ADDRESS = (r"(?:[A-Za-z0-9-]+(?:\.(?:\s(?=[a-z0-9]))?[A-Za-z0-9-]+)*\.\s?[a-z]{2,}/\s?"
            r"|/(?:home|Users)/\s?|[@~])")


def login(words: list[str]) -> re.Pattern[str]:
    """A login of ``words`` (one word) as :data:`_ADDRESS` prints it, or before an ``@``
    (``jsmith@``), in any case (GitHub's names are case-blind: ``github.com/JSmith``)."""
    body = r"\s+".join(map(re.escape, words))
    return re.compile(rf"{_ADDRESS}(?i:{body})(?![^\W_])|(?<![^\W_])(?i:{body})(?=@)")
