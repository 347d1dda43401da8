"""Round 48b: what an anonymous review copy still says of its authors, on its pages or in
its notes (K20: a margin note's author field; K8: a figure's drawn text)."""

from __future__ import annotations

import pytest
from helpers import REPO, run, write_files

PAPER = ("\\documentclass{article}\n%s\n\\author{Anonymous}\n\\begin{document}\n"
         "Text. %s\n\\end{document}\n")


def _pack(capsys, paper):
    return run(capsys, "pack", str(paper), "--out", str(paper.parent / "p.tar.gz"),
               "--figdata", str(REPO / "figdata"), "--anonymous")


@pytest.mark.slow  # TeX
def test_a_printed_todo_author_stops_the_anonymous_pack(tmp_path, capsys):
    """Round 48b (K20): todonotes' ``\\todo[author=Karl Weberling]{..}`` printed the name in
    the margin of the review copy and passed with warnings: 0, where pdfcomment's author=
    stops the pack; now it stops, at the note's line."""
    paper = write_files(tmp_path / "p", {"main.tex": PAPER % (
        "\\usepackage{todonotes}", "\\todo[author=Karl Weberling]{check this claim}")})
    code, _, err = _pack(capsys, paper)
    assert code == 1, err
    assert err.splitlines()[-1] == (
        "error: main.tex:5: a note's author field (todonotes' \\todo[author=Karl "
        "Weberling]) names Karl Weberling, printed on page 1 of the review copy: leave it "
        "out of the anonymous version (or write a role: author=Reviewer); the anonymous "
        "pack stops"), err
    assert not (tmp_path / "p.tar.gz").exists()


@pytest.mark.slow  # TeX
@pytest.mark.parametrize(("preamble", "note", "warned"), [
    ("\\usepackage{changes}\\definechangesauthor[name={Janet Smithson}, color=orange]{JS}",
     "\\added[id=JS]{new sentence}",
     ("main.tex:2: a note's author field (changes' \\definechangesauthor[name=Janet "
      "Smithson]) names Janet Smithson, shipped in the source though the pages do not print "
      "it: leave it out of the anonymous version")),
    ("\\usepackage{todonotes}", "\\todo[author=Reviewer]{check this claim}", None)])
def test_a_note_author_the_pages_do_not_print_is_a_warning(tmp_path, capsys, preamble, note,
                                                           warned):
    """Round 48b (K20): changes' ``name={Janet Smithson}`` (printed by ``\\listofchanges``
    alone) shipped in the anonymous archive with warnings: 0; now a warning at its line. A
    role (``author=Reviewer``), printed, names no one: no word."""
    paper = write_files(tmp_path / "p", {"main.tex": PAPER % (preamble, note)})
    code, _, err = _pack(capsys, paper)
    assert code == 0, err
    if warned:
        assert f"warning: {warned}" in err.splitlines(), err
    else:
        assert err.splitlines()[-1].endswith("warnings: 0"), err


def _stamped(path, fonttype: int) -> None:
    """A figure not ours as a lab's script stamps it: a 6 pt footer with a home folder's path
    and an e-mail address, a name and address in white, another off the page."""
    import matplotlib.pyplot as plt

    with plt.rc_context({"pdf.fonttype": fonttype}):
        fig, ax = plt.subplots(figsize=(3, 2))
        ax.plot([0, 1], [0, 1])
        fig.text(1.5, 1.5, "outside: Janet Smithson jsmith@mit.edu")
        fig.text(0.1, 0.5, "white: Karl Weberling kweber@mit.edu", color="white")
        fig.text(0.02, 0.02, "/home/jsmith/runs/exp3 jsmith@mit.edu", fontsize=6)
        fig.savefig(path)
        plt.close(fig)


@pytest.mark.slow  # TeX
def test_an_address_drawn_in_a_figure_is_told(tmp_path, capsys):
    """Round 48b (K8): a figure not ours whose drawn text holds e-mail addresses and a home
    folder's path (matplotlib's fonttype 42 and 3: glyph codes, no byte of the file spells
    them) shipped under --anonymous with no word, though the review page's text holds them;
    now each figure is named with what its text prints."""
    paper = write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\author{Anonymous}\n"
        "\\begin{document}\nText.\n\\includegraphics[width=5cm]{figs/plot42}\n"
        "\\includegraphics[width=5cm]{figs/plot3}\n\\end{document}\n")})
    (paper / "figs").mkdir()
    for fonttype in (42, 3):
        _stamped(paper / "figs" / f"plot{fonttype}.pdf", fonttype)
    code, _, err = _pack(capsys, paper)
    assert code == 0, err
    for fonttype in (42, 3):
        assert (f"warning: figs/plot{fonttype}.pdf: its drawn text prints an e-mail address "
                "(jsmith@mit.edu) on page 1, an e-mail address (kweber@mit.edu) on page 1, a "
                "home folder's path (/home/jsmith) on page 1 of the review copy (white, tiny or "
                "off the page, a reader still finds and copies it; no byte of the file spells "
                "it): redraw the figure without it for review") in err.splitlines(), err
