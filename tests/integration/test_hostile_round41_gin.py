"""Hostile round 41 (N9): a ``trim`` that ``\\setkeys{Gin}`` gives every include."""

from __future__ import annotations

import shutil

import pytest
from helpers import REPO, figures_in_process

PAPER = REPO / "tests" / "papers" / "twocol"


def _paper(tmp_path, setkeys: str):
    paper = tmp_path / "paper"
    shutil.copytree(PAPER, paper)
    main = paper / "main.tex"
    text = main.read_text(encoding="utf-8")
    main.write_text(text.replace("\\usepackage{lipsum}\n",
                                 f"\\usepackage{{lipsum}}\n{setkeys}\n", 1), encoding="utf-8")
    return paper


def _sync(paper):
    return figures_in_process("sync", str(paper), "--venue", "icml", "--allow-synthetic",
                              "--figdata", str(REPO / "figdata"))


@pytest.mark.slow  # sync's probe compiles the paper
def test_a_preamble_trim_for_every_include_is_refused_at_its_setkeys(tmp_path, monkeypatch):
    r"""Round 41 (N9): ``\setkeys{Gin}{trim=0 0 0 20,clip}`` in the preamble (main.tex:8)
    and includes of only ``width=``: graphicx trims every include by it (each include resets
    ``clip``), so our figures printed 20 bp short and ran out of the top of their boxes; sync
    and `figures paper` said 100 % and 0 problems. TeX now says what trim is in force at each
    include (the probe reads graphicx's viewport there), and sync refuses each figure in one
    line naming the \setkeys at its line and the include that prints it whole."""
    paper = _paper(tmp_path, "\\setkeys{Gin}{trim=0 0 0 20,clip}")
    monkeypatch.chdir(tmp_path)
    code, out, err = _sync(paper)
    assert code == 1, out + err
    rows = [" ".join(line.split()) for line in out.splitlines()
            if "refused" in line and not line.startswith("(macros)")]
    assert len(rows) == 3, out
    drift = next(row for row in rows if row.startswith("cifar_feature_drift"))
    assert drift.endswith(
        "refused: \\setkeys{Gin}{trim=0 0 0 20,clip} at main.tex:8 trims every include by "
        "0 0 0 20 bp (graphicx applies no clip with it, so the figure also runs out of its "
        "box): no build of it prints at 100 %; remove that trim=, or write "
        "\\includegraphics[width=\\columnwidth,trim=0 0 0 0]{cifar_feature_drift} at "
        "main.tex:34 (a trim of its own replaces it)"), drift
    assert not (paper / "figures").exists() or not any((paper / "figures").iterdir())


@pytest.mark.slow  # sync's probe compiles the paper, twice
def test_a_preamble_trim_of_nothing_or_one_the_include_replaces_is_built(tmp_path, monkeypatch):
    r"""Round 41 (N9): ``\setkeys{Gin}{trim={0 0 0 0},clip}`` cuts nothing, and an include's
    own ``trim=0 0 0 0`` replaces a preamble's trim (graphicx keeps one viewport): both are
    synced as usual, every figure copied."""
    paper = _paper(tmp_path / "zero", "\\setkeys{Gin}{trim={0 0 0 0},clip}")
    monkeypatch.chdir(tmp_path)
    code, out, err = _sync(paper)
    assert code == 0, out + err
    assert "refused" not in out
    paper = _paper(tmp_path / "own", "\\setkeys{Gin}{trim=0 0 0 20,clip}")
    main = paper / "main.tex"
    main.write_text(main.read_text(encoding="utf-8").replace("]{", ",trim=0 0 0 0]{"),
                    encoding="utf-8")
    code, out, err = _sync(paper)
    assert code == 0, out + err
    assert "refused" not in out


@pytest.mark.slow  # sync's probe compiles the paper, twice
def test_a_preamble_trim_added_after_a_sync_is_refused_on_the_next(tmp_path, monkeypatch):
    r"""Round 43 (N9n): a paper synced, then ``\setkeys{Gin}{trim=0 0 0 20,clip}`` added: the
    next sync said "up to date", rc 0, from the placement it had recorded for the include
    (its key held the box and the clip, not the trim graphicx now applies). The trim is in
    the key: the sync refuses as a first one does."""
    paper = _paper(tmp_path, "")
    monkeypatch.chdir(tmp_path)
    code, out, err = _sync(paper)
    assert code == 0, out + err
    main = paper / "main.tex"
    main.write_text(main.read_text(encoding="utf-8").replace(
        "\\usepackage{lipsum}\n", "\\usepackage{lipsum}\n\\setkeys{Gin}{trim=0 0 0 20,clip}", 1),
        encoding="utf-8")
    code, out, err = _sync(paper)
    assert code == 1, out + err
    assert "\\setkeys{Gin}{trim=0 0 0 20,clip} at main.tex:8 trims every include" in out, out
