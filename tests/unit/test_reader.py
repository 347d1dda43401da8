"""A reader that cannot be made to hang or crash: regular files only, bounded nesting and
integers, duplicate keys refused, encoding problems one line; for every command that reads."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
from pathlib import Path

import pytest
from helpers import REPO

from figures.cli import main as cli
from figures.data import jsonio
from figures.errors import FigureDataError
from figures.extract.synthetic import generate

HERO = "fig1_audit_hero"


@contextlib.contextmanager
def no_hang(seconds: int = 10):
    """Fail (rather than hang the suite) if the block blocks on a FIFO."""
    def alarm(signum, frame):
        raise AssertionError(f"blocked for {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module")
def results_tree(tmp_path_factory) -> Path:
    return generate(tmp_path_factory.mktemp("results") / "results", epochs=3)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    with no_hang():
        code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def parse_error(text: str) -> str:
    with pytest.raises(FigureDataError) as info:
        jsonio.parse_json(text, "f.json")
    return str(info.value)


@pytest.mark.slow
@pytest.mark.parametrize(("text", "message"), [
    ("[" + "9" * 400 + "]", "f.json: at line 1: an integer of 400 digits is too large"),
    ("[-" + "1" * 21 + "]", "f.json: at line 1: an integer of 21 digits is too large"),
    ("[" * 100_000 + "]" * 100_000, "f.json: nested deeper than 200 levels"),
    ("[" * 100_000, "f.json: nested deeper than 200 levels"),
    ('{"a": 1, "b": {"acc": 1, "acc": 2}}', 'f.json: duplicate key "acc" in one object'),
])
def test_hostile_json_is_one_line(text, message):
    assert parse_error(text).startswith(message)


@pytest.mark.slow
def test_the_nesting_check_is_linear_in_the_file():
    """Hostile: 8 MB of arrays 199 deep (one level too many with the file's own two) took
    10 s to refuse: one regular-expression pass over the file per level. Summed at once now
    (about 0.4 s; the bound leaves room for a loaded machine)."""
    import time

    text = '{"a": [' + ",".join(["[" * 199 + "]" * 199] * 20_000) + "]}"
    started = time.monotonic()
    assert parse_error(text) == "f.json: nested deeper than 200 levels"
    assert time.monotonic() - started < 4
    assert jsonio.parse_json('{"a": [' + "[" * 198 + "]" * 198 + "]}", "f.json")


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = json.dumps({"label": "[" * 1000, "x": [[[1]]]})
    assert jsonio.parse_json(text, "f.json")["label"] == "[" * 1000


@pytest.mark.parametrize(("make", "kind"), [
    (os.mkfifo, "a FIFO (named pipe)"),
    (os.mkdir, "a folder"),
    (lambda p: p.symlink_to("/dev/zero"), "a character device"),
])
def test_a_non_regular_file_is_refused_at_once(tmp_path, make, kind):
    path = tmp_path / "x.json"
    make(path)
    with no_hang(), pytest.raises(FigureDataError) as info:
        jsonio.read_json(path)
    assert str(info.value) == f"{path}: cannot read: is {kind}, expected a regular file"


def fifo_figdata(figdata_dir: Path, name: str = HERO) -> Path:
    path = figdata_dir / f"{name}.json"
    path.unlink()
    os.mkfifo(path)
    return path


def test_a_fifo_as_figdata_does_not_hang_build(capsys, tmp_path, figdata_dir):
    path = fifo_figdata(figdata_dir)
    code, out, err = run(capsys, "build", HERO, "cifar_summary", "--figdata", str(figdata_dir),
                         "--out", str(tmp_path / "out"), "--jobs", "1")
    assert code == 1
    assert err.splitlines()[0] == (
        f"error: {HERO}: {path}: cannot read: is a FIFO (named pipe), expected a regular file")
    assert "built cifar_summary" in out


def test_a_fifo_as_figdata_does_not_hang_list(capsys, figdata_dir):
    fifo_figdata(figdata_dir)
    code, out, _ = run(capsys, "list", "--figdata", str(figdata_dir))
    assert code == 1
    assert "unreadable (cannot read: is a FIFO (named pipe)" in out


@pytest.mark.parametrize("command", ["macros", "check-tex"])
def test_a_fifo_as_figdata_does_not_hang_macros_or_check_tex(capsys, tmp_path, figdata_dir,
                                                              command):
    path = fifo_figdata(figdata_dir)
    tex = tmp_path / "paper.tex"
    tex.write_text("no numbers\n")
    argv = [command, "--figdata", str(figdata_dir)] + ([str(tex)] if command == "check-tex" else [])
    code, _, err = run(capsys, *argv)
    assert code == 1
    assert err.splitlines()[0].startswith(
        f"error: {HERO}: {path}: cannot read: is a FIFO (named pipe), expected a regular file; ")


def test_a_fifo_as_tex_does_not_hang_check_tex(capsys, tmp_path):
    tex = tmp_path / "paper.tex"
    os.mkfifo(tex)
    code, _, err = run(capsys, "check-tex", str(tex), "--figdata", str(REPO / "figdata"))
    assert code == 1
    assert err.splitlines()[0] == (
        f"error: {tex}: cannot read: is a FIFO (named pipe), expected a regular file")
    assert err.splitlines()[1].endswith("; 1 file(s) not read")


def test_a_latin1_tex_file_is_read(capsys, tmp_path):
    tex = tmp_path / "paper.tex"
    tex.write_bytes("R\xe9sultats: 59.0\\% pour BP\n".encode("latin-1"))
    code, out, _ = run(capsys, "check-tex", str(tex), "--figdata", str(REPO / "figdata"))
    assert code == 1  # the hand-written hero accuracy is found, as in a UTF-8 file
    assert out.startswith(f"{tex}:1:")
    assert "59.0\\% is cifar_summary's value written by hand" in out


def test_a_fifo_or_non_utf8_log_is_one_line_and_extract_goes_on(capsys, tmp_path, results_tree):
    results = tmp_path / "results"
    shutil.copytree(results_tree, results)
    log = results / "dfa_residual_penalty"
    victim = min(log.iterdir())
    victim.unlink()
    os.mkfifo(victim)
    cifar = results / "cifar10_seed123" / "results_cifar10.json"
    cifar.write_bytes(b'{"x": "\xff"}')
    code, out, err = run(capsys, "extract", str(results), "--figdata", str(tmp_path / "fd"))
    assert code == 1
    rel = victim.relative_to(results)
    assert f"error: fig4_penalty_rescue: {rel}: cannot read: is a FIFO" in err
    assert ("error: cifar_accuracy: cifar10_seed123/results_cifar10.json: cannot read: not utf-8 "
            "text (byte 7: b'\\xff'); save the file as UTF-8") in err
    assert "extracted figure_snapshot_vit" in out
    assert "Traceback" not in err


@pytest.mark.slow
@pytest.mark.parametrize(("edit", "message"), [
    (lambda t: t.replace('"acc": 0.401', '"acc": 0.401, "acc": 0.9'),
     'duplicate key "acc" in one object'),
    (lambda t: t.replace('"acc": 0.401', '"acc": 4' + "0" * 399),
     "at line 16: an integer of 400 digits"),
    (lambda t: t.replace('"acc": 0.401', '"acc": ' + "[" * 100_000 + "]" * 100_000),
     "nested deeper than 200 levels"),
])
def test_hostile_figdata_is_one_line_in_build(capsys, tmp_path, figdata_dir, edit, message):
    path = figdata_dir / f"{HERO}.json"
    path.write_text(edit(path.read_text()))
    code, _, err = run(capsys, "build", HERO, "--figdata", str(figdata_dir), "--out",
                       str(tmp_path / "out"), "--jobs", "1")
    assert code == 1
    assert err.splitlines()[0] == f"error: {HERO}: {path}: {message}" or \
        err.splitlines()[0].startswith(f"error: {HERO}: {path}: {message}")
    assert len(err.splitlines()) == 2


def test_a_too_long_integer_is_named_at_its_line():
    """Round 50c (W27): a seed of 22 digits (``2**70``) was refused by the reader before any
    key is known, naming no line of a 100-line file, with advice ("write large values as
    floats") a seed cannot follow. Its line is named, and what a seed may be."""
    text = '{\n "data": {\n  "seeds": [42,\n   1180591620717411303424]\n }\n}\n'
    assert parse_error(text) == (
        "f.json: at line 4: an integer of 22 digits is too large (at most 20; a measured value "
        "may be written as a float, e.g. 1e25; a seed or a count in at most 20 digits)")

