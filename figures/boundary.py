"""The fault boundary around a figure's (its author's) code, one for every command: anything
it raises is that figure's failure; only a stop asked for from outside ends the command
(docs/modules.md)."""

from __future__ import annotations

from figures.errors import author_frame
from figures.signals import stop_requested


def is_stop(exc: BaseException) -> bool:
    """Whether ``exc`` ends the command rather than fails one figure."""
    return isinstance(exc, KeyboardInterrupt) and (stop_requested() or author_frame(exc) is None)
