"""What of the user's environment the paper's compile reaches, and the archive's must not.

kpathsea searches the folders a shell exports (``TEXINPUTS``...) and the user's own TeX tree
(``~/texmf``), and expands ``~`` and ``$VAR`` in a file name (``\\input{~/labdefs}``,
``\\includegraphics{$LABDIR/logo}``) past ``openin_any=p``, which judges the name before. So
the compile from the archive alone runs with none of the user's environment (an empty HOME:
:func:`figures.runner.run`'s ``home``), and the paper's own compile, whose recorder lists each
file it opened by its absolute path, tells a file it read from a folder ``~`` or a ``$VAR``
names (round 45b, K29/K30): the archive does not hold it, and arXiv has no such folder.
"""

from __future__ import annotations

import itertools
import os
import re
from pathlib import Path

from figures import runner
from figures.errors import LatexError, display_path
from figures.pack import gpaths
from figures.pack.images import IMAGE_SUFFIXES
from figures.texread import blanked

#: kpathsea's search paths a shell may export (``TEXINPUTS``, ``BSTINPUTS``, ``TEXMFHOME``,
#: ``TEXINPUTS.pdflatex``...): a folder outside the paper's that the proof compile must not see.
_SEARCH = re.compile(r"(?:\w*(?:INPUTS|FONTS)|TEXFONTMAPS|TEXPSHEADERS|TEXPICTS|TEXMF\w*)"
                     r"(?:[._]\w+)?")
#: kpathsea's trees of TeX's own files, the user's among them, and its font caches.
_TREES = "$TEXMF:$TEXMFROOT:$VARTEXFONTS:$TEXMFCACHE:$OSFONTDIR"


def search_paths(name: str = "") -> list[str]:
    """The kpathsea search paths the user exports, which the paper's compile searches; with a
    file's ``name``, those of them whose folders hold where kpathsea finds it (``TEXINPUTS``
    alone for a ``.sty`` when ``BIBINPUTS`` is exported too: hostile round 47b, K1), all of
    them when it finds it in none."""
    exported = sorted(var for var in os.environ if _SEARCH.fullmatch(var))
    found = runner.run(["kpsewhich", name], Path.cwd()).stdout.strip() if name and exported \
        and runner.have("kpsewhich") else ""
    return [var for var in exported if found and any(
        folder.strip("!") and Path(found).resolve().is_relative_to(
            Path(folder.strip("!").rstrip("/") or "/").expanduser().resolve())
        for folder in os.environ[var].split(os.pathsep))] or exported


def exported_files(suffix: str, variable: str = "BIBINPUTS", most: int = 2000) -> list[Path]:
    """Files ending in ``suffix`` in the folders the exported ``variable`` names (below them
    too for kpathsea's ``//``), at most ``most``: where bibtex found a ``.bib`` outside the
    paper's folder (hostile round 47b, K1)."""
    found: list[Path] = []
    for folder in os.environ.get(variable, "").split(os.pathsep):
        if (base := folder.strip("!").rstrip("/")) and len(found) < most:
            base_path = Path(base).expanduser()
            found += itertools.islice(base_path.rglob(f"*{suffix}") if folder.endswith("//")
                                      else base_path.glob(f"*{suffix}"), most - len(found))
    return [path for path in found if path.is_file()]


def alone(folder: Path) -> dict[str, str | None]:
    """What a compile from the archive in ``folder`` is given beside :func:`figures.runner.run`'s
    own environment, run with an empty ``home``: no TeX tree of the user's, paranoid reading."""
    return {"TEXMFHOME": str(folder / ".no-texmf-home"), "openin_any": "p"}


def in_home_tree(name: str) -> str | None:
    """Where kpathsea finds ``name`` in the user's own TeX tree (``~/texmf``: the paper's
    compile searches it, the archive's and arXiv's do not), else None."""
    if not runner.have("kpsewhich"):
        return None
    home = runner.run(["kpsewhich", "-var-value=TEXMFHOME"], Path.cwd()).stdout.strip()
    found = runner.run(["kpsewhich", name], Path.cwd()).stdout.strip()
    return found if home and found and Path(found).resolve().is_relative_to(
        Path(home).expanduser().resolve()) else None


def expanded_hint(missing: str) -> str:
    """What to do when the archive's compile did not find ``missing``, a name with ``~`` or
    ``$`` in it ("" for another name)."""
    if not re.match(r"~|[^$]*\$", missing):
        return ""
    return ("; TeX expands ~ and $VARIABLE in a file name from your environment, which the "
            "archive's compile (and arXiv's) does not have: copy that file into the paper's "
            "folder and name it from there")


def _folders() -> list[Path]:
    """The folders whose files a compile reads as TeX's or the user's TeX setup's, not the
    paper's: kpathsea's trees (:data:`_TREES`) and the search paths the shell exports (said
    by the archive's compile when it misses one)."""
    listed = [os.environ[name] for name in search_paths()]
    if runner.have("kpsewhich"):
        listed.append(runner.run(["kpsewhich", f"-expand-braces={_TREES}"], Path.cwd()).stdout)
    parts = (part.strip().removeprefix("!!").rstrip("/") for value in listed
             for part in value.split(os.pathsep))
    return [Path(part) for part in parts if part.startswith("/") and part != ""]


def _bases() -> list[tuple[str, Path]]:
    """Each way kpathsea expands a name into a folder: ``~`` (HOME) and every ``$VAR`` that
    names an absolute folder (not ``/`` itself)."""
    found = [("~", Path(os.environ["HOME"]))] if os.environ.get("HOME", "/") != "/" else []
    return found + [(f"${name}", Path(value)) for name, value in sorted(os.environ.items())
                    if value.startswith("/") and value.rstrip("/") and Path(value).is_dir()]


def refuse_expanded(read: list[Path], paper: Path, copy: Path, out: Path,
                    names: list[str], main: str) -> None:
    """Stop on the first of ``read`` (absolute: the recorder's) that the compile of ``copy``
    (its output in ``out``; ``names`` its sources, relative) opened in a folder ``~`` or a
    ``$VAR`` names, outside TeX's own trees: one line naming the line of the source that
    names it (else the file) and what to do."""
    inside = [copy, copy.resolve(), out, out.resolve()]
    outside = [p for p in read if not any(p.is_relative_to(root) for root in inside)]
    if not outside or not (bases := _bases()):
        return
    trees = _folders()
    if not (outside := [p for p in outside if not any(p.is_relative_to(t) for t in trees)]):
        return  # TeX's own files
    texts = {name: blanked(runner.read_bounded(copy / name, 1 << 24) or "") for name in names
             if not name.lower().endswith((*IMAGE_SUFFIXES, ".pdf", ".eps"))}
    written = gpaths.absolute(texts.values())  # /home/me/paper/figs/: not through ~ (50b, K24)
    for path in outside:
        if any(str(path.with_suffix("")) in text for text in texts.values()) or any(
                path.is_relative_to(folder) for folder in written):
            continue  # named as it is: the archive's compile says so
        ways = [(token, base, path.relative_to(base)) for token, base in bases
                if path.is_relative_to(base)]
        if not ways:
            continue
        where, token, base = main, *ways[0][:2]
        for (token_, base_, tail), (name, text) in ((w, t) for w in ways for t in texts.items()):
            said = re.escape(token_) if token_ == "~" else \
                rf"\$(?:{re.escape(token_[1:])}\b|\{{{re.escape(token_[1:])}\}})"
            line = next((n for n, words in enumerate(text.splitlines(), 1) if re.search(
                said, words) and tail.with_suffix("").as_posix() in words), None)
            if line is not None:
                where, token, base = f"{name}:{line}", token_, base_
                break
        how = "your home folder" if token == "~" else f"{display_path(str(base))}, from your shell"
        own = path.resolve().is_relative_to(paper.resolve())
        raise LatexError(where, None, (
            f"reads {display_path(str(path))} through {token} ({how}; TeX expands it in a file "
            "name), which the archive's compile, and arXiv's, does not have: " + (
                f"name it {path.resolve().relative_to(paper.resolve()).as_posix()}, relative "
                "to the paper's folder" if own else
                "copy that file into the paper's folder and name it from there")))
