"""A two-column paper compiled with real pdflatex: every figure of ours prints at 100 %, and
``figures check PAPER.pdf`` says when one does not (tests/papers/twocol/).

TeX Live is required, not optional: without latexmk these tests fail (CI installs it in
.ci/run)."""

from __future__ import annotations

import shutil

import pytest
from helpers import REPO, compiled_for_icml, latexmk

from figures.cli import main as cli
from figures.paper.audit import audit
from figures.venues import get_venue

pytestmark = pytest.mark.slow
PAPER = REPO / "tests" / "papers" / "twocol"
OURS = ("fig1_audit_hero", "cifar_summary", "cifar_feature_drift")


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """The sample paper synced for ICML and compiled once: (project root, paper, figdata)."""
    return compiled_for_icml(tmp_path_factory.mktemp("project"), PAPER)


def edited_copy(paper, tmp_path, old: str, new: str):
    """A copy of the compiled sample paper whose main.tex has ``old`` replaced by ``new``:
    the copy's folder and its main.tex."""
    copy = tmp_path / "paper"
    shutil.copytree(paper, copy)
    tex = copy / "main.tex"
    tex.write_text(tex.read_text().replace(old, new))
    return copy, tex


def check(capsys, paper, figdata, *extra):
    code = cli.main(["check", str(paper / "main.pdf"), "--venue", "icml", "--figdata",
                     str(figdata), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def check_edited(capsys, paper, figdata, tmp_path, old, new):
    """:func:`check` of a compiled copy of ``paper`` with ``old`` replaced by ``new``."""
    copy, _ = edited_copy(paper, tmp_path, old, new)
    latexmk(copy)
    return check(capsys, copy, figdata)


def test_every_figure_prints_at_100_percent_and_the_check_passes(compiled, capsys):
    _root, paper, figdata = compiled
    icml = get_venue("icml", None)
    result = audit(paper / "main.pdf", figdata, icml)
    placed = {item.name: item for item in result.placed}
    assert sorted(placed) == sorted(OURS)
    widths = {"fig1_audit_hero": 6.75, "cifar_summary": 3.25, "cifar_feature_drift": 3.25}
    for name, item in placed.items():
        assert item.state == "current", name
        assert item.scale == pytest.approx(1.0, abs=0.01), name
        assert item.width_in == pytest.approx(widths[name], abs=0.03), name
        assert item.smallest_text_pt >= icml.min_font_pt - 0.05, name
        assert item.thinnest_line_pt >= icml.min_line_pt - 0.005, name
    code, out, err = check(capsys, paper, figdata)
    assert code == 0, out + err
    assert "problem:" not in out


def test_a_hand_rescaled_include_is_flagged_with_its_printed_scale(compiled, capsys,
                                                                    tmp_path):
    _, paper, figdata = compiled
    code, out, _ = check_edited(capsys, paper, figdata, tmp_path,
                                r"[width=\columnwidth]{cifar_feature_drift}",
                                r"[width=0.7\columnwidth]{cifar_feature_drift}")
    assert code == 1
    [line] = [line for line in out.splitlines() if "printed at" in line]
    assert line.startswith("problem: cifar_feature_drift ")
    assert "printed at 70%" in line
    assert "2.275 in wide" in line


def test_a_figure_wider_than_the_text_is_flagged(compiled, capsys, tmp_path):
    _, paper, figdata = compiled
    code, out, _ = check_edited(capsys, paper, figdata, tmp_path,
                                r"[width=\linewidth]{fig1_audit_hero}",
                                r"[width=7.5in]{fig1_audit_hero}")
    assert code == 1
    assert any(line.startswith("problem: fig1_audit_hero (page 2): 7.5 in wide, wider than "
                               "icml's text (6.75 in)") for line in out.splitlines())


def test_a_figure_made_stale_after_the_compile_is_flagged(compiled, capsys, tmp_path):
    _, paper, figdata = compiled
    edited = tmp_path / "figdata"
    shutil.copytree(figdata, edited)
    path = edited / "fig1_audit_hero.json"
    path.write_text(path.read_text() + "\n")
    code, out, _ = check(capsys, paper, edited)
    assert code == 1
    [line] = [line for line in out.splitlines() if "stale" in line and "problem" in line]
    assert line.startswith("problem: fig1_audit_hero ")
    assert "fig1_audit_hero.json is not the data it was built from" in line


def test_a_foreign_figure_with_type3_fonts_is_flagged(compiled, capsys, tmp_path):
    from matplotlib.figure import Figure

    _, paper, figdata = compiled
    copy = tmp_path / "paper"
    shutil.copytree(paper, copy)
    fig = Figure(figsize=(3, 2))
    fig.add_subplot().set_title("someone else's plot")
    fig.savefig(copy / "figures" / "theirs.pdf", metadata={"Author": "Jane Doe"})  # Type 3
    tex = copy / "main.tex"
    tex.write_text(tex.read_text().replace(r"\end{document}",
                                           "\\includegraphics[width=3in]{theirs}\n"
                                           "\\end{document}"))
    latexmk(copy)
    code, out, _ = check(capsys, copy, figdata, "--anonymous")
    assert code == 1
    rows = [line for line in out.splitlines() if line.startswith("./figures/theirs.pdf")]
    assert rows
    assert "foreign" in rows[0]
    problems = [line for line in out.splitlines() if line.startswith("problem: ")]
    assert any("./figures/theirs.pdf: Type 3 font" in line for line in problems)
    assert any("'Jane Doe'" in line and "/Author" in line for line in problems)
    assert not any(line.startswith("problem: fig1_audit_hero") for line in problems)


def test_an_include_too_narrow_for_the_figures_design_is_one_line(compiled, capsys,
                                                                   tmp_path, monkeypatch):
    root, paper, figdata = compiled
    copy, _ = edited_copy(paper, tmp_path, r"[width=\columnwidth]{cifar_feature_drift}",
                          r"[width=0.4\columnwidth]{fig4_penalty_rescue}")
    macros = (copy / "macros.tex").read_bytes()
    monkeypatch.chdir(root)
    code = cli.main(["sync", str(copy), "--venue", "icml", "--allow-synthetic", "--figdata",
                     str(figdata)])
    out, err = capsys.readouterr()
    assert code == 1
    [row] = [line for line in out.splitlines() if line.startswith("fig4_penalty_rescue")]
    assert "main.tex:" in row
    # no build of fig4 under its smallest width (its module's SMALLEST_WIDTH_IN)
    from figures.registry import BY_NAME
    from figures.venues import get_venue

    smallest = BY_NAME["fig4_penalty_rescue"].smallest_width_in(get_venue("icml"))
    assert f"1.3 in is narrower than fig4_penalty_rescue's smallest width ({smallest:g} in): " \
        "write \\includegraphics[width=\\linewidth]{fig4_penalty_rescue} at main.tex:" in row
    assert not (copy / "figures" / "fig4_penalty_rescue.pdf").exists()
    assert (copy / "macros.tex").read_bytes() == macros  # all or nothing
    assert "(macros)" in out
    assert err.splitlines()[-1].startswith("nothing written (1 refused: all or nothing")


def test_png_includes_are_found_by_their_pixels_at_the_scale_they_print(compiled, capsys,
                                                                          tmp_path,
                                                                          monkeypatch):
    """pdfTeX keeps nothing of a PNG's label: the audit decodes the paper's images and knows
    ours by their pixels, the one synced at \\columnwidth at 100 %, a copy of it rescaled by
    hand at 60 %."""
    root, paper, figdata = compiled
    copy, tex = edited_copy(paper, tmp_path, r"[width=\columnwidth]{cifar_feature_drift}",
                            r"[width=\columnwidth]{cifar_feature_drift.png}")
    monkeypatch.chdir(root)  # the build states under root/build/ record the pixels
    assert cli.main(["sync", str(copy), "--venue", "icml", "--allow-synthetic", "--figdata",
                     str(figdata)]) == 0
    capsys.readouterr()
    tex.write_text(tex.read_text().replace(  # after the sync: the same file, by hand, smaller
        r"\end{document}", "\\includegraphics[width=0.6\\columnwidth]"
        "{figures/cifar_feature_drift.png}\n\\end{document}"))
    latexmk(copy)
    code, out, _ = check(capsys, copy, figdata)
    rows = [line.split() for line in out.splitlines() if line.startswith("cifar_feature_drift")]
    assert sorted((row[2], row[3], row[4]) for row in rows) == [("current", "100%", '3.25"'),
                                                                ("current", "60%", '1.95"')]
    problems = [line for line in out.splitlines() if line.startswith("problem: ")]
    assert len(problems) == 1, out
    assert problems[0].startswith("problem: cifar_feature_drift (page ")
    assert "cifar_feature_drift.png, by its pixels" in problems[0]
    assert "printed at 60% (1.95 in wide)" in problems[0]
    assert code == 1

    # rebuilt after the compile: the paper's pixels are an earlier build's, and stale
    edited = tmp_path / "figdata"
    shutil.copytree(figdata, edited)
    path = edited / "cifar_feature_drift.json"
    path.write_text(path.read_text().replace('"drift": [0.9613', '"drift": [0.5613', 1))
    tex.write_text(tex.read_text().replace("\\includegraphics[width=0.6", "%"))
    assert cli.main(["sync", str(copy), "--venue", "icml", "--allow-synthetic", "--figdata",
                     str(edited)]) == 0  # the paper's folder holds the new picture now
    capsys.readouterr()
    code, out, _ = check(capsys, copy, edited)
    states = [line.split()[2] for line in out.splitlines()
              if line.startswith("cifar_feature_drift")]
    assert states == ["stale", "stale"]
    assert any("cifar_feature_drift.json is not the data it was built from" in line
               for line in out.splitlines() if line.startswith("problem: cifar_feature_drift"))
    assert code == 1


def test_a_figure_drawn_on_many_pages_is_measured_and_judged_once(compiled, tmp_path,
                                                                   monkeypatch):
    """Hostile pass 6: a 300-page PDF of the paper's figure page took 24 s, each drawing of
    a figure parsed and its build key hashed anew."""
    from pypdf import PdfReader, PdfWriter

    from figures.paper import audit as audit_module

    _, paper, figdata = compiled
    reader = PdfReader(paper / "main.pdf")
    writer = PdfWriter(clone_from=reader)
    for _ in range(20):
        writer.add_page(reader.pages[1])
    writer.write(tmp_path / "long.pdf")
    calls = {"sizes": 0, "stale": 0}
    sizes, stale = audit_module.inner_sizes, audit_module.why_stale

    def counted(name, real):
        def call(*args, **kwargs):
            calls[name] += 1
            return real(*args, **kwargs)
        return call

    monkeypatch.setattr(audit_module, "inner_sizes", counted("sizes", sizes))
    monkeypatch.setattr(audit_module, "why_stale", counted("stale", stale))
    result = audit(tmp_path / "long.pdf", figdata, get_venue("icml", None))
    assert len(result.placed) == 3 * 21
    assert {item.state for item in result.placed} == {"current"}
    assert calls == {"sizes": 3, "stale": 3}


def test_the_anonymous_audit_reads_the_papers_xmp_and_annotations(tmp_path, capsys):
    """Issue 43: ``figures check PAPER.pdf --anonymous`` (and ``figures paper --anonymous``,
    the same audit) read only the figures' /PTEX entries, while ``figures pack --anonymous``
    read the paper's XMP and annotations too: two checks for one idea. One reading now: a
    name of ``\\author`` in hyperxmp's XMP (dc:creator, dc:rights) and a note's author
    (pdfcomment) are problems of the audit as of the pack."""
    paper = tmp_path / "paper"
    paper.mkdir()
    (paper / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{hyperref}\n\\usepackage{hyperxmp}\n"
        "\\usepackage{pdfcomment}\n\\hypersetup{pdfcopyright={Copyright Janet Smithson}}\n"
        "\\author{Janet Smithson}\n\\begin{document}\n"
        "Text.\\pdfcomment[author={Karl Weberling}]{check this}\n\\end{document}\n")
    latexmk(paper)
    code, out, _ = check(capsys, paper, REPO / "figdata", "--anonymous")
    problems = [line for line in out.splitlines() if line.startswith("problem: ")]
    assert code == 1, out
    assert any(line.startswith("problem: XMP metadata dc:creator: an author's name (Janet "
                               "Smithson)") for line in problems), out
    assert any(line.startswith("problem: XMP metadata dc:rights: ") for line in problems), out
    assert any(line.startswith("problem: an annotation's /T (page 1): an author's name (Karl "
                               "Weberling)") for line in problems), out
    code, out, _ = check(capsys, paper, REPO / "figdata")  # not asked: not read
    assert not [line for line in out.splitlines() if line.startswith("problem: ")], out
