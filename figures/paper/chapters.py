r"""The chapters ``\includeonly`` leaves out (hostile round 42a, A66).

A thesis or long paper worked on one chapter at a time keeps ``\includeonly{sec/intro}`` in
its preamble: LaTeX then typesets none of the other ``\include``\ d files (it reads only their
``.aux``). An include of ours there was listed as "ours, not in the paper": untrue (the
source includes it), and nothing said why it was passed over, so the full paper, once
``\includeonly`` goes, stopped on a missing file.

The decision: such an include is neither refused nor copied, but said in one note naming its
``file:line`` and the ``\includeonly`` that leaves it out. Not refused: ``\includeonly`` is
LaTeX's standard way to work on one chapter, and refusing blocks every sync while it is there
(hostile rounds 17, U1, and 18, R19: that refusal was judged a block, and mended); not
copied: sync copies each figure built for the width TeX prints it at, and TeX prints nothing
of a chapter it leaves out (a width read from the source alone is a guess). Sync without the
``\includeonly`` once copies it. An include TeX did not typeset for another reason (a test such
as ``\IfFileExists`` around it, in a chapter TeX typesets) stays a refused row
(:func:`figures.paper.builds.untypeset`), as docs/paper.md says.

A file is left out when it is an ``\include``\ d chapter the ``\includeonly`` list does not name,
or when every file that inputs it is left out (a chapter's own ``\input{sec/results_fig}``).
The sources are read as :func:`figures.paper.latex.read_paper` reads them (comments and
``\iffalse`` blanked): TeX's recorder lists a left-out chapter too (LaTeX looks its name up),
so it cannot tell."""

from __future__ import annotations

import re
from pathlib import Path

from figures.paper.latex import SOURCE_LIMIT, Paper, read_bounded, search_sources, shown_path
from figures.texread import blanked

#: ``\includeonly{sec/intro, sec/method}``: the chapters LaTeX typesets of those ``\include``\ d.
ONLY = re.compile(r"\\includeonly\s*\{([^}]*)\}")
#: ``\input{x}``, ``\include{x}``, ``\subfile{x}``: a file read from another (group 1: the
#: command, 2: the name as written).
_READS = re.compile(r"\\(input|include|subfile)(?![A-Za-z@])\s*\{\s*([^{}]*?)\s*\}")


def left_out(paper: Paper) -> tuple[str, set[Path]] | None:
    r"""Where the paper's ``\includeonly`` is (``main.tex:3``) and the files it leaves out
    (resolved); None when it has none. ``paper``: read from its source
    (:func:`figures.paper.latex.read_paper`)."""
    found = search_sources(paper, ONLY)
    if found is None:
        return None
    path, line, match = found
    root = paper.root
    only = {_file(root, name) for name in match[1].split(",") if name.strip()}
    parents: dict[Path, set[Path]] = {}
    chapters: set[Path] = set()
    for source in paper.sources:
        text = blanked(read_bounded(source, SOURCE_LIMIT) or "")
        for command, name in _READS.findall(text):
            child = _file(root, name)
            parents.setdefault(child, set()).add(source.resolve())
            if command == "include" and child not in only:
                chapters.add(child)
    main = paper.main.resolve()
    out: set[Path] = set()
    for source in paper.sources:
        if _out(source.resolve(), chapters, parents, main, set()):
            out.add(source.resolve())
    return f"{shown_path(path, root)}:{line}", out


def _out(file: Path, chapters: set[Path], parents: dict[Path, set[Path]], main: Path,
         seen: set[Path]) -> bool:
    """Whether ``file`` is a left-out chapter, or read only from files left out."""
    if file in chapters:
        return True
    if file == main or file in seen or not parents.get(file):
        return False
    seen = seen | {file}
    return all(_out(p, chapters, parents, main, seen) for p in parents[file])


def _file(root: Path, name: str) -> Path:
    r"""The file ``\include{name}`` reads: ``name.tex`` from the main file's folder (the name
    as written when it is there with its own extension)."""
    path = root / name.strip()
    return (path if path.suffix == ".tex" or (path.is_file() and not
            (root / f"{name.strip()}.tex").is_file()) else root / f"{name.strip()}.tex").resolve()


def left_out_lines(main: Path, missing: list[str]) -> list[tuple[str, str]]:
    r"""Each figure of ours in ``missing`` (TeX typeset no include of it) whose includes are
    all in chapters ``\includeonly`` leaves out (:func:`left_out`), and the one line that
    says so: ``sec/results.tex:3: cifar_feature_drift: left out by \includeonly at
    main.tex:3, so not synced ...``. Such a figure is in the paper, so not "ours, not in the
    paper"."""
    from figures.paper.includes import includes_of, name_of
    from figures.paper.latex import read_paper

    try:  # a source the parser cannot read: no line, as builds.untypeset
        paper = read_paper(main.parent, Path(main.name))
        found = left_out(paper)
        includes = includes_of(paper)[0] if found else []
    except Exception:  # noqa: BLE001 - what raises here is no line
        return []
    if found is None:
        return []
    where, out = found
    named: dict[str, list] = {}
    for include in includes:
        if (name := name_of(include.written)) in missing:
            named.setdefault(name, []).append(include)
    said = []
    for name, each in named.items():
        if each and all(i.tex.resolve() in out for i in each):
            at = f"{shown_path(each[0].tex, paper.root)}:{each[0].line}"
            line = (f"{at}: {name}: left out by \\includeonly at {where}, so not synced (the "
                    "full paper needs it: sync once without the \\includeonly to copy it)")
            said.append((name, line))
    return said
