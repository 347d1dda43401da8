"""Round 47 (P9, round 47a): a UTF-8 main file with stray NUL bytes (what a crash or a
half-synced cloud folder leaves) was told to be UTF-16 and "saved as UTF-8"."""

from __future__ import annotations

from helpers import REPO

from figures.cli import main as cli


def test_stray_nul_bytes_in_a_utf8_paper_are_named_by_their_line(tmp_path, monkeypatch, capsys):
    """The file is found as the main file (its ``\\documentclass`` whole), and the line
    names where the NUL bytes are and what to do, not a re-save of a UTF-8 file."""
    paper = tmp_path / "paper"
    (paper / "figures").mkdir(parents=True)
    (paper / "main.tex").write_bytes(
        b"\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
        b"Hi\x00 there.\x00\n\\begin{figure}\\includegraphics[width=\\linewidth]"
        b"{figures/cifar_summary}\\end{figure}\n\x00\x00\x00 Value.\n\\end{document}\n")
    monkeypatch.chdir(tmp_path)
    code = cli.main(["sync", str(paper), "-n", "--allow-synthetic", "--figdata",
                     str(REPO / "figdata")])
    said = capsys.readouterr()
    assert "UTF-16" not in said.out + said.err
    assert code == 0, said.out + said.err
    assert "would copy build/" in said.out
    assert (f"warning: {paper / 'main.tex'}: holds NUL bytes (the first on line 4; TeX stops "
            "at one outside a comment): delete them (its numbers are not checked)") in \
        said.err.splitlines()  # round 48a (P7): "where TeX stops ... (not read)" was untrue of
    # a NUL in a comment, and read as if main.tex were skipped: check-tex's scan is what is not
