"""Hostile round 22's pack row through the CLI: an ``\\endinput`` after a half-open interval."""

from __future__ import annotations

import tarfile

import pytest
from helpers import figures_as_a_user


@pytest.mark.slow  # pack compiles the paper and its archive
def test_an_anonymous_pack_drops_the_notes_after_an_endinput_below_a_half_open_interval(
        tmp_path):
    r"""Round 22 (B1): ``sec/intro.tex`` = ``Step sizes lie in $\eta \in [0, 1)$.`` /
    ``\endinput`` / private notes. TeX reads no further than the ``\endinput`` line, but the
    reader took the interval's ``[`` (after the command ``\in``) for an option list still open,
    so ``figures pack --anonymous`` shipped ``PRIVATE NOTES BE: reviewer 2 is Bob Jones.`` in
    the archive, exit 0, warnings 0."""
    paper = tmp_path / "p"
    (paper / "sec").mkdir(parents=True)
    (paper / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{url}\n\\author{Anonymous}\n\\begin{document}\n"
        "\\input{sec/intro}\n\\end{document}\n")
    (paper / "sec" / "intro.tex").write_text(
        "Step sizes lie in $\\eta \\in [0, 1)$.\n\\endinput\n"
        "PRIVATE NOTES BE: reviewer 2 is Bob Jones.\n")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--anonymous", "--out", "p.tar.gz",
                            timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    with tarfile.open(tmp_path / "p.tar.gz") as archive:
        intro = archive.extractfile("sec/intro.tex").read().decode()
    assert "PRIVATE NOTES" not in intro
    assert intro.startswith("Step sizes lie in $\\eta \\in [0, 1)$.\n\\endinput")
