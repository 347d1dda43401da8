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
(``.fls``) names every file the engine read: the paper's sources and its packages.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from figures import runner
from figures.errors import LatexError
from figures.paper.latex import Graphic, Paper, _options

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


def _inches(length: str) -> float | None:
    return None if length in ("-", "") else float(length.removesuffix("pt")) / _PT_PER_IN


def ask_tex(main: Path, timeout: float | None = None, *, read_images: bool = True) -> Paper:
    """The paper whose main file is ``main``, as pdflatex typesets it (see the module's
    docstring): its includes with :class:`Printed` on each, the class and the files it
    read. A compile stopped by an image pdfTeX cannot read is run again opening none (the
    boxes then say nothing of the images' own sizes)."""
    root = main.parent
    with tempfile.TemporaryDirectory(prefix="figures-tex-") as tmp:
        out = Path(tmp)
        (out / "fap-empty.tex").write_text("", encoding="utf-8")
        for count, (here, dirs, _) in enumerate(os.walk(root)):  # \include's .aux go here
            dirs[:] = [d for d in dirs if not d.startswith(".")][: 200 - count]
            (out / Path(here).relative_to(root)).mkdir(parents=True, exist_ok=True)
        job, source = main.stem, main.name
        if not re.fullmatch(r"[A-Za-z0-9._+-]+", main.name):  # TeX reads a tab as a space
            job = "fap-main"
            source = f"{out}/{job}.tex"
            (out / f"{job}.tex").symlink_to(main.resolve())
        run = runner.run(["pdflatex", "-draftmode", "-no-shell-escape", "-interaction=nonstopmode",
                       "-recorder", "-file-line-error", f"-output-directory={out}", f"-jobname={job}",
                       (f"\\def\\fapempty{{{out}/fap-empty}}"
                        f"{'' if read_images else chr(92) + 'def' + chr(92) + 'fapnoread{}'}"
                        f"\\input{{{PROBE}}}"
                        f"\\input{{{source}}}")], root, timeout=timeout, file=str(main),
                         hint=": does the paper compile by hand?")
        log = out / f"{job}.fap"
        lines = log.read_text(encoding="utf-8", errors="replace").splitlines() \
            if log.is_file() else []
        lines = [line.replace(source, main.name) for line in lines]  # main's link: main
        errors = runner.tex_errors(run.stdout.replace(source, main.name))
        if "E|" not in lines and read_images and "!pdfTeX error" in run.stdout:
            return ask_tex(main, timeout, read_images=False)
        if "E|" not in lines:
            said = runner.first_error(out / f"{job}.log", run.stdout)
            raise LatexError(str(main), None, "pdflatex stopped before the end of the paper "
                             f"({said.replace(source, main.name)}): mend it so it compiles, "
                             "then sync again")
        read = _recorded(out / f"{job}.fls", root)
    paper = Paper(main, root)
    for line in lines:
        kind, _, rest = line.partition("|")
        fields = rest.split("|")
        if kind == "D" and len(fields) >= 3:
            paper.document_class = fields[0].strip()
            paper.class_options = [o.strip() for o in fields[1].split(",") if o.strip()]
            paper.class_file = root / fields[2] if fields[2] else main
        elif kind == "P" and len(fields) >= 5:
            paper.measures = (*(_inches(v) for v in fields[:3]), float(fields[3]))
            paper.graphics_extensions = [e for e in fields[4].split(",") if e] or None
            paper.graphicspath = _folders(fields[5] if len(fields) > 5 else "", root)
        elif kind == "M" and fields:
            paper.inputs.append(fields[0])
        elif kind == "I" and len(fields) >= 13:
            paper.graphics.append(_graphic(fields, root))
    for g in paper.graphics:  # what TeX said at an include (not a missing file: sync's job)
        said = errors.get(f"{g.tex.relative_to(root)}:{g.line}", "")
        if said and "not found" not in said:
            paper.unresolved.append(f"{g.tex.relative_to(root)}:{g.line}: {said} (pdflatex)")
    paper.sources = [p for p in read if p.suffix == ".tex"]
    paper.packages = [p.stem for p in read if p.suffix == ".sty"] + \
        [Path(m).stem for m in paper.inputs if m.endswith(".sty")]
    paper.inputs += [str(p.relative_to(root.resolve())) for p in paper.sources
                     if p.is_relative_to(root.resolve())]  # the recorder's: resolved
    return paper


def _graphic(fields: list[str], root: Path) -> Graphic:
    page, file, name, options, wd, ht, line, width, height, clip, path, number, tex = \
        fields[:13]
    graphic = Graphic(root / tex if tex else root, int(number), name.strip(),
                      {k: v.strip() for k, v in _options(options).items()}, False)
    graphic.printed = Printed(int(page), None if file == "-" else file,
                              (_inches(wd), _inches(ht)), _inches(line), _inches(width),
                              _inches(height), clip == "1")
    graphic.path = _folders(path, root)
    return graphic


def _folders(path: str, root: Path) -> list[Path]:
    """``{figs/}{../shared/}`` as folders (an empty one, ``{}``, is the paper's own)."""
    return [root / p for p in path.strip().strip("{}").split("}{") if p.strip()]


def _recorded(fls: Path, root: Path) -> list[Path]:
    """The files the engine read (its recorder), once each in order: the paper's own under
    ``root`` (absolute, resolved: the main file's link is the main file), and the packages
    and class from TeX Live; not the probe's."""
    read = runner.recorded(fls, root)[0]
    found = dict.fromkeys(p.resolve() for p in read
                          if p.name not in (PROBE.name, "fap-empty.tex"))
    return [p for p in found if p.suffix in (".sty", ".cls") or p.is_relative_to(root.resolve())]
