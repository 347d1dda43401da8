"""``figures macros``: the values the paper quotes, as LaTeX macros."""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path

from figures.cli import common as cli
from figures.errors import FigureDataError, display_path, one_line
from figures.registry import FIGURES


def _file_or_dash(text: str) -> Path | None:
    """``--out``'s value: ``-`` is standard output, as in every Unix tool (round 45c, W14: it
    made a file named ``-`` in the checkout); ``./-`` a file of that name."""
    return None if text == "-" else cli.file_arg(text)


def add_parser(add) -> None:
    p = add("macros", help="write the quoted values as LaTeX macros")
    cli.add_figdata(p)
    p.add_argument("--out", type=_file_or_dash, default=None, metavar="FILE",
                   help="write here (default, or -: standard output; ./- for a file named -)")


def run(args: argparse.Namespace) -> int:
    from figures.data.jsonio import write_text_atomic
    from figures.numbers.macros import HEADER, macros_tex, read_quoted

    if args.out is not None:
        cli.refuse_output_over_inputs(args.out, "--out", (".tex",), figdata_dir=args.figdata,
                                      out_dirs=[cli.DEFAULT_OUT],
                                      ours=(partial(cli.written_by, HEADER.encode()),
                                            "`figures macros`"))
    quoted, unread = read_quoted(FIGURES, args.figdata)
    tex = macros_tex(quoted, [u.figure for u in unread])
    if args.out is None:
        if sys.stdout is None:  # `figures macros >&-`
            raise FigureDataError("standard output", None, "closed; pass --out FILE")
        sys.stdout.write(tex)  # `> /dev/full`: main's one line names standard output
        sys.stdout.flush()
    else:
        write_text_atomic(args.out, tex)
        print(f"wrote {display_path(args.out)}")
    left_out = "its macros are left out" + ("" if args.out is None
                                            else f" of {one_line(str(args.out))}")
    cli.say_unread(unread, args.debug, left_out)  # after the file: the others' are there
    synthetic = [q.macro for q in quoted if q.synthetic]
    if synthetic:
        print(f"warning: {len(synthetic)} of {len(quoted)} macros hold SYNTHETIC EXAMPLE DATA, "
              f"not results (\\{synthetic[0]}, ...; marked in the file): run `figures extract "
              "RESULTS` before quoting them", file=sys.stderr)
    return cli.summary([u.figure for u in unread], len(FIGURES))
