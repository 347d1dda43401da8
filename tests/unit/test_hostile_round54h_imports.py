"""Round 54h (G8): a figure's module importing a helper of ``figures/plots/`` by a name it
computes (``importlib.import_module(".".join(["figures", "plots", "_" + "dyn"]))``): an edit
to the helper changed the picture while ``figures build`` said "current cifar_summary" and the
golden run "1 comparisons not repeated: their inputs are unchanged", exit 0. G9: the same
with a data file outside the package read by ``render``."""

from __future__ import annotations

from pathlib import Path

from figures.plot_imports import ImportsFinder, PlotsImports


def _plots(tmp_path, figure: str):
    plots = tmp_path / "pkg" / "figures" / "plots"
    plots.mkdir(parents=True)
    for init in (plots / "__init__.py", plots.parent / "__init__.py"):
        init.write_text("")
    (plots / "fig.py").write_text(figure)
    (plots / "_dyn.py").write_text("ALPHA = 0.3\n")
    (plots / "_other.py").write_text("BETA = 1\n")
    return plots


def test_a_helper_imported_by_a_computed_name_is_among_the_figures_code(tmp_path):
    plots = _plots(tmp_path, "import importlib\n\n\ndef render():\n"
                   "    return importlib.import_module('.'.join(['figures', 'plots', "
                   "'_' + 'dyn'])).ALPHA\n")
    assert (plots / "_dyn.py") in PlotsImports(tmp_path / "pkg").of("figures.plots.fig")
    golden = ImportsFinder([str(tmp_path / "pkg")], lambda name: name.startswith("figures"))
    golden.import_hook("figures.plots.fig")
    assert "figures.plots._dyn" in golden.reached("figures.plots.fig")


def test_a_literal_name_still_names_its_module_alone(tmp_path):
    plots = _plots(tmp_path, "import importlib\n\n\ndef render():\n"
                   "    return importlib.import_module('figures.plots._dyn').ALPHA\n")
    assert PlotsImports(tmp_path / "pkg").of("figures.plots.fig") == [plots / "_dyn.py"]


def test_a_helper_run_from_its_file_is_among_the_figures_code(tmp_path):
    """G8b: the same helper run by its path (``runpy.run_path``), not imported."""
    plots = _plots(tmp_path, "import runpy\nfrom pathlib import Path\n\n\ndef render():\n"
                   "    return runpy.run_path(str(Path(__file__).with_name('_dyn.py')))\n")
    assert (plots / "_dyn.py") in PlotsImports(tmp_path / "pkg").of("figures.plots.fig")


def test_a_file_outside_every_build_key_read_by_render_is_refused(tmp_path):
    """G9: ``render`` reading a lab's ``labstyle.json`` (a path outside the package and
    figdata) for its grid's alpha: after an edit to it, `figures build` said "current
    cifar_summary" of the old picture, and the golden run "1 comparisons not repeated"."""
    import json

    import pytest

    from figures import author_code
    from figures.author_code import LeftBehind

    style = tmp_path / "labstyle.json"
    style.write_text('{"alpha": 0.3}')
    with pytest.raises(LeftBehind) as raised, author_code.running(
            "figures/plots/fig.py", "render"):
        json.loads(style.read_text())
    said = str(raised.value)
    assert "render: read " in said, said
    assert "labstyle.json, a file no build key follows" in said, said
    assert "put what it holds into the figure's figdata, or into the package" in said, said
    with author_code.running("figures/plots/fig.py", "extract"):  # extract reads results
        json.loads(style.read_text())


def test_what_drawing_reads_of_the_environment_is_no_finding(tmp_path):
    """G9's other side: the package's own files, Python's and its libraries', matplotlib's
    fonts and a module's source are read by every drawing: no finding."""
    import matplotlib
    from matplotlib import font_manager

    from figures import author_code

    with author_code.running("figures/plots/fig.py", "render"):
        (Path(author_code.__file__).parent / "venues.json").read_bytes()
        (Path(matplotlib.__file__).parent / "mpl-data" / "matplotlibrc").read_bytes()
        Path(font_manager.findfont("DejaVu Sans")).read_bytes()
        Path(__file__).read_bytes()


def test_a_librarys_data_outside_the_environments_prefix_is_no_finding(tmp_path, monkeypatch):
    """G9's other side, on machines laid out otherwise: a library installed with ``pip
    install --user`` reading its own data in the user's site-packages, and matplotlib's data
    (its style sheets) where a distribution puts it apart from Python's (Nix: each package in
    its own store folder) are the environment's, not a lab's file."""
    import site

    import matplotlib

    from figures import author_code

    user_site = tmp_path / "user-site"
    (user_site / "cmaplib").mkdir(parents=True)
    (user_site / "cmaplib" / "colours.txt").write_text("0 0 0\n")
    mpl_data = tmp_path / "store" / "mpl-data"
    (mpl_data / "stylelib").mkdir(parents=True)
    (mpl_data / "stylelib" / "classic.mplstyle").write_text("lines.linewidth: 1\n")
    monkeypatch.setattr(site, "getusersitepackages", lambda: str(user_site))
    monkeypatch.setattr(matplotlib, "get_data_path", lambda: str(mpl_data))
    author_code._read_roots.cache_clear()
    try:
        with author_code.running("figures/plots/fig.py", "render"):
            (user_site / "cmaplib" / "colours.txt").read_bytes()
            (mpl_data / "stylelib" / "classic.mplstyle").read_bytes()
    finally:
        author_code._read_roots.cache_clear()
