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
from collections.abc import Callable

from figures.texread import REACH, Braces

NO_NAME = frozenset({"Anonymous", "Anon", "Author", "Authors", "Affiliation", "Address", "Email",
                     "Institution", "University", "Department", "The", "And", "Member",
                     "Fellow", "Senior", "Student", "Reviewer", "Note", "Comment", "Todo",
                     "Name", "Names", "Anonymized", "Anonymised", "Submission", "Paper",
                     "Prof", "Professor", "Mrs",
                     # IEEE's stock notes (hostile round 47b, K14): "Digital Object
                     # Identifier 10.1109/...", "Recommended for acceptance by Associate Editor"
                     "Digital", "Object", "Identifier", "Associate", "Editor", "Editors",
                     "Manuscript", "Color", "Corresponding", "Equal"})
#: The words of a venue's placeholder for its authors (``Anonymous Author(s)``, ``Author
#: Name``, ``Anonymous Authors, Paper ID 123``), in any case: no author's name.
_PLACEHOLDER = frozenset({"anonymous", "anon", "anonymized", "anonymised", "author", "authors",
                          "name", "names", "submission", "paper", "id", "and", "s"})
#: TeX's accents (``\'e``, ``\"{u}``, ``\v{s}``) as combining marks, its letters (``\o``, ``\ss``).
_ACCENTS = {"'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303",
            "=": "\u0304", ".": "\u0307", "c": "\u0327", "v": "\u030c", "u": "\u0306",
            "H": "\u030b", "r": "\u030a", "k": "\u0328"}
_ACCENT = re.compile(r"\\(['`^\"~=.]|[cvuHrk](?=\s*\{))\s*(?:\{\s*(\\[ij](?![A-Za-z])|[A-Za-z])\s*\}"
                     r"|(\\[ij](?![A-Za-z])\s*(?:\{\})?|[A-Za-z]))")
_LETTERS = {"o": "ø", "O": "Ø", "ss": "ß", "aa": "å", "AA": "Å", "ae": "æ", "AE": "Æ",
            "oe": "œ", "OE": "Œ", "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ"}
_LETTER = re.compile(r"\\(ss|aa|AA|ae|AE|oe|OE|[oOlLij])(?![A-Za-z])\s*(?:\{\})?")
#: An accent or a letter of TeX's in braces of its own (``J{\\"u}rgen``, ``Strau{\\ss}``).
#: (``\\'{\\i}``'s braces are the accent's: its dotless i stays there.)
_BRACED = re.compile(r"(?<!\\['`^\"~=.])\{\s*(\\(?:['`^\"~=.]|[cvuHrk](?=\s*\{))\s*"
                     r"(?:\{[^{}]*\}|\\[ij](?![A-Za-z])|[A-Za-z])|\\(?:ss|aa|AA|ae|AE|oe|OE|[oOlL])(?![A-Za-z]))\s*\}")
#: A note on an author, ``\thanks{..}`` or a ``\footnote{..}`` in ``\author``'s argument.
_NOTE = re.compile(r"\\(?:thanks|footnote)\s*(?:\[[^\]]*\]\s*)?\{")
#: What ends a sentence of a note (a full stop after one letter is an initial's: J. Smith).
_ENDS = ".:;!?"
#: Words whose full stop ends no sentence (hostile round 32, A3): an honorific's (``Dr.
#: Smith``: the next word a name), an abbreviation's (``et al.``, ``cf.``, ``Inc.``), in any case.
_ABBREVIATIONS = frozenset({"dr", "prof", "mr", "mrs", "ms", "mx", "st", "jr", "sr", "al", "cf",
                            "vs", "inc", "ltd", "co", "corp", "univ", "dept"})
#: A sentence's subject that "is with", "are at", "were from" somewhere (``Jones, Lee and
#: Kim were from MIT.``) is a name, but these words (``Code is at github.``), the nouns a note
#: on authors begins a sentence with (hostile round 34, N3: "Funding is from the NSF"), and
#: :data:`NO_NAME`'s: a lone surname ("Smith is with MIT") and such a noun look alike, so the
#: nouns are listed, not the names.
_NO_SUBJECT = frozenset({
    "This", "That", "These", "Those", "They", "She", "He", "It", "We", "Our", "Its", "There",
    "Here", "Both", "All", "Each", "Some", "Most", "Many", "Others", "One", "Who", "Which",
    "Code", "Data", "Dataset", "Datasets", "Work", "Software", "Correspondence", "Research",
    "Funding", "Funds", "Support", "Grant", "Grants", "Fellowship", "Sponsorship", "Part",
    "Parts", "Computing", "Compute", "Computation", "Resources", "Hardware", "Equipment",
    "Access", "Travel", "Contact", "Project", "Implementation", "Repository", "Material",
    "Materials", "Appendix", "Model", "Models", "Experiments", "Everyone", "Everything"})


def placeholder(value: str) -> bool:
    """Whether an author field (hyperref's ``pdfauthor``, ``pdfusetitle``'s copy of
    ``\\author``) holds only a venue's placeholder (:data:`_PLACEHOLDER`, numbers and signs
    aside): every word of it, not the capitalised ones only (``Li Wu`` is a name)."""
    words = re.findall(r"[^\W\d_]+", value)
    return bool(words) and all(word.lower() in _PLACEHOLDER for word in words)


#: What breaks a name in the source that TeX prints whole (hostile round 45b, K12): a
#: discretionary hyphen ``Ja\-net``, an italic correction ``Smith\/son``, an empty group
#: after a word (``Weber{}ling``; not after a control word: ``Strau\ss{}ler``).
_BROKEN = re.compile(r"\\[-/]|(?<![\\\w])([^\W\d_]+)\{\}(?=[^\W\d_])")
#: Between two letters of a name in the source: what :data:`_BROKEN` and a box's braces
#: (``\mbox{L}ee``) put there.
_BETWEEN = rb"(?:\\[-/]|\{\}|[{}])?"


def _words(group: str) -> list[tuple[str, bool]]:
    """The words of ``group`` (TeX's accents made letters, in braces of their own too, its
    macros and an address's ``\\url{..}`` left out), each with whether it begins a sentence
    (the first, or after one of :data:`_ENDS`)."""
    group = _BROKEN.sub(lambda m: m[1] or "", group)  # Ja\-net, Weber{}ling: one word as printed
    group = _BRACED.sub(lambda m: m[1] + "{}" * bool(re.search(r"\\[A-Za-z]+$", m[1])),
                        group)  # J{\"u}rgen one word (round 34, O5), Strau{\ss} and
    group = re.sub(r"\\(?:url|nolinkurl|path|href)\s*\{[^{}]*\}", " ", group)  # no words
    group = _ACCENT.sub(lambda m: (m[2] or m[3]).lstrip("\\")[0] + _ACCENTS[m[1]], group)
    group = _LETTER.sub(lambda m: _LETTERS[m[1]], group)
    # a control word or symbol: ``\\`` too, so ``\\Palo`` (a line break, then Palo) is no
    # macro ``\Palo`` (hostile round 50b, K5)
    group = unicodedata.normalize("NFC", re.sub(r"\\(?:[A-Za-z]+|[\W\d_])", " ", group))
    group = re.sub(r"(?<=[^\W\d_])[{}]+(?=[^\W\d_])", "", group)  # \mbox{L}ee: Lee
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


def spelled(word: str) -> bytes:
    """A regular expression (of bytes) of ``word`` (a name, its letters as :func:`_words`
    makes them) as a source may spell it: each letter outside ASCII as UTF-8 (composed or
    not), Latin-1, cp1252, or as TeX's accent or letter (the tables :func:`_words` folds:
    ``\\"u``, ``\\"{u}``, ``{\\"u}``, inputenc's ``\\IeC {\\"u}``, ``\\ss{}``, ``\\"\\i``)
    (hostile round 34, O5: ``\\author{J\\"urgen M\\"uller}`` shipped unsaid)."""
    from figures.texcodec import encodings

    accents = {mark: accent for accent, mark in _ACCENTS.items()}
    letters = {letter: macro for macro, letter in _LETTERS.items()}
    parts = []
    for letter in word:
        if letter.isascii():
            parts.append(re.escape(letter.encode()))
            continue
        forms = [re.escape(form) for form in dict.fromkeys(
            [*encodings(letter), unicodedata.normalize("NFD", letter).encode()])]
        base, *marks = unicodedata.normalize("NFD", letter)
        if letter in letters:
            forms.append(rb"\\" + re.escape(letters[letter].encode())
                         + rb"(?![A-Za-z])\s*(?:\{\})?")
        elif len(marks) == 1 and marks[0] in accents and base.isascii():
            accent = accents[marks[0]]
            inner = rb"(?:i|\\i(?![A-Za-z])\s*)" if base == "i" else re.escape(base.encode())
            inner = rb"(?:\{\s*" + inner + rb"\s*\}|" + (rb"\s+" if accent.isalpha()
                                                        else rb"\s*") + inner + rb")"
            forms.append(rb"\\" + re.escape(accent.encode()) + inner)
        parts.append(rb"(?:\{?(?:\\IeC\s*)?\{?(?:" + b"|".join(forms) + rb")\}?\}?)")
    return _BETWEEN.join(parts)


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
    return words[at][0] not in _NO_SUBJECT | NO_NAME and len(verb) >= 2 and \
        verb[0] in ("is", "are", "was", "were") and verb[1] in ("with", "at", "from")


def names_in(group: str) -> list[str]:
    """The capitalised words of three letters or more (any script's: Zoë Müller, McDonald;
    TeX's accents made letters) in an author's argument, but the words that are no name."""
    return [word for word, _ in _words(group) if _name(word)]


#: A date in a note (IEEE's mandatory ``\\thanks{Manuscript received April 19, 2005;
#: revised August 26, 2015.}``): a month's name beside a number names no one (hostile round
#: 45b, K14: "April", "August" warned as authors' names on every IEEE journal review copy).
_MONTHS = (r"(?:January|February|March|April|May|June|July|August|September|October|November"
           r"|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b")
_DATE = re.compile(rf"\b{_MONTHS}\.?(?:\s|~|\\[, ])*(?=\d)|(?<=\d)(?:\s|~|\\[, ])+{_MONTHS}")
#: What an author field holds that is no name: IEEEtran's ``\\IEEEmembership{Life Fellow,
#: IEEE}`` (round 45b, K14); a funding sentence's funder (round 47b, K14: "National Science
#: Foundation" told as an author's names; :mod:`figures.paper.disclosure` tells the sentence).
_NO_NAMES = re.compile(r"\\IEEEmembership\s*\{[^{}]*\}|\b(?:work|research|project|study)\s+(?:was|"
                       r"is|has\s+been)\s+(?:\w+\s+)?(?:supported|funded)\s+(?:in\s+part\s+)?by\b"
                       r"[^.;{}]*")


def author_names(group: str) -> list[str]:
    """:func:`names_in` of ``\\author``'s argument, in a note on an author (``\\thanks``,
    ``\\footnote``) the words that begin a sentence aside: "Equal contribution.", "Work done
    during an internship." name no one (hostile round 31, N10); "Work done at Google
    DeepMind, London." still names Google, DeepMind, London. An honorific's or an
    abbreviation's full stop begins no sentence ("Dr. Smith and Prof. Jones": Smith, Jones);
    a sentence's first word is a name where the sentence says it "is with", "are at", "were
    from" somewhere ("Smith is with MIT. Jones is at Acme Labs.": Smith, Jones, Acme, Labs;
    hostile round 32, A3), but a word that is no one's (:data:`_NO_SUBJECT`)."""
    group = _DATE.sub(" ", _NO_NAMES.sub(" ", group))
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


#: A macro of the paper's own with no argument (``\\newcommand{\\myname}{Janet Smithson}``,
#: ``\\def\\myname{..}``: a template keeps the name in one place for ``\\author`` and
#: ``pdfauthor``), up to its body's ``{``.
_SIMPLE = re.compile(r"\\(?:(?:re)?newcommand|providecommand|DeclareRobustCommand|[gex]?def)"
                     r"\*?\s*(?:\{\s*\\([A-Za-z@]+)\s*\}|\\([A-Za-z@]+))\s*(?:\[\s*0\s*\]\s*)?\{")
_CALL = re.compile(r"\\([A-Za-z@]+)(?![A-Za-z@])")


def expander(texts: list[str]) -> Callable[[str], str]:
    """What expands the paper's own macros without arguments (:data:`_SIMPLE`, defined in
    ``texts``) in a field (``\\author{\\myname}``, a running head, a note's ``author=\\KW``),
    a macro naming another too (``\\myname``: ``\\first\\ \\last``), not forever."""
    macros = {}
    for text in texts:
        braces = Braces(text)
        for match in _SIMPLE.finditer(text):
            if (end := braces.close(match.end() - 1)) >= 0:
                macros[match[1] or match[2]] = text[match.end():end]

    def expand(group: str) -> str:
        for _ in range(8):
            group = _CALL.sub(lambda m: f" {macros[m[1]]} " if m[1] in macros else m[0],
                              group[:8 * REACH])  # (\def\a{\a\a}: bounded)
        return group
    return expand


#: The fields that print an author's name: ``\\author[short]{..}`` (amsart's running-head
#: name too), ICML's ``\\icmlauthor{name}{..}``, and the running heads' (hostile round 45b,
#: K22: ``\\authorrunning{J. Smithson et al.}`` under llncs' ``runningheads`` printed on page
#: 2 with warnings 0): LNCS's and Springer's ``\\authorrunning``, Elsevier cas' ``\\shortauthors{..}``,
#: acmart's ``\\renewcommand{\\shortauthors}{..}`` (``\\def`` too); and the affiliations printed
#: under them (revtex's and elsarticle's ``\\affiliation``/``\\address``, llncs'
#: ``\\institute``, authblk's ``\\affil``, ICML's ``\\icmlaffiliation``), read as ``\\author``
#: is (hostile round 49b, K16: ``\\affiliation{Massachusetts Institute of Technology}`` printed
#: under the anonymous author with no word), their institution words aside (:data:`_INSTITUTION`).
_AUTHOR = re.compile(r"\\(?:author\s*(?:\[([^\]]*)\]\s*)?|icmlauthor|icmlcorrespondingauthor"
                     r"|authorrunning|shortauthors|(?:(?:re)?newcommand|providecommand|[gex]?def)"
                     r"\*?\s*(?:\{\s*\\shortauthors\s*\}|\\shortauthors)"
                     r"|(affiliation|institute|address|icmlaffiliation\s*\{[^{}]*\}|affil)\s*(?:\[[^\]]*\]\s*)?"
                     r")\s*\{")
#: The words of an affiliation that name no one and no place (``Institute of Technology``,
#: ``Department of Computer Science``): the rest (``Massachusetts``) is read as a name.
_INSTITUTION = re.compile(r"\b(?:Institute|Institut|Technology|School|Laboratory|Laboratories"
                          r"|Lab|Labs|College|Faculty|Science|Sciences|Engineering|Computer"
                          r"|Computing|Research|Center|Centre|Group|Division|Physics|Mathematics"
                          r"|Informatics|Graduate|National|International|Academy)\b")
#: ``\\markboth{left}{right}``, ``\\markright{..}`` (IEEEtran's ``{Smithson \\MakeLowercase{\\textit{et
#: al.}}: Title}``), fancyhdr's ``\\fancyhead[R]{..}``, ``\\fancyfoot``, ``\\rhead``... (round 47b,
#: K13): of each argument, what stands before its ``et al.`` or (not fancyhdr's:
#: ``Preprint: under review``) its first ``:`` (a journal's name, a title alone: no author's).
_HEAD = re.compile(r"\\(?:mark(both|right)|fancy(?:head|foot)\s*(?:\[[^\]]*\])?|[lcr](?:head|foot))"
                   r"\s*\{")
_ET_AL = re.compile(r"\bet(?:\s|~|\\ )*al\b")
_HEAD_END = re.compile(rf"{_ET_AL.pattern}|:")


def author_fields(text: str, expand: Callable[[str], str] = str) -> list[str]:
    """The texts of ``text``'s author fields (:data:`_AUTHOR`; cut at :data:`REACH` where one
    does not close) and of the authors in its running heads (:data:`_HEAD`), each head read
    with the paper's macros expanded by ``expand`` before its ``et al.`` is looked for, as
    ``\\author`` is read (hostile round 49b, K30: ``\\fancyhead[R]{\\shortauth}``, the macro
    ``Smithson et al.``, printed on every page with no word)."""
    braces, found = Braces(text), []
    for match in _AUTHOR.finditer(text):
        end = braces.close(match.end() - 1)  # to the matching brace: \IEEEmembership{..}
        field = text[match.end():end if end >= 0 else match.end() + REACH]
        found += [*filter(None, [match[1]]), _INSTITUTION.sub(" ", field) if match[2] else field]
    for match in _HEAD.finditer(text):
        spans, at = [], match.end() - 1
        for _ in range(2 if match[1] == "both" else 1):
            if (span := braces.group(at)) is None:
                break
            spans.append(span)
            at = span[1] + 1
        for start, end in spans:
            if (head := (_HEAD_END if match[1] else _ET_AL).search(
                    written := expand(text[start + 1:end]))):
                found.append(written[:head.start()])
    return found


#: Where a login is printed as an address's part (hostile round 31, S1): the first folder
#: of a host's (``github.com/``; TeX breaks a URL after a ``/`` or a ``.``, its text then
#: holds a blank: ``github. com/ jsmith``), a home's (``/home/``, ``/Users/``), a handle
#: (``@jsmith``), a user's home (``~jsmith``); never after a slash of prose ("Train/Dev").
#: A host tried only where its run of letters begins, a label's dot and a blank before a
#: lowercase letter or digit included (linear time on ``a.a.a...`` and ``a. a. a. ...``: the
#: run's first host reaches each blank of it; ``code... github.com/`` still starts at ``g``).
#: Anywhere else in an address too: :func:`addresses`.
_ADDRESS = (r"(?:(?<![A-Za-z0-9.-])(?:(?<![A-Za-z0-9-]\.\s)|(?![a-z0-9]))"
            r"[A-Za-z0-9-]+(?:\.(?:\s(?=[a-z0-9]))?[A-Za-z0-9-]+)*\.\s?[a-z]{2,}/\s?"
            r"|/(?:home|Users)/\s?|[@~])")


def login(words: list[str]) -> re.Pattern[str]:
    """A login of ``words`` (one word) as :data:`_ADDRESS` prints it, or before an ``@``
    (``jsmith@``), in any case (GitHub's names are case-blind: ``github.com/JSmith``)."""
    body = r"\s+".join(map(re.escape, words))
    return re.compile(rf"{_ADDRESS}(?i:{body})(?![^\W_])|(?<![^\W_])(?i:{body})(?=@)")


def fused(authors: list[str]) -> list[tuple[str, re.Pattern[bytes]]]:
    """Hostile round 42 (A50): an address's part (after a ``/``, ``~`` or ``@``, or an
    address's start) that is a login made of one of ``authors``' names (four letters or more,
    accents folded) fused with another of them or an initial, in any case: ``github.com/
    jsmithson``, ``https://janetsmithson.github.io``, ``smithsonj``, ``janet-smithson``, the
    commonest slip of a review copy (the name alone is a whole word, told as a name).
    ``(what, pattern)`` per name: ``a login made of Smithson, an author's name``."""
    names = list(dict.fromkeys(form for name in authors if (form := unicodedata.normalize(
        "NFKD", name).encode("ascii", "ignore").decode()).isalpha() and len(form) >= 3))
    initials = sorted({name[0].lower() for name in names})
    found = []
    for name in (name for name in names if len(name) >= 4):
        part = b"|".join([*(re.escape(other.encode()) for other in names
                            if other.lower() != name.lower()), *(i.encode() for i in initials)])
        body = re.escape(name.encode())
        found.append((f"a login made of {name}, an author's name", re.compile(
            rb"(?:(?<=[/~@])|\A)(?:(?:" + part + rb")[._-]?" + body + rb"|" + body
            + rb"[._-]?(?:" + part + rb"))(?=[/.?#\s}\"')\]]|\Z)", re.IGNORECASE)))
    return found


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


#: Logins that are common words of a site's own paths (``docs.python.org/3/library/``,
#: ``pytorch.org/docs/stable/data.html``): counted in an address only where a login is printed
#: (:func:`login`: a host's first folder, a home, a handle), never as a deeper label (hostile
#: round 34, N2: a figure's /Author ``data`` "printed" by a cited ``.../data.html``). Round 32
#: A1's labels (a subdomain, a deeper folder, a query) are where a rare word is a login, but
#: a common one there is the site's own page: a warning on every bibliography citing it.
COMMON_LOGINS = frozenset({
    "dev", "data", "test", "tests", "admin", "docs", "doc", "main", "master", "code", "src",
    "lib", "api", "app", "web", "www", "blog", "home", "stable", "latest", "user", "users",
    "download", "downloads", "static", "assets", "files", "paper", "papers", "research", "lab",
    "team", "project", "projects", "abs", "pdf", "html", "index", "wiki", "issues", "tree",
    "blob", "raw", "release", "releases", "library", "tutorial", "tutorials", "guide", "model",
    "models", "dataset", "datasets", "news", "about", "people", "search", "help", "en"})


def in_address(word: str, text: str) -> str | None:
    """The address of ``text`` (:func:`addresses`) that prints a login ``word`` as a whole
    label of its host, path or query (``jsmith.github.io``, ``?author=jsmith``,
    ``/orgs/acme/people/jsmith``, ``jsmith-lab.org``: hostile round 32, A1) as printed, a
    host's first folder in any case (``github.com/JSmith``): a deeper folder is
    case-sensitive on most servers, ``/Data/`` is no ``data`` (round 31, S1); a common word
    (:data:`COMMON_LOGINS`) only where :func:`login` finds it. None: no address does."""
    body = re.escape(word)
    label = login([word]) if word.lower() in COMMON_LOGINS else re.compile(
        rf"(?<![^\W_]){body}(?![^\W_])|\.[A-Za-z]{{2,}}/(?i:{body})(?![^\W_])")
    return next((address for address in addresses(text)  # https: no label
                 if label.search(address.partition("://")[2] or address)), None)
