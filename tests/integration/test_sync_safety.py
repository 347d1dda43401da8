"""``figures sync`` never harms the paper (issue 32): an image that is not ours, the file
pdflatex really reads, an unwritable target, an unmarked synthetic build, an unknown venue."""

from __future__ import annotations

import dataclasses
import shutil
import stat

import pytest
from helpers import run_sync, sync_project, tex

from figures.cli import main as cli

pytestmark = pytest.mark.slow

MAIN_TEX = r"""\documentclass{article}
\usepackage{graphicx}
\graphicspath{{figs/}}
\input{macros}
\begin{document}
\includegraphics[width=\linewidth]{fig1_audit_hero}
\includegraphics{plots/cifar_summary.png}
\end{document}
"""


@pytest.fixture
def project(tmp_path, reference_build):
    return sync_project(tmp_path, reference_build, MAIN_TEX)


def sync(capsys, paper, figdata, built, *extra):
    return run_sync(capsys, paper, figdata, built, "--allow-synthetic", *extra)


def row_of(out: str, figure: str) -> str:
    return next(line for line in out.splitlines() if line.startswith(figure))


def files_of(folder):
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def relabelled(pdf, out, **fields):
    """``pdf`` with other provenance fields (an older build of ours, or another figure's)."""
    from pypdf import PdfReader, PdfWriter

    from figures.outputs import provenance

    reader = PdfReader(pdf)
    writer = PdfWriter(clone_from=reader)
    values = {**provenance.read(pdf), **fields}
    writer.add_metadata({"/Title": values["figure"], "/Keywords": provenance.encode(values)})
    writer.add_metadata({"/Author": "an older build"})  # other bytes, the same drawing
    with out.open("wb") as handle:
        writer.write(handle)
    return out


def test_an_image_that_is_not_ours_is_kept_unless_asked_and_then_backed_up(project, capsys):
    paper, figdata, built = project
    theirs = paper / "figs" / "fig1_audit_hero.pdf"
    theirs.write_bytes(b"%PDF-1.4 the author's own drawing\n")
    before = files_of(paper)
    code, out, err = sync(capsys, paper, figdata, built)
    assert code == 1
    row = row_of(out, "fig1_audit_hero")
    assert "figs/fig1_audit_hero.pdf is not ours" in row
    assert "--overwrite-theirs (it is then kept as figs/fig1_audit_hero.pdf.bak)" in row
    assert files_of(paper) == before  # all or nothing: not the PNG, not the macros either
    assert "held, not written" in row_of(out, "cifar_summary")

    code, out, err = sync(capsys, paper, figdata, built, "--overwrite-theirs")
    assert code == 0, out + err
    assert "theirs figs/fig1_audit_hero.pdf kept as figs/fig1_audit_hero.pdf.bak" in \
        row_of(out, "fig1_audit_hero")
    assert theirs.read_bytes() == (built / "fig1_audit_hero.pdf").read_bytes()
    assert (paper / "figs" / "fig1_audit_hero.pdf.bak").read_bytes() == \
        b"%PDF-1.4 the author's own drawing\n"


def test_an_older_build_of_ours_is_replaced_without_a_backup(project, capsys, tmp_path):
    paper, figdata, built = project
    relabelled(built / "fig1_audit_hero.pdf", paper / "figs" / "fig1_audit_hero.pdf",
               **{"build-key": "0" * 64})
    code, out, err = sync(capsys, paper, figdata, built)
    assert code == 0, out + err
    assert (paper / "figs" / "fig1_audit_hero.pdf").read_bytes() == \
        (built / "fig1_audit_hero.pdf").read_bytes()
    assert not list(paper.rglob("*.bak"))


def test_without_an_extension_the_format_pdflatex_tries_first_is_written(project, capsys):
    """\\DeclareGraphicsExtensions puts .png first: the PNG is written, never a PDF beside it
    that pdflatex would not read."""
    paper, figdata, built = project
    (paper / "main.tex").write_text(MAIN_TEX.replace(
        "\\graphicspath", "\\DeclareGraphicsExtensions{.png,.pdf}\n\\graphicspath"))
    code, out, err = sync(capsys, paper, figdata, built)
    assert code == 0, out + err
    assert (paper / "figs" / "fig1_audit_hero.png").read_bytes() == \
        (built / "fig1_audit_hero.png").read_bytes()
    assert not (paper / "figs" / "fig1_audit_hero.pdf").exists()


def test_a_file_pdflatex_would_read_before_ours_is_moved_aside_or_refused(project, capsys):
    """Issue 32: a PNG copied beside an older PDF that pdflatex still picks first."""
    paper, figdata, built = project
    (paper / "main.tex").write_text(MAIN_TEX.replace("plots/cifar_summary.png",
                                                     "cifar_summary"))
    older = paper / "figs" / "cifar_summary.pdf"
    older.write_bytes(b"%PDF-1.4 an old picture of the author's\n")
    code, out, _ = sync(capsys, paper, figdata, built)
    assert code == 1
    row = row_of(out, "cifar_summary")
    assert "pdflatex reads figs/cifar_summary.pdf first" in row
    assert "not ours" in row
    assert not (paper / "figs" / "cifar_summary.png").exists()

    code, out, _ = sync(capsys, paper, figdata, built, "--overwrite-theirs")
    assert code == 0, out
    assert "figs/cifar_summary.pdf, which pdflatex read first kept as " \
        "figs/cifar_summary.pdf.bak" in row_of(out, "cifar_summary")
    assert not older.exists()  # pdflatex now reads our PNG
    assert (paper / "figs" / "cifar_summary.png").is_file()

    # a leftover of ours (an earlier venue build's PDF) is moved aside without asking
    shutil.move(paper / "figs" / "cifar_summary.pdf.bak", paper / "theirs.bak")
    relabelled(built / "fig1_audit_hero.pdf", older, figure="cifar_summary")
    code, out, _ = sync(capsys, paper, figdata, built)
    assert code == 0, out
    assert "our old figs/cifar_summary.pdf" in row_of(out, "cifar_summary")
    assert not older.exists()


@pytest.fixture
def read_only(project):
    folder = project[0] / "figs"
    folder.chmod(0o555)
    yield folder
    folder.chmod(0o755)


def test_an_unwritable_target_is_one_row_and_nothing_is_written(project, capsys, read_only):
    """Issue 32: one unwritable target stopped the whole sync with a single line."""
    paper, figdata, built = project
    (paper / "plots").write_text("a file where a folder must be")
    before = files_of(paper)
    code, out, err = sync(capsys, paper, figdata, built)
    assert code == 1
    assert "the folder figs is read-only" in row_of(out, "fig1_audit_hero")
    assert row_of(out, "cifar_summary").endswith(  # round 48a (P15): what to do, too
        "plots is a file, not a folder: plots/cifar_summary.png cannot be made there: rename "
        "or move that file (or change the include's folder), then sync again")
    assert "held, not written" in row_of(out, "(macros)")
    assert err.splitlines()[-1].startswith("nothing written (2 refused: all or nothing")
    assert files_of(paper) == before


def test_a_read_only_file_is_refused(project, capsys):
    paper, figdata, built = project
    locked = paper / "figs" / "fig1_audit_hero.pdf"
    relabelled(built / "fig1_audit_hero.pdf", locked, **{"build-key": "0" * 64})
    locked.chmod(0o444)
    code, out, _ = sync(capsys, paper, figdata, built)
    assert code == 1
    assert "figs/fig1_audit_hero.pdf is read-only" in row_of(out, "fig1_audit_hero")
    assert not (paper / "macros.tex").exists()


def test_a_write_that_fails_midway_reports_each_row(project, capsys, monkeypatch):
    """Checked first, a write can still fail (a full disk): it stops there, the macros are
    not written, and each row says what was written."""
    paper, figdata, built = project
    import figures.paper.write as paper_write

    real = shutil.copyfile
    calls = []

    def copyfile(source, target):
        calls.append(source)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return real(source, target)

    monkeypatch.setattr(paper_write.shutil, "copyfile", copyfile)
    code, out, err = sync(capsys, paper, figdata, built)
    assert code == 1
    assert row_of(out, "fig1_audit_hero").split()[2] == "copy"  # written
    assert "FAILED: No space left on device" in row_of(out, "cifar_summary")
    assert "not written: stopped after cifar_summary.png failed" in row_of(out, "(macros)")
    assert err.splitlines()[-1].startswith("a write failed: 1 of 3 file(s) written")
    assert (paper / "figs" / "fig1_audit_hero.pdf").is_file()
    assert not (paper / "plots" / "cifar_summary.png").exists()
    assert not (paper / "macros.tex").exists()


def test_a_synthetic_build_without_its_mark_never_goes_into_the_paper(project, capsys,
                                                                      tmp_path):
    paper, figdata, _ = project
    from figures.outputs.build import build
    from figures.outputs.kind import DEFAULT
    from figures.registry import BY_NAME

    unmarked = tmp_path / "unmarked"
    [result] = build([BY_NAME["cifar_summary"]], figdata, unmarked,
                     dataclasses.replace(DEFAULT, stamp=False))
    assert result.status == "built"
    (paper / "main.tex").write_text(MAIN_TEX.replace(
        "\\includegraphics[width=\\linewidth]{fig1_audit_hero}\n", ""))
    code, out, _ = sync(capsys, paper, figdata, unmarked)
    assert code == 1
    row = row_of(out, "cifar_summary")
    assert "built with --no-stamp" in row
    assert "--allow-synthetic or not" in row
    assert "without --no-stamp" in row
    assert not (paper / "plots").exists()


@pytest.mark.parametrize("extra", [[], ["--default-build"], ["--built", "build/figures"]])
def test_an_unknown_venue_names_the_known_ones(project, capsys, extra):
    paper, figdata, _ = project
    code = cli.main(["sync", str(paper), "--figdata", str(figdata), "--venue", "nips", *extra])
    _, err = capsys.readouterr()
    assert code == 2
    [line] = err.splitlines()
    assert "unknown venue 'nips'" in line
    assert "neurips" in line
    assert "--venues FILE" in line
    assert "figures build" not in line


def test_an_explicit_pdf_of_a_png_only_figure_is_one_line(project, capsys):
    paper, figdata, built = project
    (paper / "main.tex").write_text(MAIN_TEX.replace("cifar_summary.png", "cifar_summary.pdf"))
    code, out, _ = sync(capsys, paper, figdata, built)
    assert code == 1
    row = row_of(out, "cifar_summary")
    assert "cifar_summary is built as png here, not .pdf" in row
    assert "--venue V" in row
    # Round 42a (A37): the edit named at the include's line (the row named only the file)
    line = next(n for n, text in enumerate(MAIN_TEX.splitlines(), 1) if "cifar_summary" in text)
    assert f"write {{plots/cifar_summary.png}} (or no extension) at main.tex:{line}" in \
        " ".join(row.split()), row


def test_paths_resolve_from_the_main_tex_found_in_the_folder_given(project, capsys):
    """Syncing the repository root above the paper writes into the paper, not the root."""
    paper, figdata, built = project
    code, out, err = sync(capsys, paper.parent, figdata, built)
    assert code == 0, out + err
    assert (paper / "figs" / "fig1_audit_hero.pdf").is_file()
    assert (paper / "macros.tex").is_file()
    assert not (paper.parent / "macros.tex").exists()
    assert not (paper.parent / "figs").exists()


def test_read_only_mode_bits_are_honoured_for_root_too(project):
    from figures.paper.write import unwritable

    paper = project[0]
    target = paper / "figs" / "x.pdf"
    assert unwritable(target, paper) is None
    (paper / "figs").chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        assert "read-only" in unwritable(target, paper)
    finally:
        (paper / "figs").chmod(0o755)


def test_synthetic_values_are_refused_per_macro_and_a_paper_of_real_ones_compiles(
        project, capsys):
    """One synthetic figure made the whole macros.tex refused: a paper quoting only real
    values could not compile. Now each synthetic value is a LaTeX error macro."""
    paper, figdata, built = project
    (paper / "main.tex").write_text(
        "\\documentclass{article}\n\\input{macros}\n\\begin{document}\n"
        "BP reaches \\heroAccBP accuracy.\n\\end{document}\n")
    code = cli.main(["sync", str(paper), "--figdata", str(figdata), "--built", str(built)])
    out, _ = capsys.readouterr()
    assert code == 0, out
    row = row_of(out, "(macros)")
    assert row.split()[2] == "write"
    assert "\\cifarAccBPMean" in row  # named: synthetic, not written as a value
    macros = (paper / "macros.tex").read_text()
    assert "\\newcommand{\\heroAccBP}{61.5\\%\\xspace}" in macros
    assert "SYNTHETIC EXAMPLE DATA, not a result" in macros
    tex(paper, "pdflatex", "-interaction=nonstopmode", "-halt-on-error", "main.tex")

    # a text that quotes a synthetic value: the sync refuses it (and the compile would fail
    # loudly, naming the macro)
    (paper / "main.tex").write_text((paper / "main.tex").read_text().replace(
        "accuracy.", "accuracy, CIFAR \\cifarAccBPMean.", 1))
    code = cli.main(["sync", str(paper), "--figdata", str(figdata), "--built", str(built)])
    out, _ = capsys.readouterr()
    assert code == 1
    assert "main.tex:4: \\cifarAccBPMean quotes a SYNTHETIC EXAMPLE value" in \
        row_of(out, "(macros)")
    assert "Package fa-audit-figures Error: \\cifarAccBPMean is SYNTHETIC" in \
        tex(paper, "pdflatex", "-interaction=nonstopmode", "-halt-on-error", "main.tex",
            ok=False)


def test_a_file_outside_the_paper_that_pdflatex_reads_first_is_never_moved(project, capsys,
                                                                           tmp_path):
    paper, figdata, built = project
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "cifar_summary.pdf").write_bytes(b"%PDF-1.4 a shared picture\n")
    (paper / "main.tex").write_text(MAIN_TEX.replace("{{figs/}}", "{{figs/}{../shared/}}")
                                    .replace("plots/cifar_summary.png", "cifar_summary"))
    relabelled(built / "fig1_audit_hero.pdf", paper / "figs" / "cifar_summary.pdf",
               figure="cifar_summary")  # ours, found first; the shared PDF comes next
    code, out, _ = sync(capsys, paper, figdata, built, "--overwrite-theirs")
    assert code == 1
    assert "is outside the paper's folder" in row_of(out, "cifar_summary")
    assert (shared / "cifar_summary.pdf").read_bytes() == b"%PDF-1.4 a shared picture\n"
    assert (paper / "figs" / "cifar_summary.pdf").is_file()
