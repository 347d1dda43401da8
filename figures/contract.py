"""A figure's contract, read from its module ``figures/plots/<name>.py`` (docs/architecture.md):
:class:`FigureModule` is the one loader; each attribute is read, checked and run as the
author's code here, and what is missing or wrong is one line naming module and attribute."""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from figures import author_code
from figures.errors import AuthorCodeError, FigureDataError
from figures.page import COMFORT_PT, MIN_WIDTH_IN, SLOTS, Width, holds

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from figures.data.schema import Schema
    from figures.venues import Venue

PLOTS_DIR = Path(__file__).resolve().parent / "plots"
PLOTS_PACKAGE = "figures.plots"


class FigureModule:
    """The contract of figure ``name``'s module (a :class:`figures.registry.FigureSpec` is one)."""

    name: str
    outputs: tuple[Any, ...]  # of figures.registry.Output

    @property
    def module_name(self) -> str:
        return f"{PLOTS_PACKAGE}.{self.name}"

    @property
    def module_path(self) -> Path:
        """``figures/plots/<name>.py``: the figure's code."""
        return PLOTS_DIR / f"{self.name}.py"

    @property
    def shown_path(self) -> str:
        return f"figures/plots/{self.name}.py"

    def code(self) -> ModuleType:
        imported = sys.modules.get(self.module_name)
        if imported is not None:  # imported once: its code ran then
            return imported
        try:
            with (author_code.running(self.shown_path),
                  author_code.import_warnings(self.name)):
                return importlib.import_module(self.module_name)
        except ModuleNotFoundError as exc:
            if exc.name != self.module_name:  # a module it imports: the author's error
                raise
            raise AuthorCodeError(self.shown_path, None,
                                  f"not found: restore it, or remove {self.name} from "
                                  "FIGURES in figures/registry.py") from None

    def _required(self, attribute: str, what: str) -> Any:
        code = self.code()
        if not hasattr(code, attribute):
            raise AuthorCodeError(self.shown_path, attribute,
                                  f"missing: every figure module defines {what}")
        return getattr(code, attribute)

    @property
    def render(self) -> Callable[[dict[str, Any]], Figure]:
        """The module's ``render``, run as the author's code: refused unless a Figure that fits."""
        from matplotlib.figure import Figure

        from figures.style import theme

        render = self._required("render", "render(data) returning a matplotlib Figure")
        if not callable(render):
            raise AuthorCodeError(self.shown_path, "render", f"is {type(render).__name__}, not "
                                  "a function: define def render(data) -> Figure")
        if not isinstance(getattr(render, "rc", None), dict):
            raise AuthorCodeError(self.shown_path, "render", "has no theme: decorate it with "
                                  "@themed(DEFAULT_RC) from figures/style.py (the build saves "
                                  "inside the same theme)")

        @functools.wraps(render)
        def guarded(data: dict[str, Any], page: Any = None) -> Figure:
            with author_code.running(self.shown_path, "render"):  # a page: drawn for it
                if page is None:
                    fig = render(data)
                else:
                    for_page = self._required("_for_page", "_for_page(data, page) -> Figure")
                    with theme(page.rc()):
                        fig = for_page(data, page)
            if not isinstance(fig, Figure):
                raise AuthorCodeError(self.shown_path, "render", (
                    f"returned {type(fig).__name__}{'' if page is None else ' for a page'}, not "
                    "a matplotlib Figure: end render() with `return fig`"))
            author_code.check_size(fig, self.shown_path,
                                   [out.dpi for out in self.outputs if out.fmt != "pdf"])
            return fig

        return guarded

    @property
    def extract(self) -> Callable[[Any], dict[str, Any]] | None:
        extract = getattr(self.code(), "extract", None)
        if extract is None:
            return None
        if not callable(extract):
            raise AuthorCodeError(self.shown_path, "extract", f"is {type(extract).__name__}, "
                                  "not a function: define def extract(tree) -> data")

        @functools.wraps(extract)
        def guarded(tree: Any) -> dict[str, Any]:
            with author_code.running(self.shown_path, "extract"):
                return extract(tree)

        return guarded

    @property
    def schema(self) -> Schema:
        """The module's SCHEMA: JSON Schema (a dict), as figures/data/schema/ writes it."""
        schema = self._required("SCHEMA", "SCHEMA, the shape of its data (figures/data/schema/)")
        # the shape's own checking against the JSON Schema meta-schema (90 ms each) is a test's
        if not isinstance(schema, dict) or schema.get("type") != "object":
            raise AuthorCodeError(self.shown_path, "SCHEMA", f"is {type(schema).__name__}, not a "
                                  "schema: build it from figures/data/schema/ (Record({...}), "
                                  "ListOf(...), Number(...))")
        return schema

    @property
    def paper_keys(self) -> tuple[str, ...]:
        return tuple(getattr(self.code(), "PAPER_KEYS", ()))

    @property
    def slots(self) -> tuple[str, ...]:
        """The slots the module is designed for (``SLOTS``), its own slot first."""
        slots = getattr(self.code(), "SLOTS", None)
        if (not isinstance(slots, tuple) or not slots
                or not all(slot in SLOTS for slot in slots) or len(set(slots)) != len(slots)):
            raise AuthorCodeError(self.shown_path, "SLOTS", (
                f"is {slots!r}: a figure drawn for a venue declares the slots it is designed "
                "for, its own first: SLOTS = (\"text\",), (\"column\",) or (\"column\", \"text\")"))
        return slots

    def smallest_width_in(self, venue: Venue) -> float:
        """The narrowest width its design holds (default: its narrowest slot on ``venue``), at
        :data:`COMFORT_PT` type; wider by as much as a venue's minimum is above it."""
        given = getattr(self.code(), "SMALLEST_WIDTH_IN", None)
        if given is None:
            return min(venue.slot_width(slot) for slot in self.slots)
        if (not isinstance(given, (int, float)) or isinstance(given, bool)
                or not MIN_WIDTH_IN <= given <= 12):
            raise AuthorCodeError(self.shown_path, "SMALLEST_WIDTH_IN", (
                f"is {given!r}: the narrowest width its design holds, in inches, from "
                f"{MIN_WIDTH_IN:g} to 12"))
        return float(given) * max(venue.min_font_pt / COMFORT_PT, 1)

    def too_narrow(self, venue: Venue, width: float, fix: str,
                   asked: str | None = None) -> FigureDataError | None:
        """Why the design does not hold at ``width`` on ``venue``'s page, ``fix`` saying what
        to do (None: it holds): the one check of a width against the figure's smallest,
        both compared as a :class:`Width` is rounded. ``asked`` names the option the width
        came from (``--width``), which the line names in place of the module's constant."""
        least, text = Width(self.smallest_width_in(venue)), Width(venue.text_width_in)
        if holds(width, least):
            return None
        small = venue.page("text").small_pt
        return FigureDataError(asked or self.shown_path, None if asked else "SMALLEST_WIDTH_IN", (
            f"{Width(width)} in is narrower than {self.name}'s smallest width ({least} in): "
            + (fix if holds(text, least) else f"at {venue.key}'s {small:g} pt type no width on "
               f"its page ({text} in) holds it: lower the venue's min_font_pt")))

    def caption(self, data: dict[str, Any]) -> str:
        """What the figure's page versions leave to the paper's caption ("" when nothing)."""
        offer = getattr(self.code(), "caption", None)
        text = offer(data).strip() if callable(offer) else ""
        return text + "\n" if text else ""

    def own(self, attribute: str) -> Any:
        """An optional attribute of the module (``synthetic_results``), None without it."""
        return getattr(self.code(), attribute, None)

    def check(self) -> None:
        """The module against the contract: the first thing missing or wrong, as one line."""
        _ = self.render, self.schema, self.extract, self.paper_keys
        if hasattr(self.code(), "SLOTS"):
            _ = self.slots
