"""Hostile round 42a, ``figures pack`` end to end: under ``--anonymous`` the stop for what the
review PDF's own fields disclose names the source line and every finding (A34); an archive
over arXiv's size names the files that make it so (A56)."""

from __future__ import annotations

import io

import numpy as np
import pytest
from helpers import REPO, pack_refused
from PIL import Image


@pytest.mark.slow  # pack compiles the paper and its archive
def test_a_pdfinfo_stop_names_its_line_and_every_finding(tmp_path):
    r"""Round 42 (A34): ``\pdfinfo{/Contact (janet.smithson@mit.edu) /Notes (draft by Karl
    Weberling, /home/kweber/paper)}`` at main.tex:4 stopped the pack at ``main.tex``, naming
    the first finding, hiding the other behind "(and 1 more)" and saying nothing of what to
    do: an author mends one, packs again and is stopped again. The stop names the line that
    sets it, each finding and what to do."""
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "main.tex").write_text(
        "\\documentclass{article}\n\\title{Credit assignment, audited}\n"
        "\\author{Anonymous Authors}\n\\pdfinfo{/Contact (janet.smithson@mit.edu) /Notes "
        "(draft by Karl Weberling, /home/kweber/paper)}\n\\begin{document}\nText of a paper "
        "under double-blind review.\n\\end{document}\n")
    assert pack_refused(tmp_path, "--anonymous") == (
        "error: main.tex:4: the PDF compiled from the archive discloses document information "
        "/Contact: an e-mail address (janet.smithson@mit.edu); /Notes: an author's or the "
        "user's name or folder (draft by Karl Weberling, /home/kweber/paper); remove them "
        "from \\pdfinfo or hyperref's pdf... keys for the anonymous version; the anonymous "
        "pack stops")


@pytest.mark.slow  # pack compiles the paper and its archive
def test_an_archive_over_arxivs_size_names_the_file_that_makes_it_so(tmp_path, monkeypatch):
    r"""Round 42 (A56): a photo of random pixels (55.4 MiB, incompressible) the paper prints:
    ``Kbigpng.tar.gz: 55.4 MiB, over arXiv's 50 MiB: make the largest figures smaller`` named
    the archive, not the file (55.4 of its 55.4 MiB). The line names the largest files, as
    many as the excess needs (arXiv's limit made 1 MiB here, the photo 1.4 MiB)."""
    from figures.pack import run

    monkeypatch.setattr(run, "ARXIV_LIMIT", 2**20)
    paper = tmp_path / "p"
    (paper / "figs").mkdir(parents=True)
    pixels = np.random.default_rng(0).integers(0, 256, (700, 700, 3), dtype=np.uint8)
    out = io.BytesIO()
    Image.fromarray(pixels).save(out, "PNG", compress_level=1)
    (paper / "figs" / "photo.png").write_bytes(out.getvalue())
    Image.fromarray(pixels[:20, :20]).save(paper / "figs" / "small.png")
    (paper / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nText.\n"
        "\\includegraphics[width=3in]{figs/photo.png}\\includegraphics{figs/small.png}\n"
        "\\end{document}\n")
    packed = run.pack(paper, tmp_path / "p.tar.gz", REPO / "figdata")
    size = len(out.getvalue()) / 2**20
    assert [line for line in packed.warnings if "arXiv's" in line] == [
        (f"p.tar.gz: {packed.size / 2**20:.1f} MiB, over arXiv's 1 MiB: the largest file "
        f"packed is figs/photo.png ({size:.1f} MiB): make it smaller (fewer pixels, a photo "
        "as JPEG)")], packed.warnings
