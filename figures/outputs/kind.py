"""Which build a file belongs to: the default build, the camera-ready build, or a venue's.

A :class:`BuildKind` is everything that differs between them: the folder it writes to by
default, the settings applied at save time, whether synthetic data is stamped, the files it
writes for a figure, what it adds to the build key, how it draws a figure, and the command
that builds it again. Its name is what the built files carry as ``variant``
(``default``, ``camera-ready``, ``venue:icml``); :func:`parse_kind` is the one reader of it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from figures.errors import FigureDataError
from figures.paths import CAMERA_READY_OUT, DEFAULT_OUT
from figures.registry import FigureSpec, Output

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from figures.preflight.venues import Venue

#: Saved with embedded TrueType fonts, text stays text (camera-ready and venue builds):
#: IEEE's and ACM's checkers reject matplotlib's default Type 3.
TRUETYPE_RC: dict[str, Any] = {"pdf.fonttype": 42, "ps.fonttype": 42}
_VENUE_PREFIX = "venue:"


@dataclass(frozen=True)
class BuildKind:
    """One kind of build (see the module's docstring)."""

    name: str = "default"
    venue: Venue | None = None
    #: The venue build's slot (None: each figure's own ``FigureSpec.slot``).
    slot: str | float | None = None
    #: Mark figures drawn from synthetic data (``--no-stamp`` leaves them unmarked).
    stamp: bool = True

    @property
    def save_rc(self) -> dict[str, Any]:
        """Settings applied at save time, over the figure's own theme."""
        return {} if self.name == "default" else dict(TRUETYPE_RC)

    def rc(self, spec: FigureSpec) -> dict[str, Any]:
        """The theme a figure of this kind is measured and saved in."""
        return {**spec.render.rc, **self.save_rc}

    @property
    def default_out(self) -> Path:
        if self.venue is not None:
            return Path("build") / self.venue.key
        return CAMERA_READY_OUT if self.name == "camera-ready" else DEFAULT_OUT

    def outputs(self, spec: FigureSpec) -> tuple[Output, ...]:
        """The files this kind writes for ``spec``: a venue's, a PDF and a PNG at its ppi."""
        if self.venue is None:
            return spec.outputs
        from figures.outputs.venue import ppi

        resolution = ppi(self.venue)
        return (Output("pdf", resolution, None), Output("png", resolution, None))

    def output_names(self, spec: FigureSpec) -> list[str]:
        return [f"{spec.name}.{out.fmt}" for out in self.outputs(spec)]

    def key_part(self) -> str:
        """What this kind adds to a figure's build key ('' for the default build; whether it
        stamps is added by :func:`figures.outputs.state.build_key`, for synthetic data only)."""
        parts = []
        if self.name != "default":
            parts.append(f"{self.name}:rc={sorted(self.save_rc.items())}")
        if self.venue is not None:  # the venue's numbers and the code that lays it out
            numbers = json.dumps(dataclasses.asdict(self.venue), sort_keys=True, default=str)
            code = b"".join(path.read_bytes() for path in
                            sorted((Path(__file__).parent / "venue").glob("*.py")))
            parts.append(f"slot={self.slot}:" + hashlib.sha256(numbers.encode() + code)
                         .hexdigest())
        return ":".join(parts)

    def draw(self, spec: FigureSpec, data: dict[str, Any]) -> Figure:
        """``spec``'s Figure for this kind of build (a venue's: laid out for its page)."""
        if self.venue is not None:
            from figures.outputs import venue

            return venue.draw(spec, data, self.venue, self.slot)
        from figures.outputs.render import draw

        return draw(spec, data)

    @property
    def rebuild(self) -> str:
        """The command that builds files of this kind again."""
        if self.venue is not None and isinstance(self.slot, (int, float)):
            return f"figures sync PAPER_DIR --venue {self.venue.key}"
        if self.venue is not None:
            return f"figures build --venue {self.venue.key}"
        return "figures build --camera-ready" if self.name == "camera-ready" else "figures build"


DEFAULT = BuildKind()
CAMERA_READY = BuildKind("camera-ready")


def venue_kind(venue: Venue, slot: str | float | None = None, *, stamp: bool = True) -> BuildKind:
    """A venue's build; a width in inches as ``slot`` is part of its name
    (``venue:icml@3.25in``, what ``figures sync`` builds for the width the paper gives)."""
    name = f"{_VENUE_PREFIX}{venue.key}"
    if isinstance(slot, (int, float)):
        name += f"@{float(slot):g}in"
    return BuildKind(name, venue, slot, stamp)


def parse_kind(name: str, venues_file: Path | None = None) -> BuildKind:
    """The build kind a file's ``variant`` names: ``default``, ``camera-ready`` or
    ``venue:KEY[@WIDTHin]`` (a venue of the built-in profiles or of ``venues_file``). The one parser."""
    if name == "default":
        return DEFAULT
    if name == "camera-ready":
        return CAMERA_READY
    if name.startswith(_VENUE_PREFIX):
        from figures.preflight.venues import get_venue

        key, _, width = name[len(_VENUE_PREFIX):].partition("@")
        slot = None
        if width:
            try:
                slot = float(width.removesuffix("in"))
            except ValueError:
                raise FigureDataError("variant", None, f"unknown build kind {name!r}: "
                                      "expected venue:KEY@WIDTHin") from None
        return venue_kind(get_venue(key, venues_file), slot)
    raise FigureDataError("variant", None, f"unknown build kind {name!r}: "
                          "expected default, camera-ready or venue:KEY")


def kind_in(out_dir: Path, spec: FigureSpec, venues_file: Path | None = None) -> BuildKind:
    """The kind of ``spec``'s build in ``out_dir`` (read from the provenance inside its
    files); the default when no file says."""
    from figures.outputs.provenance import read

    for fmt in ("pdf", "png"):
        try:
            inside = read(Path(out_dir) / f"{spec.name}.{fmt}")
        except Exception:  # noqa: BLE001 - missing or damaged: the preflight says so
            inside = None
        if inside is not None and inside["figure"] == spec.name:
            return parse_kind(inside["variant"], venues_file)
    return DEFAULT
