"""The fault boundary around a figure's (its author's) code, one for every command.

Whatever the code raises, any :class:`BaseException` (``SystemExit``, ``GeneratorExit``, a
class of its own, one whose ``str()`` itself raises), is that figure's failure; only a stop
asked for from outside (Ctrl-C, SIGTERM: :func:`figures.signals.stop_requested`, or a
``KeyboardInterrupt`` raised outside the author's code) goes on up and ends the command.
"""

from __future__ import annotations

from figures.errors import author_frame
from figures.signals import stop_requested


def is_stop(exc: BaseException) -> bool:
    """Whether ``exc`` ends the command rather than fails one figure."""
    return isinstance(exc, KeyboardInterrupt) and (stop_requested() or author_frame(exc) is None)
