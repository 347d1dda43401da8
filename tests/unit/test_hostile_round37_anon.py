"""Hostile round 37's anonymity rows (K4, K5): what ``pack --anonymous`` tells of a home
path (and each other kind) in the packed sources. The reading: figures/pack/anonymity.py with
the patterns of figures/paper/disclosure.py; end to end at the bottom."""

from __future__ import annotations

import pytest
from helpers import anonymous_paper, packed

from figures.pack.anonymity import in_sources

_TOLD = "in the packed source: the archive discloses {}; remove {} for review"


def _said(tmp_path, source: bytes, authors: tuple[str, ...] = (), name: str = "main.tex"
          ) -> list[str]:
    return in_sources({name: source}, list(authors), tmp_path / "paper")


def test_every_home_path_of_a_file_is_told(tmp_path):
    r"""Round 37 (K4): ``\verb|C:\Users\alice\data|`` on line 11 and ``D:\Users\bob.jones\runs``
    in a verbatim on line 13: only the first was told (one line per file and kind, its first
    match), so an author removing it shipped another person's folder. The line names every
    distinct one with its line; the same for e-mail addresses and \author's names."""
    source = (b"x\n" * 10 + b"Data: \\verb|C:\\Users\\alice\\data|.\n\\begin{verbatim}\n"
              b"D:\\Users\\bob.jones\\runs\n\\end{verbatim}\nAgain C:\\Users\\alice.\n")
    assert _said(tmp_path, source) == [
        "main.tex:11: a home folder's path (C:\\Users\\alice) and 1 more (D:\\Users\\bob.jones "
        "on line 13) " + _TOLD.format("them", "them")]
    mails = b"Ask a.smith@mit.edu.\n%\nor b.jones@acme.org, or A.Smith@MIT.edu.\n"
    assert _said(tmp_path, mails) == [
        "main.tex:1: an e-mail address (a.smith@mit.edu) and 1 more (b.jones@acme.org on line "
        "3) " + _TOLD.format("them", "them")]
    names = b"\\author{Janet Smithson}\n\nThanks to Karl.\n"
    assert _said(tmp_path, names, ("Janet", "Smithson", "Karl")) == [
        "main.tex:1: an author's name (Janet) and 2 more (Smithson on line 1, Karl on line 3) "
        + _TOLD.format("them", "them")]
    one = b"\\bibliography{/home/alice/refs}\n"
    assert _said(tmp_path, one) == [
        "main.tex:1: a home folder's path (/home/alice) " + _TOLD.format("it", "it")]
    many = b"".join(b"/home/user%d/x\n" % n for n in range(12))
    said = _said(tmp_path, many)
    assert len(said) == 1, said
    assert said[0].startswith(
        "main.tex:1: a home folder's path (/home/user0) and 11 more (/home/user1 on line 2, ")
    assert "/home/user8 on line 9, 3 others) in the packed source" in said[0], said
    image = _said(tmp_path, b"\x89PNG\r\n\x00/Users/alice/a /Users/bob/b", name="a.png")
    assert image == ["a.png (its metadata or content): a home folder's path (/Users/alice) "
                     "and 1 more (/Users/bob) " + _TOLD.format("them", "them")]


@pytest.mark.parametrize(("source", "shown"), [
    (b"\\texttt{C:\\textbackslash{}Users\\textbackslash{}alice}", "C:\\Users\\alice"),
    (b"C:\\textbackslash Users\\textbackslash alice\\textbackslash data", "C:\\Users\\alice"),
    (b"C:$\\backslash$Users$\\backslash$alice$\\backslash$x", "C:\\Users\\alice"),
    (b"C:\\char92 Users\\char92 alice", "C:\\Users\\alice"),
    (b'C:\\symbol{"5C}Users\\symbol{92}alice}', "C:\\Users\\alice"),
    (b"\\url{~alice/code}", "~alice"),
    (b"\\url{https://cs.example.edu/~alice}", "~alice"),
    (b"www.cs.example.edu/\\~{}alice/x", "~alice"),
    (b"www.cs.example.edu/$\\sim$alice", "~alice"),
    (b"\\url{https://cs.example.edu/%7Ealice/}", "~alice"),
    (b"\\textasciitilde{}alice/code", "~alice"),
    (b"see ~alice/.ssh/", "~alice"),
], ids=["textbackslash", "textbackslash-space", "backslash", "char92", "symbol", "tilde",
        "url-tilde", "accent-tilde", "sim", "percent-7e", "textasciitilde", "dot-folder"])
def test_a_home_path_in_texs_spellings_is_told(tmp_path, source, shown):
    r"""Round 37 (K5): ``\texttt{C:\textbackslash{}Users\textbackslash{}alice}`` (TeX prints
    ``C:\Users\alice``) and ``\url{~alice/code}`` (alice's home; on a web server
    ``/~alice/`` is her folder) shipped with warnings 0: the source was read for a plain
    backslash and ``/home/``, ``/Users/`` only. TeX's spellings of a backslash and a tilde are
    read, and the line names the path as printed."""
    assert _said(tmp_path, b"Text.\n" + source + b"\n") == [
        f"main.tex:2: a home folder's path ({shown}) " + _TOLD.format("it", "it")]


@pytest.mark.parametrize("source", [
    b"Fig.~A/B", b"the~train/test split", b"~/data", b"\\~{}/x", b"Table~\\ref{x}/y",
    b"Smith~et~al./x", b"$\\sim$10/20 runs", b"see ~a/b", b"C:/PROGRA~1/x", b"and~or/not",
    b"\\url{https://example.org/x~y/z}", b"C:\\textbackslash{}Program Files",
    b"'#1~code'~and/or~'#1~defaults'", b"input~/~output", b"Glyph~Composition~/~Decomposition",
    b"(#3)~in\\\\", b"~page/.code={x}", b"~page/.sseq default error"])
def test_a_tie_or_an_anonymous_tilde_is_no_home_path(tmp_path, source):
    r"""Round 37 (K5): a tilde is TeX's tie before a word (``Fig.~A/B``, ``the~train/test``,
    expl3's space: ``Composition~/~Decomposition``), and ``~/`` names no one: only a login after a tilde at a path's start, or after a URL's
    ``/``, is a home folder."""
    assert _said(tmp_path, b"Text.\n" + source + b"\n") == []


@pytest.mark.slow  # TeX compiles the archive
def test_an_anonymous_pack_tells_each_home_path_in_every_spelling(tmp_path):
    r"""Round 37 (K4, K5), end to end: a ``\verb`` of one home path and a verbatim of
    another person's, ``\textbackslash{}``'s and ``\url{~alice/...}`` are all named."""
    anonymous_paper(tmp_path, "\\usepackage{url}\n\\newcommand{\\src}{see \\texttt{C:\\textbackslash"
                    "{}Users\\textbackslash{}carol}}\n\\newcommand{\\code}{\\url{~dave/code}}",
                    "Data: \\verb|C:\\Users\\alice\\data|.\n\\begin{verbatim}\n"
                    "D:\\Users\\bob.jones\\runs\n\\end{verbatim}\n", packages="xcolor")
    files, told = packed(tmp_path, "--anonymous", warnings=1)
    assert "D:\\Users\\bob.jones" in files["main.tex"]
    assert ("warning: main.tex:4: a home folder's path (C:\\Users\\carol) and 3 more "
            "(~dave on line 5, C:\\Users\\alice on line 8, D:\\Users\\bob.jones on line 10) "
            + _TOLD.format("them", "them")) in told.splitlines(), told


def test_one_left_over_is_one_other(tmp_path):
    """Round 38 (K4b): ten addresses in one file, eight named and the rest counted: "and 9
    more (..., 1 others)". One left over is "1 other"."""
    many = b"".join(b"/home/user%d/x\n" % n for n in range(10))
    said = _said(tmp_path, many)
    assert "/home/user8 on line 9, 1 other) in the packed source" in said[0], said


def test_a_disclosure_in_a_bbl_names_the_bib_line_it_came_from(tmp_path):
    """Round 39 (K1): a Zotero-exported ``refs.bib`` whose ``note`` holds an e-mail address:
    ``pack --anonymous`` named ``main.bbl:14``, a file bibtex makes anew from refs.bib, where
    the author must mend refs.bib. The line names the ``.bib`` line too; a ``.bbl`` of no
    ``.bib`` here (arXiv's, kept by hand) is named as before."""
    paper = tmp_path / "paper"
    (paper / "bib").mkdir(parents=True)
    (paper / ".old").mkdir()
    (paper / ".old" / "a.bib").write_text("note = {janet.smithson@mit.edu}\n")  # hidden
    (paper / "bib" / "refs.bib").write_text(
        "@article{x,\n  title = {T},\n  note = {Janet.Smithson@mit.edu read this},\n}\n")
    bbl = b"\\begin{thebibliography}{1}\n\n\\bibitem{x}\n\\newblock janet.smithson@mit.edu read.\n"
    assert in_sources({"main.bbl": bbl}, [], paper) == [(
        "main.bbl:4 (bibtex's, from bib/refs.bib:3): an e-mail address (janet.smithson@mit.edu) "
        "in the packed source: the archive discloses it; remove it from bib/refs.bib for review")]
    (paper / "bib" / "refs.bib").unlink()
    assert in_sources({"main.bbl": bbl}, [], paper) == [
        "main.bbl:4: an e-mail address (janet.smithson@mit.edu) " + _TOLD.format("it", "it")]
