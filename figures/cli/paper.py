"""``figures paper PAPER_DIR``: sync, compile with latexmk, audit the PDF; and
``figures check PAPER.pdf``, the audit alone (:mod:`figures.paper.audit`)."""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
from pathlib import Path

from figures import runner, texlog
from figures.cli.common import (
    add_figdata,
    add_flags,
    add_main,
    add_paper,
    add_venue,
    add_venues,
    say,
)
from figures.errors import FigureDataError, LatexError, display_path
from figures.pack import inputs, refs
from figures.paper import compiled as compiled_files
from figures.paper import drafts, outside, rewritten
from figures.paper.latexmkrc import rc_not_run
from figures.paths import BUILD_ROOT, shown
from figures.registry import BY_NAME
from figures.texhints import explained
from figures.venues import get_venue


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


def run(args: argparse.Namespace) -> int:
    from figures.cli import sync

    runner.need("latexmk", "pdflatex")
    main = runner.find_main(args.paper, args.main)
    runner.refuse_latexmk_name(main)  # before sync writes
    compiled_files.refuse_folders(main)  # a folder where the PDF or log goes (round 37, P10)
    key, paper = sync.probed(args)  # with what sync will place beside it
    venue = args.venue or paper.venue or sync.venue_of_engine(paper)
    sync_args = argparse.Namespace(**vars(args), built=None, default_build=False,
                                   dry_run=False, printed={}, typed_venue=args.venue)
    sync_args.venue = venue
    args.venue = venue
    with tempfile.TemporaryDirectory(prefix="figures-paper-") as out:
        try:
            return _compiled(args, paper, sync_args, Path(out), key)
        except KeyboardInterrupt as exc:  # once sync wrote: its files, not "finished files"
            if getattr(exc, "finished", None) is None and hasattr(sync_args, "written"):
                exc.finished = sync_args.written  # (hostile round 53h, S9)
            raise


def _compiled(args: argparse.Namespace, paper, sync_args: argparse.Namespace, out: Path,
              key: tuple[str, str]) -> int:
    """Sync, compile (TeX writing into ``out`` alone: never through a link the paper ships;
    the PDF and log then put beside the main file, replacing what was there), audit."""
    from figures.cli import sync
    from figures.pack.tex import latexmk

    left, unread = "", {}  # the PDF a compile put beside the main file; what sync reads not
    for _ in range(_ROUNDS):  # until every include of ours prints at the size it was built for
        if sync.run(sync_args, paper, key) != 0:
            found = getattr(sync_args, "numbers_found", 0)  # all written (round 49a P13b)
            print("error: " + (f"check-tex found {found} number(s) of the figures written by "
                               "hand (above): use their macros, or end a line whose number is "
                               "no figure's with `% figures: ignore`" if found else
                               "sync did not finish cleanly (above)") + f"; not compiled{left}",
                  file=sys.stderr)
            return 1
        compiled, uncited = latexmk(paper.main, out, "-file-line-error",  # its file:line (50a P29)
                                     hint=": does the paper compile by hand?")
        if uncited and compiled.returncode == 0:
            print(f"note: {display_path(paper.main)}: cites nothing, and bibtex (which latexmk "
                  "runs for the class's natbib) stops on that: compiled without bibtex",
                  file=sys.stderr)
        pdf = paper.main.with_suffix(".pdf")
        if stale := runner.stale_reads(paper.root, out, pdf.stem):  # TeX writes in out alone
            raise rewritten.stale_refusal(paper, stale[0], pdf)  # ours: round 39, F4
        if far := outside.read_outside(paper.root, out, pdf.stem):  # round 48a, P20
            raise outside.refusal(paper, far, pdf.name)
        compiled_files.put(out, paper.main)  # all or nothing (round 37, P10)
        sync_args.written = [*dict.fromkeys([*sync_args.written, *(  # a stop names them too
            p.relative_to(paper.root).as_posix() for p in (pdf, pdf.with_suffix(".log"))
            if (out / p.name).is_file())])]
        if compiled.returncode != 0 or not (out / pdf.name).is_file():
            why = explained(texlog.first_error(out / f"{pdf.stem}.log", compiled.stdout),
                            out / f"{pdf.stem}.log", paper.main)  # .blg beside it; round 39
            if "-shell-escape" in why:  # minted: a flag this command never gives a paper
                why += (" (figures paper runs none of a paper's shell commands: compile it "
                        "by hand with -shell-escape if you trust it, then `figures check "
                        f"{display_path(pdf)}`)")
            if hint := rc_not_run(paper.main.parent, why, paper.main.name):
                why = why.removesuffix(".") + hint
            at = next(iter(texlog.tex_errors(why)), None)  # a chapter's: there (50a P29)
            where, why = (str(paper.main), why) if at is None else (str(paper.root / at),
                                                                    why.split(": ", 1)[1])
            raise LatexError(where, None, f"did not compile: {why} (see "
                             f"{pdf.with_suffix('.log')})")
        scaled, shown, built = _scaled(pdf, args, sync_args.printed)
        unread.update(_unread(paper, [n for n in scaled if n not in _ours(paper)]))
        scaled = {name: width for name, width in scaled.items() if name not in unread}
        if not scaled:
            break
        print("note: " + ", ".join(f"{name} prints at {width:g} in ({_scaler(paper, name)})"
                                   for name, width in scaled.items()) +
              ": built for that width, compiled again", file=sys.stderr)
        left = (f" again: {pdf.name} beside {paper.main.name} is the first compile's, with " +
                ", ".join(f"{name} built for {built[name]:g} in, printed at {width:g} in"
                          for name, width in scaled.items()))  # round 39, F16
        sync_args.printed.update(scaled)
        paper = sync.read_paper_of(args.paper, args.main)
    if external := refs.external_references(paper.main, inputs.log_text(pdf.with_suffix(
            ".log"))):  # xr's main.aux, not in the folder (round 40, X1)
        print(f"warning: {external}", file=sys.stderr)
    ours = {**_read_by(out / f"{pdf.stem}.fls"), **_ours(paper)}  # probed, or read by TeX
    lost = {f"{name} ({where})": drafts.own_draft(paper, name) for name, where in ours.items()
            if name not in shown}
    draft = drafts.draft(paper) if lost else None
    eps = [g for g in paper.graphics if Path(g.written).suffix.lower() in (".eps", ".ps")]
    if eps:  # pdftex.def sets the name of an EPS it cannot convert where the picture goes
        from figures.pdf import page_texts

        pages = page_texts(pdf.read_bytes())  # a page pypdf will not read: "" (round 34, P5)
        eps = [g for g in eps if any(Path(g.written).name in text for text in pages)]
    return check_paper(pdf, args, unread=unread, lost=[  # read by TeX, printed nowhere
        f"{name}: TeX read it, but the compiled paper prints it nowhere (" + (
            own or (f"{draft} for each image; remove it" if draft else "a float lost: acmart's "
                    "balance drops one deferred to the last page, move it earlier; or a box "
                    "made and never used")) + ")" for name, own in lost.items()] + [
        f"{g.written} ({display_path(g.tex.name)}:{g.line}): an EPS figure, printed as its "
        "file name: this compile runs no shell command, so pdflatex cannot convert it: " + (
            f"the include names our {Path(g.written).stem} with {Path(g.written).suffix}: "
            f"write {{{g.written[:-len(Path(g.written).suffix)]}}} (without the extension) and "
            "sync copies ours" if Path(g.written).stem in BY_NAME else  # round 25 (EP)
            f"convert it to PDF (epstopdf {g.written}) and include that")
        for g in eps])


def _scaler(paper, name: str) -> str:
    """What sizes our figure ``name`` other than its include's box: ``\\resizebox at
    main.tex:40 scales it``, ``\\setkeys{Gin}{width=...} at main.tex:8 gives it that width``
    (round 39, F16), else "a wrapper scales it"."""
    from figures.paper.builds import scaling_wrapper
    from figures.paper.includes import figure_of, includes_of

    include = next((i for i in includes_of(paper)[0] if figure_of(i)[0] == name), None)
    cause = scaling_wrapper(include) if include is not None else "a wrapper"
    return f"{cause} gives it that width" if cause.startswith("\\setkeys") else \
        f"{cause} scales it"


def _unread(paper, names: list[str]) -> dict[str, str]:
    """Each of ``names`` (our figures the PDF prints, none of sync's includes) with the
    command that includes it (``\\pgfimage at main.tex:34``; round 39, F18)."""
    from figures.texhints import command_naming

    return {name: command_naming(paper.sources, paper.root, name) or "not an "
            "\\includegraphics" for name in names}


def _ours(paper) -> dict[str, str]:
    """Our figures the paper includes, each with where (``main.tex:12``)."""
    from figures.paper.includes import figure_of, includes_of

    found: dict[str, str] = {}
    for include in includes_of(paper)[0]:
        name = figure_of(include)[0]
        if name is not None:
            found.setdefault(name, f"{display_path(include.tex.name)}:{include.line}")
    return found


def _read_by(fls: Path) -> dict[str, str]:
    """Our figures the compile read, by its recorder's file list (``main.fls``; latexmk
    asks pdflatex for it), each with the file: a figure TeX read must print somewhere,
    whatever the probe saw."""
    from figures.outputs.provenance import read_or_none

    try:
        read = runner.recorded(fls, fls.parent)[0]
    except LatexError:  # no recorder file: the probe's includes alone
        return {}
    found: dict[str, str] = {}
    for path in read:
        inside = (read_or_none(path) if path.suffix.lower() in (".pdf", ".png", ".jpg")
                  and path.is_file() else None)
        name = inside.get("figure") if inside else None
        if name in BY_NAME:
            found.setdefault(name, display_path(shown(path)))
    return found


#: Compiles before `figures paper` stops rebuilding what a wrapper scales (one is the rule:
#: the fixed point is where the wrapper's box holds the builds at 100 %).
_ROUNDS = 3


def _scaled(pdf: Path, args: argparse.Namespace, printed: dict[str, float],
            ) -> tuple[dict[str, float], set[str], dict[str, float]]:
    """Our figures the PDF prints at another size than built (a ``\\resizebox``,
    ``\\scalebox``, ``adjustbox`` around the include): the width each prints at, when it is
    not the width already asked for; every figure of ours it prints; and the width each was
    built for."""
    from figures.paper.audit import SCALE_TOLERANCE, audit

    try:
        result = audit(pdf, args.figdata, get_venue(args.venue, args.venues),
                       venues_file=args.venues, built=_built_folders(args))
    except Exception:  # noqa: BLE001 - check_paper reads it again and says what is wrong
        return {}, set(), {}
    found, built = {}, {}
    for item in result.placed:
        if item.inside is not None and item.state == "current" and \
                abs(item.scale - 1) > SCALE_TOLERANCE / 3 and \
                abs(printed.get(item.name, 0) - item.width_in) > 0.005:
            found[item.name] = round(item.width_in, 3)
            built[item.name] = round(item.width_in / item.scale, 3) if item.scale else 0.0
    return found, {item.name for item in result.placed if item.inside is not None}, built


def check_paper(pdf: Path, args: argparse.Namespace, lost: tuple[str, ...] | list[str] = (),
                unread: dict[str, str] | None = None) -> int:
    """``figures check PAPER.pdf``: one row per figure printed, one line per problem (and per
    figure of ``lost``: read by the compile, printed nowhere; ``unread``: our figures sync
    reads no include of, each with what includes it)."""
    from figures.paper.audit import audit

    if not pdf.is_file():
        raise FigureDataError(str(pdf), None, "a folder, not a file: give the compiled paper"
                              if pdf.is_dir() else "not a regular file (a named pipe or a "
                              "device): give the compiled paper" if pdf.exists() else
                              "no such file: give the compiled paper")
    venue = get_venue(args.venue or venue_beside(pdf), args.venues)
    from pypdf.errors import FileNotDecryptedError, LimitReachedError, PyPdfError

    from figures.pdf import pypdf_said

    try:
        with pypdf_said():  # its warnings on a damaged file: our one line instead
            result = audit(pdf, args.figdata, venue, anonymous=args.anonymous,
                           venues_file=args.venues, built=_built_folders(args), unread=unread)
    except FileNotDecryptedError:
        raise FigureDataError(str(pdf), None, "is encrypted with a password: check the PDF "
                              "pdflatex wrote, not a protected copy") from None
    except LimitReachedError as exc:  # round 33, P17: no sign the file is not a PDF
        raise FigureDataError(str(pdf), None, f"pypdf stops reading it at its own limits "
                              f"({exc}): the paper is not checked; check each figure's file "
                              "with `figures which FILE`") from None
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
        say(line)
    problems = [*result.problems, *lost]
    for problem in problems:
        say(f"problem: {problem}")
    for note in result.notes:  # round 33, P17: what pypdf would not read, not checked
        say(f"note: {note}")
    ours = [p for p in result.placed if p.inside is not None]
    images = sum(p.format == "png" and p.inside is None for p in result.placed)
    if images and not result.records:
        print(f"warning: {display_path(pdf)}: {images} image(s) not told apart: no record of our PNGs' "
              "pixels under build/ (nor --out) or in the PDF's folder: run this where the "
              "project's build/ is, or pass --out DIR", file=sys.stderr)
    elif not ours:
        print(f"warning: {display_path(pdf)}: none of our figures is in it", file=sys.stderr)
    print(f"{display_path(pdf)}: {len(ours)} figure(s) of ours, {len(result.placed) - len(ours)} foreign; "
          f"{len(problems)} problem(s) ({venue.key})", file=sys.stderr)
    return 1 if problems else 0


def _built_folders(args: argparse.Namespace) -> tuple[Path, ...]:
    """Where the build states are that record our PNGs' pixels: ``build/`` (every build's
    folder is under it by default) and ``--out`` when given elsewhere."""
    out = getattr(args, "out", None)
    return (BUILD_ROOT,) if out is None else tuple(dict.fromkeys([BUILD_ROOT, out]))


def venue_beside(pdf: Path) -> str:
    """The venue of the paper whose main .tex is beside ``pdf`` (``main.pdf``: ``main.tex``);
    for a class of no known venue, its own page as TeX sets it (as sync and paper take it)."""
    from figures.cli.sync import venue_of_engine
    from figures.paper.engine import ask_tex
    from figures.paper.latex import read_paper

    tex = pdf.with_suffix(".tex")
    venue = None
    if tex.is_file():
        try:
            venue = read_paper(pdf.parent, Path(tex.name)).venue
            if venue is None and runner.have("pdflatex"):
                venue = venue_of_engine(ask_tex(tex))
        except (FigureDataError, OSError):
            venue = None
    if venue is None:
        raise FigureDataError(str(pdf), None, "which venue? give --venue V (no \\documentclass "
                              f"or package of a known venue in {tex.name} beside it)")
    return venue
