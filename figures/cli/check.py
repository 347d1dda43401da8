"""``figures check --venue V``: the camera-ready preflight of the built files against a
venue's rules."""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from pathlib import Path

from figures.cli import common as cli
from figures.errors import display_path
from figures.venues import Venue, get_venue


def add_parser(add) -> None:
    p = add("check", help="camera-ready preflight of the built files against a "
            "venue's rules (fonts, text and line sizes, raster dpi, CVD, size)")
    p.add_argument("names", nargs="*", default=[], metavar="NAME", help="figures to check (default: all); "
                   "or one compiled paper, PAPER.pdf: each of our figures in it audited as "
                   "printed (current, scale, text and line sizes, fonts)")
    cli.add_venue(p, "icml, neurips, iclr, ieee, acm, or one from --venues (required, once; for "
              "PAPER.pdf read from the .tex beside it when not given)",
              metavar="VENUE")
    cli.add_venues(p)
    p.add_argument("--anonymous", action="store_true",
                   help="PAPER.pdf: also report what it discloses (absolute paths, user "
                   "names, authors in the figures' metadata)")
    p.add_argument("--strict", action="store_true", help="exit 1 when a rule fails")
    p.add_argument("--html", type=cli.path_arg, default=None, metavar="PATH",
                   help="also write the report as one self-contained HTML page")
    cli.add_figdata(p)
    cli.add_out(p, help="the built files to check (default: build/figures)")


def run(args: argparse.Namespace) -> int:
    from figures.preflight.run import format_table, preflight

    papers = [name for name in args.names if name.lower().endswith(".pdf")]
    if tex := next((n for n in args.names if n.lower().endswith(".tex")), None):
        raise cli.UsageError(f"{tex}: check reads the compiled paper: give its PDF (figures "
                             f"check {tex[:-4]}.pdf)")  # it said "unknown figure(s) main.tex"
    if image := next((n for n in args.names if n.lower().endswith((".png", ".jpg", ".jpeg"))),
                     None):  # it said "unknown figure(s) x.png"
        raise cli.UsageError(f"{image}: check reads a figure by its name (figures check NAME "
                             "--out DIR) or the compiled paper's PDF; `figures which` names "
                             "the figure an image is")
    if papers and len(args.names) > 1:
        raise cli.UsageError(f"one compiled paper at a time, and no figure name beside it: "
                             f"figures check {papers[0]} (got {' '.join(args.names)})")
    if len(args.names) == 1 and papers:
        from figures.cli.paper import check_paper

        if args.html is not None:  # asked for a report it would not write: not silently
            raise cli.UsageError("--html is the built files' report (figures check --venue V "
                                 f"--html R.html); the audit of {papers[0]} prints its table only")
        if args.out != cli.DEFAULT_OUT and not args.out.is_dir():
            print(f"warning: {args.out}: no such folder; its build states (the pixels of our "
                  "PNGs) are not read", file=sys.stderr)

        if args.venue is not None and (other := _another_page(Path(args.names[0]), args)):
            print(f"note: {other}", file=sys.stderr)
        return check_paper(Path(args.names[0]), args)
    if args.venue is None:
        raise cli.UsageError("the following arguments are required: --venue (icml, neurips, "
                             "iclr, ieee, acm, or one from --venues)")

    if args.html is not None:
        cli.refuse_output_over_inputs(args.html, "--html", (".html", ".htm"),
                                  figdata_dir=args.figdata, out_dirs=[args.out],
                                  ours=(_our_report, "`figures check`"))
    venue = get_venue(args.venue, args.venues)
    if args.out != cli.DEFAULT_OUT and not args.out.is_dir():
        # a typo'd --out: said once, not only as a "missing" row per file
        print(f"warning: {display_path(args.out)}: {'not a folder' if args.out.exists() else 'no such folder'}"
              f"; every built file is reported missing: build first (`figures build`, or "
              f"`figures build --venue {venue.key}`) or pass --out DIR, the built files",
              file=sys.stderr)
    reports = preflight(cli.select(args.names), venue, args.out, args.figdata,
                        raster=args.html is not None, venues_file=args.venues)
    skipped = [r for r in reports if r.skipped]
    reports = [r for r in reports if not r.skipped]
    measured = [r for r in reports if not r.error]
    if measured:  # no table of nothing beside the errors
        print(format_table(measured, venue))
    for report in skipped:
        print(f"skipped: {report.spec.name}: {report.skipped}")
    for report in reports:
        for warning in report.warnings:
            print(f"warning: {report.spec.name}: {warning}", file=sys.stderr)
        if report.error:
            print(f"error: {report.error}", file=sys.stderr)
    if args.html is not None:
        from figures.preflight.report_html import write_report

        write_report(reports, venue, args.html)
        print(f"wrote {display_path(args.html)}")
    if any(r.failed for r in reports) and not cli.same_folder(args.out, venue_folder(venue)):
        print(f"advice: `figures build --venue {venue.key}` draws every figure for "
              f"{venue.name}'s page into {venue_folder(venue)}/; then `figures check --venue "
              f"{venue.key} --out {venue_folder(venue)}` (or `nox -s preflight -- --venue "
              f"{venue.key}`)")
    errors = [r.spec.name for r in reports if r.error]
    if errors:
        return cli.summary(errors, len(reports))
    return 1 if args.strict and any(r.failed for r in reports) else 0


def venue_folder(venue: Venue) -> Path:
    """Where ``figures build --venue`` writes this venue's figures."""
    from figures.outputs.kind import venue_kind

    return venue_kind(venue).default_out


def _our_report(path: Path) -> bool:
    """A report `figures check` wrote (before the generator mark: by its title)."""
    from figures.preflight.report_html import GENERATOR

    return (cli.written_by(GENERATOR.encode(), path)
            or cli.written_by(b"<title>Preflight: ", path))


def _another_page(pdf: Path, args: argparse.Namespace) -> str | None:
    """Round 40 (P8): the note when the paper whose main .tex is beside ``pdf`` sets a text
    width other than the ``--venue``'s (an LNCS paper checked as ICML's); None when they
    agree, or when its page cannot be told (no .tex beside it, no TeX engine)."""
    from figures.cli.paper import venue_beside
    from figures.errors import FigureDataError

    venue = get_venue(args.venue, args.venues)
    if not pdf.is_file() or not pdf.with_suffix(".tex").is_file():
        return None
    try:  # its "no known venue" note is for a check without --venue: not said here
        with contextlib.redirect_stderr(io.StringIO()):
            own = get_venue(venue_beside(pdf), args.venues)
    except FigureDataError:
        return None
    if abs(own.text_width_in - venue.text_width_in) < 0.05:
        return None
    return (f"{display_path(pdf)}: its text is {own.text_width_in:.2f} in wide "
            f"({pdf.with_suffix('.tex').name}'s page: {own.key}), {venue.key}'s is "
            f"{venue.text_width_in:.2f} in: is this paper for {venue.key}? Its figures are "
            f"checked against {venue.key}'s rules; check it with the venue it was made for, "
            "or with no --venue (its own page)")
