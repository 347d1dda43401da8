"""A sync's rounds: probe, plan, write, and probe again when the files written move what TeX
typesets (a box that depends on an image's own size, a float that moves). What one round
tells the next (:func:`saw`, :func:`boxes`), and what the whole command wrote, round by round
(:class:`Tally`), which its one summary line says (:func:`summary`): a later round's plan
holds only what is left to do, not what the rounds before it wrote (round 42a, A6)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from figures.errors import display_path
from figures.paper.write import Plan, provenance_of

#: Rounds of probe, build and place before sync gives up converging (two, in practice).
ROUNDS = 4


def saw(paper, result: Plan) -> bool:
    """The probe ``paper`` compiled the paper as sync left it: each figure copied put beside
    it (figures.paper.memo.guess) and read, each one it read so now there, nothing moved aside
    (the macros aside: their numbers move no include). So is each file the bytes now there,
    or an image of the same natural size: pdfTeX sets its box from that alone, whatever the
    options (``width=`` alone, ``scale=``, none), so its pages are the same."""
    from figures.paper.memo import natural_size

    def same(path: Path, data: bytes | None) -> bool:
        now = path.read_bytes() if path.is_file() else None
        if now is None or data is None or now == data:
            return now == data
        return (size := natural_size(now)) is not None and size == natural_size(data)

    seen = {paper.root.resolve() / name: data for name, data in paper.guessed.items()}
    macros = {target for target, (source, _) in result.planned.items() if source is None}
    return not any(w.aside for w in result.writes) and all(
        same(w.target.resolve(), seen.get(w.target.resolve())) for w in result.copies) and \
        all(same(path, data) for path, data in seen.items() if path not in macros)


def boxes(paper) -> set[tuple]:
    """What placement reads of each include TeX made: where, what, and its box."""
    return {(g.tex, g.line, g.written, tuple(sorted(g.options.items())), (p := g.printed).scale,
             p.width_in, p.height_in, p.line_in, p.cropped) for g in paper.graphics}


def moved(paper, again) -> str:
    """The includes whose boxes differ between two probes (``main.tex:7 figs/cifar_summary``),
    each once, in order; empty: none moved."""
    changed = boxes(paper) ^ boxes(again)
    return ", ".join(dict.fromkeys(f"{tex.name}:{line} {written}" for tex, line, written, *_ in
                                   sorted(changed, key=lambda b: (str(b[0]), b[1], b[2]))))


def as_written(paper, result: Plan) -> dict[str, bytes]:
    """What a dry run would write into the paper (each file inside its folder by its name
    there: the built file's bytes, the macros text), as the next probe's guess
    (:func:`figures.paper.engine.ask_tex`): a dry run places again as the sync would, so
    it shows the builds the sync then copies (round 42a, A52: it showed the first round's,
    w6.75 where the sync copied w6.075)."""
    root = paper.root.resolve()
    found: dict[str, bytes] = {}
    for write in result.writes:
        target = write.target.resolve()
        if not target.is_relative_to(root):
            continue
        if write.source is not None and write.source.is_file():
            found[target.relative_to(root).as_posix()] = write.source.read_bytes()
        elif write.text is not None:
            found[target.relative_to(root).as_posix()] = write.text.encode()
    return found


def dry_saw(paper, result: Plan) -> bool:
    """A dry run's probe ``paper`` saw the paper as the sync would leave it: each file the
    sync would write offered to it as written (nothing to write: nothing to see)."""
    return as_written(paper, result).items() <= paper.offered.items()


def venue_dropped(result: Plan) -> str | None:
    """The first figure this sync replaces that was built for a venue the new copy is not
    built for, said once: a co-author re-syncing a paper synced with ``--venue icml`` who
    forgets the flag gets figures drawn under the page's own rules, as documented, but
    should know the venue changed under her."""
    from figures.outputs.kind import venue_key_of
    from figures.venues import load_venues, off_page

    def venue_of(path: Path) -> str | None:  # the venue's name, not its page (ieee-5.5x5.5in)
        key = venue_key_of(((provenance_of(path) if path.is_file() else None) or {})
                           .get("variant", ""))
        return None if key is None else off_page(key)

    for write in result.copies:
        venue = venue_of(write.target)
        if venue is not None and (now := venue_of(write.source)) != venue:
            return (f"{display_path(write.target)} was built for --venue {venue}; this sync "
                    + (f"draws it under {now}'s rules (a paper moved to {now}: right; pass "
                       f"--venue {venue} only to keep {venue}'s)" if now in load_venues() else
                       f"draws for the paper's page under its own rules (pass --venue {venue} "
                       f"to keep {venue}'s)"))  # round 42a, A29: a resubmission
    return None


@dataclass
class Tally:
    """Every file one sync command wrote: for each round carried out, its plan and the paper
    files it wrote (as its rows name them), whether a figure (else the macros)."""

    rounds: list[tuple[Plan, list[tuple[str, bool]]]] = field(default_factory=list)

    def add(self, result: Plan) -> None:
        """Record ``result`` once :func:`figures.paper.write.carry_out` has run it."""
        self.rounds.append((result, [(result.rows[w.row][1], w.source is not None)
                                     for w in result.writes if w.outcome == "written"]))

    def files(self) -> list[str]:
        """Every paper file written, once, as its row names it."""
        return [*dict.fromkeys(file for _, written in self.rounds for file, _ in written)]

    def before(self, result: Plan) -> dict[str, int]:
        """Each paper file the rounds before ``result``'s wrote, and the last round (from 1)
        that wrote it."""
        found: dict[str, int] = {}
        for number, (plan, written) in enumerate(self.rounds, 1):
            if plan is result:
                break
            found.update((file, number) for file, _ in written)
        return found

    def number(self, result: Plan) -> int:
        """``result``'s round, from 1 (the next one when it was not carried out)."""
        return next((n for n, (plan, _) in enumerate(self.rounds, 1) if plan is result),
                    len(self.rounds) + 1)


def summary(result: Plan, tally: Tally, dry_run: bool, complete: bool, found: int) -> str:
    """The command's one summary line: what the last round ``result`` did, and what the
    rounds before it wrote (each file once, a file written again said so)."""
    verb = "would " if dry_run else ""
    copies = sum(not result.rows[w.row][2].startswith("refused") for w in result.copies)
    # (a graphics path slip's write stays planned, its row refused: not another: round 52h, P6)
    earlier = tally.before(result)
    at = tally.number(result)
    files: dict[str, list[int]] = {}  # every file written, the rounds that wrote it
    figure_files: set[str] = set()
    for number, (_, written) in enumerate(tally.rounds, 1):
        for file, figure in written:
            files.setdefault(file, []).append(number)
            if figure:
                figure_files.add(file)
    if result.held and earlier:
        done = (f"round {at} refused {len(result.refused)} row(s) and wrote nothing (all or "
                f"nothing), but {_rounds(at)} of this sync wrote {_listed(earlier)}: the "
                "paper holds them; mend the refused rows and sync again")
    elif result.held:
        done = (f"nothing written ({len(result.refused)} refused: all or nothing; "
                f"{copies} other figure(s) ready to copy, beside the refused rows)")
    elif not complete:
        written = sum(w.outcome == "written" for w in result.writes)
        done = (f"a write failed: {written} of {len(result.writes)} file(s) written, the "
                "rows above say which" + (f"; {_rounds(at)} of this sync wrote "
                                          f"{_listed(earlier)}" if earlier else ""))
    else:
        again = [f"{file} in rounds {', '.join(map(str, rounds))}"
                 for file, rounds in files.items() if len(rounds) > 1]
        macros = "write" if any(file not in figure_files for file in files) else "up to date"
        macros = f"{verb}write" if result.macros else macros
        shown = len(figure_files) if earlier else copies
        done = (f"{verb}copy {shown} figure(s)"
                + (f" (written again: {'; '.join(again)})" if again else "")
                + f"; macros: {macros}; {len(result.refused)} refused")
    return f"{done}; check-tex: {found} number(s) to look at"


def _rounds(at: int) -> str:
    """The rounds before round ``at``."""
    return "round 1" if at == 2 else f"rounds 1-{at - 1}"


def _listed(written: dict[str, int]) -> str:
    return f"{len(written)} file(s) ({', '.join(written)})"
