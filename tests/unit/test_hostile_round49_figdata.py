"""Round 49 (from round 49c W9): a figdata file of a newer release that this one cannot read."""

from __future__ import annotations

import json

import pytest
from helpers import REPO

from figures.data import figdata
from figures.errors import FigureDataError
from figures.registry import BY_NAME
from figures.version import __version__


def _written(tmp_path, version: str) -> object:
    doc = json.loads((REPO / "figdata" / "cifar_summary.json").read_text())
    doc["provenance"]["figures_version"] = version
    doc["data"]["final_test_acc"]["bp_ln"] = [0.5, 0.5, 0.5]  # a key a newer schema adds
    path = tmp_path / "cifar_summary.json"
    path.write_text(json.dumps(doc))
    return path


def test_a_newer_releases_key_says_to_update_the_package(tmp_path):
    """Round 49c (W9): a file written by figures 9.0.0 holding a key this release lacks was
    told "unknown key" (read: delete it), the version in every file never compared."""
    with pytest.raises(FigureDataError) as refused:
        figdata.load(_written(tmp_path, "9.0.0"), "cifar_summary",
                     BY_NAME["cifar_summary"].schema)
    assert str(refused.value).endswith(
        "data.final_test_acc.bp_ln: unknown key; known: bp, dfa, state_bridge, credit_bridge; "
        f"written by figures 9.0.0, newer than this {__version__}: update the package (pip "
        "install -e . in a newer checkout) to read it"), str(refused.value)


def test_the_same_key_in_a_file_of_this_release_is_an_unknown_key_only(tmp_path):
    with pytest.raises(FigureDataError) as refused:
        figdata.load(_written(tmp_path, __version__), "cifar_summary",
                     BY_NAME["cifar_summary"].schema)
    assert str(refused.value).endswith("unknown key; known: bp, dfa, state_bridge, "
                                       "credit_bridge"), str(refused.value)
