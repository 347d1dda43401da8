"""The probe's own text and limits (issue 44): what TeX writes of a paper is read back true
whatever bytes its names hold, wherever the temporary folder is, however many folders sit
beside it; and a compile that stops says the true reason, once."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from figures.errors import LatexError
from figures.paper.engine import ask_tex

pytestmark = pytest.mark.slow  # each compiles TeX


def _paper(root: Path, body: str, preamble: str = "") -> Path:
    root.mkdir(parents=True, exist_ok=True)
    main = root / "main.tex"
    main.write_bytes(("\\documentclass{article}\n\\usepackage{graphicx}\n" + preamble +
                      "\\begin{document}\n" + body + "\n\\end{document}\n").encode("latin-1"))
    return main


def test_a_bar_in_a_file_name_is_read_back_whole(tmp_path):
    main = _paper(tmp_path / "paper", "\\includegraphics[width=3in]{figs/a|b}\n"
                  "\\includegraphics[width=2in]{cifar_summary}")
    [bar, summary] = ask_tex(main).graphics
    assert (bar.written, bar.line, bar.printed.width_in) == ("figs/a|b", 4, 3.0)
    assert (summary.written, summary.line) == ("cifar_summary", 5)


def test_a_latin1_graphicspath_is_the_folder_of_those_bytes(tmp_path):
    main = _paper(tmp_path / "paper", "\\includegraphics{cifar_summary}",
                  "\\graphicspath{{f\xefgs/}}\n")
    paper = ask_tex(main)
    folder = tmp_path / "paper" / os.fsdecode(b"f\xefgs")
    assert paper.graphicspath == [folder]
    assert paper.graphics[0].path == [folder]


def test_an_include_inside_an_argument_has_the_line_of_the_include(tmp_path):
    main = _paper(tmp_path / "paper", "\\resizebox{\\textwidth}{!}{%\n\\begin{tabular}{c}\n"
                  "\\includegraphics{cifar_summary}\\\\\n\\end{tabular}%\n}")
    [include] = ask_tex(main).graphics
    assert (include.line, include.tex_line) == (6, 8)


def test_the_factor_a_wrapper_scales_an_include_by_is_read_through_nesting(tmp_path):
    """\\scalebox, \\resizebox and adjustbox (each graphics' \\Gscale@box) multiply the
    box each include prints at; one outside any wrapper is at its box."""
    main = _paper(tmp_path / "paper", "\\scalebox{0.5}{\\resizebox{3in}{!}{"
                  "\\includegraphics[width=2in]{example-image}}}\n"
                  "\\adjustbox{width=1in}{\\includegraphics[width=2in]{example-image-a}}\n"
                  "\\includegraphics[width=2in]{example-image-b}", "\\usepackage{adjustbox}\n")
    scales = [round(g.printed.scale, 3) for g in ask_tex(main).graphics]
    assert scales == [0.75, 0.5, 1.0]

def test_a_missing_image_with_a_width_is_a_box_of_it_so_a_resizebox_factor_is_true(tmp_path):
    """An include whose file sync has not written yet is a box of its ``width=`` (issue 44:
    llncs's third probe): a ``\\resizebox{W}{!}``'s factor, from widths only, is the
    paper's at once (1.5, not 3 as with an empty box). A factor that a missing image's
    height or natural size decides (``\\resizebox{!}{H}``, no ``width=``) is not read until
    the file is there (sync probes again). Round 42 (A49): a ``\\scalebox``'s factor is its
    own whatever it holds, so around a ``\\resizebox{W}{!}`` of includes with ``width=`` it
    is the paper's too (0.75; it was read as 1 and the include refused on its own box)."""
    for name, wrapped, scale in (
            ("width", "\\resizebox{3in}{!}{%s}", 1.5),
            ("nested", "\\resizebox{4.5in}{!}{\\resizebox{3in}{!}{%s}}", 2.25),
            ("height", "\\resizebox{!}{1in}{%s}", 1.0),
            ("scaled", "\\scalebox{0.5}{\\resizebox{3in}{!}{%s}}", 0.75)):
        main = _paper(tmp_path / name, wrapped % ("\\includegraphics[width=1in]"
                      "{example-image}\\includegraphics[width=1in]{not-there-yet}"))
        scales = [round(g.printed.scale, 3) for g in ask_tex(main).graphics]
        assert scales == [scale, scale], name
        assert ask_tex(main).graphics[1].printed.box[0] == pytest.approx(1.0, abs=1e-3)
    main = _paper(tmp_path / "natural", "\\resizebox{3in}{!}{\\includegraphics[width=1in]"
                  "{example-image}\\includegraphics{not-there-yet}}")
    assert [g.printed.scale for g in ask_tex(main).graphics] == [1.0, 1.0]


def test_300_folders_beside_an_included_chapter_compile(tmp_path):
    paper = tmp_path / "paper"
    for n in range(300):
        (paper / f"d{n:03d}").mkdir(parents=True)
    (paper / "zz").mkdir()
    (paper / "zz" / "chapter.tex").write_text("\\includegraphics{cifar_summary}\n")
    main = _paper(paper, "\\include{zz/chapter}")
    [include] = ask_tex(main).graphics
    assert (include.tex, include.line) == (paper / "zz" / "chapter.tex", 1)


def test_tex_special_characters_in_tmpdir_do_not_cut_the_command_line(tmp_path, monkeypatch):
    odd = tmp_path / "t%m#p~x"
    odd.mkdir()
    monkeypatch.setenv("TMPDIR", str(odd))
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", None)
    main = _paper(tmp_path / "paper", "\\includegraphics[width=2in]{cifar_summary}")
    [include] = ask_tex(main).graphics
    assert include.printed.width_in == 2.0


def test_a_read_from_the_terminal_is_named_not_a_missing_figure(tmp_path):
    main = _paper(tmp_path / "paper", "\\includegraphics{cifar_summary}\n\\read16 to\\x")
    with pytest.raises(LatexError) as raised:
        ask_tex(main)
    said = str(raised.value)
    assert "cannot \\read from terminal in nonstop modes" in said
    assert "cifar_summary" not in said


def test_a_missing_package_is_named(tmp_path):
    main = _paper(tmp_path / "paper", "\\includegraphics{cifar_summary}",
                  "\\usepackage{nosuchpackage}\n")
    assert ask_tex(main).unresolved == [(
        "main.tex:3: loads nosuchpackage.sty, which this TeX Live does not have (read as "
        "empty): install it, or put it beside main.tex")]
    stops = _paper(tmp_path / "stops", "\\read16 to\\x", "\\usepackage{nosuchpackage}\n")
    with pytest.raises(LatexError, match=r"\(main.tex:5: Emergency stop \(cannot \\read from "
                       r"terminal in nonstop modes\); not in this TeX Live, read as empty: "
                       r"nosuchpackage.sty\)"):
        ask_tex(stops)


def test_a_paper_that_prints_forever_is_stopped_at_the_cap_in_one_line(tmp_path):
    from figures.runner import OUTPUT_CAP

    main = _paper(tmp_path / "paper", "\\def\\x{\\message{" + "a" * 200 + "}\\x}\\x")
    with pytest.raises(LatexError, match=rf"pdflatex printed over {OUTPUT_CAP >> 20} MiB and "
                       "was stopped: does the paper compile by hand"):
        ask_tex(main, timeout=120)
