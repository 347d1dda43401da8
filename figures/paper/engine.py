"""The paper asked of TeX itself: one draft compile with a probe (``probe.tex``) loaded from
the command line, never written into the paper.

pdflatex runs in draft mode (no PDF, images read only for their size), ``-no-shell-escape``,
through :func:`figures.runner.run` (a timeout; stopped with the command on Ctrl-C or SIGTERM)
and writing only into a temporary folder. The probe logs, at shipout (so only
what is typeset, with its page), every ``\\includegraphics``: the file graphicx read, the
name and the options as written, the printed box, ``\\linewidth`` there, ``width=`` and
``height=`` as lengths, clip, the graphics path and where it is in the source; and for the
document its class and options (and the file holding ``\\documentclass``), ``\\textwidth``,
``\\columnwidth``, ``\\textheight``, the body size and graphicx's extensions. The recorder
(``.fls``) names every file the engine read: the paper's sources and its packages. A clip
around an include that cuts it (adjustbox's trim/clip, TikZ's ``\\clip``) is read from the
probe's marks by :mod:`figures.paper.cropped`.
"""

from __future__ import annotations

import itertools
import math
import re
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from figures import runner, texlog
from figures.errors import MAX_LINE, LatexError, elide
from figures.paper.cropped import Clips
from figures.paper.includes import MACROS_NAME
from figures.paper.latex import Graphic, Paper, graphics_options
from figures.paper.missing import devices_read, missing_lines, styles_missing
from figures.paper.rowfit import row_widths
from figures.paper.sideby import side_by_side
from figures.paper.stopped import led_by_first, stopped
from figures.paper.tikzcache import caches_read
from figures.texhints import explained

PROBE = Path(__file__).with_name("probe.tex")
_PT_PER_IN = 72.27


@dataclass(frozen=True)
class Printed:
    """One ``\\includegraphics`` as TeX typeset it (lengths in inches)."""

    page: int
    file: str | None
    box: tuple[float, float]
    line_in: float
    width_in: float | None
    height_in: float | None
    clip: bool
    #: The factor a wrapper scales its box by (``\\resizebox``, ``\\scalebox``, adjustbox).
    scale: float = 1.0
    #: What crops it around its include (:mod:`figures.paper.cropped`); empty: nothing.
    cropped: str = ""
    #: Inside a clip with its image missing: whether the clip cuts it is unknown.
    unseen: bool = False
    #: The other includes side by side with it on one line that together run past that
    #: line (``cifar_accuracy at main.tex:14, 3.4 in past it``): empty when none
    #: (:func:`figures.paper.sideby.side_by_side`; hostile round 42a, A62).
    shares: str = ""
    #: Its line less the space between the boxes on it (inches), when it ``shares`` it.
    room: float = 0.0
    #: In a box of its content's own width (``\\hsize`` 0 there: wrapfig's ``{0pt}``),
    #: whose ``\\linewidth`` is the line outside it (hostile round 42a, A61).
    natural: bool = False
    #: The ``trim`` or ``viewport`` a ``\\setkeys{Gin}`` gives every include (``trim 0 0 0
    #: 20``: graphicx applies it, never its ``clip``; round 41, N9); empty: none.
    default_cut: str = ""
    #: The file and line of the wrapper TeX scaled it in (a saved box's: round 49a, P29b).
    scaled_at: tuple[Path, int] | None = None
    #: ``angle=`` as graphicx expanded it (``\\rot`` defined as 360: 360.0); None: none, or
    #: not a number (round 49a, P11).
    angle: float | None = None
    #: In a row a ``\\resizebox{W}{!}`` scales: the width it prints at once the row is drawn
    #: for what prints (:mod:`figures.paper.rowfit`; round 50a, P13); None: not solved.
    settles: float | None = None
    #: Each time it is printed (a box saved with it, printed again): the factor and the
    #: wrapper's file and line (:func:`figures.paper.wrappers.printed_twice`; round 50a, P15).
    prints: tuple = ()


def _number(text: str) -> float:
    """A factor TeX wrote (1 when it is not a number: the scaled box then says nothing)."""
    try:
        return float(text)
    except ValueError:
        return 1.0


def _inches(length: str) -> float | None:
    return None if length in ("-", "") else float(length.removesuffix("pt")) / _PT_PER_IN


def ask_tex(main: Path, timeout: float | None = None, *, read_images: bool = True,
            guess: dict[str, bytes] | None = None) -> Paper:
    """The paper whose main file is ``main``, as pdflatex typesets it (see the module's
    docstring): its includes with :class:`Printed` on each, the class and the files it
    read. A compile stopped by an image pdfTeX cannot read is run again opening none (the
    boxes then say nothing of the images' own sizes). ``guess``: files (a name relative to
    the paper's folder, its bytes) the compile sees as if written there: put in the output
    folder, which TeX Live looks in first for an image or ``\\IfFileExists`` (an ``\\input``
    ``.tex`` it reads from the paper's first); those TeX read are :attr:`Paper.guessed`,
    their paths the paper's."""
    root = main.parent
    with tempfile.TemporaryDirectory(prefix="figures-tex-") as tmp:
        out = Path(tmp)
        job, source = main.stem, main.name
        if not re.fullmatch(r"[A-Za-z0-9._+-]+", main.name):  # TeX reads a tab as a space
            job = "fap-main"
        runner.output_folder(root, out, *runner.job_files(job), "fap-empty.tex")
        (out / "fap-empty.tex").write_text("", encoding="utf-8")
        if job == "fap-main":
            source = f"{out}/{job}.tex"
            (out / f"{job}.tex").symlink_to(main.resolve())
        placed = _place(out, guess or {}, job)
        run = runner.run(["pdflatex", "-draftmode", "-no-shell-escape", "-interaction=nonstopmode",
                       "-recorder", "-file-line-error", f"-output-directory={out}", f"-jobname={job}",
                       _command_line(out, source, read_images)], root, timeout=timeout,
                         file=str(main), hint=": does the paper compile by hand?")
        log = out / f"{job}.fap"
        text = log.read_bytes().decode("utf-8", "surrogateescape") if log.is_file() else ""
        lines = [line.replace(source, main.name) for line in text.split("\n")]  # main's link
        errors = texlog.tex_errors(run.stdout.replace(source, main.name))
        said = list(errors.items())
        if "E|" not in lines and read_images and "!pdfTeX error" in run.stdout:
            return ask_tex(main, timeout, read_images=False, guess=guess)
        missing = [m[2:] for m in lines if m.startswith("M|") and not m.endswith(".tex")]
        if "E|" not in lines:
            logged = out / f"{job}.log"
            logged = logged.read_text(errors="replace") if logged.is_file() else ""
            last = stopped(said, run, logged, missing, out / f"{job}.fls", main)
            why = explained(last, out / f"{job}.log", main)  # an include TeX misread (A65),
            why = led_by_first(said, why) if why == last else why  # else TeX's first (P13)
            do = "figures compiles with pdflatex only, not XeLaTeX or LuaLaTeX" if re.search(
                r"requires either XeTeX or LuaTeX|XeTeX or LuaTeX is required", why) else \
                f"end {main.name} with \\end{{document}}, then sync again" if why.startswith(
                    "no \\end{document}") else "mend it so it compiles, then sync again"
            room = MAX_LINE - len(f"error: {main}: pdflatex stopped before the end of the "
                                  f"paper (): {do}")  # what to do is never cut (A65c (b))
            raise LatexError(str(main), None, f"pdflatex stopped before the end of the paper "
                             f"({elide(why, max(room, 120))}): {do}")
        read = runner.recorded(out / f"{job}.fls", root)[0]
        devices = [p for p in read if p.parts[1:2] in (("dev",), ("proc",), ("sys",))]  # P29
        names = {p: p.relative_to(out).as_posix() for p in read if p.is_relative_to(out)}
        guessed = {name: placed[name] for name in names.values() if name in placed}
        read = _recorded([root / names[p] if names.get(p) in placed else p for p in read
                          if p not in names or names[p] in (*placed, f"{job}.tex")  # main's link
                          or p.suffix != ".tex"], root)
    paper = Paper(main, root)
    paper.guessed = guessed
    paper.offered = dict(guess or {})
    paper.errors = errors
    missed: list[tuple[str, int | None, str]] = []  # each file read as empty, and where
    made: dict[str, list[str]] = {}
    pages: dict[str, str] = {}
    floats: dict[str, str] = {}  # each include's float ("0": none) and the floats shipped
    floats_shipped: set[str] = set()
    scales: dict[str, tuple[float, tuple]] = {}  # and each factor's kind and wrapper
    inside: dict[int, list[str]] = {}  # each wrapper's includes
    at: dict[str, tuple] = {}  # where each is shipped (sp: its box's right end), its lines' box
    margins: list = []  # \hoffset, the side margins, \columnsep, two-sided
    around: list[tuple[float, str, int]] = []  # the scaled boxes shipped around this point
    scaled_at: dict[int, tuple[Path, int]] = {}  # each wrapper's file and line, as TeX read
    wrapped: dict[str, tuple[Path, int] | None] = {}  # them; an include's innermost scaling
    prints: dict[str, list] = {}  # each print's factor and wrapper (a saved box's: 50a P15)
    clips = Clips()  # and the clips
    records = iter(lines)
    for line in records:
        kind, _, rest = line.partition("|")
        fields = rest.split("|")
        clips.read(kind, fields, made)
        if kind == "D" and len(fields) >= 3:
            paper.document_class = fields[0].strip()
            paper.class_options = [o.strip() for o in fields[1].split(",") if o.strip()]
        elif kind == "P" and len(fields) >= 5:
            paper.measures = (*(_inches(v) for v in fields[:3]), float(fields[3]))
            paper.graphics_extensions = [e for e in fields[4].split(",") if e] or None
            paper.graphicspath = _folders(fields[5] if len(fields) > 5 else "", root)
            paper.graphicspath_written = fields[5] if len(fields) > 5 else ""
        elif kind == "M" and fields:
            paper.inputs.append(rest)
            missed.append((rest, None, ""))
        elif kind == "W" and missed and len(fields) >= 2:  # where the last M was asked for
            file = rest.partition("|")[2].replace(source, main.name)
            missed[-1] = (missed[-1][0], int(fields[0]) if fields[0].isdigit() else None,
                          "" if Path(file).is_absolute() and not Path(file).is_relative_to(
                              root.resolve()) else file)
        elif kind == "J":  # one field a line: a name may hold a |
            made[rest] = [rest, *itertools.islice(records, 16)]
        elif kind == "I" and len(fields) >= 2:
            floats[fields[0]] = fields[1]
        elif kind == "F" and fields:
            floats_shipped.add(fields[0])
        elif kind == "S" and len(fields) >= 2:
            pages[fields[0]] = fields[1]
            if len(fields) >= 4 and all(f.lstrip("-").isdigit() for f in fields[2:4]):
                at[fields[0]] = (int(fields[2]), int(fields[3]), fields[4:5] or [""])
            scales[fields[0]] = (math.prod(f for f, *_ in around),
                                 tuple((by, wrapper) for _, by, wrapper in around))
            wrapped[fields[0]] = next((scaled_at[w] for f, _, w in reversed(around)
                                       if f != 1 and w in scaled_at), None)
            prints.setdefault(fields[0], []).append((scales[fields[0]][0], wrapped[fields[0]]))
            for *_, wrapper in around:
                inside.setdefault(wrapper, []).append(fields[0])
        elif kind == "L" and len(fields) >= 5:
            margins = [_inches(v) or 0.0 for v in fields[:4]] + [fields[4] == "1"]
        elif kind == "X" and rest:
            around.append((abs(_number(fields[0])), fields[1] if len(fields) > 1 else "",
                           len(inside)))
            inside[len(inside)] = []
            if len(fields) > 6 and fields[5].isdigit():  # where TeX scaled it (P29b)
                scaled_at[len(inside) - 1] = (_source(root, fields[6]), int(fields[5]))
        elif kind == "X" and around:
            around.pop()
    paper.unresolved += missing_lines(main, missed, MACROS_NAME)
    paper.styles_missing = styles_missing(main, missed)
    floats_shipped |= {floats.get(n, "0") for n in pages}
    typeset = _typeset(made, pages, {n for n, f in floats.items() if f != "?" and (
        f == "0" or f in floats_shipped)})
    once = {}  # one include shipped on several pages, the same box (beamer's overlay slides,
    for n, fields in typeset.items():  # a logo in a running head): one include
        once.setdefault((*fields[1:], scales.get(n)), n)
    typeset = {n: typeset[n] for n in once.values()}
    known = _known(made, scales, inside) if read_images else set()
    shared = side_by_side(typeset, pages, at, scales, paper.measures, margins,
                          lambda fields: _where(fields, root))
    paper.graphics = [_graphic([pages.get(n, "0"), *fields[1:]], root,
                               scales.get(n, (1.0,))[0] if n in known else 1.0,
                               clips.cut.get(n, ""), n in clips.unseen,
                               shared.get(n, ("", 0.0)), wrapped.get(n))
                      for n, fields in typeset.items()]
    rows = row_widths(made, scales, inside, known)  # a row's gaps solved (round 50a, P13)
    for n, g in zip(typeset, paper.graphics, strict=True):
        g.printed = replace(g.printed, settles=rows.get(n),
                            prints=tuple(prints.get(n, ())) if n in known else ())
    for g in paper.graphics:  # what TeX said at an include (not a missing file: sync's job)
        at = [errors.get(f"{g.tex.relative_to(root)}:{n}", "") for n in (g.line, g.tex_line)]
        if any(at) and not any("not found" in m for m in at):
            paper.unresolved.append(f"{g.tex.relative_to(root)}:{g.line}: "
                                    f"{next(m for m in at if m)} (pdflatex)")
    paper.sources = [p for p in read if p.suffix == ".tex"]
    paper.unresolved += devices_read(paper, devices)
    paper.tikz_caches = caches_read(read)
    paper.packages = [p.stem for p in read if p.suffix == ".sty"] + \
        [Path(m).stem for m in paper.inputs if m.endswith(".sty")]
    # the recorder's, resolved; an extensionless file of the paper's is an \input of it too
    # (``\input{sections/macros}`` reads ``macros`` when there is no ``macros.tex``; an image
    # needs an extension): else where our macros go hung on whether a guess offered a .tex
    paper.inputs += [str(p.relative_to(root.resolve())) for p in read
                     if p.suffix in (".tex", "") and p.is_relative_to(root.resolve())]
    return paper


def _command_line(out: Path, source: str, read_images: bool) -> str:
    """pdflatex's first line: the probe, then the main file; the paths read with TeX's
    special characters as plain ones (a ``%`` or ``#`` in ``TMPDIR`` cut the line)."""
    plain = "".join(f"\\catcode{code}=12" for code in (37, 35, 126, 36, 94, 38, 95, 32))
    return (f"\\begingroup{plain}\\xdef\\fapempty{{{out}/fap-empty}}"
            f"\\xdef\\fapprobe{{{PROBE}}}\\xdef\\fapmain{{{source}}}\\endgroup"
            f"{'' if read_images else chr(92) + 'def' + chr(92) + 'fapnoread{}'}"
            "\\input{\\fapprobe}\\input{\\fapmain}")


def _typeset(made: dict[str, list[str]], pages: dict[str, str],
             measured: set[str]) -> dict[str, list[str]]:
    """The includes whose boxes TeX made, in order: each one shipped; and of one never
    shipped (a float acmart's ``balance`` drops: the compile reads its file all the same) the
    last box made, unless the same include (file, line, name) was shipped from another pass
    (``tabularx``'s trial widths), or it is in ``measured``: in no float or in a float
    shipped, so its box was only measured (``\\sbox``, ``\\settowidth``; round 45a, P21)."""
    def key(fields: list[str]) -> tuple[str, ...]:
        return fields[12], fields[11], fields[2]

    shipped = {key(fields) for n, fields in made.items() if n in pages}
    last = {key(fields): n for n, fields in made.items() if n not in pages}
    return {n: fields for n, fields in made.items()
            if n in pages or (n not in measured and key(fields) not in shipped
                              and last[key(fields)] == n)}


def _graphic(fields: list[str], root: Path, scale: float, cropped: str, unseen: bool,
             shares: tuple[str, float] = ("", 0.0), scaled_at=None) -> Graphic:
    page, file, name, options, wd, ht, line, width, height, clip, path, number, tex = \
        fields[:13]
    star = fields[13:14] == ["1"]
    natural = (_inches(fields[15]) or 0.0) <= 0 if len(fields) > 15 else False
    angle = re.fullmatch(r"\s*[-+]?(?:\d+\.?\d*|\.\d+)\s*", fields[16] if len(fields) > 16 else "")
    source = _source(root, tex)
    graphic = Graphic(source, _own_line(source, int(number), name.strip()), name.strip(),
                      {k: v.strip() for k, v in graphics_options(options).items()}, star)
    graphic.printed = Printed(int(page), None if file == "-" else file,
                              (_inches(wd), _inches(ht)), _inches(line), _inches(width),
                              _inches(height), clip == "1", scale, cropped,
                              unseen, *shares, natural, " ".join(fields[14:15]).strip(),
                              scaled_at, angle and float(angle[0]))
    graphic.tex_line = int(number)
    graphic.path = _folders(path, root)
    graphic.path_written = path
    return graphic


def _known(made: dict[str, list[str]], scales: dict, inside: dict[int, list[str]]
           ) -> set[str]:
    """The includes whose factors are the paper's. An image missing (or none opened) is an
    empty box, or one of its ``width=`` (no height): the factor of a wrapper around it is
    not the paper's, but a ``\\scalebox``'s (its own whatever it holds) and a
    ``\\resizebox{W}{!}``'s or adjustbox ``width=``'s whose includes each have a file or a
    ``width=`` (hostile round 42a, A49: one \\scalebox in the paper had every factor read
    as 1, and an include refused on its own box)."""
    def sized(n: str, by: str) -> bool:
        fields = made.get(n, ["", "-"] + ["-"] * 12)
        return fields[1] != "-" or (by.startswith("w") and fields[7] != "-")

    return {n for n in made if all(
        by == "c" or all(sized(m, by) for m in inside.get(wrapper, ()))
        for by, wrapper in scales.get(n, (1.0, ()))[1])}


def _where(fields: list[str], root: Path) -> str:
    source = _source(root, fields[12])
    return f"{source.name}:{_own_line(source, int(fields[11]), fields[2].strip())}"


def _source(root: Path, tex: str) -> Path:
    """The file TeX read for the name the probe recorded (LaTeX's ``\\CurrentFile``):
    ``\\input{sec/v1.2}`` reads ``sec/v1.2.tex``, which TeX tries before ``sec/v1.2``; its
    rows named ``sec/v1.2:1``, no file there (hostile round 52h, P4)."""
    dotted = tex and not tex.endswith(".tex") and (root / f"{tex}.tex").is_file()
    return root / f"{tex}.tex" if dotted else root / tex if tex else root


def _own_line(tex: Path, line: int, name: str) -> int:
    """The line of the ``\\includegraphics`` itself: TeX's ``\\inputlineno`` is the line it
    had read to, the closing brace of an argument the include is in (a ``\\resizebox``, a
    ``\\subcaptionbox``); the nearest line at or before it naming the file, then the
    ``\\includegraphics`` a few lines above a name on a line of its own."""
    from figures.paper.latex import SOURCE_LIMIT, read_bounded
    from figures.texread import blanked

    text = read_bounded(tex, SOURCE_LIMIT) if tex.suffix else None
    stem = re.split(r"[/}\s]", name.strip('{}" '))[-1] if name else ""
    if text is None or not stem:
        return line
    every = blanked(text).splitlines()
    lines = every[:line]  # not in a comment
    for here in range(len(lines), max(len(lines) - 200, 0), -1):
        if stem in lines[here - 1]:
            return next((at for at in range(here, max(here - 5, 0), -1)
                         if "\\includegraphics" in lines[at - 1]), here)
    # no line up to TeX's names it: TeX read the include from a file it wrote itself under
    # this one's name (endfloat's main.fff: its line, not the paper's): the include's own
    after = next((here for here in range(line + 1, len(every) + 1) if stem in every[here - 1]),
                 None)
    return line if after is None else next(
        (at for at in range(after, max(after - 5, line), -1)
         if "\\includegraphics" in every[at - 1]), after)


def _folders(path: str, root: Path) -> list[Path]:
    """``{figs/}{../shared/}`` as folders (an empty one, ``{}``, is the paper's own), read as
    graphicx reads them (:func:`figures.paper.gfolders.path_items`): in ``{figs/}`` without its
    inner braces each character is a folder of its own."""
    from figures.paper.gfolders import path_items

    return [root / p for p, _ in path_items(path) if p.strip()]


def _place(out: Path, guess: dict[str, bytes], job: str) -> dict[str, bytes]:
    """The files of ``guess`` written into ``out`` at their names (a name that is not a
    plain relative one, or one the compile writes itself, is left out)."""
    placed = {}
    for name, data in guess.items():
        parts = Path(name).parts
        if not parts or Path(name).is_absolute() or {".", "..", ""} & set(parts) or \
                parts[0].startswith((f"{job}.", "fap-")):
            continue
        try:  # a folder where it goes (the paper's, mirrored): none placed, as without a guess
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            if (out / name).is_dir():
                continue
        except OSError:
            continue
        (out / name).write_bytes(data)
        placed[Path(name).as_posix()] = data
    return placed


def _recorded(read: list[Path], root: Path) -> list[Path]:
    """The files the engine read (its recorder), once each in order: the paper's own under
    ``root`` (absolute, resolved: the main file's link is the main file), and the packages
    and class from TeX Live; a ``.tex`` outside ``root`` not in a TeX tree (``texmf*``: the
    paper's ``\\input{../shared/figs}``, whose numbers are checked too); not the probe's
    (ours, not the paper's ``probe.tex``)."""
    found = dict.fromkeys(p.resolve() for p in read if p.resolve() != PROBE.resolve() and
                          (p.name != "fap-empty.tex" or p.is_relative_to(root)))
    return [p for p in found if p.suffix in (".sty", ".cls") or p.is_relative_to(root.resolve())
            or (p.suffix == ".tex" and not any("texmf" in part for part in p.parts))]
