"""Round 51a (second pass): a downloaded paper on the paper path (sync, paper, which)."""

from __future__ import annotations

import pytest
from helpers import REPO

from figures.cli import main as cli

FIGDATA = ["--figdata", str(REPO / "figdata")]


def _paper(tmp_path, preamble: str = "", files: dict[str, str] | None = None):
    paper = tmp_path / "P"
    paper.mkdir()
    (paper / "main.tex").write_text(
        f"\\documentclass{{article}}\n\\usepackage{{graphicx}}\n{preamble}\n"
        "\\begin{document}\n\\includegraphics[width=\\linewidth]{figs/cifar_summary}\n"
        "\\end{document}\n")
    for name, text in (files or {}).items():
        (paper / name).write_text(text)
    return paper


@pytest.mark.slow  # latexmk compiles the paper
@pytest.mark.parametrize("written", ["main.tex", "table.tex"])
def test_a_paper_writing_a_file_it_reads_is_never_told_to_run_its_own_latexmkrc(
        tmp_path, monkeypatch, capsys, written):
    r"""A1: a paper that ``\openout``s over its own ``main.tex`` was told "bring it up to
    date (latexmk -pdf main.tex in its folder)": followed, that runs the folder's latexmkrc
    (Perl: sync never runs it) and writes the paper's write over main.tex, lost. Its own
    source: remove the write; any other file: ``latexmk -norc``."""
    monkeypatch.chdir(tmp_path)
    write = ("\\input{table}" if written == "table.tex" else "") + (
        f"\\newwrite\\w\\immediate\\openout\\w={written} "
        "\\immediate\\write\\w{\\string\\relax}\\immediate\\closeout\\w")
    paper = _paper(tmp_path, write, {"latexmkrc": 'system("touch owned");\n',
                                     "table.tex": "%OLD\n"})
    assert cli.main(["paper", "P", *FIGDATA, "--allow-synthetic"]) == 1
    err = capsys.readouterr().err
    assert "latexmk -pdf" not in err, err
    if written == "main.tex":
        assert "error: P/main.tex: the paper writes over its own source (\\openout at " in err
        assert ": a compile in its folder would replace this file: remove that write, then " \
            "run figures paper again; main.pdf not written\n" in err, err
    else:
        assert "differs: bring it up to date (latexmk -norc -pdf main.tex in its folder)" in err
    assert not (tmp_path / "owned").exists()
    assert not (paper / "owned").exists()
    assert not (paper / "main.pdf").exists()


def test_a_label_whose_origin_was_typed_over_is_not_current(tmp_path, monkeypatch, capsys):
    """A2: ``origin=synthetic-example`` edited to ``origin=paper-values`` in a synthetic
    figure's label (its data, build key and pixels untouched): `figures which` said
    "cifar_summary (default, paper-values): current", and `figures pack`, which stops on a
    synthetic figure, packed it. The origin is its data's, read from the data."""
    from PIL import Image, PngImagePlugin

    from figures.outputs.build import build
    from figures.registry import BY_NAME

    monkeypatch.chdir(tmp_path)
    build([BY_NAME["cifar_summary"]], REPO / "figdata", tmp_path / "b", jobs=1)
    with Image.open(tmp_path / "b" / "cifar_summary.png") as built:
        label = PngImagePlugin.PngInfo()
        for key, value in built.text.items():
            label.add_text(key, value.replace("origin=synthetic-example", "origin=paper-values"))
        assert "origin=synthetic-example;" in built.text["fa-audit-figures"]
        built.save(tmp_path / "f.png", pnginfo=label)
    assert cli.main(["which", "f.png", "b/cifar_summary.png", *FIGDATA]) == 1
    assert capsys.readouterr().out == (
        "f.png: cifar_summary (default, paper-values): not what its label says: its label says "
        "origin=paper-values, but the data it was built from is synthetic-example (the label "
        "was edited): build and copy it again\n"
        "b/cifar_summary.png: cifar_summary (default, synthetic-example): current\n")


@pytest.mark.slow  # TeX's probe
def test_a_stop_once_the_files_are_written_names_them(tmp_path, monkeypatch, capsys):
    """A3: SIGTERM or Ctrl-C after sync had written every figure and macros.tex (in its
    second compile, or its check of the numbers) said "finished files are complete, the
    others were left as they were", naming none: whether the paper was synced was not told."""
    import os
    import signal

    from figures.numbers import texcheck

    monkeypatch.chdir(tmp_path)
    _paper(tmp_path)

    def stopped(*_args):
        os.kill(os.getpid(), signal.SIGINT)
        return []

    monkeypatch.setattr(texcheck, "check_tex", stopped)
    assert cli.main(["sync", "P", *FIGDATA, "--allow-synthetic"]) == 130
    assert capsys.readouterr().err.splitlines()[-1] == (
        "interrupted; finished, complete: figs/cifar_summary.pdf, macros.tex; the others were "
        "left as they were")
    assert (tmp_path / "P" / "macros.tex").is_file()


def test_main_naming_a_link_in_the_folder_is_read_as_the_search_reads_it(tmp_path):
    """A4: ``paper.tex``, a link in the paper's folder to a main file kept elsewhere, is the
    main file the search finds (sync worked); ``--main paper.tex``, naming that very file,
    said "--main: name a .tex file inside the paper's folder", which it is. A name outside
    (``../x/main.tex``, through a linked folder) is still refused."""
    from figures.errors import FigureDataError
    from figures.mainfile import find_main

    elsewhere = _paper(tmp_path) / "main.tex"
    paper = tmp_path / "Q"
    paper.mkdir()
    (paper / "paper.tex").symlink_to(elsewhere)
    (paper / "linked").symlink_to(elsewhere.parent)
    assert find_main(paper) == paper / "paper.tex"
    assert find_main(paper, "paper.tex") == paper / "paper.tex"
    for outside in ("../P/main.tex", "linked/main.tex", str(elsewhere)):
        with pytest.raises(FigureDataError, match=r"name a \.tex file inside the paper's folder"):
            find_main(paper, outside)


@pytest.mark.slow  # TeX's probe
def test_a_built_folder_that_is_none_is_told_of_built(tmp_path, monkeypatch, capsys):
    """A5: ``--built figs/cifar_summary.pdf`` (a file) or a typo'd folder said "no built
    figures here; run `figures build` first": followed, the build went to build/figures/ and
    the same --built failed again. The line names --built and both ways out."""
    monkeypatch.chdir(tmp_path)
    _paper(tmp_path)
    (tmp_path / "a.pdf").write_bytes(b"%PDF-1.4\n")
    for built, what in (("a.pdf", "not a"), ("nosuch", "no such")):
        assert cli.main(["sync", "P", "--built", built, *FIGDATA]) == 1
        assert capsys.readouterr().err == (
            f"error: {built}: --built: {what} folder: give the one `figures build --out DIR` "
            "wrote, or drop --built (build/figures/)\n")
    assert sorted(p.name for p in (tmp_path / "P").iterdir()) == ["main.tex"]
