"""Into the paper: what to copy where, planned and checked before anything is written
(:mod:`figures.paper.write` writes it, all or nothing).

Each include is the one TeX typeset (:mod:`figures.paper.engine`; without TeX, read from the
source, :mod:`figures.paper.latex`). Without an extension sync writes the first format, in
graphicx's order (or the paper's ``\\DeclareGraphicsExtensions``), that the build has, and
moves aside (as ``NAME.bak``) any file pdflatex would still read before it. The macros go
where the paper ``\\input``s a ``macros.tex`` (else beside the main file).

An include is ours when the file there carries our provenance (whatever its name), or else
when its name is a figure's. The built file copied over it must be current
(:mod:`figures.paper.which`), carry the synthetic mark when drawn from synthetic data, and,
unless allowed, not be drawn from synthetic data. A file without our provenance is never
replaced (nor moved aside) without ``overwrite_theirs``, and then kept as ``NAME.bak``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from figures import runner
from figures.data.envelope import SYNTHETIC
from figures.errors import FigureDataError, display_path, shell_word
from figures.mainfile import own_document_inputs
from figures.paper.cached import cached_rows
from figures.paper.gfolders import read_outside
from figures.paper.includes import (
    MACROS_NAME,
    Include,
    SourceOf,
    extensions_of,
    figure_of,
    has_extension,
    includes_of,
    target_of,
)
from figures.paper.latex import Paper, search_sources, shown_path
from figures.paper.letters import printed_by_another
from figures.paper.memo import digest_of, file_key, key_of, recall
from figures.paper.missing import image_near_ours, misspelt, slipped
from figures.paper.which import which
from figures.paper.write import (
    Plan,
    Write,
    hand_edited,
    hides_theirs,
    macros_of_ours,
    moves_aside,
    not_the_papers,
    printed_now,
    provenance_of,
    unnameable,
    unwritable,
)
from figures.paths import link_loop
from figures.registry import BY_NAME, FIGURES, FigureSpec


def plan(paper: Paper, built: Path | SourceOf, figdata_dir: Path, *, allow_synthetic: bool,
         macros_text: tuple[str, list[str]], unread: Sequence[str] = (),
         venues_file: Path | None = None, overwrite_theirs: bool = False) -> Plan:
    """What to copy where, and what is refused; ``built`` is the build folder to copy from
    (or, per include, a function that gives it), ``macros_text`` the macros file's text
    and the quoted values in it defined as errors (synthetic), ``unread`` the figures whose
    quoted values could not be read (the paper's macros file is then left as it is)."""
    includes, macros_path = includes_of(paper)
    root = paper.root
    result = Plan()
    seen: set[str] = set()
    named_as = {id(include): figure_of(include) for include in includes}
    if (ahead := getattr(built, "ahead", None)) is not None:  # the builds to draw, at once
        ahead([(BY_NAME[figure], include) for include in includes
               if (figure := named_as[id(include)][0]) and named_as[id(include)][1] in (
                   None, figure)])
    for include in includes:
        include.figure, named = named_as[id(include)]
        where = f"{shown_path(include.tex, root)}:{include.line}"
        if include.figure is None:
            written = Path(include.written)  # a case-insensitive disk's file, or .eps (round 25)
            cased = next((f"; {n} differs only in case" if written.stem != n else
                          f"; the include names {n} with {written.suffix}: write "
                          f"{{{include.written[:-len(written.suffix)]}}} (without the extension) "
                          "and sync copies ours" if written.suffix else ""
                          for n in BY_NAME if n == written.stem.lower()), "")
            if (near := image_near_ours(where, include, root)) is not None:  # A30: no slip
                result.missing.append(near)  # a copy not made
                continue
            if (near := misspelt(include)) is not None:  # no file; a slip from ours' name
                result.refuse(near, near, where, slipped(include, near, where, bool(cased)))
                continue
            result.not_ours.append(f"{display_path(include.written)} ({where}{cased})")
            continue
        if named not in (None, include.figure):  # one figure's name, another's picture
            shown = shown_path(include.found, root)
            result.refuse(named, named, shown, (
                f"{shown} holds {include.figure}, not {named} (its name): remove it (sync then "
                f"copies {named}) or include {include.figure} by its name"))
            continue
        seen.add(include.figure)
        spec = BY_NAME[include.figure]
        if (unnamed := unnameable(include.written)) is not None:
            result.refuse(spec.name, spec.name, where, unnamed)
            continue
        folder, why = (built, "") if isinstance(built, Path) else built(spec, include)
        if folder is None:
            result.refuse(spec.name, spec.name, where, why)
            continue
        _plan_copy(result, spec, include, paper, folder, figdata_dir, allow_synthetic,
                   overwrite_theirs, venues_file)
    cached_rows(result, paper, seen, figdata_dir, venues_file)  # TikZ's cache prints them
    result.not_included = [spec.name for spec in FIGURES if spec.name not in seen]
    _plan_macros(result, paper, macros_path, macros_text, unread, figdata_dir)
    return result


def _plan_macros(result: Plan, paper: Paper, macros_path: Path,
                 macros_text: tuple[str, list[str]], unread: Sequence[str],
                 figdata_dir: Path) -> None:
    tex, synthetic = macros_text
    shown = shown_path(macros_path, paper.root)
    quoting = _quoting(paper, synthetic, macros_path)
    same = macros_path.is_file() and macros_path.read_text(encoding="utf-8",
                                                           errors="replace") == tex
    problem = None if same else (  # nothing to write: never a read-only refusal
        not_the_papers(macros_path, paper.root, figdata_dir) or unwritable(macros_path, paper.root)
        or hides_theirs(macros_path, paper))
    if problem is not None:
        result.refuse("macros", "(macros)", shown, problem)
    elif macros_path.is_file() and not macros_of_ours(macros_path):
        result.refuse("macros", "(macros)", shown, (
            "not written by `figures macros` (the paper's own macros?); rename it and its "
            "\\input, then sync again: ours go into a file named macros.tex"))
    elif unread:
        result.refuse("macros", "(macros)", shown, (
            f"the quoted values of {', '.join(unread)} could not be read (the error above); "
            "the paper's macros file is left as it is"))
    elif quoting:
        result.refuse("macros", "(macros)", shown, (
            f"{quoting} quotes a SYNTHETIC EXAMPLE value (run `figures extract RESULTS`, or "
            "--allow-synthetic to write it anyway)"))
    else:
        result.planned[macros_path.resolve()] = (None, "macros")
        names = [m for m in synthetic if not (m.endswith("Num") and m[:-3] in synthetic)]
        left = (f" ({', '.join(names)} and their Num variants: SYNTHETIC EXAMPLE DATA, "
                "defined as LaTeX errors if used; --allow-synthetic for their values)"
                ) if synthetic else ""
        if same:
            result.rows.append(("(macros)", shown, f"up to date{left}"))
        else:
            write = Write(0, macros_path, text=tex, aside=hand_edited(macros_path))
            kept = f" (edited by hand: kept as {write.aside[0][1].name})" if write.aside else ""
            result.write("(macros)", shown, f"write{left}{kept}", write)


def _quoting(paper: Paper, macros: Sequence[str], macros_path: Path) -> str | None:
    """``FILE:LINE: \\\\NAME``, the first place the text uses one of ``macros`` (None:
    nowhere)."""
    pattern = re.compile(r"(" + "|".join(re.escape(m) for m in macros) + r")(?![A-Za-z])")
    found = search_sources(paper, pattern, macros_path) if macros else None
    return found and f"{shown_path(found[0], paper.root)}:{found[1]}: {found[2].group(1)}"


def _plan_copy(result: Plan, spec: FigureSpec, include: Include, paper: Paper, built: Path,
               figdata_dir: Path, allow_synthetic: bool, overwrite_theirs: bool,
               venues_file: Path | None) -> None:
    """The row of one include of ours; each refusal holds every write (a folder where the
    file goes too, round 48a P16: a half-synced paper is what an author least expects)."""
    root = paper.root
    formats = _formats(built, spec, venues_file)
    order = extensions_of(paper)
    if (found := target_of(include, order, formats)) is None:
        result.refuse(spec.name, spec.name, f"{shown_path(include.tex, root)}:{include.line}",
                      f"pdflatex tries {', '.join(order)} for \\includegraphics"
                      f"{{{include.written}}}, and {spec.name} is built as "
                      f"{', '.join(formats)}: write the extension")
        return
    target, fmt = found
    before = [] if has_extension(include.written, order) or target not in \
        include.candidates else include.candidates[:include.candidates.index(target)]
    shadows = [c for c in before if c.is_file()]
    printed = printed_now(include, target, shadows, not has_extension(include.written, order))
    shown = shown_path(target, root)
    source = built / f"{spec.name}.{fmt}"
    where = f"{shown_path(include.tex, root)}:{include.line}"
    refusal = link_loop(target) or _refusal(  # a loop: its resolve raised (round 51a, P42)
        spec, fmt, formats, source, figdata_dir, allow_synthetic, venues_file)
    if refusal is not None:
        stem = include.written.rsplit(".", 1)[0] if Path(include.written).suffix else ""
        result.refuse(spec.name, spec.name, shown, refusal.replace("{WHERE}", where).replace(
            "{STEM}", stem or include.written))
        return
    first = result.planned.setdefault(target.resolve(), (source, where))
    if first != (source, where):  # the same file included twice
        if first[0] == source:
            result.rows.append((spec.name, shown, f"the same file as at {first[1]}"))
        else:
            result.refuse(spec.name, spec.name, shown, (
                f"{where} and {first[1]} include this one file at two sizes ({source} and "
                f"{first[0]}): give one of them a copy under another name"))
        return
    up_to_date = (there := digest_of(target)) is not None and there == digest_of(source)
    if up_to_date and not shadows:
        result.rows.append((spec.name, shown, "up to date"))
        return
    problem = read_outside(paper, include, target, shadows, printed) or not_the_papers(
        target, root, figdata_dir, built) or unwritable(target, root) or (
        None if up_to_date else printed_by_another(paper.main, target, source, includes_of))
    if problem is not None:  # a folder there too holds the rest: all or nothing (48a, P16)
        result.refuse(spec.name, spec.name, shown, problem)
        return
    replaced = [] if up_to_date or not target.is_file() else [target]
    moves = moves_aside([*replaced, *shadows], target, include.written, root,
                         overwrite_theirs, (figdata_dir, built), printed)
    if isinstance(moves, str):
        result.refuse(spec.name, spec.name, shown, moves)
        return
    aside, notes = moves
    action = "move aside" if up_to_date else f"copy {display_path(source)}"
    if notes:
        action += f" ({'; '.join(notes)})"
    result.write(spec.name, shown, action, Write(0, target, None if up_to_date else source,
                                                 aside=aside))


def _formats(built: Path, spec: FigureSpec, venues_file: Path | None) -> list[str]:
    """The files the build in ``built`` writes (a venue's: a PDF and a PNG for every figure),
    recorded by the bytes they are read from (:mod:`figures.paper.memo`)."""
    from figures.outputs.provenance import kind_in
    def worked_out() -> list[str]:
        try:
            return [out.fmt for out in kind_in(built, spec, venues_file).outputs(spec)]
        except FigureDataError:
            return [out.fmt for out in spec.outputs]

    read = [digest_of(built / f"{spec.name}.{fmt}") for fmt in ("pdf", "png")]
    return recall(key_of("formats", spec.name, read, file_key(venues_file)), worked_out)


def _refusal(spec: FigureSpec, fmt: str, formats: list[str], source: Path, figdata_dir: Path,
             allow_synthetic: bool, venues_file: Path | None) -> str | None:
    """Why the built ``source`` may not go into ``spec``'s place in the paper (None: it may),
    recorded when it may by every byte it is worked out from (:mod:`figures.paper.memo`)."""
    key = key_of("may copy", spec.name, fmt, formats, source.name, digest_of(source),
                 digest_of(spec.figdata_path(figdata_dir)), file_key(venues_file),
                 allow_synthetic)
    return recall(key, lambda: [_refused(spec, fmt, formats, source, figdata_dir,
                                         allow_synthetic, venues_file)],
                  lambda row: row[0] is None)[0]


def _refused(spec: FigureSpec, fmt: str, formats: list[str], source: Path, figdata_dir: Path,
             allow_synthetic: bool, venues_file: Path | None) -> str | None:
    if fmt not in formats:
        return (f"{spec.name} is built as {', '.join(formats)} here, not .{fmt}: write "
                f"{{{{STEM}}.{formats[0]}}} (or no extension) at {{WHERE}}" + (
                    "" if {"pdf", "png"} <= set(formats) else ", or sync it for a venue "
                    "(--venue V: every figure is built as PDF and PNG)"))
    unmarked = _unmarked(source, venues_file)
    if unmarked is not None:
        return unmarked
    state = which(source, figdata_dir, venues_file)
    rebuild = state.rebuild if state.rebuild not in ("", "figures build") else \
        _build_into(source, spec, figdata_dir)  # the default build's, into its folder
    if not state.current:
        why = state.why or state.state
        return f"the built {source} is {state.state} ({why}); run `{rebuild}` first"
    if state.figure != spec.name:  # never another figure in this one's slot
        return (f"the built {source} holds {state.figure or 'no figure of ours'}, not "
                f"{spec.name}; run `{rebuild} --force` first")
    if state.origin == SYNTHETIC and not allow_synthetic:
        return "drawn from SYNTHETIC EXAMPLE DATA (--allow-synthetic to copy it anyway)"
    return None


def _build_into(source: Path, spec: FigureSpec, figdata_dir: Path) -> str:
    """The default build that writes ``source`` anew where it is (the ``--built`` folder),
    from the sync's figdata: "run `figures build` first" built into build/figures/ from
    figdata/, and the row came back (hostile round 52h, W8; round 51-2's ``--built /etc``)."""
    from figures.paths import DEFAULT_FIGDATA, DEFAULT_OUT, same_folder

    out = "" if same_folder(source.parent, DEFAULT_OUT) else \
        f" --out {shell_word(display_path(source.parent))}"
    data = "" if same_folder(figdata_dir, DEFAULT_FIGDATA) else \
        f" --figdata {shell_word(display_path(figdata_dir))}"
    return f"figures build{out}{data} {spec.name}"

def _unmarked(source: Path, venues_file: Path | None) -> str | None:
    """Why ``source`` may never go into a paper: a synthetic figure built with ``--no-stamp``
    (its mark left off), even with ``--allow-synthetic``; None otherwise. Its label read by
    :func:`provenance_of`: recorded by its bytes, a copy of it in the paper is known."""
    from figures.outputs.kind import parse_kind

    inside = provenance_of(source) if source.is_file() else None
    if (inside is None or inside["figure"] not in BY_NAME or inside["origin"] != SYNTHETIC
            or inside.get("stamped") != "no"):
        return None
    try:
        rebuild = parse_kind(inside["variant"], venues_file).rebuild
    except Exception:  # noqa: BLE001 - which() then says why it is not current
        return None
    return (f"the built {source} is synthetic example data built with --no-stamp (without "
            "its SYNTHETIC mark): it never goes into a paper unmarked, --allow-synthetic or "
            f"not; run `{rebuild}` without --no-stamp first")


def macros_not_input(paper, sources, quoted) -> str | None:
    """The text uses our macros and no file of the paper ``\\input``s the macros file: the
    paper would not compile (undefined control sequence). Another document of the folder is
    judged by its own inputs (:func:`~figures.mainfile.own_document_inputs`)."""
    if any(Path(name).name in (MACROS_NAME, Path(MACROS_NAME).stem) for name in paper.inputs):
        return None
    names = {f"\\{q.macro.lstrip(chr(92))}" for q in quoted}
    for path, text in sources:  # the macros file defines them (round 42a, A40: "uses")
        used = [] if path.name == MACROS_NAME else sorted(n for n in names if n in text)
        if used and (path.resolve() == paper.main.resolve()
                     or not own_document_inputs(text, MACROS_NAME)):
            # TeX's own search first: TEXINPUTS may find another paper's macros
            found = runner.run(["kpsewhich", MACROS_NAME], paper.root).stdout.strip() \
                if runner.have("kpsewhich") else ""
            if found and (paper.root / found).is_symlink():
                return None  # a link of the paper's own: the macros row names it (A40)
            return f"{display_path(path)}: uses {used[0]} (our macros)" + (
                f", but TeX reads {found} for \\input{{macros}}, outside the paper's folder "
                f"(TEXINPUTS?), not the {MACROS_NAME} sync writes: unset TEXINPUTS (or move "
                "that file)" if found and not (paper.root / found).resolve().is_relative_to(
                    paper.root.resolve()) else f" but no file of the paper \\inputs "
                f"{MACROS_NAME}: add \\input{{macros}} to its preamble")
    return None
