"""Which includes a clip around them cuts, as TeX ships them (round 39, F7/F10/F11).

The probe (``probe.tex``) marks, at shipout and where TeX puts them: each box trimclip clips
(adjustbox's ``trim=...,clip``, ``\\adjincludegraphics``' and ``\\adjustbox``'s, and
``\\clipbox``): ``C|x|y|wd|ht|dp`` to ``C|``; each path pgf clips to (TikZ's ``\\clip``):
``K|x|y|minx|miny|maxx|maxy``, until the end of its scope (``G|q`` ... ``G|Q``); pgf's
transformations (``T|x|y|a|b|c|d|e|f``) and graphics' scalings (``X|sx|by|sy|x|y`` ...
``X|``), each about the point TeX is at, as pdfTeX applies them; and each include's box
(``S|n|page|x|y``: its right end on its baseline). Positions are in sp, lengths in pt.

An include is cut when a clip in force where it is shipped leaves out more than
:data:`TOLERANCE_PT` of its box on a side: a clip larger than the figure cuts nothing. A
rotation's clip is measured by the box around its corners. An image missing when the probe
ran is an empty box (or its ``width=``'s), which no clip cuts: one inside a clip is
:attr:`Clips.unseen`, and sync probes again with its build in place before it writes
(:func:`guess_unseen`).
"""

from __future__ import annotations

import contextlib

Affine = tuple[float, float, float, float, float, float]  # (x, y) -> (ax+cy+e, bx+dy+f)
Rect = tuple[float, float, float, float]
_IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_SP_PER_PT = 65536.0
#: What a clip may leave out of a box on a side and cut nothing one sees (pt).
TOLERANCE_PT = 0.5
_WHAT = {"C": "adjustbox's (trimclip's) trim/clip", "K": "TikZ's \\clip (pgf)"}


def _then(f: Affine, g: Affine) -> Affine:
    """``g`` applied, then ``f``: the compiled page's product (:func:`figures.paper.drawn.times`,
    PDF's row-vector order)."""
    from figures.paper.drawn import times

    return times(g, f)


def _about(f: Affine, x: float, y: float, m: Affine) -> Affine:
    """``f`` after ``m`` applied about the point ``(x, y)`` (pdfTeX's literal, its matrix)."""
    return _then(f, (m[0], m[1], m[2], m[3], x - m[0] * x - m[2] * y + m[4],
                     y - m[1] * x - m[3] * y + m[5]))


def _mapped(f: Affine, rect: Rect) -> Rect:
    """The box around ``rect``'s corners mapped by ``f``."""
    corners = [(f[0] * x + f[2] * y + f[4], f[1] * x + f[3] * y + f[5])
               for x in (rect[0], rect[2]) for y in (rect[1], rect[3])]
    xs, ys = zip(*corners, strict=True)
    return min(xs), min(ys), max(xs), max(ys)


def _pt(text: str) -> float:
    return float(text.removesuffix("pt"))


class Clips:
    """The clips in force along the probe's marks, read in their order (:meth:`read`);
    :attr:`cut`: the includes one of them cuts, each with what cuts it."""

    def __init__(self) -> None:
        self.ctm, self.clips = _IDENTITY, ()
        self.saved: list[tuple[Affine, tuple]] = []
        self.cut: dict[str, str] = {}
        self.unseen: set[str] = set()  # inside a clip, its image missing: cut or not unknown

    def read(self, kind: str, fields: list[str], boxes: dict[str, list[str]]) -> None:
        """One mark (``kind``, its fields); ``boxes``: each include's record so far (its
        width and height at 4 and 5)."""
        with contextlib.suppress(ValueError, IndexError, KeyError):  # a mark not ours
            self._read(kind, fields, boxes)

    def _read(self, kind: str, fields: list[str], boxes: dict[str, list[str]]) -> None:
        opens = (kind == "G" and fields == ["q"]) or (kind in ("C", "X") and len(fields) >= 5)
        if opens:
            self.saved.append((self.ctm, self.clips))
        if (kind == "G" and fields == ["Q"]) or (kind in ("C", "X") and fields == [""]):
            if self.saved:
                self.ctm, self.clips = self.saved.pop()
        elif kind == "X" and opens:  # graphics' \Gscale@box: its factors about its origin
            x, y = (int(v) / _SP_PER_PT for v in fields[3:5])
            self.ctm = _about(self.ctm, x, y, (float(fields[0]), 0.0, 0.0,
                                               float(fields[2] or fields[0]), 0.0, 0.0))
        elif kind == "T" and len(fields) == 8:
            x, y = (int(v) / _SP_PER_PT for v in fields[:2])
            m = (*(float(v) for v in fields[2:6]), *(_pt(v) for v in fields[6:8]))
            self.ctm = _about(self.ctm, x, y, m)
        elif kind == "C" and opens:
            x, y = (int(v) / _SP_PER_PT for v in fields[:2])
            wd, ht, dp = (_pt(v) for v in fields[2:5])
            self._clip("C", (x, y - dp, x + wd, y + ht))
        elif kind == "K" and len(fields) == 6:
            x, y = (int(v) / _SP_PER_PT for v in fields[:2])
            low_x, low_y, high_x, high_y = (_pt(v) for v in fields[2:6])
            self._clip("K", (x + low_x, y + low_y, x + high_x, y + high_y))
        elif kind == "S" and len(fields) >= 4 and self.clips and fields[0] in boxes:
            x, y = (int(v) / _SP_PER_PT for v in fields[2:4])
            wd, ht = (_pt(v) for v in boxes[fields[0]][4:6])
            if boxes[fields[0]][1] == "-":
                self.unseen.add(fields[0])
            box = _mapped(self.ctm, (x - wd, y, x, y + ht))
            for rect, what in self.clips:
                if (rect[0] - box[0] > TOLERANCE_PT or rect[1] - box[1] > TOLERANCE_PT
                        or box[2] - rect[2] > TOLERANCE_PT or box[3] - rect[3] > TOLERANCE_PT):
                    self.cut[fields[0]] = what
                    break

    def _clip(self, kind: str, rect: Rect) -> None:
        self.clips = (*self.clips, (_mapped(self.ctm, rect), _WHAT[kind]))


def guess_unseen(paper, planned: dict) -> dict[str, bytes] | None:
    """The files sync plans to copy (``planned``: each target, its source), as a guess for
    the probe (:func:`figures.paper.engine.ask_tex`), when an include of ``paper`` was
    inside a clip with its image missing (whether the clip cuts it is unknown until it is
    there); None: none was, or this probe had the guess already."""
    if not any(g.printed is not None and g.printed.unseen for g in paper.graphics):
        return None
    root = paper.root.resolve()
    guess = {target.resolve().relative_to(root).as_posix(): source.read_bytes()
             for target, (source, _) in planned.items()
             if source is not None and target.resolve().is_relative_to(root)
             and source.is_file()}
    return None if guess.items() <= paper.offered.items() else guess
