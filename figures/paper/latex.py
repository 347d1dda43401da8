"""The paper's LaTeX read with a parser (pylatexenc): the fallback when no TeX engine is
at hand (:mod:`figures.paper.engine` asks pdflatex itself), every width it gives estimated.

:func:`read_paper` starts at the main ``.tex`` and follows ``\\input``, ``\\include`` and
``\\subfile`` from the main file's folder. Comments and ``\\iffalse ... \\fi`` are skipped;
options may span lines; simple macros (``\\newcommand{\\figdir}{figures}``) are expanded in
paths; ``\\DeclareGraphicsExtensions`` changes the order pdflatex tries extensions in. What it
cannot resolve is named by file and line in :attr:`Paper.unresolved`. Only regular files are
read, each up to :data:`SOURCE_LIMIT`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

from figures.errors import display_path
from figures.mainfile import SOURCE_LIMIT
from figures.runner import find_main, read_bounded
from figures.texread import blanked

#: Width of the page's measures, in the units of the paper's lengths (inches per unit).
UNITS = {"in": 1.0, "cm": 1 / 2.54, "mm": 1 / 25.4, "pt": 1 / 72.27, "bp": 1 / 72.0,
         "pc": 12 / 72.27}
_NUMBER = re.compile(r"^\s*([0-9]*\.?[0-9]+)?\s*(\\[A-Za-z]+|[a-z]{2})\s*$")
_VENUE_PACKAGES = (("icml", "icml"), ("neurips", "neurips"), ("nips", "neurips"),
                   ("iclr", "iclr"))
_VENUE_CLASSES = {"ieeetran": "ieee", "acmart": "acm"}
_DEFINITIONS = ("newcommand", "renewcommand", "providecommand")


@dataclass
class Graphic:
    """One ``\\includegraphics``: where it is, what it names, how wide it is printed."""

    tex: Path
    line: int
    #: The path as pdflatex reads it (macros expanded).
    written: str
    options: dict[str, str]
    #: ``figure*`` (the text's width) or ``figure`` / none (a column).
    wide: bool
    #: As TeX typeset it (:class:`figures.paper.engine.Printed`); None: read from the source.
    printed: object = None
    #: The graphics path in force there (TeX's; from the source: the paper's).
    path: list[Path] = field(default_factory=list)
    #: That graphics path as TeX holds it (``{figs/}``); empty: read from the source.
    path_written: str = ""
    #: The line TeX was at (the closing brace of an argument it is in); ``line`` is its own.
    tex_line: int = 0

    def __post_init__(self) -> None:  # TeX reads {{fig}}, {{fig}.pdf}, "fig" as fig, fig.pdf
        self.written = re.sub(r'[{}"]', "", self.written)


@dataclass
class Paper:
    main: Path
    root: Path
    sources: list[Path] = field(default_factory=list)
    graphics: list[Graphic] = field(default_factory=list)
    graphicspath: list[Path] = field(default_factory=list)
    #: ``\\graphicspath`` as TeX holds it at ``\\begin{document}`` (empty: none, or unread).
    graphicspath_written: str = ""
    document_class: str = ""
    class_options: list[str] = field(default_factory=list)
    packages: list[str] = field(default_factory=list)
    #: Every ``\\input``/``\\include`` name, as written (the macros file is one of them).
    inputs: list[str] = field(default_factory=list)
    #: ``\\DeclareGraphicsExtensions``: the order pdflatex tries (None: graphicx's default).
    graphics_extensions: list[str] | None = None
    unresolved: list[str] = field(default_factory=list)
    #: TeX's text width, column width, text height (in) and body size (pt); None: estimated.
    measures: tuple[float, float, float, float] | None = None
    #: The files TeX read as if in the folder (their names, bytes): put beside the probe.
    guessed: dict[str, bytes] = field(default_factory=dict)
    #: The files the probe was offered as a guess (its ``guess``), read or not.
    offered: dict[str, bytes] = field(default_factory=dict)
    #: What pdflatex said at each ``file:line`` (the probe's ``-file-line-error``), first only.
    errors: dict[str, str] = field(default_factory=dict)
    #: Each package or class the probe read as empty (missing), and where it is loaded.
    styles_missing: list[tuple[str, str]] = field(default_factory=list)
    #: The TikZ externalization caches TeX read (:mod:`figures.paper.tikzcache`).
    tikz_caches: list[Path] = field(default_factory=list)

    @property
    def widest_line_in(self) -> float | None:
        """The widest ``\\linewidth`` TeX gave an include (a full-width float over text and
        margin, tufte's ``figure*``, is wider than the text); None: no include TeX typeset."""
        return max((g.printed.line_in for g in self.graphics if g.printed is not None),
                   default=None)

    @property
    def venue(self) -> str | None:
        """The venue the class or a package names (ICML, NeurIPS, ICLR, IEEEtran, acmart)."""
        key = _VENUE_CLASSES.get(self.document_class.lower())
        if key is not None:
            return key
        for package in self.packages:
            for prefix, venue in _VENUE_PACKAGES:
                if package.lower().startswith(prefix):
                    return venue
        return None


def read_paper(folder: Path, main: Path | None = None) -> Paper:
    """The paper whose main file is found in ``folder`` (see the module's docstring)."""
    path = find_main(folder, main)
    paper = Paper(path, path.parent)
    _Reader(paper).read(path, {}, set())
    return paper


def shown_path(path: Path, root: Path) -> str:
    """``path`` as a row shows it: inside the paper's folder ``root`` (as written, else as
    TeX's recorder names it: resolved), relative to it."""
    if not path.is_relative_to(root) and path.resolve().is_relative_to(root.resolve()):
        path, root = path.resolve(), root.resolve()
    return display_path(path.relative_to(root) if path.is_relative_to(root) else path)


def search_sources(paper: Paper, pattern: re.Pattern, skip: Path | None = None
                   ) -> tuple[Path, int, re.Match] | None:
    """The first match of ``pattern`` in the paper's sources (each read as TeX reads it:
    comments and ``\\iffalse`` blanked, :mod:`figures.texread`), but ``skip``; with its file
    and line. None: nowhere."""
    for path in paper.sources or [paper.main]:
        if skip is None or path.resolve() != skip.resolve():
            text = blanked(read_bounded(path, SOURCE_LIMIT) or "")
            if found := pattern.search(text):
                return path, text.count("\n", 0, found.start()) + 1, found
    return None


def line_width_in(graphic: Graphic, text_width: float, column_width: float) -> float:
    """``\\linewidth`` where the include is, estimated: the text's in a ``figure*``, a
    column's otherwise (a box around it is not read)."""
    return text_width if graphic.wide else column_width


def width_in(graphic: Graphic, text_width: float, column_width: float) -> float | None:
    """The printed width in inches the include's ``width=`` gives, estimated (None: none
    given, or not a length this reader evaluates)."""
    match = _NUMBER.match(graphic.options.get("width", ""))
    line = line_width_in(graphic, text_width, column_width)
    unit = {"\\linewidth": line, "\\hsize": line, "\\columnwidth": column_width,
            "\\textwidth": text_width, **UNITS}.get(match.group(2)) if match else None
    return None if unit is None else (float(match.group(1) or 1.0)) * unit


#: A line of spaces only (a comment :func:`figures.texread.blanked` blanked).
_EMPTIED = re.compile(r"^[ \t]+$", re.MULTILINE)
#: What a source must name for the walk to find anything in it: a file it reads or includes,
#: a macro it defines (an include's path may use it), a graphics setting. A file naming none
#: (a generated table, a long appendix of prose) is not parsed (round 45a, P13).
_WALKED = re.compile(r"\\(?:input|include|import|subimport|subfile|includegraphics|"
                     r"graphicspath|(?:re)?newcommand|providecommand|def|gdef|edef|xdef|let|"
                     r"DeclareGraphicsExtensions|documentclass|usepackage|RequirePackage|"
                     r"setkeys)(?![a-zA-Z])")


#: A line the walk needs none of: no macro, group, bracket or math in it.
_PLAIN = re.compile(r"[^\\{}\[\]$]*")
#: What makes a table's row no plain line, and the walk needs none of: a row's end (``\\``,
#: not its optional ``[length]``), a rule, a column's ``&`` (hostile round 48a, P8).
_ROW = re.compile(r"\\\\\*?(?!\s*\[)|\\(?:hline|midrule|toprule|bottomrule|tabularnewline)"
                  r"(?![A-Za-z@])\s*|&")
#: A line ending in a macro's name (``\input`` takes its file name from the next line).
_NAMED = re.compile(r"\\[A-Za-z@]+\s*$")
#: A line's pieces: a macro's name, an escaped character, a group's or bracket's end, a
#: dollar, a run of plain text.
_PIECE = re.compile(r"\\[A-Za-z@]+|\\.?|[{}\[\]$]|[^\\{}\[\]$]+")
#: Plain text outside every group and bracket kept of a run: what a macro may take after it.
_KEPT = 80


def _prose_emptied(text: str) -> str:
    r"""``text`` with its plain prose cut, each line kept: a line of it (:data:`_PLAIN`)
    emptied, a run of it in a line cut to :data:`_KEPT` characters, where no group or
    bracket is open (an ``\includegraphics[`` whose keys run over lines, a caption) and no
    macro's name ends the line before: the walk reads macros and their arguments only, and
    pylatexenc's time grows faster than the characters it reads (hostile round 47a, P10: a
    1.2 MB generated chapter naming one include took two minutes). A table's row is plain
    too (:data:`_ROW`: ``12.34 & 56.78 \\``; round 48a, P8: a generated 1.2 MB longtable
    was read whole, a dry run took two minutes)."""
    lines = text.split("\n")
    braces = brackets = 0
    for n, line in enumerate(lines):
        if not braces and not brackets and _PLAIN.fullmatch(_ROW.sub("", line)) and not (
                n and _NAMED.search(lines[n - 1])):
            lines[n] = ""
            continue
        pieces = _PIECE.findall(line)
        for k, piece in enumerate(pieces):
            braces = max(braces + (piece == "{") - (piece == "}"), 0)
            brackets = max(brackets + (piece == "[") - (piece == "]"), 0)
            if not braces and not brackets and len(piece) > _KEPT and piece[0] != "\\":
                pieces[k] = piece[:_KEPT]
        lines[n] = "".join(pieces)
    return "\n".join(lines)


@functools.lru_cache(maxsize=4)  # a pure input: one parse of a source a sync reads 3 times
def _parse(text: str):  # (hostile round 53h, S35: 13.6 MB of generated lines, 60 s a parse)
    from pylatexenc import macrospec
    from pylatexenc.latexwalker import LatexWalker, get_default_latex_context_db

    db = get_default_latex_context_db().filter_context(keep_categories=None)
    db.add_context_category("fa-audit-figures", prepend=True, macros=[
        macrospec.MacroSpec("graphicspath", "{"),
        macrospec.MacroSpec("subfile", "{"),
        macrospec.MacroSpec("import", "*{{"),
        macrospec.MacroSpec("subimport", "*{{"),
        macrospec.MacroSpec("includegraphics", "*[[{"),
        macrospec.MacroSpec("renewcommand", "*{[[{"),
        macrospec.MacroSpec("providecommand", "*{[[{"),
        macrospec.MacroSpec("DeclareGraphicsExtensions", "{"),
    ])
    # TeX's comments, verbatim: figures.texread; a line left blank by it is emptied, as
    # pylatexenc takes ~50 us a character (hostile round 45a, P13: 1 MB of commented-out
    # lines took two minutes, 100 MB never ended)
    walker = LatexWalker(_prose_emptied(_EMPTIED.sub("", blanked(text, verbatim=True,
                                                                  hidden=True))),
                         latex_context=db, tolerant_parsing=True)
    nodes, _, _ = walker.get_latex_nodes()
    return walker, nodes


class _Reader:
    def __init__(self, paper: Paper) -> None:
        self.paper = paper

    def read(self, path: Path, macros: dict[str, str], seen: set[Path]) -> None:
        if path.resolve() in seen:
            return
        seen.add(path.resolve())
        self.paper.sources.append(path)
        text = read_bounded(path, SOURCE_LIMIT) or ""
        if not _WALKED.search(text):
            return
        walker, nodes = _parse(text)
        self._walk(walker, nodes, path, macros, seen, False)

    def _walk(self, walker, nodes, path, macros, seen, wide: bool) -> None:
        from pylatexenc.latexwalker import LatexEnvironmentNode, LatexMacroNode

        skipping = 0
        for node in nodes or []:
            if isinstance(node, LatexMacroNode) and (node.macroname in ("iffalse", "fi") or (
                    skipping and node.macroname.startswith("if"))):
                skipping = max(skipping + (-1 if node.macroname == "fi" else 1), 0)
                continue
            if skipping or getattr(node, "environmentname", "") == "comment":
                continue
            if isinstance(node, LatexEnvironmentNode):
                name = node.environmentname
                self._walk(walker, node.nodelist, path, macros, seen,
                           wide or (name.endswith("*") and name.startswith("figure")))
            elif isinstance(node, LatexMacroNode):
                self._macro(walker, node, path, macros, seen, wide)
                if node.macroname in _DEFINITIONS:  # a body is read where it is used
                    continue
                for arg in (node.nodeargd.argnlist if node.nodeargd else None) or []:
                    if arg is not None:
                        self._walk(walker, [arg], path, macros, seen, wide)
            elif hasattr(node, "nodelist"):
                self._walk(walker, node.nodelist, path, macros, seen, wide)

    def _macro(self, walker, node, path, macros, seen, wide: bool) -> None:
        name = node.macroname
        args = list(node.nodeargd.argnlist) if node.nodeargd else []
        line = walker.pos_to_lineno_colno(node.pos)[0]
        where = f"{shown_path(path, self.paper.root)}:{line}"

        def text(arg) -> str:
            return _expand(_inner(arg), macros) if arg is not None else ""

        if name in _DEFINITIONS and len(args) >= 4 and args[2] is None and \
                _inner(args[1]).strip().startswith("\\"):
            macros[_inner(args[1]).strip()] = _inner(args[4] if len(args) > 4 else args[3])
        elif name == "documentclass" and args:
            self.paper.document_class = text(args[-1]).strip()
            self.paper.class_options = [o.strip() for o in text(args[0]).split(",")
                                        if o.strip()]
        elif name in ("usepackage", "RequirePackage") and args:
            self.paper.packages += [p.strip() for p in text(args[-1]).split(",") if p.strip()]
        elif name == "graphicspath" and args:
            for folder in re.findall(r"\{([^{}]*)\}", text(args[0])):
                self.paper.graphicspath.append(self.paper.root / folder)
        elif name == "includegraphics" and args:
            written = text(args[-1]).strip()
            if "\\" in written:
                self.paper.unresolved.append(f"{where}: \\includegraphics{{{written}}}: "
                                             "a macro in the path this reader cannot expand")
                return
            options = graphics_options(",".join(text(a) for a in args[1:-1] if a is not None))
            self.paper.graphics.append(Graphic(path, line, written, options, wide))
        elif name == "DeclareGraphicsExtensions" and args:
            self.paper.graphics_extensions = [e.strip() for e in text(args[-1]).split(",")
                                              if e.strip()]
        elif name in ("input", "include", "subfile") and args:
            self._follow(text(args[-1]).strip(), self.paper.root, where, macros, seen, name)
        elif name in ("import", "subimport") and len(args) >= 2:
            base = self.paper.root if name == "import" else path.parent
            self._follow(text(args[-1]).strip(), base / text(args[-2]).strip(), where, macros,
                         seen, name)

    def _follow(self, name: str, base: Path, where: str, macros, seen, command: str) -> None:
        if not name:
            return
        self.paper.inputs.append(name)
        if "\\" in name:
            self.paper.unresolved.append(f"{where}: \\{command}{{{name}}}: a macro in the "
                                         "path this reader cannot expand")
            return
        found = next((c for c in (base / name, base / f"{name}.tex") if c.is_file()), None)
        if found is None:
            if Path(name).stem != "macros":  # written by sync
                self.paper.unresolved.append(f"{where}: \\{command}{{{name}}}: no such file "
                                             f"({base / name})")
            return
        self.read(found, macros, seen)


def _inner(arg) -> str:
    """An argument's LaTeX without its braces or brackets."""
    from pylatexenc.latexwalker import LatexGroupNode

    if isinstance(arg, LatexGroupNode):
        return "".join(n.latex_verbatim() for n in arg.nodelist)
    return arg.latex_verbatim()


def _expand(text: str, macros: dict[str, str]) -> str:
    for _ in range(8):  # a macro defined from another one
        new = text
        for name, body in sorted(macros.items(), key=lambda item: -len(item[0])):
            new = re.sub(re.escape(name) + r"(?![A-Za-z])(\{\})?", lambda _m, b=body: b, new)
        if new == text:
            break
        text = new
    return text


def graphics_options(text: str) -> dict[str, str]:
    """``width=0.85\\columnwidth, keepaspectratio`` as a dict (no value: ''): the options of
    an ``\\includegraphics`` as the source writes them, or as the probe logged them
    (:mod:`figures.paper.engine`)."""
    options, depth, current = {}, 0, ""
    for char in text + ",":
        if char == "," and depth == 0:
            key, _, value = current.partition("=")
            if key.strip():
                options[key.strip()] = value.strip()
            current = ""
            continue
        depth += (char == "{") - (char == "}")
        current += char
    return options


def source_lines(path: Path) -> list[str]:
    """A source file's lines, its comments blanked (up to :data:`SOURCE_LIMIT`): what each
    reader of an include's surroundings reads (the wrapper above it, a class's box, the
    macro it is in), one function so that ``read_once(tex, source_lines)`` reads it once a
    command for all of them (each had its own copy, and read it again)."""
    return blanked(read_bounded(path, SOURCE_LIMIT) or "").splitlines()
