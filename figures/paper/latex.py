"""The paper's LaTeX, read with a parser (pylatexenc), not regular expressions.

:func:`read_paper` starts at the main ``.tex`` (the file with ``\\documentclass`` in the folder
given; ``main=`` chooses when there are several) and follows ``\\input``, ``\\include``,
``\\subfile`` and ``\\import``. Comments, ``\\iffalse ... \\fi`` and ``comment`` environments are
skipped; options may span lines; simple macros (``\\newcommand{\\figdir}{figures}``) are
expanded in paths; a one-line wrapper command around ``\\includegraphics`` is read through;
a ``subfigure``, ``minipage`` or ``wrapfigure`` narrows ``\\linewidth`` to its width (``\\subfloat``
does not: its include's own ``width=`` is the printed width); ``\\DeclareGraphicsExtensions``
changes the order pdflatex tries extensions in.
Every path resolves from the main file's folder, as pdflatex does. What it cannot resolve is
named by file and line in :attr:`Paper.unresolved`.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from figures.errors import FigureDataError, display_path

#: Width of the page's measures, in the units of the paper's lengths (inches per unit).
UNITS = {"in": 1.0, "cm": 1 / 2.54, "mm": 1 / 25.4, "pt": 1 / 72.27, "bp": 1 / 72.0,
         "pc": 12 / 72.27}
_NUMBER = re.compile(r"^\s*([0-9]*\.?[0-9]+)?\s*(\\[A-Za-z]+|[a-z]{2})\s*$")
_VENUE_PACKAGES = (("icml", "icml"), ("neurips", "neurips"), ("nips", "neurips"),
                   ("iclr", "iclr"))
_VENUE_CLASSES = {"ieeetran": "ieee", "acmart": "acm"}
_SKIPPED_ENVIRONMENTS = ("comment",)
#: Environments that set ``\\linewidth`` to their width argument (the last one).
_BOXES = ("subfigure", "minipage", "wrapfigure", "subcaptionblock")
_DEFINITIONS = ("newcommand", "renewcommand", "providecommand")
_DOCUMENTCLASS = re.compile(r"^[^%\n]*\\documentclass\b", re.MULTILINE)
#: The most read of one source file (a generated table of megabytes is not the paper's text).
SOURCE_LIMIT = 4 << 20


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
    #: The widths of the boxes around it (``subfigure``, ``minipage``), outermost first:
    #: each sets ``\\linewidth`` inside it.
    boxes: tuple[str, ...] = ()
    #: As TeX typeset it (:class:`figures.paper.engine.Printed`); None: read from the source.
    printed: object = None
    #: The graphics path in force there (TeX's; from the source: the paper's).
    path: list[Path] = field(default_factory=list)


@dataclass
class Paper:
    main: Path
    root: Path
    sources: list[Path] = field(default_factory=list)
    graphics: list[Graphic] = field(default_factory=list)
    graphicspath: list[Path] = field(default_factory=list)
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
    class_file: Path | None = None

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


def read_bounded(path: Path, limit: int = SOURCE_LIMIT) -> str | None:
    """The text of ``path`` when it is a regular file (a named pipe, a device such as a link
    to ``/dev/zero``, a folder: None), at most ``limit`` bytes of it; never blocks."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return handle.read(limit).decode("utf-8", errors="replace")


def find_main(folder: Path, main: Path | None = None) -> Path:
    """The paper's main file: ``main`` (relative to ``folder``), else the one ``.tex`` file
    under ``folder`` whose first lines hold a ``\\documentclass`` outside a comment (one line
    when there are none or several). Only regular files are read, their first 64 KiB."""
    if main is not None:
        path = main if main.is_absolute() else folder / main
        if read_bounded(path, 0) is None:
            raise FigureDataError(str(path), None, "--main: no such file")
        return path
    candidates = []
    for path in sorted(folder.rglob("*.tex")):
        if any(part.startswith(".") for part in path.relative_to(folder).parts):
            continue
        text = read_bounded(path, 1 << 16)
        if text is not None and _DOCUMENTCLASS.search(text):
            candidates.append(path)
    if not candidates:
        raise FigureDataError(str(folder), None, "no .tex file with \\documentclass in it: "
                              "give the paper's folder (or --main FILE)")
    top = [p for p in candidates if p.parent == folder]
    if len(top) == 1 and len(candidates) > 1:
        return top[0]
    if len(candidates) > 1:
        names = ", ".join(str(p.relative_to(folder)) for p in candidates)
        raise FigureDataError(str(folder), None, f"several main files ({names}): choose one "
                              "with --main FILE")
    return candidates[0]


def read_paper(folder: Path, main: Path | None = None) -> Paper:
    """The paper whose main file is found in ``folder`` (see the module's docstring)."""
    path = find_main(folder, main)
    paper = Paper(path, path.parent)
    _Reader(paper).read(path, {}, set())
    return paper


def line_width_in(graphic: Graphic, text_width: float, column_width: float) -> float | None:
    """``\\linewidth`` where the include is: the text's in a ``figure*``, a column's otherwise,
    narrowed by each box around it (None: a box width this reader does not evaluate)."""
    line: float | None = text_width if graphic.wide else column_width
    for box in graphic.boxes:
        line = _length(box, line, text_width, column_width) if line is not None else None
    return line


def width_in(graphic: Graphic, text_width: float, column_width: float) -> float | None:
    """The printed width in inches the include's ``width=`` gives (None: none given, or an
    expression this reader does not evaluate)."""
    value = graphic.options.get("width")
    if value is None:
        return None
    return length_in(value, graphic, text_width, column_width)


def length_in(value: str, graphic: Graphic, text_width: float,
              column_width: float) -> float | None:
    """A length written at the include (``0.5\\linewidth``, ``3cm``) in inches; None when
    this reader does not evaluate it."""
    line = line_width_in(graphic, text_width, column_width)
    return None if line is None else _length(value, line, text_width, column_width)


def _length(value: str, line: float, text_width: float, column_width: float) -> float | None:
    lengths = {"\\linewidth": line, "\\hsize": line, "\\columnwidth": column_width,
               "\\textwidth": text_width}
    match = _NUMBER.match(value)
    if match is None:
        return None
    factor = float(match.group(1)) if match.group(1) else 1.0
    unit = match.group(2)
    if unit in lengths:
        return factor * lengths[unit]
    if unit in UNITS:
        return factor * UNITS[unit]
    return None


def _parse(text: str):
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
    ], environments=[
        macrospec.EnvironmentSpec("subfigure", "[[[{"),
        macrospec.EnvironmentSpec("subcaptionblock", "[[[{"),
        macrospec.EnvironmentSpec("minipage", "[[[{"),
        macrospec.EnvironmentSpec("wrapfigure", "[{[{"),
    ])
    walker = LatexWalker(text, latex_context=db, tolerant_parsing=True)
    nodes, _, _ = walker.get_latex_nodes()
    return walker, nodes


@dataclass(frozen=True)
class _Place:
    """Where the walk is: in a ``figure*`` or not, and inside which boxes."""

    wide: bool = False
    boxes: tuple[str, ...] = ()
    #: As TeX typeset it (:class:`figures.paper.engine.Printed`); None: read from the source.
    printed: object = None
    #: The graphics path in force there (TeX's; from the source: the paper's).
    path: list[Path] = field(default_factory=list)

    def inside(self, walker, node, macros) -> _Place:
        name = node.environmentname
        if name.endswith("*") and name.startswith(("figure", "table")):
            return _Place(True, self.boxes)
        if name in _BOXES and node.nodeargd and node.nodeargd.argnlist and \
                node.nodeargd.argnlist[-1] is not None:
            width = _expand(_inner(node.nodeargd.argnlist[-1]), macros).strip()
            return _Place(self.wide, (*self.boxes, width))
        return self


class _Reader:
    def __init__(self, paper: Paper) -> None:
        self.paper = paper
        #: A user's commands around \\includegraphics: name -> (number of arguments, body).
        self.wrappers: dict[str, tuple[int, str]] = {}

    def read(self, path: Path, macros: dict[str, str], seen: set[Path]) -> None:
        if path.resolve() in seen:
            return
        seen.add(path.resolve())
        self.paper.sources.append(path)
        walker, nodes = _parse(read_bounded(path) or "")
        self._walk(walker, nodes, path, macros, seen, _Place())

    def _walk(self, walker, nodes, path, macros, seen, place: _Place) -> None:
        from pylatexenc.latexwalker import LatexEnvironmentNode, LatexMacroNode

        skipping = 0
        nodes = list(nodes or [])
        for index, node in enumerate(nodes):
            if isinstance(node, LatexMacroNode) and not skipping and \
                    f"\\{node.macroname}" in self.wrappers:
                self._wrapper(walker, node, nodes[index + 1:], path, macros, seen, place)
                continue
            if (isinstance(node, LatexMacroNode) and node.macroname in ("iffalse", "fi")) or (
                    skipping and isinstance(node, LatexMacroNode)
                    and node.macroname.startswith("if")):
                skipping += -1 if node.macroname == "fi" else 1
                skipping = max(skipping, 0)
                continue
            if skipping:
                continue
            if isinstance(node, LatexEnvironmentNode):
                if node.environmentname in _SKIPPED_ENVIRONMENTS:
                    continue
                self._walk(walker, node.nodelist, path, macros, seen,
                           place.inside(walker, node, macros))
            elif isinstance(node, LatexMacroNode):
                self._macro(walker, node, path, macros, seen, place)
                if node.macroname in _DEFINITIONS:  # a body is read where it is used
                    continue
                args = node.nodeargd.argnlist if node.nodeargd else []
                for arg in args or []:
                    if arg is not None:
                        self._walk(walker, [arg], path, macros, seen, place)
            elif hasattr(node, "nodelist"):
                self._walk(walker, node.nodelist, path, macros, seen, place)

    def _wrapper(self, walker, node, after, path, macros, seen, place) -> None:
        """A user's command around ``\\includegraphics`` (``\\newcommand{\\fig}[1]{...}``):
        its body read with the arguments that follow the call put in."""
        from pylatexenc.latexwalker import LatexCharsNode, LatexGroupNode

        count, body = self.wrappers[f"\\{node.macroname}"]
        args = []
        for sibling in after:
            if len(args) == count:
                break
            if isinstance(sibling, LatexGroupNode):
                args.append(_inner(sibling))
            elif not (isinstance(sibling, LatexCharsNode) and not sibling.chars.strip()):
                break
        for number, value in enumerate(args, 1):
            body = body.replace(f"#{number}", value)
        line = walker.pos_to_lineno_colno(node.pos)[0]
        before = len(self.paper.graphics)
        inner_walker, inner_nodes = _parse(body)
        self._walk(inner_walker, inner_nodes, path, macros, seen, place)
        for graphic in self.paper.graphics[before:]:
            graphic.line = line

    def _macro(self, walker, node, path, macros, seen, place) -> None:
        name = node.macroname
        args = list(node.nodeargd.argnlist) if node.nodeargd else []
        line = walker.pos_to_lineno_colno(node.pos)[0]
        shown = path.relative_to(self.paper.root) if path.is_relative_to(self.paper.root) else path
        where = f"{display_path(shown)}:{line}"

        def text(arg) -> str:
            return _expand(_inner(arg), macros) if arg is not None else ""

        if name in _DEFINITIONS and len(args) >= 4:
            target = _inner(args[1]).strip()
            body = _inner(args[4] if len(args) > 4 else args[3])
            if args[2] is None and target.startswith("\\"):
                macros[target] = body
            elif target.startswith("\\") and "includegraphics" in body:
                with contextlib.suppress(ValueError):
                    self.wrappers[target] = (int(_inner(args[2]).strip()), body)
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
            options = _options(",".join(text(a) for a in args[1:-1] if a is not None))
            self.paper.graphics.append(Graphic(path, line, written, options, place.wide,
                                               place.boxes))
        elif name == "DeclareGraphicsExtensions" and args:
            self.paper.graphics_extensions = [e.strip() for e in text(args[-1]).split(",")
                                              if e.strip()]
        elif name in ("input", "include", "subfile") and args:
            self._follow(text(args[-1]).strip(), self.paper.root, where, macros, seen, name)
        elif name in ("import", "subimport") and len(args) >= 2:
            folder = text(args[-2]).strip()
            base = self.paper.root if name == "import" else path.parent
            self._follow(text(args[-1]).strip(), base / folder, where, macros, seen, name)

    def _follow(self, name: str, base: Path, where: str, macros, seen, command: str) -> None:
        if not name:
            return
        self.paper.inputs.append(name)
        if "\\" in name:
            self.paper.unresolved.append(f"{where}: \\{command}{{{name}}}: a macro in the "
                                         "path this reader cannot expand")
            return
        candidates = [base / name, base / f"{name}.tex"]
        found = next((c for c in candidates if c.is_file()), None)
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


def _options(text: str) -> dict[str, str]:
    """``width=0.85\\columnwidth, keepaspectratio`` as a dict (no value: '')."""
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
