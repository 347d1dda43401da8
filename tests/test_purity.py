"""Each render is pure: it leaves rcParams and pyplot alone, ignores the caller's rcParams
and matplotlibrc, and two builds are byte-identical."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import matplotlib as mpl
import matplotlib.pyplot as plt
import pytest
from conftest import REPO, figure_name, fixture_files

from figures import figdata
from figures.build import save
from figures.registry import BY_NAME

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


def _png(name: str, fixture: Path) -> bytes:
    spec = BY_NAME[name]
    fig = spec.render(figdata.load(fixture, name)["data"])
    buffer = io.BytesIO()
    save(spec, fig, buffer, format="png", dpi=60, bbox_inches=spec.outputs[0].bbox_inches)
    return buffer.getvalue()


@pytest.mark.parametrize("fixture", MAIN_FIXTURES, ids=lambda p: p.stem)
def test_render_is_pure_and_ignores_hostile_caller_rcparams(fixture):
    """rcParams unchanged, no pyplot figure left open, and the same bytes whatever the
    caller's rcParams."""
    name = figure_name(fixture)
    before = dict(mpl.rcParams)
    open_before = plt.get_fignums()
    clean = _png(name, fixture)
    assert dict(mpl.rcParams) == before
    assert plt.get_fignums() == open_before
    with mpl.rc_context(HOSTILE_RC):
        hostile = _png(name, fixture)
        assert dict(mpl.rcParams) != before  # the hostile settings really were in force
    assert hostile == clean


#: Both themes (paper serif, matplotlib default) and both formats (PDF, PNG).
MATPLOTLIBRC_FIGURES = ("fig1_audit_hero", "figure_snapshot_vit", "cifar_summary")


def test_build_ignores_user_matplotlibrc_and_is_byte_identical(tmp_path):
    """Two builds, one under a hostile matplotlibrc (MPLCONFIGDIR), give the same bytes."""
    config = tmp_path / "mplconfig"
    config.mkdir()
    (config / "matplotlibrc").write_text(HOSTILE_MATPLOTLIBRC)
    outputs = {}
    for label, env_extra in (("plain", {}), ("hostile", {"MPLCONFIGDIR": str(config)})):
        out = tmp_path / label
        env = {**os.environ, **env_extra}
        subprocess.run(
            [sys.executable, "-m", "figures", "build", *MATPLOTLIBRC_FIGURES, "--figdata",
             str(REPO / "figdata"), "--out", str(out)], check=True, env=env, capture_output=True)
        outputs[label] = {p.name: p.read_bytes() for p in sorted(out.glob("*.*"))}
    assert outputs["plain"].keys() == outputs["hostile"].keys()
    differing = [n for n in outputs["plain"] if outputs["plain"][n] != outputs["hostile"][n]]
    assert differing == []
