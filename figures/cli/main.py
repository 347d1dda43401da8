"""figures: build the figures of the BP/FA/DFA credit-assignment audit from figdata.

Parses the command line and runs the command: each command is one module of
``figures/cli/`` with ``add_parser(add)`` and ``run(args)`` (docs/modules.md)."""

from __future__ import annotations

import argparse
import functools
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path

from figures.cli import (
    build,
    check,
    check_tex,
    extract,
    macros,
    make,
    new,
    pack,
    paper,
    review,
    schema,
    startup,
    status,
    sync,
    synthesize,
    watch,
    which,
)
from figures.cli import list as list_command
from figures.errors import FigureDataError, ProblemsOfAFile, UsageError, error_line
from figures.signals import sigterm_stops_like_ctrl_c, stopped
from figures.version import __version__

#: In the order ``figures --help`` lists them.
COMMANDS = (list_command, status, macros, check_tex, extract, build, check, make, new, watch,
            synthesize, which, sync, paper, pack, schema, review)


def main(argv: Sequence[str] | None = None) -> int:
    args, refusal = _refusal(argv)
    if refusal is not None or args is None:
        print(f"error: {refusal}", file=sys.stderr)
        return 1
    if getattr(args, "figdata", None) is not None:
        from figures.author_code import guard_inputs

        guard_inputs(args.figdata)  # the figures' code must not write into it either
    try:
        with sigterm_stops_like_ctrl_c():
            return args.command(args)
    except KeyboardInterrupt as exc:
        line, code = stopped(exc)
        print(line, file=sys.stderr)
        return code
    except BrokenPipeError:
        # the reader went away (`figures list | head`); devnull, so the final flush cannot fail
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except UsageError as exc:  # UnknownName too
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - every failure is one line
        if args.debug:
            traceback.print_exc()
        if isinstance(exc, OSError) and exc.filename is None and exc.errno is not None:
            # every file we open is named in its error: an unnamed one is our output (`> /dev/full`)
            exc.filename = "standard output"
        # a venue file's problems: one line each
        lines = (exc.lines() if isinstance(exc, ProblemsOfAFile)
                 else [error_line(exc, f"figures {args.command_name}")])
        print("\n".join(f"error: {line}" for line in lines), file=sys.stderr)
        return 1


def _refusal(argv: Sequence[str] | None) -> tuple[argparse.Namespace | None, str | None]:
    """The parsed command line, or the one line that refuses to run it at all."""
    try:
        startup.prepare()
    except FigureDataError as exc:
        return None, str(exc)
    args = parser().parse_args(argv)
    figdata_dir = getattr(args, "figdata", None)
    writes_figdata = getattr(args, "writes_figdata", None)
    reads_figdata = figdata_dir is not None and not (writes_figdata and writes_figdata(args))
    if sys.stdout is None and getattr(args, "answers_on_stdout", False):
        # their output is the answer (`build` and the others only report progress there)
        return args, "standard output: closed; the answer would be lost (redirect it instead)"
    if reads_figdata and not figdata_dir.is_dir():
        # One line, not one "file not found" per figure (extract makes the folder).
        if figdata_dir.exists():
            return args, f"{figdata_dir}: not a folder (pass --figdata DIR, the figdata folder)"
        return args, f"{figdata_dir}: figdata folder not found (pass --figdata DIR)"
    if reads_figdata and not _holds_json(figdata_dir):
        # one line, not "not found: ... or remove it from FIGURES" for every figure
        return args, (f"{figdata_dir}: no figdata in this folder (no .json file): pass "
                      "--figdata DIR, the figdata folder")
    return args, None


def _holds_json(folder: Path) -> bool:
    try:
        return any(folder.glob("*.json"))
    except OSError:  # unreadable: each figure's read says why
        return True


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="figures", description=__doc__.splitlines()[0],
                                  allow_abbrev=False)
    top.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    top.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    sub = top.add_subparsers(required=True, metavar="COMMAND")
    # --debug after the subcommand too; SUPPRESS keeps the one given before it.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                        help="show tracebacks on errors (also before the command)")

    def add(run, name: str, **kwargs) -> argparse.ArgumentParser:
        p = sub.add_parser(name, parents=[common], allow_abbrev=False, **kwargs)  # round 27 PV
        p.set_defaults(command=run, command_name=name)
        return p

    for command in COMMANDS:
        command.add_parser(functools.partial(add, command.run))
    return top
