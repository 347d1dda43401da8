"""Incremental and parallel builds: a figure is rendered again only when its figdata, its code
or the rendering environment changed, or an output went missing or was edited; parallel
output equals serial output byte for byte."""

from __future__ import annotations

import dataclasses
import json

import pytest
from conftest import REFERENCE_FIGURES
from helpers import count_draws

from figures.data.jsonio import atomic_path, sha256_if_file
from figures.outputs import state, workers
from figures.outputs.build import build
from figures.registry import BY_NAME

#: End-to-end: runs the command line, often in a copy of the project.
pytestmark = pytest.mark.slow

#: A PDF figure and two PNG figures, the cheapest to render (speed of the suite).
NAMES = ("figure_snapshot_vit", "cifar_feature_drift", "cifar_summary")
SPECS = [BY_NAME[n] for n in NAMES]


def statuses(results) -> dict[str, str]:
    return {r.name: r.status for r in results}


def test_parallel_build_equals_serial_build(tmp_path, figdata_dir, reference_build):
    """Figures rendered at once by two workers give the bytes of the serial build, also a
    lone figure with two formats (drawn once, both saved from that drawing)."""
    hero = BY_NAME["fig1_audit_hero"]
    assert {*NAMES, hero.name} <= set(REFERENCE_FIGURES)
    build(SPECS, figdata_dir, tmp_path / "parallel", jobs=2)
    (result,) = build([hero], figdata_dir, tmp_path / "parallel", jobs=2)
    assert result.outputs == [tmp_path / "parallel" / n for n in hero.output_names()]
    for spec in [*SPECS, hero]:
        for name in spec.output_names():
            assert (reference_build / name).read_bytes() == \
                (tmp_path / "parallel" / name).read_bytes(), name


def test_a_build_saves_every_format_from_one_drawing(tmp_path, figdata_dir, monkeypatch):
    """Issue 43: a lone figure with a PDF and a PNG was split by format across two workers,
    each drawing it: two drawings of one figure. Counted in the workers too (forked)."""

    drawn = count_draws(tmp_path / "drawn.txt", monkeypatch)
    hero = BY_NAME["fig1_audit_hero"]
    assert [o.fmt for o in hero.outputs] == ["pdf", "png"]
    (result,) = build([hero], figdata_dir, tmp_path / "out", jobs=2)
    assert result.status == "built"
    assert drawn.read_text().split() == [hero.name]


@pytest.fixture
def renders_of(monkeypatch) -> list[str]:
    """The build's decisions without the pixels: each figure "rendered" to a small file of
    its name and data, and the names listed in rendering order (real renders are covered
    by the parallel/serial, CLI and golden tests)."""
    rendered: list[str] = []

    def write_outputs(spec, data, out_dir, kind=None, *, hashes=None, **_options):
        rendered.append(spec.name)
        written = []
        for out in spec.outputs:
            target = out_dir / f"{spec.name}.{out.fmt}"
            with atomic_path(target) as tmp:
                tmp.write_text(f"{spec.name} {out} {json.dumps(data, sort_keys=True)}")
                if hashes is not None:  # what the build records as written
                    hashes[target.name] = sha256_if_file(tmp)
            written.append(target)
        return None, written

    monkeypatch.setattr(workers, "write_outputs", write_outputs)
    return rendered


def test_rebuild_renders_only_what_changed(tmp_path, figdata_dir, monkeypatch, renders_of):
    out = tmp_path / "out"
    assert set(statuses(build(SPECS, figdata_dir, out, jobs=1)).values()) == {"built"}
    assert set(statuses(build(SPECS, figdata_dir, out, jobs=1)).values()) == {"current"}

    path = figdata_dir / "cifar_summary.json"
    doc = json.loads(path.read_text())
    doc["data"]["final_test_acc"]["bp"][0] += 0.01
    path.write_text(json.dumps(doc))
    assert statuses(build(SPECS, figdata_dir, out, jobs=1)) == {
        "cifar_feature_drift": "current", "figure_snapshot_vit": "current", "cifar_summary": "built"}

    (out / "cifar_feature_drift.png").unlink()
    (out / "figure_snapshot_vit.pdf").write_bytes(b"edited by hand")
    assert statuses(build(SPECS, figdata_dir, out, jobs=1)) == {
        "cifar_feature_drift": "built", "figure_snapshot_vit": "built", "cifar_summary": "current"}

    assert set(statuses(build(SPECS, figdata_dir, out, jobs=1, force=True)).values()) == {"built"}

    monkeypatch.setattr("importlib.metadata.version", lambda _: "9.9.9")
    assert set(statuses(build(SPECS, figdata_dir, out, jobs=1)).values()) == {"built"}
    assert renders_of == [*NAMES, "cifar_summary", "figure_snapshot_vit", "cifar_feature_drift",
                          *NAMES, *NAMES]


def test_build_key_follows_the_figure_code(tmp_path):
    spec = BY_NAME["cifar_summary"]
    original = state.build_key(spec, b"{}")
    edited = tmp_path / "cifar.py"
    edited.write_text(spec.source_files()[0].read_text() + "\n# a style change\n")

    class EditedSpec(type(spec)):
        def source_files(self):
            return [edited, *super().source_files()[1:]]

    moved = EditedSpec(**{f.name: getattr(spec, f.name) for f in dataclasses.fields(spec)})
    assert state.build_key(moved, b"{}") != original
    assert state.build_key(spec, b"{}") == original
