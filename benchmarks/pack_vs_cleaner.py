"""``figures pack`` beside arxiv-latex-cleaner, measured on the sample paper (docs/pack.md).

usage: python benchmarks/pack_vs_cleaner.py CLEANER [--figdata DIR]

CLEANER is an ``arxiv_latex_cleaner`` executable from a throwaway venv (it is no dependency
of ours: ``python -m venv /tmp/alc && /tmp/alc/bin/pip install arxiv-latex-cleaner==1.0.11``).
The sample paper is tests/papers/pack/ with the test's additions (our fig1_audit_hero, ICML
build, in a subfolder; a logo; an unused figure; a .git folder), plus a local package in a
subfolder (``styles/mystyle.sty``) and an ``lstlisting`` holding ``%``. It is compiled in
place first (the author's usual state: a .bbl beside the .tex). Each tool's output is then
compiled alone with pdflatex, and the facts of docs/pack.md's table are printed.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def sample(root: Path) -> Path:
    from PIL import Image

    paper = root / "paper"
    shutil.copytree(REPO / "tests" / "papers" / "pack", paper)
    (paper / "README.md").unlink()
    (paper / "figs" / "plots").mkdir(parents=True, exist_ok=True)
    figdata = root / "figdata"
    figdata.mkdir()
    shutil.copy(REPO / "tests" / "fixtures" / "fig1_audit_hero.json", figdata)
    run(["figures", "build", "fig1_audit_hero", "--figdata", str(figdata), "--venue", "icml",
         "--out", str(root / "built")], REPO)
    shutil.copy(root / "built" / "fig1_audit_hero.pdf", paper / "figs" / "plots" / "hero.pdf")
    Image.new("RGB", (40, 30), (200, 30, 30)).save(paper / "figs" / "logo.png")
    Image.new("RGB", (40, 30), (30, 30, 200)).save(paper / "figs" / "unused.png")
    (paper / ".git").mkdir()
    (paper / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (paper / "styles").mkdir()
    (paper / "styles" / "mystyle.sty").write_text(
        "\\ProvidesPackage{styles/mystyle}\n\\newcommand{\\mymark}{(mark)}% a style comment\n")
    main = paper / "main.tex"
    text = main.read_text().replace("\\usepackage{comment}\n", "\\usepackage{comment}\n"
                                    "\\usepackage{listings}\n\\usepackage{styles/mystyle}\n")
    main.write_text(text.replace("See \\url", "\\begin{lstlisting}\nx = 7 % 3  # modulo\n"
                                 "\\end{lstlisting}\n\\mymark{} See \\url"))
    run(["latexmk", "-pdf", "-interaction=nonstopmode", "main.tex"], paper)
    return figdata


def run(command: list[str], cwd: Path, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=check,
                          stdin=subprocess.DEVNULL, errors="replace")


def facts(name: str, folder: Path, seconds: float) -> dict[str, str]:
    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    main = (folder / "main.tex").read_text() if (folder / "main.tex").is_file() else ""
    intro = folder / "sections" / "intro.tex"
    compiled = "yes"
    for _ in range(2):
        done = run(["pdflatex", "-no-shell-escape", "-interaction=nonstopmode",
                    "-halt-on-error", "main.tex"], folder, check=False)
        if done.returncode:
            first = next((ln for ln in done.stdout.splitlines() if ln.startswith("!")), "?")
            compiled = f"no: {first}"
            break
    hero = folder / "figs" / "plots" / "hero.pdf"
    info = run(["pdfinfo", str(hero)], folder, check=False).stdout if hero.is_file() else ""
    return {
        "tool": name,
        "files": str(len(files)),
        "size (tar.gz bytes)": str(_tar_size(folder, files)),
        "seconds": f"{seconds:.1f}",
        "main.bbl": str("main.bbl" in files),
        "used figures (hero, logo)": str({"figs/plots/hero.pdf", "figs/logo.png"} <= set(files)),
        "unused figure left out": str("figs/unused.png" not in files),
        "styles/mystyle.sty kept": str("styles/mystyle.sty" in files),
        "no .git, no build products": str(not any(f.startswith(".") or f.endswith(
            (".aux", ".log", ".fls", ".blg", ".fdb_latexmk")) for f in files)),
        "private note gone": str("private note" not in main),
        "verbatim % kept": str("loss = 0.5 % of the batch" in main),
        "lstlisting % kept": str("x = 7 % 3  # modulo" in main),
        "URL % kept": str("a%20b" in main),
        "hidden line break kept": str("assignment%\n" in (intro.read_text()
                                                          if intro.is_file() else "")),
        "figure provenance in the packed figure": str("fa-audit-figures" in info),
        "compiles alone": compiled,
    }


def _tar_size(folder: Path, files: list[str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "a.tar.gz"
        with tarfile.open(out, "w:gz") as archive:
            for name in files:
                archive.add(folder / name, name)
        return out.stat().st_size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cleaner", type=Path)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        figdata = sample(root)
        start = time.perf_counter()
        run([str(args.cleaner), "paper"], root)
        rows.append(facts("arxiv-latex-cleaner", root / "paper_arXiv",
                          time.perf_counter() - start))
        for anonymous in ([], ["--anonymous"]):
            out = root / f"pack{len(anonymous)}.tar.gz"
            start = time.perf_counter()
            run(["figures", "pack", "paper", "--figdata", str(figdata), "--out", str(out),
                 *anonymous], root)
            seconds = time.perf_counter() - start
            unpacked = root / f"pack{len(anonymous)}"
            unpacked.mkdir()
            with tarfile.open(out) as archive:
                archive.extractall(unpacked, filter="data")
            rows.append(facts(f"figures pack {' '.join(anonymous)}".strip(), unpacked,
                              seconds))
    keys = list(rows[0])
    print("| | " + " | ".join(r["tool"] for r in rows) + " |")
    print("|---" * (len(rows) + 1) + "|")
    for key in keys[1:]:
        print(f"| {key} | " + " | ".join(r[key] for r in rows) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
