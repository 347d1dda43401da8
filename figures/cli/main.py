"""figures: build the figures of the BP/FA/DFA credit-assignment audit from figdata.

Parses the command line and runs the command: each command is one module of
``figures/cli/`` with ``add_parser(add)`` and ``run(args)`` (docs/modules.md)."""

from __future__ import annotations

import argparse
import difflib
import functools
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

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
    # the environment, for every command: one place (round 28 B1); then the folders
    return args, startup.source_date_epoch() or _folder_refusal(args)


def _folder_refusal(args: argparse.Namespace) -> str | None:
    """The line refusing the command's standard output or figdata folder, if one does."""
    figdata_dir = getattr(args, "figdata", None)
    writes_figdata = getattr(args, "writes_figdata", None)
    reads_figdata = figdata_dir is not None and not (writes_figdata and writes_figdata(args))
    if sys.stdout is None and getattr(args, "answers_on_stdout", False):
        # their output is the answer (`build` and the others only report progress there)
        return "standard output: closed; the answer would be lost (redirect it instead)"
    if reads_figdata and not figdata_dir.is_dir():
        # One line, not one "file not found" per figure (extract makes the folder).
        if figdata_dir.exists():
            return f"{figdata_dir}: not a folder (pass --figdata DIR, the figdata folder)"
        return f"{figdata_dir}: figdata folder not found (pass --figdata DIR)"
    if reads_figdata and not _holds_json(figdata_dir):
        # one line, not "not found: ... or remove it from FIGURES" for every figure
        return (f"{figdata_dir}: no figdata in this folder (no .json file): pass "
                "--figdata DIR, the figdata folder")
    return None


def _holds_json(folder: Path) -> bool:
    try:
        return any(folder.glob("*.json"))
    except OSError:  # unreadable: each figure's read says why
        return True


class Parser(argparse.ArgumentParser):
    """argparse's parser keeping the option strings it is given (:attr:`option_strings`),
    to name the nearest one to an option it does not know (round 28 C1)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.option_strings: list[str] = []
        #: The other commands' parsers, by name (none for the top parser's).
        self.siblings: dict[str, Parser] = {}
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        self.option_strings.extend(action.option_strings)
        return action

    def unrecognized(self, extras: Sequence[str]) -> NoReturn:
        """This parser's usage and one line naming the first of ``extras`` and the nearest
        option it takes, exit 2: ``figures pack: error: unrecognized argument --output; did
        you mean --out? (figures pack --help lists them)``."""
        typed = next((arg for arg in extras if arg.startswith("-")), None)
        if typed is None:
            self.error(f"unrecognized argument {extras[0]!r} ({self.prog} --help lists them)")
        typed = typed.split("=", 1)[0]
        takers = [name for name, command in self.siblings.items()
                  if typed in command.option_strings]
        if takers:  # pack --venue: not its near --venues, a file (round 27 PV)
            self.error(f"unrecognized argument {typed}: an option of {', '.join(takers)}, not "
                       f"of {self.prog.split()[-1]} ({self.prog} --help lists them)")
        longs = [option for option in self.option_strings if option.startswith("--")]
        prefixed = [option for option in longs if option.startswith("--" + typed.lstrip("-"))]
        near = (prefixed if len(typed) == 2 and len(prefixed) == 1  # -o: --out
                else difflib.get_close_matches(typed, longs, n=1))
        hint = f"; did you mean {near[0]}?" if near else ""
        self.error(f"unrecognized argument {typed}{hint} ({self.prog} --help lists them)")


class Command(Parser):
    """A command's parser: what it does not know is told in its own words, not the top
    parser's (``figures: error: unrecognized arguments: --output o.tar.gz``)."""

    def parse_known_args(self, args: Sequence[str] | None = None,
                         namespace: argparse.Namespace | None = None
                         ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.unrecognized(extras)
        return parsed, extras


class Top(Parser):
    """``figures``: an option before the command that it does not know is told here
    (``figures --vers`` said a COMMAND is required); the command's own, by the command."""

    commands: dict[str, Command]

    def parse_known_args(self, args: Sequence[str] | None = None,
                         namespace: argparse.Namespace | None = None
                         ) -> tuple[argparse.Namespace, list[str]]:
        argv = list(sys.argv[1:] if args is None else args)
        for arg in argv:  # the top options take no value: the first word is the command
            if arg in {"--", "-"} or not arg.startswith("-"):
                break
            if arg.split("=", 1)[0] not in self.option_strings:
                self.unrecognized([arg])
        return super().parse_known_args(argv, namespace)


def parser() -> Top:
    top = Top(prog="figures", description=__doc__.splitlines()[0], allow_abbrev=False)
    top.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    top.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    sub = top.add_subparsers(required=True, metavar="COMMAND", parser_class=Command)
    top.commands = {}

    def add(run, name: str, **kwargs) -> Command:
        p = sub.add_parser(name, allow_abbrev=False, **kwargs)  # round 27 PV
        # --debug after the subcommand too; SUPPRESS keeps the one given before it.
        p.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                       help="show tracebacks on errors (also before the command)")
        p.set_defaults(command=run, command_name=name)
        top.commands[name] = p
        return p

    for command in COMMANDS:
        command.add_parser(functools.partial(add, command.run))
    for p in top.commands.values():
        p.siblings = {name: other for name, other in top.commands.items() if other is not p}
    return top
