"""Outputs never land on inputs, whatever path leads there (hostile pass: links, .., case)."""

from __future__ import annotations

import pytest

from figures.cli.new import ScaffoldError, check_name


def test_new_refuses_a_broken_link_where_its_figdata_goes(tmp_path):
    """Hostile: `figures new fig9` wrote its placeholder figdata through a broken link
    figdata/fig9.json -> ../figures/plots/x.py, creating a file of JSON among the modules."""
    (tmp_path / "figdata").mkdir()
    (tmp_path / "figdata" / "fig9.json").symlink_to("../figures/plots/x.py")
    with pytest.raises(ScaffoldError, match=r"^figdata/fig9\.json already exists"):
        check_name("fig9", tmp_path)
