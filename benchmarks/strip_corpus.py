"""The comment stripping of ``figures pack`` on LaTeX nobody here wrote: every file read
without an error, and stripping twice gives what stripping once gave.

usage: python benchmarks/strip_corpus.py FILE.tex ...
(e.g. ``find /usr/share/texlive -name '*.tex' | head -150 | xargs python benchmarks/strip_corpus.py``)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from figures.errors import FigureDataError
from figures.pack.strip import strip_comments


def main(paths: list[str]) -> int:
    errors = unstable = chars = 0
    start = time.perf_counter()
    for name in paths:
        text = Path(name).read_text(encoding="utf-8", errors="surrogateescape")
        chars += len(text)
        try:
            once = strip_comments(text, name)
        except FigureDataError as exc:
            errors += 1
            print(exc)
            continue
        if strip_comments(once, name) != once:
            unstable += 1
            print(f"{name}: stripping twice differs from stripping once")
    seconds = time.perf_counter() - start
    print(f"{len(paths)} files, {chars / 1e6:.1f} M characters: {errors} errors, {unstable} "
          f"not idempotent, {seconds:.0f} s ({seconds / max(chars, 1) * 1e5:.2f} s per 100 k "
          "characters, each stripped twice)")
    return 1 if errors or unstable else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
