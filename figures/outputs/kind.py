"""Which build a file belongs to: the default build, the camera-ready build, or a venue's; a
:class:`BuildKind` answers everything that differs between them (docs/modules.md)."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from figures.errors import AuthorCodeError, DataError, FigureDataError
from figures.page import (
    MIN_PANEL_HEIGHT_IN,
    SLOTS,
    Box,
    Width,
    inches,
    least_height_in,
    raster_too_large,
)
from figures.paths import BUILD_ROOT, CAMERA_READY_OUT, DEFAULT_OUT
from figures.registry import FigureSpec, Output
from figures.venues import Venue, get_venue, load_venues

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from figures.page import Page

#: Saved with embedded TrueType fonts, text stays text (camera-ready and venue builds):
#: IEEE's and ACM's checkers reject matplotlib's default Type 3.
TRUETYPE_RC: dict[str, Any] = {"pdf.fonttype": 42, "ps.fonttype": 42}
_VENUE_PREFIX = "venue:"
#: Between the venue's file name and the slot: ``fig1_audit_hero--column.pdf``.
SLOT_SEPARATOR = "--"


@dataclass(frozen=True)
class BuildKind:
    """One kind of build: everything that differs between kinds is a field or a question of
    it, so no caller needs to know which kind it holds."""

    name: str = "default"
    venue: Venue | None = None
    #: A venue build's slot: None, each figure's own (``NAME.pdf``); "column" or "text", another
    #: it declares (``NAME--column.pdf``); a width in inches, as a paper gives it.
    slot: str | Width | None = None
    #: Mark figures drawn from synthetic data (``--no-stamp`` leaves them unmarked).
    stamp: bool = True
    #: The folder it writes to by default.
    default_out: Path = DEFAULT_OUT
    #: Settings applied at save time, over the figure's own theme.
    save_rc: tuple[tuple[str, Any], ...] = ()
    #: The command that builds its files again, and what else mends a copy in a paper.
    rebuild: str = "figures build"
    copy_again: str = "and copy it again (or `figures sync`)"
    #: What its build key covers besides the figdata, in words (why a file is stale).
    covers: str = "its module, the style, matplotlib or the package version"
    #: Its PNGs written as RGB when opaque (Agg's are RGBA, alpha 255): a venue's, which a paper
    #: places and arXiv would re-encode (docs/pack.md); the default build's stay the seeds'.
    rgb_png: bool = False

    def rc(self, spec: FigureSpec) -> dict[str, Any]:
        """The theme a figure of this kind is measured and saved in (a venue's: the page's
        rcParams, which the figure was drawn in)."""
        page = self.page(spec)
        return {**spec.render.rc, **(page.rc() if page else {}), **dict(self.save_rc)}

    def print_slot(self, spec: FigureSpec) -> str | Width:
        """Where ``spec`` prints: its page's slot or width; the seeds' pictures take the text."""
        if self.venue is None:
            return "text"
        return spec.slots[0] if self.slot is None else self.slot

    def page(self, spec: FigureSpec) -> Page | None:
        """The page a venue build draws ``spec`` for (figures/page.py); None otherwise."""
        return None if self.venue is None else self.venue.page(self.print_slot(spec))

    def stem(self, spec: FigureSpec) -> str:
        """The built files' name without the format: ``NAME``, or ``NAME--column`` for a
        venue build's other slot (a width: the files the paper includes at it)."""
        return f"{spec.name}{SLOT_SEPARATOR}{self.slot}" if isinstance(self.slot, str) \
            else spec.name

    def build_command(self, name: str, out_dir: Path, venues_file: Path | None = None) -> str:
        """The command that writes figure ``name``'s files of this kind into ``out_dir``, in
        full: a width build's ``--venue V --width W`` too (hostile round 40, W5: "`figures
        build NAME --out ...`" wrote the default kind, which a check of a width build does
        not read); a box of both sides only a paper's sync builds."""
        from figures.errors import shell_word

        if isinstance(self.slot, Box):
            return self.rebuild
        words: list[object] = ["figures", "build", name]
        if self.venue is not None:
            words += ["--venue", self.venue.key]
            if self.slot is not None and not isinstance(self.slot, str):
                words += ["--width", self.slot]
            if venues_file is not None:
                words += ["--venues", venues_file]
        words += ["--camera-ready", "--camera-ready-out"] if self is CAMERA_READY \
            else ["--out"]
        return " ".join(shell_word(word) for word in (*words, out_dir))

    def outputs(self, spec: FigureSpec) -> tuple[Output, ...]:
        """The files this kind writes for ``spec``: a venue's, a PDF and a PNG at its ppi."""
        if self.venue is None:
            return spec.outputs
        return (Output("pdf", self.venue.ppi, None), Output("png", self.venue.ppi, None))

    def output_names(self, spec: FigureSpec) -> list[str]:
        return [f"{self.stem(spec)}.{out.fmt}" for out in self.outputs(spec)]

    def side_names(self, spec: FigureSpec) -> list[str]:
        """A venue build's ``NAME.caption.txt``: beside the figure's own slot and beside a
        width's (hostile round 42, B30: a ``--width`` build, a paper's measured width, had
        none; ``caption(data)`` does not depend on the width), not beside another slot's."""
        return [] if self.venue is None or isinstance(self.slot, str) else [
            f"{spec.name}.caption.txt"]

    def written_names(self, spec: FigureSpec) -> list[str]:
        """Every file it may write for ``spec`` (what a killed build's temporary names are
        made from)."""
        return self.output_names(spec) + self.side_names(spec)

    def side_files(self, spec: FigureSpec, data: dict[str, Any]) -> dict[str, str]:
        """The side files' texts (a figure without a caption has none)."""
        text = spec.caption(data) if self.side_names(spec) else ""
        return dict.fromkeys(self.side_names(spec), text) if text else {}

    def key_part(self) -> str:
        """What this kind adds to a figure's build key ('' for the default build; whether it
        stamps is added by :func:`figures.outputs.state.build_key`, for synthetic data only)."""
        parts = [f"{self.name}:rc={sorted(dict(self.save_rc).items())}"] if self.save_rc else []
        if self.venue is not None:  # the venue's numbers and the code that lays it out
            numbers = json.dumps(dataclasses.asdict(self.venue), sort_keys=True, default=str)
            code = b"".join((Path(__file__).parent.parent / name).read_bytes() for name in
                            ("venues.py", "page.py", "ticks.py"))  # the venue's page
            parts.append(f"slot={self.slot}:" + hashlib.sha256(numbers.encode() + code)
                         .hexdigest())
        if isinstance(self.slot, Width):  # round 42, B30: its caption too (built once more)
            parts.append("caption")
        if self.rgb_png:  # other bytes than an RGBA build's of the same figure
            parts.append("png=rgb")
        return ":".join(parts)

    def to_box(self, spec: FigureSpec, fig: Figure, stamped: bool = False) -> None:
        """``fig`` (before its stamp) laid out again at the height of a paper's box of both
        sides (a :class:`Box` slot), or refused below :meth:`least_height`; any other kind:
        as it is."""
        if not isinstance(self.slot, Box):
            return
        least = self.least_height(spec, fig, stamped)
        if self.slot.height < least:
            raise FigureDataError("height", None, (
                f"{self.slot.height:g} in is shorter than {spec.name}'s smallest height at "
                f"{float(self.slot):g} in ({least:g} in): give it a box at least that tall"))
        fig.set_size_inches(float(self.slot), self.slot.height)

    def least_height(self, spec: FigureSpec, fig: Figure, stamped: bool = False) -> float:
        """The least height ``fig`` (as drawn, unstamped) holds (:func:`least_height_in`),
        with the synthetic stamp's strip when ``stamped``."""
        page = self.page(spec)
        return round(least_height_in(fig) + (page.strip_in if stamped and page else 0), 3)

    def draw(self, spec: FigureSpec, data: dict[str, Any]) -> Figure:
        """``spec``'s Figure for this kind of build (a venue's: laid out for its page)."""
        if self.venue is None:
            return spec.render(data)
        own = spec.slots
        if isinstance(self.slot, str) and self.slot not in own:
            raise AuthorCodeError(spec.shown_path, "SLOTS", (
                f"{spec.name} is designed for {' and '.join(own)}, not {self.slot!r}: draw it "
                f"for one of those, at a width ({self.venue.slot_width(self.slot):g} for "
                f"{self.venue.key}'s {self.slot}: its {own[0]} design drawn that wide), or add "
                f"{self.slot!r} to SLOTS and design its layout there"))
        page = self.venue.page(self.print_slot(spec))
        narrow = spec.too_narrow(self.venue, page.width_in, (
            "place it at least that wide (its design holds from there to "
            f"{self.venue.key}'s text width, {inches(self.venue.text_width_in)} in)"),
            "--width" if isinstance(self.slot, float) else None)
        if narrow is not None:
            raise narrow
        fig = spec.render(data, page)  # a Figure: FigureSpec.render refuses anything else
        self._held(fig, page)
        width, height = (float(v) for v in fig.get_size_inches())
        too_large = raster_too_large(width, height, page.ppi)
        if too_large is not None:  # before anything is drawn at that size
            raise DataError(f"--venue {self.venue.key}", None, (
                f"{spec.name} drawn at {width:g} x {height:g} in and {page.ppi} ppi is "
                f"{too_large}: lower the venue's text_width_in or min_raster_ppi"))
        return fig


    def _held(self, fig: Figure, page: Page) -> None:
        """Refused in one line where the page's tallest figure cannot hold ``fig`` (hostile
        round 47c, W19: a venue's text_height_in of 3 in built fig4 and fig3b cut, their text
        on each other, exit 0)."""
        from figures.style import theme
        from figures.venues import of_the_paper

        if of_the_paper(self.venue):  # the paper's own page (beamer's slide): no venue to
            return  # give a height, its legibility refusal says what to do (round 26, BO)
        with theme(page.rc()):
            need = page.cut_short(fig)
        if need is None:
            return
        tallest = (f"half the venue's text_height_in, {inches(self.venue.text_height_in)} in"
                   if self.venue.text_height_in else "the tallest without a text_height_in")
        raise DataError(f"--venue {self.venue.key}", "text_height_in", (
            f"it needs {inches(need)} in of height at {inches(page.width_in)} in wide "
            f"(a row of panels {inches(MIN_PANEL_HEIGHT_IN)} in or more), taller than the "
            f"page's tallest figure ({inches(page.max_height_in)} in: {tallest}): give the "
            f"venue a text_height_in of at least {inches(2 * need)} in"))


DEFAULT = BuildKind()
CAMERA_READY = BuildKind("camera-ready", default_out=CAMERA_READY_OUT,
                         save_rc=tuple(TRUETYPE_RC.items()),
                         rebuild="figures build --camera-ready")


def venue_kind(venue: Venue, slot: str | float | None = None, *, stamp: bool = True) -> BuildKind:
    """A venue's build at ``slot``: None, each figure's own; a slot name (``venue:icml:column``);
    a width in inches, made a :class:`Width` (``venue:icml@3.25in``, into ``build/icml/w3.25``).
    At a one-column venue a slot name is the figure's own slot: "column" and "text" are one
    width and one design there, the build's ``NAME.pdf`` (hostile round 40, W6: refused)."""
    if isinstance(slot, str) and venue.one_column:
        slot = None
    name, out = f"{_VENUE_PREFIX}{venue.key}", BUILD_ROOT / venue.key
    rebuild = f"figures build --venue {venue.key}"
    if isinstance(slot, str):
        name += f":{slot}"
    elif slot is not None:
        slot = venue.width(slot)  # a Width already is that Width
        name, out = f"{name}@{slot.label}", out / slot.folder
        rebuild = f"figures sync PAPER_DIR --venue {venue.key}"
    return BuildKind(name, venue, slot, stamp, out, tuple(TRUETYPE_RC.items()), rebuild,
                     "(and copy it again)", "its module, the venue layout, the venue's "
                     "numbers, matplotlib or the version", rgb_png=True)


def parse_kind(name: str, venues_file: Path | None = None) -> BuildKind:
    """The build kind a file's ``variant`` names (a venue of the built-ins or ``venues_file``)."""
    if name == "default":
        return DEFAULT
    if name == "camera-ready":
        return CAMERA_READY
    bad = ""
    if name.startswith(_VENUE_PREFIX):
        rest, at, width = name[len(_VENUE_PREFIX):].partition("@")
        key, _, slot = rest.partition(":")
        sides = re.fullmatch(r"([0-9]+(?:\.[0-9]*)?)(?:x([0-9]+(?:\.[0-9]*)?))?in", width)
        if slot in ("", *SLOTS) and (not at or sides):
            kind = venue_kind(get_venue(key, venues_file), slot or None if not at else
                              float(sides[1]) if sides[2] is None else
                              Box(sides[1], sides[2]))
            if venues_file is None:  # built from a --venues file that redefines it? said
                return dataclasses.replace(kind, covers=f"{kind.covers}; or a --venues FILE "
                                           f"that redefines {key}: pass it too")
            if load_venues().get(key) == kind.venue:  # a built-in's
                return kind
            return dataclasses.replace(kind, rebuild=f"{kind.rebuild} --venues {venues_file}")
        bad = "" if slot in ("", *SLOTS) else f" (unknown slot {slot!r})"
    raise FigureDataError("variant", None, (
        f"unknown build kind {name!r}{bad}: expected default, camera-ready, venue:KEY, "
        f"venue:KEY:SLOT (SLOT one of {', '.join(SLOTS)}), venue:KEY@WIDTHin or "
        "venue:KEY@WIDTHxHEIGHTin"))


def venue_key_of(variant: str) -> str | None:
    """The venue a file's ``variant`` was built for (``venue:KEY``, ``venue:KEY:SLOT``,
    ``venue:KEY@W``); None for a build of no venue."""
    return re.split("[:@]", variant)[1] if variant.startswith(_VENUE_PREFIX) else None


def slots_of(spec: FigureSpec, venue: Venue) -> tuple[str, ...]:
    """The slots a venue build writes for ``spec``: its own only at a one-column venue."""
    slots = spec.slots
    return slots[:1] if venue.one_column else slots


def venue_builds(venue: Venue, specs: Sequence[FigureSpec], width: Width | None = None, *,
                 stamp: bool = True) -> list[tuple[BuildKind, list[FigureSpec]]]:
    """What ``build --venue`` builds, each kind once with its figures: at ``width``, every
    figure; else each at its own slot and, at a two-column venue, at each other slot it
    declares (``NAME--column``). A figure whose module's SLOTS is wrong is its own slot's
    failure only."""
    if width is not None:
        return [(venue_kind(venue, width, stamp=stamp), list(specs))]
    others: dict[str, list[FigureSpec]] = {}
    for spec in specs:
        with contextlib.suppress(FigureDataError):
            for slot in slots_of(spec, venue)[1:]:
                others.setdefault(slot, []).append(spec)
    return [(venue_kind(venue, slot, stamp=stamp), group)
            for slot, group in [(None, list(specs)), *others.items()]]


def slot_files(spec: FigureSpec, out_dir: Path) -> list[str]:
    """The stems of ``spec``'s other-slot files in ``out_dir`` (``NAME--column``)."""
    return sorted({f"{spec.name}{SLOT_SEPARATOR}{slot}" for slot in SLOTS
                   for fmt in ("pdf", "png")
                   if (Path(out_dir) / f"{spec.name}{SLOT_SEPARATOR}{slot}.{fmt}").is_file()})
