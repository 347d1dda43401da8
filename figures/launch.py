"""The ``figures`` command's entry point (and ``python -m figures``).

Importing the CLI imports numpy and the package (a tenth of a second): a Ctrl-C in that
time is one line too, not a traceback from the middle of an import.
"""

from __future__ import annotations

import sys


def main() -> int:
    try:
        from figures.cli import main as run
    except KeyboardInterrupt:
        print("interrupted; nothing was written", file=sys.stderr)
        return 130
    return run()
