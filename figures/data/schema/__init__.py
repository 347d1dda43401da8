"""The shape of every file a user writes, declared as JSON Schema (Draft 2020-12) and
checked by ``jsonschema`` before use (:mod:`figures.data.schema.validate`): every problem of a
file at once, one line naming the file, each key and what to do (docs/modules.md).

These functions only write JSON Schema dicts: ``Record({...})`` is ``{"type": "object",
"properties": ..., "required": ..., "additionalProperties": false}``, so a figure's
``SCHEMA`` is plain JSON Schema that editors and any validator read. What JSON Schema cannot
say is a keyword of ours that other validators ignore (:data:`~validate.KEYWORDS`): ``text``
(drawn text: valid mathtext, at most so many lines), ``smallest`` (a magnitude an axis can
scale to), ``increasing`` (epochs in order), ``overEpochs`` (a series over epochs: none or
at least two), ``sameLength`` (x against y, a series per seed)
and ``keysAmong`` (a per-seed key is a seed).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from figures.data.schema.validate import (
    FIXED_AXIS,
    MAX_MAGNITUDE,
    NONBLANK,
    NOTE,
    PRINTABLE,
    PRINTABLE_LINE,
    Schema,
    check,
    problems,
    raise_problems,
)
from figures.data.text import MAX_TEXT_LENGTH, MAX_TEXT_LINES

__all__ = ["AnyObject", "Epochs", "Indexes", "ListOf", "MapOf", "Matches", "Number", "OneOf",
           "Record", "Schema", "Seed", "Series", "Text", "check", "problems", "raise_problems"]


def _doc(schema: Schema, doc: str) -> Schema:
    return {"description": doc, **schema} if doc else schema


def _said(doc: str, **keywords: Any) -> Schema:
    """The JSON Schema of ``keywords`` but those that are None, described by ``doc``."""
    return _doc({k: v for k, v in keywords.items() if v is not None}, doc)


def Number(*, within: tuple[float, float] | None = None, bounded_by: str = FIXED_AXIS,
           positive: bool = False, whole: bool = False, smallest: float | None = None,
           doc: str = "") -> Schema:
    """A finite number; ``positive`` for a log axis; ``within`` the limits of the fixed axis
    it is drawn on (outside them its mark would silently leave the canvas), ``bounded_by``
    saying why; ``whole`` a count (epochs); ``smallest`` magnitude besides 0 (an axis scaled
    to 1e-96 throws its labels off any canvas)."""
    low, high = within or (-MAX_MAGNITUDE, MAX_MAGNITUDE)
    return _said(doc, type="integer" if whole else "number", minimum=low, maximum=high,
                 exclusiveMinimum=0 if positive else None, smallest=smallest,
                 why=bounded_by if within else None)


def Text(*, max_length: int = MAX_TEXT_LENGTH, max_lines: int = MAX_TEXT_LINES,
         lines_bounded_by: str = "", min_length: int = 0, math: bool = True,
         pattern: str | None = None, what: str = "", reserved: Iterable[str] | None = None,
         reserved_why: str = "{name} is a reserved name", blank_why: str = "give a value",
         doc: str = "") -> Schema:
    """A string: bounded, printable, with ``math`` valid mathtext, at most ``max_lines``
    (``lines_bounded_by``: fewer where a box is sized for them); ``min_length`` 1 refuses a
    blank one, saying ``blank_why`` (what to give: a series' or row's name drawn empty leaves
    a row or a point no reader can name, round 49c W4); ``pattern`` (``what``, in words) must
    match in full; ``reserved`` names are refused with ``reserved_why`` (``{name}``: the
    value)."""
    both = ([{"minLength": 1, "pattern": NONBLANK, "why": blank_why}] if min_length else []) + (
        [{"pattern": f"^(?:{pattern})$", "why": what}] if pattern else [])
    return _said(doc or what, type="string", maxLength=max_length,
                 text={"lines": max_lines, "why": lines_bounded_by, "math": math},
                 pattern=PRINTABLE if max_lines > 1 else PRINTABLE_LINE, allOf=both or None,
                 **({"not": {"enum": sorted(reserved)}, "why": reserved_why} if reserved else {}))


def Matches(pattern: str, what: str, *, max_length: int = MAX_TEXT_LENGTH,
            doc: str = "") -> Schema:
    """A one-line string matching ``pattern`` in full; ``what`` says in words what is expected."""
    return Text(max_length=max_length, max_lines=1, math=False, pattern=pattern, what=what,
                doc=doc)


def Seed(doc: str = "") -> Schema:
    """A run's random seed: a whole number from 0, as its folder names it (``cifar10_seed42``).
    A number, not a label: ``42`` and ``"42"`` would be two seeds to the each-once check and
    the caption's count, and ``42.5`` names no run (round 47c, W31)."""
    return _doc(Number(whole=True, within=(0, MAX_MAGNITUDE),
                       bounded_by="a seed names its run, as its folder cifar10_seed<N> does"), doc)


def Indexes(*, what: str) -> Schema:
    """Positions counted from 0 (blocks), in order, each once: ``2.5`` or ``-1`` would draw a
    ``what`` that cannot exist (round 47c, W27)."""
    return ListOf(Number(whole=True, within=(0, MAX_MAGNITUDE),
                         bounded_by=f"a {what}'s index counts from 0"), increasing=True)


def OneOf(choices: Sequence[str], *, doc: str = "") -> Schema:
    """One of a fixed set of strings (e.g. an aggregate); anything else is refused."""
    return _doc({"enum": list(choices)}, doc)


def AnyObject(*, doc: str = "") -> Schema:
    """An object whose shape another schema checks (a figure's data inside the envelope)."""
    return _doc({"type": "object"}, doc)


def ListOf(item: Schema, *, min_length: int = 1, length: int | None = None,
           equal_lengths: bool = False, max_length: int | None = None, max_reason: str = "",
           increasing: bool = False, unique: bool = False, over_epochs: bool = False,
           doc: str = "") -> Schema:
    """A list of ``item``: ``length`` fixes its length, ``min_length``/``max_length`` bound it
    (the most entries the figure can show, and why); ``equal_lengths``: every item a list of
    one length (a series per seed); ``increasing`` numbers (epochs, blocks: else the line
    zigzags); ``unique`` entries (seeds: one seed listed thrice is not three seeds);
    ``over_epochs``: one entry per epoch, so not just one (an epoch axis of one epoch draws
    no change and ticks fractions: round 45c, W25)."""
    return _said(doc, type="array", items=item, minItems=min_length if length is None else length,
                 uniqueItems=True if unique else None,
                 maxItems=max_length if length is None else length,
                 why=max_reason if max_length is not None else None,
                 increasing=True if increasing else None,
                 overEpochs=True if over_epochs else None,
                 sameLength=[["*"]] if equal_lengths else None)


def Series(*, positive: bool = False, min_length: int = 1,
           within: tuple[float, float] | None = None, smallest: float | None = None,
           bounded_by: str = FIXED_AXIS, increasing: bool = False,
           max_length: int | None = None, max_reason: str = "",
           over_epochs: bool = False) -> Schema:
    """A list of numbers, one per epoch (``over_epochs``: not just one), layer or block."""
    return ListOf(Number(positive=positive, within=within, smallest=smallest,
                         bounded_by=bounded_by), min_length=min_length, increasing=increasing,
                  max_length=max_length, max_reason=max_reason, over_epochs=over_epochs)


def Epochs(*, min_length: int = 1) -> Schema:
    """Epoch numbers of a series: strictly increasing, as extraction checks the logs, and not
    just one (an epoch axis)."""
    return Series(min_length=min_length, increasing=True, over_epochs=True)


#: What any object in ``data`` may carry besides its fields: where its values come from.
SOURCE_NOTE = Text(max_length=1000, doc=NOTE)


def Record(fields: dict[str, Schema], *, optional: Sequence[str] = (),
           same_length: Sequence[Sequence[str]] = (), keys_among: Sequence[tuple[str, str]] = (),
           notes: bool = True, missing: str = "", doc: str = "") -> Schema:
    """An object with ``fields`` (keys in ``optional`` may be absent; others are refused,
    but for a ``source`` note unless not ``notes``; ``missing``: what to do when one is not
    there, as :func:`MapOf`'s, round 51c W17). Lists named in each group of
    ``same_length`` must be equally long (x against y): a name is a dotted path, ``[*]``
    stands for every element (``BP.h_L[*]``: each seed's series) and ``*`` for every value of
    an object (``final_test_acc.*``: each method's list). ``keys_among`` pairs ``(map,
    list)``: every key of the object ``map`` is one of ``list``'s values."""
    properties = {**fields, **({"source": SOURCE_NOTE} if notes and "source" not in fields
                               else {})}
    return _said(doc, type="object", properties=properties,
                 required=[key for key in fields if key not in optional],
                 additionalProperties=False, missingWhy=missing or None,
                 sameLength=[list(g) for g in same_length] if same_length else None,
                 keysAmong=[list(p) for p in keys_among] if keys_among else None)


def MapOf(value: Schema, *, keys: Sequence[str] = (), min_size: int = 0,
          equal_lengths: bool = False, known: Sequence[str] | None = None,
          key_pattern: str | None = None, key_what: str = "", missing: str = "",
          doc: str = "") -> Schema:
    """An object of free keys (methods) whose values all match ``value``: ``keys`` must be
    there (``missing``: what to do when one is not, ``{key}`` the key: "missing key" alone
    told no fix, round 49c W32), ``known`` lists every key allowed; free keys are checked as
    drawn text, or against ``key_pattern`` (``key_what`` in words); ``equal_lengths``: series
    against one x."""
    names = ({"enum": list(known)} if known is not None else
             {"pattern": f"^(?:{key_pattern})$", "why": key_what} if key_pattern else Text())
    return _said(doc, type="object", additionalProperties=value, propertyNames=names,
                 required=list(keys) if keys else None, missingWhy=missing or None,
                 minProperties=min_size or None,
                 sameLength=[["*"]] if equal_lengths else None)
