"""Round 49 (widths, round 49c): a page layout's text placed clear of its data (W21), of the
page's edge (W2) and of the axes' frame (W5)."""

from __future__ import annotations

import json

import pytest
from helpers import REPO


def _drawn(name: str, width: float, edit):
    from figures.outputs.kind import venue_kind
    from figures.outputs.render import draw_as_built
    from figures.registry import BY_NAME
    from figures.venues import get_venue

    doc = json.loads((REPO / "figdata" / f"{name}.json").read_text())
    edit(doc["data"])
    fig = draw_as_built(BY_NAME[name], doc["data"], venue_kind(get_venue("icml"), width))
    fig.draw_without_rendering()
    return fig


def _rising(data):
    for key, values in data["state_pred_error"].items():
        n = len(values)
        data["state_pred_error"][key] = [1e-4 * 5000 ** (i / (n - 1)) * (1 + 0.05 * (int(key)
                                         % 3)) for i in range(n)]


def _crossing(data):
    """One seed rising, one falling, one level: no corner of the panel is empty."""
    keys = list(data["state_pred_error"])
    n = len(data["state_pred_error"][keys[0]])
    shapes = [lambda i: 1e-4 * 5000 ** (i / (n - 1)), lambda i: 0.5 / 5000 ** (i / (n - 1)),
              lambda i: 7e-3]
    for key, shape in zip(keys, shapes, strict=False):
        data["state_pred_error"][key] = [shape(i) for i in range(n)]


@pytest.mark.parametrize("edit", [_rising, _crossing])
@pytest.mark.parametrize("width", [1.9, 3.25])
def test_the_seed_key_covers_no_curve(width, edit):
    """Round 49 (W21): cifar_state_vs_credit's seed key was pinned to the upper right, which
    is empty only while the error falls: rising curves ran through "seed 42", "seed 123",
    "seed 456", built at exit 0 while ``check`` failed it. The key goes where no curve runs,
    else above the panels."""
    from figures.preflight.measure import covering_legends

    fig = _drawn("cifar_state_vs_credit", width, edit)
    assert covering_legends(fig) == []
    error_ax = fig.axes[0]
    keys = [k for k in [*fig.legends, error_ax.get_legend()] if k is not None]
    assert len(keys) == 1
    box = keys[0].get_window_extent()
    for line in error_ax.get_lines():
        path = line.get_transform().transform_path(line.get_path())
        assert not path.intersects_bbox(box, filled=False), line.get_label()


def _built_and_checked(tmp_path, capsys, name: str, width: str, edit) -> str:
    """``name`` built for ICML at ``width`` from the committed figdata changed by ``edit``,
    then checked: the check's output (the build must exit 0)."""
    import shutil

    from figures.cli import main as cli

    figdata, out = tmp_path / "figdata", tmp_path / "out"
    shutil.copytree(REPO / "figdata", figdata)
    path = figdata / f"{name}.json"
    doc = json.loads(path.read_text())
    edit(doc["data"])
    path.write_text(json.dumps(doc))
    code = cli.main(["build", "--figdata", str(figdata), "--out", str(out), "--venue", "icml",
                     "--width", width, name])
    said = capsys.readouterr()
    assert code == 0, said.err
    code = cli.main(["check", "--strict", "--venue", "icml", "--out", str(out), "--figdata",
                     str(figdata), name])
    said = capsys.readouterr()
    assert code == 0, said.out + said.err
    return said.out


@pytest.mark.parametrize(("low", "high"), [(1e-5, 1.6e-5), (2e-300, 3e-300), (0.095, 0.105)])
def test_a_log_axis_labels_leave_the_next_title_inside_the_page(tmp_path, capsys, low, high):
    """Round 49 (W2): fig4's (a) over 1e-5..1.6e-5 labelled ``1.5×10⁻⁵``, which pushed (b)'s
    title "(b) gradient norm ‖g_l‖" past the page's edge at 3.25 in, built at exit 0 while
    ``check`` failed it: a title the laid-out figure cuts takes its shorter form."""
    def ramp(data):
        for series in ("vanilla", "penalized"):
            n = len(data["panel_a"][series]["h_L"])
            data["panel_a"][series]["h_L"] = [low + (high - low) * k / (n - 1) for k in range(n)]

    _built_and_checked(tmp_path, capsys, "fig4_penalty_rescue", "3.25", ramp)


@pytest.mark.parametrize("width", [3.25, 6.75])
def test_a_tied_name_at_the_panel_floor_stays_inside_its_frame(width):
    """Round 49 (W5): FA and DFA both at chance with Γ 0 (the collapse the paper is about):
    "DFA" was placed under the point, across (a)'s bottom frame line and its 0.0 tick,
    built at exit 0 and passed by ``check``. Each name now lies inside the panel, clear of
    its frame (and so of its ticks) and of the other names."""
    def collapse(data):
        values = data["panel_a"]["values"]
        values["FA"] = {"acc": 0.1, "gamma": 0.0}
        values["DFA"] = {"acc": 0.1, "gamma": 0.0}

    fig = _drawn("fig1_audit_hero", width, collapse)
    ax = fig.axes[0]
    frame = ax.get_window_extent().padded(-fig.dpi / 72)  # 1 pt inside the frame
    names = {t.get_text(): t.get_window_extent() for t in ax.texts
             if t.get_text() in ("BP", "FA", "DFA")}
    assert sorted(names) == ["BP", "DFA", "FA"]
    for text, box in names.items():
        assert frame.x0 <= box.x0, text
        assert box.x1 <= frame.x1, text
        assert frame.y0 <= box.y0, (text, box, frame)
        assert box.y1 <= frame.y1, (text, box, frame)
    assert not names["FA"].overlaps(names["DFA"])
