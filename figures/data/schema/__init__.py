"""The one schema language: the shape of every file a user writes, checked before use, every
problem of a value reported at once as one line (docs/modules.md)."""

from figures.data.schema.base import Problem, Schema
from figures.data.schema.shapes import Epochs, ListOf, MapOf, Record, Series
from figures.data.schema.values import AnyObject, Matches, Number, OneOf, Scalar, Text

__all__ = ["AnyObject", "Epochs", "ListOf", "MapOf", "Matches", "Number", "OneOf", "Problem",
           "Record", "Scalar", "Schema", "Series", "Text"]
