"""Sync's cost (issue 44): what a sync of a paper whose builds are current would only work
out again (every figure's quoted values, each include's placement) is recorded by every input
it is a function of (figures/paper/memo.py), so such a sync imports no figure module and no
matplotlib; a changed input is worked out afresh, an error each time."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
from helpers import REPO

from figures.cli.sync import _read_quoted
from figures.paper import memo
from figures.registry import FIGURES


def test_a_recorded_value_is_read_back_by_its_key_and_an_unkept_one_worked_out_again(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "build").mkdir()
    calls = []

    def worked_out():
        calls.append(1)
        return [len(calls)]

    key = memo.key_of("x", b"bytes", {"a": 1})
    assert key != memo.key_of("x", b"bytez", {"a": 1})
    assert key != memo.key_of("x", b"bytes", {"a": 2})
    assert memo.recall(key, worked_out) == [1]
    memo.flush()
    assert memo.recall(key, worked_out) == [1]  # read back
    other = memo.key_of("y")
    assert memo.recall(other, worked_out, lambda _: False) == [2]
    memo.flush()
    assert memo.recall(other, worked_out, lambda _: False) == [3]  # not kept: again
    (tmp_path / "build" / memo.MEMO).write_text("{not json")
    assert memo.recall(key, worked_out) == [4]  # a damaged record: worked out again
    memo.flush()


def test_without_a_build_folder_nothing_is_made_for_the_record(tmp_path, monkeypatch):
    """A sync refused before anything is built leaves no build/ (test_paper_shapes); what it
    worked out is forgotten, not written into the next command's folder."""
    monkeypatch.chdir(tmp_path)
    assert memo.recall(memo.key_of("z"), lambda: [1]) == [1]
    memo.flush()
    assert not (tmp_path / "build").exists()
    (tmp_path / "build").mkdir()
    memo.flush()
    assert not (tmp_path / "build" / memo.MEMO).exists()



def test_a_named_pipe_for_a_build_state_is_no_record_and_no_wait(tmp_path, monkeypatch):
    """The build state is read one way (outputs/state.read_state), a regular file only:
    before, whether a build was current (placed.built_key, asked by sync before it builds)
    opened a named pipe there and waited for a writer for ever."""
    import os
    import signal

    from figures.outputs.kind import venue_kind
    from figures.outputs.state import STATE_FILE
    from figures.paper.placed import built_key
    from figures.venues import get_venue

    monkeypatch.chdir(tmp_path)
    kind = venue_kind(get_venue("icml"), 3.25)
    kind.default_out.mkdir(parents=True)
    os.mkfifo(kind.default_out / STATE_FILE)

    class Waited(BaseException):  # no OSError: the old reading took one for no record
        pass

    def stop(*_):
        raise Waited("waited 10 s for a writer of the named pipe")

    before = signal.signal(signal.SIGALRM, stop)
    signal.alarm(10)
    try:
        key = built_key(FIGURES[0], REPO / "figdata", kind)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)
    (kind.default_out / STATE_FILE).unlink()
    assert built_key(FIGURES[0], REPO / "figdata", kind) == key  # as no record at all

def test_the_code_is_looked_at_once_a_command_and_again_after_it(tmp_path, monkeypatch):
    """Every key holds the package's code (a dozen keys a sync): its files are looked at once
    a command, and a long process sees them edited in its next command."""
    package = tmp_path / "figures"
    package.mkdir()
    (package / "a.py").write_text("one = 1\n")
    monkeypatch.setattr(memo, "PACKAGE", package)
    memo.flush()
    try:
        first = memo.code_digest()
        (package / "a.py").write_text("one = 2\n")
        assert memo.code_digest() == first  # this command's code
        memo.flush()
        assert memo.code_digest() != first  # the next command's
    finally:
        memo.flush()  # the next test's command: the package's own code


def test_the_quoted_values_follow_the_figdata_and_a_figure_unread_is_said_each_time(
        tmp_path, monkeypatch):
    figdata = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", figdata)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "build").mkdir()
    first, unread = _read_quoted(FIGURES, figdata)
    assert not unread
    memo.flush()
    assert _read_quoted(FIGURES, figdata)[0] == first  # read back, the same values
    path = figdata / "cifar_summary.json"
    doc = json.loads(path.read_text())
    doc["quoted"][0]["note"] = "changed"
    path.write_text(json.dumps(doc))
    changed = {q.macro: q.note for q in _read_quoted(FIGURES, figdata)[0]}
    assert changed[doc["quoted"][0]["macro"]] == "changed"
    path.write_text("{")
    for _ in range(2):  # never recorded: said every time
        found, unread = _read_quoted(FIGURES, figdata)
        assert [u.figure for u in unread] == ["cifar_summary"]
        assert "cifar_summary" not in {q.figure for q in found}


@pytest.mark.slow  # TeX compiles the paper; two figures are built once, one again
def test_a_sync_whose_builds_are_current_imports_no_matplotlib(tmp_path):
    """Nor pypdf, jsonschema, Pillow or multiprocessing (each file's provenance, the build's
    state, the venue recorded by the bytes read); a built file changed is built again."""
    paper = tmp_path / "paper"
    shutil.copytree(REPO / "tests" / "papers" / "article1in", paper)
    sync = ["sync", str(paper), "--allow-synthetic", "--figdata", str(REPO / "figdata")]
    script = ("import sys\nfrom figures.cli import main\ncode = main.main(sys.argv[1:])\n"
              "print('matplotlib' in sys.modules, 'figures.plots' in sys.modules, [m for m in "
              "('pypdf', 'jsonschema', 'PIL', 'multiprocessing') if m in sys.modules], code)")

    def synced(into):
        if not into.exists():
            shutil.copytree(REPO / "tests" / "papers" / "article1in", into)
        sync[1] = str(into)
        done = subprocess.run([sys.executable, "-c", script, *sync], cwd=tmp_path,
                              capture_output=True, text=True, check=False, timeout=600)
        return done.stdout.splitlines()[-1], done.stdout + done.stderr

    assert synced(paper)[0].startswith("True True ")  # built
    # current; then another copy of the paper (the figures copied into it)
    for into in (paper, tmp_path / "copy"):
        line, said = synced(into)
        assert line == "False False [] 0", said
    [built] = (tmp_path / "build").glob("*/w3.12/cifar_summary.pdf")
    good = built.read_bytes()
    built.write_bytes(good[:-10])  # the build damaged: never taken as current
    line, said = synced(paper)
    assert line.startswith("True True "), said
    assert line.endswith(" 0"), said
    assert built.read_bytes() == good == (paper / "cifar_summary.pdf").read_bytes()
