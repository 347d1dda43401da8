"""Hostile round 23's reader rows: what the one LaTeX reader (figures/texread.py) misread, and
pack shipped under ``--anonymous``."""

from __future__ import annotations

import tarfile

import pytest
from helpers import figures_as_a_user

#: (the preamble's lines, ``sec/intro.tex``, what the archive's ``sec/intro.tex`` holds).
_PAPERS = {
    "C1": ("", ("\\begingroup\\catcode`\\%=12\n\\gdef\\pc{%}\n\\endgroup\n"
            "Accuracy rose by 5\\pc{} here. % SECRET reviewer 2 is Bob Jones\n"),
           ("\\begingroup\\catcode`\\%=12\n\\gdef\\pc{%}\n\\endgroup\n"
            "Accuracy rose by 5\\pc{} here. %\n")),
    "X2": ("\\usepackage{verbatim}\n\\newenvironment{notes}{\\comment}{\\endcomment}",
           ("Intro text here.\n\\begin{notes}\nPRIVATE NOTES: reviewer 2 is Bob Jones.\n"
            "\\end{notes}\nSecond paragraph VISIBLE here.\n"),
           "Intro text here.\nSecond paragraph VISIBLE here.\n"),
    "N5": ("\\usepackage[english]{babel}",
           ("\\iffalse\nOld intro: \\iflanguage{english}{Intro.}{Einleitung.}\n\\fi\n"
            "Intro text here, the index is \\verb|i % n| here.\n"),
           ("\\iffalse\nOld intro: \\iflanguage{english}{Intro.}{Einleitung.}\n\\fi\n"
            "Intro text here, the index is \\verb|i % n| here.\n")),
    "N6": ("\\newcommand{\\hidden}{\\iffalse}\n\\usepackage{listings}",
           ("\\hidden Old intro, dropped. \\fi\nIntro text here.\n\\begin{lstlisting}\n"
            "r = n % 3  # KEEPME printed\n\\end{lstlisting}\n"),
           ("\\hidden Old intro, dropped. \\fi\nIntro text here.\n\\begin{lstlisting}\n"
            "r = n % 3  # KEEPME printed\n\\end{lstlisting}\n")),
    "K1": ("\\usepackage{verbatim}",
           ("Intro text here.\n\\begin{comment}\n  Old intro, dropped.\n  \\end{comment}\n"
            "Second paragraph VISIBLE here.\n"),
           "Intro text here.\nSecond paragraph VISIBLE here.\n"),
    "K2": ("\\usepackage{comment}",
           ("Intro text here.\n\\begin{comment}\nOld intro, dropped.\n\\end{comment}\t\n"
            "PRIVATE NOTES: reviewer 2 is Bob Jones.\n\\end{comment}\n"
            "Second paragraph VISIBLE here.\n"),
           "Intro text here.\nSecond paragraph VISIBLE here.\n"),
}


@pytest.mark.slow  # pack compiles the paper and its archive
@pytest.mark.parametrize("row", list(_PAPERS))
def test_what_tex_hides_goes_and_what_it_prints_stays(tmp_path, row):
    r"""Round 23 (C1, X2, N5, N6, K1, K2): a comment after ``\begingroup\catcode`\%=12 \gdef\pc{%}
    \endgroup`` (C1) and the notes of a ``\newenvironment{notes}{\comment}{\endcomment}``
    (X2) shipped under ``--anonymous``, warnings 0; a ``\verb`` after an ``\iffalse``
    holding babel's ``\iflanguage{..}`` (N5) was cut and the paper refused; an ``\iffalse``
    in a definition (N6) left ``\usepackage{listings}`` unread and a listing's printed
    ``% 3`` was cut; verbatim.sty's ``comment`` ended by an indented ``\end{comment}`` (K1)
    was packed whole with a warning (before: its printed text cut), and comment.sty's with a
    tab after an ``\end{comment}`` (K2) with its notes. Each archive holds
    what TeX prints, no more, with no warning; but N5's ``\iffalse`` block, which ships as
    TeX reads it, is one warning under ``--anonymous`` since round 27 (IFF)."""
    preamble, intro, packed = _PAPERS[row]
    (tmp_path / "p" / "sec").mkdir(parents=True)
    (tmp_path / "p" / "main.tex").write_text(
        f"\\documentclass{{article}}\n{preamble}\n\\author{{Anonymous}}\n\\begin{{document}}\n"
        "\\input{sec/intro}\n\\end{document}\n")
    (tmp_path / "p" / "sec" / "intro.tex").write_text(intro)
    ran = figures_as_a_user(tmp_path, "pack", "p", "--anonymous", "--out", "p.tar.gz",
                            timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    # N5's \iffalse block ships (TeX reads it); since round 27 (IFF) --anonymous says so
    told = 1 if row == "N5" else 0
    assert ran.stderr.splitlines()[-1].endswith(f"warnings: {told}"), ran.stderr
    if told:
        assert "warning: sec/intro.tex:1: \\iffalse Old intro: " in ran.stderr, ran.stderr
    with tarfile.open(tmp_path / "p.tar.gz") as archive:
        assert archive.extractfile("sec/intro.tex").read().decode() == packed
