"""Comments out of a ``.tex`` file without changing what LaTeX makes of it, read with a
parser (pylatexenc), never with regular expressions.

- A line holding only a comment goes whole (TeX skips it, its line break too).
- A comment after text keeps its ``%``: the line break it hides stays hidden
  (``foo%`` + ``bar`` stays ``foobar``).
- ``comment`` environments go whole.
- ``\\%``, ``verbatim`` (and fancyvrb's), ``lstlisting``, ``minted``, ``\\verb``,
  ``\\lstinline``, and the URLs of ``\\url``/``\\href``/``\\path`` are read as verbatim text,
  so a ``%`` in them is kept.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from figures.errors import FigureDataError

#: Environments whose body LaTeX reads verbatim: a ``%`` there is text.
VERBATIM_ENVIRONMENTS = (
    "verbatim", "verbatim*", "Verbatim", "Verbatim*", "BVerbatim", "LVerbatim",
    "SaveVerbatim", "VerbatimOut", "lstlisting", "minted", "alltt", "filecontents",
    "filecontents*", "spverbatim", "tcblisting",
)
#: Environments that are comments (the comment package): removed with their body.
COMMENT_ENVIRONMENTS = ("comment",)
#: Commands whose (first) argument is read verbatim: a URL's ``%20`` is not a comment.
VERBATIM_ARGUMENT = ("url", "nolinkurl", "path", "href", "lstinline", "verb")


def strip_comments(text: str, name: str) -> str:
    """``text`` without its comments; ``name`` names the file in the one-line error."""
    from pylatexenc.latexwalker import LatexWalker, LatexWalkerError

    try:
        walker = LatexWalker(text, latex_context=_context(), tolerant_parsing=True)
        nodes, _, _ = walker.get_latex_nodes()
    except (LatexWalkerError, IndexError) as exc:
        line = text.count("\n", 0, getattr(exc, "pos", 0) or 0) + 1
        raise FigureDataError(name, f"line {line}", (
            "cannot be read as LaTeX to strip its comments "
            f"({str(exc).splitlines()[0]}); fix it or pack without it")) from None
    cuts: list[tuple[int, int, str]] = []
    _collect(nodes, text, cuts)
    out, at = [], 0
    for start, end, keep in sorted(cuts):
        if start < at:
            continue  # inside a span already cut (a comment inside a comment environment)
        out += [text[at:start], keep]
        at = end
    out.append(text[at:])
    return "".join(out)


def _collect(nodes: Any, text: str, cuts: list[tuple[int, int, str]]) -> None:
    from pylatexenc.latexwalker import (
        LatexCommentNode,
        LatexEnvironmentNode,
        LatexGroupNode,
        LatexMacroNode,
    )

    for node in nodes or ():
        if node is None:
            continue
        if isinstance(node, LatexCommentNode):
            cuts.append(_comment_cut(node.pos, node.pos + 1 + len(node.comment), text))
        elif isinstance(node, LatexEnvironmentNode):
            if node.environmentname in COMMENT_ENVIRONMENTS:
                cuts.append(_whole_lines(node.pos, node.pos + node.len, text))
            elif node.environmentname not in VERBATIM_ENVIRONMENTS:
                _collect(node.nodelist, text, cuts)
                _collect_args(node, text, cuts)
        elif isinstance(node, LatexMacroNode):
            if node.macroname not in VERBATIM_ARGUMENT:
                _collect_args(node, text, cuts)
        elif isinstance(node, LatexGroupNode) or hasattr(node, "nodelist"):
            _collect(node.nodelist, text, cuts)


def _collect_args(node: Any, text: str, cuts: list[tuple[int, int, str]]) -> None:
    argd = getattr(node, "nodeargd", None)
    if argd is not None and getattr(argd, "argnlist", None):
        _collect([a for a in argd.argnlist if a is not None], text, cuts)


def _comment_cut(start: int, end: int, text: str) -> tuple[int, int, str]:
    """A comment from ``start`` (its ``%``) to ``end`` (before its line break): the whole
    line when nothing but spaces stands before it, else everything after the ``%``."""
    line_start = text.rfind("\n", 0, start) + 1
    if text[line_start:start].strip(" \t"):
        return start + 1, end, ""
    return _whole_lines(start, end, text)


def _whole_lines(start: int, end: int, text: str) -> tuple[int, int, str]:
    """``start:end`` widened to whole lines (with the line break) when it stands alone on
    them; else just ``start:end``."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end == -1 else line_end + 1
    if text[line_start:start].strip(" \t") or text[end:line_end].strip(" \t\r\n"):
        return start, end, ""
    return line_start, line_end, ""


@cache
def _context() -> Any:
    from pylatexenc.latexwalker import get_default_latex_context_db
    from pylatexenc.macrospec import EnvironmentSpec, MacroSpec

    body, argument = _parsers()
    db = get_default_latex_context_db()
    db.add_context_category(
        "pack-verbatim", prepend=True,
        macros=[MacroSpec(name, args_parser=argument()) for name in VERBATIM_ARGUMENT
                if name != "verb"],
        environments=[EnvironmentSpec(name, args_parser=body(name))
                      for name in (*VERBATIM_ENVIRONMENTS, *COMMENT_ENVIRONMENTS)])
    return db


def _parsers() -> tuple[type, type]:
    from pylatexenc.latexwalker import LatexCharsNode, LatexWalkerParseError
    from pylatexenc.macrospec import MacroStandardArgsParser, ParsedVerbatimArgs

    class VerbatimBody(MacroStandardArgsParser):
        """An environment's body up to its ``\\end{name}``, as text (LaTeX does the same)."""

        def __init__(self, name: str) -> None:
            super().__init__(argspec="")
            self.name = name

        def parse_args(self, w, pos, parsing_state=None):
            end = w.s.find(f"\\end{{{self.name}}}", pos)
            if end == -1:
                raise LatexWalkerParseError(s=w.s, pos=pos,
                                            msg=f"no \\end{{{self.name}}}")
            chars = w.make_node(LatexCharsNode, parsing_state=parsing_state,
                                chars=w.s[pos:end], pos=pos, len=end - pos)
            return ParsedVerbatimArgs(verbatim_chars_node=chars), pos, end - pos

    class VerbatimArgument(MacroStandardArgsParser):
        """The first argument as text: ``{...}`` with nested braces, or ``|...|``."""

        def __init__(self) -> None:
            super().__init__(argspec="")

        def parse_args(self, w, pos, parsing_state=None):
            start = pos
            while start < len(w.s) and w.s[start] in " \t":
                start += 1
            if start < len(w.s) and w.s[start] == "[":  # \lstinline[style]|...|
                close = w.s.find("]", start)
                start = close + 1 if close != -1 else start
            if start >= len(w.s):
                raise LatexWalkerParseError(s=w.s, pos=pos, msg="argument missing")
            end = _argument_end(w.s, start)
            if end is None:
                raise LatexWalkerParseError(s=w.s, pos=start, msg="argument not closed")
            chars = w.make_node(LatexCharsNode, parsing_state=parsing_state,
                                chars=w.s[start + 1:end - 1], pos=start + 1,
                                len=end - start - 2)
            return ParsedVerbatimArgs(verbatim_chars_node=chars), pos, end - pos

    return VerbatimBody, VerbatimArgument


def _argument_end(text: str, start: int) -> int | None:
    """The index after the argument opening at ``start``: balanced braces, or a delimiter
    repeated (``|x%y|``)."""
    opening = text[start]
    if opening != "{":
        end = text.find(opening, start + 1)
        return None if end == -1 else end + 1
    depth = 0
    for index in range(start, len(text)):
        char = text[index]
        if char == "\\":
            continue
        if char == "{" and text[index - 1] != "\\":
            depth += 1
        elif char == "}" and text[index - 1] != "\\":
            depth -= 1
            if depth == 0:
                return index + 1
    return None

