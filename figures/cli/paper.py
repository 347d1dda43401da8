"""``figures paper PAPER_DIR``: sync, compile with latexmk, audit the PDF; and
``figures check PAPER.pdf``, the audit alone (:mod:`figures.paper.audit`)."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from figures.cli.common import (
    add_figdata,
    add_flags,
    add_main,
    add_paper,
    add_venue,
    add_venues,
)
from figures.errors import display_path
from figures.paths import BUILD_ROOT


def add_parser(add) -> None:
    p = add("paper", help="sync the paper's figures and macros, compile it with latexmk, "
            "then audit the PDF (figures check PAPER.pdf)")
    add_paper(p)
    add_venue(p, "the paper's venue (default: read from its \\documentclass/packages)")
    add_venues(p)
    add_main(p, "the paper's main .tex (when the folder holds several)")
    add_flags(p, allow_synthetic="copy figures and macros drawn from synthetic example data too",
              overwrite_theirs="let sync replace an image in the paper that is not ours (kept "
              "as NAME.bak)",
              anonymous="also report what the PDF discloses (double-blind review)")
    add_figdata(p)
    p.set_defaults(command=run)


def run(args: argparse.Namespace) -> int:
    from figures import runner
    from figures.cli import sync
    from figures.errors import LatexError

    runner.need("latexmk", "pdflatex")
    paper = sync.read_paper_of(args.paper, args.main)
    venue = args.venue or paper.venue or sync.venue_of_engine(paper, args)
    sync_args = argparse.Namespace(**vars(args), built=None, default_build=False,
                                   dry_run=False)
    sync_args.venue = venue
    if sync.run(sync_args, paper) != 0:
        print("error: sync did not finish cleanly (above); not compiled", file=sys.stderr)
        return 1
    compiled = runner.run([*runner.LATEXMK, "-pdf", "-interaction=nonstopmode",
                           "-halt-on-error", paper.main.name], paper.root,
                          file=str(paper.main), hint=": does the paper compile by hand?")
    pdf = paper.main.with_suffix(".pdf")  # -norc: no latexmkrc moves it
    if compiled.returncode != 0 or not pdf.is_file():
        why = runner.first_error(pdf.with_suffix(".log"), compiled.stdout)
        raise LatexError(str(paper.main), None, f"did not compile: {why} (see "
                         f"{pdf.with_suffix('.log')})")
    args.venue = venue
    return check_paper(pdf, args)


def check_paper(pdf: Path, args: argparse.Namespace) -> int:
    """``figures check PAPER.pdf``: one row per figure printed, one line per problem."""
    from figures.errors import FigureDataError, one_line
    from figures.paper.audit import audit
    from figures.venues import get_venue

    if not pdf.is_file():
        raise FigureDataError(str(pdf), None, "a folder, not a file: give the compiled paper"
                              if pdf.is_dir() else "no such file: give the compiled paper")
    venue = get_venue(args.venue or _venue_beside(pdf), args.venues)
    from pypdf.errors import FileNotDecryptedError, PyPdfError

    from figures.pdf import pypdf_said

    try:
        with pypdf_said():  # its warnings on a damaged file: our one line instead
            result = audit(pdf, args.figdata, venue, anonymous=args.anonymous,
                           venues_file=args.venues, built=_built_folders(args))
    except FileNotDecryptedError:
        raise FigureDataError(str(pdf), None, "is encrypted with a password: check the PDF "
                              "pdflatex wrote, not a protected copy") from None
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise FigureDataError(str(pdf), None, f"cannot be read as a PDF "
                              f"({type(exc).__name__}): is it the compiled paper?") from None
    if not result.pages:
        raise FigureDataError(str(pdf), None, "has no pages: is it the compiled paper?")

    def pt(value: float | None) -> str:
        return "-" if value is None else f"{value:.1f}"

    print(f"{'figure':24s} {'page':>4s} {'state':8s} {'scale':>6s} {'width':>6s} "
          f"{'text':>5s} {'glyph':>5s} {'line':>5s}")
    for item in result.placed:
        scale = "-" if math.isnan(item.scale) else f"{item.scale:.0%}"
        line = (f"{item.name:24s} {item.page:4d} {item.state:8s} {scale:>6s} "
                f"{item.width_in:5.2f}\" {pt(item.smallest_text_pt):>5s} "
                f"{pt(item.smallest_glyph_pt):>5s} {pt(item.thinnest_line_pt):>5s}")
        print(one_line(line, 2400))
    for problem in result.problems:
        print(one_line(f"problem: {problem}", 2400))
    ours = [p for p in result.placed if p.inside is not None]
    images = sum(p.format == "png" and p.inside is None for p in result.placed)
    if images and not result.records:
        print(f"warning: {display_path(pdf)}: {images} image(s) not told apart: no record of our PNGs' "
              "pixels under build/ (nor --out) or in the PDF's folder: run this where the "
              "project's build/ is, or pass --out DIR", file=sys.stderr)
    elif not ours:
        print(f"warning: {display_path(pdf)}: none of our figures is in it", file=sys.stderr)
    print(f"{display_path(pdf)}: {len(ours)} figure(s) of ours, {len(result.placed) - len(ours)} foreign; "
          f"{len(result.problems)} problem(s) ({venue.key})", file=sys.stderr)
    return 1 if result.problems else 0


def _built_folders(args: argparse.Namespace) -> tuple[Path, ...]:
    """Where the build states are that record our PNGs' pixels: ``build/`` (every build's
    folder is under it by default) and ``--out`` when given elsewhere."""
    out = getattr(args, "out", None)
    return (BUILD_ROOT,) if out is None else tuple(dict.fromkeys([BUILD_ROOT, out]))


def _venue_beside(pdf: Path) -> str:
    """The venue of the paper whose main .tex is beside ``pdf`` (``main.pdf``: ``main.tex``)."""
    from figures.errors import FigureDataError
    from figures.paper.latex import read_paper

    tex = pdf.with_suffix(".tex")
    venue = None
    if tex.is_file():
        try:
            venue = read_paper(pdf.parent, Path(tex.name)).venue
        except (FigureDataError, OSError):
            venue = None
    if venue is None:
        raise FigureDataError(str(pdf), None, "which venue? give --venue V (no \\documentclass "
                              f"or package of a known venue in {tex.name} beside it)")
    return venue
