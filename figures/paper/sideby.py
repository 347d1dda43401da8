"""Includes side by side on one line, from where TeX ships their boxes (the probe's
``\\pdfsavepos`` marks, :mod:`figures.paper.engine`): a bare include is built for its whole
line, so two on one line run past it (hostile round 42a, A62)."""

from __future__ import annotations

from collections.abc import Callable

PT_PER_IN = 72.27


def _inches(length: str) -> float | None:
    return None if length in ("-", "") else float(length.removesuffix("pt")) / PT_PER_IN


def side_by_side(typeset: dict[str, list[str]], pages: dict[str, str],
                  at: dict[str, tuple], scales: dict, measures, margins: list,
                  where: Callable[[list[str]], str]) -> dict[str, tuple[str, float]]:
    r"""For each include whose box TeX shipped on one baseline beside others' in one box of
    lines (a ``tabular`` row, boxes one after another in a paragraph; not two minipages,
    each its own), where their boxes together run more than 0.01 in past their line: the
    others, named, and by how much. A bare include of a file not there yet (a box of
    nothing) counts as the line's width, which sync builds it for. Those on one baseline in
    the two columns of a page are on two lines (the left one ends before the column's right
    edge, the next starts after the gutter). Includes in a wrapper that scales are left out
    (TeX's positions inside are the unscaled box's; the wrapper, not they, sets the width
    the row prints at), whatever the factor it read: 1 around files not there yet, boxes of
    nothing (round 48a, P38: ``\resizebox{\textwidth}{!}{\includegraphics{A}
    \includegraphics{B}}`` refused as two running past their line); and one inside another's
    box (a standalone panel's include). With each, the room the boxes have: the line
    less the space between them."""
    if not measures or len(margins) < 5:
        return {}
    text, column = measures[0], measures[1]
    row: dict[tuple[str, int], list] = {}
    panels = {f[1].removeprefix("./") for f in typeset.values()}  # graphics of type tex
    for n, fields in typeset.items():
        if fields[12].removeprefix("./") in panels:  # an include inside a standalone panel
            continue
        if n not in at or pages.get(n, "0") == "0" or scales.get(n, (1.0, ()))[1:2] != ((),):
            continue  # in a wrapper, whatever its factor: 1 around boxes of nothing (P38)
        right, wide, line = at[n][0] / 65536 / PT_PER_IN, _inches(fields[4]), _inches(fields[6])
        grows = line - wide if fields[1] == fields[7] == "-" else 0.0  # built for the line
        if line:
            row.setdefault((pages[n], round(at[n][1] / 65536), *at[n][2]), []).append(
                (right - wide, right, line, n, fields, grows))
    shared: dict[str, tuple[str, float]] = {}
    for (page, *_), boxes in row.items():
        odd = not margins[4] or not page.lstrip("-").isdigit() or int(page) % 2
        gutter = 1 + margins[0] + margins[1 if odd else 2] + column  # the left column's end
        boxes.sort()
        groups = [[boxes[0]]]
        for box in boxes[1:]:  # in the next column: another line
            if box[0] < groups[-1][-1][1] - 0.01:  # inside the one before (a standalone
                continue  # panel's include in the panel's box): not beside it
            if column < text - 0.01 and groups[-1][-1][1] <= gutter + 0.01 and \
                    box[0] >= gutter + margins[3] - 0.01:
                groups.append([])
            groups[-1].append(box)
        for group in groups:
            over = max(b[1] for b in group) - min(b[0] for b in group) - group[0][2] + \
                sum(b[5] for b in group)
            if len(group) < 2 or over <= 0.01:
                continue
            room = group[0][2] + sum(b[1] - b[0] for b in group) - (  # the line less
                max(b[1] for b in group) - min(b[0] for b in group))  # the space between
            for box in group:
                shared[box[3]] = (", ".join(
                    f"{o[4][2].strip()} at {where(o[4])}" for o in group if o is not box
                ) + f"; together {over:.2g} in past it", room)
    return shared
