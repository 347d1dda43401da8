"""The registry, figdata/, fixtures and baselines match one to one."""

from __future__ import annotations

import pytest
from helpers import REPO, fixture_files, orphan_line

from figures.data import figdata
from figures.registry import BY_NAME, FIGURES, SHARED_CODE

BASELINES = REPO / "baseline"


def test_figure_names_are_unique():
    assert len(BY_NAME) == len(FIGURES)


@pytest.mark.parametrize("spec", FIGURES, ids=lambda s: s.name)
def test_registered_figure_has_figdata_fixture_and_baseline(spec):
    doc = figdata.load(spec.figdata_path(REPO / "figdata"), spec.name)
    assert doc["provenance"].get("seed_script") == spec.seed_script
    assert (REPO / "tests" / "fixtures" / f"{spec.name}.json").is_file()
    assert (BASELINES / f"{spec.name}.png").is_file()


def test_every_fixture_belongs_to_a_figure():
    """Round 29 (G9): a fixture left behind by a figure removed from the registry is named
    in one line with what to do (was ``assert [...] == []``)."""
    if orphans := [line for p in fixture_files() if (line := orphan_line(p)) is not None]:
        pytest.fail("\n".join(orphans), pytrace=False)


def test_every_baseline_has_a_fixture_and_every_fixture_a_baseline():
    baselines = {p.stem for p in BASELINES.glob("*.png")}
    fixtures = {p.stem for p in fixture_files()}
    assert baselines == fixtures


def test_every_figdata_file_is_registered():
    files = {p.stem for p in (REPO / "figdata").glob("*.json")}
    assert files == set(BY_NAME)


def test_a_registered_figure_whose_module_is_gone_says_what_to_do():
    """Hostile pass 3: `check` gave an internal ModuleNotFoundError, `build` "file not found"."""
    from figures.errors import FigureDataError
    from figures.registry import FigureSpec, Output

    spec = FigureSpec("fig9_gone", (Output("png", 100),))
    with pytest.raises(FigureDataError) as info:
        _ = spec.render
    assert (info.value.file, info.value.key) == ("figures/plots/fig9_gone.py", None)
    assert info.value.message.startswith("not found")
    assert "fig9_gone from FIGURES in figures/registry.py" in info.value.message


@pytest.mark.parametrize("spec", FIGURES, ids=lambda s: s.name)
def test_the_build_key_reads_only_code_that_decides_pixels(spec):
    """Editing the worker pool, the lock, the incremental state or the CLI re-renders nothing:
    a figure's key covers its module, the family helpers it imports and the shared drawing
    and saving code."""
    from figures.registry import package_data_files

    package = REPO / "figures"
    data_files = package_data_files()  # the files beside the code it may read (round 48d G1)
    assert spec.source_files()[-len(data_files):] == data_files
    files = [path.relative_to(package).as_posix() for path in spec.source_files()
             if path not in data_files]
    assert files[0] == f"plots/{spec.name}.py"
    assert all(f.startswith("plots/") for f in files[1:-len(SHARED_CODE)])
    assert files[-len(SHARED_CODE):] == list(SHARED_CODE)
    assert all(path.is_file() for path in spec.source_files())
    not_pixels = ("outputs/workers.py", "outputs/lock.py", "outputs/state.py", "outputs/build.py")
    assert not set(files) & set(not_pixels)
    assert not any(f.startswith("cli/") for f in files)


def test_every_figure_has_its_venue_baselines_and_every_venue_baseline_a_figure():
    """The venue layouts' golden images (tests/golden/test_venue_images.py) follow the
    registry too: a new figure gets them from `nox -s baselines`."""
    from helpers import VENUE_BASELINES, venue_baseline_name, venue_slots

    expected = {venue_baseline_name(*one) for one in venue_slots()}
    assert {p.name for p in VENUE_BASELINES.glob("*.png")} == expected


@pytest.mark.parametrize("name", ["5x", "class", "_cifar", "fig-9", "f\u00efg9"])
def test_figures_new_refuses_a_name_in_the_registrys_own_words(name, tmp_path):
    """One check of a figure's name, the registry's: `figures new` does not write its own."""
    from figures.cli.new import ScaffoldError, check_name
    from figures.registry import name_problem

    assert name_problem(name) is not None
    with pytest.raises(ScaffoldError) as info:
        check_name(name, tmp_path)
    assert str(info.value) == name_problem(name)


def test_a_registry_missing_or_unreadable_is_one_line_saying_what_to_do():
    """`figures/registry.py` renamed away or unreadable: what every command says first (its
    import fails before any command runs; test_author_code runs the commands)."""
    import errno

    from figures.errors import registry_gone
    from figures.registry import PACKAGE_DIR

    missing = ModuleNotFoundError("No module named 'figures.registry'", name="figures.registry")
    assert registry_gone(missing).endswith("figures/registry.py: not found; it lists every "
                                           "figure: restore it (`git checkout -- "
                                           "figures/registry.py`, or rename it back)")
    # `from figures import registry` in a process that imported the package already (watch)
    taken = ImportError("cannot import name 'registry' from 'figures' (/x/figures/__init__.py)",
                        name="figures")
    assert registry_gone(taken) == registry_gone(missing)
    unreadable = PermissionError(errno.EACCES, "Permission denied",
                                 str(PACKAGE_DIR / "registry.py"))
    assert "figures/registry.py: permission denied; " in registry_gone(unreadable)
    assert registry_gone(ModuleNotFoundError("No module named 'numpy'", name="numpy")) is None
    assert registry_gone(PermissionError(errno.EACCES, "Permission denied", "/x.py")) is None
