"""The paper's own commands and the arguments of each use, for the notes a command hides
(hostile round 27, H5; round 28, H10; round 29, H1 and K4).

A definition is read whatever its definer: LaTeX's ``\\newcommand`` and its kin (etoolbox's
``\\newrobustcmd`` too: ``[n]`` arguments, the first optional with a default), TeX's
``\\def\\x#1#2`` (undelimited parameters only), xparse's ``\\NewDocumentCommand`` and its
kin (``\\NewExpandableDocumentCommand`` too) with any argument specification, read token by
token as ltcmd reads it, and a command made the kernel's gobbler (``\\let\\note\\@gobble``,
``\\@gobbletwo``, LaTeX's ``\\NewCommandCopy``, expl3's ``\\cs_set_eq:NN`` to
``\\use_none:n``, a definition whose whole body is one; ``\\use_i:nn`` and its kin keep
one argument, drop the others). A use's arguments are then taken as
the specification says: brace groups, options in brackets, a star, delimited ones."""

from __future__ import annotations

import re
from dataclasses import dataclass

from figures.texread import Braces
from figures.texverbatim import DEFINERS, EXPL3_DEFINERS, REACH

#: LaTeX's definers taking ``[n][default]`` (etoolbox's robust ones too), xparse's (the LaTeX
#: kernel's since 2020) taking an argument specification: the reader's (:mod:`figures.texverbatim`).
_LATEX = sorted(name for name in DEFINERS if name.endswith(("command", "RobustCommand", "cmd")))
_XPARSE = sorted(name for name in DEFINERS if name.endswith("DocumentCommand"))
#: Those that make a command another's copy (``\\let`` kin), and the gobblers: how many
#: arguments each takes (an expl3 function's: the letters of its signature, after its last
#: ``:``; hostile round 34, H3), and which one it keeps (``\\use_ii:nn`` its second).
COPIES = ("let", "NewCommandCopy", "RenewCommandCopy", "DeclareCommandCopy", "cs_set_eq:NN",
          "cs_new_eq:NN", "cs_gset_eq:NN")
_GOBBLERS = {"@gobble": 1, "@gobbletwo": 2, "@gobblethree": 3, "@gobblefour": 4,
             "@firstoftwo": 2, "@secondoftwo": 2}
_GOBBLER = (r"\\(@gobble(?:two|three|four)?|@(?:first|second)oftwo|use_none:n{1,9}|"
            r"use_(?:i{1,3}|iv|v|vi{0,3}|ix):n{2,9})(?![A-Za-z@:_])")
_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix")
_NAMED = r"\s*(\{\s*)?\\([A-Za-z@]+)\s*(?(N)\})\s*"  # {\note} or \note, N: its brace's group
_DEFINITION = re.compile(
    r"\\(?:(" + "|".join(_LATEX) + r")\*?" + _NAMED.replace("N", "2") +
    r"|([gex]?def)\s*\\([A-Za-z@]+)((?:#\d)*)\s*(?=\{)|(" + "|".join(_XPARSE) + r")" +
    _NAMED.replace("N", "8") + r"(?=\{)|(" + "|".join(map(re.escape, COPIES)) + r")" +
    _NAMED.replace("N", "11") + r"=?\s*\{?\s*" + _GOBBLER + r"|(" + "|".join(sorted(EXPL3_DEFINERS)) +
    r")\s*(\{\s*)?\\([A-Za-z@_:]+)\s*(?(15)\})((?:\s*#\d)*)\s*(?=\{))")
#: A copy: ``\\let\\nbd\\nba``, ``\\let\\ifmine=\\iftrue``, ``\\NewCommandCopy{\\nbd}{\\nba}``;
#: its names read as expl3 spells them (``\\my_note:n``), cut where TeX's letters end unless
#: the copy is expl3's or under ``\\ExplSyntaxOn`` (hostile round 32, H5).
_COPY = re.compile(r"\\(" + "|".join(map(re.escape, COPIES)) + r")" + _NAMED.replace(
    "N", "2").replace("@]+", "@][A-Za-z@_:]*") + r"=?\s*\{?\s*\\([A-Za-z@][A-Za-z@_:]*)")
_EXPL = re.compile(r"\\ExplSyntaxOn(?![A-Za-z@]).*?(?:\\ExplSyntaxOff(?![A-Za-z@])|\Z)", re.DOTALL)
_LETTERS = re.compile(r"[A-Za-z@]+")
_TOKEN = re.compile(r"\\[A-Za-z@]+|\\.|\S", re.DOTALL)
_ANY = re.compile(r"\\[A-Za-z@]+|\\.|.", re.DOTALL)
_SPACE = re.compile(r"[ \t]*\n?[ \t]*")  # what TeX skips before an argument (no blank line)


@dataclass(frozen=True)
class Definition:
    name: str  # the command, without its backslash
    kinds: tuple[str, ...]  # each argument's: m, o ([..]), g ({..}), s, t+, d(), r(), v, l, u.., e^
    body: tuple[int, int] | None  # its replacement text's span; None: every argument dropped
    said: str  # how a warning names it (\newcommand{\note}, \let\note\@gobble)
    keeps: int = 0  # the one argument a copy of \use_i:nn (\@firstoftwo) keeps; 0: none


def definitions(text: str, braces: Braces) -> list[Definition]:
    """Each definition in ``text`` of a command taking arguments, in order."""
    found = []
    for match in _DEFINITION.finditer(text):
        latex, tex, xparse, copy = match.group(1), match.group(4), match.group(7), match.group(10)
        expl3 = match.group(14)
        if copy:
            name = match.group(12)
            found.append(Definition(name, *_gobbling(match.group(13)), keeps=_keeps(
                match.group(13)), said=f"\\{copy}\\{name}\\{match.group(13)}"))
            continue
        pos = _SPACE.match(text, match.end()).end()
        if latex:
            name, said, read = match.group(3), f"\\{latex}{{\\{match.group(3)}}}", _latex(text, pos)
            if read is None:
                continue
            pos, kinds = read
        elif tex or expl3:  # \def\note#1{, \cs_new:Npn \note #1 {, \cs_new:Nn \note:n {
            name, params = match.group(5, 6) if tex else match.group(16, 17)
            said = f"\\{tex or expl3}\\{name}"
            kinds = ["m"] * (len(signature(name)) if str(expl3).endswith("Nn")
                             else params.count("#"))
        else:
            name, said = match.group(9), f"\\{xparse}{{\\{match.group(9)}}}"
            spec = braces.group(pos)
            read_spec = None if spec is None else _kinds(text[spec[0] + 1:spec[1]])
            if spec is None or read_spec is None:
                continue
            kinds, pos = read_spec, _SPACE.match(text, spec[1] + 1).end()
        body = braces.group(pos)
        if body is None:
            continue
        whole = re.fullmatch(_GOBBLER, text[body[0] + 1:body[1]].strip())
        if whole and not kinds:  # \newcommand{\note}{\@gobble}
            found.append(Definition(name, *_gobbling(whole.group(1)), said=said,
                                    keeps=_keeps(whole.group(1))))
        elif kinds:
            found.append(Definition(name, tuple(kinds), (body[0] + 1, body[1]), said))
    return found


#: xparse's tests of an argument (hostile round 31, N12): a star given, an argument given.
_XPARSE_TEST = re.compile(r"\\(If(?:Boolean|NoValue|Value)(TF|T|F))(?![A-Za-z@])\s*(?=\{)")


def switched(body: str) -> list[tuple[int, tuple[int, int], str]]:
    """Each branch of xparse's ``\\IfBooleanT{#1}{..}`` (``F``, ``TF``; ``\\IfNoValueT``,
    ``\\IfValueT`` and theirs) in a command's ``body``: where its test stands, its text's
    span, what may hide it (``\\IfBooleanT{#1}, false there``): a switch on that argument."""
    found, braces = [], Braces(body)
    for match in _XPARSE_TEST.finditer(body):
        test = braces.group(match.end())
        if test is None:
            continue
        pos, said = test[1] + 1, f"\\{match.group(1)}{{{' '.join(body[test[0] + 1:test[1]].split())}}}"
        for branch in match.group(2):
            group = braces.group(_SPACE.match(body, pos).end())
            if group is None:
                break
            found.append((match.start(), (group[0] + 1, group[1]),
                          f"{said}, {'false' if branch == 'T' else 'true'} there"))
            pos = group[1] + 1
    return found


def copies(text: str) -> list[tuple[str, str, str]]:
    """Each command ``text`` makes another's copy (hostile round 30, H5 and H10): its name,
    the copied one's, how the copy is written (``\\let\\nbd\\nba``)."""
    expl = [match.span() for match in _EXPL.finditer(text)]
    found = []
    for match in _COPY.finditer(text):
        names = match.group(3, 4)
        if not match.group(1).startswith("cs_") and not any(
                start <= match.start() < end for start, end in expl):
            names = tuple(_LETTERS.match(name).group() for name in names)
        found.append((*names, "\\{}\\{}\\{}".format(match.group(1), *names)))
    return found


def followed(known: set[str] | dict, pairs: list[tuple[str, str, str]]) -> dict[str, tuple[str, str]]:
    """The copies (:func:`copies`) of ``known`` names, a copy's copy too (to a fixed point):
    each by name, with the known name it copies and how its own copy is written."""
    found: dict[str, tuple[str, str]] = {}
    for _ in range(len(pairs)):  # each round adds a name or ends it
        more = {new: (found[old][0] if old in found else old, said) for new, old, said in pairs
                if new not in known and new not in found and (old in known or old in found)}
        if not more:
            break
        found |= more
    return found


def signature(name: str) -> str:
    """An expl3 function's signature, one letter an argument: what follows the last ``:``
    of its name (``use_none:nn``: ``nn``); none without one."""
    return name.rpartition(":")[2] if ":" in name else ""


def _gobbling(gobbler: str) -> tuple[tuple[str, ...], None]:
    """A gobbler's arguments' kinds, and no body: ``\\@gobble`` takes one, ``\\use_none:nn``
    two (its signature's letters, not the n's of "none"; hostile round 34, H3)."""
    return ("m",) * (_GOBBLERS.get(gobbler) or len(signature(gobbler))), None


def _keeps(gobbler: str) -> int:
    """The one argument a gobbler keeps (``\\use_i:nn`` its first, ``\\@secondoftwo`` its
    second); 0: none."""
    own = gobbler.partition(":")[0].removeprefix("use_")
    return 1 if gobbler == "@firstoftwo" else 2 if gobbler == "@secondoftwo" else (
        _ROMAN.index(own) + 1 if own in _ROMAN else 0)


def _latex(text: str, pos: int) -> tuple[int, list[str]] | None:
    """After ``\\newcommand{\\x}``: ``[n]`` and ``[default]``; where the body begins, and the
    kinds of its arguments (the first optional when a default is given)."""
    count = re.compile(r"\[\s*(\d)\s*\]\s*").match(text, pos)
    if count is None:
        return pos, []
    pos, kinds = count.end(), ["m"] * int(count.group(1))
    if text.startswith("[", pos) and kinds:
        end = _closing(text, pos, "[", "]")
        if end < 0:
            return None
        pos, kinds[0] = _SPACE.match(text, end + 1).end(), "o"
    return pos, kinds


def _kinds(spec: str) -> list[str] | None:
    """xparse's argument specification read token by token (ltcmd's types, and xparse's
    older ``g``, ``G``, ``l``, ``u``; prefixes ``+``, ``!``, processors ``>{..}`` skipped):
    each argument's kind, one per embellishment; None when a type is none of them."""
    kinds: list[str] = []
    pos, braces = 0, Braces(spec)

    def group() -> tuple[int, int] | None:
        return braces.group(_SPACE.match(spec, pos).end())

    while pos < len(spec):
        kind, pos = spec[pos], pos + 1
        if kind.isspace() or kind in "+!":
            continue
        if kind in "mvblos":
            kinds.append("m" if kind == "b" else kind)
            continue
        if kind not in ">=dDrRtuUeEOgG":
            return None
        tokens = []
        for _ in range(2 if kind in "dDrR" else 1 if kind == "t" else 0):
            token = _TOKEN.match(spec, _SPACE.match(spec, pos).end())
            if token is None:
                return None
            tokens.append(token.group())
            pos = token.end()
        for _ in range("uUeE".count(kind) + "ODRGE>=".count(kind)):  # {tokens}, {default}
            braced = group()
            if braced is None:
                return None
            tokens = tokens or _TOKEN.findall(spec[braced[0] + 1:braced[1]])
            pos = braced[1] + 1
        if kind in "eE":
            kinds += [f"e{token}" for token in tokens]
        elif kind in "OgG":
            kinds.append("o" if kind == "O" else "g")
        elif kind not in ">=":  # an argument processor (>{\SplitList{,}}), a key (={key})
            kinds.append(kind.lower() + "".join(tokens))
    return kinds


def spans(text: str, pos: int, kinds: tuple[str, ...], braces: Braces) -> dict[int, tuple[int, int]]:
    """The text of each argument (numbered from 1) of the use whose arguments begin at
    ``pos``, as their ``kinds`` say; an absent one has none, nor any after a mandatory one
    missing."""
    found: dict[int, tuple[int, int]] = {}
    k = 0
    while k < len(kinds):
        kind, at = kinds[k], _SPACE.match(text, pos).end()
        k += 1
        if kind[0] == "e":  # embellishments, in any order: ^{up}_{down}
            run = {kind[1:]: k}
            while k < len(kinds) and kinds[k][0] == "e":
                run[kinds[k][1:]], k = k + 1, k + 1
            while (token := _TOKEN.match(text, at)) and token.group() in run:
                taken = _mandatory(text, _SPACE.match(text, token.end()).end(), braces)
                if taken is None:
                    return found
                found[run.pop(token.group())], pos = taken
                at = _SPACE.match(text, pos).end()
            continue
        took = _take(text, at, kind, braces)
        if took is None:
            break  # a mandatory one missing
        span, after = took
        if span is not None:
            found[k] = span
        pos = pos if after is None else after
    return found


def _take(text: str, at: int, kind: str, braces: Braces) -> tuple[tuple[int, int] | None,
                                                                  int | None] | None:
    """One argument of ``kind`` at ``at``: its text's span and where it ends (None, None:
    an optional one absent; None, end: a star, a token); None: a mandatory one missing."""
    if kind == "s" or kind[0] == "t":
        mark = "*" if kind == "s" else kind[1:]
        return None, (at + len(mark) if text.startswith(mark, at) else None)
    if kind in ("o", "g") or kind[0] in "dr":
        opening, closing = ("{", "}") if kind == "g" else ("[", "]") if kind == "o" else \
            _TOKEN.findall(kind[1:])[:2]
        if not text.startswith(opening, at):
            return None if kind[0] == "r" else (None, None)
        end = braces.close(at) if kind == "g" else _closing(text, at, opening, closing)
        return None if end < 0 else ((at + len(opening), end), end + len(closing))
    if kind == "l" or kind[0] == "u":  # up to a brace, up to the given tokens
        until = "{" if kind == "l" else kind[1:]
        end = _closing(text, at, "", until)
        return None if end < 0 else ((at, end), end + (0 if kind == "l" else len(until)))
    if kind == "v" and text[at:at + 1] not in ("{", ""):  # \note|text|
        line_end = text.find("\n", at)
        end = text.find(text[at], at + 1, len(text) if line_end < 0 else line_end)
        return None if end < 0 else ((at + 1, end), end + 1)
    return _mandatory(text, at, braces)  # m, v in braces


def _mandatory(text: str, at: int, braces: Braces) -> tuple[tuple[int, int], int] | None:
    """A brace group's inside, else the one token at ``at`` (``\\note x``); and where it ends."""
    group = braces.group(at)
    if group is not None:
        return (group[0] + 1, group[1]), group[1] + 1
    token = _TOKEN.match(text, at)
    if token is None or token.group() in "{}":
        return None
    return (token.start(), token.end()), token.end()


def _closing(text: str, at: int, opening: str, closing: str) -> int:
    """Where ``closing`` ends what ``opening`` at ``at`` begins, outside brace groups (and
    nested pairs when the two differ: ``\\note[a [b] c]``), within :data:`REACH`; -1 when
    it does not."""
    depth, nested = 0, 0
    for match in _ANY.finditer(text, at + len(opening), at + REACH):
        token, here = match.group(), match.start()
        if depth == 0 and text.startswith(closing, here):
            if nested == 0:
                return here
            nested -= 1
        elif depth == 0 and opening and opening != closing and text.startswith(opening, here):
            nested += 1
        elif token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
            if depth < 0:
                return -1
    return -1
