"""The one reading of a LaTeX source's comments, verbatim text and skipped text, as TeX reads
them; ``figures pack`` strips comments with it, ``figures sync``, ``paper`` and ``check-tex``
read the source around them. TeX makes ``%`` a comment when it reads a character, by its
catcode at that moment, so:

- ``%`` (``^^25`` too) is a comment everywhere (``\\%`` and ``\\\\%`` aside) except where a
  command that changes catcodes reads text as it goes: the ``verbatim`` environments (a loaded
  package's, the paper's own: :mod:`figures.texverbatim`), ``\\verb``, ``\\lstinline``,
  ``\\url``/``\\path``/``\\href``'s address. Those do so only where TeX *executes* them: not
  inside another command's argument or a definition (``\\footnote{\\url{a%b}}``: TeX read
  the argument, ``%b`` and all, before ``\\url`` ran; ``\\newcommand{\\x}{\\begin{verbatim}}``),
  and not inside ``\\iffalse ... \\fi`` (skipped tokens, read with the catcodes of the moment).
- ``\\iffalse`` skips to its ``\\fi`` (or ``\\else``), counting nested ``\\if...``; the
  comment package's environments (``comment`` and those ``\\excludecomment`` names) end at a
  line that is ``\\end{name}`` alone, as the package reads them, not mid-line.
- Nothing after ``\\end{document}`` on a line of its own is read.

A brace group right after a command (its options in brackets between) is taken for an
argument, except after the declarations in ``GROUPS_AFTER``. A ``[`` there opens an option
list (read as an argument) until its ``]``, where TeX could read one: not after ``\\left``,
``\\bigl`` (``DELIMITERS``), and not past the paragraph, the brace group or the formula it
opened in (TeX reads an option as a delimited argument: no ``\\par``, braces balanced; in
math a few commands, ``\\sqrt[3]``, take one, inside the formula). So ``$\\eta \\in [0, 1)$``
(the command ``\\in``, a half-open interval) leaves no option list open past its ``$``. One
linear scan, which never fails (a draft that does not compile is read too).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import cached_property, lru_cache

from figures import texverbatim
from figures.texverbatim import GROUP as _GROUP
from figures.texverbatim import NEW_ENVIRONMENT, NEW_PLAIN, NEW_VERBATIM, PROVIDE, in_force, loaded
from figures.texverbatim import inline_verbatim as _inline_verbatim
from figures.texverbatim import line_end as _line_end

#: How far a brace group is looked for its end (:data:`figures.texverbatim.REACH`).
REACH = texverbatim.REACH

#: ``\\catcode`\\%=12`` (or 37, "25, '45; any value: 14 alone makes it a comment again) and
#: LaTeX's ``\\@makeother\\%``: until the group that holds it closes, ``%`` is text.
_PERCENT_CATCODE = {
    "catcode": re.compile(r"\s*(?:`\\%|`\\\^\^25|37(?!\d)|\"25(?![\dA-F])|'45(?!\d))\s*=?\s*"
                          r"(\d+|\\[A-Za-z@]+)"),
    "@makeother": re.compile(r"\s*\\(%)")}
_CONTROL = re.compile(r"\\(?:([A-Za-z@]+)\*?|.)", re.DOTALL)
#: The delimiter: ``\\MakeShortVerb*{\\|}``, listings' ``\\lstMakeShortInline[opts]|`` (a
#: package's own code, ``\\newcommand\\lstMakeShortInline[1][]``, makes none).
_SHORT_VERB = {True: re.compile(r"\*?\s*(?:\[[^\]]*\]\s*)?(?:\{\s*\\(\S)\s*\}|\\(\S))"),
               False: re.compile(r"(?:\[[^\]]*\])?(?:\{\\(\S)\}|\\(\S)|([^\w\s\\{}\[\]#%]))")}
#: What stands before an environment's begin code: its options, or xparse's specification.
_OPTIONS = re.compile(r"(?:\s*\[[^\]]*\])*\s*")
_PACKAGES = re.compile(r"\s*(?:\[[^\]]*\]\s*)?\{([^{}]*)\}")
_BRACE = re.compile(r"\\.|[{}]", re.DOTALL)
_RAW_BRACE = re.compile(r"[{}]")


class Braces:
    """Where each brace group of a source closes, found in one pass on first use (escaped
    braces skipped, but with ``raw``: in a verbatim argument ``\\`` is a character like any
    other, ``\\url{a\\}`` ends at its first ``}``): a group opened at depth d closes at the
    first ``}`` after it that brings the depth back to d. Braces that never close stay linear."""

    def __init__(self, text: str, *, raw: bool = False) -> None:
        self.text, self._brace = text, _RAW_BRACE if raw else _BRACE

    @cached_property
    def _depths(self) -> tuple[dict[int, int], dict[int, list[int]]]:
        depth_before: dict[int, int] = {}  # each ``{``: the depth outside it
        closing: dict[int, list[int]] = {}  # each depth: the ``}`` that bring it back, in order
        depth = 0
        for match in self._brace.finditer(self.text):
            if match.group() == "{":
                depth_before[match.start()] = depth
                depth += 1
            elif match.group() == "}":
                depth -= 1
                closing.setdefault(depth, []).append(match.start())
        return depth_before, closing

    def deepest(self) -> int:
        """How deep the brace groups nest (0: there is none; a ``}`` too many counts down)."""
        return max([0, *(depth + 1 for depth in self._depths[0].values())])

    def close(self, start: int, reach: int = REACH) -> int:
        """The ``}`` that closes the ``{`` at ``start``, or -1 (none within ``reach``)."""
        depth_before, closing = self._depths
        depth = depth_before.get(start)
        ends = closing.get(depth, []) if depth is not None else []
        k = bisect.bisect_right(ends, start)
        if k == len(ends) or ends[k] - start > reach:
            return -1
        return ends[k]

    def group(self, pos: int) -> tuple[int, int] | None:
        """The brace group at ``pos`` (spaces and tabs before it allowed): where its ``{`` and
        its ``}`` stand, None when there is none or it does not close within ``REACH``."""
        start = pos
        while start < len(self.text) and self.text[start] in " \t":
            start += 1
        if start >= len(self.text) or self.text[start] != "{":
            return None
        end = self.close(start)
        return None if end < 0 else (start, end)


@dataclass(frozen=True)
class Reading:
    """Offsets into the source: each span ``(start, end)``."""

    #: ``%`` up to its line's end (the line break not included).
    comments: tuple[tuple[int, int], ...]
    #: What a command reads verbatim (``\\verb|a%b|``, a ``verbatim`` environment, ``\\url{a%2}``).
    verbatim: tuple[tuple[int, int], ...]
    #: ``\\iffalse`` to its ``\\fi`` (or ``\\else``).
    false: tuple[tuple[int, int], ...]
    #: A comment environment, ``\\begin`` to the end of its ``\\end`` line.
    skipped: tuple[tuple[int, int], ...]
    #: Where the text after ``\\end{document}``'s (or ``\\endinput``'s) line begins (None: none).
    after_end: int | None
    #: What the text settles of environments and short verbatim delimiters (with those it was
    #: read knowing): another file TeX reads after it knows them too (:func:`learned`).
    known: Known = (frozenset(), frozenset())


#: What files settle of environments, ``(kind, name)``: ``("package", "moreverb")`` loaded
#: (``"class"``: a ``\documentclass``, whose preamble says all that is loaded),
#: ``("verbatim", "code")`` or ``("text", "codebox")`` defined by the paper, ``("comment",
#: "notes")`` excluded (comment.sty's ``\\excludecomment``), ``("hiding", "notes")`` made from
#: ``\\comment`` (``\\newenvironment{notes}{\\comment}{\\endcomment}``); and short verbatim
#: delimiters.
Known = tuple[frozenset[tuple[str, str]], frozenset[str]]
#: comment.sty's and versions.sty's switches: whether each hides its environment from there on.
_HIDES = {"excludecomment": True, "excludeversion": True, "includecomment": False,
          "includeversion": False}


def learned(texts: list[str]) -> Known:
    """What ``texts`` (a paper's sources, as TeX reads them) define to be read verbatim: a
    ``\\DefineShortVerb`` in ``defs.tex`` holds in ``intro.tex`` too."""
    known: Known = (frozenset(), frozenset())
    for text in texts:
        known = read(text, known).known
    return known


@lru_cache(maxsize=64)
def read(text: str, known: Known = (frozenset(), frozenset())) -> Reading:
    """How TeX reads ``text`` (see the module's docstring), knowing the verbatim environments
    and delimiters other files defined (``known``)."""
    comments, verbatim, false, skipped = [], [], [], []
    facts = set(known[0])  # (each kept in step with the three sets below, which it makes)
    verbatim_envs, strict = in_force(facts), any(kind == "class" for kind, _ in facts)
    plain = {name for kind, name in facts if kind == "text"}  # the paper's own, not verbatim
    comment_envs = texverbatim.hiding(facts)  # comment.sty's, \excludecomment's, the paper's
    sets = (verbatim_envs, plain, comment_envs)  # (what texverbatim.define changes)
    short = set(known[1])  # fancyvrb's \DefineShortVerb{\|}: |x % y| is verbatim
    braces = Braces(text, raw=True)  # for verbatim arguments
    code = Braces(text)  # for a definition's begin code
    groups: list[tuple[bool, int]] = []  # per open brace: whether it is an argument, where
    arguments = 0  # open argument groups (and option lists)
    pending = False  # a brace group here is an argument
    brackets: list[int] = []  # open option lists of a command: the brace depth of each
    fresh: list[tuple] = []  # at each spliced file's start: the arguments, options, formula open
    math, display = None, False  # in a formula: how many option lists were open as it began
    n, pos, after_end, depth, word, last = len(text), 0, None, 0, None, None  # depth: \if's
    percent_is_text = None  # the depths (braces, \begingroup's) below which a \catcode`\%=12 ends
    semis = 0  # the \begingroup (\bgroup) groups open where TeX runs them
    scope, opened = [], 0  # local definitions as text (undone as their group ends); environments
    while pos < n:
        char = text[pos]
        if percent_is_text is not None and (len(groups), semis) < percent_is_text:
            percent_is_text = None  # the group that changed it closed
        if char in "%^" and percent_is_text is None and texverbatim.PERCENT.match(text, pos):
            end = _line_end(text, pos)
            comments.append((pos, end))
            pos = end
        elif char == "\\":
            match = _CONTROL.match(text, pos)
            if match is None:  # a backslash ends the source
                break
            last, word, pos = word, match.group(1), match.end()
            pending = word is not None and word not in texverbatim.GROUPS_AFTER and \
                word not in texverbatim.DELIMITERS
            if word is None:
                if (shift := match.group()[1]) in "()[]":  # \( \) \[ \]: a formula
                    math = texverbatim.formula(brackets, math, shift in "([")
                continue
            if word in texverbatim.FILE_MARKS:  # a spliced file starts (read fresh), or ends
                if word == texverbatim.FILE_MARKS[0]:
                    fresh.append((arguments, brackets[:], math))
                    arguments, brackets[:], math = 0, [], None
                elif fresh:
                    arguments, brackets[:], math = fresh.pop()
                pending = False
                continue
            executed = arguments == 0 and not brackets
            if word in ("catcode", "@makeother") and (
                    change := _PERCENT_CATCODE[word].match(text, pos)) is not None:
                percent_is_text = None if change.group(1) == "14" else (len(groups), semis)
                pos = change.end()
            elif executed and word in texverbatim.SEMI_GROUPS:
                semis += texverbatim.SEMI_GROUPS[word]
                texverbatim.restore(facts, sets, scope, len(groups) - arguments + opened + semis)
            elif word in texverbatim.SHORT_VERB and (made := _SHORT_VERB["ShortVerb" in word].match(
                    text, pos)) is not None:
                (short.add if word in texverbatim.SHORT_VERB[:3] else short.discard)(
                    made[made.lastindex])
                pos = made.end()
            elif word == "endinput" and executed and depth <= 0:  # its line is read, no more
                after_end = min(_line_end(text, pos) + 1, n)
                break
            elif word == "iffalse" and (end := texverbatim.false_end(
                    text, pos, (hid := []), -1 if executed or not groups else
                    code.close(groups[-1][1], n))) >= 0:  # (in a definition: to its end only)
                comments += hid
                false.append((match.start(), end))
                pos, pending = end, False
                depth += executed and text.endswith(("else", "or"), 0, end)  # its \fi to come
            elif executed and (conditional := texverbatim.opens(
                    word, last, text[pos:pos + 1], texverbatim.made_ifs(text))):
                depth = max(0, depth + conditional)  # an \endinput in a conditional is skipped
            elif executed and word in texverbatim.INLINE_VERBATIM:
                pos, pending = _inline_verbatim(text, match.start(), pos, word, verbatim), False
            elif executed and word in texverbatim.VERBATIM_ARGUMENT:
                if (argument := braces.group(pos)) is not None:
                    verbatim.append((argument[0], argument[1] + 1))
                    pos = argument[1] + 1
                pending = word == "href"  # its text follows
            elif word in ("usepackage", "RequirePackage", "documentclass") and \
                    (used := _PACKAGES.match(text, pos)) is not None:  # (its options read on)
                kind = "class" if word == "documentclass" else "package"
                new = {(kind, package.strip()) for package in re.sub(
                    r"%.*", "", used.group(1)).split(",")} - {(kind, "subfiles")} - facts
                facts |= new  # (subfiles: its preamble is the main file's, not read here)
                if kind == "class" and new and not strict:  # from here only what is loaded
                    verbatim_envs, strict = in_force(facts), True
                    sets = (verbatim_envs, plain, comment_envs)
                else:
                    verbatim_envs |= {env for _, name in new for env in loaded(name)} - plain
            elif word in texverbatim.REDEFINE and (cs := texverbatim.CS_DEFINED.match(
                    text, pos)) and (word == "let" or cs[1] in verbatim_envs | plain | comment_envs):
                to = _CONTROL.match(text, cs.end()) if word == "let" else None  # \let\a\verbatim
                texverbatim.define(facts, sets, {cs[1]}, (
                    "verbatim" if to[1] in verbatim_envs else "comment" if to[1] in comment_envs
                    else "text") if to else "text" if word == "let" else _begins(
                        text, cs.end(), 0, verbatim_envs, comment_envs, code), None if word in (
                        "gdef", "xdef") or last == "global" else (scope, len(groups) - arguments
                                                                   + opened + semis))
                pos, word = to.end() if to else cs.end(), None  # (a name, no test)
            elif word in texverbatim.DEFINED and (named := texverbatim.DEFINED[word].match(
                    text, pos)) is not None:  # \def!{..}, \let!\endinput: nothing run
                pos, pending, word = named.end(), word != "let", None
            elif word in ("begin", "end", *_HIDES) or word in NEW_ENVIRONMENT or \
                    word in NEW_VERBATIM or word in NEW_PLAIN:
                group = _GROUP.match(text, _OPTIONS.match(text, pos).end() if
                                     word in NEW_PLAIN else pos)
                name = group.group(1).strip() if group else None
                if name is None:
                    continue
                if name in texverbatim.MATH_ENVIRONMENTS and (word == "end" or arguments == 0):
                    math = texverbatim.formula(brackets, math, word == "begin")
                if word in _HIDES:  # in force in the files read after it too
                    (comment_envs.add if _HIDES[word] else comment_envs.discard)(name)
                    (facts.add if _HIDES[word] else facts.discard)(("comment", name))
                elif word in NEW_VERBATIM or word in NEW_ENVIRONMENT or word in NEW_PLAIN:
                    if word in PROVIDE and name in verbatim_envs | comment_envs:
                        continue  # (\provideenvironment: only a name not defined)
                    now = "verbatim" if word in NEW_VERBATIM else "text" if word in NEW_PLAIN \
                        else _begins(text, group.end(), NEW_ENVIRONMENT[word], verbatim_envs,
                                     comment_envs, code)
                    texverbatim.define(facts, sets, {name, f"{name}*"} if word in NEW_VERBATIM
                                       else {name}, now, (scope, len(groups) - arguments
                                                          + opened + semis), word)
                elif word == "end" and name == "document" and executed and \
                        not text[text.rfind("\n", 0, match.start()) + 1:match.start()].strip():
                    after_end = min(_line_end(text, group.end()) + 1, n)
                    break
                elif word == "begin" and executed and name in comment_envs:
                    loose = not {("package", "comment"), ("comment", name)} & facts and (
                        ("package", "verbatim") in facts or not strict)  # verbatim.sty's rule
                    found = texverbatim.comment_end(name, loose).search(
                        text, group.end() if loose else _line_end(text, group.end()))
                    end = n if found is None else _line_end(text, found.end()) if loose else \
                        found.end()
                    skipped.append((match.start(), end))
                    pos, pending = end, False
                elif word == "begin" and executed and name in verbatim_envs:
                    close = re.compile(rf"\\end\s*\{{{re.escape(name)}\}}")
                    found = close.search(text, group.end())
                    end = n if found is None else found.end()
                    verbatim.append((match.start(), end))
                    pos, pending = end, False
                elif word in ("begin", "end") and executed:  # an environment is a group
                    opened = max(opened + (1 if word == "begin" else -1), 0)
                    texverbatim.restore(facts, sets, scope, len(groups) - arguments + opened + semis)
                    pos, pending = group.end(), word == "begin" and name != "document"
        elif char in short and arguments == 0 and not brackets:
            end = _inline_verbatim(text, pos, pos, "", verbatim)
            pos = end if end > pos else pos + 1  # an unclosed one: the character alone
        elif char == "{":
            groups.append((pending or bool(brackets), pos))
            arguments += groups[-1][0]
            pos += 1
        elif char == "}":
            if groups:
                was_argument = groups.pop()[0]
                arguments -= was_argument
                texverbatim.restore(facts, sets, scope, len(groups) - arguments + opened + semis)
                pending = was_argument  # the command's next argument may follow
                while brackets and brackets[-1] > len(groups):  # an option list in it ends
                    brackets.pop()
            pos += 1
        elif char == "[" and (pending or brackets):
            brackets.append(len(groups))
            pos += 1
        elif char == "]" and brackets:
            brackets.pop()
            pending = not brackets
            pos += 1
        elif char == "$":  # $$ opens (and closes) a display, where no formula is open inline
            double = text.startswith("$$", pos) and (math is None or display)
            display = double if math is None else False
            math = texverbatim.formula(brackets, math, math is None)
            pos, pending = pos + 1 + double, False
        elif char in " \t\r\n":
            if char == "\n" and text.startswith("\n", pos + 1):  # a paragraph ends options
                pending, math, brackets[:] = False, None, []
            pos += 1
        else:  # (a definition's parameters, #1#2, come before its body: an argument)
            pending = pending and (bool(brackets) or char == "#" or char.isdigit())
            pos += 1
    return Reading(tuple(comments), tuple(verbatim), tuple(false), tuple(skipped), after_end,
                   (frozenset(facts), frozenset(short)))


def blanked(text: str, *, verbatim: bool = False, hidden: bool = False,
            known: Known = (frozenset(), frozenset()), comment_fill: str = " ") -> str:
    """``text`` with its comments (and, asked, what is read verbatim, and what is never
    typeset: ``\\iffalse`` blocks, comment environments, the text after ``\\end{document}``)
    made spaces (read knowing ``known``): every offset and line break stays where it was;
    ``comment_fill="%"`` fills comments with ``%`` (a line of a comment alone is then no
    blank line, as TeX reads it: no paragraph ends there)."""
    reading = read(text, known)
    spans = [(s, e, comment_fill) for s, e in reading.comments]
    spans += [(s, e, " ") for s, e in reading.verbatim] if verbatim else []
    if hidden:
        spans += [(s, e, " ") for s, e in [*reading.false, *reading.skipped]]
        spans += [(reading.after_end, len(text), " ")] if reading.after_end is not None else []
    out = list(text)
    for start, end, fill in spans:
        out[start:end] = NOT_NEWLINE.sub(fill, text[start:end])
    return "".join(out) if spans else text


def comment_on_line(text: str) -> dict[int, str]:
    """Each line's comment (after its ``%``), by line number from 1 (counted on: P13)."""
    lines, line, counted = {}, 1, 0
    for start, end in sorted(read(text).comments):
        line, counted = line + text.count("\n", counted, start), start
        lines[line] = text[texverbatim.PERCENT.match(text, start).end():end]
    return lines


#: Blanked text: every character but a line break (offsets and line numbers stay).
NOT_NEWLINE = re.compile(r"[^\n]")


def _begins(text: str, pos: int, specs: int, envs: set[str], hiding: set[str],
            code: Braces) -> str:
    """What the begin code of the environment defined at ``pos`` (after its name; its options,
    or ``specs`` xparse specifications, before it) makes it: ``"verbatim"`` if it calls one
    read verbatim, anywhere in it (``{\\footnotesize\\verbatim}``), or fancyvrb's
    ``\\VerbatimEnvironment``; ``"comment"`` if it calls a hiding one (verbatim.sty's
    ``\\newenvironment{notes}{\\comment}{\\endcomment}``); ``"boxed"`` if it sets a box
    (``\\setbox0\\vbox\\bgroup``: printed, or not, as its end code says); else ``"text"``."""
    for _ in range(specs):  # (its brace groups may nest: O{})
        pos = _OPTIONS.match(text, pos).end()
        end = code.close(pos) if text.startswith("{", pos) else -1
        pos = end + 1 if end > 0 else len(text)
    pos = _OPTIONS.match(text, pos).end()
    end = code.close(pos) if text.startswith("{", pos) else -1
    for call in _CONTROL.finditer(text, pos, end if end > 0 else pos):
        if call.group(1) in envs or call.group(1) == "VerbatimEnvironment":
            return "verbatim"
        if call.group(1) in hiding or texverbatim.boxes(text, call):
            return "comment" if call.group(1) in hiding else "boxed"
    return "text"


def control_words(text: str) -> list[tuple[int, str]]:
    """Each control word TeX reads in ``text`` (none in a comment, verbatim text, an
    ``\\iffalse`` block, after ``\\end{document}``): its offset and name (``Gin@drafttrue``)."""
    return [(found.start(), found[1]) for found in _CONTROL.finditer(
        blanked(text, verbatim=True, hidden=True)) if found[1]]
