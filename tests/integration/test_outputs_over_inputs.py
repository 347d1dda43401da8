"""No output lands on an input, and the preflight measures only what is on disk and current."""

from __future__ import annotations

import shutil

import pytest
from helpers import REPO, copy_of, run_figures_in

from figures.cli import main as cli

#: End-to-end: runs the command line on built files.
pytestmark = pytest.mark.slow


@pytest.mark.parametrize(("argv", "what"), [
    (["macros", "--out", "figdata/cifar_summary.json"], "inside the figdata folder"),
    (["macros", "--out", "figures/registry.py"], "inside the figures package"),
    (["macros", "--out", "figures/plots/cifar_summary.py"], "inside the figures package"),
    (["check", "--venue", "icml", "--html", "build/figures/cifar_summary.png"],
     "a built figure"),
    (["check", "--venue", "icml", "--html", "figdata/fig1_audit_hero.json"],
     "inside the figdata folder"),
])
def test_an_output_over_an_input_is_refused_and_nothing_is_written(capsys, monkeypatch,
                                                                   tmp_path, argv, what):
    monkeypatch.chdir(REPO)
    target = REPO / argv[-1]
    before = target.read_bytes() if target.is_file() else None
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {argv[-2]} {argv[-1]}: is {what}")
    assert err.count("\n") == 1
    if before is not None:
        assert target.read_bytes() == before


def test_a_link_to_an_input_is_refused_too(capsys, tmp_path):
    link = tmp_path / "macros.tex"
    link.symlink_to(REPO / "figdata" / "cifar_summary.json")
    before = link.read_bytes()
    assert cli.main(["macros", "--figdata", str(REPO / "figdata"), "--out", str(link)]) == 2
    assert "is inside the figdata folder" in capsys.readouterr().err
    assert link.read_bytes() == before


def test_stale_damaged_and_foreign_built_files_are_reported_not_measured(reference_build,
                                                                         tmp_path, capsys):
    out = tmp_path / "out"
    shutil.copytree(reference_build, out)
    figdata = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", figdata)
    png = out / "cifar_summary.png"
    png.write_bytes(png.read_bytes()[:5000])  # cut short: its header still reads fine
    shutil.copy(out / "fig1_audit_hero.pdf", out / "fig4_penalty_rescue.pdf")  # another's
    path = figdata / "cifar_feature_drift.json"
    path.write_text(path.read_text() + "\n")  # edited, not rebuilt
    code = cli.main(["check", "cifar_summary", "fig4_penalty_rescue", "cifar_feature_drift",
                     "--venue", "icml", "--out", str(out), "--figdata", str(figdata)])
    rows = capsys.readouterr().out.splitlines()
    assert code == 0  # without --strict
    raster = next(r for r in rows if r.startswith("cifar_summary") and " raster " in r)
    assert "damaged" in raster
    assert "cannot be decoded" in raster
    assert "ppi" not in raster.split("FAIL")[0]
    fonts = next(r for r in rows if r.startswith("fig4_penalty_rescue") and " fonts " in r)
    assert "this is fig1_audit_hero's file, not fig4_penalty_rescue's" in fonts
    drift = next(r for r in rows if r.startswith("cifar_feature_drift") and " raster " in r)
    assert " stale " in drift
    assert f"{path} is not the data it was built from" in drift


def test_a_truncated_pdf_is_its_row_with_the_advice_once_and_no_stray_line(reference_build,
                                                                           tmp_path, capsys,
                                                                           caplog):
    """Hostile pass 5: a truncated built PDF added a bare "EOF marker not found" line (pypdf's
    log, from reading the file's provenance) and said "rebuild it" twice in its row."""
    out = tmp_path / "out"
    shutil.copytree(reference_build, out)
    pdf = out / "fig1_audit_hero.pdf"
    pdf.write_bytes(pdf.read_bytes()[: pdf.stat().st_size * 2 // 3])
    cli.main(["check", "fig1_audit_hero", "--venue", "icml", "--out", str(out), "--figdata",
              str(REPO / "figdata")])
    out_text, err = capsys.readouterr()
    assert "EOF marker" not in err
    # pytest takes log records in this process; printed, they were the stray line
    assert [r.getMessage() for r in caplog.records if r.name.startswith("pypdf")] == []
    assert all(line.startswith(("warning: ", "error: ", "advice: ")) for line in err.splitlines())
    (fonts,) = [r for r in out_text.splitlines() if r.startswith("fig1_audit_hero  fonts ")]
    assert "damaged" in fonts
    assert f"{pdf}: cannot read PDF (EOF marker not found)" in fonts
    assert fonts.count("rebuild it with `figures build --force`") == 1


@pytest.fixture
def checkout(tmp_path):
    """A copy of the source checkout (what a regression would write over is a copy)."""
    copy_of(tmp_path, "figures", "figdata", "baseline", "tests/fixtures")
    shutil.copy(REPO / "pyproject.toml", tmp_path)
    return tmp_path



def snapshot(root):
    return {p: p.read_bytes() for p in root.rglob("*") if p.is_file()
            and "__pycache__" not in p.parts}


@pytest.mark.parametrize(("argv", "what"), [
    (["build", "cifar_summary", "--out", "baseline"], "inside the golden images' folder"),
    (["build", "cifar_summary", "--out", "build/../baseline"], "inside the golden images'"),
    (["build", "cifar_summary", "--out", "figdata"], "inside the figdata folder"),
    (["build", "cifar_summary", "--out", "figures/plots"], "inside the figures package"),
    (["build", "cifar_summary", "--out", "tests/fixtures"], "inside the tests' folder"),
    (["build", "cifar_summary", "--camera-ready", "--camera-ready-out", "figdata"],
     "inside the figdata folder"),
    (["build", "cifar_summary", "--venue", "icml", "--out", "baseline"], "inside the golden"),
    (["make", "--out", "baseline"], "inside the golden images' folder"),
    (["build", "cifar_summary", "--out", "link"], "inside the golden images' folder"),
    # the watch rebuilds into --out on every save: refused before its first build
    (["watch", "cifar_summary", "--out", "baseline"], "inside the golden images' folder"),
])
def test_a_build_into_a_folder_of_inputs_is_refused_before_anything_is_drawn(
        checkout, argv, what):
    """Hostile pass 4: `figures build --out baseline` wrote over the golden images (a built
    file has its golden image's name)."""
    (checkout / "link").symlink_to(checkout / "baseline")
    before = snapshot(checkout)
    status, out, err = run_figures_in(checkout, *argv)
    assert (status, out) == (2, "")
    option = next(a for a in argv if a in ("--out", "--camera-ready-out"))
    assert err.startswith(f"error: {option} {argv[argv.index(option) + 1]}: is {what}")
    assert err.endswith("the build would write over its files. Choose another folder\n")
    assert snapshot(checkout) == before


@pytest.mark.parametrize(("argv", "content"), [
    (["macros", "--out", "main.tex"], "\\documentclass{article}\n"),
    (["check", "cifar_summary", "--venue", "icml", "--html", "notes.html"], "<p>notes</p>\n"),
])
def test_an_existing_file_the_command_did_not_write_is_refused(capsys, tmp_path, argv, content):
    """Hostile pass 4: `figures macros --out paper/main.tex` replaced the paper itself, and
    `check --html` any .html file."""
    target = tmp_path / argv[-1]
    target.write_text(content)
    argv = [*argv[:-1], str(target), "--figdata", str(REPO / "figdata")]
    assert cli.main(argv) == 2
    command = f"`figures {argv[0]}`"
    assert capsys.readouterr().err == (
        f"error: {argv[-4]} {target}: is an existing {target.suffix} file that {command} did "
        f"not write; it would be overwritten. Choose another path ending in {target.suffix}\n")
    assert target.read_text() == content


def test_the_macros_file_it_wrote_is_replaced(capsys, tmp_path):
    out = tmp_path / "macros.tex"
    argv = ["macros", "--figdata", str(REPO / "figdata"), "--out", str(out)]
    assert cli.main(argv) == 0
    out.write_text(out.read_text().replace("61.5", "99.9"))
    assert cli.main(argv) == 0
    assert "{61.5\\%\\xspace}" in out.read_text()
