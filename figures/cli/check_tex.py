"""``figures check-tex FILE.tex...``: figdata numbers written by hand (or stale) in LaTeX."""

from __future__ import annotations

import argparse
import sys

from figures.cli.common import path_arg, say_unread
from figures.errors import FigureDataError, display_path
from figures.registry import FIGURES


def add_parser(add) -> None:
    p = add("check-tex", help="find figdata numbers written by hand (or stale) in LaTeX",
            epilog="A line whose comment holds `% figures: ignore` is not checked "
                   "(docs/paper-numbers.md).")
    p.add_argument("tex", type=path_arg, nargs="+", metavar="FILE.tex",
                   help="LaTeX sources to check (UTF-8 or Latin-1)")
    p.add_argument("--figdata", type=path_arg, default=None, metavar="DIR",
                   help="default: figdata/ of the repository the first .tex file sits in")
    p.set_defaults(answers_on_stdout=True)


def run(args: argparse.Namespace) -> int:
    from figures.numbers.macros import read_quoted
    from figures.numbers.overrides import redefined
    from figures.numbers.texcheck import check_tex, find_figdata, read_in_order, read_tex

    figdata_dir = args.figdata or find_figdata(args.tex[0])
    if figdata_dir is None:
        print(f"error: {args.tex[0]}: no figdata/ in a figures repository above it or here; "
              "pass --figdata DIR", file=sys.stderr)
        return 1
    quoted, unread = read_quoted(FIGURES, figdata_dir)
    # the paper is still checked against the values that were read
    say_unread(unread, args.debug, "the paper is not checked against its values")
    found = unreadable = 0
    texts = []
    for path in args.tex:
        try:
            texts.append((path, read_tex(path)))
        except FigureDataError as exc:  # one line, and the other files are still checked
            unreadable += 1
            print(f"error: {exc}", file=sys.stderr)
    # each read knowing what the files given before it define (the paper's, main first)
    for (path, text), known in zip(texts, read_in_order([t for _, t in texts]), strict=True):
        for problem in [*redefined(text, quoted, known), *check_tex(text, quoted, known)]:
            found += 1
            print(f"{display_path(path)}:{problem.removeprefix('line ')}")
    print(f"{found} hand-written or stale figdata number(s) (figdata: {display_path(figdata_dir)})"
          + (f"; {unreadable} file(s) not read" if unreadable else "")
          + (f"; {len(unread)} figure(s) not checked: {', '.join(u.figure for u in unread)}"
             if unread else ""), file=sys.stderr)
    return 1 if found or unreadable or unread else 0
