"""Provenance inside every built file, and ``figures which`` reading it back."""

from __future__ import annotations

import json
import shutil

import pytest
from helpers import REPO, tex
from PIL import Image
from pypdf import PdfReader

from figures.cli import main as cli
from figures.outputs import provenance
from figures.outputs.kind import DEFAULT
from figures.outputs.pixels import content_digest
from figures.registry import BY_NAME

#: End-to-end: builds figures and runs the command line.
pytestmark = pytest.mark.slow

FIGURE = "fig4_penalty_rescue"  # a PDF figure
RASTER = "cifar_summary"  # a PNG figure


def paint_over(png, target) -> None:
    """``png`` with a red square painted on it, saved as ``target`` with its text chunks
    (our label) kept: a picture that is no longer what its label says."""

    with Image.open(png) as image:
        info = _text_of(image)
        painted = image.copy()
    painted.paste((255, 0, 0, 255), (0, 0, 40, 40))
    painted.save(target, pnginfo=info)


def test_every_output_names_its_figure_figdata_build_and_kind_and_builds_stay_identical(
        reference_build, tmp_path):
    for spec in (BY_NAME[FIGURE], BY_NAME[RASTER], BY_NAME["fig1_audit_hero"]):
        raw = (REPO / "figdata" / f"{spec.name}.json").read_bytes()
        for name in spec.output_names():
            inside = provenance.read(reference_build / name)
            assert inside is not None, name
            assert inside["figure"] == spec.name
            assert inside["variant"] == "default"
            assert inside["origin"] == json.loads(raw)["provenance"]["kind"]
            synthetic = inside["origin"] == "synthetic-example"
            content = content_digest((reference_build / name).read_bytes())
            assert inside == {**provenance.fields(spec, raw, inside["build-key"],
                                                  inside["origin"], DEFAULT, synthetic),
                              "content": content}
    pdf = PdfReader(reference_build / f"{FIGURE}.pdf").metadata
    assert pdf["/Title"] == FIGURE
    assert pdf["/Subject"] == provenance.SUITE
    with Image.open(reference_build / f"{RASTER}.png") as image:
        assert provenance.SUITE in image.text
    out = tmp_path / "again"
    assert cli.main(["build", FIGURE, RASTER, "--out", str(out), "--jobs", "1"]) == 0
    for name in (f"{FIGURE}.pdf", f"{RASTER}.png"):
        assert (out / name).read_bytes() == (reference_build / name).read_bytes()


def test_pdfinfo_shows_the_provenance(reference_build):
    info = tex(reference_build, "pdfinfo", f"{FIGURE}.pdf")
    assert f"Title:           {FIGURE}" in info
    assert "Keywords:        figure=fig4_penalty_rescue; figdata-sha256=" in info


def test_which_tells_current_stale_and_foreign_whatever_the_name(reference_build, tmp_path,
                                                                  capsys):
    """Stale by its data: round 47c (W30) found "figdata/X.json changed since it was built"
    said of a file built from another --figdata, the JSON untouched; the line says both."""
    figdata = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", figdata)
    renamed = tmp_path / "paper" / "penalty-final.pdf"
    renamed.parent.mkdir()
    shutil.copy(reference_build / f"{FIGURE}.pdf", renamed)
    foreign = tmp_path / "paper" / "photo.png"
    Image.new("RGB", (4, 4)).save(foreign)
    damaged = tmp_path / "paper" / "cut.png"
    damaged.write_bytes((reference_build / f"{RASTER}.png").read_bytes()[:300])

    assert cli.main(["which", str(renamed), "--figdata", str(figdata)]) == 0
    assert capsys.readouterr().out == (
        f"{renamed}: {FIGURE} (default, synthetic-example): current\n")

    code = cli.main(["which", str(renamed), str(foreign), str(damaged), "--figdata",
                     str(figdata)])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[1] == f"{foreign}: not from this suite (no provenance of fa-audit-figures inside)"
    assert out[2].startswith(f"{damaged}: ")
    assert "unreadable" in out[2] or "not from this suite" in out[2]

    path = figdata / f"{FIGURE}.json"
    path.write_text(path.read_text() + "\n")  # any edit of its bytes
    assert cli.main(["which", str(renamed), "--figdata", str(figdata)]) == 1
    assert capsys.readouterr().out == (
        f"{renamed}: {FIGURE} (default, synthetic-example): stale: {path} is not the data it "
        "was built from (edited since, or built from another --figdata); run `figures build` "
        "and copy it again (or `figures sync`)\n")


def test_which_names_a_change_of_code_or_settings(reference_build, tmp_path, capsys,
                                                  monkeypatch):
    monkeypatch.setattr("importlib.metadata.version", lambda _: "9.9.9")
    assert cli.main(["which", str(reference_build / f"{FIGURE}.pdf"), "--figdata",
                     str(REPO / "figdata")]) == 1
    assert "stale: the code or settings that draw it changed" in capsys.readouterr().out


def test_which_believes_the_bytes_not_the_label(reference_build, tmp_path, capsys):
    """A picture painted over (its text chunks kept) and another figure's file under this
    one's name in the build folder: each is reported as not what its label says."""
    built = tmp_path / "built"
    shutil.copytree(reference_build, built)
    png = built / f"{RASTER}.png"
    paint_over(png, png)
    assert provenance.read(png) is not None  # the label survived
    swapped = built / "fig3b_crossarch_3row.pdf"
    shutil.copy(built / f"{FIGURE}.pdf", swapped)
    code = cli.main(["which", str(png), str(swapped), "--figdata", str(REPO / "figdata")])
    out, _ = capsys.readouterr()
    assert code == 1
    lines = out.splitlines()
    assert "not what its label says" in next(line for line in lines if RASTER in line)
    swapped_line = next(line for line in lines if "fig3b_crossarch_3row.pdf" in line)
    assert "not what its label says" in swapped_line
    assert FIGURE in swapped_line
    # the untouched file beside them is still current
    cli.main(["which", str(built / f"{FIGURE}.pdf"), "--figdata", str(REPO / "figdata")])
    assert ": current" in capsys.readouterr()[0]


def test_a_painted_copy_of_a_width_build_in_the_paper_is_not_called_current(tmp_path, capsys,
                                                                            monkeypatch):
    """Hostile pass 6: `figures sync` builds a width into build/VENUE/w<width>/, but `which`
    (and so `figures check PAPER.pdf`, by the paper's PNG) looked for its build state in
    build/VENUE/: a painted-over copy in the paper was "current"."""
    from figures.outputs.build import build
    from figures.outputs.kind import venue_kind
    from figures.venues import get_venue

    monkeypatch.chdir(tmp_path)
    kind = venue_kind(get_venue("icml"), 3.25)
    assert kind.default_out.as_posix() == "build/icml/w3.25"
    build([BY_NAME[RASTER]], REPO / "figdata", kind.default_out, kind, jobs=1)
    paper = tmp_path / "paper"
    paper.mkdir()
    png = paper / f"{RASTER}.png"
    paint_over(kind.default_out / f"{RASTER}.png", png)
    code = cli.main(["which", str(png), "--figdata", str(REPO / "figdata")])
    out, _ = capsys.readouterr()
    assert code == 1
    assert "not what its label says" in out
    assert "the content digest inside it differs" in out


def test_which_checks_the_content_digest_inside_without_build(reference_build, tmp_path,
                                                              capsys, monkeypatch):
    """Round 6: with no build/ (a fresh clone, CI, after git clean) a painted-over PNG that
    kept its text chunks was `current`; an optimiser's pixel-identical re-save was "painted
    over"; a paper's fig3b file holding fig1 was current; an empty file "not ours"."""
    from pypdf import PdfWriter

    monkeypatch.chdir(tmp_path)  # no build/ and no build state anywhere
    paper = tmp_path / "paper"
    paper.mkdir()
    raster, vector = reference_build / f"{RASTER}.png", reference_build / f"{FIGURE}.pdf"
    paint_over(raster, paper / "painted.png")
    with Image.open(raster) as image:
        image.load()
        image.save(paper / "optimised.png", optimize=True, compress_level=9,
                   pnginfo=_text_of(image))
    assert (paper / "optimised.png").read_bytes() != raster.read_bytes()
    writer = PdfWriter(clone_from=PdfReader(vector))
    writer.compress_identical_objects()
    writer.write(paper / "resaved.pdf")
    writer.pages[0].merge_transformed_page(PdfReader(vector).pages[0], [0.5, 0, 0, 0.5, 0, 0])
    writer.write(paper / "edited.pdf")
    shutil.copy(vector, paper / "fig3b_crossarch_3row.pdf")
    (paper / "empty.png").write_bytes(b"")
    data = raster.read_bytes()
    (paper / "cut.png").write_bytes(data[:data.index(b"IDAT") + 200])  # its label kept
    names = ["painted.png", "optimised.png", "resaved.pdf", "edited.pdf",
             "fig3b_crossarch_3row.pdf", "empty.png", "cut.png"]
    assert cli.main(["which", *(str(paper / n) for n in names), "--figdata",
                     str(REPO / "figdata")]) == 1
    said = dict(zip(names, capsys.readouterr().out.splitlines(), strict=True))
    assert "not what its label says: its pixels are not what the build made" in said["painted.png"]
    assert said["optimised.png"].endswith(": current")
    assert said["resaved.pdf"].endswith(": current")
    assert "its drawing (content streams) is not what" in said["edited.pdf"]
    assert ("named as fig3b_crossarch_3row but holds fig4_penalty_rescue's picture"
            in said["fig3b_crossarch_3row.pdf"])
    assert "unreadable (empty (0 bytes): copy or build it again)" in said["empty.png"]
    assert "unreadable (cannot be decoded (image file is truncated" in said["cut.png"]


def _text_of(image):
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    for key, value in image.text.items():
        info.add_text(key, value)
    return info


def test_which_reads_the_file_once(reference_build, monkeypatch):
    """Issue 43: which() read each file three times (its size, its provenance, its content
    digest), and sync asked it per include: the bytes are read once and all three use them."""
    from pathlib import Path

    from figures.paper import which as which_module

    reads: list[Path] = []
    read_bytes, path_open = which_module.read_bytes, Path.open

    def counted_read(path, *args):
        reads.append(Path(path))
        return read_bytes(path, *args)

    def counted_open(self, *args, **kwargs):
        reads.append(self)
        return path_open(self, *args, **kwargs)

    monkeypatch.setattr(which_module, "read_bytes", counted_read)
    monkeypatch.setattr(Path, "open", counted_open)
    for name in (f"{FIGURE}.pdf", f"{RASTER}.png"):
        reads.clear()
        found = which_module.which(reference_build / name, REPO / "figdata")
        assert found.current, found.line()
        assert reads.count(reference_build / name) == 1, name
