"""Hostile round 42a's pack rows (A10, A13, A14, A15) mended, each with a test; the pass
itself, case by case, is in /work/coord/round42a.md and docs/guarantees.md."""

from __future__ import annotations

import errno
from contextlib import contextmanager

import pytest
from helpers import REPO, figures_as_a_user, packed, write_files

from figures.errors import FigureDataError
from figures.pack import archive
from figures.pack.strip import strip_comments

#: A template's header of comment lines, then a comment environment: every line below them
#: is told at its line in main.tex, not at the packed copy's (those lines are stripped).
_ANONYMOUS = "".join(f"% template header line {i}: do not edit\n" for i in range(1, 5)) + (
    "\\documentclass{article}\n"                          # 5
    "\\usepackage{comment}\n"                             # 6
    "\\newcommand{\\contact}{janet.smithson@mit.edu}\n"   # 7
    "\\author{Janet Smithson}\n"                          # 8
    "\\begin{document}\n"                                 # 9
    "\\begin{comment}\n"                                  # 10
    "a private note\n"                                    # 11
    "\\end{comment}\n"                                    # 12
    "Hello.\n"                                            # 13
    "\\iffalse old text with Karl's name \\fi\n"          # 14
    "\\end{document}\n")


@pytest.fixture(scope="module")
def anonymous(tmp_path_factory):
    """The anonymous pack of :data:`_ANONYMOUS`: its archive's files and what it said."""
    cwd = tmp_path_factory.mktemp("r42a")
    write_files(cwd / "p", {"main.tex": _ANONYMOUS})
    return packed(cwd, "--anonymous", warnings=None)


@pytest.mark.slow  # TeX compiles the paper and the archive
def test_an_anonymous_packs_disclosures_name_the_authors_source_lines(anonymous):
    r"""Round 42a (A10): ``pack --anonymous`` named the packed copy's lines, its comment
    lines removed (``main.tex:9`` for an e-mail at line 18 of the file the author edits,
    under a template's 8 comment lines): the checks read a copy whose lines are the
    source's, and the archive stays stripped."""
    files, said = anonymous
    assert "warning: main.tex:7: an e-mail address (janet.smithson@mit.edu)" in said, said
    assert "warning: main.tex:8: an author's name (Janet)" in said, said
    assert "template header" not in files["main.tex"]
    assert "private note" not in files["main.tex"]
    assert files["main.tex"].startswith("\\documentclass{article}\n\\usepackage{comment}\n")


@pytest.mark.slow
def test_an_iffalse_block_is_told_at_its_source_line(anonymous):
    r"""Round 42a (A13): the ``\iffalse`` warning named line 28 for an ``\iffalse`` at line
    34 (a comment environment's lines above it stripped): it names the source's line."""
    _, said = anonymous
    assert "warning: main.tex:14: \\iffalse old text with Karl's name is hidden by " \
        "\\iffalse" in said, said


def test_the_stripping_can_keep_the_source_lines():
    """Round 42a (A10): the copy the anonymous checks read is the stripped text with each
    cut's line breaks left, after a ``%`` (a comment line, nothing to a reader of TeX)."""
    text = "% a\n% b\n\\begin{comment}\nx\n\\end{comment}\nfoo % bar\nbaz\n"
    kept = strip_comments(text, lines=True)
    assert kept.count("\n") == text.count("\n")
    assert kept.splitlines()[5:] == ["foo %", "baz"]
    assert strip_comments(text) == "foo %\nbaz\n"


@pytest.mark.slow
@pytest.mark.parametrize(("body", "told"), [
    ("\\input{macros}\nHello.\n",
     ("error: main.tex:4: macros.tex is our macros file (the paper's numbers), not written "
     "yet: `figures sync` writes it; run `figures sync p --figdata FIGDATA` first, then pack again")),
    ("Hello.\n\\includegraphics[width=3in]{figs/cifar_summary}\n",
     ("error: main.tex:5: figs/cifar_summary is our figure cifar_summary, not written yet: "
     "`figures sync` writes it; run `figures sync p --figdata FIGDATA` first, then pack again")),
], ids=["macros", "figure"])
def test_a_pack_before_sync_says_to_sync_first(tmp_path, body, told):
    r"""Round 42a (A15): a fresh clone packed before any ``figures sync`` (the generated
    macros file and our figures not committed) stopped with TeX's words alone ("File
    `macros.tex' not found", no line): the line names where the paper reads it, that
    ``figures sync`` writes it, and the command to run first, with the pack's ``--figdata``
    (round 51b, K25: followed without it, sync drew from another folder's data)."""
    write_files(tmp_path / "p", {"main.tex": "\\documentclass{article}\n\\usepackage{graphicx}\n"
                                 f"\\begin{{document}}\n{body}\\end{{document}}\n"})
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 1, ran.stderr
    assert ran.stderr.strip() == told.replace("FIGDATA", str(REPO / "figdata")), ran.stderr
    assert not (tmp_path / "p.tar.gz").exists()


@pytest.mark.parametrize("number", [errno.EPERM, errno.EACCES, errno.EROFS])
def test_an_archive_it_cannot_write_says_where_to_put_it(tmp_path, monkeypatch, number):
    """Round 42a (A14): pack's default ``--out`` beside the paper, in a folder it cannot write,
    ended ``paper.tar.gz: cannot write: operation not permitted``, with no way out: the
    line says to give ``--out FILE`` in a folder it can write."""
    out = tmp_path / "paper.tar.gz"

    @contextmanager
    def refused(target):
        raise OSError(number, "refused", str(target))
        yield

    monkeypatch.setattr(archive, "atomic_path", refused)
    with pytest.raises(FigureDataError) as raised:
        archive.write_atomic(out, b"data")
    assert str(raised.value).startswith(f"{out}: cannot write: ")
    assert str(raised.value).endswith(": pass --out FILE in a folder you can write")
    assert not out.exists()
