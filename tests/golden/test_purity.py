"""Each render is pure: it leaves rcParams and pyplot alone, ignores the caller's rcParams
and matplotlibrc, and two builds are byte-identical."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import matplotlib as mpl
import matplotlib.pyplot as plt
import pytest
from conftest import REFERENCE_FIGURES, Renders
from helpers import REPO, fixture_files, fixture_spec

from figures.data import figdata
from figures.outputs.render import save
from figures.registry import BY_NAME

#: Checks of the golden machinery itself (other environments, hostile rcParams), not
#: of one picture: each renders every figure again or starts pytest in a copy.
pytestmark = pytest.mark.slow

MAIN_FIXTURES = [p for p in fixture_files() if "--" not in p.stem]

#: A caller's rcParams as unfriendly as we could make them.
HOSTILE_RC = {
    "font.size": 17,
    "font.family": "monospace",
    "font.serif": ["DejaVu Sans"],
    "axes.titlesize": 3,
    "axes.labelsize": "xx-large",
    "axes.prop_cycle": mpl.cycler(color=["#00ff00", "#ff00ff"]),
    "axes.grid": True,
    "lines.linewidth": 7,
    "lines.marker": "x",
    "figure.dpi": 37,
    "figure.figsize": (3, 2),
    "figure.facecolor": "yellow",
    "savefig.dpi": 11,
    "savefig.facecolor": "black",
    "savefig.bbox": "standard",
    "savefig.pad_inches": 1.5,
    "legend.frameon": False,
    "xtick.direction": "in",
    "text.antialiased": False,
    "pdf.fonttype": 42,
}
HOSTILE_MATPLOTLIBRC = """\
font.family: monospace
lines.linewidth: 9
axes.facecolor: cyan
savefig.dpi: 13
figure.dpi: 31
axes.prop_cycle: cycler('color', ['k'])
"""


def _png(fixture: Path) -> bytes:
    """A fresh render of ``fixture``, saved as the golden test saves it."""
    spec = fixture_spec(fixture)
    fig = spec.render(figdata.load(fixture, spec.name, spec.schema)["data"])
    buffer = io.BytesIO()
    save(spec, fig, buffer, format="png", dpi=100, bbox_inches=spec.outputs[0].bbox_inches)
    return buffer.getvalue()


@pytest.mark.parametrize("fixture", MAIN_FIXTURES, ids=lambda p: p.stem)
def test_render_is_pure_and_ignores_hostile_caller_rcparams(fixture, renders: Renders):
    """Under hostile rcParams a render leaves them as they were, leaves no pyplot figure
    open, and gives the same bytes as a render under matplotlib's defaults (that one is
    shared with the golden test)."""
    clean = renders.saved(fixture, dpi=100)
    defaults = dict(mpl.rcParams)
    with mpl.rc_context(HOSTILE_RC):
        before = dict(mpl.rcParams)
        assert before != defaults  # the hostile settings really are in force
        open_before = plt.get_fignums()
        hostile = _png(fixture)
        assert dict(mpl.rcParams) == before
        assert plt.get_fignums() == open_before
    assert hostile == clean


#: Both themes (paper serif, matplotlib default) and both formats (PDF, PNG).
MATPLOTLIBRC_FIGURES = ("fig1_audit_hero", "figure_snapshot_vit", "cifar_summary")


def test_build_ignores_user_matplotlibrc_and_is_byte_identical(tmp_path, reference_build):
    """A build under a hostile matplotlibrc (MPLCONFIGDIR), in its own process, gives the
    same bytes as the shared reference build."""
    assert set(MATPLOTLIBRC_FIGURES) <= set(REFERENCE_FIGURES)
    config = tmp_path / "mplconfig"
    config.mkdir()
    (config / "matplotlibrc").write_text(HOSTILE_MATPLOTLIBRC)
    for font_cache in Path(mpl.get_cachedir()).glob("fontlist-*.json"):
        shutil.copy(font_cache, config)  # spares the subprocess a font scan, nothing else
    out = tmp_path / "hostile"
    env = {**os.environ, "MPLCONFIGDIR": str(config)}
    subprocess.run(
        [sys.executable, "-m", "figures", "build", *MATPLOTLIBRC_FIGURES, "--figdata",
         str(REPO / "figdata"), "--out", str(out)], check=True, env=env, capture_output=True)
    names = [n for f in MATPLOTLIBRC_FIGURES for n in BY_NAME[f].output_names()]
    hostile = {name: (out / name).read_bytes() for name in names}
    plain = {name: (reference_build / name).read_bytes() for name in names}
    differing = [n for n in hostile if hostile[n] != plain[n]]
    assert differing == []
