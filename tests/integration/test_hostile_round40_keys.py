"""Hostile round 40 (P16): ``keepaspectratio`` makes an include's height a limit, not a box."""

from __future__ import annotations

import shutil

import pytest
from helpers import REPO, figures_in_process

from figures.pdf import open_pdf

PAPER = REPO / "tests" / "papers" / "twocol"


def _height_in(path) -> float:
    return float(open_pdf(path).pages[0].mediabox.height) / 72


@pytest.mark.slow  # sync compiles the paper, then paper audits it
def test_a_height_with_keepaspectratio_is_a_limit_the_design_fits_under(tmp_path, monkeypatch):
    """Round 40 (P16): ``width=\\columnwidth,totalheight=10in,keepaspectratio`` (and
    ``height=0.4\\textheight,keepaspectratio``, authors' way of keeping a figure on its page)
    had sync build a box filling width x that height: four panels stretched down a 10 in
    figure, then refused as taller than icml's text. graphicx reads the height as a limit,
    the image fitted within both sides keeping its proportions, so the design's own height
    at that width fits under it: the plain width build (the file ``width=`` alone gets),
    printed at 100 %; page 2 holds every figure."""
    from figures.paper.audit import audit
    from figures.venues import get_venue

    paper = tmp_path / "paper"
    shutil.copytree(PAPER, paper)
    main = paper / "main.tex"
    text = main.read_text(encoding="utf-8")
    for old, keys in (("[width=\\columnwidth]{cifar_feature_drift}",
                       "totalheight=10in,keepaspectratio"),
                      ("[width=\\columnwidth]{\\figdir/cifar_summary}",
                       "height=0.4\\textheight,keepaspectratio")):
        new = old.replace("]", f",{keys}]", 1)
        assert old in text
        text = text.replace(old, new)
    main.write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = figures_in_process("paper", str(paper), "--venue", "icml",
                                        "--allow-synthetic", "--figdata", str(REPO / "figdata"))
    assert code == 0, out + err
    for name in ("cifar_feature_drift", "cifar_summary"):
        assert f"copy build/icml/w3.25/{name}.pdf" in out, out
        built = tmp_path / "build" / "icml" / "w3.25" / f"{name}.pdf"
        assert not (tmp_path / "build" / "icml" / "w3.25x10").exists()
        assert _height_in(built) < 3.6  # its design's height, under both limits
    placed = {item.name: item for item in audit(paper / "main.pdf", REPO / "figdata",
                                                get_venue("icml")).placed}
    for name in ("cifar_feature_drift", "cifar_summary"):
        item = placed[name]
        assert (item.state, item.page) == ("current", 2), name
        assert item.scale == pytest.approx(1.0, abs=0.01), name
        assert item.height_in == pytest.approx(
            _height_in(tmp_path / "build" / "icml" / "w3.25" / f"{name}.pdf"), abs=0.01), name
