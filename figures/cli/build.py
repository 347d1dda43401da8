"""``figures build [NAME...]``: render figures from figdata, only what changed."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from figures.cli import common as cli
from figures.data.envelope import SYNTHETIC
from figures.errors import display_path, one_line
from figures.outputs.kind import CAMERA_READY, DEFAULT, SLOT_SEPARATOR, BuildKind, venue_builds
from figures.page import Width
from figures.paths import CAMERA_READY_OUT
from figures.registry import FigureSpec


def add_parser(add) -> None:
    p = add("build", help="render figures from figdata")
    p.add_argument("names", nargs="*", default=[], metavar="NAME", help="figures to build (default: all)")
    cli.add_figdata(p)
    cli.add_out(p)
    cli.add_jobs(p)
    p.add_argument("--force", action="store_true",
                   help="render every figure, even those whose inputs did not change")
    p.add_argument("--results", type=cli.path_arg, default=None, metavar="RESULTS",
                   help="refuse figures whose figdata is stale against this results folder")
    p.add_argument("--allow-stale", action="store_true",
                   help="with --results: build stale figures anyway, with a warning")
    p.add_argument("--no-stamp", dest="stamp", action="store_false",
                   help="no 'synthetic example data' mark on figures from synthetic data "
                   "(for the pixel comparison with the paper's scripts only)")
    p.add_argument("--camera-ready", action="store_true",
                   help="also write every output with embedded TrueType PDF fonts "
                        "(pdf.fonttype 42) into --camera-ready-out")
    p.add_argument("--camera-ready-out", type=cli.path_arg, default=CAMERA_READY_OUT,
                   metavar="DIR", help=f"(default: {CAMERA_READY_OUT})")
    cli.add_venue(p, "draw every figure for venue V's page (icml, neurips, iclr, ieee, acm, or one "
              "from --venues) into build/V/ (or --out): PDF and PNG; one venue per build")
    # given twice: compared as the build rounds widths (3.25 and 3.2500001 are one build),
    # shown as typed (round 29 W1: "(3.25, 3.25)")
    p.add_argument("--width", type=_inches, action=cli.Once, key=Width, per="one per build",
                   runs=False, metavar="W",
                   help="with --venue: every figure drawn at W inches (as a paper places it, "
                        "e.g. 3.25 or 4.125) into build/V/wW/; a figure narrower than its "
                        "smallest width is refused in one line, the others still build")
    cli.add_venues(p)
    p.set_defaults(out=None)


class _Typed(float):
    """A ``--width`` as read: its number, and its text as the user typed it (``typed``)."""

    typed: str


def _inches(text: str) -> _Typed:
    """An argparse type: a width in inches, a plain decimal number (``3.25in``, ``1_0``,
    ``1e0``, ``nan`` said so: ``float`` reads ``1_0`` as 10)."""
    if not re.fullmatch(r"\s*[+-]?(\d+\.?\d*|\.\d+)\s*", text, re.ASCII):
        raise argparse.ArgumentTypeError(f"expected a width in inches as a plain decimal "
                                         f"number, no unit or exponent (e.g. 3.25), got {text!r}")
    width = _Typed(text)
    width.typed = text.strip()
    return width


def run(args: argparse.Namespace) -> int:
    if args.venue is not None:
        return _build_for_venue(args)
    if args.width is not None:
        raise cli.UsageError("--width W draws every figure for a venue's page at W inches; "
                             "give --venue V too")
    if args.venues is not None:
        raise cli.UsageError("--venues names venue profiles for --venue; give --venue V too")
    args.out = args.out or cli.DEFAULT_OUT
    if args.camera_ready and cli.same_folder(args.out, args.camera_ready_out):
        raise cli.UsageError(f"--camera-ready-out {args.camera_ready_out} is the --out folder: "
                             "the camera-ready PDFs would replace the default ones; choose another")
    kind = DEFAULT if args.stamp else BuildKind(stamp=False)
    return build_figures(cli.select(args.names), args.figdata, args.out, kind, jobs=args.jobs,
                         force=args.force, results=args.results,
                         allow_stale=args.allow_stale, debug=args.debug,
                         camera_ready_out=args.camera_ready_out if args.camera_ready else None)


def _build_for_venue(args: argparse.Namespace) -> int:
    """``build --venue V``: every figure drawn for V's page (figures/outputs/kind.py), at its
    own slot and, at a two-column venue, at each other slot it declares."""
    from figures.venues import get_venue

    if args.camera_ready:
        raise cli.UsageError("--venue builds embed TrueType already; drop --camera-ready")
    venue = get_venue(args.venue, args.venues)
    # --width takes a number only, not draw's "column"/"text" (round 28 W4)
    width = None if args.width is None else venue.width(args.width, "--width", slots=())
    builds = venue_builds(venue, cli.select(args.names), width, stamp=args.stamp)
    out = args.out or builds[0][0].default_out
    for other, what in ((cli.DEFAULT_OUT, "the default build"),
                        (CAMERA_READY_OUT, "the camera-ready build")):
        if cli.same_folder(out, other):  # its layout there would pass for the default's
            raise cli.UsageError(f"--venue {venue.key} would build into {out}, the folder of "
                                 f"{what}: pass another --out DIR (or rename the venue in "
                                 "--venues)")
    failed: list[str] = []  # round 42, B24: one summary for the whole build, last
    told: dict[tuple[str, str], str] = {}  # a slot's error its text slot told: said once
    progress = _Progress()
    try:  # round 42, B27/B28: a stop anywhere in it names what every pass built
        for kind, group in builds:
            _build(group, args.figdata, out, kind, jobs=args.jobs, force=args.force,
                   results=args.results, allow_stale=args.allow_stale, debug=args.debug,
                   failed=failed, told=told, progress=progress)
        return _ended(cli.summary(failed, sum(len(group) for _, group in builds)))
    except KeyboardInterrupt as exc:
        progress.name_the_stop(exc, sum(len(group) for _, group in builds), failed)
        raise


@dataclass
class _Progress:
    """How far a build got, for the line a stop prints (round 42, B27: Ctrl-C between a venue
    build's passes said only "interrupted; finished files are complete, ..."): the file sets
    built, and how many of them are settled (built, current or failed; the rest were not
    built, their files left as they were)."""

    built: list[str] = field(default_factory=list)
    settled: int = 0

    def name_the_stop(self, exc: KeyboardInterrupt, total: int, failed: list[str]) -> None:
        """Put what every pass built and how many it did not on ``exc`` (the stop line's
        figures/signals.py reads them), unless a camera-ready pass named its own."""
        if getattr(exc, "what", ""):
            return
        if self.settled:  # not "nothing built or written" once a pass was done
            exc.waited_for = None  # type: ignore[attr-defined]
        if getattr(exc, "waited_for", None) is None:
            exc.built, exc.not_built = self.built, total - self.settled  # type: ignore[attr-defined]
            exc.failed = list(failed)  # type: ignore[attr-defined]


def _ended(status: int) -> int:
    """The build's status; a stop from now on came after it (figures/signals.py, B28)."""
    from figures.signals import ended

    ended("every figure was built" if status == 0 else "the build had ended")
    return status


def build_figures(specs: Sequence[FigureSpec], figdata_dir: Path, out_dir: Path,
                  kind: BuildKind = DEFAULT, *, jobs: int | None = None, force: bool = False,
                  results: Path | None = None, allow_stale: bool = False, debug: bool = False,
                  camera_ready_out: Path | None = None) -> int:
    """Build ``specs`` as ``kind`` (those current against ``results``, if given), one line
    each; the exit status."""
    failed: list[str] = []
    progress = _Progress()
    try:
        _build(specs, figdata_dir, out_dir, kind, jobs=jobs, force=force, results=results,
               allow_stale=allow_stale, debug=debug, camera_ready_out=camera_ready_out,
               failed=failed, told={}, progress=progress)
        return _ended(cli.summary(failed, len(specs)))
    except KeyboardInterrupt as exc:
        progress.name_the_stop(exc, len(specs), failed)
        raise


def _build(specs: Sequence[FigureSpec], figdata_dir: Path, out_dir: Path, kind: BuildKind, *,
           jobs: int | None, force: bool, results: Path | None, allow_stale: bool, debug: bool,
           failed: list[str], told: dict[tuple[str, str], str], progress: _Progress,
           camera_ready_out: Path | None = None) -> None:
    """:func:`build_figures` without its summary: the names that failed go to ``failed``
    (once each); an error a figure's other slot already told (``told``) is not told again;
    ``progress``: what it built and settled, as soon as it knows."""
    from figures.outputs.build import build
    from figures.outputs.lock import LOCK_FILE, lock_holder

    cli.refuse_folder_over_inputs(out_dir, "--out", figdata_dir=figdata_dir)
    if camera_ready_out is not None:
        from figures.data.jsonio import ensure_folder

        cli.refuse_folder_over_inputs(camera_ready_out, "--camera-ready-out",
                                      figdata_dir=figdata_dir)
        ensure_folder(camera_ready_out)  # refused before any figure is drawn, as --out is
    if results is not None:
        specs_to_build = _fresh(specs, figdata_dir, results, allow_stale, debug, failed, told,
                                kind)
    else:
        specs_to_build = list(specs)

    def waiting(folder: Path) -> None:
        holder = lock_holder(folder)
        who = (f" (process {holder} holds {display_path(folder / LOCK_FILE)}; Ctrl-C stops)"
               if holder else "")
        print(f"waiting for another build into {display_path(folder)} to finish{who}", file=sys.stderr)

    passes = [(out_dir, kind, "")] + ([(camera_ready_out, CAMERA_READY, "camera-ready ")]
                                      if camera_ready_out is not None else [])
    fresh = list(specs_to_build)
    for folder, as_kind, what in passes:  # the camera-ready copies of those that built
        current: list[str] = []
        try:
            results = build([s for s in specs_to_build if s in fresh], figdata_dir,
                            folder, as_kind, jobs=jobs, force=force,
                            on_wait=lambda folder=folder: waiting(folder))
        except KeyboardInterrupt as exc:  # round 40 K3: the stop line names those built
            if getattr(exc, "waited_for", None) is not None:  # round 41 K3w
                exc.waited_for = None if what else display_path(folder)  # type: ignore[attr-defined]
            if (drawn := getattr(exc, "drawn", None)) and what:
                exc.built, exc.not_built = drawn  # type: ignore[attr-defined]
                exc.what = what  # type: ignore[attr-defined]
            elif drawn:  # the others of this pass: built earlier, or refused (told above)
                progress.built += drawn[0]
                progress.settled += len(specs) - drawn[1]
            raise
        if not what:  # settled, though its lines are still to come
            progress.built += [r.name for r in results if r.status == "built"]
            progress.settled += len(specs)
        for result in results:
            if result.status == "failed":
                fresh = [s for s in fresh if s.name != result.name]  # no camera-ready copy
                if debug and result.traceback:
                    sys.stderr.write(result.traceback)
                _tell(result.name, result.line, failed, told)
                continue
            for warning in [] if what else result.warnings:  # said once, not per copy
                print(f"warning: {result.name}: {warning}", file=sys.stderr)
            if result.status == "current":
                current.append(result.name)
                continue
            note = "" if result.origin != SYNTHETIC else " [SYNTHETIC EXAMPLE DATA]" \
                if as_kind.stamp else " (built without its mark: --no-stamp)"
            files = one_line(", ".join(map(display_path, result.outputs)), cli.LINE_LIMIT)
            print(f"{what}{result.status} {result.name}: {files} ({result.origin}){note}")
        if len(current) == 1:  # one line for those already current, not one each
            print(f"{what}current {current[0]} in {display_path(folder)}/")
        elif current:
            print(f"{what}{len(current)} figures current in {display_path(folder)}/")


def _tell(name: str, line: str, failed: list[str], told: dict[tuple[str, str], str]) -> None:
    """``error: LINE`` for the file set ``name``, unless another slot of its figure told the
    same error: then that it is the same (round 42, B24: a bad figdata file was told per
    slot); ``name`` joins ``failed`` once."""
    figure = name.split(SLOT_SEPARATOR, maxsplit=1)[0]
    text = line.removeprefix(f"{name}: ")
    first = told.setdefault((figure, text), name)
    if first == name:
        print(f"error: {line}", file=sys.stderr)
    else:
        print(f"error: {name}: as {first} above", file=sys.stderr)
    if name not in failed:
        failed.append(name)


def _fresh(specs: Sequence[FigureSpec], figdata_dir: Path, results: Path, allow_stale: bool,
           debug: bool, failed: list[str],
           told: dict[tuple[str, str], str], kind: BuildKind) -> list[FigureSpec]:
    """The figures whose figdata is current against ``results`` (stale ones too when allowed);
    the others go to ``failed``, one line each (once, though each slot of a venue asks)."""
    from figures.extract.results import ResultsTree

    ResultsTree(results)  # a missing folder is one line, not every source "gone"
    fresh = []
    for spec in specs:
        state, detail = cli.figdata_status(spec, figdata_dir, results, debug)
        detail = one_line(detail, cli.LINE_LIMIT)
        if state in ("current", "paper-values"):
            fresh.append(spec)
        elif allow_stale and state == "stale":
            print(f"warning: {spec.name}: building stale figdata ({detail})", file=sys.stderr)
            fresh.append(spec)
        elif state == "error":  # a bug of ours, already one line
            _tell(kind.stem(spec), detail, failed, told)
        else:
            _tell(kind.stem(spec), f"{spec.name}: figdata is {state} ({detail}); run `figures "
                  f"extract {results}` or pass --allow-stale", failed, told)
    return fresh
