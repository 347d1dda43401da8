"""The one schema language: the shape of every file a user writes, checked before use, every
problem of a value reported at once as one line (docs/modules.md)."""

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
