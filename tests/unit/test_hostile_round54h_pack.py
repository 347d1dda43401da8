"""Round 54h's pass over `figures pack`: each mended row with a test that failed before its
mend (those that need no TeX)."""

from __future__ import annotations

import pytest

from figures.errors import FigureDataError
from figures.pack import archive


def test_an_out_that_is_a_folder_is_named_a_folder(tmp_path):
    """B7: ``--out ~/uploads`` (a folder there, no trailing /): "--out: end the name in
    .tar.gz or .zip", as if a name's suffix were all that was wrong."""
    (tmp_path / "uploads").mkdir()
    with pytest.raises(FigureDataError) as raised:
        archive.kind_of(tmp_path / "uploads")
    assert "--out is a folder: name the archive file in it (e.g. --out " in str(raised.value)
    assert "uploads/paper.tar.gz)" in str(raised.value)
