"""Round 13: a hostile pass over sync's guessed first probe (figures/paper/memo.py), TeX's
output folder (runner.output_folder) and ``figures paper``/``pack``; the cases it found
broken, kept. The pass itself is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import json
import os

import pytest

from figures.paper import memo

_KEY = ("k0", "k1")


def _guess_with(tmp_path, monkeypatch, entries) -> dict[str, bytes]:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "build").mkdir(exist_ok=True)
    (tmp_path / "build" / memo.MEMO).write_text(json.dumps({"k0": entries}))
    return memo.guess(_KEY, tmp_path, "macros")


@pytest.mark.parametrize("entries", [[["figures/a.pdf"]], 5, [[7, 8]], [["a\0b.pdf", None]],
                                     [["a.pdf", "x\0y"]], {"m.tex": None}])
def test_a_placed_entry_of_another_shape_is_no_guess(tmp_path, monkeypatch, entries):
    """A hand-edited memo of valid JSON: sync said "internal error ... ValueError" (exit 1)
    where the paper syncs without the memo; it is now read as no guess."""
    if isinstance(entries, list):
        entries.append(["m.tex", None])  # one entry of the right shape is not enough
    assert _guess_with(tmp_path, monkeypatch, entries) == {}


def test_a_source_that_is_not_a_regular_file_is_never_read(tmp_path, monkeypatch):
    """A memo source that is a named pipe hung sync (``read_bytes`` waits for a writer);
    ``/dev/zero`` would read without end; a folder is none either."""
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "folder").mkdir()
    (tmp_path / "real.pdf").write_bytes(b"%PDF")
    entries = [["a.pdf", str(tmp_path / "fifo")], ["b.pdf", "/dev/zero"],
               ["c.pdf", str(tmp_path / "folder")], ["d.pdf", str(tmp_path / "real.pdf")]]
    assert _guess_with(tmp_path, monkeypatch, entries) == {"d.pdf": b"%PDF"}


def test_a_memo_path_that_is_a_folder_is_skipped_as_a_cache(tmp_path, monkeypatch):
    """``build/.sync-memo.json`` a folder: a complete sync ended in "cannot write: is a
    folder ... choose another path", exit 1 (and ``figures paper`` did not compile)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "build" / memo.MEMO).mkdir(parents=True)
    memo.remember("k", [1])
    memo.flush()
    assert (tmp_path / "build" / memo.MEMO).is_dir()
