"""What the commands share: argument types, the figure selection, the per-figure fault
boundary and the closing summary line."""

from __future__ import annotations

import argparse
import difflib
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from figures.boundary import is_stop
from figures.errors import UsageError, display_path, error_line, figure_line, one_line, shell_word
from figures.paths import (  # noqa: F401 - the commands' names for them
    DEFAULT_FIGDATA,
    DEFAULT_OUT,
    input_folder_of,
    is_inside,
    not_a_file,
    same_folder,
    written_by,
)
from figures.registry import BY_NAME, FIGURES, FigureSpec

#: A printed line (a row, a status detail, a warning) names up to two source paths of up to
#: 1024 characters each whole.
LINE_LIMIT = 2400


def add_paper(p: argparse.ArgumentParser) -> None:
    """``PAPER_DIR``, the paper's folder (``sync``, ``paper``, ``pack``)."""
    p.add_argument("paper", type=path_arg, metavar="PAPER_DIR",
                   help="the paper's folder (its main .tex at the top, or --main FILE)")


def add_flags(p: argparse.ArgumentParser, **helps: str) -> None:
    """On/off options, in order: ``allow_synthetic="..."`` is ``--allow-synthetic``."""
    for name, help in helps.items():
        p.add_argument(f"--{name.replace('_', '-')}", action="store_true", help=help)


def add_venue(p: argparse.ArgumentParser, help: str, *, metavar: str = "V") -> None:
    """``--venue``, one declaration for every command (a second, another, refused)."""
    p.add_argument("--venue", action=Once, per="one venue per run", default=None,
                   type=_venue_name, metavar=metavar, help=help)


def _venue_name(text: str) -> str:
    """An argparse type: a venue's name, never blank (hostile round 51, left unclear: sync
    and paper took ``--venue ''``, an unset shell variable, as no venue and read the page's
    rules instead, while build and check refused it as an unknown venue)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            f"{text!r} names no venue (an unset shell variable?): name one (icml, neurips, "
            "iclr, ieee, acm, or one from --venues FILE), or leave --venue out")
    return text


#: Where :class:`Once` keeps what each option was given, until :func:`refuse_repeats`.
_GIVEN = "_given_once"


def _chosen(value: Any) -> Any:
    """What a value chooses: a path the folder or file it names (``figdata`` and
    ``$PWD/figdata`` are one choice: a test's helper adding ``--figdata`` beside the typed one
    was refused since round 37's C2), any other value itself."""
    return os.path.realpath(value) if isinstance(value, os.PathLike) else value


class Once(argparse.Action):
    """An option that takes one value (every command's, by default: figures/cli/main.py),
    given more than once with another value is refused by :func:`refuse_repeats` (round 37,
    C2: the last won silently), not the last taken. Values are compared as ``key`` makes
    them (``--width``: as the build rounds it) and ``per`` says the rule."""

    def __init__(self, option_strings: list[str], dest: str, *,
                 key: Callable[[Any], Any] = _chosen, per: str = "one per run",
                 runs: bool = True, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, **kwargs)
        self.key, self.per, self.runs = key, per, runs

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        given = getattr(namespace, _GIVEN, None)
        if given is None:
            given = {}
            setattr(namespace, _GIVEN, given)
        if self.dest not in given:  # the first kept: a repeat of it is the same choice
            setattr(namespace, self.dest, values)
        given.setdefault(self.dest, (self, []))[1].append(values)


def refuse_repeats(args: argparse.Namespace, argv: Sequence[str] | None = None) -> None:
    """A :class:`UsageError` for the first option given more than once with values that
    differ, in build's words: ``--venue given 2 times (icml, iclr): one venue per run:
    `figures sync P --venue icml`, then `figures sync P --venue iclr```, each run the
    command line ``argv`` as typed with that option once (hostile round 51b-2, B5: the runs
    named the option alone, without the paper or the other options, and could not be run)."""
    given = vars(args).pop(_GIVEN, {})
    for action, values in given.values():
        if len({action.key(value) for value in values}) < 2:
            continue
        option = next((o for o in action.option_strings if o.startswith("--")),
                      action.option_strings[0])
        typed = [display_path(getattr(value, "typed", value)) for value in values]
        line = f"{option} given {len(values)} times ({', '.join(typed)}): {action.per}"
        if action.runs:
            command = getattr(args, "command_name", "")
            rest, at = _without(list(argv or ()), action.option_strings)
            if command not in rest:  # no command line given: the command alone
                rest, at = [command] if command else [], 1 if command else 0
            line += ": `" + "`, then `".join(" ".join(["figures", *map(shell_word, [
                *rest[:at], option, value, *rest[at:]])]) for value in dict.fromkeys(typed)) + "`"
        raise UsageError(line)


def _without(argv: list[str], spellings: Sequence[str]) -> tuple[list[str], int]:
    """``argv`` less each occurrence of an option spelled any of ``spellings`` (``--out A``,
    ``--out=A``, ``-jA``; the parser takes no abbreviation) and its value, and where the
    first one stood."""
    rest, at, value_next = [], None, False
    for number, word in enumerate(argv):
        if value_next:
            value_next = False
            continue
        if word == "--":
            rest += argv[number:]
            break
        whole = word.partition("=")[0] in spellings
        joined = not whole and any(word.startswith(s) and len(word) > len(s)
                                   for s in spellings if not s.startswith("--"))
        if whole or joined:
            at = len(rest) if at is None else at
            value_next = whole and "=" not in word
            continue
        rest.append(word)
    return rest, len(rest) if at is None else at


def add_venues(p: argparse.ArgumentParser,
               help: str = "your venue profiles (same shape as figures/venues.json)") -> None:
    """``--venues FILE``: venue profiles of the user's (figures/venues.py)."""
    p.add_argument("--venues", type=_venues_file, default=None, metavar="FILE", help=help)


def _venues_file(text: str) -> Path:
    """An argparse type: a venues file there now (a command that needs none of its venues,
    such as a pack of a paper with no figure of ours, would otherwise never read a typo)."""
    path = path_arg(text)
    if (why := not_a_file(path)) is not None:
        raise argparse.ArgumentTypeError(f"{display_path(text)}: {why}: give the path of your "
                                         "venue profiles, the shape of figures/venues.json")
    return path


def add_main(p: argparse.ArgumentParser, help: str, type: Callable[[str], Any] = Path) -> None:
    """``--main FILE``: the paper's main .tex, when its folder holds several."""
    p.add_argument("--main", type=type, default=None, metavar="FILE", help=help)


def add_jobs(p: argparse.ArgumentParser) -> None:
    p.add_argument("--jobs", "-j", type=positive_int, default=None, metavar="N",
                   help="render N figures at once (default: all cores)")


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1 (else a usage error)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def path_arg(text: str) -> Path:
    """An argparse type: a path, never empty (an unset ``$OUT`` is not the current folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a path, got an empty string")
    if _home_unexpanded(text) and not Path(text).exists():  # round 48b K14: `~/` made
        first = text.split("/", maxsplit=1)[0]
        raise argparse.ArgumentTypeError(
            f"{text}: the shell left {first} as it is (after = or in quotes), which names a "
            f"folder called {first} here, not a home: write the path unquoted, apart from "
            "any option (--out ~/x), or $HOME/... instead")
    return Path(text)


def _home_unexpanded(text: str) -> bool:
    """Whether ``text`` starts with what a shell would have made a folder (``~``, ``~/x``,
    ``~+``, ``~root/x``), not a name that merely starts with ``~`` (``~.tar.gz``: round 49,
    from 49b K7, refused as "a folder called ~")."""
    first = text.split("/", maxsplit=1)[0]
    if not first.startswith("~") or first in ("~", "~+", "~-"):
        return first.startswith("~")
    try:
        import pwd
    except ImportError:  # no login names to expand (Windows)
        return False
    try:
        pwd.getpwnam(first[1:])
    except (KeyError, ValueError):
        return False
    return True


def file_arg(text: str) -> Path:
    """An argparse type: a file to write, never a folder's spelling: ``paperdir/`` (as tab
    completion types it) names a folder in every Unix tool, where ``Path`` drops the slash
    and a file of the folder's name was written (hostile round 47c, W2)."""
    path = path_arg(text)
    if text.endswith(("/", os.sep)):
        raise argparse.ArgumentTypeError(f"{text} names a folder (its trailing /): give a "
                                         "file's path in it")
    last = text.rstrip("/" + os.sep).rsplit("/", 1)[-1].rsplit(os.sep, 1)[-1]
    if last in (".", ".."):  # round 48c W1: `paperdir/.` wrote a file named paperdir
        raise argparse.ArgumentTypeError(f"{text} names a folder (its last part is {last}): "
                                         "give a file's path in it")
    return path


def add_figdata(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--figdata", type=path_arg, default=DEFAULT_FIGDATA, metavar="DIR",
                        help=f"the figdata folder (default: {DEFAULT_FIGDATA}/)")


def add_out(parser: argparse.ArgumentParser,
            help: str = f"the folder of the built figures (default: {DEFAULT_OUT}/)") -> None:
    parser.add_argument("--out", type=path_arg, default=DEFAULT_OUT, metavar="DIR", help=help)


def select(names: Sequence[str]) -> list[FigureSpec]:
    """The named figures, once each, in the order named; every figure when none is named."""
    unknown = [n for n in names if n not in BY_NAME]
    if unknown:
        raise UsageError(f"unknown figure(s) {', '.join(map(near, unknown))}; known: "
                         f"{', '.join(BY_NAME)}")
    return [BY_NAME[n] for n in dict.fromkeys(names)] if names else list(FIGURES)


def nearest(name: str) -> str | None:
    """The figure ``name`` names or is close to (``cifar_sumary``, ``Cifar_Summary``,
    ``figures/plots/cifar_summary.py``: round 49, from 49c W10, W14); None: none."""
    if name in BY_NAME:
        return name
    close = difflib.get_close_matches(Path(name).stem.lower(), BY_NAME, n=1, cutoff=0.8)
    return close[0] if close else None


def near(name: str) -> str:
    """``name``, with the figure it is close to when it names none."""
    guess = nearest(name)
    return f"{name} (did you mean {guess}?)" if guess not in (None, name) else name


def say(text: str, *, err: bool = False) -> None:
    """``text`` printed as one line (:func:`figures.errors.one_line`, up to :data:`LINE_LIMIT`),
    on standard error with ``err``."""
    print(one_line(text, LINE_LIMIT), file=sys.stderr if err else sys.stdout)


def each_figure(specs: Sequence[FigureSpec], debug: bool,
                action: Callable[[FigureSpec], str]) -> int:
    """Run ``action`` per figure, report one line each, go on past failures."""
    failed = []
    for spec in specs:
        try:
            line = action(spec)
        except BaseException as exc:  # the fault boundary of one figure (figures/boundary.py)
            if is_stop(exc):
                raise  # Ctrl-C or SIGTERM: the command stops
            if debug:
                traceback.print_exc()
            failed.append(spec.name)
            print(f"error: {figure_line(spec.name, exc)}", file=sys.stderr)
        else:
            print(line)
    return summary(failed, len(specs))


def summary(failed: Sequence[str], total: int) -> int:
    """The closing line of a run with failures, and the exit status."""
    if failed:
        print(f"{len(failed)} of {total} figure(s) failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


def say_unread(unread: Sequence[Any], debug: bool, consequence: str) -> None:
    """One line per figure whose quoted values could not be read (figures.numbers.macros),
    with what that costs this command; its traceback first with ``--debug``."""
    for u in unread:
        if debug:
            traceback.print_exception(u.error)
        print(f"error: {u.line}; {consequence}", file=sys.stderr)


def figdata_status(spec: FigureSpec, figdata_dir: Path, results: Path | None,
                   debug: bool) -> tuple[str, str]:
    """:func:`figures.extract.status.figure_status` within the figure's fault boundary."""
    from figures.extract.status import figure_status

    try:
        return figure_status(spec, figdata_dir, results)
    except BaseException as exc:  # the fault boundary of one figure (figures/boundary.py)
        if is_stop(exc):
            raise  # Ctrl-C or SIGTERM: the command stops
        if debug:
            traceback.print_exc()
        return "error", error_line(exc, spec.name)


def refuse_output_over_inputs(target: Path, option: str, suffixes: tuple[str, ...], *,
                              figdata_dir: Path, out_dirs: Sequence[Path] = (),
                              ours: tuple[Callable[[Path], bool], str] | None = None) -> None:
    """A :class:`UsageError` when writing ``target`` would replace, through any link, an
    input, a built figure, a file of another kind than ``suffixes``, or (given ``ours``: a
    test and the command's name) one the command did not write (the paper's ``main.tex``)."""
    from figures.registry import PACKAGE_DIR

    if target.exists() and not (target.is_file() or target.is_dir()):  # /dev/stdout, a FIFO
        raise UsageError(f"{option} {display_path(target)}: is not a regular file (a terminal, "
                         "pipe, socket or device), which renaming the written file into place "
                         f"would replace: give a regular file's path (NAME{suffixes[0]})")
    resolved = target.resolve()

    def inside(folder: Path) -> bool:
        return is_inside(target, folder)

    what = None
    if inside(figdata_dir):
        what = f"inside the figdata folder {figdata_dir}"
    elif inside(PACKAGE_DIR):
        what = "inside the figures package (its registry, modules and data)"
    elif any(same_folder(resolved.parent, out) and (
            resolved.name.startswith(".build") or any(
                resolved.name in spec.output_names() for spec in FIGURES)) for out in out_dirs):
        what = "a built figure (or the build's state)"
    elif resolved.is_file() and resolved.suffix.lower() not in suffixes:
        what = f"an existing {resolved.suffix or 'extensionless'} file, not {'/'.join(suffixes)}"
    elif ours is not None and resolved.is_file() and not ours[0](resolved):
        what = f"an existing {resolved.suffix} file that {ours[1]} did not write"
    if what is not None:
        raise UsageError(f"{option} {target}: is {what}; it would be overwritten. Choose "
                         f"another path ending in {suffixes[0]}")


def refuse_folder_over_inputs(folder: Path, option: str, *, figdata_dir: Path | None,
                              writer: str = "the build", default: str = "") -> None:
    """A :class:`UsageError` when ``writer`` writing into ``folder`` would write over inputs
    (``extract``'s figdata: the fixtures in ``tests/`` have the same names)."""
    what = input_folder_of(folder, figdata_dir)
    if what is not None:
        raise UsageError(f"{option} {folder}: is inside {what}; {writer} would write over "
                         f"its files. Choose another folder{default}")


def refuse_figdata_in_inputs(figdata_dir: Path) -> None:
    refuse_folder_over_inputs(figdata_dir, "--figdata", figdata_dir=None, writer="extract",
                              default=" (default: figdata/)")
