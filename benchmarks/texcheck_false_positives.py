"""False-positive rate of ``figures check-tex`` on LaTeX that nobody here wrote.

usage: python benchmarks/texcheck_false_positives.py [DIR ...] [--figdata DIR] [--show N]

Runs the check over every ``.tex`` (and Debian's ``.tex.gz``) under each DIR (default: the
TeX Live documentation and sources Debian installs, ``/usr/share/doc/texlive-doc`` and
``/usr/share/texlive``; ``apt-get install texlive-science-doc`` adds many) against this
repository's figdata, and reports how many numbers those files hold, how many the check
flags, per 1000 numbers and per file. None of these files quotes our figdata, so every flag
is a false positive; the first ``--show`` of them are printed for judgment.
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
from pathlib import Path

from figures.data.jsonio import decode
from figures.paper.macros import quoted_values
from figures.paper.texcheck import TEX_ENCODINGS, check_tex, parse_numbers
from figures.registry import FIGURES

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DIRS = (Path("/usr/share/doc/texlive-doc"), Path("/usr/share/texlive"))


def read(path: Path) -> str:
    """As check-tex reads a file (UTF-8, else Latin-1), through Debian's gzip if need be."""
    raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    return decode(raw, str(path), TEX_ENCODINGS)


def numbers_in(tex: str) -> int:
    """Numbers the check looks at: in lines outside comments and ``\\newcommand``."""
    count = 0
    for line in tex.splitlines():
        code = re.split(r"(?<!\\)%", line, maxsplit=1)[0]
        if "\\newcommand" not in code and "\\renewcommand" not in code:
            count += sum(1 for _ in parse_numbers(code))
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="*", type=Path, default=list(DEFAULT_DIRS))
    parser.add_argument("--figdata", type=Path, default=REPO / "figdata")
    parser.add_argument("--show", type=int, default=15)
    args = parser.parse_args()
    quoted = quoted_values(FIGURES, args.figdata)
    files = sorted(p for d in args.dirs if d.is_dir()
                   for p in [*d.rglob("*.tex"), *d.rglob("*.tex.gz")] if p.is_file())
    if not files:
        print("no .tex files found; apt-get install texlive-science-doc", file=sys.stderr)
        return 2
    numbers = flagged = hand = flagged_files = 0
    shown = []
    for path in files:
        tex = read(path)
        numbers += numbers_in(tex)
        problems = check_tex(tex, quoted)
        flagged += len(problems)
        hand += sum("written by hand" in p for p in problems)
        flagged_files += bool(problems)
        shown += [f"{path}:{p.removeprefix('line ')}" for p in problems][: args.show - len(shown)]
    print(f"{len(files)} .tex files, {numbers} numbers, {len(quoted)} quoted figdata values")
    print(f"flagged {flagged} numbers ({hand} 'written by hand', {flagged - hand} 'stale') "
          f"in {flagged_files} files")
    print(f"false positives: {1000 * flagged / max(numbers, 1):.2f} per 1000 numbers, "
          f"{flagged / len(files):.3f} per file; files with any: "
          f"{100 * flagged_files / len(files):.1f}%")
    for line in shown:
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
