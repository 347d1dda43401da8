"""Outputs and the OS: every output-path and OS failure is one line naming the path and the
reason; no temporary file survives; the state records the bytes this build wrote; one build
at a time writes into a folder; stale temporary files of our naming are removed."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import threading
import time
from pathlib import Path

import pytest
from helpers import REPO, run

from figures.cli import main as cli
from figures.outputs import workers
from figures.outputs.build import build
from figures.outputs.lock import LOCK_FILE, locked
from figures.outputs.state import STATE_FILE
from figures.registry import BY_NAME

#: End-to-end: runs the command line, often in a copy of the project.
pytestmark = pytest.mark.slow

SUMMARY = "cifar_summary"


def build_cli(capsys, out: Path, *extra: str) -> tuple[int, str, str]:
    return run(capsys, "build", SUMMARY, "--figdata", str(REPO / "figdata"), "--out", str(out),
               "--jobs", "1", *extra)


def test_out_that_is_a_file_is_one_line(capsys, tmp_path):
    out = tmp_path / "out"
    out.write_text("a file")
    assert build_cli(capsys, out)[::2] == (1, f"error: {out}: already exists and is not a folder\n")


def test_out_under_a_file_is_one_line(capsys, tmp_path):
    (tmp_path / "file").write_text("a file")
    out = tmp_path / "file" / "out"
    assert build_cli(capsys, out)[::2] == (
        1, f"error: {out}: a part of this path is a file, not a folder\n")


def test_read_only_out_is_one_line(capsys, tmp_path, monkeypatch):
    out = tmp_path / "out"
    out.mkdir()
    real_open = os.open

    def read_only(path, flags, *args, **kwargs):
        if str(path).startswith(str(out)) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    assert build_cli(capsys, out)[::2] == (
        1, f"error: {out / LOCK_FILE}: read-only file system\n")
    assert list(out.iterdir()) == []


def test_an_out_that_cannot_be_made_says_to_choose_another(capsys, tmp_path, monkeypatch):
    """Round 40 (RO1): `build --out` a folder on a read-only file system said only "error:
    OUT: read-only file system", naming neither that the folder could not be made nor what
    to do (the next line, for a folder that exists, says "choose another")."""
    out = tmp_path / "ro" / "out"
    real_mkdir = Path.mkdir

    def read_only(self, *args, **kwargs):
        if self == out:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(self))
        return real_mkdir(self, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", read_only)
    assert build_cli(capsys, out)[::2] == (
        1, f"error: {out}: cannot make this folder (read-only file system); choose another\n")


def test_a_full_disk_while_writing_the_state_is_one_line(capsys, tmp_path, monkeypatch):
    out = tmp_path / "out"
    real_write_text = Path.write_text

    def full(self, text, *args, **kwargs):
        if self.name.startswith(".") and self.parent == out:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))
        return real_write_text(self, text, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full)
    code, _, err = build_cli(capsys, out)
    assert (code, err) == (1, f"error: {out / STATE_FILE}: no space left on the device\n")
    assert sorted(p.name for p in out.iterdir()) == [LOCK_FILE, f"{SUMMARY}.png"]


def test_macros_out_that_is_a_folder_is_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "macros", "--figdata", str(REPO / "figdata"), "--out",
                       str(tmp_path))
    assert (code, err) == (1, (f"error: {tmp_path}: cannot write: is a folder, expected a "
                              "regular file or a new file; choose another path\n"))
    assert list(tmp_path.iterdir()) == []


def test_extract_figdata_that_is_a_file_is_one_line(capsys, tmp_path):
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "notes.txt").write_text("an empty folder is refused as a whole")
    figdata = tmp_path / "figdata"
    figdata.write_text("a file")
    code, _, err = run(capsys, "extract", str(tmp_path / "results"), "--figdata", str(figdata))
    assert (code, err) == (1, f"error: {figdata}: already exists and is not a folder\n")


def test_stale_temp_files_of_our_naming_are_removed(capsys, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    ours = [f".{SUMMARY}.k3j_x9a2.png", ".fig1_audit_hero.abcdefgh.pdf", "..build-state.q1w2e3r4.json"]
    others = [".notes.abcdefgh.png", f".{SUMMARY}.png.bak", f"{SUMMARY}.k3j_x9a2.png", "keep.tmp"]
    for name in ours + others:
        (out / name).write_text("left over")
    assert build_cli(capsys, out)[0] == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [*others, LOCK_FILE, STATE_FILE, f"{SUMMARY}.png"])


def test_a_venue_builds_stale_temp_files_are_removed_too(capsys, tmp_path):
    """Issue 43: the temporary names removed were the default build's: a killed venue build
    left its PDF's and its caption's behind."""
    out = tmp_path / "out"
    out.mkdir()
    for name in (f".{SUMMARY}.k3j_x9a2.png", f".{SUMMARY}.k3j_x9a2.pdf",
                 f".{SUMMARY}.caption.abcdefgh.txt", "..build-state.q1w2e3r4.json"):
        (out / name).write_text("left over")
    assert build_cli(capsys, out, "--venue", "icml")[0] == 0
    assert sorted(p.name for p in out.iterdir() if p.name.startswith(".")) == sorted(
        [LOCK_FILE, STATE_FILE])


def test_the_state_records_the_bytes_this_build_wrote(tmp_path, monkeypatch):
    """Another writer replacing the file between our rename and our state record must not
    make its picture "current" under our key."""
    out = tmp_path / "out"
    real = workers.write_outputs

    def raced(*args, **kwargs):
        fig, written = real(*args, **kwargs)
        for path in written:
            path.write_bytes(b"another build's picture")
        return fig, written

    monkeypatch.setattr(workers, "write_outputs", raced)
    spec = BY_NAME[SUMMARY]
    build([spec], REPO / "figdata", out, jobs=1)
    recorded = json.loads((out / STATE_FILE).read_text())[SUMMARY]["outputs"][f"{SUMMARY}.png"]
    assert recorded != hashlib.sha256(b"another build's picture").hexdigest()
    monkeypatch.setattr(workers, "write_outputs", real)
    assert build([spec], REPO / "figdata", out, jobs=1)[0].status == "built"


def test_the_state_records_each_pngs_pixels_with_earlier_builds(tmp_path, figdata_dir):
    """pdfTeX keeps only a PNG's pixels: the state records their digest, size, resolution and
    provenance, and keeps an earlier build's after a rebuild (a paper compiled before it is
    still recognised, as stale: figures check PAPER.pdf)."""
    from PIL import Image

    from figures.outputs.pixels import digest
    from figures.outputs.provenance import decode

    out, spec = tmp_path / "out", BY_NAME[SUMMARY]
    build([spec], figdata_dir, out, jobs=1)
    with Image.open(out / f"{SUMMARY}.png") as image:
        first, size = digest(image), [image.width, image.height]
    [record] = json.loads((out / STATE_FILE).read_text())[SUMMARY]["pictures"]
    assert (record["pixels"], record["size"], record["ppi"]) == (first, size, 150)
    assert decode(record["provenance"])["figure"] == SUMMARY
    path = figdata_dir / f"{SUMMARY}.json"
    path.write_text(path.read_text().replace('"bp": [0.5918', '"bp": [0.6918', 1))
    build([spec], figdata_dir, out, jobs=1)
    pictures = json.loads((out / STATE_FILE).read_text())[SUMMARY]["pictures"]
    assert [p["pixels"] for p in pictures][1:] == [first]
    assert pictures[0]["pixels"] != first


def test_a_state_without_pixel_records_is_built_once_more(tmp_path):
    """A state written before the pixels were recorded: built again, once."""
    out, spec = tmp_path / "out", BY_NAME[SUMMARY]
    build([spec], REPO / "figdata", out, jobs=1)
    state = json.loads((out / STATE_FILE).read_text())
    del state[SUMMARY]["pictures"]
    (out / STATE_FILE).write_text(json.dumps(state))
    assert build([spec], REPO / "figdata", out, jobs=1)[0].status == "built"
    assert build([spec], REPO / "figdata", out, jobs=1)[0].status == "current"


def test_a_second_build_into_one_folder_waits_for_the_first(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    waiting = threading.Event()
    results = []
    with locked(out):
        worker = threading.Thread(target=lambda: results.extend(
            build([BY_NAME[SUMMARY]], REPO / "figdata", out, jobs=1, on_wait=waiting.set)))
        worker.start()
        assert waiting.wait(10)
        assert not (out / f"{SUMMARY}.png").exists()
    worker.join(30)
    assert [r.status for r in results] == ["built"]


def test_a_waiting_build_names_the_process_that_holds_the_folder(tmp_path, capsys):
    """Hostile pass 3 (B17): a build waiting behind a stopped one said only "waiting"."""

    out = tmp_path / "out"
    out.mkdir()
    results = []
    with locked(out):
        worker = threading.Thread(target=lambda: results.append(
            cli.main(["build", SUMMARY, "--out", str(out), "--jobs", "1"])))
        worker.start()
        deadline = time.monotonic() + 10
        while "waiting" not in (err := capsys.readouterr().err):
            assert time.monotonic() < deadline, "no waiting line"
            time.sleep(0.05)
    worker.join(30)
    assert results == [0]
    assert err == (f"waiting for another build into {out} to finish (process {os.getpid()} "
                   f"holds {out / '.build.lock'}; Ctrl-C stops)\n")


def test_ctrl_c_while_waiting_for_the_lock_says_nothing_was_built(tmp_path):
    """Round 41 (K3w): Ctrl-C into a build waiting for another build's lock ended with the
    old generic "interrupted; finished files are complete, the others were left as they
    were", though it built and wrote nothing. One line says so, exit 130."""
    import signal
    import subprocess
    import sys

    out = tmp_path / "out"
    out.mkdir()
    log = tmp_path / "build.log"
    with locked(out), log.open("w") as sink:
        proc = subprocess.Popen([sys.executable, "-m", "figures", "build", SUMMARY, "--out",
                                 str(out), "--jobs", "1", "--figdata", str(REPO / "figdata")],
                                stdout=sink, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 30
            while "waiting" not in log.read_text():
                assert proc.poll() is None, log.read_text()
                assert time.monotonic() < deadline, "no waiting line"
                time.sleep(0.05)
            proc.send_signal(signal.SIGINT)
            assert proc.wait(timeout=30) == 130
        finally:
            proc.kill()
            proc.wait()
    assert log.read_text().splitlines()[1:] == [
        f"interrupted while waiting for the other build into {out}: nothing built or written"]
    assert sorted(p.name for p in out.iterdir()) == [LOCK_FILE]
