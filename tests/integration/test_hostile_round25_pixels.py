"""Hostile round 25's row about our PNGs found in a compiled paper by their pixels: two venues
of one page (ICML's, and an author's own ``--venues`` venue of ICML's numbers) draw the same
pixels, and the paper is of the venue whose build it printed, whichever was built last."""

from __future__ import annotations

import json
import os

from helpers import REPO, paper_with_an_image

from figures.cli import main as cli

FIGDATA = REPO / "figdata"


def _built_for(venue, figdata_bytes: bytes) -> str:
    """cifar_summary's provenance as the build for ``venue``'s 3.25 in column writes it."""
    from figures.outputs import provenance
    from figures.outputs.kind import venue_kind
    from figures.outputs.state import build_key
    from figures.registry import BY_NAME

    spec, kind = BY_NAME["cifar_summary"], venue_kind(venue, 3.25)
    return provenance.encode(provenance.fields(
        spec, figdata_bytes, build_key(spec, figdata_bytes, kind), "synthetic-example", kind,
        True))


def _record(folder, image, inside: str, written: int) -> None:
    """A build state in ``folder`` (its file written at time ``written``) recording ``image``
    as cifar_summary's PNG at 300 ppi."""
    from figures.outputs.pixels import digest

    folder.mkdir(parents=True, exist_ok=True)
    record = {"file": "cifar_summary.png", "pixels": digest(image),
              "size": [image.width, image.height], "ppi": 300, "provenance": inside}
    state = folder / ".build-state.json"
    state.write_text(json.dumps({"cifar_summary": {"key": "k", "outputs": {},
                                                   "pictures": [record]}}))
    os.utime(state, (written, written))


def _check(capsys, pdf, *more):
    code = cli.main(["check", str(pdf), "--figdata", str(FIGDATA), *more])
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.startswith("cifar_summary")]
    return code, rows[0][2], [line for line in out.splitlines() if line.startswith("problem:")]


def test_pixels_another_venue_drew_alike_later_leave_the_paper_current(tmp_path, capsys,
                                                                        monkeypatch):
    """Round 25 (PX2): an ICML paper's PNG, found in its PDF by its pixels, was "stale: built
    for venue:lab@3.25in: unknown venue 'lab'" once the same build folder had drawn the same
    pixels for the author's own venue `lab` (ICML's numbers, another paper's): the audit took
    the latest record of a digest, and two venues' identical pixels are one digest. Now the
    picture is current when any build that drew it is (the checked venue's preferred), and
    only when none is, the most relevant stale cause is said (the checked venue's)."""
    from PIL import Image

    from figures.venues import get_venue, load_venues

    monkeypatch.chdir(tmp_path)
    venues = tmp_path / "lab-venues.json"
    icml = json.loads((REPO / "figures" / "venues.json").read_text())["venues"]["icml"]
    venues.write_text(json.dumps({"venues": {"lab": {**icml, "name": "Lab workshop"}}}))
    lab = load_venues(venues)["lab"]
    image = Image.new("RGB", (60, 40), (200, 30, 30))
    image.putpixel((5, 5), (0, 0, 0))
    pdf = paper_with_an_image(tmp_path / "IC", image, 14.4)  # 0.2 in: 100 % at 300 ppi
    raw = (FIGDATA / "cifar_summary.json").read_bytes()
    _record(tmp_path / "build" / "icml" / "w3.25", image, _built_for(get_venue("icml"), raw),
            1_000_000_000)
    _record(tmp_path / "build" / "lab" / "w3.25", image, _built_for(lab, raw), 1_000_000_100)

    assert _check(capsys, pdf, "--venue", "icml") == (0, "current", [])
    # the workshop's paper, of the same pixels, is current for its own venue too
    assert _check(capsys, pdf, "--venue", "lab", "--venues", str(venues)) == (0, "current", [])

    # ICML's build stale (its figdata changed since): its own cause, not the workshop's
    _record(tmp_path / "build" / "icml" / "w3.25", image,
            _built_for(get_venue("icml"), raw + b"\n"), 1_000_000_000)
    code, state, [problem] = _check(capsys, pdf, "--venue", "icml")
    assert (code, state) == (1, "stale")
    assert "is not the data it was built from" in problem
    assert "unknown venue" not in problem


def test_one_build_folder_keeps_each_build_that_drew_the_same_pixels():
    """Round 25 (PX2): a build state kept one record per picture, so a build of other
    provenance drawing the same pixels dropped the earlier one's (which a paper may print);
    each (pixels, provenance) is kept once, and earlier single-record states still read."""
    from figures.outputs.pixels import merged

    def record(pixels: str, version: str) -> dict:
        return {"file": "x.png", "pixels": pixels, "size": [3, 2], "ppi": 150,
                "provenance": "figure=cifar_summary; figdata-sha256=0; build-key=0; "
                              f"origin=paper-values; variant=default; version={version}"}

    kept = merged([record("a", "2")], [record("a", "1"), record("a", "2"), record("b", "1")])
    assert [(r["pixels"], r["provenance"][-1]) for r in kept] == [("a", "2"), ("a", "1"),
                                                                  ("b", "1")]
