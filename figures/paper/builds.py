"""The build sync copies each include from: for a venue paper a build per printed width
(:mod:`figures.paper.placed`), refused when the figure's one drawing at that width fails
the legibility rules; else the default build, with what it costs on the venue's page."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import sys
from collections.abc import Callable
from pathlib import Path

from figures.data.jsonio import write_text_atomic
from figures.errors import DataError, FigureDataError, display_path
from figures.page import Box, inches
from figures.paper.chapters import left_out
from figures.paper.includes import SourceOf, extensions_of, includes_of, name_of, target_of
from figures.paper.latex import read_paper, shown_path
from figures.paper.memo import key_of, known, pending, read_once, recall, remember
from figures.paper.placed import (
    Placement,
    build_for_width,
    built_key,
    factor,
    placement,
    too_short,
    under_limit,
)
from figures.paper.short import short_page, wider_box
from figures.paper.tall import held
from figures.paper.wrappers import height_of, nearest_wrapper, to_width
from figures.paths import BUILD_ROOT
from figures.texhints import gin_default
from figures.venues import Venue


def size_and_type3(path: Path) -> tuple[float | None, int]:
    """A built file's width in inches and its count of Type 3 fonts (None: unreadable)."""
    try:
        if path.suffix == ".pdf":
            from figures.pdf import open_pdf, pdf_fonts

            type3 = sum(font.subtype == "Type3" for font in pdf_fonts(path))
            return float(open_pdf(path).pages[0].mediabox.width) / 72, type3
        from PIL import Image

        with Image.open(path) as image:
            dpi = float(image.info.get("dpi", (72, 72))[0]) or 72.0
            return image.width / dpi, 0
    except Exception:  # noqa: BLE001 - the copy itself says what is wrong with the file
        return None, 0


def default_build_cost(built: Path, venue: Venue, spec, include) -> str | None:
    """What copying the default build of ``spec`` into ``include`` costs on ``venue``'s page:
    the print size it gets and the Type 3 fonts it brings (None: nothing to say)."""
    fmt = "pdf" if any(out.fmt == "pdf" for out in spec.outputs) else spec.outputs[0].fmt
    size, type3 = size_and_type3(built / f"{spec.name}.{fmt}")
    printed = placement(include.graphic, spec, venue).width
    if size is None or printed is None:
        return None
    return (f"warning: {spec.name} ({include.tex.name}:{include.line}): built {inches(size)} in "
            f"wide, printed at {printed:g} in: it prints at {printed / size:.0%} of its size, "
            "its text too" + (f"; {type3} Type 3 font(s)" if type3 else ""))


def width_builds(venue: Venue, figdata_dir: Path, printed: dict[str, float],
                 legibility: Callable) -> SourceOf:
    """Per include, the build for the box it prints in (``printed``: the width the compiled
    PDF shows a figure at, through a wrapper that scales it), refused when ``legibility``
    (the preflight's rules, passed in by the CLI that composes them) fails its one drawing
    at that width. Its ``ahead``: the includes' builds not yet current, drawn at once, one
    a core (:func:`drawn_at_once`)."""
    answers: dict[tuple[str, int], tuple[Path | None, str]] = {}

    def width_of(spec, include):
        if (tall := held(include, spec, venue, figdata_dir)) is not None:  # round 42a, A43
            return tall.width, tall.problem
        where = _placed(include.graphic, spec, venue)
        if where.width is None:
            return None, where.problem
        scaled = printed.get(spec.name)  # 0.0 is a width measured (round 37, P19)
        scaled = _scaled(include.graphic) if scaled is None else scaled
        if scaled is None:  # a box whose height is a limit: the design's, when it fits
            return under_limit(include.graphic, spec, figdata_dir, venue, where.width), ""
        try:  # a wrapper scales it: built for the width it prints at
            width = venue.width(scaled, f"{include.tex.name}:{include.line}")
            return (None, narrow) if (narrow := _narrow(spec, venue, width, include)) \
                else (width, "")
        except FigureDataError as exc:
            return None, str(exc)

    def source(spec, include):
        if (spec.name, id(include.graphic)) in answers:  # drawn ahead
            return answers.pop((spec.name, id(include.graphic)))
        width, why = width_of(spec, include)
        if width is None:
            return None, why
        kind, why, drawing = build_for_width(spec, figdata_dir, venue, width)
        failed = None if kind is None else _legible(spec, venue, kind, figdata_dir, drawing,
                                                    legibility)
        if kind is None or failed is not None:  # a box of both sides: the height that holds
            taller = isinstance(width, Box) and too_short(include.graphic, spec, figdata_dir,
                                                          venue, width, failed)
            return None, taller or why or short_page(
                spec, venue, kind, figdata_dir, drawing, width) or (
                f"its build for {width} in fails the legibility rules ({failed}): "
                f"{wider_box(include.graphic, float(width), venue, (spec, figdata_dir, legibility))}")
        return kind.default_out, ""

    def ahead(pairs) -> None:
        from figures.outputs.kind import venue_kind

        answers.clear()  # a plan's own: its includes are the paper TeX typeset now
        todo = [(spec, include) for spec, include in pairs
                if (width := width_of(spec, include)[0]) is not None
                and not known(built_key(spec, figdata_dir, venue_kind(venue, width)))]
        try:
            drawn = drawn_at_once(source, todo)
        except BaseException:  # Ctrl-C, SIGTERM: the workers were killed mid-write
            for spec, include in todo:
                _remove_left_temporaries(spec, venue_kind(venue, width_of(spec, include)[0]))
            raise
        for (spec, include), answer in zip(todo, drawn, strict=True):
            if answer is not None:
                answers[spec.name, id(include.graphic)] = answer

    source.ahead = ahead
    return source


class _Busy(Exception):
    """Another build holds the folder: its temporaries are its own."""


def _remove_left_temporaries(spec, kind) -> None:
    """The temporary files a worker killed mid-write left in ``kind``'s folder (the build
    removes its own on the way out, but a killed worker has no way out), when no other
    build holds the folder; the killed worker's lock went with it."""
    from figures.outputs.lock import locked, remove_stale_temp_files

    def busy() -> None:
        raise _Busy

    with contextlib.suppress(OSError, DataError, _Busy), locked(kind.default_out, busy):
        remove_stale_temp_files(kind.default_out, [spec], kind)


#: What the workers of :func:`drawn_at_once` draw (inherited when they fork).
_AHEAD: list = []


def drawn_at_once(source: SourceOf, todo: list) -> list[tuple[Path | None, str] | None]:
    """``source`` of each (figure, include) of ``todo``, worked out in forked workers, one a
    core, each figure built and measured in its own worker (its one drawing); what each
    worked out recorded here (:mod:`figures.paper.memo`). None for a worker that ended
    without an answer (worked out again in this process); nothing drawn here for fewer
    than two figures or one core."""
    if len(todo) < 2:  # nothing imported: a sync whose builds are current draws nothing
        return [None] * len(todo)
    from figures.outputs.workers import cores, forked_workers

    if (jobs := min(len(todo), cores())) < 2:
        return [None] * len(todo)
    _AHEAD[:] = [source, todo]
    answers = []
    try:
        with forked_workers(jobs, _drawn_in_worker, [(n,) for n in range(len(todo))]) as forked:
            for future in forked.futures:
                try:
                    answer, worked_out = future.result()
                except Exception:  # noqa: BLE001 - a worker killed: worked out again here
                    answers.append(None)
                    continue
                for key, value in worked_out.items():
                    remember(key, value)
                answers.append(answer)
        return answers
    finally:
        _AHEAD.clear()


def _drawn_in_worker(number: int) -> tuple[tuple[Path | None, str], dict]:
    source, todo = _AHEAD
    return source(*todo[number]), pending()


def _narrow(spec, venue: Venue, width, include) -> str | None:
    """Why ``width``, where a wrapper scales ``include``, is under ``spec``'s smallest
    width; recorded when it holds (:mod:`figures.paper.memo`: no figure module imported)."""
    def worked_out() -> list:
        cause, height = scaling_wrapper(include), height_of(include)
        narrow = spec.too_narrow(venue, width, f"{cause} gives it that width (it has no size "
                                 "of its own): give the include its own width=, or remove the "
                                 "\\setkeys" if cause.startswith("\\setkeys") else
                                 f"{cause} scales it there by its height ({height}): make that "
                                 "height taller, or take the include out of it" if height else
                                 f"{cause} scales it there (the box it is saved in prints again): "
                                 "give that copy an \\includegraphics of its own, or print the box "
                                 "unscaled" if saved_box(include) else
                                 f"{cause} scales it there: take the include out of it, or make "
                                 "the box it scales to wider")
        return [None if narrow is None else narrow.message]

    return recall(key_of("narrow", spec.name, dataclasses.asdict(venue), float(width)),
                  worked_out, lambda row: row[0] is None)[0]


def _scaled(graphic) -> float | None:
    """The width an include prints at when TeX's probe saw a wrapper scale its box
    (``\\resizebox``, ``\\scalebox``, adjustbox); None: it prints at its box."""
    scale, printed = factor(graphic.printed), graphic.printed  # within 1 %: 100 % (audit: 3 %)
    return None if scale == 1 else round(printed.settles or printed.box[0] * scale, 3)  # 50a P13


def _placed(graphic, spec, venue: Venue):
    """:func:`placement`, recorded by its inputs (:mod:`figures.paper.memo`: the figure's
    module is not imported again for its smallest width); a refusal is worked out again."""
    def worked_out() -> list:
        found = placement(graphic, spec, venue)
        return [None if found.width is None else float(found.width),
                getattr(found.width, "height", None), found.problem]

    printed = graphic.printed  # what a placement reads (where it is: a refusal's words only)
    include = [graphic.options, graphic.wide, None if printed is None else
               [printed.line_in, printed.width_in, printed.height_in, printed.clip,
                printed.scale, printed.box[0], printed.cropped, printed.shares, printed.room,
                printed.natural, printed.default_cut, printed.settles, printed.prints]]  # 50a
    width, height, problem = recall(key_of("placement", spec.name, dataclasses.asdict(venue),
                                           include), worked_out, lambda row: row[0] is not None)
    if width is None:
        return Placement(None, problem)
    return Placement(venue.width(width if height is None else Box(width, height)), problem)


#: Beside a width build's files: each figure's legibility verdict, by its build key and the
#: rules' code (a sync of a paper whose builds are current draws nothing again).
VERDICTS = ".legibility.json"


def _legible(spec, venue: Venue, kind, figdata_dir: Path, drawing, legibility: Callable
             ) -> str | None:
    """``legibility``'s verdict on ``spec``'s build of ``kind``: measured on the drawing the
    build just saved, or read back when the build was current and its verdict recorded
    for its build key and the rules' code."""
    from figures.outputs.lock import locked
    from figures.outputs.state import STATE_FILE, read_state

    folder, stem = kind.default_out, kind.stem(spec)
    rules = Path(sys.modules[legibility.__module__].__file__).parent
    try:
        built = read_once(folder / STATE_FILE, read_state)[stem]["key"]
        code = hashlib.sha256(b"".join(p.read_bytes() for p in sorted(rules.glob("*.py"))))
        key = f"{built}:{code.hexdigest()}"
        seen = _verdicts(folder).get(stem)
    except (OSError, ValueError, KeyError, TypeError):
        return legibility(spec, venue, kind, figdata_dir, drawing)  # measured, not recorded
    if drawing is None and isinstance(seen, dict) and seen.get("key") == key:
        return seen.get("failed")
    failed = legibility(spec, venue, kind, figdata_dir, drawing)
    with contextlib.suppress(OSError, DataError), locked(folder):  # another's kept
        try:
            verdicts = _verdicts(folder)
        except ValueError:
            verdicts = {}
        verdicts[stem] = {"key": key, "failed": failed}
        write_text_atomic(folder / VERDICTS, json.dumps(verdicts, indent=1, sort_keys=True))
    return failed  # else measured again next time


def _verdicts(folder: Path) -> dict:
    found = json.loads((folder / VERDICTS).read_text(encoding="utf-8")) \
        if (folder / VERDICTS).is_file() else {}
    return found if isinstance(found, dict) else {}


def scaling_wrapper(include) -> str:
    """The command around ``include`` that scales what it holds (``\\resizebox at
    main.tex:40``), read from the source above it; where TeX scaled it elsewhere (a box it is
    saved in, ``\\scalebox{0.5}{\\usebox{\\figbox}}`` at main.tex:12), that wrapper, at the
    line TeX read it (round 49a, P29b: "a wrapper" named nothing); else, for an include of no
    size of its own, the ``\\setkeys{Gin}{width=...}`` that gives it one (round 39, F16);
    else "a wrapper"."""
    if (elsewhere := saved_box_wrapper(include)) is not None:
        return elsewhere
    if (wrapper := nearest_wrapper(include.tex, include.line)) is not None:
        return f"\\{wrapper[1]} at {display_path(include.tex.name)}:{wrapper[0]}"
    own = include.graphic.options if include.graphic is not None else {}
    sized = any(key in own for key in ("width", "height", "totalheight", "scale"))
    return (None if sized else gin_default(include.tex)) or "a wrapper"


def saved_box_wrapper(include) -> str | None:
    """``\\scalebox at main.tex:12``: the wrapper TeX scaled ``include`` in, when not around
    it in the source (saved in a box, printed through a wrapper elsewhere); None: around it."""
    at = getattr(include.graphic and include.graphic.printed, "scaled_at", None)
    if at is None:
        return None
    (tex, line), here = at, nearest_wrapper(include.tex, include.line)
    if here is not None and tex == include.tex and line >= include.line:
        return None  # its own wrapper, whose argument ends at that line
    wrapper = nearest_wrapper(tex, line)
    name = f"\\{wrapper[1]}" if wrapper is not None else "a wrapper"
    return f"{name} at {display_path(tex.name)}:{line if wrapper is None else wrapper[0]}"


def saved_box(include) -> bool:
    """Whether the wrapper TeX scaled ``include`` in is down its own file, not around it: a
    box saved and printed again; one in another file holds its file (``\\input{fig}``)."""
    return saved_box_wrapper(include) is not None and include.graphic.printed.scaled_at[0] \
        == include.tex


def built_guess(main: Path) -> list[list[str | None]]:
    """No placement recorded (a paper first synced with this build folder): each include
    whose name is one of our figures (the source read without TeX, figures.paper.latex) at
    the name sync writes, with that figure's newest build here (a width build first: the
    paper's, when its builds are current), and the macros file. TeX sets an image's box from
    its natural size alone (:func:`figures.paper.memo.natural_size`): a guess of another is
    probed again. A bare include in a wrapper to a width (``\\adjustbox{width=\\textwidth}``)
    is offered none: what it prints is its share of the wrapper, set by the others' files
    too, so a guess from whatever build of it is newest here (another paper's) made the
    outcome the build folder's, not the paper's (hostile round 49a, P6: a row that settles at
    2.453 in each from nothing was refused as under the summary's smallest width when an old
    2.387 in summary was the guess); with none, the row starts even and settles."""
    paper = read_paper(main.parent, Path(main.name))  # what raises: no guess (memo.guess)
    includes, macros = includes_of(paper)
    root = paper.root.resolve()
    entries: list[list[str | None]] = [[str(macros.resolve().relative_to(root)), None]] \
        if macros.resolve().is_relative_to(root) else []
    for include in includes:
        if (name := name_of(include.written)) is None or (include.graphic is not None and not {
                "width", "height", "totalheight", "scale"} & set(include.graphic.options)
                and to_width(include.graphic)):
            continue
        builds = [*BUILD_ROOT.glob(f"*/w*/{name}.p[dn][fg]")] or \
            [*BUILD_ROOT.glob(f"*/{name}.p[dn][fg]")]
        with contextlib.suppress(OSError):  # a build gone meanwhile: that one not guessed
            folder = max(builds, key=lambda p: p.stat().st_mtime_ns).parent if builds else None
            where = folder and target_of(include, extensions_of(paper), [
                fmt for fmt in ("pdf", "png") if (folder / f"{name}.{fmt}").is_file()])
            if where and where[0].resolve().is_relative_to(root):
                entries.append([str(where[0].resolve().relative_to(root)),
                                str(folder / f"{name}.{where[1]}")])
    return entries


def untypeset(main: Path, missing: list[str], tex=None) -> list[tuple[str, str, str]]:
    r"""Each figure of ours in ``missing`` (TeX typeset no include of it) that the paper's
    source names (read as :func:`built_guess` reads it; comments and ``\iffalse`` blanked;
    not in a chapter ``\includeonly`` leaves out: :mod:`figures.paper.chapters`) with no file
    there yet: the figure, ``file:line`` and why, in one line: what pdflatex said at that line (``tex``, the probed
    paper: ``Undefined control sequence`` where graphicx is not loaded), else an
    ``\IfFileExists`` around an include of a file not there yet. The probe offers TeX a
    build only when one is here (:func:`built_guess`), at the name the include writes, not
    the one the test asks for."""
    try:  # a source the parser cannot read (a name too long): TeX's reading stands
        paper = read_paper(main.parent, Path(main.name))
        includes = includes_of(paper)[0]
        out = (left_out(paper) or ("", set()))[1]  # \includeonly{ch1}: ch2 unread
    except Exception:  # noqa: BLE001 - as memo.guess: what raises here is no row
        return []
    rows, root = [], paper.root
    for include in includes:
        if include.found is None and include.tex.resolve() not in out \
                and (name := name_of(include.written)) in missing and \
                name not in {r[0] for r in rows}:  # a file there: `figures paper` judges it
            where = shown_path(include.tex, root)
            rows.append((name, f"{where}:{include.line}", _said_at(
                tex, include, where) or (
                f"named at {where}:{include.line} but TeX did not typeset it (a test such as "
                "\\IfFileExists around it, and no file there yet): remove the test, sync "
                "(it copies the figure), then put the test back")))
    return rows


def _said_at(tex, include, where: str) -> str | None:
    """Why TeX typeset no include at ``include``'s line when pdflatex said so there (the
    probed paper ``tex``'s errors): graphicx not loaded (``\\includegraphics`` undefined:
    round 24, S2; by a package or class that is missing, round 40, P11), else its words.
    None: it said nothing there."""
    if tex is None or not include.tex.is_relative_to(tex.root):
        return None
    said = tex.errors.get(f"{include.tex.relative_to(tex.root).as_posix()}:{include.line}")
    if said is None:
        return None
    if "Undefined control sequence" in said and "graphicx" not in tex.packages:
        if tex.styles_missing:  # the cause, not its consequence (round 40, P11)
            name, at = tex.styles_missing[0]
            return (f"\\includegraphics at {where}:{include.line} is undefined: graphicx is "
                    f"not loaded ({name}, which {at} loads, is missing: see above); install "
                    f"{name} or put it beside {tex.main.name} (or add \\usepackage{{graphicx}}), "
                    "then sync again")
        return (f"\\includegraphics at {where}:{include.line} is undefined: graphicx is not "
                "loaded (pdflatex: Undefined control sequence); add \\usepackage{graphicx} "
                "to the preamble, then sync again")
    return (f"named at {where}:{include.line} but TeX did not typeset it: pdflatex said "
            f"'{said}' there; mend that line, then sync again")
