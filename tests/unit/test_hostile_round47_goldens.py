"""Round 47 (G7, round 47d): a data file the figure code reads beside it is an input of the
build key and of the golden comparison, as the code is."""

from __future__ import annotations

import pytest

from figures import registry
from figures.outputs.state import build_key


def test_a_data_file_beside_the_plots_is_an_input_of_every_figure(tmp_path, monkeypatch):
    """``figures/plots/_palette.json`` read by ``_cifar.py``: changed, the goldens passed
    unjudged (their inputs "unchanged") and ``figures build`` kept every figure current."""
    plots = tmp_path / "plots"
    (plots / "__pycache__").mkdir(parents=True)
    (plots / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0")
    (plots / "x.py").write_text("")
    palette = plots / "_palette.json"
    palette.write_text('{"grid_alpha": 0.3}')
    monkeypatch.setattr(registry, "DATA_FILES_ROOT", tmp_path)
    spec = registry.BY_NAME["cifar_summary"]
    assert spec.source_files()[-1] == palette
    assert [p for p in spec.source_files() if p.parent.name in ("plots", "__pycache__")
            and p.is_relative_to(tmp_path)] == [palette]
    before = build_key(spec, b"{}")
    palette.write_text('{"grid_alpha": 0.35}')
    assert build_key(spec, b"{}") != before


@pytest.mark.parametrize("where", ["paper.mplstyle", "style/paper.mplstyle"])
def test_a_style_file_anywhere_in_the_package_is_an_input_of_every_figure(tmp_path, monkeypatch,
                                                                         where):
    """Round 48d (G1): ``figures/paper.mplstyle`` read by ``_cifar.py`` (one folder up from
    plots/, which G7's mend took alone) changed, and the goldens passed unjudged and the
    build kept cifar_summary current."""
    style = tmp_path / where
    style.parent.mkdir(parents=True, exist_ok=True)
    style.write_text("axes.linewidth: 0.8\n")
    monkeypatch.setattr(registry, "DATA_FILES_ROOT", tmp_path)
    spec = registry.BY_NAME["cifar_summary"]
    assert style in spec.source_files()
    before = build_key(spec, b"{}")
    style.write_text("axes.linewidth: 1.2\n")
    assert build_key(spec, b"{}") != before


def test_the_golden_comparison_reads_the_data_files_too(tmp_path, monkeypatch):
    import golden_cache

    (tmp_path / "_palette.json").write_text("{}")
    monkeypatch.setattr(registry, "DATA_FILES_ROOT", tmp_path)
    golden_cache._code_files.cache_clear()
    try:
        files = golden_cache._code_files(str(golden_cache._TESTS / "golden" / "test_images.py"),
                                         registry.BY_NAME["cifar_summary"].module_name)
    finally:
        golden_cache._code_files.cache_clear()
    assert tmp_path / "_palette.json" in files


@pytest.mark.parametrize("argv", [[""], ["cifar_summary", ""], [" "]])
def test_an_empty_name_is_refused_not_read_as_every_golden(argv):
    """Round 47 (G8, round 47d): ``nox -s baselines -- "$FIG"`` with FIG unset passed an
    empty NAME, read as the current folder: every golden that differs would be rewritten."""
    import importlib.util

    from helpers import REPO

    spec = importlib.util.spec_from_file_location("update_baselines_g8",
                                                  REPO / "tools" / "update_baselines.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    with pytest.raises(ValueError, match=r"an empty NAME \(an unset variable\?\) names no golden"):
        tool._names(argv)


def test_a_style_folder_linked_into_the_package_is_an_input_and_a_loop_ends(tmp_path,
                                                                           monkeypatch):
    """Round 48 (G22): ``figures/plots/styles -> a lab's shared style folder`` (linked, as
    groups do), its ``lab.mplstyle`` read by ``_cifar.py``: edited, the goldens passed
    unjudged, as the package's walk did not enter a linked folder. It does, once each (a
    link back up the tree ends)."""
    lab = tmp_path / "lab"
    lab.mkdir()
    (lab / "lab.mplstyle").write_text("axes.linewidth: 0.8\n")
    package = tmp_path / "figures"
    (package / "plots").mkdir(parents=True)
    (package / "plots" / "styles").symlink_to(lab, target_is_directory=True)
    (package / "plots" / "loop").symlink_to(package, target_is_directory=True)
    monkeypatch.setattr(registry, "DATA_FILES_ROOT", package)
    style = package / "plots" / "styles" / "lab.mplstyle"
    assert registry.package_data_files() == [style]
    spec = registry.BY_NAME["cifar_summary"]
    before = build_key(spec, b"{}")
    (lab / "lab.mplstyle").write_text("axes.linewidth: 1.2\n")
    assert build_key(spec, b"{}") != before
