"""The one error type a user sees: a file, a key, and what was expected, on one line."""

from __future__ import annotations


class FigureDataError(Exception):
    """Bad or missing input, reported as ``FILE: KEY: MESSAGE`` without a traceback."""

    def __init__(self, file: str, key: str | None, message: str) -> None:
        self.file, self.key, self.message = str(file), key, message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.file}: {self.key}" if self.key else self.file
        return f"{where}: {self.message}"
