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
from collections import Counter
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
from figures.cli.common import Once, refuse_repeats
from figures.errors import FigureDataError, ProblemsOfAFile, UsageError, error_line
from figures.signals import ended, sigterm_stops_like_ctrl_c, stopped, stopped_after
from figures.version import __version__

#: In the order ``figures --help`` lists them.
COMMANDS = (list_command, status, macros, check_tex, extract, build, check, make, new, watch,
            synthesize, which, sync, paper, pack, schema, review)


def main(argv: Sequence[str] | None = None) -> int:
    args, refusal, code = _refusal(argv)
    if refusal is not None or args is None:
        print(f"error: {refusal}", file=sys.stderr)
        return code
    try:
        return _run(args)
    finally:  # what the command set for itself ends with it: a later call in this process
        if "figures.author_code" in sys.modules:  # (a test's, a notebook's) has its own
            sys.modules["figures.author_code"].guard_inputs()  # inputs (round 52s, L1)
        if "figures.paper.memo" in sys.modules:  # what it read is read again (L2: `figures
            sys.modules["figures.paper.memo"].forget()  # paper` read after its sync's flush)


def _run(args: argparse.Namespace) -> int:
    """The command parsed, run: its one line on failure or stop, and its exit status."""
    if getattr(args, "figdata", None) is not None:
        from figures.author_code import guard_inputs

        guard_inputs(args.figdata)  # the figures' code must not write into it either
    ended(None)
    code = None
    try:
        with sigterm_stops_like_ctrl_c():
            if getattr(args, "venues", None) is not None:
                from figures.venues import replaced_builtins

                for line in replaced_builtins(args.venues):
                    print(f"note: {line}", file=sys.stderr)
            code = args.command(args)
    except KeyboardInterrupt as exc:  # once it had ended too (round 42, B28)
        line, code = stopped(exc) if code is None else stopped_after(exc)
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
    return code


def _refusal(argv: Sequence[str] | None
             ) -> tuple[argparse.Namespace | None, str | None, int]:
    """The parsed command line, or the one line that refuses to run it at all, and the exit
    status that refusal has."""
    try:
        startup.prepare()
    except FigureDataError as exc:
        return None, str(exc), 1
    args = parser().parse_args(argv)
    try:
        refuse_repeats(args, sys.argv[1:] if argv is None else argv)  # round 37, C2
    except UsageError as exc:
        return None, str(exc), 2
    # the environment, for every command: one place (round 28 B1); then the folders
    return args, startup.source_date_epoch() or _folder_refusal(args), 1


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


#: Dashes a word processor or a web page puts for ``--`` or ``-`` (em, en, figure dash, bar,
#: minus, Unicode hyphens): ``—out`` pasted is ``--out`` (hostile round 30, C2).
TYPOGRAPHIC_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"


def _dashed(word: str) -> str | None:
    """The option ``word`` stands for if it begins with a typographic dash and a name
    (``—out``, ``–out=x``: ``--out``; ``–o``: ``-o``), else None."""
    name = word.split("=", 1)[0].lstrip(TYPOGRAPHIC_DASHES + "-")
    if word[:1] not in TYPOGRAPHIC_DASHES or not name[:1].isalpha():
        return None
    return ("-" if len(name) == 1 else "--") + name


class Parser(argparse.ArgumentParser):
    """argparse's parser keeping the option strings it is given (:attr:`option_strings`),
    to name the nearest one to an option it does not know (round 28 C1)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.option_strings: list[str] = []
        #: The arguments it requires (positional ones), and the names of its positional ones.
        self.required_actions: list[argparse.Action] = []
        self.positional_names: list[str] = []
        #: The positional that takes any number of words (``FIGURE``), if any.
        self.listed: str | None = None
        #: The option strings taking a value: the word after one is that value (round 31, C2).
        self.valued: set[str] = set()
        #: The other commands' parsers, by name (none for the top parser's).
        self.siblings: dict[str, Parser] = {}
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        if args and args[0].startswith("-") and "action" not in kwargs and "nargs" not in kwargs:
            kwargs["action"] = Once  # given twice, refused: not the last kept (round 37, C2)
        action = super().add_argument(*args, **kwargs)
        self.option_strings.extend(action.option_strings)
        if action.nargs != 0:
            self.valued.update(action.option_strings)
        if action.nargs == argparse.REMAINDER:  # review's PYTEST ARGS (round 49, 49d G27)
            self.passed_on = action.metavar
        if action.required:
            self.required_actions.append(action)
        if not action.option_strings:
            self.positional_names.append(action.metavar or action.dest)
            if action.nargs in ("*", "+"):  # FIGURE...: the words argparse reads as one run
                self.listed = action.metavar or action.dest
        return action

    def unrecognized(self, extras: Sequence[str]) -> NoReturn:
        """This parser's usage and one line naming the first of ``extras`` and the nearest
        option it takes, exit 2: ``figures pack: error: unrecognized argument --output; did
        you mean --out? (figures pack --help lists them)``. The word is named as typed
        (``--=x``, round 30 C4); one pasted with a typographic dash (``—out``) is told as
        such, with the option it stands for (round 30, C2)."""
        word = next((arg for arg in extras if arg.startswith("-") or _dashed(arg)), None)
        if word is None and self.listed:  # `build a --force b` (round 45c, W2); `extract R
            # --figdata F a`: R goes with them (round 47c, W11)
            before = " and ".join(n for n in self.positional_names if n != self.listed)
            self.error(f"unrecognized argument {extras[0]!r}: give {before + ' and ' if before else ''}"
                       f"every {self.listed} together, before or after the options, not on both "
                       f"sides of one ({self.prog} --help lists them)")
        if word is None:
            self.error(f"unrecognized argument {extras[0]!r} ({self.prog} --help lists them)")
        typed = _dashed(word) or word.split("=", 1)[0]
        said = word if _dashed(word) or typed.strip("-") == "" else typed
        dashes = typed[:len(typed) - len(typed.lstrip("-"))]
        pasted = f" (a typographic dash {word[0]}, not {dashes})" if _dashed(word) else ""
        takers = [name for name, command in self.siblings.items()
                  if typed in command.option_strings]
        if typed in self.option_strings:  # —out: pack's own --out
            self.error(f"unrecognized argument {said}{pasted}; did you mean {typed}? "
                       f"({self.prog} --help lists them)")
        if takers:  # pack --venue: not its near --venues, a file (round 27 PV)
            self.error(f"unrecognized argument {said}{pasted}: an option of {', '.join(takers)}, "
                       f"not of {self.prog.split()[-1]} ({self.prog} --help lists them)")
        longs = [option for option in self.option_strings if option.startswith("--")]
        prefixed = [option for option in longs if option.startswith("--" + typed.lstrip("-"))]
        near = (prefixed if len(typed) == 2 and len(prefixed) == 1  # -o: --out
                else difflib.get_close_matches(typed, longs, n=1, cutoff=0.75 if getattr(
                    self, "passed_on", None) else 0.6))  # review --lf: not --help (50d G17)
        hint = f"; did you mean {near[0]}?" if near else ""
        if not near and getattr(self, "passed_on", None):  # `figures review -k x`
            hint = f": {self.passed_on} go after --: `{self.prog} -- {said} ...`"
        self.error(f"unrecognized argument {said}{pasted}{hint} ({self.prog} --help lists them)")


class Command(Parser):
    """A command's parser: what it does not know is told in its own words, not the top
    parser's (``figures: error: unrecognized arguments: --output o.tar.gz``): an unknown
    option before a missing positional argument (``figures sync -x``, round 30 C3); words
    after ``--`` as the extra arguments they are, never as options (round 30, C6)."""

    def parse_known_args(self, args: Sequence[str] | None = None,
                         namespace: argparse.Namespace | None = None
                         ) -> tuple[argparse.Namespace, list[str]]:
        argv = list(sys.argv[1:] if args is None else args)
        cut = argv.index("--") if "--" in argv else len(argv)
        for k in range(cut - 1, 0, -1):  # `--out -x`: its value, as the docs say (round 50c,
            if argv[k - 1] in self.valued and argv[k].startswith("-") and argv[k].split(
                    "=")[0] not in self.option_strings and argv[k - 1][:2] == "--":
                argv[k - 1:k + 1] = [f"{argv[k - 1]}={argv[k]}"]  # W20: "expected one argument")
                cut -= 1
        if pasted := [arg for k, arg in enumerate(argv[:cut]) if _dashed(arg) and not (
                k and argv[k - 1] in self.valued)]:  # --out –x.tar.gz: --out's value
            self.unrecognized(pasted)
        for action in self.required_actions:  # what it does not know first, then what lacks
            action.required = False
        try:
            _, extras = super().parse_known_args(argv, argparse.Namespace(**vars(
                namespace)) if namespace is not None else None)
        finally:
            for action in self.required_actions:
                action.required = True
        self._refuse(extras, argv[cut + 1:])
        parsed, extras = super().parse_known_args(argv, namespace)
        self._refuse(extras, argv[cut + 1:])
        return parsed, extras

    def _refuse(self, extras: list[str], after: list[str]) -> None:
        """Refuse ``extras``, if any: an unknown option or word given before ``--``, else the
        words after ``--`` (``after``) argparse had no place for: the last extras that many
        times one of those words, whatever was given before (``pack N2 -- N2``: the second
        N2, round 31 C3)."""
        if "--" in extras:
            pre, post = extras[:extras.index("--")], extras[extras.index("--") + 1:]
        else:
            left, flags = Counter(after), []
            for arg in reversed(extras):
                flags.append(left[arg] > 0)
                left[arg] -= 1
            pre = [arg for arg, late in zip(extras, reversed(flags), strict=True) if not late]
            post = [arg for arg, late in zip(extras, reversed(flags), strict=True) if late]
        if pre:
            self.unrecognized(pre)
        if post:
            names = " or ".join(self.positional_names) or "positional argument"
            self.error(f"unexpected extra arguments after --: {' '.join(post)} (each word after "
                       f"-- is a {names}, never an option; {self.prog} --help lists them)")


class Top(Parser):
    """``figures``: an option before the command that it does not know is told here
    (``figures --vers`` said a COMMAND is required); the command's own, by the command."""

    commands: dict[str, Command]

    def parse_known_args(self, args: Sequence[str] | None = None,
                         namespace: argparse.Namespace | None = None
                         ) -> tuple[argparse.Namespace, list[str]]:
        argv = list(sys.argv[1:] if args is None else args)
        for arg in argv:  # the top options take no value: the first word is the command
            if _dashed(arg):  # —version (round 30, C2)
                self.unrecognized([arg])
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
