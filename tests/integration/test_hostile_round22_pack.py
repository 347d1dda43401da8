"""Hostile round 22's pack row through the CLI: an ``\\endinput`` after a half-open interval."""

from __future__ import annotations

import tarfile

import pytest
from helpers import figures_as_a_user, packed_anonymously


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
    intro = packed_anonymously(tmp_path)["sec/intro.tex"]
    assert "PRIVATE NOTES" not in intro
    assert intro.startswith("Step sizes lie in $\\eta \\in [0, 1)$.\n\\endinput")


@pytest.mark.slow  # pack compiles the paper and its archive
@pytest.mark.parametrize(("case", "appendix", "kept"), [
    ("OR", "", ()),
    ("OG", "{", ("y = m % 5  # KEEPME2 printed",))])
def test_a_redefinition_as_text_leaves_the_code_tex_printed_before_it_or_outside_its_group(
        tmp_path, case, appendix, kept):
    r"""Round 22 (V2): pythonhighlight loaded; ``intro.tex`` (read first) prints
    ``r = n % 3  # KEEPME printed`` in a ``python`` block; ``appendix.tex`` (read after)
    redefines ``python`` as text (OR), or only inside a group with a ``python`` block after it
    (OG). ``figures pack --anonymous`` took the redefinition to hold in every file and cut the
    printed lines to ``r = n %``, exit 0 with one vague warning: an archive printing other code
    than the paper."""
    paper = tmp_path / case
    paper.mkdir()
    (paper / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{pythonhighlight}\n\\author{Anonymous}\n"
        "\\begin{document}\n\\input{intro}\n\\input{appendix}\n\\end{document}\n")
    (paper / "intro.tex").write_text(
        "Intro.\n\\begin{python}\nr = n % 3  # KEEPME printed\n\\end{python}\n")
    (paper / "appendix.tex").write_text(
        appendix + "\\renewenvironment{python}{\\begin{quote}\\itshape}{\\end{quote}}\n"
        "\\begin{python}\nx = 1 % SECRET ask Bob Jones\n\\end{python}" + ("}" if appendix else "")
        + "\n\\begin{python}\ny = m % 5  # KEEPME2 printed\n\\end{python}\n" * bool(appendix))
    ran = figures_as_a_user(tmp_path, "pack", case, "--anonymous", "--out", "p.tar.gz",
                            timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "warnings: 0" in ran.stdout + ran.stderr, ran.stdout + ran.stderr
    with tarfile.open(tmp_path / "p.tar.gz") as archive:
        intro, rest = (archive.extractfile(name).read().decode()
                       for name in ("intro.tex", "appendix.tex"))
    assert "r = n % 3  # KEEPME printed" in intro
    assert "SECRET" not in rest
    assert "x = 1 %\n" in rest
    assert all(line in rest for line in kept)
