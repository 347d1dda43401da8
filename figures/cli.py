"""figures: build the figures of the BP/FA/DFA credit-assignment audit from figdata.

Every failure is one line naming the file and the key; the other figures still build, a
summary names what failed and the exit status is non-zero. ``--debug`` shows tracebacks.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path

from figures import __version__, figdata, startup
from figures.errors import (
    FigureDataError,
    error_line,
    figure_line,
    one_line,
    os_error,
    sigterm_stops_like_ctrl_c,
    stopped,
)
from figures.registry import BY_NAME, FIGURES, FigureSpec

DEFAULT_FIGDATA = Path("figdata")
DEFAULT_OUT = Path("build/figures")
FIGDATA_HELP = f"the figdata folder (default: {DEFAULT_FIGDATA}/)"
OUT_HELP = f"the folder of the built figures (default: {DEFAULT_OUT}/)"


def _positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1 (else a usage error)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _path(text: str) -> Path:
    """An argparse type: a path, never empty (an unset ``$OUT`` must not mean the current
    folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a path, got an empty string")
    return Path(text)


#: Enough for any real run (the paper's are 100 epochs); more only makes synthesize run for hours.
MAX_SYNTHETIC_EPOCHS = 10_000


def _epoch_count(text: str) -> int:
    """An argparse type: a whole number of epochs in 1..MAX_SYNTHETIC_EPOCHS."""
    value = _positive_int(text)
    if value > MAX_SYNTHETIC_EPOCHS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SYNTHETIC_EPOCHS}, got {value}")
    return value


class UsageError(Exception):
    """A command line that names something that does not exist (exit status 2, as
    argparse's own usage errors)."""


def _refusal(argv: Sequence[str] | None) -> tuple[argparse.Namespace | None, str | None]:
    """The parsed command line, or the one line that refuses to run it at all."""
    try:
        startup.prepare()
    except FigureDataError as exc:
        return None, str(exc)
    args = _parser().parse_args(argv)
    figdata_dir = getattr(args, "figdata", None)
    extracts_first = args.command is cmd_extract or (args.command is cmd_make
                                                     and args.results is not None)
    if sys.stdout is None and args.command in (cmd_list, cmd_status, cmd_check_tex):
        # their output is the answer (`build` and the others only report progress there)
        return args, "standard output: closed; the answer would be lost (redirect it instead)"
    if figdata_dir is not None and not extracts_first and not figdata_dir.is_dir():
        # One line, not one "file not found" per figure (extract makes the folder).
        return args, f"{figdata_dir}: figdata folder not found (pass --figdata DIR)"
    return args, None


def main(argv: Sequence[str] | None = None) -> int:
    args, refusal = _refusal(argv)
    if refusal is not None or args is None:
        print(f"error: {refusal}", file=sys.stderr)
        return 1
    try:
        with sigterm_stops_like_ctrl_c():
            return args.command(args)
    except KeyboardInterrupt as exc:
        line, status = stopped(exc)
        print(line, file=sys.stderr)
        return status
    except BrokenPipeError:
        # The reader of our output went away (`figures list | head`): nothing to report;
        # stdout is pointed at devnull so the interpreter's final flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - every failure is one line
        if args.debug:
            traceback.print_exc()
        if isinstance(exc, OSError) and exc.filename is None and exc.errno is not None:
            # Every file we open is named in its error: one without a name is the stream
            # our output goes to (`> /dev/full`).
            exc.filename = "standard output"
        command = args.command.__name__.removeprefix("cmd_").replace("_", "-")
        print(f"error: {error_line(exc, f'figures {command}')}", file=sys.stderr)
        return 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="figures", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    sub = parser.add_subparsers(required=True, metavar="COMMAND")
    # --debug after the subcommand too; SUPPRESS keeps the one given before it.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                        help="show tracebacks on errors (also before the command)")
    add = functools.partial(sub.add_parser, parents=[common])

    p = add("list", help="each figure, its outputs and its data kind")
    p.add_argument("--figdata", type=_path, default=DEFAULT_FIGDATA, metavar="DIR",
                   help=FIGDATA_HELP)
    p.add_argument("--values", action="store_true",
                   help="also the values the paper quotes, with their source notes")
    p.set_defaults(command=cmd_list)

    p = add("status", help="which figdata files are current, stale or missing")
    p.add_argument("results", type=_path, nargs="?", metavar="RESULTS",
                   help="compare recorded source hashes with this results folder")
    p.add_argument("--figdata", type=_path, default=DEFAULT_FIGDATA, metavar="DIR",
                   help=FIGDATA_HELP)
    p.set_defaults(command=cmd_status)

    p = add("macros", help="write the quoted values as LaTeX macros")
    p.add_argument("--figdata", type=_path, default=DEFAULT_FIGDATA, metavar="DIR",
                   help=FIGDATA_HELP)
    p.add_argument("--out", type=_path, default=None, metavar="FILE",
                   help="write here (default: standard output)")
    p.set_defaults(command=cmd_macros)

    p = add("check-tex", help="find figdata numbers written by hand (or stale) in LaTeX")
    p.add_argument("tex", type=_path, nargs="+", metavar="FILE.tex",
                   help="LaTeX sources to check (UTF-8 or Latin-1)")
    p.add_argument("--figdata", type=_path, default=None, metavar="DIR",
                   help="default: figdata/ of the repository the first .tex file sits in")
    p.set_defaults(command=cmd_check_tex)

    p = add("extract", help="write figdata of the log-derived figures from RESULTS")
    p.add_argument("results", type=_path, metavar="RESULTS",
                   help="the folder holding snapshot_vit_v1/, cifar10/, ...")
    p.add_argument("names", nargs="*", metavar="NAME", help="figures to extract (default: all)")
    p.add_argument("--figdata", type=_path, default=DEFAULT_FIGDATA, metavar="DIR",
                   help=FIGDATA_HELP)
    p.set_defaults(command=cmd_extract)

    p = add("build", help="render figures from figdata")
    p.add_argument("names", nargs="*", metavar="NAME", help="figures to build (default: all)")
    p.add_argument("--figdata", type=_path, default=DEFAULT_FIGDATA, metavar="DIR",
                   help=FIGDATA_HELP)
    p.add_argument("--out", type=_path, default=DEFAULT_OUT, metavar="DIR", help=OUT_HELP)
    p.add_argument("--jobs", "-j", type=_positive_int, default=None, metavar="N",
                   help="render N figures at once (default: all cores)")
    p.add_argument("--force", action="store_true",
                   help="render every figure, even those whose inputs did not change")
    p.add_argument("--results", type=_path, default=None, metavar="RESULTS",
                   help="refuse figures whose figdata is stale against this results folder")
    p.add_argument("--allow-stale", action="store_true",
                   help="with --results: build stale figures anyway, with a warning")
    p.add_argument("--no-stamp", dest="stamp", action="store_false",
                   help="no 'synthetic example data' mark on figures from synthetic data "
                   "(for the pixel comparison with the paper's scripts only)")
    p.add_argument("--camera-ready", action="store_true",
                   help="also write every output with embedded TrueType PDF fonts "
                        "(pdf.fonttype 42) into --camera-ready-out")
    p.add_argument("--camera-ready-out", type=_path, default=Path("build/camera-ready"),
                   metavar="DIR", help="(default: build/camera-ready)")
    p.set_defaults(command=cmd_build)

    p = add("check", help="camera-ready preflight of the built files against a "
            "venue's rules (fonts, text and line sizes, raster dpi, CVD, size)")
    p.add_argument("names", nargs="*", metavar="NAME", help="figures to check (default: all)")
    p.add_argument("--venue", required=True, metavar="VENUE",
                   help="icml, neurips, iclr, ieee, acm, or one from --venues")
    p.add_argument("--venues", type=_path, default=None, metavar="FILE",
                   help="your venue profiles (same shape as figures/venues.json)")
    p.add_argument("--strict", action="store_true", help="exit 1 when a rule fails")
    p.add_argument("--html", type=_path, default=None, metavar="PATH",
                   help="also write the report as one self-contained HTML page")
    p.add_argument("--figdata", type=_path, default=DEFAULT_FIGDATA, metavar="DIR",
                   help=FIGDATA_HELP)
    p.add_argument("--out", type=_path, default=DEFAULT_OUT, metavar="DIR",
                   help="the built files to check (default: build/figures)")
    p.set_defaults(command=cmd_check)

    p = add("make", help="extract RESULTS (if given), then build what changed: "
            "the one command (`nox -s figures`, `tox -e figures`)")
    p.add_argument("results", type=_path, nargs="?", metavar="RESULTS",
                   help="a results folder to extract into figdata/ first (default: none)")
    p.add_argument("--figdata", type=_path, default=DEFAULT_FIGDATA, metavar="DIR",
                   help=FIGDATA_HELP)
    p.add_argument("--out", type=_path, default=DEFAULT_OUT, metavar="DIR", help=OUT_HELP)
    p.set_defaults(command=cmd_make)

    p = add("new", help="scaffold a new figure: module, registry entry, figdata, fixture")
    p.add_argument("name", metavar="NAME", help="a Python identifier, e.g. fig5_final_acc")
    p.add_argument("--from-logs", action="store_true",
                   help="also an extract() reading a results tree (figures extract)")
    p.set_defaults(command=cmd_new)

    p = add("watch", help="rebuild figures as their figdata or code is saved "
            "(Ctrl-C stops; needs watchfiles)")
    p.add_argument("names", nargs="*", metavar="NAME", help="figures to watch (default: all)")
    p.add_argument("--figdata", type=_path, default=DEFAULT_FIGDATA, metavar="DIR",
                   help=FIGDATA_HELP)
    p.add_argument("--out", type=_path, default=DEFAULT_OUT, metavar="DIR", help=OUT_HELP)
    p.add_argument("--jobs", "-j", type=_positive_int, default=None, metavar="N",
                   help="render N figures at once (default: all cores)")
    p.add_argument("--rebuild-timeout", type=_positive_int, default=120, metavar="SECONDS",
                   help="stop a rebuild that runs longer, e.g. a render stuck in a loop "
                        "(default: 120)")
    p.set_defaults(command=cmd_watch)

    p = add("synthesize", help="write a synthetic example results tree")
    p.add_argument("results", type=_path, metavar="RESULTS",
                   help="a new or empty folder, or one an earlier synthesize wrote")
    p.add_argument("--epochs", type=_epoch_count, default=100, metavar="N",
                   help="epochs per run (default: 100)")
    p.set_defaults(command=cmd_synthesize)
    return parser


def _select(names: Sequence[str]) -> list[FigureSpec]:
    unknown = [n for n in names if n not in BY_NAME]
    if unknown:
        raise UsageError(f"unknown figure(s) {', '.join(unknown)}; known: {', '.join(BY_NAME)}")
    return [BY_NAME[n] for n in dict.fromkeys(names)] if names else list(FIGURES)  # once each


def _each(specs: Sequence[FigureSpec], debug: bool, action: Callable[[FigureSpec], str]) -> int:
    """Run ``action`` per figure, report one line each, go on past failures."""
    failed = []
    for spec in specs:
        try:
            line = action(spec)
        except Exception as exc:  # noqa: BLE001 - the fault boundary of one figure
            if debug:
                traceback.print_exc()
            failed.append(spec.name)
            print(f"error: {figure_line(spec.name, exc)}", file=sys.stderr)
        else:
            print(line)
    return _summary(failed, len(specs))


def _summary(failed: Sequence[str], total: int) -> int:
    """The closing line of a run with failures, and the exit status."""
    if failed:
        print(f"{len(failed)} of {total} figure(s) failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    unreadable = 0
    for spec in FIGURES:
        path = spec.figdata_path(args.figdata)
        try:
            kind = figdata.kind_of(figdata.load(path, spec.name))
        except FigureDataError as exc:
            unreadable += 1
            where = f"{exc.key}: " if exc.key else ""
            kind = f"unreadable ({one_line(where + exc.message)})"
        outputs = ", ".join(f"{spec.name}.{o.fmt}@{o.dpi}dpi" for o in spec.outputs)
        print(f"{spec.name:24s} {kind:18s} {outputs}")
    if args.values:
        from figures.macros import quoted_values

        print()
        for q in quoted_values(FIGURES, args.figdata):
            tag = "[SYNTHETIC] " if q.synthetic else ""
            print(f"{q.figure:24s} \\{q.macro:28s} {q.text:>10s}  {tag}{q.note}")
    return 1 if unreadable else 0


def cmd_status(args: argparse.Namespace) -> int:
    from figures.results import ResultsTree

    if args.results is not None:
        ResultsTree(args.results)  # a missing folder is one line, not every source "gone"
    not_current = 0
    for spec in FIGURES:
        state, detail = _status(spec, args)
        not_current += state not in ("current", "paper-values")
        print(f"{spec.name:24s} {state:13s} {one_line(detail, STATUS_DETAIL_LIMIT)}")
    return 1 if not_current else 0


#: A status detail names up to two source paths of up to 1024 characters each (the schema's
#: bound) whole; one_line still escapes anything that would break the row.
STATUS_DETAIL_LIMIT = 2400


def _status(spec: FigureSpec, args: argparse.Namespace) -> tuple[str, str]:
    """:func:`figures.status.figure_status` within the figure's fault boundary: a bug of ours
    is that figure's ``error`` state, and the other figures are still looked at."""
    from figures.status import figure_status

    try:
        return figure_status(spec, args.figdata, args.results)
    except Exception as exc:  # noqa: BLE001 - the fault boundary of one figure
        if args.debug:
            traceback.print_exc()
        return "error", error_line(exc, spec.name)


def cmd_macros(args: argparse.Namespace) -> int:
    from figures.jsonio import write_text_atomic
    from figures.macros import macros_tex, quoted_values

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


def cmd_check_tex(args: argparse.Namespace) -> int:
    from figures.macros import quoted_values
    from figures.texcheck import check_tex, find_figdata, read_tex

    figdata_dir = args.figdata or find_figdata(args.tex[0])
    if figdata_dir is None:
        print(f"error: {args.tex[0]}: no figdata/ in a figures repository above it or here; "
              "pass --figdata DIR", file=sys.stderr)
        return 1
    quoted = quoted_values(FIGURES, figdata_dir)
    found = unreadable = 0
    for path in args.tex:
        try:
            text = read_tex(path)
        except FigureDataError as exc:  # one line, and the other files are still checked
            unreadable += 1
            print(f"error: {exc}", file=sys.stderr)
            continue
        for problem in check_tex(text, quoted):
            found += 1
            print(f"{path}:{problem.removeprefix('line ')}")
    print(f"{found} hand-written or stale figdata number(s) (figdata: {figdata_dir})"
          + (f"; {unreadable} file(s) not read" if unreadable else ""), file=sys.stderr)
    return 1 if found or unreadable else 0


def cmd_extract(args: argparse.Namespace) -> int:
    from figures.extract import extract_figure
    from figures.jsonio import ensure_folder
    from figures.results import ResultsTree

    tree = ResultsTree(args.results)
    ensure_folder(args.figdata)

    def action(spec: FigureSpec) -> str:
        path = spec.figdata_path(args.figdata)
        if not spec.extract:
            raise FigureDataError(str(path), None, "paper values only, no log sources to "
                                  "extract; edit this file by hand")
        try:
            doc = extract_figure(spec, tree, args.figdata)
        finally:  # a failed figure's warnings are its own, not the next one's
            for warning in tree.warnings:
                print(f"warning: {spec.name}: {warning}", file=sys.stderr)
            tree.warnings.clear()
        figdata.write(path, doc)
        return f"extracted {spec.name} -> {path} ({figdata.kind_of(doc)})"

    # Named figures are all tried (one without log sources is an error); by default, those
    # with log sources.
    specs = _select(args.names) if args.names else [s for s in FIGURES if s.extract]
    return _each(specs, args.debug, action)


def cmd_build(args: argparse.Namespace) -> int:
    from figures.build import LOCK_FILE, build, lock_holder

    if getattr(args, "camera_ready", False) and _same_folder(args.out, args.camera_ready_out):
        raise UsageError(f"--camera-ready-out {args.camera_ready_out} is the --out folder: the "
                         "camera-ready PDFs would replace the default ones; choose another")

    specs = _select(args.names)
    failed = []
    if args.results is not None:
        from figures.results import ResultsTree

        ResultsTree(args.results)  # a missing folder is one line, not every source "gone"
        fresh = []
        for spec in specs:
            state, detail = _status(spec, args)
            detail = one_line(detail, STATUS_DETAIL_LIMIT)
            if state in ("current", "paper-values"):
                fresh.append(spec)
            elif args.allow_stale and state == "stale":
                print(f"warning: {spec.name}: building stale figdata ({detail})", file=sys.stderr)
                fresh.append(spec)
            elif state == "error":  # a bug of ours, already one line
                failed.append(spec.name)
                print(f"error: {detail}", file=sys.stderr)
            else:
                failed.append(spec.name)
                print(f"error: {spec.name}: figdata is {state} ({detail}); run `figures extract "
                      f"{args.results}` or pass --allow-stale", file=sys.stderr)
        specs_to_build = fresh
    else:
        specs_to_build = specs
    def waiting() -> None:
        holder = lock_holder(args.out)
        who = f" (process {holder} holds {args.out / LOCK_FILE}; Ctrl-C stops)" if holder else ""
        print(f"waiting for another build into {args.out} to finish{who}", file=sys.stderr)

    for result in build(specs_to_build, args.figdata, args.out, jobs=args.jobs,
                        force=args.force, stamp=args.stamp, on_wait=waiting):
        if result.status == "failed":
            failed.append(result.name)
            if args.debug and result.traceback:
                sys.stderr.write(result.traceback)
            print(f"error: {result.line}", file=sys.stderr)
            continue
        for warning in result.warnings:
            print(f"warning: {result.name}: {warning}", file=sys.stderr)
        note = " [SYNTHETIC EXAMPLE DATA]" if result.kind == "synthetic-example" else ""
        files = one_line(", ".join(str(p) for p in result.outputs), STATUS_DETAIL_LIMIT)
        print(f"{result.status} {result.name}: {files} ({result.kind}){note}")
    if getattr(args, "camera_ready", False):
        from figures.camera_ready import build_camera_ready

        done = [s for s in specs_to_build if s.name not in failed]
        for result in build_camera_ready(done, args.figdata, args.camera_ready_out,
                                         jobs=args.jobs, force=args.force):
            if result.status == "failed":
                failed.append(result.name)
                print(f"error: {result.line}", file=sys.stderr)
            else:
                print(f"camera-ready {result.status} {result.name}: "
                      f"{', '.join(map(str, result.outputs))}")
    return _summary(failed, len(specs))


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def cmd_check(args: argparse.Namespace) -> int:
    from figures.preflight import format_table, preflight
    from figures.venues import get_venue

    venue = get_venue(args.venue, args.venues)
    reports = preflight(_select(args.names), venue, args.out, args.figdata,
                        raster=args.html is not None)
    print(format_table([r for r in reports if not r.error], venue))
    for report in reports:
        if report.error:
            print(f"error: {report.error}", file=sys.stderr)
    if args.html is not None:
        from figures.preflight_report import write_report

        write_report(reports, venue, args.html)
        print(f"wrote {args.html}")
    errors = [r.spec.name for r in reports if r.error]
    if errors:
        return _summary(errors, len(reports))
    return 1 if args.strict and any(r.failed for r in reports) else 0


def cmd_make(args: argparse.Namespace) -> int:
    extracted = 0
    if args.results is not None:
        extracted = cmd_extract(argparse.Namespace(**vars(args), names=[]))
        if extracted:
            return extracted  # the build would show figdata the results do not match
    build_args = {**vars(args), "names": [], "jobs": None, "force": False, "results": None,
                  "allow_stale": False, "stamp": True}
    return cmd_build(argparse.Namespace(**build_args))


def cmd_watch(args: argparse.Namespace) -> int:
    from figures.watch import watch

    return watch(_select(args.names), args.figdata, args.out, jobs=args.jobs, debug=args.debug,
                 rebuild_timeout=args.rebuild_timeout)


def cmd_new(args: argparse.Namespace) -> int:
    from figures.scaffold import ScaffoldError, new_figure

    try:
        lines = new_figure(args.name, from_logs=args.from_logs)
    except ScaffoldError as exc:
        print(f"error: figures new: {exc}", file=sys.stderr)
        return 1
    print("\n".join(lines))
    return 0


def cmd_synthesize(args: argparse.Namespace) -> int:
    from figures.synthetic import generate

    generate(args.results, epochs=args.epochs)
    print(f"wrote a synthetic example results tree ({args.epochs} epochs) to {args.results}")
    return 0
