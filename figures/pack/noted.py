"""Margin notes' author fields in an anonymous pack (hostile round 48b, K20): todonotes'
``\\todo[author=Karl Weberling]{..}`` prints the name in the margin of the very page a
reviewer reads, changes' ``\\definechangesauthor[name={Janet Smithson}]{JS}`` prints it in
``\\listofchanges``. A field whose key says it holds an author is read as pdfcomment's and
attachfile's ``author=`` are (docs/pack.md: a note's author field stops the pack): a name
there (:func:`figures.paper.names.names_in`: a role, ``author=Reviewer``, or initials,
``JS``, pass) that the compiled pages print stops the pack at its line; one they do not
print (a ``[disable]`` todonotes, no ``\\listofchanges``) is a warning, as any name the
sources alone ship: the archive holds it, the page does not show it. Whether it is printed
is asked of the compiled text (:func:`figures.paper.disclosure.printed_on`), not guessed
from the options."""

from __future__ import annotations

import re

from figures.errors import FigureDataError, display_path
from figures.paper.disclosure import printed_on
from figures.paper.names import expander, names_in
from figures.pdf import open_pdf, texts_of
from figures.texread import blanked

#: What the paper's own packages define (their notes are no author's of this paper).
_PACKAGES = (".sty", ".cls", ".clo", ".cfg", ".def", ".bst")
#: The commands whose key=value options name a note's author, with that key: todonotes'
#: ``\\todo``, ``\\missingfigure`` and ``\\setuptodonotes`` (author=), changes'
#: ``\\definechangesauthor`` (name=). An option's value may be braced, one level deep.
_NOTE = re.compile(r"\\(todo|missingfigure|setuptodonotes|definechangesauthor|fxsetup)\*?\s*"
                   r"([\[{])((?:[^\[\]{}]|\{[^{}]*\})*)[\]}]")
_KEYS = {"todo": "author", "missingfigure": "author", "setuptodonotes": "author",
         "definechangesauthor": "name", "fxsetup": "author"}
#: fixme's registered author, printed before each of their notes (hostile round 49b, K3):
#: ``\\FXRegisterAuthor{kw}{akw}{Karl Weberling}``, its third argument the name.
_FIXME = re.compile(r"\\FXRegisterAuthor\s*(\{[^{}]*\}\s*\{[^{}]*\}\s*)\{((?:[^{}]|\{[^{}]*\})*)\}")
#: todonotes' default options as its manual sets them (hostile round 50b, K3 f): xkeyval's
#: ``\\presetkeys{todonotes}{author=Karl Weberling}{}``, its second argument the keys.
_PRESET = re.compile(r"\\presetkeys\s*\{\s*todonotes\s*\}\s*\{((?:[^{}]|\{[^{}]*\})*)\}")
_CLOSE = {"[": "]", "{": "}"}
_PACKAGE = {"definechangesauthor": "changes'", "fxsetup": "fixme's"}


def told(texts: dict[str, str], pages: list[str],
         pdf: bytes | None = None) -> tuple[list[str], FigureDataError | None]:
    """The warnings for the note author fields of ``texts`` (the packed text files of
    the paper by name) naming someone that ``pages`` (the compiled text) never print, and
    the stop for the first that they print (None: none is), at its file's name in the paper
    and its line, as every other line of the pack and docs/pack.md say it (``main.tex:5``;
    hostile round 49b, K3: it was the whole path, ``/home/.../main.tex:5``). A name the
    plain reading of ``pages`` does not show is looked for in ``pdf``'s pages laid out too,
    line by line: a note's author line may run into its text there (``Weber-``/``ling``
    then ``check``, read ``lingcheck``: hostile round 50b, K3)."""
    said, stop, laid = [], None, []
    # a macro of any packed file, the authors' own .sty's too, as \author's are read (round
    # 50b, K3: author=\KW from kwnotes.sty, printed, passed); the paper's .tex ones last, so
    # theirs win
    expand = expander([texts[n] for n in sorted(texts, key=lambda n: (
        not n.lower().endswith(_PACKAGES), n))])
    for name in sorted(n for n in texts if not n.lower().endswith(_PACKAGES)):
        text = blanked(texts[name], verbatim=True)
        for start, field, written, key in _fields(text):
            value = " ".join(expand(written).split())  # author=\KW (round 49b, K3)
            if not names_in(value):
                continue
            line = text.count("\n", 0, start) + 1
            where = f"{display_path(name)}:{line}"
            what = f"a note's author field ({field}) names {value}"
            shown = printed_on(value, pages)
            if shown is None and pdf is not None:
                laid = laid or texts_of(open_pdf(pdf), laid=True)
                shown = printed_on(value, laid)
            if shown is None:
                said.append(f"{where}: {what}, shipped in the source though the pages "
                            "do not print it: leave it out of the anonymous version")
            elif stop is None:
                stop = FigureDataError(where, None, (  # as every line: main.tex:5 (49b, K3)
                    f"{what}, printed on page {shown[1]} of the review copy: leave it out "
                    f"of the anonymous version (or write a role: {key}); the "
                    "anonymous pack stops"))
    return said, stop


def _fields(text: str) -> list[tuple[int, str, str, str]]:
    """Each note author field of ``text``: where it starts, the field as the line shows it
    (``todonotes' \\todo[author=\\KW]``), its value as written and the role to write
    instead (``author=Reviewer``); fixme's ``\\FXRegisterAuthor``'s name too (round 49b,
    K3: printed before every note of theirs, with no word), and todonotes' defaults set
    with ``\\presetkeys`` (round 50b, K3 f)."""
    found = []
    for match in _NOTE.finditer(text):
        key = _KEYS[match[1]]
        field = re.search(rf"(?<![A-Za-z]){key}\s*=\s*(?:\{{([^{{}}]*)\}}|([^,]*))", match[3])
        value = (field[1] if field and field[1] is not None else field[2] if field else "")
        package = _PACKAGE.get(match[1], "todonotes'")
        shown = (f"{package} \\{match[1]}{match[2]}{key}={' '.join(value.split())}"
                 f"{_CLOSE[match[2]]}")
        found.append((match.start(), shown, value, f"{key}=Reviewer"))
    for match in _PRESET.finditer(text):
        field = re.search(r"(?<![A-Za-z])author\s*=\s*(?:\{([^{}]*)\}|([^,]*))", match[1])
        if field:
            value = field[1] if field[1] is not None else field[2]
            shown = f"todonotes' \\presetkeys{{todonotes}}{{author={' '.join(value.split())}}}"
            found.append((match.start(), shown, value, "author=Reviewer"))
    for match in _FIXME.finditer(text):
        shown = f"fixme's \\FXRegisterAuthor{' '.join(match[1].split())}{{{match[2]}}}"
        found.append((match.start(), shown, match[2], "Reviewer as its name"))
    return sorted(found)
