"""Round 50c (W24): a figdata file with git's conflict markers (a merge of two extracts left
unresolved) was told as Python's "malformed JSON at line 25 column 5: Expecting property name
enclosed in double quotes"; it is told as what it is, with the way out."""

from __future__ import annotations

import pytest

from figures.data.jsonio import parse_json
from figures.errors import DataError

MERGED = ('{\n "data": {\n  "a": 1,\n<<<<<<< HEAD\n  "b": [1, 2]\n=======\n  "b": [1, 3]\n'
          '>>>>>>> results-rerun\n }\n}\n')


def test_git_conflict_markers_are_named_with_their_line():
    with pytest.raises(DataError) as told:
        parse_json(MERGED, "figdata/cifar_summary.json")
    assert str(told.value) == (
        "figdata/cifar_summary.json: git's conflict markers (<<<<<<< at line 4): a merge left "
        "unresolved: keep one side (or extract the file again), then remove the marker lines")


def test_a_string_holding_a_marker_is_json():
    assert parse_json('{"note": "=======", "x": "<<<<<<< HEAD"}', "f.json") == {
        "note": "=======", "x": "<<<<<<< HEAD"}
