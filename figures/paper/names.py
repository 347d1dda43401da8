"""What of a paper's words is a name (:mod:`figures.paper.disclosure` reads them): the
capitalised words of ``\\author``'s argument, but a venue's placeholder and the words that
begin a sentence of a note on an author (``\\thanks{Equal contribution.}``), and where a
login (``jsmith``) is printed as an address's part, not a word of prose.

An address is read in the compiled page's text (:func:`addresses`), rejoined across TeX's
line breaks (hostile round 32, A2: ``xurl`` breaks anywhere, ``https://gi`` / ``thub.com/j``
/ ``smith/figs``), not in the PDF's link annotations: ``url`` and ``xurl`` without hyperref
make none, and an ``\\href``'s address is not what its page prints."""

from __future__ import annotations

import re
import unicodedata

from figures.texread import Braces

NO_NAME = frozenset({"Anonymous", "Author", "Authors", "Affiliation", "Address", "Email",
                     "Institution", "University", "Department", "The", "And", "Member",
                     "Fellow", "Senior", "Student", "Reviewer", "Note", "Comment", "Todo",
                     "Name", "Names", "Anonymized", "Anonymised", "Submission", "Paper",
                     "Prof", "Professor", "Mrs"})
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
#: Words whose full stop ends no sentence (hostile round 32, A3): an honorific's (``Dr.
#: Smith``: the next word a name), an abbreviation's (``et al.``, ``cf.``, ``Inc.``), in any case.
_ABBREVIATIONS = frozenset({"dr", "prof", "mr", "mrs", "ms", "mx", "st", "jr", "sr", "al", "cf",
                            "vs", "inc", "ltd", "co", "corp", "univ", "dept"})
#: A sentence's subject that "is with", "are at", "were from" somewhere (``Jones, Lee and
#: Kim were from MIT.``) is a name, but these words (``Code is at github.``).
_NO_SUBJECT = frozenset({"This", "That", "These", "Those", "They", "She", "Both", "All", "Each",
                         "Some", "Most", "Many", "Others", "One", "Who", "Code", "Data", "Work",
                         "Software", "Correspondence", "Research"})


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
            first = not (token == "." and found and (
                len(found[-1][0]) == 1 or found[-1][0].lower() in _ABBREVIATIONS))
        else:
            found.append((token, first))
            first = False
    return found


def _name(word: str) -> bool:
    return len(word) >= 3 and word[0].isupper() and any(c.islower() for c in word) \
        and word not in NO_NAME


def _subject(words: list[tuple[str, bool]], at: int) -> bool:
    """Whether the sentence-first ``words[at]`` is one of the names a sentence says "is
    with", "are at", "were from" somewhere (names joined by ``and``; "is now with" too)."""
    rest = []
    for word, first in words[at + 1:]:
        if first:
            break
        rest.append(word)
    names = next((n for n, word in enumerate(rest) if word != "and" and not word[0].isupper()),
                 len(rest))
    verb = [word for word in rest[names:names + 3] if word not in ("now", "currently", "also")]
    return words[at][0] not in _NO_SUBJECT and len(verb) >= 2 and \
        verb[0] in ("is", "are", "was", "were") and verb[1] in ("with", "at", "from")


def names_in(group: str) -> list[str]:
    """The capitalised words of three letters or more (any script's: Zoë Müller, McDonald;
    TeX's accents made letters) in an author's argument, but the words that are no name."""
    return [word for word, _ in _words(group) if _name(word)]


def author_names(group: str) -> list[str]:
    """:func:`names_in` of ``\\author``'s argument, in a note on an author (``\\thanks``,
    ``\\footnote``) the words that begin a sentence aside: "Equal contribution.", "Work done
    during an internship." name no one (hostile round 31, N10); "Work done at Google
    DeepMind, London." still names Google, DeepMind, London. An honorific's or an
    abbreviation's full stop begins no sentence ("Dr. Smith and Prof. Jones": Smith, Jones);
    a sentence's first word is a name where the sentence says it "is with", "are at", "were
    from" somewhere ("Smith is with MIT. Jones is at Acme Labs.": Smith, Jones, Acme, Labs;
    hostile round 32, A3), but a word that is no one's (:data:`_NO_SUBJECT`)."""
    braces, found, at = Braces(group), [], 0
    for match in _NOTE.finditer(group):
        if match.start() < at:
            continue  # inside a note already read
        end = braces.close(match.end() - 1)
        end = end if end >= 0 else len(group)
        found += names_in(group[at:match.start()])
        words = _words(group[match.end():end])
        found += [word for n, (word, first) in enumerate(words)
                  if (not first or _subject(words, n)) and _name(word)]
        at = end + 1
    return found + names_in(group[at:])


#: Where a login is printed as an address's part (hostile round 31, S1): the first folder
#: of a host's (``github.com/``; TeX breaks a URL after a ``/`` or a ``.``, its text then
#: holds a blank: ``github. com/ jsmith``), a home's (``/home/``, ``/Users/``), a handle
#: (``@jsmith``), a user's home (``~jsmith``); never after a slash of prose ("Train/Dev").
#: A host tried only where its run of letters begins (linear time on ``a.a.a...``).
#: Anywhere else in an address too: :func:`addresses`.
_ADDRESS = (r"(?:(?<![A-Za-z0-9.-])[A-Za-z0-9-]+(?:\.(?:\s(?=[a-z0-9]))?[A-Za-z0-9-]+)*\.\s?[a-z]{2,}/\s?"
            r"|/(?:home|Users)/\s?|[@~])")


def login(words: list[str]) -> re.Pattern[str]:
    """A login of ``words`` (one word) as :data:`_ADDRESS` prints it, or before an ``@``
    (``jsmith@``), in any case (GitHub's names are case-blind: ``github.com/JSmith``)."""
    body = r"\s+".join(map(re.escape, words))
    return re.compile(rf"{_ADDRESS}(?i:{body})(?![^\W_])|(?<![^\W_])(?i:{body})(?=@)")


#: Where an address begins in a page's text: a scheme's ``//`` (``https://``), ``www.``, a
#: host with a folder (``github.com/``); each tried where a run of its letters begins, and
#: never given back (linear time on ``a.a.a...``).
_START = re.compile(r"(?i:(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*+://|www\.)"
                    r"|(?<![A-Za-z0-9.-])(?:[A-Za-z0-9-]++\.)++[a-z]{2,}/")
#: What an address is made of (RFC 3986's characters).
_ADDRESS_PART = re.compile(r"[A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=%-]+")
#: A line's text set letter by letter (a line of ``xurl``'s stretched: ``h t t p s : / /``).
_SPACED = re.compile(r"(?<!\S)\S(?: \S){3,}(?!\S)")


def _goes_on(address: str, gap: str, then: str) -> bool:
    """Whether the page's text ``then``, after the blank or line break ``gap``, continues
    ``address`` (TeX broke it there): it is an address's characters, and the break is after
    a ``/``, ``=``, ``&``, ``?``, ``#``, ``~``, ``@``, ``-``, ``_`` (a ``:`` before a ``/``),
    before a ``.``, ``/``, ``?``, ``=``, ``&``, ``#``, after a ``.`` before a lowercase letter
    or a digit, or, at a line's end, inside a word (``xurl``'s ``gi`` / ``thub``); never over a
    blank line, nor into a capitalised word after a full stop (the next sentence)."""
    if gap.count("\n") > 1 or not _ADDRESS_PART.fullmatch(then):
        return False
    last, first = address[-1], then[0]
    return last in "/=&?#~@-_" or (last == ":" and first == "/") or first in "./?=&#" or (
        last == "." and (first.islower() or first.isdigit())) or (
        "\n" in gap and last.isalnum() and first.isalnum())


def addresses(text: str) -> list[str]:
    """The addresses a page's ``text`` prints (from :data:`_START`), each whole across the
    blanks and line breaks TeX set in it (:func:`_goes_on`; a line set letter by letter read
    as one word) (hostile round 32, A2)."""
    parts = re.split(r"(\s+)", _SPACED.sub(lambda m: m[0].replace(" ", ""), text))
    found: list[str | None] = []
    for at in range(0, len(parts), 2):
        piece = parts[at]
        if found and found[-1] is not None and _goes_on(found[-1], parts[at - 1], piece):
            found[-1] += piece
            continue
        start = _START.search(piece)
        if start is None and at + 2 < len(parts) and parts[at + 2].startswith("//"):
            start = re.search(r"(?i)(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*+:$", piece)  # https: //
        found.append(piece[start.start():] if start else None)
    return [address for address in found if address is not None]


def in_address(word: str, text: str) -> bool:
    """Whether a login ``word`` is printed in one of the addresses of ``text``
    (:func:`addresses`) as a whole label of its host, path or query (``jsmith.github.io``,
    ``?author=jsmith``, ``/orgs/acme/people/jsmith``, ``jsmith-lab.org``: hostile round 32,
    A1) as printed, a host's first folder in any case (``github.com/JSmith``): a deeper
    folder is case-sensitive on most servers, ``/Data/`` is no ``data`` (round 31, S1)."""
    body = re.escape(word)
    label = re.compile(rf"(?<![^\W_]){body}(?![^\W_])|\.[A-Za-z]{{2,}}/(?i:{body})(?![^\W_])")
    return any(label.search(address.partition("://")[2] or address)  # https: no label
               for address in addresses(text))
