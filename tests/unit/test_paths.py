"""Outputs never land on inputs, whatever path leads there (hostile pass: links, .., case)."""

from __future__ import annotations

import pytest
from helpers import REPO

from figures.cli import main as cli
from figures.cli.new import ScaffoldError, check_name


def test_new_refuses_a_broken_link_where_its_figdata_goes(tmp_path):
    """Hostile: `figures new fig9` wrote its placeholder figdata through a broken link
    figdata/fig9.json -> ../figures/plots/x.py, creating a file of JSON among the modules."""
    (tmp_path / "figdata").mkdir()
    (tmp_path / "figdata" / "fig9.json").symlink_to("../figures/plots/x.py")
    with pytest.raises(ScaffoldError, match=r"^figdata/fig9\.json already exists"):
        check_name("fig9", tmp_path)


@pytest.mark.parametrize("command", ["extract", "make"])
@pytest.mark.parametrize("folder", ["tests/fixtures", "figures/plots", "baseline"])
def test_extract_refuses_a_figdata_folder_among_the_inputs(tmp_path, capsys, command, folder):
    """Hostile: `figures extract RESULTS --figdata tests/fixtures` replaced every golden
    fixture (the same names) with the full results' data; `build --out` refuses that folder
    already. Refused before anything is read or written, also through a link."""
    link = tmp_path / "figdata"
    link.symlink_to(REPO / folder)
    before = {p: p.read_bytes() for p in (REPO / folder).glob("*.json")}
    assert cli.main([command, str(tmp_path / "no-results"), "--figdata", str(link)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: --figdata {link}: is inside ")
    assert err.count("\n") == 1
    assert {p: p.read_bytes() for p in (REPO / folder).glob("*.json")} == before


@pytest.fixture
def schema_file(tmp_path, monkeypatch):
    """`figures schema` writing a file of this test instead of the package's."""
    from figures.cli import schema

    target = tmp_path / "figdata.schema.json"
    monkeypatch.setattr(schema, "JSON_SCHEMA_FILE", target)
    return target


def test_schema_through_a_link_to_a_file_it_did_not_write_is_refused(schema_file, capsys):
    """Hostile: figures/data/figdata.schema.json a link to figdata/cifar_summary.json (or to
    the registry): `figures schema` wrote the JSON Schema over it, through the link."""
    victim = schema_file.parent / "cifar_summary.json"
    victim.write_text('{"figure": "cifar_summary"}')
    schema_file.symlink_to(victim)
    assert cli.main(["schema"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {schema_file}: is a link to {victim}, a file `figures "
                          "schema` did not write; it would be overwritten. Remove the link")
    assert err.count("\n") == 1
    assert victim.read_text() == '{"figure": "cifar_summary"}'


def test_schema_through_a_link_into_the_package_is_refused(schema_file, capsys):
    from figures.registry import PACKAGE_DIR

    inside = PACKAGE_DIR / "plots" / "not_there.json"
    schema_file.symlink_to(inside)
    try:
        assert cli.main(["schema"]) == 2
        assert "is a link into the figures package" in capsys.readouterr().err
        assert not inside.exists()
    finally:
        inside.unlink(missing_ok=True)  # written there, were it not refused


def test_schema_writes_through_a_link_to_a_schema_it_wrote(schema_file, capsys):
    from figures.data.envelope import json_schema_text

    shared = schema_file.parent / "shared.json"
    shared.write_text(json_schema_text().replace("(figures/data/envelope.py)", "(old)"))
    schema_file.symlink_to(shared)
    assert cli.main(["schema"]) == 0
    assert schema_file.is_symlink()
    assert shared.read_text() == json_schema_text()


def test_schema_in_another_encoding_is_out_of_date_not_an_internal_error(schema_file, capsys):
    """Hostile: a schema file saved as UTF-16 (an editor's choice): `figures schema
    --check` and `figures schema` were an internal UnicodeDecodeError."""
    schema_file.write_bytes(b"\xff\xfe{\x00}\x00")
    assert cli.main(["schema", "--check"]) == 1
    err = capsys.readouterr().err
    assert err == (f"error: {schema_file}: out of date with figures/data/envelope.py; run "
                   "`figures schema`\n")
    assert cli.main(["schema"]) == 0
    assert cli.main(["schema", "--check"]) == 0


def test_schema_in_a_folder_it_cannot_write_is_one_line(schema_file, capsys, monkeypatch):
    """A read-only package folder (an installed package): one line naming the file."""
    from figures.cli import schema

    def refused(target, text):
        raise PermissionError(13, "Permission denied", str(target))

    monkeypatch.setattr(schema, "write_text_atomic", refused)
    assert cli.main(["schema"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {schema_file}: ")
    assert "internal error" not in err
    assert err.count("\n") == 1


def test_a_watched_output_folder_replaced_by_a_link_to_inputs_is_refused(tmp_path):
    """Hostile: while `figures watch` ran, build/figures replaced by a link to baseline/: the
    next save's rebuild wrote cifar_summary.png over the golden image (the folder was checked
    at the start only). Each rebuild checks it now, and writes nothing."""
    from figures.watch.child import rebuild_outcomes

    figdata_dir = tmp_path / "figdata"
    figdata_dir.mkdir()
    (figdata_dir / "cifar_summary.json").write_bytes(
        (REPO / "figdata" / "cifar_summary.json").read_bytes())
    out = tmp_path / "out"
    out.symlink_to(figdata_dir)
    outcomes = rebuild_outcomes(["cifar_summary"], figdata_dir, out, 1)
    assert [(name, status) for name, status, *_ in outcomes] == [("cifar_summary", "failed")]
    assert outcomes[0][2] == (
        f"cifar_summary: --out {out}: is now inside the figdata folder {figdata_dir}; nothing "
        "was written there. Restore the output folder, or restart the watch with another --out")
    assert sorted(p.name for p in figdata_dir.iterdir()) == ["cifar_summary.json"]


@pytest.fixture
def names_not_canonical(monkeypatch):
    """Path.resolve as on macOS and Windows, where it keeps the case typed (`Baseline/` is
    `baseline/` there, and resolves to `Baseline/`): a link stands in for the other case."""
    from pathlib import Path

    monkeypatch.setattr(Path, "resolve", lambda self, strict=False: self.absolute())


@pytest.fixture
def checkout(tmp_path, monkeypatch):
    """A stand-in source checkout (what an unfixed refusal lets through lands here)."""
    from figures import registry

    root = tmp_path / "checkout"
    (root / "figures" / "paper").mkdir(parents=True)
    (root / "baseline").mkdir()
    (root / "pyproject.toml").write_text("")
    (root / "baseline" / "cifar_summary.png").write_bytes(b"the golden image")
    monkeypatch.setattr(registry, "PACKAGE_DIR", root / "figures")
    return root


def test_a_build_into_another_case_of_baseline_is_refused(tmp_path, capsys, checkout,
                                                          names_not_canonical):
    """Hostile: `figures build --out Baseline` on macOS wrote every figure over the golden
    images: the refusal compared resolved names, which keep the case typed there. The
    folders are compared by identity now (also through a bind mount)."""
    other_case = tmp_path / "Baseline"
    other_case.symlink_to(checkout / "baseline")
    assert cli.main(["build", "--out", str(other_case), "cifar_summary"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: --out {other_case}: is inside the golden images' folder "
                          "baseline/")
    assert [p.name for p in (checkout / "baseline").iterdir()] == ["cifar_summary.png"]
    assert (checkout / "baseline" / "cifar_summary.png").read_bytes() == b"the golden image"


def test_macros_into_another_case_of_the_package_is_refused(tmp_path, capsys, checkout,
                                                             names_not_canonical):
    other_case = tmp_path / "Figures"
    other_case.symlink_to(checkout / "figures")
    assert cli.main(["macros", "--out", str(other_case / "paper" / "macros.tex")]) == 2
    assert "is inside the figures package" in capsys.readouterr().err
    assert not (checkout / "figures" / "paper" / "macros.tex").exists()


def test_a_built_file_that_links_into_the_inputs_is_not_written_through(tmp_path):
    """Hostile: build/figures/cifar_summary.png a link to baseline/cifar_summary.png (or to
    the figure's own figdata file): the build saved through the link, over the golden image
    (over the JSON). That figure is refused now, naming the link (the others build)."""
    from figures.outputs.build import build
    from figures.registry import BY_NAME

    figdata_dir, out, data = _summary_project(tmp_path)
    (out / "cifar_summary.png").symlink_to(figdata_dir / "cifar_summary.json")
    (result,) = build([BY_NAME["cifar_summary"]], figdata_dir, out, jobs=1)
    assert result.status == "failed"
    assert result.line.startswith(
        f"cifar_summary: {out / 'cifar_summary.png'}: is a link to "
        f"{figdata_dir / 'cifar_summary.json'}, inside the figdata folder {figdata_dir}; the "
        "build would write over it. Remove the link")
    assert (figdata_dir / "cifar_summary.json").read_bytes() == data


def _summary_project(tmp_path):
    """A figdata folder holding cifar_summary's file, an empty out folder, and its bytes."""
    figdata_dir, out = tmp_path / "figdata", tmp_path / "out"
    figdata_dir.mkdir()
    out.mkdir()
    data = (REPO / "figdata" / "cifar_summary.json").read_bytes()
    (figdata_dir / "cifar_summary.json").write_bytes(data)
    return figdata_dir, out, data


def test_a_lock_file_that_is_a_link_empties_nothing(tmp_path):
    """Hostile: build/figures/.build.lock a link to the paper's main.tex: the build opened it
    through the link and wrote its process id there, emptying the paper."""
    from figures.errors import FigureDataError
    from figures.outputs.lock import locked

    paper = tmp_path / "main.tex"
    paper.write_text("\\documentclass{article}\n")
    out = tmp_path / "out"
    out.mkdir()
    (out / ".build.lock").symlink_to(paper)
    with pytest.raises(FigureDataError, match=r"\.build\.lock: is a link: the build's lock is "
                                              r"a file of its own"), locked(out):
        pass
    assert paper.read_text() == "\\documentclass{article}\n"


def test_a_build_state_that_links_into_the_inputs_is_not_written_through(tmp_path):
    from figures.errors import FigureDataError
    from figures.outputs.build import build
    from figures.registry import BY_NAME

    figdata_dir, out, data = _summary_project(tmp_path)
    (out / ".build-state.json").symlink_to(figdata_dir / "cifar_summary.json")
    with pytest.raises(FigureDataError, match=r"\.build-state\.json: is a link to .*, inside "
                                              r"the figdata folder"):
        build([BY_NAME["cifar_summary"]], figdata_dir, out, jobs=1)
    assert (figdata_dir / "cifar_summary.json").read_bytes() == data


def test_extract_does_not_write_through_a_figdata_link_into_the_tests(tmp_path, capsys):
    """Hostile: figdata/cifar_summary.json a link to tests/fixtures/cifar_summary.json (one
    copy of the data, say): extract replaced the golden fixture through it."""
    from figures.cli.extract import extract

    fixture = REPO / "tests" / "fixtures" / "cifar_summary.json"
    before = fixture.read_bytes()
    figdata_dir = tmp_path / "figdata"
    figdata_dir.mkdir()
    (figdata_dir / "cifar_summary.json").symlink_to(fixture)
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "notes.txt").write_text("an empty folder is refused as a whole")
    assert extract(tmp_path / "results", figdata_dir, ["cifar_summary"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: cifar_summary: {figdata_dir / 'cifar_summary.json'}: is a "
                          f"link to {fixture}, inside the tests' folder tests/; extract would "
                          "write over it")
    assert fixture.read_bytes() == before


def test_a_path_is_shown_with_its_control_characters_escaped():
    """The one formatting of a path for display (figures.errors.display_path): a newline, a
    tab or an escape sequence stays on its line and cannot drive the terminal."""
    from figures.errors import FigureDataError, display_path

    assert display_path("o\nx\ty\x1b[31m.png") == "o\\x0ax\\x09y\\x1b[31m.png"
    assert display_path("plain/é.png") == "plain/é.png"
    assert str(FigureDataError("a\nb.json", "data", "bad")) == "a\\x0ab.json: data: bad"
