"""``figures macros``: the values the paper quotes, as LaTeX macros."""

from __future__ import annotations

import argparse
import sys

from figures.cli.common import add_figdata, path_arg, refuse_output_over_inputs
from figures.errors import FigureDataError, os_error
from figures.registry import FIGURES


def add_parser(add) -> None:
    p = add("macros", help="write the quoted values as LaTeX macros")
    add_figdata(p)
    p.add_argument("--out", type=path_arg, default=None, metavar="FILE",
                   help="write here (default: standard output)")
    p.set_defaults(command=run)


def run(args: argparse.Namespace) -> int:
    from figures.data.jsonio import write_text_atomic
    from figures.paper.macros import macros_tex, quoted_values

    if args.out is not None:
        from figures.cli.common import DEFAULT_OUT

        refuse_output_over_inputs(args.out, "--out", (".tex",), figdata_dir=args.figdata,
                                  out_dirs=[DEFAULT_OUT])
    quoted = quoted_values(FIGURES, args.figdata)
    tex = macros_tex(quoted)
    if args.out is None:
        if sys.stdout is None:  # `figures macros >&-`
            raise FigureDataError("standard output", None, "closed; pass --out FILE")
        try:
            sys.stdout.write(tex)
            sys.stdout.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:  # `> /dev/full`: name what could not be written
            raise os_error(exc, "standard output") from None
    else:
        write_text_atomic(args.out, tex)
        print(f"wrote {args.out}")
    synthetic = [q.macro for q in quoted if q.synthetic]
    if synthetic:
        print(f"warning: {len(synthetic)} of {len(quoted)} macros hold SYNTHETIC EXAMPLE DATA, "
              f"not results (\\{synthetic[0]}, ...; marked in the file): run `figures extract "
              "RESULTS` before quoting them", file=sys.stderr)
    return 0
