"""``figures pack PAPER_DIR``: the paper's source archive for arXiv or a venue, proven to
compile (docs/pack.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from figures.cli.common import (
    add_figdata,
    add_flags,
    add_main,
    add_paper,
    add_venues,
    file_arg,
    say,
)
from figures.errors import FigureDataError, display_path


def add_parser(add) -> None:
    p = add("pack", help="the paper's source archive (.tar.gz or .zip): what its compile "
            "reads, comments stripped, figures current, proven to compile alone")
    add_paper(p)
    p.add_argument("--out", type=file_arg, default=None, metavar="FILE",
                   help="the archive, .tar.gz or .zip (default: PAPER_DIR's name + .tar.gz, "
                        "beside it)")
    add_main(p, "the main .tex, when the folder holds more than one \\documentclass", str)
    add_flags(p, anonymous="for double-blind review: no figure metadata, no absolute paths or "
              "user names in what the compiled PDF discloses",
              allow_synthetic="pack figures drawn from synthetic example data too")
    add_venues(p, "your venue profiles, for figures synced for one of them (--venues of sync)")
    add_figdata(p)


def run(args: argparse.Namespace) -> int:
    paper: Path = args.paper
    out = args.out or paper.resolve().parent / f"{paper.resolve().name}.tar.gz"
    try:  # from the start: a SIGTERM while the pack's modules load is told as the pack's
        # (hostile round 51b-2, B8: "finished files are complete, the others were left ...")
        from figures.pack.run import pack

        if args.out is None and out.exists():
            from figures.pack.archive import written_by_pack

            if not written_by_pack(out):  # the user's own (arXiv's download of the source)
                raise FigureDataError(str(out), None, "already there and not an archive "
                                      "`figures pack` wrote: pass --out FILE (naming it "
                                      "replaces it)")
        made = next((p for p in reversed(out.parents) if not p.exists()), None)
        packed = pack(paper, out, args.figdata, main=args.main, anonymous=args.anonymous,
                      allow_synthetic=args.allow_synthetic, venues_file=args.venues)
    except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM: the one line names the archive
        exc.unfinished = display_path(out)
        raise
    for name in packed.files:
        print(display_path(name))
    for line in packed.warnings:
        say(f"warning: {line}", err=True)
    # a missing folder of --out is made, as build's --out is: said, so a typo shows
    print(packed.summary() + (f" (made the folder {display_path(made)})" if made else ""),
          file=sys.stderr)
    return 0
