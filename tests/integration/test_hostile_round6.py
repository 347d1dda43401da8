"""Round 6's hostile pass over `which`, `build --venue` and `check-tex`: each case kept."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from helpers import REPO, SYNC_TEX, run_sync, sync_project

from figures.cli import main as cli
from figures.registry import BY_NAME, FIGURES
from figures.venues import get_venue, load_venues


@pytest.mark.parametrize("out", ["build/figures", "build/camera-ready", "./build//figures/"])
def test_a_venue_build_into_the_default_or_camera_ready_folder_is_refused(tmp_path, capsys,
                                                                          monkeypatch, out):
    monkeypatch.chdir(tmp_path)
    code = cli.main(["build", "fig1_audit_hero", "--venue", "icml", "--out", out,
                     "--figdata", str(REPO / "figdata")])
    err = capsys.readouterr().err
    assert code == 2
    assert "the folder of the" in err
    assert "pass another --out DIR" in err
    assert not (tmp_path / "build").exists()


@pytest.mark.parametrize("target", ["fifo", "/dev/null"])
def test_an_html_report_to_a_pipe_or_device_is_refused_in_one_line(tmp_path, capsys, target):
    import os

    if target == "fifo":
        target = str(tmp_path / "r.html")
        os.mkfifo(target)
    code = cli.main(["check", "fig1_audit_hero", "--venue", "icml", "--html", target,
                     "--figdata", str(REPO / "figdata")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.splitlines() == [(f"error: --html {target}: is not a regular file (a terminal, "
                                "pipe, socket or device), which renaming the written file into "
                                "place would replace: give a regular file's path (NAME.html)")]


@pytest.mark.slow  # a subprocess, a TeX compile or builds: seconds
def test_check_of_another_venues_build_says_whose_layout_it_is(tmp_path, capsys):
    out = tmp_path / "icml"
    figdata = ["--figdata", str(REPO / "figdata")]
    assert cli.main(["build", "cifar_summary", "--venue", "icml", "--out", str(out),
                     *figdata]) == 0
    (out / "cifar_summary.pdf").unlink(missing_ok=True)
    (out / "cifar_summary.pdf").mkdir()  # a folder where a built file goes
    capsys.readouterr()
    cli.main(["check", "cifar_summary", "--venue", "neurips", "--out", str(out), *figdata])
    said = capsys.readouterr().out
    assert ("cifar_summary.png: built for venue:icml's page, not venue:neurips's; run "
            "`figures build --venue neurips`") in said
    assert "cifar_summary.pdf: a folder, not the built file: remove it" in said


def _read_only(*folders):
    for folder in folders:
        for path in [folder, *folder.rglob("*")]:
            path.chmod(path.stat().st_mode & ~0o222)


@pytest.mark.slow
def test_sync_into_a_read_only_paper_that_is_up_to_date_writes_nothing_and_says_so(
        tmp_path, capsys, reference_build):
    """Round 6: a read-only paper whose macros.tex was already up to date was refused
    ("macros.tex is read-only"), though sync had nothing to write."""
    paper, figdata, built = sync_project(
        tmp_path, reference_build, SYNC_TEX % r"\includegraphics{fig1_audit_hero}")
    assert run_sync(capsys, paper, figdata, built, "--allow-synthetic")[0] == 0
    _read_only(paper)
    try:
        code, out, err = run_sync(capsys, paper, figdata, built, "--allow-synthetic")
        assert code == 0, out + err
        assert "fig1_audit_hero  figs/fig1_audit_hero.pdf        up to date" in out
        assert "(macros)         macros.tex                      up to date" in out
        (paper / "macros.tex").chmod(0o644)
        (paper / "macros.tex").write_text("% figures macros, by hand\n")
        (paper / "macros.tex").chmod(0o444)
        code, out, err = run_sync(capsys, paper, figdata, built, "--allow-synthetic")
    finally:
        for path in [paper, *paper.rglob("*")]:
            path.chmod(path.stat().st_mode | 0o200)
    assert code == 1
    assert "macros.tex is read-only: make it writable (chmod u+w) and sync again" in out
    assert "Traceback" not in err


@pytest.mark.slow
@pytest.mark.parametrize("engine", [True, False])
@pytest.mark.parametrize("written", ["{fig1_audit_hero}", "{fig1_audit_hero}.pdf",
                                     "{figs/fig1_audit_hero}", '"fig1_audit_hero"'])
def test_a_braced_or_quoted_include_is_the_figure_it_names(tmp_path, capsys, reference_build,
                                                            monkeypatch, engine, written):
    """Round 6: \\includegraphics{{fig1_audit_hero}} (graphicx reads it without its braces)
    was "not ours", with TeX and without; {"fig1_audit_hero"} (own pass) was copied to a new
    file named with the quotes, figs/"fig1_audit_hero".pdf."""
    if not engine:
        monkeypatch.setattr("figures.runner.have", lambda tool: False)
    paper, figdata, built = sync_project(
        tmp_path, reference_build, SYNC_TEX % f"\\includegraphics[width=3in]{{{written}}}")
    code, out, err = run_sync(capsys, paper, figdata, built, "--allow-synthetic")
    assert code == 0, out + err
    assert (paper / "figs" / "fig1_audit_hero.pdf").read_bytes() == \
        (built / "fig1_audit_hero.pdf").read_bytes()
    assert "not ours" not in out
    assert sorted(p.name for p in (paper / "figs").iterdir()) == ["fig1_audit_hero.pdf"]


@pytest.mark.slow
@pytest.mark.parametrize("folder", ["cifar_diagnostics.png", "fig1_audit_hero.pdf"])
def test_a_folder_where_a_figure_goes_refuses_that_include_and_writes_nothing(
        tmp_path, capsys, reference_build, folder):
    """Round 6: a folder named as the figure's file stopped the whole sync; that include is
    refused in one line. Round 48a (P16): the other figures and the macros were written all
    the same (the paper cannot read a folder anyway), where docs/paper.md's "All or nothing"
    lists a folder where the file goes among the refusals after which nothing is written, as
    for a file where a folder must be made (P15): a half-synced paper, text and figures
    disagreeing. Now the others are held, in sync and in ``sync -n`` alike."""
    paper, figdata, built = sync_project(tmp_path, reference_build, SYNC_TEX % (
        "\\includegraphics[width=3in]{fig1_audit_hero}\n"
        "\\includegraphics[width=3in]{cifar_diagnostics}"))
    (paper / "figs" / folder).mkdir()
    code, out, err = run_sync(capsys, paper, figdata, built, "--allow-synthetic")
    assert code == 1
    [refused] = [line for line in out.splitlines() if "  refused: " in line]
    assert refused.startswith(folder.split(".")[0])
    assert refused.endswith(f"  refused: figs/{folder} is a folder where the file goes: rename "
                            "or remove it, then sync again")
    other = "cifar_diagnostics.png" if folder.startswith("fig1") else "fig1_audit_hero.pdf"
    assert not (paper / "figs" / other).exists()
    assert not (paper / "macros.tex").exists()
    assert "held, not written" in out, out
    assert err.splitlines()[-1].startswith("nothing written (1 refused"), err
    assert "Traceback" not in err
    code, dry, dry_err = run_sync(capsys, paper, figdata, built, "--allow-synthetic", "-n")
    assert code == 1
    assert dry.splitlines()[1:] == out.splitlines()[1:], (dry, out)
    assert dry_err.splitlines()[-1] == err.splitlines()[-1], (dry_err, err)


@pytest.mark.slow
def test_sync_of_a_paper_named_by_a_relative_path_sees_its_macros_input(
        tmp_path, capsys, reference_build, monkeypatch):
    """Round 6 (own pass): `figures sync paper` (a relative folder) warned that no file of
    the paper \\inputs macros.tex, though main.tex does: TeX's files were matched against
    the relative folder."""
    _, figdata, built = sync_project(tmp_path, reference_build,
                                     SYNC_TEX % r"\includegraphics{fig1_audit_hero}")
    monkeypatch.chdir(tmp_path)
    for _ in range(2):  # the second time, macros.tex is there for TeX to read
        code, _out, err = run_sync(capsys, Path("paper"), figdata, built, "--allow-synthetic")
        assert code == 0
        assert "\\inputs macros.tex" not in err


def _large_type_venue(tmp_path, text_width_in):
    """A venue file within the documented bounds: 12 pt type (its largest minimum)."""
    doc = json.loads((REPO / "figures" / "venues.json").read_text())
    venue = {**doc["venues"]["icml"], "min_font_pt": {"value": 12, "source": "hostile"},
             "text_width_in": {"value": text_width_in, "source": "hostile"},
             "column_width_in": {"value": min(text_width_in, 3.25), "source": "hostile"}}
    (tmp_path / "venues.json").write_text(json.dumps({"venues": {"large": venue}}))
    return tmp_path / "venues.json"


@pytest.mark.slow
def test_a_two_inch_page_of_twelve_point_type_refuses_every_figure_in_one_line(tmp_path,
                                                                               capsys):
    """Round 6: a page of 2 in with a 12 pt minimum (both inside the documented bounds)
    built with exit 0, matplotlib's "constrained_layout not applied" and unreadable figures.
    A figure's smallest width grows with the venue's type: none holds 2 in at 12 pt."""
    venues = _large_type_venue(tmp_path, 2)
    code = cli.main(["build", "--venue", "large", "--venues", str(venues), "--out",
                     str(tmp_path / "out"), "--figdata", str(REPO / "figdata")])
    out, err = capsys.readouterr()
    assert code == 1
    lines = err.splitlines()
    assert len(lines) == len(BY_NAME) + 1  # one line per figure and the summary
    for line in lines[:-1]:
        assert line.endswith("at large's 12 pt type no width on its page (2 in) holds it: "
                             "lower the venue's min_font_pt")
        assert "SMALLEST_WIDTH_IN: 2 in is narrower than" in line
    assert "constrained" not in out + err
    assert not list((tmp_path / "out").rglob("*.p*"))


@pytest.mark.slow
def test_a_width_on_a_twelve_point_venue_refuses_the_figures_it_cannot_hold(tmp_path, capsys):
    """`--width` on a venue of 12 pt type: a figure whose smallest width at that type is
    above it is refused (its smallest width, what to do), the others build, no warning."""
    venues = _large_type_venue(tmp_path, 8)
    venue = load_venues(venues)["large"]
    width = min(spec.smallest_width_in(venue) for spec in FIGURES)
    fits = [s.name for s in FIGURES if s.smallest_width_in(venue) <= width + 0.005]
    assert width > min(s.smallest_width_in(get_venue("icml")) for s in FIGURES)  # 12 pt: wider
    code = cli.main(["build", "--venue", "large", "--venues", str(venues), "--width",
                     f"{width:g}", "--out", str(tmp_path / "out"),
                     "--figdata", str(REPO / "figdata")])
    out, err = capsys.readouterr()
    assert code == 1
    assert sorted(p.stem for p in (tmp_path / "out").glob("*.pdf")) == sorted(fits)
    refused = [line for line in err.splitlines() if "is narrower than" in line]
    assert len(refused) == len(FIGURES) - len(fits)
    assert all(": --width: " in line for line in refused)  # round 43 (B2n): what to change
    assert all("place it at least that wide (its design holds from there to large's text "
               "width, 8 in)" in line for line in refused)
    assert "constrained" not in out + err
    assert "warning" not in out + err


@pytest.mark.slow
def test_a_paper_file_named_as_one_figure_holding_another_is_refused(tmp_path, capsys,
                                                                     reference_build):
    """Round 5, still open: the paper's fig3b_crossarch_3row.pdf holding fig1's picture was
    "up to date" (as fig1); the name and the picture disagree, so sync says so and writes
    nothing."""
    inside, named = [s.name for s in FIGURES if "pdf" in [o.fmt for o in s.outputs]][:2]
    paper, figdata, built = sync_project(
        tmp_path, reference_build, SYNC_TEX % f"\\includegraphics[width=3in]{{{named}}}")
    shutil.copy(built / f"{inside}.pdf", paper / "figs" / f"{named}.pdf")
    code, out, _ = run_sync(capsys, paper, figdata, built, "--allow-synthetic")
    assert code == 1
    [row] = [line for line in out.splitlines() if line.startswith(named)]
    assert row.endswith(f"refused: figs/{named}.pdf holds {inside}, not {named} (its name): "
                        f"remove it (sync then copies {named}) or include {inside} by its name")
    assert (paper / "figs" / f"{named}.pdf").read_bytes() == \
        (built / f"{inside}.pdf").read_bytes()


@pytest.mark.parametrize("width", ["100", "0.5"])
def test_a_width_no_figure_can_take_is_one_line_before_any_figure(tmp_path, capsys, width):
    """Own pass: `build --venue icml --width 100` printed one "slot: 100 in" line per figure
    (the option unnamed), ten times."""
    code = cli.main(["build", "--venue", "icml", "--width", width, "--out",
                     str(tmp_path / "out"), "--figdata", str(REPO / "figdata")])
    out, err = capsys.readouterr()
    assert code != 0
    assert err.splitlines() == [(f"error: --width: {float(width):g} in: a venue figure is drawn "
                                 "at a width in inches from 1 to icml's text width (6.75 in)")]
    # (round 28 W4: not draw's "column"/"text", which --width refuses)
    assert not out
    assert not (tmp_path / "out").exists()


def test_a_width_refusal_names_the_option_and_prints_the_text_width_as_every_line(tmp_path,
                                                                                   capsys):
    """Round 43 (B2n): ``--width 1`` on a page 6.7516 in wide said "figures/plots/
    cifar_accuracy.py: SMALLEST_WIDTH_IN: 1 in is narrower ... (... to lab's text width,
    6.7516 in)", naming the module's constant where the user's --width is what to change,
    and the width as no other line prints it (6.752 in)."""
    venues = _large_type_venue(tmp_path, 6.7516)
    code = cli.main(["build", "--venue", "large", "--venues", str(venues), "--width", "1",
                     "--out", str(tmp_path / "out"), "--figdata", str(REPO / "figdata"),
                     "cifar_accuracy"])
    _, err = capsys.readouterr()
    assert code == 1
    assert err.splitlines()[0].startswith("error: cifar_accuracy: --width: 1 in is narrower "
                                          "than cifar_accuracy's smallest width"), err
    assert "large's text width, 6.752 in)" in err, err
    assert "SMALLEST_WIDTH_IN" not in err
