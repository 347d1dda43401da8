"""Round 42a (A43): wrappers that scale our figure by its height, ``\\resizebox{!}{H}``
around a bare include (figures/paper/tall.py): sync draws it once, at the width whose
design is H tall, or refuses it in the first round, nothing written."""

from __future__ import annotations

import pytest
from helpers import ICML_PREAMBLE, figures_as_a_user, write_files

#: An ICML-like page of two columns (3.25 in each); FIRST and SECOND each a float's body.
_ICML = ICML_PREAMBLE + r"""\title{ICML-like}\author{Anonymous}\maketitle
\input{macros}
\lipsum[1-2]
\begin{figure}[t]
\centering
\resizebox{!}{FIRST}{\includegraphics{cifar_feature_drift}}
\caption{Scaled to a height.}
\end{figure}
\lipsum[3-4]
\begin{figure}[t]
\centering
SECOND{\includegraphics{cifar_summary}}
\caption{Scaled to a height.}
\end{figure}
\lipsum[5-8]
\end{document}
"""


def _run(cwd, *argv):
    ran = figures_as_a_user(cwd, *argv, "--allow-synthetic", "--venue", "icml", timeout=900)
    return ran.returncode, ran.stdout + ran.stderr


def _files(folder):
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.rglob("*")
            if p.is_file() and p.suffix in (".pdf", ".tex") and p.stem != "main"}


@pytest.mark.slow  # sync asks TeX, paper compiles
@pytest.mark.parametrize("second", ["\\resizebox{!}{2in}", "\\adjustbox{height=2in}"])
def test_a_figure_scaled_to_a_height_is_drawn_once_at_its_fixed_point(tmp_path, second):
    """Round 42a (A43): ``\\resizebox{!}{2in}{\\includegraphics{cifar_summary}}`` printed its
    width times 2 in over the height it was drawn at, and our layouts choose a height per
    width: each round drew it for the width it had printed at (3.25, then 2.666, whose
    factor is within 1 %, so the include looked unscaled and was drawn for its line again),
    every sync of the unchanged paper rewrote it. Now the width whose design is 2 in tall
    (2.667 in; cifar_feature_drift's 2.8 in at 3.2 in), from the first round: the second sync
    writes nothing, and the paper prints both at 100 %. adjustbox's ``height=`` alone the
    same (round 43: it cycled w3.25/w2.4 as the \\resizebox had)."""
    write_files(tmp_path / "P", {"main.tex": _ICML.replace("FIRST", "2.8in").replace(
        "SECOND", second)})
    code, out = _run(tmp_path, "sync", "P")
    assert code == 0, out
    assert "copy build/icml/w3.2/cifar_feature_drift.pdf" in out, out
    assert "copy build/icml/w2.667/cifar_summary.pdf" in out, out
    assert out.count("placed again") == 1, out  # the probe with the files in place
    before = _files(tmp_path / "P")
    code, out = _run(tmp_path, "sync", "P")
    assert code == 0, out
    assert "copy 0 figure(s); macros: up to date" in out, out
    assert _files(tmp_path / "P") == before, out
    code, out = _run(tmp_path, "paper", "P")
    assert code == 0, out
    rows = [line.split() for line in out.splitlines() if line.startswith("cifar_") and "current" in line]
    assert [(row[0], row[3]) for row in rows] == [("cifar_feature_drift", "100%"),
                                                  ("cifar_summary", "100%")], out


@pytest.mark.slow  # sync asks TeX
def test_a_height_no_width_of_its_design_has_is_refused_at_once(tmp_path):
    """Round 42a (A43): at 2.7 in cifar_feature_drift's design is taller at every width it
    holds in a column (2.776 in at its smallest, 3 in; 2.825 in at 3.25 in), so it printed
    narrower than drawn whatever it was drawn for: rounds 1-2 wrote both figures and the
    macros, round 3 refused it under its smallest width, and every sync wrote the cycle
    again. Now refused in the first round with the include that prints it at 100 %, nothing
    written, and the same again."""
    write_files(tmp_path / "P", {"main.tex": _ICML.replace("FIRST", "2.7in").replace(
        "SECOND", "\\resizebox{!}{2in}")})
    for _ in range(2):
        code, out = _run(tmp_path, "sync", "P")
        assert code == 1, out
        assert ("refused: \\resizebox at main.tex:13 scales it to 2.7 in tall, and its design "
                "is taller than that at every width it holds on its line: 2.776 in tall at its "
                "smallest width (3 in), 2.825 in at its line (3.25 in)") in out, out
        assert ("write \\includegraphics[width=\\linewidth,height=2.7in]{cifar_feature_drift} "
                "in place of the \\resizebox at main.tex:13") in out, out
        assert "placed again" not in out, out
        assert "nothing written (1 refused" in out, out
        assert _files(tmp_path / "P") == {}, out


def test_the_fixed_point_is_the_widest_design_of_that_height(monkeypatch):
    """Round 42a (A43): the width a ``\\resizebox{!}{H}`` is drawn for is the widest whose
    design is H tall; where the design only jumps across H (a layout change), laid out
    again at H there; none: why, naming its heights at its smallest width and its line."""
    from pathlib import Path

    from figures.outputs import kind
    from figures.paper import tall
    from figures.registry import BY_NAME
    from figures.venues import get_venue

    class Drawn:
        def __init__(self, height):
            self.height = height

        def get_figheight(self):
            return self.height

        def clear(self):
            pass

    def design(width):  # 3:4 under 2.9 in, then a layout 3:5
        return 0.75 * width if width < 2.9 else 0.6 * width

    class Kind:
        def __init__(self, width):
            self.width = float(width)

        def draw(self, spec, data):
            return Drawn(design(self.width))

    monkeypatch.setattr(kind, "venue_kind", lambda venue, width: Kind(width))
    spec, venue = BY_NAME["cifar_summary"], get_venue("icml", None)

    def fixed(height):
        return tall._fixed_point(spec, venue, Path("figdata"), height, 1.9, 3.25)

    assert fixed(2.0) == [2.667, None, ""]  # not the jump at 2.9 in (2.175 to 1.74 in)
    assert fixed(1.8) == [3.0, None, ""]  # the wider of 2.4 and 3 in
    assert fixed(2.17)[0] is None
    assert "shorter than that at every width" in fixed(2.17)[2]
    monkeypatch.setattr(Kind, "draw", lambda self, spec, data: Drawn(
        2.2 if self.width < 2.9 else 1.8))
    assert fixed(2.0) == [2.9, 2.0, ""]  # a jump only: a box of both sides, 2 in tall
