"""Write figures/data/latex_names.txt: the letters-only command names LaTeX already defines.

usage: python tools/latex_names.py   (needs pdflatex; run again on a newer TeX Live)

`figures macros` writes ``\\newcommand{\\NAME}``, which stops the paper's build with
"Command \\NAME already defined" when NAME exists (``\\S``, ``\\vec``, ``\\fi``, ...). The
figdata check refuses those names up front, from this list: every control sequence named
in the LaTeX kernel's sources and in the files that ``article`` and the packages below
read, kept when LaTeX reports it defined (``\\ifcsname``) after loading them.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from figures import runner

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "figures" / "data" / "latex_names.txt"
PACKAGES = ("amsmath", "amssymb", "amsthm", "bm", "color", "graphicx", "hyperref", "natbib",
            "url", "xfrac", "xspace")
PREAMBLE = "\\documentclass{article}\n" + "".join(f"\\usepackage{{{p}}}\n" for p in PACKAGES)
NAME = re.compile(r"\\([A-Za-z]+)")
#: Names a paper commonly has defined that the run above cannot see: environments (LaTeX
#: defines \\figure for {figure}), the report and book classes' \\chapter, and the commands
#: (not their internals) of packages and classes papers load that a minimal TeX Live lacks.
ALSO_RESERVED = (
    "abstract", "description", "figure", "table", "chapter",
    # natbib and cleveref
    "citep", "citet", "cref", "Cref", "crefname", "Crefname", "crefformat", "crefrange",
    "Crefrange", "labelcref", "namecref", "nameCref", "lcnamecref",
    # booktabs, multirow, colortbl and xcolor
    "toprule", "midrule", "bottomrule", "cmidrule", "addlinespace", "specialrule",
    "multirow", "rowcolor", "cellcolor", "columncolor", "textcolor", "colorbox",
    "fcolorbox", "definecolor", "colorlet",
    # siunitx (the commands defined outside \\unit{...})
    "SI", "si", "num", "qty", "unit", "percent", "ang", "tablenum", "numrange", "numlist",
    "SIrange", "SIlist", "qtyrange", "qtylist", "numproduct", "qtyproduct", "sisetup",
    "DeclareSIUnit", "complexnum", "complexqty",
    # mathtools, nicefrac, cancel
    "mathllap", "mathrlap", "mathclap", "coloneqq", "eqqcolon", "coloneq", "mathtoolsset",
    "DeclarePairedDelimiter", "shortintertext", "adjustlimits", "nicefrac", "cancel",
    "bcancel", "xcancel", "cancelto",
    # soul, ulem, todonotes
    "hl", "ul", "st", "so", "caps", "sethlcolor", "sout", "uline", "uuline", "uwave", "xout",
    "dashuline", "dotuline", "todo", "missingfigure", "listoftodos",
    # caption, subcaption, wrapfig, placeins, enumitem, microtype, tikz, lipsum
    "captionsetup", "captionof", "subcaption", "subcaptionbox", "subref", "wrapfigure",
    "FloatBarrier", "setlist", "newlist", "microtypesetup", "textls", "tikz",
    "usetikzlibrary", "tikzset", "pgfmathsetmacro", "lipsum", "blindtext",
    # algorithmicx (algpseudocode)
    "State", "Statex", "If", "ElsIf", "Else", "EndIf", "For", "ForAll", "EndFor", "While",
    "EndWhile", "Repeat", "Until", "Loop", "EndLoop", "Require", "Ensure", "Function",
    "EndFunction", "Procedure", "EndProcedure", "Call", "Comment", "Return",
    # the venues' classes and styles: acmart, llncs, IEEEtran, icml, neurips
    "email", "affiliation", "institute", "keywords", "acks", "orcid", "authornote",
    "ccsdesc", "setcopyright", "titlerunning", "authorrunning", "IEEEauthorblockN",
    "IEEEauthorblockA", "IEEEoverridecommandlockouts", "icmltitle", "icmlauthor",
    "icmlaffiliation", "icmlcorrespondingauthor", "icmlkeywords", "icmlsetsymbol",
    "printAffiliationsAndNotice", "icmlEqualContribution", "AND",
)


def _latex(folder: Path, body: str) -> str:
    (folder / "names.tex").write_text(PREAMBLE + body, encoding="ascii")
    runner.run(["pdflatex", "-recorder", "-interaction=batchmode", "-draftmode", "names.tex"],
               folder)
    return (folder / "names.log").read_text(encoding="latin-1")


def _sources(folder: Path) -> list[Path]:
    """The kernel's sources (the format is loaded, not them) and every file the preamble reads."""
    kernel = Path(runner.run(["kpsewhich", "latex.ltx"]).stdout.strip()).parent
    read = [p for p in runner.recorded(folder / "names.fls", folder)[0]
            if p.suffix in (".sty", ".cls", ".clo", ".def", ".cfg", ".ltx", ".fd")]
    return sorted({*kernel.glob("*.ltx"), *read})


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        _latex(folder, "\\begin{document}\\end{document}\n")
        sources = _sources(folder)
        candidates = sorted({m for path in sources
                             for m in NAME.findall(path.read_text(encoding="latin-1"))})
        checks = "".join(f"\\ifcsname {n}\\endcsname\\typeout{{DEFINED:{n}}}\\fi\n"
                         for n in candidates)
        log = _latex(folder, checks + "\\begin{document}\\end{document}\n")
    defined = sorted(set(re.findall(r"^DEFINED:([A-Za-z]+)$", log, flags=re.MULTILINE))
                     | set(ALSO_RESERVED))
    version = re.search(r"^This is pdfTeX, .*?\((TeX Live [^)]*)\)", log, flags=re.MULTILINE)
    header = [
        "# Letters-only command names LaTeX defines: \\newcommand{\\NAME} would fail on them.",
        f"# Generated by tools/latex_names.py ({version.group(1) if version else 'pdfTeX'}):",
        f"# the kernel's sources and the files read by article with {', '.join(PACKAGES)};",
        f"# {len(candidates)} names seen there, defined after loading them; and ALSO_RESERVED",
        "# (environments, \\chapter, the usual packages and venue classes a minimal TeX Live",
        f"# lacks): {len(defined)} in all.",
    ]
    TARGET.write_text("\n".join([*header, *defined]) + "\n", encoding="ascii")
    print(f"wrote {TARGET.relative_to(ROOT)}: {len(defined)} names from {len(sources)} files")
    return 0 if defined else 1


if __name__ == "__main__":
    sys.exit(main())
