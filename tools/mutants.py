"""Mutation check of the golden suite: is every visible style change caught?

usage: python tools/mutants.py [--per-kind N] [--judge {both,vector}] [--list] [MODULE ...]

Finds style-bearing values in the figure modules and the style module (colours, line widths,
markers, marker sizes, font sizes, label and title texts, axis limits, figure sizes, legend
locations, alphas), and for each one in turn: changes it in the source, renders the affected
figures from figdata/ to confirm the pixels change (a mutant that changes no pixel is
invisible and not counted), then runs ``pytest --mpl`` on those figures' golden images, which
must fail. Ends with ``caught K of V visible mutants``; exit 1 if any visible mutant survived.
``--judge vector`` runs the golden tests as off the reference environment (vector content
the only judge: tests/golden/vector.py), to show that judge alone catches them too.
The source is restored after every mutant, also on Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "figures"
#: Modules whose code draws, relative to figures/ without ".py": every module of plots/ (one
#: per figure, and the private helpers a family shares) and the style module all share.
MODULES = (*sorted(f"plots/{p.stem}" for p in (PACKAGE / "plots").glob("*.py")
                   if p.name != "__init__.py"), "style")

_NUM = r"(-?\d+(?:\.\d+)?(?:e-?\d+)?)"
_STR = r"""(["'])((?:(?!\2).)*)\2"""
#: kind -> pattern; group "v" is the value replaced by ``_mutate``.
PATTERNS: dict[str, str] = {
    "colour": r"""(?P<q>["'])(?P<v>#[0-9a-fA-F]{6})(?P=q)""",
    "linewidth": rf"\b(?:lw|linewidth|linewidths)=(?P<v>{_NUM[1:-1]})",
    "marker": r"""\bmarker=(?P<q>["'])(?P<v>[osD^v.x*])(?P=q)""",
    "marker size": rf"\b(?:markersize|ms|s)=(?P<v>{_NUM[1:-1]})",
    "font size": rf"\bfontsize=(?P<v>{_NUM[1:-1]})",
    "rc font size": r'"[\w.]*size": (?P<v>\d+(?:\.\d+)?)\b',
    # Module-level named constants (LINEWIDTH = 1.5, GRID_ALPHA = 0.3, FIGSIZE = (10, 7), ...)
    "linewidth constant": rf"^[A-Z_]*(?:WIDTH|_LW)[A-Z_]* = (?P<v>{_NUM[1:-1]})",
    "alpha constant": rf"^[A-Z_]*ALPHA[A-Z_]* = (?P<v>{_NUM[1:-1]})",
    "size constant": rf"^(?![A-Z_]*FIG)[A-Z_]*SIZE[A-Z_]* = (?P<v>{_NUM[1:-1]})",
    "figure size constant": rf"^[A-Z_]*FIGSIZE[A-Z_]* = \((?P<v>{_NUM[1:-1]}),",
    "limit constant": rf"^[A-Z_]*LIM[A-Z_]* = \((?P<v>{_NUM[1:-1]}),",
    "text constant": r"""^[A-Z_]*(?:TITLE|LABEL)[A-Z_]* = \(?r?(?P<q>["'])(?P<v>[^"'{}\\$]{3,})""",
    "single-letter colour": r"""^[A-Z_]*COLOU?RS? = .*?:\s*(?P<q>["'])(?P<v>[bgrcmyk])(?P=q)""",
    "alpha": rf"\balpha=(?P<v>{_NUM[1:-1]})",
    "legend location": r"""\bloc=(?P<q>["'])(?P<v>(?:upper|lower|center) ?\w*)(?P=q)""",
    "figure size": rf"\bfigsize=\((?P<v>{_NUM[1:-1]}),",
    "axis limit": rf"\bset_[xy]lim\((?P<v>{_NUM[1:-1]}),",
    "text": r"""\b(?:set_title|set_xlabel|set_ylabel|suptitle)\((?P<q>f?["'])(?P<v>[^"'{}\\]{3,})""",
}


@dataclass(frozen=True)
class Mutant:
    module: str
    line: int
    kind: str
    old: str
    new: str
    start: int
    end: int

    def __str__(self) -> str:
        return f"figures/{self.module}.py:{self.line} {self.kind}: {self.old!r} -> {self.new!r}"


def _mutate(kind: str, value: str) -> str:  # noqa: PLR0911 - one branch per kind
    if kind == "single-letter colour":
        return "g" if value != "g" else "m"
    if kind == "colour":
        return "#" + "".join("0123456789abcdef"[(int(c, 16) + 5) % 16] for c in value[1:])
    if kind == "marker":
        return "x" if value != "x" else "o"
    if kind == "legend location":
        return "lower left" if value != "lower left" else "upper right"
    if kind in ("text", "text constant"):
        return "X " + value
    number = float(value)
    if kind in ("alpha", "alpha constant"):
        return repr(round(number * 0.5 if number > 0.5 else number + 0.3, 3))
    if kind in ("axis limit", "limit constant"):
        return repr(number * 1.5 if number < 0 else number * 0.5 if number > 0 else -0.1)
    return repr(round(number * 1.5 + 0.5, 3))


def find_mutants(modules: list[str], per_kind: int) -> list[Mutant]:
    mutants = []
    for module in modules:
        lines = (PACKAGE / f"{module}.py").read_text(encoding="utf-8").splitlines(keepends=True)
        seen: dict[str, int] = {}
        offset = 0
        for number, line in enumerate(lines, 1):
            code = line.split("#", 1)[0] if "#" in line and '"#' not in line else line
            if code.lstrip().startswith(("def ", '"""', "@")):
                offset += len(line)
                continue
            for kind, pattern in PATTERNS.items():
                for match in re.finditer(pattern, code):
                    if seen.get(kind, 0) >= per_kind:
                        break
                    value = match.group("v")
                    seen[kind] = seen.get(kind, 0) + 1
                    mutants.append(Mutant(module, number, kind, value, _mutate(kind, value),
                                          offset + match.start("v"), offset + match.end("v")))
            offset += len(line)
    return mutants


def affected_figures(module: str) -> list[str]:
    from figures.registry import FIGURES

    if module == "style":
        return [spec.name for spec in FIGURES]
    path = PACKAGE / f"{module}.py"
    return [s.name for s in FIGURES if path in s.source_files()]


RENDER_SNIPPET = """
import io, sys
from pathlib import Path
from figures.data import figdata
from figures.outputs.render import save
from figures.registry import BY_NAME
out = Path(sys.argv[1])
for name in sys.argv[2:]:
    spec = BY_NAME[name]
    fig = spec.render(figdata.load(spec.figdata_path(Path("figdata")), name)["data"])
    save(spec, fig, out / f"{name}.png", dpi=100, bbox_inches=spec.outputs[0].bbox_inches)
"""


def render(names: list[str], out: Path) -> dict[str, np.ndarray]:
    from matplotlib.image import imread

    out.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-c", RENDER_SNIPPET, str(out), *names], cwd=ROOT,
                   check=True, capture_output=True)
    return {name: imread(out / f"{name}.png") for name in names}


def changed(clean: dict[str, np.ndarray], mutated: dict[str, np.ndarray]) -> bool:
    return any(a.shape != mutated[n].shape or not np.array_equal(a, mutated[n])
               for n, a in clean.items())


def tests_fail(names: list[str], judge: str) -> bool:
    selector = " or ".join(f"test_figure_matches_baseline and {n}" for n in names)
    env = {**os.environ, "FIGURES_GOLDEN_VECTOR_ONLY": "1" if judge == "vector" else ""}
    status = subprocess.call(
        [sys.executable, "-m", "pytest", "--mpl", "tests/golden/test_images.py", "-q", "-x",
         "-p", "no:cacheprovider", "-k", selector],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return status != 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", default=list(MODULES))
    parser.add_argument("--per-kind", type=int, default=2,
                        help="mutants per kind of value per module (default 2)")
    parser.add_argument("--judge", choices=("both", "vector"), default="both",
                        help="the golden tests' judges: both (this machine's, the reference: "
                             "pixels and vector content) or vector content alone")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    args = parser.parse_args()
    mutants = find_mutants(args.modules, args.per_kind)
    if args.list:
        for mutant in mutants:
            print(mutant)
        print(f"{len(mutants)} mutants")
        return 0
    if tests_fail(affected_figures("style"), args.judge):
        print("mutants: the golden suite fails before any mutation; fix that first")
        return 2
    caught = visible = 0
    survivors = []
    with tempfile.TemporaryDirectory() as tmp:
        clean = {m: render(affected_figures(m), Path(tmp) / f"clean-{m}") for m in args.modules}
        for i, mutant in enumerate(mutants):
            path = PACKAGE / f"{mutant.module}.py"
            original = path.read_text(encoding="utf-8")
            try:
                path.write_text(original[:mutant.start] + mutant.new + original[mutant.end:],
                                encoding="utf-8")
                names = affected_figures(mutant.module)
                try:
                    pixels = render(names, Path(tmp) / f"mutant-{i}")
                except subprocess.CalledProcessError:
                    print(f"ERROR     {mutant} (the mutated code does not render)")
                    continue
                if not changed(clean[mutant.module], pixels):
                    print(f"invisible {mutant}")
                    continue
                visible += 1
                if tests_fail(names, args.judge):
                    caught += 1
                    print(f"caught    {mutant}")
                else:
                    survivors.append(mutant)
                    print(f"SURVIVED  {mutant}")
            finally:
                path.write_text(original, encoding="utf-8")
    print(f"caught {caught} of {visible} visible mutants")
    return 0 if caught == visible else 1


if __name__ == "__main__":
    sys.exit(main())
