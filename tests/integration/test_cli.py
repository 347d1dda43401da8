"""What a user sees when input is bad: one line naming file and key, no traceback, exit 1,
the other figures still built, and no half-written or clobbered output."""

from __future__ import annotations

import json
import os
import shutil
import socket
from pathlib import Path

import pytest
from helpers import REPO, run

from figures.cli import main as cli
from figures.data.jsonio import atomic_path
from figures.registry import FIGURES

#: End-to-end: runs the command line, often in a copy of the project.
pytestmark = pytest.mark.slow

HERO = "fig1_audit_hero"


@pytest.fixture
def hero_build(reference_build) -> Path:
    """fig1 built once from the committed figdata (the shared reference build); tests copy
    it instead of rendering again."""
    return reference_build


def _outputs(out_dir: Path) -> dict[str, bytes]:
    """The figure files in ``out_dir`` (not the build's bookkeeping)."""
    return {p.name: p.read_bytes() for p in out_dir.iterdir() if not p.name.startswith(".")}


def _edit(path: Path, change) -> None:
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))


def test_list_names_every_figure_and_its_data_kind(capsys):
    code, out, _ = run(capsys, "list", "--figdata", str(REPO / "figdata"))
    assert code == 0
    assert "fig1_audit_hero" in out
    assert "paper-values" in out
    assert len(out.strip().splitlines()) == len(FIGURES)


@pytest.mark.parametrize(("damage", "message"), [
    (lambda p: p.unlink(), ("fig1_audit_hero.json: not found: restore it (git checkout), write "
     "it (`figures extract RESULTS`, or by hand), or remove fig1_audit_hero from FIGURES in "
     "figures/registry.py")),
    (lambda p: p.write_text('{"figure": "fig1_audit_hero",\n  "data": {'),
     "fig1_audit_hero.json: malformed JSON at line 2 column 12"),
    (lambda p: p.write_text(""), "fig1_audit_hero.json: empty file"),
    (lambda p: _edit(p, lambda d: d.pop("provenance")),
     "fig1_audit_hero.json: provenance: missing key"),
    (lambda p: _edit(p, lambda d: d["data"]["panel_c"]["values"]["FA"].__setitem__(2, -1.0)),
     "fig1_audit_hero.json: data.panel_c.values.FA[2]: expected a positive number"),
    (lambda p: _edit(p, lambda d: d["data"]["panel_b"]["values"].pop("DFA")),
     "fig1_audit_hero.json: data.panel_b.values.DFA: missing key"),
    (lambda p: _edit(p, lambda d: d["data"]["panel_b"]["values"]["FA"].append(0.5)),
     "fig1_audit_hero.json: data.panel_b.values: series of unequal length"),
    (lambda p: _edit(p, lambda d: d["data"]["panel_a"]["values"]["BP"].__setitem__("acc", "high")),
     "fig1_audit_hero.json: data.panel_a.values.BP.acc: expected a number, got a string"),
])
def test_bad_figdata_is_one_line_and_spares_the_previous_output(
        capsys, tmp_path, figdata_dir, hero_build, damage, message):
    out_dir = tmp_path / "out"
    shutil.copytree(hero_build, out_dir)
    before = _outputs(out_dir)
    damage(figdata_dir / f"{HERO}.json")
    code, _, err = run(capsys, "build", HERO, "--figdata", str(figdata_dir), "--out", str(out_dir))
    assert code == 1
    first = err.splitlines()[0]
    assert first.startswith(f"error: {HERO}: ")
    assert message in first
    assert "Traceback" not in err
    assert _outputs(out_dir) == before


def test_a_failing_figure_does_not_stop_the_others(capsys, tmp_path, figdata_dir):
    (figdata_dir / "fig4_penalty_rescue.json").write_text("{ nope")
    code, out, err = run(capsys, "build", "cifar_summary", "fig4_penalty_rescue",
                         "cifar_feature_drift", "--figdata", str(figdata_dir), "--out",
                         str(tmp_path / "out"), "--jobs", "2")
    assert code == 1
    assert out.count("built ") == 2
    assert "1 of 3 figure(s) failed: fig4_penalty_rescue" in err
    assert sorted(p.name for p in (tmp_path / "out").glob("*.png")) == [
        "cifar_feature_drift.png", "cifar_summary.png"]


def test_missing_results_folder_is_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "extract", str(tmp_path / "nowhere"), "--figdata",
                       str(tmp_path / "fd"))
    assert code == 1
    assert err.strip() == f"error: {tmp_path / 'nowhere'}: results folder not found"


@pytest.mark.parametrize("command", [["build"], ["extract", "."], ["check", "--venue", "icml"]])
def test_unknown_figure_name_is_a_usage_error(capsys, command):
    code, out, err = run(capsys, *command, "fig99")
    assert (code, out) == (2, "")
    known = ", ".join(spec.name for spec in FIGURES)  # from the registry, in its order
    assert err == f"error: unknown figure(s) fig99; known: {known}\n"


@pytest.mark.parametrize("command", ["status {results}",
                                     "build cifar_summary --results {results} --out {out}"])
def test_a_missing_results_folder_is_one_line_not_every_source_gone(capsys, tmp_path, command):
    argv = command.format(results=tmp_path / "nowhere", out=tmp_path / "out").split()
    code, out, err = run(capsys, *argv)
    assert (code, out) == (1, "")
    assert err == f"error: {tmp_path / 'nowhere'}: results folder not found\n"


def test_a_bug_outside_any_figure_names_the_command(capsys, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("figures.numbers.macros.read_quoted", broken)
    code, out, err = run(capsys, "macros")
    assert (code, out) == (1, "")
    assert err == ("error: internal error in figures macros: RuntimeError: boom "
                   "(--debug shows the traceback)\n")


def test_an_interrupted_write_leaves_the_previous_file_intact(tmp_path):
    target = tmp_path / "figure.png"
    target.write_bytes(b"previous good file")

    def interrupted_write() -> None:
        with atomic_path(target) as tmp:
            tmp.write_bytes(b"half a fi")
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        interrupted_write()
    assert target.read_bytes() == b"previous good file"
    assert [p.name for p in tmp_path.iterdir()] == ["figure.png"]


def test_a_failing_render_leaves_the_previous_outputs_intact(capsys, tmp_path, figdata_dir,
                                                             hero_build, monkeypatch):
    out_dir = tmp_path / "out"
    shutil.copytree(hero_build, out_dir)
    before = _outputs(out_dir)

    def broken_savefig(self, fname, **kwargs):
        Path(fname).write_bytes(b"partial")
        raise KeyboardInterrupt

    monkeypatch.setattr("matplotlib.figure.Figure.savefig", broken_savefig)
    assert run(capsys, "build", HERO, "--force", "--jobs", "1", "--figdata", str(figdata_dir),
               "--out", str(out_dir))[0] == 130
    assert _outputs(out_dir) == before


def test_synthetic_figdata_is_stamped_by_the_build_unless_no_stamp(capsys, tmp_path):
    """cifar_summary's committed figdata is synthetic-example: the built PNG carries the
    stamp; --no-stamp gives exactly render's pixels, and switching rebuilds."""
    import numpy as np
    from matplotlib.image import imread

    args = ["build", "cifar_summary", "--figdata", str(REPO / "figdata"), "--jobs", "1"]
    assert run(capsys, *args, "--out", str(tmp_path / "plain"), "--no-stamp")[0] == 0
    assert run(capsys, *args, "--out", str(tmp_path / "stamped"))[0] == 0
    plain = imread(tmp_path / "plain" / "cifar_summary.png")
    stamped = imread(tmp_path / "stamped" / "cifar_summary.png")
    assert plain.shape == stamped.shape
    changed = np.argwhere(np.any(plain != stamped, axis=-1))
    height, width = plain.shape[:2]
    # a small mark in the bottom-right corner of the last axes, nothing else touched
    assert 0 < len(changed) < 0.02 * height * width
    assert changed[:, 0].min() > 0.8 * height
    assert changed[:, 1].min() > 0.7 * width
    code, out, _ = run(capsys, *args, "--out", str(tmp_path / "plain"))
    assert code == 0
    assert out.startswith("built cifar_summary")
    assert (tmp_path / "plain" / "cifar_summary.png").read_bytes() == \
        (tmp_path / "stamped" / "cifar_summary.png").read_bytes()


def test_paper_values_are_not_stamped(capsys, tmp_path, hero_build):
    assert run(capsys, "build", HERO, "--no-stamp", "--figdata", str(REPO / "figdata"),
               "--out", str(tmp_path))[0] == 0
    assert (tmp_path / f"{HERO}.png").read_bytes() == (hero_build / f"{HERO}.png").read_bytes()


def test_a_reader_that_goes_away_is_not_an_error():
    """`figures list --values | head -1`: no traceback, no error line, exit 141 (SIGPIPE's).
    The reading end is closed before the command writes, so its first write fails."""
    import os
    import subprocess
    import sys

    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run([sys.executable, "-m", "figures", "list", "--values",
                               "--figdata", str(REPO / "figdata")], stdout=write_end,
                              stderr=subprocess.PIPE, cwd=REPO, timeout=60, check=False)
    finally:
        os.close(write_end)
    assert (proc.returncode, proc.stderr.decode()) == (141, "")


@pytest.mark.parametrize("kind", ["fifo", "folder", "socket"])
def test_writing_over_a_non_regular_file_is_refused_before_writing(capsys, tmp_path, kind):
    """Renaming over /dev/null or a FIFO would replace it with a plain file (a socket stands
    in for a device here: a failing test must not replace the machine's /dev/null)."""
    target = tmp_path / "macros.tex"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    else:
        with socket.socket(socket.AF_UNIX) as sock:
            sock.bind(str(target))
    before = target.lstat()
    code, out, err = run(capsys, "macros", "--out", str(target))
    [line] = err.strip().splitlines()
    if kind == "folder":
        assert code == 1
        assert line.startswith(f"error: {target}: cannot write: is a ")
    else:  # refused as the option's value, before anything is drawn or written
        assert code == 2
        assert line.startswith(f"error: --out {target}: is not a regular file (a terminal, ")
    assert "wrote" not in out
    assert (target.lstat().st_mode, target.lstat().st_ino) == (before.st_mode, before.st_ino)
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


def test_writing_to_a_symlink_writes_through_to_its_target(capsys, tmp_path):
    real, link = tmp_path / "real.tex", tmp_path / "link.tex"
    real.write_text("% Generated by `figures macros`: old\n")
    link.symlink_to(real.name)
    code, _, _ = run(capsys, "macros", "--out", str(link))
    assert code == 0
    assert link.is_symlink()
    assert link.readlink() == Path("real.tex")
    assert "\\newcommand" in real.read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.tex", "real.tex"]


@pytest.mark.parametrize("argv", [["build", "--out", ""], ["build", "--figdata", " "],
                                  ["macros", "--out", ""], ["extract", ""],
                                  ["status", ""], ["synthesize", ""]])
def test_an_empty_path_is_a_usage_error_not_the_current_folder(capsys, argv):
    """An unset ``$OUT`` in ``figures build --out "$OUT"`` must not write into the cwd."""
    with pytest.raises(SystemExit) as info:
        cli.main(argv)
    assert info.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1].endswith(
        "expected a path, got an empty string")


def test_camera_ready_into_the_default_folder_is_refused(capsys, tmp_path):
    code, out, err = run(capsys, "build", "cifar_summary", "--out", str(tmp_path),
                         "--camera-ready", "--camera-ready-out", f"{tmp_path}/.")
    assert (code, out) == (2, "")
    assert err == (f"error: --camera-ready-out {tmp_path} is the --out folder: the camera-ready "
                   "PDFs would replace the default ones; choose another\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [["build"], ["list"], ["macros"], ["status"],
                                     ["check", "--venue", "icml"]])
def test_a_missing_figdata_folder_is_one_line(capsys, tmp_path, command):
    """Not one "file not found" per figure, and never "all 0 checks passed"."""
    code, out, err = run(capsys, *command, "--figdata", str(tmp_path / "nowhere"))
    assert (code, out) == (1, "")
    assert err == f"error: {tmp_path / 'nowhere'}: figdata folder not found (pass --figdata DIR)\n"


def test_a_figure_named_twice_is_built_once(capsys, tmp_path):
    code, out, _ = run(capsys, "build", "cifar_summary", "cifar_summary", "--figdata",
                       str(REPO / "figdata"), "--out", str(tmp_path))
    assert code == 0
    assert out.count("cifar_summary.png") == 1


#: A folder name with a newline, a tab and an escape sequence (red text on a terminal).
ODD = "o\nx\ty\x1b[31m"
ODD_SHOWN = "o\\x0ax\\x09y\\x1b[31m"


def _printed(out: str, err: str) -> list[str]:
    lines = (out + err).splitlines()
    assert not any("\x1b" in line or "\t" in line for line in lines)
    return lines


def test_a_path_with_control_characters_is_shown_escaped_in_every_line(tmp_path, monkeypatch,
                                                                       capsys, reference_build):
    """Hostile pass 5: newlines in paths were folded into spaces (`build`, `which`) or split
    `check-tex`'s report line; an escape sequence reached the terminal. Every line shows such
    a path escaped (figures.errors.display_path)."""
    monkeypatch.chdir(tmp_path)
    figdata = str(REPO / "figdata")
    assert cli.main(["build", "cifar_summary", "--out", ODD, "--figdata", figdata]) == 0
    lines = _printed(*capsys.readouterr())
    assert lines[0].startswith(f"built cifar_summary: {ODD_SHOWN}/cifar_summary.png ")

    copied = tmp_path / "a\nb.png"
    shutil.copy(reference_build / "cifar_summary.png", copied)
    cli.main(["which", str(copied), "--figdata", figdata])
    (line,) = _printed(*capsys.readouterr())
    assert line.startswith(f"{tmp_path}/a\\x0ab.png: cifar_summary ")

    cli.main(["check", "cifar_summary", "--venue", "icml", "--out", "no\nne", "--figdata",
              figdata])
    lines = _printed(*capsys.readouterr())
    assert any(line.startswith("warning: no\\x0ane: no such folder") for line in lines)
    assert any("no\\x0ane/cifar_summary.png: file not found" in line for line in lines)

    paper = tmp_path / "pa\nper"
    paper.mkdir()
    (paper / "ma\tin.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
        "BP reaches 0.615 of the test set.\n\\includegraphics{cifar_summary}\n\\end{document}\n")
    cli.main(["check-tex", str(paper / "ma\tin.tex"), "--figdata", figdata])
    lines = _printed(*capsys.readouterr())
    assert lines[0].startswith(f"{tmp_path}/pa\\x0aper/ma\\x09in.tex:4: 0.615 is ")

    # a paper folder whose name holds a line break is refused (round 50a, P11: TeX's recorder
    # cannot spell it), in one line, the name escaped
    assert cli.main(["sync", str(paper), "--built", ODD, "--figdata", figdata, "--dry-run",
                     "--allow-synthetic"]) == 1
    lines = _printed(*capsys.readouterr())
    assert lines == [(f"error: {tmp_path}/pa\\x0aper: holds a line break, which TeX's recorder "
                      "(the .fls list of the files a compile reads, one a line) cannot spell, so "
                      "what the compile read cannot be checked: rename it without the line break")]


def test_macros_out_dash_is_standard_output(tmp_path, monkeypatch, capsys):
    """Round 45c (W14): `figures macros --out -` wrote a file named ``-`` in the current
    folder; ``-`` is standard output, as the default is, and ``./-`` a file of that name."""
    monkeypatch.chdir(tmp_path)
    assert cli.main(["macros", "--figdata", str(REPO / "figdata"), "--out", "-"]) == 0
    assert "\\newcommand" in capsys.readouterr().out
    assert not (tmp_path / "-").exists()
    assert cli.main(["macros", "--figdata", str(REPO / "figdata"), "--out", "./-"]) == 0
    assert (tmp_path / "-").is_file()
