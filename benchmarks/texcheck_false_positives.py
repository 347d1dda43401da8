"""How often ``figures check-tex`` cries wolf on LaTeX nobody here wrote, and whether it still
catches planted stale numbers.

usage: python benchmarks/texcheck_false_positives.py [COLLECTION ...] [--dir DIR ...]
           [--figdata DIR] [--show N]

Each COLLECTION is the ``.tex`` (and Debian's ``.tex.gz``) files one Debian package installs,
listed by ``dpkg-query -L`` (see ``COLLECTIONS``; default: all of them). A collection whose
package is missing is named with the command that installs it; ``--dir DIR`` measures any
folder instead (on a system without dpkg, say). None of these files quotes our figdata, so
every number the check flags there is a false positive: the report gives, per collection,
files, numbers looked at, numbers flagged, false positives per 1000 numbers and files with
any; ``--show N`` prints the first N flags of each for judgment.

Then the planted-stale check, which must stay green:

- ``tests/tex/paper.tex``: every line marked ``% HAND`` or ``% STALE`` (``twice``, ``xN``:
  that many) is flagged that many times with that verdict, and no other line is;
- planted into the real files: after a prose line of each file of each collection, one line
  quoting a figdata value by hand (the macro's own text) and, where the check's window allows
  (one unit of the macro's last digit off, within 10% of the value), a stale copy of it, each
  with the words of its note, as an author writes them; both must be flagged, naming the
  macro.

Exit status 1 when a planted number is missed (or a flag appears elsewhere in paper.tex), 2
when no collection could be read.
"""

from __future__ import annotations

import argparse
import gzip
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from figures.data.jsonio import decode
from figures.numbers.macros import Quoted, quoted_values
from figures.numbers.texcheck import TEX_ENCODINGS, check_tex, count_numbers
from figures.numbers.texnumbers import parse_numbers
from figures.registry import FIGURES

REPO = Path(__file__).resolve().parent.parent
PAPER = REPO / "tests" / "tex" / "paper.tex"

#: name: (Debian package, what it holds). Journal and conference templates are the closest
#: to a paper; the documentation collections are prose, tables and code of other fields.
COLLECTIONS = {
    "templates": ("texlive-publishers-doc",
                  "journal and conference templates, sample papers and theses"),
    "science": ("texlive-science-doc", "documentation of TeX Live's science packages"),
    "humanities": ("texlive-humanities-doc",
                   "documentation of TeX Live's humanities packages"),
    "latex-base": ("texlive-latex-base", "LaTeX's own sources and documentation"),
}
#: The quoted value of tests/test_macros.py small enough for scientific notation (paper.tex
#: plants it); measured with the figdata values so that notation is exercised too.
GRAD = Quoted("fig1_audit_hero", "gradBPFirst", 0.00044, ".1e", "BP gradient norm, layer 0")


GOLDEN = (5 ** 0.5 - 1) / 2


def read(path: Path) -> str:
    """As check-tex reads a file (UTF-8, else Latin-1), through Debian's gzip if need be."""
    raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    return decode(raw, str(path), TEX_ENCODINGS)


def is_tex(path: str) -> bool:
    return path.endswith((".tex", ".tex.gz"))


def package_files(package: str) -> tuple[list[Path], str | None]:
    """The ``.tex`` files a Debian package installed, or why there are none."""
    install = f"apt-get install --no-install-recommends {package}"
    if shutil.which("dpkg-query") is None:
        return [], f"no dpkg-query here (not Debian?): install {package}'s files, pass --dir"
    proc = subprocess.run(["dpkg-query", "-L", package], capture_output=True, text=True,
                          check=False)
    if proc.returncode != 0:
        return [], f"missing: {install}"
    files = sorted(Path(p) for p in proc.stdout.splitlines() if is_tex(p) and Path(p).is_file())
    return files, None if files else f"no .tex files installed by {package}: {install}"


@dataclass
class Tally:
    name: str
    source: str
    files: int = 0
    numbers: int = 0
    flagged: int = 0
    hand: int = 0
    flagged_files: int = 0
    flags: list[str] = field(default_factory=list)
    planted: int = 0
    caught: int = 0
    extra: int = 0
    missed: list[str] = field(default_factory=list)

    @property
    def per_1000(self) -> float:
        return 1000 * self.flagged / max(self.numbers, 1)


_WORDS = re.compile(r"[A-Za-z][A-Za-z0-9-]*")


def subject(q: Quoted) -> str:
    """The words of a value's note an author writes beside it: the note without its
    parenthesised provenance and what follows a semicolon (``frozen baseline accuracy``)."""
    note = re.sub(r"\([^()]*\)", " ", q.note.split(";")[0])
    return " ".join(_WORDS.findall(note)) or q.macro


def stale_text(q: Quoted) -> str | None:
    """The macro's text one unit of its last digit off, if the check's window (within 10% of
    the value) covers it; else None."""
    own = next(parse_numbers(q.text))
    bumped = own.value + own.unit
    if abs(bumped - Decimal(repr(q.value))) > abs(Decimal(repr(q.value))) / 10:
        return None
    return Quoted(q.figure, q.macro, float(bumped), q.format, q.note).text


def prose_line(lines: list[str]) -> int | None:
    """Index of the middle prose line of the document body (eight words or more, no table
    cells, no comment, not a command line), or None."""
    start = next((i for i, line in enumerate(lines) if "\\begin{document}" in line), 0)
    prose = [i for i, line in enumerate(lines) if i > start and "%" not in line
             and "&" not in line and not line.lstrip().startswith("\\")
             and len(re.findall(r"\b[A-Za-z]{2,}\b", line)) >= 8]
    return prose[len(prose) // 2] if prose else None


def plant(tex: str, q: Quoted, tally: Tally, where: str) -> None:
    """Insert a hand-written and a stale copy of ``q`` after a prose line; check both are
    flagged naming its macro and that nothing else on that line is."""
    lines = tex.splitlines()
    at = prose_line(lines)
    if at is None:
        return
    stale = stale_text(q)
    words = subject(q)
    sentence = f"Our {words} reaches {q.text} here."
    if stale is not None:
        sentence += f" An older draft gave {stale} for the {words}."
    planted = [*lines[: at + 1], sentence, *lines[at + 1:]]
    flags = [p for p in check_tex("\n".join(planted), [q])
             if p.startswith(f"line {at + 2}:")]
    wanted = [(q.text, "written by hand")] + ([(stale, "stale number?")] if stale else [])
    for text, verdict in wanted:
        tally.planted += 1
        hit = [p for p in flags if f": {text} " in p and verdict in p and f"\\{q.macro}" in p]
        if hit:
            tally.caught += 1
        else:
            tally.missed.append(f"{where}:{at + 2}: {text} ({verdict.rstrip('?')}) not flagged "
                                f"in: {sentence}")
    tally.extra += max(0, len(flags) - len(wanted))


def dense(quoted: list[Quoted], count: int) -> list[Quoted]:
    """``count`` values spread evenly over [0, 1) (one in each 1/count, at a golden-ratio
    offset: full float digits, as measured values have), with the formats and notes of
    ``quoted`` in turn: a paper quoting every value a results table could hold (a stress
    test)."""
    return [Quoted(q.figure, f"{q.macro}{chr(65 + i // 26 % 26)}{chr(65 + i % 26)}",
                   (i + i * GOLDEN % 1) / count, q.format, q.note)
            for i, q in ((i, quoted[i % len(quoted)]) for i in range(count))]


def measure(tally: Tally, files: list[Path], quoted: list[Quoted], show: int,
            planting: bool = True) -> None:
    for i, path in enumerate(files):
        tex = read(path)
        tally.files += 1
        tally.numbers += count_numbers(tex)
        problems = check_tex(tex, quoted)
        tally.flagged += len(problems)
        tally.hand += sum("written by hand" in p for p in problems)
        tally.flagged_files += bool(problems)
        tally.flags += [f"{path}:{p.removeprefix('line ')}"
                        for p in problems][: show - len(tally.flags)]
        if planting:
            plant(tex, quoted[i % len(quoted)], tally, str(path))


def table(tallies: list[Tally]) -> None:
    header = ("collection", "package or folder", "files", "numbers", "flagged", "per 1000",
              "files with any")
    rows = [(t.name, t.source, str(t.files), str(t.numbers),
             f"{t.flagged} ({t.hand} hand, {t.flagged - t.hand} stale)", f"{t.per_1000:.2f}",
             str(t.flagged_files)) for t in tallies]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(c.ljust(w) if i < 2 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(row, widths, strict=True))))


_PLANTED = re.compile(r"%\s*(HAND|STALE)\b(?:\s+(twice|x(\d+)))?")


def check_paper(quoted: list[Quoted]) -> tuple[dict[str, int], int, list[str]]:
    """(planted per verdict, caught, problems) for tests/tex/paper.tex's marked lines."""
    expected: dict[int, tuple[str, int]] = {}
    text = PAPER.read_text(encoding="utf-8")
    for n, line in enumerate(text.splitlines(), 1):
        m = _PLANTED.search(line)
        if m:
            count = 2 if m.group(2) == "twice" else int(m.group(3) or 1)
            expected[n] = ("written by hand" if m.group(1) == "HAND" else "stale number?", count)
    flagged: dict[int, list[str]] = {}
    for problem in check_tex(text, quoted):
        flagged.setdefault(int(problem.split(":")[0].removeprefix("line ")), []).append(problem)
    problems = [f"line {n}: flagged but not planted: {p}" for n, ps in flagged.items()
                if n not in expected for p in ps]
    caught = 0
    for n, (verdict, count) in expected.items():
        hits = [p for p in flagged.get(n, []) if verdict in p]
        caught += min(len(hits), count)
        if len(hits) != count or len(flagged.get(n, [])) != count:
            problems.append(f"line {n}: {count} planted ({verdict.rstrip('?')}), flagged: "
                            f"{flagged.get(n, [])}")
    planted = {verdict: sum(c for v, c in expected.values() if v == verdict)
               for verdict in ("written by hand", "stale number?")}
    return planted, caught, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("collections", nargs="*", metavar="COLLECTION",
                        help=f"one of {', '.join(COLLECTIONS)} (default: all)")
    parser.add_argument("--dir", type=Path, action="append", default=[],
                        help="measure every .tex under DIR as one more collection")
    parser.add_argument("--figdata", type=Path, default=REPO / "figdata")
    parser.add_argument("--dense", type=int, default=0, metavar="N",
                        help="also measure with N values spread over [0, 1) (stress test)")
    parser.add_argument("--show", type=int, default=10, metavar="N",
                        help="print the first N flags of each collection (default 10)")
    args = parser.parse_args()
    unknown = [name for name in args.collections if name not in COLLECTIONS]
    if unknown:
        parser.error(f"unknown collection(s) {', '.join(unknown)}; known: "
                     f"{', '.join(COLLECTIONS)}")
    quoted = [*quoted_values(FIGURES, args.figdata), GRAD]
    names = args.collections or ([] if args.dir else list(COLLECTIONS))
    tallies: list[Tally] = []
    collection_files: list[list[Path]] = []
    missing: list[str] = []
    started = time.perf_counter()
    for name in names:
        package, _ = COLLECTIONS[name]
        files, why = package_files(package)
        if why:
            missing.append(f"{name}: {why}")
            continue
        tallies.append(Tally(name, package))
        collection_files.append(files)
        measure(tallies[-1], files, quoted, args.show)
    for folder in args.dir:
        files = sorted(p for p in [*folder.rglob("*.tex"), *folder.rglob("*.tex.gz")]
                       if p.is_file())
        if not files:
            missing.append(f"{folder}: no .tex files")
            continue
        tallies.append(Tally(folder.name or str(folder), str(folder)))
        collection_files.append(files)
        measure(tallies[-1], files, quoted, args.show)
    for line in missing:
        print(f"collection {line}", file=sys.stderr)
    if not tallies:
        print("no collection to measure", file=sys.stderr)
        return 2
    print(f"{len(quoted)} quoted values ({len(quoted) - 1} from {args.figdata}, "
          f"and paper.tex's {GRAD.text} \\{GRAD.macro}); {time.perf_counter() - started:.0f} s")
    table(tallies)
    failed = False
    print()
    planted, caught, problems = check_paper(quoted)
    failed |= bool(problems)
    print(f"planted in {PAPER.relative_to(REPO)}: {caught} of {sum(planted.values())} caught "
          f"({planted['written by hand']} by hand, {planted['stale number?']} stale)"
          + ("" if not problems else "; " + "; ".join(problems)))
    for t in tallies:
        failed |= t.caught < t.planted
        print(f"planted in {t.name}: {t.caught} of {t.planted} caught, {t.extra} other flags on "
              "the planted lines")
        for line in t.missed[:5]:
            print(f"  missed: {line}")
    if args.dense:
        stressed = [Tally(t.name, t.source) for t in tallies]
        for t, files in zip(stressed, collection_files, strict=True):
            measure(t, files, dense(quoted, args.dense), args.show, planting=False)
        print(f"\nstress test: {args.dense} values spread over [0, 1) with the formats and notes "
              "above")
        table(stressed)
        tallies += stressed
    for t in tallies:
        if t.flags:
            print(f"\nfirst flags in {t.name} ({t.source}):")
            for line in t.flags:
                print(f"  {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
