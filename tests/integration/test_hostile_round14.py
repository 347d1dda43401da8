"""Round 14: a fresh hostile pass (record only) over ``figures paper``, ``pack``, ``sync``,
widths and the goldens; the cases it found broken, kept. The pass itself is in
docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import REPO

from figures.errors import FigureDataError

_PLAIN = "\\documentclass{article}\n\\begin{document}\nHello.\n\\end{document}\n"


@pytest.mark.slow  # latexmk compiles the paper's copy
def test_pack_refuses_a_bbl_that_links_outside_the_papers_folder(tmp_path):
    r"""``main.bbl`` a link to a file outside the folder, no ``.bib``: the archive's
    ``main.bbl`` held the outside file's text, exit 0, ``warnings: 0`` (runner.latexmk
    copies the ``.bbl`` into TeX's output folder, and pack shipped that copy unchecked)."""
    from figures.pack.run import pack

    paper = tmp_path / "p"
    paper.mkdir()
    (tmp_path / "outside.bbl").write_text("\\begin{thebibliography}{1}\n\\bibitem{k} "
                                          "SECRET-OUTSIDE.\n\\end{thebibliography}\n")
    (paper / "main.bbl").symlink_to(tmp_path / "outside.bbl")
    (paper / "main.tex").write_text(_PLAIN.replace("Hello.", (
        "Cite \\cite{k}.\n\\bibliographystyle{plain}\n\\bibliography{refs}")))
    with pytest.raises(FigureDataError) as refused:
        pack(paper, tmp_path / "p.tar.gz", REPO / "figdata")
    assert str(refused.value) == (  # round 51b-2 (B2): the link replaced by a copy
        "main.bbl: a link out of the paper's folder, which alone is packed: put a copy of its "
        f"target in its place (rm {paper}/main.bbl && cp {tmp_path}/outside.bbl "
        f"{paper}/main.bbl), or remove it and its include")
    assert not (tmp_path / "p.tar.gz").exists()


def _painted_over(built: Path, target: Path) -> None:
    """``built`` with a box drawn on it, saved to ``target`` with its text chunks (our label)
    kept, as ImageMagick's ``-draw`` keeps them."""
    from PIL import Image, ImageDraw, PngImagePlugin

    with Image.open(built) as image:
        image.load()
        kept = PngImagePlugin.PngInfo()
        for key, value in image.text.items():
            kept.add_itxt(key, value)
        ImageDraw.Draw(image).rectangle((5, 5, 60, 40), fill=(0, 255, 0))
        image.save(target, pnginfo=kept)


def test_sync_never_replaces_our_figure_that_the_author_painted_over(tmp_path):
    """Our ``cifar_summary.png`` with a box the author drew (our label kept): sync copied the
    build over it, exit 0, no ``.bak``, no word (``which`` and ``pack`` call it "not what its
    label says"). It is refused as a file not ours is, or kept as ``.bak`` when allowed."""
    from figures.outputs.build import build
    from figures.paper.write import moves_aside, provenance_of
    from figures.registry import BY_NAME

    [result] = build([BY_NAME["cifar_summary"]], REPO / "figdata", tmp_path / "b", jobs=1)
    assert result.status == "built"
    paper = tmp_path / "p"
    paper.mkdir()
    target = paper / "cifar_summary.png"
    _painted_over(tmp_path / "b" / "cifar_summary.png", target)
    assert provenance_of(target)["figure"] == "cifar_summary"  # still labelled ours
    inputs = (REPO / "figdata", tmp_path / "b")
    said = moves_aside([target], target, "cifar_summary.png", paper, False, inputs)
    assert said == ("cifar_summary.png is labelled ours, but its pixels are not what the build "
                    "made (the content digest inside it differs): painted over or edited: sync "
                    "never overwrites it; rename it (and its "
                    "include), or --overwrite-theirs (it is then kept as cifar_summary.png.bak)")
    assert moves_aside([target], target, "cifar_summary.png", paper, True, inputs) == (
        [(target, paper / "cifar_summary.png.bak")],
        ["edited cifar_summary.png kept as cifar_summary.png.bak"])
    (tmp_path / "b" / "cifar_summary.png").replace(target)  # the build's own: replaced
    assert moves_aside([target], target, "cifar_summary.png", paper, False, inputs) == ([], [])


@pytest.mark.parametrize("name", ["probe", "fap-empty"])
def test_a_paper_file_named_as_the_probes_is_among_its_sources(tmp_path, name):
    r"""A section file of the paper named ``probe.tex`` (a paper on linear probes),
    ``\input{probe}``, with ``61.5\%`` (fig1's value) written by hand: sync said "check-tex: 0
    number(s) to look at", exit 0 (the same text as ``sec.tex``: the number named, exit 1).
    engine._recorded dropped every file read named as the probe's, the paper's too."""
    from figures.paper.engine import ask_tex

    (tmp_path / f"{name}.tex").write_text("Probes reach 61.5\\%.\n")
    (tmp_path / "main.tex").write_text(_PLAIN.replace("Hello.", f"\\input{{{name}}}"))
    assert tmp_path / f"{name}.tex" in ask_tex(tmp_path / "main.tex").sources


@pytest.mark.slow  # latexmk (and makeindex) compiles the paper, pdflatex the archive
def test_pack_ships_the_index_makeindex_made(tmp_path):
    r"""``\makeindex ... \printindex``: the archive held ``main.tex`` alone (the ``.bbl`` is
    packed, the ``.ind`` was not), so its PDF had no index, exit 0, and the one warning
    blamed the comment stripping. arXiv runs no makeindex: its ``.ind`` is packed."""
    import tarfile

    from figures.pack.run import pack

    paper = tmp_path / "p"
    paper.mkdir()
    (paper / "main.tex").write_text(_PLAIN.replace("\\begin{document}", (
        "\\usepackage{makeidx}\\makeindex\n\\begin{document}")).replace(
        "Hello.", "Hello\\index{greeting}.\n\\printindex"))
    packed = pack(paper, tmp_path / "p.tar.gz", REPO / "figdata")
    assert packed.warnings == []
    with tarfile.open(tmp_path / "p.tar.gz") as archive:
        assert sorted(archive.getnames()) == ["main.ind", "main.tex"]
        assert b"greeting" in archive.extractfile("main.ind").read()


def _chunk(kind: bytes, data: bytes) -> bytes:
    import zlib

    return len(data).to_bytes(4, "big") + kind + data + \
        zlib.crc32(kind + data).to_bytes(4, "big")


def test_an_anonymous_pack_keeps_a_16_bit_png_s_pixels():
    """A foreign 16-bit RGB PNG (a microscope's export) with a tEXt ``Author``: the packed
    PNG was 8 bits a channel (Pillow's re-save), every value cut to its high byte, with
    ``warnings: 0``; pack.md says the pack changes no pixels. Its chunks are walked now."""
    import zlib

    from figures.pack import scrub

    rows = b"".join(b"\0" + bytes(range(r, r + 12)) for r in range(2))  # 2x2, 6 bytes a pixel
    header = _chunk(b"IHDR", (2).to_bytes(4, "big") * 2 + bytes([16, 2, 0, 0, 0]))
    image = _chunk(b"IDAT", zlib.compress(rows))
    data = (b"\x89PNG\r\n\x1a\n" + header + _chunk(b"tEXt", b"Author\0Janet Smithson") +
            _chunk(b"gAMA", (45455).to_bytes(4, "big")) + image + _chunk(b"IEND", b""))
    assert scrub.without_metadata(data, "photo.png") == data.replace(
        _chunk(b"tEXt", b"Author\0Janet Smithson"), b"")


def test_our_macros_read_from_outside_through_texinputs_are_named(tmp_path, monkeypatch):
    r"""``TEXINPUTS=/elsewhere:`` holding another paper's ``macros.tex``: TeX read it (the PDF
    printed its 99.9\%), sync's was never read, exit 0, and the one word told the paper,
    which has ``\input{macros}``, to add ``\input{macros}``."""
    from types import SimpleNamespace

    from figures.paper.sync import macros_not_input

    (tmp_path / "tin").mkdir()
    (tmp_path / "tin" / "macros.tex").write_text("\\newcommand{\\heroAccBP}{99.9\\%}\n")
    (tmp_path / "p").mkdir()
    monkeypatch.setenv("TEXINPUTS", f"{tmp_path}/tin:")
    paper = SimpleNamespace(root=tmp_path / "p", main=tmp_path / "p" / "main.tex",
                            inputs=["main.tex"])
    said = macros_not_input(paper, [(tmp_path / "p" / "main.tex", "BP: \\heroAccBP{}")],
                            [SimpleNamespace(macro="heroAccBP")])
    assert said.endswith(f"uses \\heroAccBP (our macros), but TeX reads {tmp_path}/tin/macros.tex"
                         " for \\input{macros}, outside the paper's folder (TEXINPUTS?), not the "
                         "macros.tex sync writes: unset TEXINPUTS (or move that file)"), said
