"""The one schema language: the shape of every file a user writes, checked before use.

A wrong shape must surface as ``FILE: data.rows[1].methods.BP.h_L[7]: expected a positive
number, got -3.0`` rather than as a matplotlib exception deep inside a render. Each figure
module declares ``SCHEMA`` with the few constructors below; the figdata envelope
(:mod:`figures.data.envelope`) and the venue file (:mod:`figures.venues`) are
written in the same language.

A check collects every problem of a value (``(where, message)`` pairs) and
:func:`validate` reports them at once, as one line. What JSON Schema can say of a shape,
:meth:`Schema.json_schema` writes (``figures schema``, for editors); what it cannot (mathtext,
lengths tied across fields) is said in its descriptions and checked here.
"""

from figures.data.schema.base import (
    MAX_LISTED,
    MAX_MAGNITUDE,
    Problem,
    Schema,
    raise_problems,
    validate,
)
from figures.data.schema.shapes import NOTE_KEYS, Epochs, ListOf, MapOf, Record, Rule, Series
from figures.data.schema.values import AnyObject, Matches, Number, OneOf, Scalar, Text

__all__ = ["MAX_LISTED", "MAX_MAGNITUDE", "NOTE_KEYS", "AnyObject", "Epochs", "ListOf", "MapOf",
           "Matches", "Number", "OneOf", "Problem", "Record", "Rule", "Scalar", "Schema",
           "Series", "Text", "raise_problems", "validate"]
