"""Our figure inside TikZ's externalized cache (hostile round 25, TX2).

With ``\\usetikzlibrary{external}\\tikzexternalize[prefix=tikzcache/]`` each ``tikzpicture``
is compiled once (with shell escape) into its own PDF, ``tikzcache/main-figure0.pdf``, and
every later compile prints that PDF instead of the picture: an ``\\includegraphics`` of ours
inside the picture is never run again, so a figure synced anew does not reach the page until
the cache is gone (pgf's ``.md5`` beside it is of the TikZ code, not of our file). A cache is
known by what pgf itself writes and reads: the ``.md5`` file beside the PDF holding
``\\tikzexternallastkey`` (TeX's recorder lists both as read), else the cache's own ``.log``
naming ``\\tikzexternalrealjob``. Sync then says the figure is inside the cache, not "not in
the paper"; ``figures paper`` and ``figures which`` say to delete it so TikZ redraws it.
"""

from __future__ import annotations

from pathlib import Path

from figures.pdf import MAX_DEPTH

#: What pgf writes into the ``.md5`` beside a cache, and into the cache's own ``.log``.
_MD5_MARK, _LOG_MARK = b"\\tikzexternallastkey", b"\\tikzexternalrealjob"


def is_cache(pdf: Path) -> bool:
    """``pdf`` is a picture TikZ's external library wrote (see the module's docstring)."""
    for beside, mark in ((pdf.with_suffix(".md5"), _MD5_MARK), (pdf.with_suffix(".log"),
                                                               _LOG_MARK)):
        try:
            with beside.open("rb") as handle:
                if mark in handle.read(1 << 16):
                    return True
        except OSError:
            continue
    return False


def caches_read(read: list[Path]) -> list[Path]:
    """The TikZ caches among the files TeX read (its recorder's list), once each."""
    return list(dict.fromkeys(p for p in read if p.suffix.lower() == ".pdf" and is_cache(p)))


def redraw(shown: str, sync_again: bool = False) -> str:
    """What to do about a figure of ours inside the cache ``shown``."""
    folder = Path(shown).parent.as_posix().removeprefix("./")
    whole = f" (or the {folder}/ folder)" if folder not in (".", "") else ""
    return (f"delete {shown}{whole} so TikZ redraws the picture (it prints that cache "
            "instead of running the \\includegraphics inside)" + (
                ", sync again," if sync_again else "") + " and compile with shell escape "
            "(-shell-escape) to cache it anew")


def forms_within(form) -> set:
    """The identities of every form and image placed inside ``form`` (a cache), at any
    depth (as :func:`figures.paper.drawn.placements` walks them)."""
    from figures.paper.pictures import identity

    found: set = set()
    todo = [(form, 0)]
    while todo:
        here, depth = todo.pop()
        for ref in ((here.get("/Resources") or {}).get("/XObject") or {}).values():
            xobject = ref.get_object()
            ident = identity(xobject)
            if ident is None or ident in found or depth > MAX_DEPTH:
                continue
            found.add(ident)
            todo.append((xobject, depth + 1))
    return found

