"""``figures list``: each figure, its outputs and its data kind (``--values``: the values the
paper quotes, with their source notes)."""

from __future__ import annotations

import argparse

from figures.cli.common import add_figdata, say_unread
from figures.data import figdata
from figures.errors import FigureDataError, one_line
from figures.registry import FIGURES


def add_parser(add) -> None:
    p = add("list", help="each figure, its outputs and its data kind")
    add_figdata(p)
    p.add_argument("--values", action="store_true",
                   help="also the values the paper quotes, with their source notes")
    p.set_defaults(answers_on_stdout=True)


def run(args: argparse.Namespace) -> int:
    unreadable = 0
    for spec in FIGURES:
        path = spec.figdata_path(args.figdata)
        try:
            kind = figdata.origin_of(figdata.load(path, spec.name))
        except FigureDataError as exc:
            unreadable += 1
            where = f"{exc.key}: " if exc.key else ""
            kind = f"unreadable ({one_line(where + exc.message)})"
        outputs = ", ".join(f"{spec.name}.{o.fmt}@{o.dpi}dpi" for o in spec.outputs)
        print(f"{spec.name:24s} {kind:18s} {outputs}")
    if args.values:
        from figures.numbers.macros import read_quoted

        print()
        quoted, unread = read_quoted(FIGURES, args.figdata)
        for q in quoted:
            tag = "[SYNTHETIC] " if q.synthetic else ""
            print(f"{q.figure:24s} \\{q.macro:28s} {q.text:>10s}  {tag}{q.note}")
        say_unread(unread, args.debug, "its values are not listed")
        unreadable += len(unread)
    return 1 if unreadable else 0
