"""Text an anonymous archive ships that TeX reads and never prints (hostile round 24, N5):
notes behind a switch, not in a comment, so the stripping keeps them. One warning line per
file, naming the first such text, its line and the switch.

Where to look is read from the source: ``\\todo`` and ``\\missingfigure`` in a paper loading
todonotes, each branch of a switch the paper's ``\\newif`` makes (or etoolbox's
``\\newtoggle``/``\\newbool``, ifthen's ``\\newboolean``: ``\\iftoggle{notes}{..}{..}``,
``\\ifthenelse{\\boolean{notes}}{..}{..}``; expl3's ``\\bool_if:NTF``, ``\\unless`` before
a test: :mod:`figures.pack.switches`), ifdraft's ``\\ifdraft{..}{..}``, in the
document's body ``\\ifthenelse`` of any condition and the tests of a command defined
(``\\ifdefined\\x``, ``\\ifcsname``, etoolbox's ``\\ifdef``: round 28, H8), the body of an
environment the paper defines (environ's ``\\NewEnviron{notes}{}``, one setting its body in a box never
used), an argument the paper's own command drops (``\\newcommand{\\jm}[1]{}``,
``\\let\\jm\\@gobble``) or uses only inside a switch's branch
(``\\newcommand{\\note}[1]{\\ifcomments[#1]\\fi}``; any definer and xparse argument
specification: :mod:`figures.pack.arguments`), an ``\\iffalse`` block, the ``\\else`` part
of an ``\\iftrue``, and an uncited entry of a ``.bib`` written by ``filecontents``
(:mod:`figures.pack.written`). Whether TeX
printed it is asked of TeX: the text of the compiled pages. TeX has no hook on a skipped
branch or a discarded argument, and which definition holds at a point (todonotes' ``disable``
inside an ``\\ifreview``, ``\\notestrue`` in another file, a ``\\renewcommand`` in a switch)
the source can only guess; the page says what was printed. A place wrongly looked at whose
text is printed is never told."""

from __future__ import annotations

import re
from dataclasses import dataclass

from figures.errors import display_path
from figures.numbers.texprose import prose
from figures.pack.arguments import COPIES, copies, definitions, followed, spans, switched
from figures.pack.switches import (
    BOOLEAN,
    DEFINED,
    IFDRAFT,
    PRIMITIVE,
    TEST,
    TESTS,
    either,
    switches_in,
)
from figures.pack.written import uncited
from figures.paper.disclosure import folded
from figures.texread import Braces, blanked
from figures.texread import read as reading
from figures.texverbatim import DEFINERS, NEW_ENVIRONMENT, NEW_PLAIN, false_end

#: A class or package (the paper's own, or a venue's beside it): its definitions are learned,
#: its own switches (``\\if@ACM@journal``) are no notes of the author's.
PACKAGES = (".sty", ".cls", ".clo", ".cfg", ".def", ".fd", ".ldf", ".bst")


#: A ``\\usepackage`` line: its options and packages (todonotes', ifdraft's tests).
_PACKAGE = re.compile(r"\\(?:usepackage|RequirePackage)\s*(?:\[([^\]]*)\]\s*)?\{([^}]*)\}")
_TODOS = ("todo", "missingfigure")
#: The preamble's commands whose arguments are printed (a title block's, a venue's
#: ``\\icmltitle``, ``\\icmlauthor``): a test there is read as in the body (round 30, H8).
_PRINTED = re.compile(r"\\(?!make|new|renew|provide)(?:subtitle|date|thanks|address|email|"
                      r"affiliation|institute|keywords|abstract|[A-Za-z]*(?:title|author)"
                      r"(?:running)?)\*?(?=\s*[\[{])")
_OPTION = re.compile(r"\s*\[[^\]]*\]")
#: The definers the reader knows (:mod:`figures.texverbatim`): of an environment (environ's
#: too), and those before a name made, not run (``\\newif\\ifnotes``,
#: ``\\let\\ifmine\\iftrue``, ``\\newcommand{\\note}``); a command's are read in
#: :mod:`figures.pack.arguments`.
_ENVIRONMENT = re.compile(r"\\(" + either({*NEW_ENVIRONMENT, *(
    name for name in NEW_PLAIN if name.endswith("Environ"))}) + r")\*?\s*\{(\w+)\}")
_MADE = re.compile(r"\\(?:" + either({*DEFINERS, *COPIES, "csname", "endcsname"}) +
                   r")\*?\s*\{?\s*(?:\\[A-Za-z@]+\s*\}?\s*=?\s*)?$")
#: A word of prose, its punctuation around it (``(reviewer``, ``DFA.``, ``CIFAR-10``).
_WORD = re.compile(r"[(\[\"'`]*[^\W_]+(?:[-'\u2019][^\W_]+)*[)\]\"'.,;:!?]*")
_NOT_ALNUM = re.compile(r"[\W_]+")


@dataclass(frozen=True)
class _Place:
    start: int  # where the command opening it stands (its line is told)
    body: tuple[int, int]  # the text TeX may never print
    shown: str  # how it begins, as written
    why: str  # what hides it
    own: str = ""  # the text holding it, when not the file's as read (an \\iffalse block)


def told(texts: dict[str, str], pages: list[str]) -> list[str]:
    """One line per source (``texts``: the packed text files by name; packages are read for
    their definitions only) holding text that ``pages`` (the compiled PDF's text) never
    shows, behind a switch of the ones above."""
    read = {name: blanked(text, verbatim=True, hidden=True) for name, text in texts.items()}
    every = "\n".join(read.values())
    printed = _NOT_ALNUM.sub("", folded("".join(pages)).lower())
    if not printed:  # pages with no text to read (figures alone, fonts pypdf cannot read)
        return []
    switches = switches_in(every)
    pairs = copies(every)  # a switch or a hider copied (round 30, H5 and H10): \let\ifmine\ifarxiv
    switches |= {new[2:]: said for new, (_, said) in followed({"iftrue", "iffalse", *(
        f"if{name}" for name in switches)}, pairs).items() if new.startswith("if")}
    loaded = [(match.group(1) or "", re.split(r"\s*,\s*", match.group(2).strip()))
              for match in _PACKAGE.finditer(every)]
    todonotes = [options for options, names in loaded if "todonotes" in names]
    if any("ifdraft" in names for _, names in loaded):
        switches |= {f"\\{test}": "the ifdraft package" for test in IFDRAFT}
    environments = {match.group(2): f"\\{match.group(1)}{{{match.group(2)}}}"
                    for match in _ENVIRONMENT.finditer(every)}
    environments |= {new: said for new, (_, said) in followed(environments, pairs).items()}
    commands = _dropping(every, switches)
    commands |= {new: (commands[old][0], {k: f"{why}, through {said}" for k, why in commands[
        old][1].items()}) for new, (old, said) in followed(commands, pairs).items()}
    todos = [*_TODOS, *followed(set(_TODOS), pairs)]
    said = []
    for name in sorted(n for n in read if not n.lower().endswith(PACKAGES)):
        places = [*_branches(read[name], switches), *_tests(read[name], switches),
                  *_cases(read[name]),
                  *_bodies(read[name], environments), *_arguments(read[name], commands),
                  *_fixed(texts[name], read[name])]
        plain = blanked(texts[name])  # a filecontents .bib (round 29, K1): its % is text
        places += [_Place(start, body, _shown(plain, start, body[1]), why,
                          plain.replace("%", " ")) for start, body, why in uncited(plain, every)]
        if todonotes and "todo" not in commands:
            why = ("todonotes' disable option" if any("disable" in o for o in todonotes)
                   else "todonotes")
            places += _todos(read[name], why, todos)
        hidden: list[_Place] = []
        for place in sorted(places, key=lambda p: p.start):
            if not any(h.body[0] <= place.start < h.body[1] for h in hidden) and \
                    _hidden((place.own or read[name])[place.body[0]:place.body[1]], printed):
                hidden.append(place)
        if hidden:
            lines = [read[name].count("\n", 0, place.start) + 1 for place in hidden]
            more = f" (and {len(lines) - 1} more, lines {', '.join(map(str, lines[1:]))})" \
                if len(lines) > 1 else ""
            said.append(f"{display_path(name)}:{lines[0]}: {hidden[0].shown} is hidden by "
                        f"{hidden[0].why}{more}: text TeX does not print, shipped in the "
                        "archive (the page never shows it): remove it before you submit")
    return said


def _hidden(body: str, printed: str) -> bool:
    """Whether ``body``'s prose (runs of three words, a command or brace group breaking a
    run) is missing from the page: fewer than a third of its runs are there (a note's words
    may be common ones); False when it holds no prose. What TeX never prints as words is no
    prose (round 28, H7: ``\\cite{smith}`` prints ``[4]``): the arguments ``check-tex``
    does not read (:func:`figures.numbers.texprose.prose`: citation keys, labels, references,
    addresses, colours), each command so blanked breaking a run."""
    runs: list[list[str]] = [[]]
    for piece in re.split(r"(\\[A-Za-z@]+\*?\s*\{?|\\.|[$~&^_#]|\s+|[{}])", prose(body)):
        if not piece or piece.isspace() or piece in "{}":
            continue
        word = not piece.startswith(("\\", "$")) and _WORD.fullmatch(piece)
        if word or (piece.startswith("\\") and piece.endswith("{")):  # \emph{very} goes on
            if not piece.startswith("\\"):
                runs[-1].append(_NOT_ALNUM.sub("", folded(piece).lower()))
        elif runs[-1]:
            runs.append([])
    grams = ["".join(run[k:k + 3]) for run in runs for k in range(len(run) - 2)]
    return bool(grams) and 3 * sum(gram in printed for gram in grams) < len(grams)


def _made(text: str, start: int) -> bool:
    """Whether the control word at ``start`` is a name a definition makes (``\\newif\\ifnotes``,
    ``\\let\\ifmine\\iftrue``, ``\\newcommand{\\note}``), not one run there."""
    return _MADE.search(text[max(0, start - 40):start]) is not None


def _shown(text: str, start: int, end: int) -> str:
    shown = " ".join(text[start:end].split())
    return shown if len(shown) <= 80 else shown[:77] + "..."


def _todos(text: str, why: str, names: list[str]) -> list[_Place]:
    """Each ``\\todo`` (``\\missingfigure``, a copy: ``\\let\\fixme\\todo``)'s note."""
    places, braces = [], Braces(text)
    for match in re.finditer(r"\\(" + either(names) + r")\*?\s*(?:\[[^\]]*\]\s*)?(?=\{)", text):
        if _made(text, match.start()):
            continue
        end = braces.close(match.end())
        if end > 0:
            places.append(_Place(match.start(), (match.end() + 1, end),
                                 _shown(text, match.start(), end + 1), why))
    return places


def _branches(text: str, switches: dict[str, str]) -> list[_Place]:
    """Each branch of ``\\if<name> .. \\else .. \\fi`` for the paper's ``\\newif`` names (a
    ``\\newbool`` or ``\\newboolean`` makes one too), each named with its declaration; and
    of ``\\ifdefined\\x`` or ``\\ifcsname x\\endcsname`` in the document's body (round 28,
    H8)."""
    names = sorted(name for name in switches if re.fullmatch(r"[A-Za-z@]+", name)
                   and "toggle{" not in switches[name])
    places, setting = [], _settings(text)
    ifs = frozenset(f"if{name}" for name in names)
    pattern = re.compile(rf"{DEFINED.pattern}|{PRIMITIVE.pattern}" + (  # round 53h, K21
        r"|\\if(" + "|".join(map(re.escape, names)) + r")(?![A-Za-z@])" if names else
        r"|(?!)()"), re.DOTALL)
    for match in pattern.finditer(text):
        if _made(text, match.start()):
            continue  # its name made, not run
        name, begin = match.group(1), match.start()
        if name is None and setting(begin):
            continue  # a test of a command in the preamble's settings, not notes
        said = f"\\if{name}" if name else " ".join(match.group().split())
        declared = f" ({switches[name]})" if name else ""
        end = false_end(text, match.end(), [], ifs=ifs)
        if not text.endswith(("\\fi", "\\else"), 0, end):
            continue  # no end: the file's rest is no branch to judge
        said, truths = f"{said},", ("false", "true")
        if unless := _UNLESS.search(text, max(0, begin - 40), begin):  # round 31, N5: inverted
            begin, said, truths = unless.start(), f"\\unless{said} {said[:-1]}", ("true", "false")
        body_end = end - (5 if text[end - 5:end] == "\\else" else 3)
        places.append(_Place(begin, (match.end(), body_end), _shown(text, begin, body_end),
                             f"{said} {truths[0]} there{declared}"))
        if text[end - 5:end] == "\\else":
            after = false_end(text, end, [], ifs=ifs)
            places.append(_Place(end - 5, (end, after - 3), _shown(text, end - 5, after - 3),
                                 f"{said} {truths[1]} there{declared}"))
    return places


#: e-TeX's ``\\unless`` before a test: its branches the other way round (hostile round 31, N5).
_UNLESS = re.compile(r"\\unless\s*\Z")
_CASE = re.compile(r"\\ifcase(?![A-Za-z@])\s*(-?\d+|\\[A-Za-z@]+(?:\s*\{[^{}]*\})?|`\\?.)\s?")


def _cases(text: str) -> list[_Place]:
    """Each case of TeX's ``\\ifcase n .. \\or .. \\else .. \\fi`` in the document's body
    (hostile round 31, N2): which is taken the page decides; nested conditionals counted."""
    places, setting = [], _settings(text)
    for match in _CASE.finditer(text):
        if setting(match.start()):
            continue
        start, pos, said = match.start(), match.end(), " ".join(match.group().split())
        while (word := next((w for w in ("\\or", "\\else", "\\fi") if text.endswith(
                w, 0, end := false_end(text, pos, []))), None)) is not None:
            places.append(_Place(start, (pos, end - len(word)), _shown(
                text, start, end - len(word)), f"{said}, a case not taken there"))
            if word == "\\fi":
                break
            start, pos = end - len(word), end
    return places


def _tests(text: str, switches: dict[str, str]) -> list[_Place]:
    """The branches of ``\\iftoggle{<name>}{..}{..}`` (``\\nottoggle``, ``\\ifbool``,
    ``\\notbool``, ``\\ifthenelse{\\boolean{<name>}}``, expl3's ``\\bool_if:NTF``: round 32,
    H2) for the paper's switch names; of ``\\ifthenelse`` on any other condition, etoolbox's
    ``\\ifdef{\\x}`` (``\\ifundef``, ``\\ifcsdef``, ``\\ifcsundef``), in the document's body,
    and ifdraft's ``\\ifdraft`` (round 28, H8)."""
    places, braces, setting = [], Braces(text), _settings(text)
    for match in TEST.finditer(text):
        pos, name, branches = match.end(), match.group(2), TESTS.get(match.group(1), "TF")
        said = f"\\{match.group(1)}{{{name}}}"
        if match.group(4):  # a condition first
            condition = braces.group(pos)
            if condition is None:
                continue
            pos, written = condition[1] + 1, text[condition[0] + 1:condition[1]]
            said = f"\\{match.group(4)}{{{' '.join(written.split())}}}"
            boolean = BOOLEAN.fullmatch(written) if match.group(4) == "ifthenelse" else None
            name = boolean.group(2) if boolean and boolean.group(2) in switches else None
            branches = "FT" if name and boolean.group(1) else "TF"
        elif match.group(3):
            name = f"\\{match.group(3)}"
            said = name
        elif match.group(5):  # expl3's: \bool_if:NT \g_notes_bool, \bool_if:nTF {! \g_notes_bool}
            name, negated = f"\\{match.group(6) or match.group(8)}", bool(match.group(7))
            said = f"\\{match.group(5)}" + (name if match.group(6) else f"{{{'!' * negated}{name}}}")
            branches = TESTS[match.group(5)].translate(str.maketrans("TF", "FT") if negated else {})
        undeclared = name is None  # a condition of its own: the body's only
        if setting(match.start()) if undeclared else name not in switches:
            continue
        made = f" ({switches[name]})" if name in switches else ""
        for branch, letter in enumerate(branches):
            group = braces.group(re.compile(r"\s*").match(text, pos).end())
            if group is None:
                break
            start = match.start() if branch == 0 else group[0]
            places.append(_Place(start, (group[0] + 1, group[1]), _shown(text, start, group[1] + 1),
                                 f"{said}, {'false' if letter == 'T' else 'true'} there{made}"))
            pos = group[1] + 1
    return places


def _body(text: str) -> int:
    """Where the document's body begins (0 in a file with none: one ``\\input`` there): a
    test the paper did not declare is looked at there only, not among the preamble's
    settings."""
    begin = re.search(r"\\begin\s*\{document\}", text)
    return begin.end() if begin else 0


def _settings(text: str):
    """Whether a test of a condition the paper did not declare, at a place, is among the
    preamble's settings, not a note: before the document's body, outside the printed
    arguments of a title block (round 30, H8: ``\\title{..}``, ``\\author{..}``)."""
    body, braces, printed = _body(text), Braces(text), []
    for match in _PRINTED.finditer(text, 0, body):
        pos = match.end()
        if _made(text, match.start()):
            continue  # \def\mytitle{..}: a definition
        while (option := _OPTION.match(text, pos)) or (
                group := braces.group(re.compile(r"\s*").match(text, pos).end())):
            end = option.end() if option else group[1] + 1
            printed.append((pos, end))
            pos = end
    return lambda at: at < body and not any(start <= at < end for start, end in printed)


def _bodies(text: str, environments: dict[str, str]) -> list[_Place]:
    """The body of each environment of the paper's own (the outermost, nested ones in it)."""
    places = []
    for name, definer in environments.items():
        pattern = re.compile(r"\\(begin|end)\s*\{" + re.escape(name) + r"\}")
        depth, begin = 0, None
        for match in pattern.finditer(text):
            if match.group(1) == "begin":
                depth += 1
                begin = match if depth == 1 else begin
            elif depth:
                depth -= 1
                if depth == 0 and begin is not None:
                    places.append(_Place(begin.start(), (begin.end(), match.start()),
                                         _shown(text, begin.start(), match.start()),
                                         f"the {name} environment, which discards its body "
                                         f"({definer})"))
    return places


def _dropping(text: str, switches: dict[str, str]) -> dict[str, tuple[tuple[str, ...], dict[int, str]]]:
    """The paper's commands one of whose definitions drops an argument, or uses it only inside
    a switch's branch (round 27, H5: ``\\newcommand{\\note}[1]{\\ifcomments[#1]\\fi}``), any
    definer and argument specification (round 29, H1; a ``\\let`` to ``\\@gobble``, K4:
    :mod:`figures.pack.arguments`): each by name, with its arguments' kinds and those
    arguments, each with what may hide it."""
    found: dict[str, tuple[tuple[str, ...], dict[int, str]]] = {}
    for defined in definitions(text, Braces(text)):
        name, hiding = defined.name, {}
        body = "" if defined.body is None else text[defined.body[0]:defined.body[1]]
        branches = [*_branches(body, switches), *_tests(body, switches), *_fixed(body, body),
                    *(_Place(at, span, "", why) for at, span, why in switched(body))]
        for k, kind in enumerate(defined.kinds, 1):
            if kind == "s" or kind[0] == "t" or k == defined.keeps:
                continue  # a star, a token: no text; what \use_i:nn keeps
            uses = [m.start() for m in re.finditer(f"#{k}", body)]
            inside = [min((p for p in branches if p.body[0] <= use < p.body[1]),
                          key=lambda p: p.body[1] - p.body[0], default=None) for use in uses]
            if not uses:
                hiding[k] = f"\\{name}, which drops that argument ({defined.said})"
            elif all(inside) and inside[0] is not None:
                said, _, rest = inside[0].why.partition(", ")
                hiding[k] = f"{said} inside \\{name}" + (f", {rest}" if rest else "")
        if hiding:
            found[name] = (defined.kinds, hiding)
    return found


def _arguments(text: str, commands: dict[str, tuple[tuple[str, ...], dict[int, str]]]) -> list[_Place]:
    """The dropped (or switched) arguments of each use of those commands, taken as their
    definition's argument kinds say (brace groups, options in brackets, a star...)."""
    places, braces = [], Braces(text)
    for name, (kinds, dropped) in commands.items():
        for match in re.finditer(r"\\" + re.escape(name) + r"(?![A-Za-z@])", text):
            if _made(text, match.start()):
                continue  # a definition, not a use
            for k, (start, end) in sorted(spans(text, match.end(), kinds, braces).items()):
                if k in dropped:
                    places.append(_Place(match.start(), (start, end),
                                         _shown(text, match.start(), end + 1), dropped[k]))
    return places


def _fixed(raw: str, text: str) -> list[_Place]:
    """What ``\\iffalse`` skips to its ``\\else`` or ``\\fi`` (the reader's blocks of ``raw``;
    round 27, IFF), and the ``\\else`` part of an ``\\iftrue`` in ``text`` (``raw`` read)."""
    plain = blanked(raw, verbatim=True)  # the block's own text, its comments blanked
    places = []
    for start, end in reading(raw).false:
        body_end = end - (5 if raw.endswith("\\else", 0, end) else 3
                          if raw.endswith("\\fi", 0, end) else 0)
        places.append(_Place(start, (start + 8, body_end), _shown(plain, start, body_end),
                             "\\iffalse", plain))
    for match in re.finditer(r"\\iftrue(?![A-Za-z@])", text):
        if _made(text, match.start()):
            continue  # a switch made (\let\ifmine\iftrue), not run
        end = false_end(text, match.end(), [])
        if text.endswith("\\else", 0, end) and text.endswith("\\fi", 0, after := false_end(
                text, end, [])):
            places.append(_Place(end - 5, (end, after - 3), _shown(text, end - 5, after - 3),
                                 "the \\else of \\iftrue"))
    return places
