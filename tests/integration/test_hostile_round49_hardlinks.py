"""Round 49b (K23): a paper folder backed up with hard links beside it (``cp -al P P.bak``,
as rsnapshot or a dedup tool leaves it): every file has a name outside the folder. The pack
refused one file a run, each time naming only that one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import REPO
from test_hostile_round7 import _figures, _paper

pytestmark = pytest.mark.slow  # a TeX compile


def test_every_hard_linked_file_is_named_in_one_line(tmp_path):
    paper = _paper(tmp_path / "p", "\\input{notes/a}\\input{notes/b}")
    for name in ("a", "b"):
        (paper / "notes" / f"{name}.tex").write_text(f"Part {name}.\n")
    backup = tmp_path / "p.bak"
    for folder, _, files in os.walk(paper):
        (backup / os.path.relpath(folder, paper)).mkdir(parents=True, exist_ok=True)
        for file in files:
            os.link(Path(folder) / file,
                    backup / os.path.relpath(folder, paper) / file)
    ran = _figures(tmp_path, "pack", "p", "--out", "p.tar.gz", "--figdata", str(REPO / "figdata"))
    assert ran.returncode == 1, ran.stderr
    assert ran.stderr == (
        "error: icml2025.sty: 4 of the paper's files are hard links with a name outside its "
        "folder (icml2025.sty, main.tex, notes/a.tex ...; a backup made with cp -al?): the pack "
        "takes only the paper's own files; make each a copy of its own (cp NAME x && mv x "
        "NAME), or pack a copy of the folder (cp -r)\n")
    assert not (tmp_path / "p.tar.gz").exists()
