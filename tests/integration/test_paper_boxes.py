"""A box with both sides given (issue 44): ``\\includegraphics[width=0.45\\textwidth,
height=3.6cm]{...}`` (graphicx stretches the image to that box) is built for that box, so the
first ``figures paper`` prints it at 100 % undistorted (tests/papers/boxes/); a box under the
height its design holds is refused naming that height and the include that gives it, and the
edit, applied, passes."""

from __future__ import annotations

import pickle
import re
import shutil

import pytest
from helpers import REPO, figures_in_process

from figures.outputs.kind import parse_kind, venue_kind
from figures.outputs.state import build_key
from figures.page import Box, Width
from figures.registry import BY_NAME
from figures.venues import body_rules, on_page

PAPER = REPO / "tests" / "papers" / "boxes"
#: Each include of ours and its box as TeX sets it (article, 1 in margins: text 6.5 in).
BOXES = {"cifar_summary": (0.45 * 6.5, 3.6 / 2.54),  # width=0.45\textwidth,height=3.6cm
         "cifar_state_vs_credit": (6.5, 2.0)}        # ...,height=2in,keepaspectratio


def test_a_box_is_a_width_with_a_height_and_names_its_own_build():
    page = on_page(body_rules(10), 6.5, 6.5, 9)
    box = Box(2.9250001, 1.41732)
    assert (float(box), box.height, str(box)) == (2.925, 1.417, "2.925x1.417")
    assert Width(box) is box  # a Box stays the Box it is
    assert page.width(box) is box
    assert pickle.loads(pickle.dumps(box)).height == 1.417  # to a build worker and back
    kind = venue_kind(page, box)
    assert kind.name == "venue:tex10pt-6.5x6.5x9in@2.925x1.417in"
    assert kind.default_out.name == "w2.925x1.417"
    back = parse_kind(kind.name)
    assert back.slot.height == 1.417
    assert back.name == kind.name
    spec = BY_NAME["cifar_summary"]
    assert build_key(spec, b"{}", kind) != build_key(spec, b"{}", venue_kind(page, 2.925))


@pytest.mark.slow
def test_a_box_of_both_sides_prints_at_100_percent_undistorted(tmp_path, monkeypatch):
    from figures.paper.audit import audit

    paper = tmp_path / "paper"
    shutil.copytree(PAPER, paper)
    monkeypatch.chdir(tmp_path)
    code, out, err = figures_in_process("paper", str(paper), "--allow-synthetic", "--figdata",
                                        str(REPO / "figdata"))
    assert code == 0, out + err
    assert err.splitlines()[-1].endswith("0 problem(s) (tex10pt-6.5x6.5x9in)")
    placed = {item.name: item for item in audit(paper / "main.pdf", REPO / "figdata",
                                                on_page(body_rules(10), 6.5, 6.5, 9)).placed}
    assert sorted(placed) == sorted(BOXES)
    for name, (width, height) in BOXES.items():
        item = placed[name]
        assert item.state == "current", name
        assert item.scale == pytest.approx(1.0, abs=0.01), name
        assert (item.height_scale or item.scale) == pytest.approx(1.0, abs=0.01), name
        assert item.width_in == pytest.approx(width, abs=0.01), name
        built = paper / f"{name}.pdf"  # built for the box: its own height is the box's
        from figures.pdf import open_pdf

        box = open_pdf(built).pages[0].mediabox
        assert float(box.height) / 72 == pytest.approx(height, abs=0.005), name


_WRITE = re.compile(r"write (\\includegraphics\[[^\]]*\]\{([^}]*)\}) at main\.tex:(\d+)")


@pytest.mark.slow
def test_a_box_too_low_is_refused_with_the_height_that_holds_it_and_that_edit_passes(
        tmp_path, monkeypatch):
    """Under the least height (cifar_summary at 2.5 cm: the height named), and a box whose
    build fails the legibility rules (fig4 at 3.2 in: its design's height at that width)."""
    paper = tmp_path / "paper"
    shutil.copytree(PAPER, paper)
    main = paper / "main.tex"
    main.write_text(main.read_text().replace("height=3.6cm", "height=2.5cm").replace(
        "height=2in,keepaspectratio]{cifar_state_vs_credit}", "height=3.2in]{fig4_penalty_rescue}"))
    monkeypatch.chdir(tmp_path)
    common = ("--allow-synthetic", "--figdata", str(REPO / "figdata"))
    code, out, err = figures_in_process("sync", str(paper), *common)
    assert code == 1, out + err
    refusals = {line.split()[0]: line for line in out.splitlines()
                if re.match(r"\S+ +\S+ +refused: ", line)}
    assert sorted(refusals) == ["cifar_summary", "fig4_penalty_rescue"], out
    assert "shorter than cifar_summary's smallest height at 2.925 in (" in \
        refusals["cifar_summary"]
    assert "fails the legibility rules" in refusals["fig4_penalty_rescue"]
    lines = main.read_text().splitlines()
    for refusal in refusals.values():
        edit = _WRITE.search(refusal)
        at = int(edit[3]) - 1
        edited = re.sub(r"\\includegraphics\[[^\]]*\]\{[^}]*\}", edit[1].replace("\\", "\\\\"),
                        lines[at])
        assert edited != lines[at], refusal  # never the include as it is written
        assert "height=" in edit[1], refusal  # the author's box kept: a height, not none
        lines[at] = edited
    main.write_text("\n".join(lines) + "\n")
    code, out, err = figures_in_process("sync", str(paper), *common)
    assert code == 0, out + err
