"""The archive proven: compiled alone, in an empty folder, its PDF read against the paper's
own; and, when a source's stripping breaks that, the one fallback: the source packed with
what the stripping took out of it (its comments, the bodies of environments read as hidden,
what follows where its reading was taken to end), the least that mends it, said in one
warning naming the file and what was kept, and why."""

from __future__ import annotations

import itertools
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from figures.errors import LatexError, display_path
from figures.pack import archive, frames, inputs, notices, placing, refs, tex
from figures.pack.strip import KINDS
from figures.texcodec import decoded

#: A source's archive bytes with those of :data:`~figures.pack.strip.KINDS` kept.
Variant = Callable[[frozenset[str]], bytes]


def proved(paper: Path, files: dict[str, bytes], kind: str, main: str,
           compiled: bytes, notes: list[str] | None = None
           ) -> tuple[bytes, bytes, int, list[list[str]], str, tuple[bytes, str] | float | str | None]:
    """The archive, its PDF compiled from it alone, the runs, the page texts of the
    paper's own compile and the archive's, the archive's log's text, and, on a sign of
    draft (:func:`figures.pack.frames.signed`), the PDF and log of the archive compiled again
    forced final, else None (its limit, when cut there; its first error, when it fails:
    :func:`figures.pack.tex.prove_final`;
    :class:`~figures.errors.LatexError` when it does not compile). A file the paper reads by
    an absolute name is not in the archive: one line naming it; so is a reference the archive leaves undefined that the author's own log
    defines (:func:`figures.pack.refs.checked`; ``notes``: its warning, when it can compare
    with none)."""
    data = archive.encode(files, kind)
    with tempfile.TemporaryDirectory(prefix="figures-pack-proof-") as proof:
        archive.unpack(data, kind, Path(proof))
        started = time.monotonic()

        def outside(stopped: str = "") -> str:
            """Refuse a file read by a name the archive's compile cannot open, or one that
            stopped it (``stopped``: round 37, K9, ``\\input{/abs/path/into/the/folder}``);
            the archive's log's text."""
            logged = inputs.log_text(Path(proof) / f"{Path(main).stem}.log")
            left = inputs.left_outside(paper, logged)
            if (found := re.search(r"File `((?:/|\.\./)[^']*)' not found", stopped)) and (
                    paper / found[1]).is_file():
                left = [(found[1], f"as TeX's log says: File `{found[1]}' not found")]
            if left:
                inputs.refuse_outside(paper, left[0], {name: decoded(text)
                                                       for name, text in files.items()}, main)
            return logged
        try:
            pdf, runs = tex.prove(Path(proof), main, paper)
        except LatexError as error:
            outside(str(error))
            raise
        took = (time.monotonic() - started) / runs  # one run: the forced compile's measure
        logged = outside()
        refs.checked(paper, main, logged, notes)
        forced = tex.prove_final(Path(proof), main, took, paper.resolve()) if frames.signed(
            notices.texts(files), logged) else None  # round 30: frames asked of TeX
        unread: list[int] = []
        texts = [page_texts(compiled), page_texts(pdf, unread)]
    if notes is not None:  # round 34, P5: that page's text unknown, the rest goes on
        notes += [placing.unread_page(main, number, "its text could not be read (what it prints was "
                              "not compared with the paper's, nor checked)")
                  for number in unread]
    return data, pdf, runs, texts, logged, forced


def proved_or_kept(paper: Path, files: dict[str, bytes], variants: dict[str, Variant],
                   kind: str, main: str, compiled: bytes, warnings: list[str],
                   why_kept: Callable[[str, frozenset], str],
                   comments: Callable[[str], int] = lambda name: 0):
    """:func:`proved` of ``files``; when the archive does not compile alone, or prints other
    text than the paper: the stripped source (of ``variants``) that mends it packed with
    what its stripping took out, the least of it that does (its comments alone, the hidden
    environments' bodies alone, what follows its end alone, else all; of its ``comments``,
    the one that mends it where one does: a listing of some lines prints theirs), said in one
    warning naming it, what was kept and why (``why_kept``); several at once as they are. The
    reading of comments guesses where TeX reads verbatim or hides, and TeX's record of where
    a file's reading ended can be wrong: such a guess must not refuse a paper that compiles,
    nor lose printed text (hostile rounds 23, 24). The one error is raised again when no such
    file mends it."""
    try:
        done = proved(paper, files, kind, main, compiled, warnings)
        if (differs := first_difference(*done[3])) is None:
            return done, files
        failure, why = None, (f"the archive printed other text ({differs}"
                              f"{first_line(*done[3])})")
    except LatexError as exc:
        if "does not compile from the archive alone" not in exc.message:
            raise
        failure, why = exc, "the archive did not compile"
    every = frozenset(KINDS)
    whole = {name: variants[name](every) for name in variants}
    stripped = [name for name in variants if files.get(name) not in (None, whole[name])]

    def attempt(changed: dict[str, bytes]):
        try:
            again = proved(paper, files | changed, kind, main, compiled)
        except LatexError:
            return None
        return again if first_difference(*again[3]) is None else None

    for names in [[name] for name in stripped] + ([stripped] if len(stripped) > 1 else []):
        if (again := attempt({name: whole[name] for name in names})) is None:
            continue
        kept, changed = every, {name: whole[name] for name in names}
        for one in ([frozenset({k}) for k in KINDS] if len(names) == 1 else []):
            data = variants[names[0]](one)  # (the one kind the stripping took: proven)
            if data == whole[names[0]] or (data != files[names[0]] and (
                    better := attempt({names[0]: data})) is not None):
                if data != whole[names[0]]:
                    again, changed = better, {names[0]: data}
                kept = one
                break
        if kept == {"comments"} and (count := comments(names[0])) > 1:
            chosen = list(range(count))  # halved while one half alone mends it
            while len(chosen) > 1 and (found := next((
                    (part, better) for part in (chosen[:len(chosen) // 2],
                                                chosen[len(chosen) // 2:])
                    if (better := attempt({names[0]: variants[names[0]](frozenset(part))}))
                    is not None), None)):
                chosen, again = found
                kept = frozenset(chosen)
                changed = {names[0]: variants[names[0]](kept)}
        phrase = why_kept(names[0], kept) if len(names) == 1 else (
            "all that stripping takes out (their comments, hidden environments and what "
            "follows their end: no one file mends it)")
        warnings.append(f"{_some(names)}: packed with {phrase}: stripped, {why}; look at what "
                        f"{'it holds' if len(names) == 1 else 'they hold'} before you submit")
        return again, files | changed
    if failure is not None:
        raise failure
    return done, files


def _some(names: list[str]) -> str:
    shown = ", ".join(display_path(n) for n in names[:3])
    return shown + (f" (and {len(names) - 3} more)" if len(names) > 3 else "")


def page_texts(pdf: bytes, unread: list[int] | None = None) -> list[str]:
    """Each page's text (:func:`figures.pdf.page_texts`: a page pypdf will not read within
    its limits is "", its number added to ``unread``: round 34, P5)."""
    from figures.pdf import page_texts as texts

    return texts(pdf, unread)


def first_difference(*pages: list[str]) -> str | None:
    """Where the text of two compiled PDFs first differs (stripping comments must change
    nothing a reader sees), None when it does not."""
    if len(pages[0]) != len(pages[1]):
        return f"{len(pages[0])} pages, then {len(pages[1])}"
    return next((f"page {number}" for number, (a, b) in enumerate(zip(*pages, strict=True), 1)
                 if a != b), None)


def first_line(paper: list[str], packed: list[str]) -> str:
    """The first line of text where two compiled PDFs differ, as each prints it (where a
    stripped comment was text TeX prints: ``r = n % 3`` cut to ``r = n %``), or ""."""
    for one, other in zip(paper, packed, strict=False):
        for line, then in itertools.zip_longest(one.splitlines(), other.splitlines(),
                                                fillvalue=""):
            if line != then:
                mine, theirs = line.strip(), then.strip()
                at = next((i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
                          min(len(mine), len(theirs)))  # shown from a little before it
                start = max(0, at - 20) if at > 40 else 0  # (51b-2, B7: "date D:2026..."
                return (f": the paper prints {_shown(mine, start)}, "  # twice, alike)
                        f"the archive {_shown(theirs, start)}")
    return ""


def _shown(line: str, start: int = 0) -> str:
    """``line`` as the warning quotes it: from ``start`` (where it is told from, 20
    characters before the first that differs when that is past the 40th), 60 characters."""
    line = re.sub(r"[\x00-\x1f\x7f]", "?", line)  # (no escape reaches the terminal)
    return ('"...' if start else '"') + line[start:start + 60] + (
        '..."' if len(line) > start + 60 else '"')
