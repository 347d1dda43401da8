"""Hostile round 28's pack row mended on the golden branch (issue 45): a figure's metadata
author that is a tool's default, or an account's word, told as a name the paper prints (S1).
The pass itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import matplotlib.pyplot as plt
import pytest
from helpers import figures_as_a_user, write_files

from figures.paper.disclosure import printed_on


@pytest.mark.parametrize(("author", "text", "said"), [
    ("Microsoft Office User", "We train on Microsoft COCO. User studies confirm it.", None),
    ("microsoft office user", "Microsoft Office User", None),
    ("Windows User", "Windows users saw it.", None),
    ("Microsoft account", "Sign in with a Microsoft account.", None),
    ("Preferred Customer", "Our preferred customer data.", None),
    ("runner", "Our runner script is released. Runner logs are kept.", None),
    ("builder", "The graph builder runs first.", None),
    ("jsmith", "The jsmith baseline is ours.", None),  # a lowercase word in prose
    # the true positives stay told
    ("Alice Smith", "Thanks to Alice Smith for the data.", ("Alice Smith", 1)),
    ("Alice Smith", "Smith et al. (2020) showed it.", ("Smith", 1)),
    ("jsmith", "Code: github.com/jsmith/repo.", ("jsmith", 1)),
    ("jsmith", "Write to jsmith@ not here.", ("jsmith", 1)),
    ("Machine Learning Group", "Thanks to the Machine Learning Group.",
     ("Machine Learning Group", 1)),
    ("Microsoft Research", "Funded by Microsoft Research.", ("Microsoft Research", 1)),
])
def test_a_tools_default_author_is_no_printed_name(author, text, said):
    """Round 28 (S1): ``/Author (Microsoft Office User)`` (Office for Mac's default) beside
    "Microsoft COCO" was told as 'Microsoft' (the default split into its words), and
    ``/Author (runner)`` (GitHub Actions' account) beside "our runner script" as 'runner'. A
    tool's default is matched whole and names no one; a lowercase account's word counts only
    as a path's, handle's or address's part, not as a word of prose. Names stay told."""
    assert printed_on(author, [text]) == said


def _plot(path, author: str) -> None:
    figure = plt.figure(figsize=(2, 1.5))
    figure.gca().plot([1, 2, 3])
    figure.savefig(path, metadata={"Author": author})
    plt.close(figure)


@pytest.mark.slow  # TeX compiles the archive
@pytest.mark.parametrize(("author", "text", "told"), [
    ("Microsoft Office User", ("We train on Microsoft COCO and report mAP. User studies "
                               "confirm it."), None),
    ("runner", ("Our runner script and the Jupyter notebooks are released. Runner logs are "
                "kept."), None),
    ("Alice Smith", "We thank Alice Smith for the data.", "Alice Smith"),
], ids=["office", "runner", "control"])
def test_pack_anonymous_does_not_warn_of_a_tools_default_author(tmp_path, author, text,
                                                                 told):
    """Round 28 (S1): ``pack --anonymous`` of M1 and M3 warned "'Microsoft' (its /Author) is
    printed on page 1 of the archive by the paper's text" and the same of 'runner'; neither
    names a person. Now nothing is said of them; a name the text prints is still told."""
    write_files(tmp_path / "M", {"main.tex": (
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
        f"{text}\n\n\\includegraphics[width=4cm]{{plot.pdf}}\n\\end{{document}}\n")})
    _plot(tmp_path / "M" / "plot.pdf", author)
    ran = figures_as_a_user(tmp_path, "pack", "M", "--anonymous", "--out", "M.tar.gz",
                            timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    if told is None:
        assert "(its /Author)" not in ran.stderr, ran.stderr
    else:
        assert (f"warning: plot.pdf: {told!r} (its /Author) is printed on page 1 of the "
                "archive by the paper's text") in ran.stderr, ran.stderr
