"""Which figure a file is, and whether it is current: read from the provenance inside it.

A file is **current** when the figdata it was built from and the code and settings that
built it (its build key) are the ones now in the repository; **stale** when either changed
since (the line says which); **not from this suite** when it carries no provenance of ours.
The file's name and folder play no part: a renamed copy in the paper's folder is recognised.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from pathlib import Path

from figures.data.envelope import SYNTHETIC
from figures.data.jsonio import read_bytes, read_json_bytes
from figures.errors import FigureDataError, UnknownName, display_path, one_line, os_error
from figures.mainfile import LARGER_THAN_A_PAPER_FILE
from figures.outputs import provenance
from figures.outputs.kind import parse_kind, venue_key_of
from figures.outputs.pixels import content_digest
from figures.paper.tikzcache import is_cache, redraw
from figures.registry import BY_NAME

CURRENT, STALE, FOREIGN, UNREADABLE = "current", "stale", "not from this suite", "unreadable"
#: A synthetic figure built unmarked: its key holds the stamp, so it is not current (round 25).
NO_STAMP = ("built with --no-stamp (a synthetic figure without its SYNTHETIC EXAMPLE DATA mark: "
            "refused in a paper); build it without --no-stamp")
#: The label inside says a figure the bytes are not (painted over, swapped, merged into).
MISLABELLED = "not what its label says"
#: Its extension names another format than its bytes (a PNG copied as ``.pdf``).
MISNAMED = "misnamed"
#: Ends the line of a file built for a venue of the author's own whose --venues FILE this
#: command was not given (hostile round 25, PV): not known to be stale, and the way out.
UNKNOWN_VENUE = "which this command does not know: pass its --venues FILE"
#: The most of a label's field a line shows (``one_line``'s cut, " …"): a forged label's
#: 100,000-character field pushed the verdict off the line's end (hostile round 37, P17).
FIELD_LIMIT = 200


@dataclass(frozen=True)
class Which:
    path: Path
    state: str
    figure: str = ""
    variant: str = ""
    origin: str = ""
    why: str = ""
    #: For a stale file: the command that builds it anew (``figures build --venue icml``),
    #: and what else mends a copy of it (its build kind's ``copy_again``).
    rebuild: str = ""
    copy_again: str = ""
    #: Ours inside a wrapper PDF (a ``pdfcrop`` or ``standalone`` page of our figure): the
    #: label is the placed form's, the wrapper's drawing the author's (not checked).
    wrapped: bool = False
    #: That wrapper is TikZ's externalized cache of a picture (hostile round 25, TX2).
    tikz: bool = False

    @property
    def current(self) -> bool:
        return self.state == CURRENT

    @property
    def advice(self) -> str:
        """Why it is not current and, if stale, what to do about it."""
        if not self.rebuild:
            return self.why
        return f"{self.why}; run `{self.rebuild}` {self.copy_again}"

    def line(self) -> str:
        """One line: the file, the label's fields (each bounded), its state, why."""
        if not self.figure:
            return f"{display_path(self.path)}: {self.state}" + (f" ({self.why})" if self.why else "")
        figure, variant, origin = (one_line(field, FIELD_LIMIT)
                                   for field in (self.figure, self.variant, self.origin))
        what = f"{figure} ({variant}, {origin})" + (
            " inside TikZ's externalized cache of a picture (tikz's external library)"
            if self.tikz else " inside another PDF (a pdfcrop or standalone wrapper, a supplement)"
            if self.wrapped else "")
        return f"{display_path(self.path)}: {what}: {self.state}" + (f": {self.advice}" if self.why else "")


def which(path: Path, figdata_dir: Path, venues_file: Path | None = None, *,  # noqa: PLR0911
          wrappers: bool = False) -> Which:
    """What ``path`` is and whether it is current against ``figdata_dir`` and the code; with
    ``wrappers`` (``figures which``, the pack), a PDF without a label of its own is judged by
    ours inside it (:func:`inside_a_wrapper`)."""
    try:
        if path.is_file() and (size := path.stat().st_size) > LARGER_THAN_A_PAPER_FILE:  # round 50c, W3
            return Which(path, FOREIGN, why=f"{size >> 20} MiB, larger than any file the "
                         "suite builds or places: not read")
        data = read_bytes(path)  # once: a regular file, readable, else one line naming it
        if not data:
            raise FigureDataError(str(path), None, "empty (0 bytes): copy or build it again")
        inside = provenance.read(data)
        labels = provenance.wrapped(data) if inside is None and wrappers else []
    except FigureDataError as exc:
        return Which(path, UNREADABLE, why=exc.message)
    except OSError as exc:  # no errno: Pillow's "image file is truncated"
        why = os_error(exc, path).message if exc.errno else f"cannot be decoded ({exc})"
        return Which(path, UNREADABLE, why=why)
    except Exception as exc:  # noqa: BLE001 - a damaged PDF or PNG (pypdf, Pillow)
        why = f"cannot be decoded ({type(exc).__name__}): export it again" + (  # round 49
            ", or rewrite it with Ghostscript: `gs -o OUT.pdf -sDEVICE=pdfwrite IN.pdf`" if path.suffix.lower() == ".pdf" else "")
        if type(exc).__name__ == "DecompressionBombError":  # exported again, the same pixels
            why = (f"too many pixels to read ({str(exc).split(',')[0]}; Pillow refuses it as "
                   "a possible decompression bomb): make it smaller (fewer pixels: arXiv warns "
                   "past 34 megapixels)")  # (hostile round 51b-2, B10)
        elif type(exc).__name__ == "DependencyError":  # AES, and no `cryptography` here
            why = ("an encrypted PDF pypdf cannot open (AES needs the `cryptography` package: "
                   "pip install cryptography; or save it unencrypted: qpdf --decrypt IN OUT)")
        elif type(exc).__name__ == "FileNotDecryptedError":  # read, but it asks a password
            why = ("encrypted with a password to open (none is given here): save it "
                   "unencrypted: qpdf --decrypt --password=PASSWORD IN OUT")
        return Which(path, UNREADABLE, why=why)
    if inside is None:  # ours placed in it, or no label of ours at all
        if labels:
            return inside_a_wrapper(path, labels, figdata_dir, venues_file)
        if path.name.endswith(CAPTION):
            return _caption_judged(path, data, figdata_dir, venues_file)
        if data.startswith(b"% Generated by `figures macros`"):
            return _macros_judged(path, data, figdata_dir)
        return Which(path, FOREIGN, why="no provenance of fa-audit-figures inside")
    label = inside["figure"], inside["variant"], inside["origin"]
    stale = why_stale(inside, figdata_dir, venues_file)
    if stale is not None:
        return Which(path, STALE, *label, *stale)
    wrong = _origin_forged(inside, figdata_dir) or content_disagrees(path, inside, data)
    misnamed = _misnamed(path, data)
    return Which(path, MISLABELLED if wrong else MISNAMED if misnamed else CURRENT, *label,
                 wrong or misnamed or "")


#: A venue build's caption file (:meth:`figures.outputs.kind.BuildKind.side_names`).
CAPTION = ".caption.txt"


def _caption_judged(path: Path, text: bytes, figdata_dir: Path,
                    venues_file: Path | None) -> Which:
    """A build's ``NAME.caption.txt``, which holds no label, judged by the figure the same
    build saved beside it (its PDF, else its PNG) and by its text against the caption that
    figure's data gives: "not from this suite" was said of a current caption (round 51c,
    W40), and an edited or out-of-date caption passed as nothing to mend."""
    stem = path.name[:-len(CAPTION)]
    beside = [found for found in (path.with_name(stem + ext) for ext in (".pdf", ".png"))
              if found.is_file()]
    if not beside:
        return Which(path, FOREIGN, why=f"a caption a build wrote, with no figure beside it "
                     f"({stem}.pdf or {stem}.png) to judge it by: copy it with its figure")
    judged = [which(found, figdata_dir, venues_file) for found in beside]
    figure = next((found for found in judged if found.state in (CURRENT, STALE)), judged[0])
    name, label = figure.path.name, (figure.figure, figure.variant, figure.origin)
    if figure.state == STALE:
        return replace(figure, path=path, copy_again=f"{figure.copy_again} and paste its new "
                       "caption".strip())
    if figure.state != CURRENT:
        return Which(path, FOREIGN, why=f"a caption a build wrote, whose figure beside it, "
                     f"{name}, is {figure.state}: mend that, then build again")
    from figures.data import figdata

    spec, kind = BY_NAME[figure.figure], parse_kind(figure.variant, venues_file)
    if not kind.side_names(spec):
        return Which(path, FOREIGN, why=f"beside {name}, whose build ({figure.variant}) writes "
                     "no caption")
    data = figdata.load(spec.figdata_path(figdata_dir), spec.name)["data"]
    if kind.side_files(spec, data).get(f"{spec.name}{CAPTION}", "").encode() == text:
        return Which(path, CURRENT, *label, why=f"as its figure {name}")
    return Which(path, STALE, *label, why=f"not the caption its figure beside it, {name}, is "
                 "built with (edited since, or copied from another build)",
                 rebuild=kind.rebuild, copy_again=f"{kind.copy_again} and paste its new "
                 "caption".strip())


def _macros_judged(path: Path, data: bytes, figdata_dir: Path) -> Which:
    """The macros file `figures macros` or sync writes (no label: its first line names the
    command and a digest), judged against ``figdata_dir``'s quoted values: "not from this
    suite" was said of the one sync had just written, current or stale (round 52h, W5)."""
    from figures.numbers import macros

    text, figdata = data.decode("utf-8", "replace"), display_path(figdata_dir)
    again = f"run `figures macros --figdata {figdata} --out {display_path(path)}` (or sync its paper)"
    if macros.edited(text):
        return Which(path, STALE, why="the quoted values' macros, edited by hand since written "
                     f"(its digest differs): move your lines to a file of your own, then {again}")
    if macros.stale(text, figdata_dir):
        return Which(path, STALE, why=f"the quoted values' macros, not what {figdata} gives "
                     f"now (new results, or written from another --figdata): {again}")
    return Which(path, CURRENT, why=f"the quoted values' macros, as {figdata} gives them")


def _misnamed(path: Path, data: bytes) -> str | None:
    """Why ``path``'s extension lies about its format, which pdflatex reads it by (a PNG
    named ``.pdf``: "not a PDF"; round 49, from 49c W22: `which` called it current)."""
    kind = "PDF" if data.startswith(b"%PDF-") else "PNG" if data.startswith(b"\x89PNG") else None
    named = {".pdf": "PDF", ".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}.get(
        path.suffix.lower())
    if kind is None or kind == named:
        return None
    stem = path.stem if path.suffix else path.name  # e.png.pdf: e.png; g.gif: g.png (round
    own = f".{kind.lower()}"  # 50c, W10: an extension outside pdflatex's, or none, was current)
    new = stem if stem.lower().endswith(own) else f"{stem}{own}"
    if named is None:
        return (f"a {kind} named {path.suffix or 'without an extension'}: pdflatex includes "
                f".pdf, .png and .jpg files and cannot read it: rename it {new}")
    return (f"a {kind} named {path.suffix}: pdflatex reads a file by its extension and refuses "
            f"it: rename it {new}")


def inside_a_wrapper(path: Path, labels: list[dict[str, str]], figdata_dir: Path,
                     venues_file: Path | None) -> Which:
    """A wrapper PDF of ours (``pdfcrop``, a ``standalone`` page) judged by the labels of the
    figures it places: the first stale one, else the first drawn from synthetic data, else
    the first. Current or stale as the label says; the drawing is the wrapper's (cropped),
    so no content digest is compared."""
    judged, tikz = [], is_cache(path)
    for inside in labels:
        stale = why_stale(inside, figdata_dir, venues_file)
        why, rebuild = (stale or ("", ""))[:2]
        if stale and tikz:  # sync cannot reach it before the cache is gone (round 25, TX2)
            why, rebuild = f"{why}; {redraw(display_path(path), True)}", ""
        judged.append(Which(path, CURRENT if stale is None else STALE, inside["figure"],
                            inside["variant"], data_origin(inside, figdata_dir) or
                            inside["origin"], why, rebuild,
                            "then crop, wrap or compile again the PDF that holds it" if stale
                            else "",
                            wrapped=True, tikz=tikz))
    return min(judged, key=lambda found: (found.state != STALE, found.origin != SYNTHETIC))


def data_origin(inside: dict[str, str], figdata_dir: Path) -> str | None:
    """The origin of the figdata a label's digest names, read from that data (None: not
    the data here): the label's own ``origin=`` is only a copy of it, and can be edited."""
    spec = BY_NAME.get(inside["figure"])
    try:
        raw = read_json_bytes(spec.figdata_path(figdata_dir)) if spec else b""
        if hashlib.sha256(raw).hexdigest() != inside["figdata-sha256"]:
            return None
        return str(json.loads(raw)["provenance"]["kind"])
    except (FigureDataError, ValueError, KeyError, TypeError):
        return None


def _origin_forged(inside: dict[str, str], figdata_dir: Path) -> str | None:
    """Why the label's origin is not its data's (round 51a paper2, A2: ``origin=paper-values``
    typed over a synthetic figure's label was "current, paper-values", and the pack, which
    stops on synthetic figures, packed it); None when it is."""
    origin = data_origin(inside, figdata_dir)
    if origin is None or origin == inside["origin"]:
        return None
    return (f"its label says origin={one_line(inside['origin'], FIELD_LIMIT)}, but the data it "
            f"was built from is {origin} (the label was edited): build and copy it again")


#: Why a file is stale when its figdata's digest is not the one in its label.
DIFFERENT_DATA = "is not the data it was built from (edited since, or built from another --figdata)"


def why_stale(inside: dict[str, str], figdata_dir: Path,
               venues_file: Path | None) -> tuple[str, str, str] | None:
    """What changed since the file was built, the command that mends it ('' when none
    does: a figure gone from the registry) and what else mends a copy; None when nothing
    changed."""
    spec = BY_NAME.get(inside["figure"])
    if spec is None:
        return (f"{one_line(inside['figure'], FIELD_LIMIT)} is no longer a registered figure",
                "", "")
    try:
        kind = parse_kind(inside["variant"], venues_file)
    except FigureDataError as exc:  # UnknownName: a venue of the author's own, not given here
        return (f"built for venue {venue_key_of(inside['variant'])!r}, {UNKNOWN_VENUE}"
                if isinstance(exc, UnknownName) else
                f"built for {inside['variant']}: {exc.message}"), "", ""
    figdata_path = spec.figdata_path(figdata_dir)
    try:
        raw = read_json_bytes(figdata_path)
    except FigureDataError as exc:
        return f"its figdata {exc}", "", ""
    if hashlib.sha256(raw).hexdigest() != inside["figdata-sha256"]:
        # The label holds the data's digest, not its folder (a path would name the author's
        # home in every shipped figure), so an edit and another --figdata look alike here
        # (round 47c, W30: "changed since" was untrue of a file built from other data).
        return f"{figdata_path} {DIFFERENT_DATA}", kind.rebuild, kind.copy_again
    from figures.outputs.state import build_key  # importlib's metadata: when it is asked

    if build_key(spec, raw, kind) == inside["build-key"]:
        return None
    unmarked = inside.get("stamped") == "no" and build_key(
        spec, raw, replace(kind, stamp=False)) == inside["build-key"]  # as built: --no-stamp
    why = (NO_STAMP if unmarked else
           f"the code or settings that draw it changed since it was built ({kind.covers})")
    return why, kind.rebuild, kind.copy_again


def content_disagrees(path: Path, inside: dict[str, str], data: bytes | None = None) -> str | None:
    """Why what ``path`` shows is not what the build made for the figure its label names
    (None: it is): it is named as another figure (the paper's ``fig3b_crossarch_3row.pdf``
    holding fig1), or the content digest the build wrote inside it
    (:func:`figures.outputs.pixels.content_digest`) is not its content's: painted over,
    swapped, merged; an optimiser's re-save that keeps the pixels or the drawing keeps it."""
    named = path.name.split(".")[0].split("--")[0]
    if named in BY_NAME and named != inside["figure"]:
        return (f"named as {named} but holds {inside['figure']}'s picture: copied over the "
                "wrong file; copy each figure again (`figures sync`)")
    try:
        why = not_as_built(path, inside, data)
    except Exception as exc:  # noqa: BLE001 - damaged pixels or streams (Pillow, pypdf)
        return f"its content cannot be decoded ({type(exc).__name__}): build and copy it again"
    return None if why is None else f"{why}; build and copy it again"


def not_as_built(path: Path, inside: dict[str, str], data: bytes | None = None) -> str | None:
    """Why ``path``, labelled ours, is not (or cannot be shown to be) what our build made,
    None when it is: the one judgement of `which` and of sync (which never replaces such a
    file unasked). Its content digest differs, or there is none (a label from before content
    digests), or a PDF carries what the build never writes: annotations (a reader's notes),
    an incremental update (an editor's save). Raises when its content cannot be decoded."""
    data = read_bytes(path) if data is None else data
    if "content" not in inside:
        return ("its label predates content digests (built before 2026-11-27), so whether it "
                "was painted over or edited cannot be told")
    if content_digest(data) != inside["content"]:
        what = "pixels are" if path.suffix.lower() == ".png" else "drawing (content streams) is"
        return (f"its {what} not what the build made (the content digest inside it differs): "
                "painted over or edited")
    if not data.startswith(b"%PDF"):
        return None
    from figures.pdf import open_pdf, pypdf_said

    with pypdf_said():
        if any(page.annotations for page in open_pdf(data).pages):  # matplotlib's: []
            return "it carries annotations added after the build (a reader's notes)"
    if data.count(b"startxref") > 1:  # each save appends one; pypdf keeps no /Prev to ask
        return "it carries an update saved onto it after the build (an editor's)"
    return None
