"""figures/outputs/pixels.py and figures/paper/pictures.py: a PNG known by its pixels, and the
records of them a build state keeps (which a hand-edited state may have broken)."""

from __future__ import annotations

import json

from PIL import Image

from figures.outputs.pixels import KEPT, digest, merged
from figures.outputs.state import STATE_FILE
from figures.paper.pictures import recorded

PROVENANCE = ("figure=cifar_summary; figdata-sha256=0; build-key=0; kind=paper-values; "
              "variant=default; version=0.1.0")


def record(pixels: str, **changed) -> dict:
    return {"file": "x.png", "pixels": pixels, "size": [3, 2], "ppi": 150,
            "provenance": PROVENANCE, **changed}


def test_an_rgb_image_and_its_opaque_rgba_have_one_digest_and_a_pixel_changes_it():
    """pdfTeX writes an opaque PNG's alpha as a soft mask, or none: the same picture."""
    rgb = Image.new("RGB", (3, 2), (10, 20, 30))
    assert digest(rgb) == digest(rgb.convert("RGBA"))
    painted = rgb.copy()
    painted.putpixel((2, 1), (10, 20, 31))
    assert digest(painted) != digest(rgb)
    assert digest(Image.new("RGB", (2, 3), (10, 20, 30))) != digest(rgb)  # same bytes, shape


def test_merged_keeps_new_then_earlier_records_once_each_and_at_most_kept():
    earlier = [record("b"), record("a"), *(record(str(i)) for i in range(KEPT * 2))]
    kept = merged([record("a")], earlier)
    assert [r["pixels"] for r in kept[:3]] == ["a", "b", "0"]
    assert len(kept) == KEPT


def test_records_a_hand_edited_state_broke_are_skipped(tmp_path):
    broken = [None, "x", record(1), record("p", size=[0, 2]), record("q", size="3x2"),
              record("r", ppi=-1), record("s", provenance="figure=x")]
    assert merged([], broken) == []
    assert merged([], {"not": "a list"}) == []
    folder = tmp_path / "build" / "figures"
    folder.mkdir(parents=True)
    (folder / STATE_FILE).write_text(json.dumps(
        {"a": {"pictures": [*broken, record("good")]}, "b": "x", "c": {"pictures": 3}}))
    (tmp_path / "build" / "other").mkdir()
    (tmp_path / "build" / "other" / STATE_FILE).write_text("{not json")
    assert list(recorded([tmp_path / "build"])) == ["good"]
    assert recorded([tmp_path / "no such folder"]) == {}


def test_a_large_png_of_ours_is_recorded_without_a_decompression_bomb_warning(tmp_path,
                                                                               monkeypatch):
    """Hostile pass 6: a venue build of 123 megapixels (under figures.page.MAX_PIXELS) printed
    Pillow's "could be decompression bomb DOS attack" as the figure's warning line."""
    import warnings

    from figures.outputs.pixels import record
    from figures.paper.pictures import in_paper_folder

    image = Image.new("RGB", (40, 30))
    path = tmp_path / "cifar_summary.png"
    image.save(path, pnginfo=_our_text())
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 1000)  # 1200 px: "a bomb" to Pillow
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert record(path, path.name, 100, PROVENANCE)["pixels"] == digest(image)
        [known] = in_paper_folder(tmp_path, {(40, 30)}, {}).values()
    assert known.source == path


def _our_text():
    from PIL.PngImagePlugin import PngInfo

    from figures.outputs.provenance import SUITE

    info = PngInfo()
    info.add_text(SUITE, PROVENANCE)
    return info
