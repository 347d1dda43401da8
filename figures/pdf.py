"""Reading a PDF with pypdf, quietly: what pypdf logs or warns about a damaged file (``EOF
marker not found``) is collected for the one line that reports the file, never printed as a
bare line of its own. Every reading of a PDF goes through :func:`pypdf_said`."""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def pypdf_said() -> Iterator[list[str]]:
    """What pypdf logs and warns meanwhile, collected instead of printed."""
    messages: list[str] = []
    handler = _Collect(messages)
    logger = logging.getLogger("pypdf")
    propagate, logger.propagate = logger.propagate, False
    logger.addHandler(handler)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                yield messages
            finally:
                messages.extend(str(warning.message) for warning in caught)
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate


class _Collect(logging.Handler):
    def __init__(self, messages: list[str]) -> None:
        super().__init__()
        self.messages = messages

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())
