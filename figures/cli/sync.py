"""``figures sync PAPER_DIR``: the current built figures the paper includes, and its macros,
copied into the paper's folder; then the paper's numbers checked (check-tex)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from figures.cli import common as cli
from figures.errors import FigureDataError, LatexError, display_path
from figures.page import inches
from figures.paper import cropped, rewritten
from figures.texhints import unclosed_refusal, utf16_source
from figures.venues import Venue


def add_parser(add) -> None:
    p = add("sync", help="copy the current built figures the paper includes, and macros.tex, "
            "into the paper's folder (an Overleaf clone too), then check its numbers")
    cli.add_paper(p)
    cli.add_venue(p, "the paper's venue (default: read from its \\documentclass and packages): "
              "each figure is built for the width the paper prints it at")
    cli.add_venues(p)
    cli.add_main(p, "the paper's main .tex (when the folder holds several)")
    p.add_argument("--built", type=cli.path_arg, default=None, metavar="DIR",
                   help=f"copy from this build folder (default: {cli.DEFAULT_OUT}/, or for a "
                   "venue paper a build per printed width)")
    p.add_argument("--default-build", action="store_true",
                   help="copy the default build into a venue paper anyway (it prints "
                   "rescaled, with Type 3 fonts)")
    cli.add_flags(p, allow_synthetic="copy figures and macros drawn from synthetic example "
                  "data too (without it, each synthetic value's macro is a LaTeX error if used)",
                  overwrite_theirs="replace (or move aside) an image in the paper that is not "
                  "ours, keeping it beside as NAME.bak")
    p.add_argument("--dry-run", "-n", action="store_true",
                   help="show what would be done; write nothing")
    cli.add_figdata(p)


def run(args: argparse.Namespace, paper=None, key: tuple[str, str] | None = None) -> int:
    """Sync (of ``paper`` when it is probed already, its placement recorded under ``key``:
    :func:`probed`); what it worked out is recorded (figures.paper.memo) once the build
    folder is there, however it ends."""
    from figures.paper import memo, rounds

    tally = rounds.Tally()  # a stop names every file written, not only the round's it hit
    try:  # (round 51a paper2, A3: after the writes, "finished files are complete" named none)
        return _synced(args, paper, key, tally)
    except KeyboardInterrupt as exc:
        exc.finished = [*dict.fromkeys([*tally.files(), *(getattr(exc, "finished", 0) or [])])]
        raise
    finally:  # every file written by this command's syncs (paper's stop names them: 53h S9)
        args.written = [*dict.fromkeys([*getattr(args, "written", []), *tally.files()])]
        memo.flush()


def _synced(args: argparse.Namespace, paper, key: tuple[str, str] | None, tally) -> int:
    import time

    from figures.numbers.overrides import redefined
    from figures.numbers.texcheck import check_tex, read_in_order, read_tex
    from figures.paper import memo, rounds
    from figures.paper.builds import untypeset
    from figures.paper.chapters import left_out_lines
    from figures.paper.gpath import refuse_slipped
    from figures.paper.sync import macros_not_input, plan
    from figures.paper.write import carry_out

    since = time.time() - 0.05  # a file's time is the kernel's coarser clock
    folder: Path = args.paper
    if not folder.is_dir():
        raise FigureDataError(str(folder), None, f"{'not a' if folder.exists() else 'no such'} "
                              "folder: give the folder of the paper's .tex files")
    from figures.paths import BUILD_ROOT, is_inside

    if args.dry_run and is_inside(BUILD_ROOT, folder):  # it wrote 7 files there (51a, P67)
        raise FigureDataError(str(folder), None, "--dry-run writes nothing in the paper's "
                              "folder, but figures builds into the working folder's build/, "
                              "inside it here: run figures from the project's folder "
                              "(--figdata, --built as needed)")
    quoted, unread, synthetic, tex = _macros(args)
    if paper is None:
        key, paper = probed(args, tex)
    for line in paper.unresolved:
        cli.say(f"warning: {line}" + ("" if line.endswith(" is read)") else " (not read)"), err=True)
    if slip := unclosed_refusal(paper.sources, paper.root, paper.main):  # r39 F12, r43 A65n
        raise LatexError(str(paper.main), None, slip)
    if wide := utf16_source(paper.sources):  # an \input chapter (round 50a, P9b)
        raise LatexError(str(wide), None, "is saved as UTF-16 (NUL bytes between its "
                         "letters), which pdflatex cannot read: save it as UTF-8, then sync "
                         "again; nothing written")
    built = source_for(args, paper)
    # its macros missing from the paper's file would stop the paper's build
    cli.say_unread(unread, args.debug, "the paper's macros file is not written")
    dropped, settled, moved = None, True, ""  # tally: each round's writes (A6)
    for _ in range(rounds.ROUNDS):  # until what it placed is what TeX typesets
        result = plan(paper, built, args.figdata, allow_synthetic=args.allow_synthetic,
                      macros_text=(tex, synthetic), unread=[u.figure for u in unread],
                      venues_file=args.venues, overwrite_theirs=args.overwrite_theirs)
        for name, where, why in untypeset(paper.main, result.not_included, paper):
            result.refuse(name, name, where, why)
            result.not_included.remove(name)
        unsynced = left_out_lines(paper.main, result.not_included)  # \includeonly (A66)
        result.not_included = [n for n in result.not_included if n not in dict(unsynced)]
        refuse_slipped(paper, result)  # \graphicspath{figs/}: TeX never looks there
        dropped = dropped or (None if _typed(args) else rounds.venue_dropped(result))
        if not args.dry_run and (guess := cropped.guess_unseen(paper, result.planned)) is not None:
            paper = read_paper_of(folder, args.main, guess)  # a clip around (round 39, F10)
            continue
        complete = args.dry_run or carry_out(result)
        if not args.dry_run:
            tally.add(result)
        if not complete or paper.measures is None or result.held or (
                rounds.dry_saw if args.dry_run else rounds.saw)(paper, result):
            break
        again = read_paper_of(folder, args.main, rounds.as_written(paper, result) if
                              args.dry_run else None)  # the built files present (A52)
        if not (moved := rounds.moved(paper, again)):
            break
        _report(result, args.dry_run, before=tally.before(result))
        print("note: with the figures in place" + (" (as this dry run would write them)"
              if args.dry_run else "") + " TeX typesets other includes or boxes: placed "
              "again", file=sys.stderr)
        paper = again
    else:  # the writes done are done: the summary says them, rc 1 (round 48a, P38)
        print(f"error: the includes still move after {rounds.ROUNDS} rounds ("
              f"{moved}{': ' * bool(moved)}a box that depends on the image's own size?): give "
              "each a width=", file=sys.stderr)
        settled = False
    if key and complete and settled and not (args.dry_run or result.refused):
        memo.placed(key, paper.root, result.planned)
    macros_path = result.macros.target if result.macros else None
    sources = []  # read once written: the macros file this sync writes is among them
    for path in paper.sources:
        if (args.dry_run and macros_path is not None and not path.exists()
                and path.resolve() == macros_path.resolve()):
            continue  # the macros file a dry run would write
        try:
            sources.append((path, read_tex(path)))
        except FigureDataError as exc:
            print(f"warning: {exc} (its numbers are not checked)", file=sys.stderr)  # 48a P7
    unloaded = macros_not_input(paper, sources, quoted)
    if unloaded:
        cli.say(f"warning: {unloaded}", err=True)
    if dropped:
        cli.say(f"note: {dropped}", err=True)
    for _, line in unsynced:
        cli.say(f"note: {line}", err=True)
    for line in [*_beside_tex(result.planned, paper.root), *rewritten.over_ours(paper),
                 *result.missing]:
        cli.say(f"warning: {line}", err=True)
    _report(result, args.dry_run, paper.measures is None, tally.before(result))
    found = 0
    for (path, text), known in zip(sources, read_in_order([t for _, t in sources]), strict=True):
        if macros_path is not None and path.resolve() == macros_path.resolve():
            continue
        for problem in [*redefined(text, quoted, known), *check_tex(text, quoted, known)]:
            found += 1  # a macro of ours redefined by hand (round 53h, S16), a number by hand
            cli.say(f"check-tex: {display_path(path)}:{problem.removeprefix('line ')}")
    done = rounds.summary(result, tally, args.dry_run, complete, found)
    if (inside := _ours_inside(folder, since)) is not None:
        cli.say(f"note: {inside[1]}", err=True)
        done = done.replace("nothing written (", f"nothing of the paper's written, but "
                            f"{inside[0]} file(s) of ours under build/ (the note above; ", 1)
    cli.say(done, err=True)
    args.numbers_found = found if complete and settled and not result.refused else 0  # paper
    return 1 if result.refused or found or not (complete and settled) else 0


def _ours_inside(folder: Path, since: float) -> tuple[int, str] | None:
    """Round 23 (S7): the build folder is the working folder's ``build/`` (by design); run
    inside the paper, that is in the paper's folder (beside its own ``build/``, a Makefile's),
    and "nothing written" hid the builds and records this sync put there. How many files of
    ours were written there since ``since``, and the line that says so (None: none, or the
    build folder is not inside the paper's)."""
    from figures.paper import memo
    from figures.paths import BUILD_ROOT, is_inside

    if not BUILD_ROOT.is_dir() or not is_inside(BUILD_ROOT, folder):
        return None
    memo.flush()  # its record is one of them
    made = [p for p in BUILD_ROOT.rglob("*") if p.is_file() and p.stat().st_mtime >= since]
    if not made:
        return None
    return len(made), (f"figures' build folder is the working folder's build/, here inside "
            f"the paper's folder {folder.resolve()}: this sync wrote {len(made)} file(s) of "
            "ours there (builds, records), beside the paper's own files; run figures from the "
            "project's folder (--figdata, --built as needed) to keep them out of the paper")


def _read_quoted(specs, figdata_dir: Path):
    """Every figure's quoted values (:func:`figures.numbers.macros.read_quoted`), recorded by
    the figdata's bytes and the code (:mod:`figures.paper.memo`: a sync of a paper whose
    figures are current imports no figure module); a figure that cannot be read: read
    again each time, and said."""
    import dataclasses

    from figures.data.jsonio import read_json_bytes
    from figures.numbers.macros import Quoted, read_quoted
    from figures.paper.memo import key_of, recall

    try:
        raws = [(spec.name, read_json_bytes(spec.figdata_path(figdata_dir))) for spec in specs]
    except (FigureDataError, OSError):
        return read_quoted(specs, figdata_dir)
    unread: list = []

    def worked_out() -> list:
        quoted, missed = read_quoted(specs, figdata_dir)
        unread.extend(missed)
        return [dataclasses.asdict(q) for q in quoted]

    rows = recall(key_of("quoted", raws), worked_out, lambda _: not unread)
    return [Quoted(**row) for row in rows], unread


def _macros(args: argparse.Namespace) -> tuple[list, list, list[str], str]:
    """Every figure's quoted values, those not read, the synthetic ones and the macros text."""
    from figures.numbers.macros import macros_tex, synthetic_macros
    from figures.registry import FIGURES

    quoted, unread = _read_quoted(FIGURES, args.figdata)
    synthetic = [] if args.allow_synthetic else synthetic_macros(quoted)
    return quoted, unread, synthetic, macros_tex(quoted,
                                                 synthetic_as_errors=not args.allow_synthetic)


def probed(args: argparse.Namespace, tex: str | None = None):
    """The key of the paper's placement (figures.paper.memo) and its first probe, with what
    sync will place beside it: what the last sync of it placed, else the builds here of the
    figures its source names (``builds.built_guess``); a dry run's the same, or a width TeX
    derives from the image itself is 0 in it alone (round 47a, P27)."""
    from figures.paper import builds, memo
    from figures.paper.latex import find_main

    main = find_main(args.paper, args.main)
    key = memo.placed_key(main, args.venue, args.allow_synthetic)
    tex = _macros(args)[3] if tex is None else tex
    return key, read_paper_of(args.paper, args.main, memo.guess(
        key, args.paper, tex, lambda: builds.built_guess(main)))


def read_paper_of(folder: Path, main: Path | None, guess: dict[str, bytes] | None = None):
    """The paper as TeX typesets it (figures.paper.engine; with ``guess`` beside it); without
    a TeX engine, read from its source (said once; every row is then estimated)."""
    from figures import runner
    from figures.paper.engine import ask_tex
    from figures.paper.latex import find_main, read_paper

    path = find_main(folder, main)
    if runner.have("pdflatex"):
        return ask_tex(path, guess=guess)
    print(f"warning: no TeX engine (pdflatex): {display_path(path)} is read from its source; "
          "every width is estimated: no TeX engine", file=sys.stderr)
    return read_paper(folder, main)


def _report(result, dry_run: bool, estimated: bool = False,
            before: dict[str, int] | None = None) -> None:
    """The table: one row per include of ours and the macros, each with what was done (a
    file up to date that an earlier round of this sync wrote: said so, ``before``)."""
    verb = "would " if dry_run else ""
    outcomes = {w.row: w.outcome for w in result.writes}
    width = max([len(r[0]) for r in result.rows] + [6])
    print(f"{'figure':{width}s}  {'paper file':30s}  {verb}do")
    for row, (figure, file, action) in enumerate(result.rows):
        if action.startswith("up to date") and file in (before or {}):
            shown = f"{action} (written in round {before[file]} of this sync)"
        elif action.startswith(("refused", "up to date", "the same file")):  # no verb (49a P24)
            shown = action
        elif result.held:
            shown = f"held, not written (a row is refused: all or nothing): {action}"
        elif outcomes.get(row, "") not in ("", "written"):
            shown = f"{outcomes[row]}: {action}"
        else:
            shown = verb + action
        mark = " (estimated: no TeX engine)" if estimated and figure != "(macros)" else ""
        cli.say(f"{figure:{width}s}  {file:30s}  {shown}{mark}")
    if result.not_ours:
        cli.say(f"not ours (left as they are): {', '.join(result.not_ours)}")
    if result.not_included:
        print(f"ours, not in the paper: {', '.join(result.not_included)}")


def _beside_tex(planned, root: Path) -> list[str]:
    """One line per figure sync places beside a ``.tex`` of its name (``figs/x.pdf``, the
    float in ``figs/x.tex``): arXiv's upload removes such a PDF (hostile round 29, A7)."""
    from figures.pack.leftout import beside_tex
    from figures.paper.latex import shown_path

    found = [(shown_path(target, root), beside_tex(shown_path(target, root), {
        shown_path(n, root) for n in (target.with_suffix(".tex"), target.with_suffix(".TEX"))
        if n.is_file()})) for target in planned]
    return [f"{pdf}: arXiv's upload removes it beside {tex} (a PDF named as a .tex's output; "
            f"`figures pack` stops on it): rename {tex} (and its \\input) before you submit"
            for pdf, tex in found if tex]


def source_for(args: argparse.Namespace, paper):
    """The build folder sync copies from: ``--built`` (or the default build) for a paper of
    no known venue; for a venue paper, a build per printed width (figures.paper.placed)."""
    from figures.paper.memo import venue_of
    from figures.paper.wrappers import widest_turned
    from figures.venues import on_page, refuse_page

    key = args.venue or paper.venue or (None if args.built else venue_of_engine(paper))
    if key is not None:  # an unknown --venue is one line naming the known ones
        venue = venue_of(key, args.venues)
        if paper.measures is not None and not args.default_build:  # the page is the paper's
            refuse_page(paper.main, paper.measures[0], None)
            if _typed(args) and paper.venue != key and \
                    abs(paper.measures[0] - venue.text_width_in) > 0.01:  # A3n: acmsmall
                own = f"{paper.venue}'s rules" if paper.venue else "the page's own rules"
                print(f"note: {display_path(paper.main)}: its text is {inches(paper.measures[0])} in "
                      f"wide, not {key}'s {venue.text_width_in:g} in: figures are drawn for the "
                      f"paper's page under {key}'s rules (is --venue {key} right? without it "
                      f"{own} apply)", file=sys.stderr)
            venue = on_page(venue, *page_of(paper)[:3], paper.widest_line_in)
            venue = on_page(venue, *page_of(paper)[:3],  # a turned include's: round 49a, P20
                            widest_turned(paper, venue.text_height_in))
    if key is None or args.default_build:
        built = args.built or cli.DEFAULT_OUT
        if not built.is_dir():  # a --built file or typo was told `figures build` (51a, A5)
            raise FigureDataError(str(built), None, (
                f"--built: {'not a' if built.exists() else 'no such'} folder: give the one "
                "`figures build --out DIR` wrote, or drop --built (build/figures/)")
                if args.built else "no built figures here; run `figures build` first")
        if key is not None:
            print(f"warning: copying the default build into a paper for {key}: it prints "
                  "rescaled (text under the venue's minimum), with Type 3 fonts; "
                  f"`figures check PAPER.pdf --venue {key}` shows the cost", file=sys.stderr)
            return _default_build_costs(built, venue)
        return built
    if args.built is not None:
        raise cli.UsageError(f"the paper is set for {key}'s page: sync builds each figure for the width "
                         "it is printed at; drop --built, or add --default-build to copy the "
                         "default build anyway")
    from figures.paper.builds import width_builds
    from figures.preflight.run import legibility

    return width_builds(venue, args.figdata, getattr(args, "printed", {}), legibility)


def _typed(args: argparse.Namespace) -> str | None:
    """The ``--venue`` the user typed: ``figures paper`` passes sync the venue it read from
    the class as ``venue``, and what was typed as ``typed_venue`` (round 42a, A3: its note
    asked "is --venue acm right?" of a flag never given)."""
    return getattr(args, "typed_venue", args.venue)


def page_of(paper) -> tuple:
    """TeX's measures of ``paper``'s page, a text height past any page's 16 in as None
    (:func:`venue_of_engine`)."""
    text, column, height, body = paper.measures
    return text, column, height if height <= 16 else None, body


def venue_of_engine(paper) -> str | None:
    """For a class of no known venue that TeX compiled, its own page with rules from its own
    body size (figures.venues.body_rules), said in one line; None without the engine's
    numbers. A text height past any page's 16 in is none (hostile round 49a, P5: standalone's
    page grows to its content, TeX says 226.7 in): drawn for the width, at most the default
    height, as for a venue file without a text height, where the schema's line was refused."""
    from figures.venues import DEFAULT_MAX_HEIGHT_IN, body_rules, on_page, refuse_page

    if paper.measures is None:
        return None
    text, column, height, body = paper.measures
    refuse_page(paper.main, text, body, height)
    tall = f"height {inches(height)} in" if page_of(paper)[2] else (
        f"no text height (TeX says {inches(height)} in: the page grows to its content), so "
        f"at most {DEFAULT_MAX_HEIGHT_IN:g} in tall")
    venue = on_page(body_rules(body), *page_of(paper)[:3], paper.widest_line_in)
    columns = "one column" if column >= text - 0.01 else f"columns {inches(column)} in"
    print(f"note: {paper.document_class or 'the class'} is no known venue: figures are drawn "
          f"for its own page (text {inches(text)} in, {columns}, {tall}) "
          f"with rules from its {body:g} pt body (type at least {venue.min_font_pt:g} pt, "
          f"lines {venue.min_line_pt:g} pt, {venue.ppi} ppi, no Type 3 fonts); --venue V for "
          "a venue's rules", file=sys.stderr)
    return venue.key


def _default_build_costs(built: Path, venue: Venue):
    """The default build, each include's cost said in one warning (figures.paper.builds)."""
    from figures.paper.builds import default_build_cost

    def source(spec, include):
        cost = default_build_cost(built, venue, spec, include)
        if cost is not None:
            cli.say(cost, err=True)
        return built, ""

    return source
