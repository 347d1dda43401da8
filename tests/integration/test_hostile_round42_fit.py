"""Hostile round 42b, B34/B35: at 12 pt type (the largest ``min_font_pt`` a venue file may
give) cifar_state_vs_credit's and cifar_summary's y labels ran off the figure's top, and
``check --strict`` passed cifar_state_vs_credit's (its PNG's hinted label, not measured)."""

from __future__ import annotations

import contextlib
import io
import json
import warnings
from pathlib import Path

import matplotlib.image as mpimg
import pytest
from helpers import FIXTURES, REPO
from matplotlib import pyplot as plt

from figures.cli import main as cli
from figures.data import figdata
from figures.errors import FigureDataWarning
from figures.outputs.kind import venue_kind
from figures.outputs.render import draw_as_built
from figures.page import Page
from figures.preflight.measure import measure
from figures.preflight.run import drawing_rows
from figures.registry import BY_NAME
from figures.venues import get_venue


def _venue(tmp_path: Path, pt: float = 12, text_height: float | None = None) -> Path:
    """ICML's page at ``pt`` type (the round's pt12.json), as a venue file ``big``."""
    venue = json.loads((REPO / "figures" / "venues.json").read_text())["venues"]["icml"]
    venue["name"] = "big"
    venue["min_font_pt"]["value"] = pt
    if text_height is not None:
        venue["text_height_in"]["value"] = text_height
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"venues": {"big": venue}}))
    return path


def _run(*argv: str) -> tuple[int, str]:
    both = io.StringIO()
    with contextlib.redirect_stdout(both), contextlib.redirect_stderr(both):
        code = cli.main(list(argv))
    return code, both.getvalue()


@pytest.mark.slow  # a build and a check: seconds
def test_check_names_a_y_label_the_png_cuts(tmp_path: Path, monkeypatch):
    """Round 42 (B34): cifar_state_vs_credit at 4.5 in and 12 pt, drawn as before the page
    held its labels: "state prediction error" was 0.7 pt inside the PDF's top edge and 0.4 pt
    past the PNG's (Agg's hinted glyphs set wider), its last letter cut there; `check
    --strict` said `layout 23 texts clear ... inside ok`. It fails, naming the label."""
    monkeypatch.setattr(Page, "hold_labels", lambda self, fig: None, raising=False)
    venues, out = _venue(tmp_path), tmp_path / "w"
    common = ("--venue", "big", "--venues", str(venues), "--figdata", str(FIXTURES),
              "--out", str(out))
    code, said = _run("build", "cifar_state_vs_credit", "--width", "4.5", "-j", "1", *common)
    assert code == 0, said
    code, said = _run("check", "cifar_state_vs_credit", "--strict", *common)
    assert code == 1, said
    [layout] = [line for line in said.splitlines() if " layout " in line]
    assert "FAIL" in layout, said
    assert "'state prediction error' (y axis label (axes 1)) is cut by the saved area of the PNG" \
        in layout, said


def _layout_failures(name: str, venue, width: float) -> list[str]:
    spec = BY_NAME[name]
    doc = figdata.load(REPO / "figdata" / f"{name}.json", name, spec.schema)
    kind = venue_kind(venue, width)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FigureDataWarning)
        fig = draw_as_built(spec, doc["data"], kind, synthetic=figdata.is_synthetic(doc))
        found = measure(spec, fig, doc["data"], kind=kind, gate=True)
    plt.close(fig)
    return [f"{name} at {width:g} in: {row.detail}"
            for row in drawing_rows(spec, venue, kind, found)[0]
            if row.rule == "layout" and not row.ok]


@pytest.mark.slow  # eight drawings measured: seconds
def test_at_twelve_point_type_the_y_labels_stay_inside(tmp_path: Path):
    """Round 42 (B35): at 12 pt, cifar_state_vs_credit at 3.5-4.5 in and cifar_summary at
    4.5 in ran their y labels off the top (constrained layout sets a y label's length aside).
    The page grows the figure until they are inside, the PDF's and the PNG's alike."""
    venue = get_venue("big", _venue(tmp_path))
    failures = [line for name in ("cifar_state_vs_credit", "cifar_summary")
                for width in (3.5, 4.0, 4.5, 6.75) for line in _layout_failures(name, venue, width)]
    assert not failures, "\n".join(failures)


@pytest.mark.slow  # a build: seconds
def test_a_twelve_point_build_has_no_ink_on_its_edges(tmp_path: Path):
    """Round 42 (B34/B35): the built PNGs at 12 pt and 4.5 in: no ink in the top row (the
    y labels' last letters were there, 5 and 10 dark pixels)."""
    out = tmp_path / "w"
    code, said = _run("build", "cifar_state_vs_credit", "cifar_summary", "--venue", "big",
                      "--venues", str(_venue(tmp_path)), "--width", "4.5", "-j", "1",
                      "--out", str(out))
    assert code == 0, said
    for name in ("cifar_state_vs_credit", "cifar_summary"):
        dark = mpimg.imread(out / f"{name}.png")[:, :, :3].mean(axis=2) < 0.5
        edges = {"top": dark[0].sum(), "bottom": dark[-1].sum(), "left": dark[:, 0].sum(),
                 "right": dark[:, -1].sum()}
        assert not any(edges.values()), (name, edges)


@pytest.mark.slow  # a build: seconds
def test_a_page_too_short_to_hold_the_label_is_refused_in_one_line(tmp_path: Path):
    """Round 42 (B35): where the page's tallest figure (half a 3 in text height) cannot hold
    cifar_summary's y label at 12 pt, the build refuses it in one line saying what to do,
    and writes nothing."""
    out = tmp_path / "w"
    code, said = _run("build", "cifar_summary", "--venue", "big", "--venues",
                      str(_venue(tmp_path, text_height=3.0)), "--width", "4.5", "-j", "1",
                      "--out", str(out))
    assert code == 1, said
    [line] = [line for line in said.splitlines() if line.startswith("error:")]
    assert "figures/plots/cifar_summary.py: min_font_pt: at 12 pt type its y label " \
           "'test accuracy' runs off" in line, line
    assert "draw it wider, or lower the venue's min_font_pt" in line, line
    assert not list(out.glob("cifar_summary*"))
