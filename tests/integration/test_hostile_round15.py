"""Round 15: a fresh hostile pass (record only) over ``figures paper``, ``pack``, ``sync``,
``which`` and the goldens; the cases it found broken, kept. The pass itself is in
docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import REPO

_WRITER = ("\\documentclass{article}\n\\newwrite\\f\n"
           "\\immediate\\openout\\f=OUTSIDE\n\\immediate\\write\\f{written by the paper}\n"
           "\\immediate\\closeout\\f\n\\immediate\\openout\\f=../up.txt\n"
           "\\immediate\\write\\f{up}\n\\immediate\\closeout\\f\n"
           "\\begin{document}\nHi.\n\\end{document}\n")


@pytest.mark.slow  # pdflatex, then sync's probe
def test_tex_writes_nothing_outside_its_folder_whatever_the_shell_exports(tmp_path, monkeypatch):
    r"""``openout_any=a`` (and ``TEXMFOUTPUT=/``, ``shell_escape=t``) exported: a downloaded
    paper's ``\immediate\openout`` wrote ``/abs/pwned.txt`` and ``../up.txt`` through sync's
    probe and `figures paper`'s latexmk, exit 0. Every TeX run is paranoid, whatever the
    shell says."""
    from figures import runner
    from figures.cli import main as cli

    for name, value in (("openout_any", "a"), ("TEXMFOUTPUT", "/"), ("shell_escape", "t")):
        monkeypatch.setenv(name, value)
    outside = tmp_path / "pwned.txt"
    paper = tmp_path / "a" / "p"
    paper.mkdir(parents=True)
    (paper / "main.tex").write_text(_WRITER.replace("OUTSIDE", str(outside)))
    runner.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], paper)
    assert not outside.exists()
    assert not (tmp_path / "a" / "up.txt").exists()
    monkeypatch.chdir(tmp_path)
    assert cli.main(["sync", str(paper), "--figdata", str(REPO / "figdata")]) == 1  # TeX refused
    assert not outside.exists()
    assert not list(tmp_path.rglob("up.txt"))
