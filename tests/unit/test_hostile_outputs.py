"""Outputs never land on inputs, whatever path leads there (hostile pass: links, .., case)."""

from __future__ import annotations

import pytest
from conftest import REPO

from figures.cli import main as cli
from figures.cli.new import ScaffoldError, check_name


def test_new_refuses_a_broken_link_where_its_figdata_goes(tmp_path):
    """Hostile: `figures new fig9` wrote its placeholder figdata through a broken link
    figdata/fig9.json -> ../figures/plots/x.py, creating a file of JSON among the modules."""
    (tmp_path / "figdata").mkdir()
    (tmp_path / "figdata" / "fig9.json").symlink_to("../figures/plots/x.py")
    with pytest.raises(ScaffoldError, match=r"^figdata/fig9\.json already exists"):
        check_name("fig9", tmp_path)


@pytest.mark.parametrize("command", ["extract", "make"])
@pytest.mark.parametrize("folder", ["tests/fixtures", "figures/plots", "baseline"])
def test_extract_refuses_a_figdata_folder_among_the_inputs(tmp_path, capsys, command, folder):
    """Hostile: `figures extract RESULTS --figdata tests/fixtures` replaced every golden
    fixture (the same names) with the full results' data; `build --out` refuses that folder
    already. Refused before anything is read or written, also through a link."""
    link = tmp_path / "figdata"
    link.symlink_to(REPO / folder)
    before = {p: p.read_bytes() for p in (REPO / folder).glob("*.json")}
    assert cli.main([command, str(tmp_path / "no-results"), "--figdata", str(link)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: --figdata {link}: is inside ")
    assert err.count("\n") == 1
    assert {p: p.read_bytes() for p in (REPO / folder).glob("*.json")} == before
