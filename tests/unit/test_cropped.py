"""The probe's clip marks read (figures/paper/cropped.py; round 39, F7/F10): which includes a
clip around them cuts, without TeX (the slow tests in test_paper_shapes.py compile)."""

from __future__ import annotations

import pytest

from figures.paper.cropped import Clips

SP = 65536
#: include 1: a box 100 pt by 80 pt, file read; include 2: its image missing (empty box)
BOXES = {"1": ["1", "f.pdf", "f", "", "100.0pt", "80.0pt"],
         "2": ["2", "-", "g", "", "100.0pt", "0.0pt"]}


def _cut(marks: list[str]) -> Clips:
    clips = Clips()
    for mark in marks:
        kind, _, rest = mark.partition("|")
        clips.read(kind, rest.split("|"), BOXES)
    return clips


@pytest.mark.parametrize(("marks", "cut"), [
    # Round 39 (F7/F11): adjustbox's clip to a box 20 pt lower than the figure
    ([f"C|{10 * SP}|{10 * SP}|100.0pt|60.0pt|0.0pt", f"S|1|1|{110 * SP}|{10 * SP}", "C|"],
     {"1": "adjustbox's (trimclip's) trim/clip"}),
    ([f"C|{10 * SP}|{10 * SP}|100.0pt|80.0pt|0.0pt", f"S|1|1|{110 * SP}|{10 * SP}", "C|"], {}),
    # Round 39 (F10): a TikZ clip path cutting its top, one larger, one whose scope ended
    (["G|q", "K|0|0|0.0pt|0.0pt|100.0pt|50.0pt", f"S|1|1|{100 * SP}|0", "G|Q"],
     {"1": "TikZ's \\clip (pgf)"}),
    (["G|q", "K|0|0|-10.0pt|-10.0pt|200.0pt|200.0pt", f"S|1|1|{100 * SP}|0", "G|Q"], {}),
    (["G|q", "G|q", "K|0|0|0.0pt|0.0pt|1.0pt|1.0pt", "G|Q", f"S|1|1|{100 * SP}|0", "G|Q"], {}),
    # turned a quarter about the origin: 80 pt wide, 100 tall, in a clip 90 by 90
    (["G|q", "K|0|0|-90.0pt|0.0pt|0.0pt|90.0pt", "T|0|0|0|1|-1|0|0.0pt|0.0pt",
      f"S|1|1|{100 * SP}|0", "G|Q"], {"1": "TikZ's \\clip (pgf)"}),
    # scaled by half inside the clip: 50 by 40 in a clip 60 by 60
    (["C|0|0|60.0pt|60.0pt|0.0pt", "X|0.5||0.5|0|0", f"S|1|1|{100 * SP}|0", "X|", "C|"], {}),
])
def test_round39_f7_f10_a_clip_around_an_include_cuts_it_or_not(marks, cut):
    """Round 39 (F7, F10): the probe's marks of a clip around an include, read."""
    assert _cut(marks).cut == cut


def test_an_image_missing_inside_a_clip_is_unseen_not_cut():
    """Round 39 (F10): an image missing when the probe ran is an empty box no clip cuts; sync
    probes again with its build in place (figures.paper.cropped.guess_unseen)."""
    clips = _cut(["G|q", "K|0|0|0.0pt|0.0pt|200.0pt|10.0pt", f"S|2|1|{100 * SP}|0", "G|Q"])
    assert (clips.cut, clips.unseen) == ({}, {"2"})
