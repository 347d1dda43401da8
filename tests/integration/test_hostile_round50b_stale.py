"""Round 50b (K32): a figure of ours that sync sized for the paper, made stale by the pack's
own ``--figdata``: the pack's stop said ``run `figures sync PAPER_DIR --venue
tex10pt-6.49x3.176x7.61in` (and copy it again)``. Followed, without the pack's
``--figdata``, sync rebuilt from the repository's data and the next pack was stale again
(naming another venue key). The line now names this folder and that figdata, and following
it mends the pack."""

from __future__ import annotations

import json
import shutil

import pytest
from helpers import REPO

from figures.cli import main as cli

pytestmark = pytest.mark.slow  # TeX compiles

MAIN = ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nText.\n"
        "\\begin{figure}\\includegraphics[width=\\linewidth]{figs/fig1_audit_hero}"
        "\\end{figure}\n\\end{document}\n")


def test_the_stop_for_a_stale_figure_names_the_sync_that_mends_it(tmp_path, monkeypatch,
                                                                    capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p" / "figs").mkdir(parents=True)
    (tmp_path / "p" / "main.tex").write_text(MAIN)
    shutil.copytree(REPO / "figdata", tmp_path / "fd")
    assert cli.main(["sync", "p", "--figdata", "fd"]) == 0
    shutil.copytree(tmp_path / "fd", tmp_path / "fd2")
    path = tmp_path / "fd2" / "fig1_audit_hero.json"
    doc = json.loads(path.read_text())
    doc["data"]["panel_a"]["values"]["BP"]["acc"] *= 1.01
    path.write_text(json.dumps(doc))
    capsys.readouterr()
    assert cli.main(["pack", "p", "--figdata", "fd2", "--out", "p.tar.gz"]) == 1
    assert capsys.readouterr().err == (
        "error: figs/fig1_audit_hero.pdf: fig1_audit_hero: stale: fd2/fig1_audit_hero.json is "
        "not the data it was built from (edited since, or built from another --figdata); run "
        "`figures sync p --figdata fd2`, then pack again; the pack stops (no stale figure goes "
        "out)\n")
    assert cli.main(["sync", "p", "--figdata", "fd2"]) == 0  # as the line says
    assert cli.main(["pack", "p", "--figdata", "fd2", "--out", "p.tar.gz"]) == 0
