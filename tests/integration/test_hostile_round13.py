"""Round 13: a hostile pass over sync's guessed first probe (figures/paper/memo.py), TeX's
output folder (runner.output_folder) and ``figures paper``/``pack``; the cases it found
broken, kept. The pass itself is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import json
import os

import pytest
from helpers import figures_as_a_user

from figures.paper import memo

_KEY = ("k0", "k1")


def _guess_with(tmp_path, monkeypatch, entries) -> dict[str, bytes]:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "build").mkdir(exist_ok=True)
    (tmp_path / "build" / memo.MEMO).write_text(json.dumps({"k0": entries}))
    return memo.guess(_KEY, tmp_path, "macros")


@pytest.mark.parametrize("entries", [[["figures/a.pdf"]], 5, [[7, 8]], [["a\0b.pdf", None]],
                                     [["a.pdf", "x\0y"]], {"m.tex": None}])
def test_a_placed_entry_of_another_shape_is_no_guess(tmp_path, monkeypatch, entries):
    """A hand-edited memo of valid JSON: sync said "internal error ... ValueError" (exit 1)
    where the paper syncs without the memo; it is now read as no guess."""
    if isinstance(entries, list):
        entries.append(["m.tex", None])  # one entry of the right shape is not enough
    assert _guess_with(tmp_path, monkeypatch, entries) == {}


def test_a_source_that_is_not_a_regular_file_is_never_read(tmp_path, monkeypatch):
    """A memo source that is a named pipe hung sync (``read_bytes`` waits for a writer);
    ``/dev/zero`` would read without end; a folder is none either."""
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "folder").mkdir()
    (tmp_path / "real.pdf").write_bytes(b"%PDF")
    entries = [["a.pdf", str(tmp_path / "fifo")], ["b.pdf", "/dev/zero"],
               ["c.pdf", str(tmp_path / "folder")], ["d.pdf", str(tmp_path / "real.pdf")]]
    assert _guess_with(tmp_path, monkeypatch, entries) == {"d.pdf": b"%PDF"}


def test_a_memo_path_that_is_a_folder_is_skipped_as_a_cache(tmp_path, monkeypatch):
    """``build/.sync-memo.json`` a folder: a complete sync ended in "cannot write: is a
    folder ... choose another path", exit 1 (and ``figures paper`` did not compile)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "build" / memo.MEMO).mkdir(parents=True)
    memo.remember("k", [1])
    memo.flush()
    assert (tmp_path / "build" / memo.MEMO).is_dir()


def test_a_guessed_name_where_the_paper_has_a_folder_is_not_placed(tmp_path):
    """``mkdir figures/cifar_feature_drift.pdf`` in the paper, the memo guessing that file:
    sync said "/tmp/figures-tex-XXXX/figures/...: is a folder, expected a file" and wrote
    nothing; without the memo that row alone is refused. The guess now leaves it out."""
    from figures.paper.engine import _place

    (tmp_path / "figures" / "b.pdf").mkdir(parents=True)
    (tmp_path / "a.pdf").write_bytes(b"x")
    guess = {"figures/b.pdf": b"B", "a.pdf/c.pdf": b"C", "figures/d.pdf": b"D"}
    assert _place(tmp_path, guess, "main") == {"figures/d.pdf": b"D"}


@pytest.mark.parametrize("folder", ["main.fls", "fap-empty.tex"])
def test_a_paper_folder_named_as_a_file_tex_writes_is_not_mirrored(tmp_path, folder):
    """A paper folder ``main.fls/`` (or the probe's ``fap-empty.tex/``) was mirrored into
    TeX's output folder (runner.output_folder): sync blamed TeX Live ("no recorder file
    list") or named a temporary file, where ``pdflatex main.tex`` compiles."""
    from figures.paper.engine import ask_tex

    (tmp_path / folder).mkdir()
    (tmp_path / "main.tex").write_text(_PLAIN)
    assert ask_tex(tmp_path / "main.tex").document_class == "article"


def test_a_paper_for_xelatex_is_told_figures_compiles_with_pdflatex(tmp_path):
    """Round 15: ``\\usepackage{fontspec}``: sync cut TeX's sentence where it names the
    engines and advised "mend it so it compiles", to a paper that compiles with xelatex."""
    from figures.errors import LatexError
    from figures.paper.engine import ask_tex

    (tmp_path / "main.tex").write_text(_PLAIN.replace("\\begin{document}",
                                                      "\\usepackage{fontspec}\n\\begin{document}"))
    with pytest.raises(LatexError) as raised:
        ask_tex(tmp_path / "main.tex")
    assert "requires either XeTeX or LuaTeX" in str(raised.value)
    assert str(raised.value).endswith("figures compiles with pdflatex only, not XeLaTeX or "
                                      "LuaLaTeX")


_PLAIN = "\\documentclass{article}\n\\begin{document}\nHello.\n\\end{document}\n"
_CITES = "Cite \\cite{knuth}.\n\\bibliographystyle{plain}\n\\bibliography{refs}"


def _paper(tmp_path, text: str, files: dict[str, str]):
    """The paper folder ``p`` in ``tmp_path``: a main.tex saying ``text`` (where _PLAIN says
    "Hello."), and ``files`` (name: text) beside it."""
    paper = tmp_path / "p"
    for name, written in {"main.tex": _PLAIN.replace("Hello.", text),
                          **files}.items():
        (paper / name).parent.mkdir(parents=True, exist_ok=True)
        (paper / name).write_text(written)
    return paper


@pytest.mark.slow  # latexmk compiles the paper in pack's copy
def test_pack_includes_through_a_link_to_a_folder_inside_the_paper(tmp_path):
    r"""``\include{ch/one}`` with ``ch`` a link to ``sections/``: pack said "I can't write
    on file `ch/one.aux' ... TeX writes no file outside the folder"; the file is inside."""
    paper = _paper(tmp_path, "Hello.\n\\include{ch/one}", {"sections/one.tex": "Chapter one.\n"})
    (paper / "ch").symlink_to("sections")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr


@pytest.mark.slow  # latexmk compiles the paper in pack's copy
def test_pack_includes_from_a_folder_named_after_the_main_file(tmp_path):
    r"""``\include{main.parts/one}`` (round 14): the mend of ``main.fls/`` above skipped every
    folder named ``main.*``, so pack said "I can't write on file `main.parts/one.aux' ... TeX
    writes no file outside the folder"; ``latexmk -pdf`` in the folder compiles it."""
    _paper(tmp_path, "Hello.\n\\include{main.parts/one}",
           {"main.parts/one.tex": "Chapter one.\n"})
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr


@pytest.mark.slow  # latexmk compiles the paper
def test_paper_refuses_a_stale_copy_of_a_file_it_writes_and_reads_back(tmp_path):
    r"""A paper that ``\openout``s ``table.tex`` and ``\input``s it, shipped with a stale
    one: TeX wrote the new copy into our output folder and read the paper's, so main.pdf
    said "Value: OLD" with exit 0 (``latexmk -pdf`` in the folder: "Value: NEW")."""
    paper = _paper(tmp_path, ("\\newwrite\\w Value: \\input{table}\n\\immediate\\openout"
                              "\\w=table.tex\n\\immediate\\write\\w{NEW}\\immediate\\closeout\\w"),
                   {"table.tex": "OLD\n"})
    ran = figures_as_a_user(tmp_path, "paper", "p", "--allow-synthetic", timeout=300)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "table.tex: the paper writes it anew" in ran.stderr
    assert not (paper / "main.pdf").exists()


@pytest.mark.slow  # latexmk compiles the paper
@pytest.mark.parametrize(("bib", "printed"), [(True, "NEWTITLE"), (False, "STALE")])
def test_paper_typesets_the_bibliography_latexmk_in_the_folder_would(tmp_path, bib, printed):
    r"""A paper compiled by hand before holds its ``main.bbl``: with TeX writing into our
    folder, latexmk took the folder's ``main.bbl`` for a source and never ran bibtex, so an
    edited ``refs.bib`` was typeset stale with exit 0 (``latexmk -pdf`` in the folder: the
    new entry). Without ``refs.bib`` the shipped ``.bbl`` is the bibliography (arXiv's way),
    as latexmk in the folder prints it."""
    from pypdf import PdfReader

    refs = {"refs.bib": ("@book{knuth, author={Donald Knuth}, title={NEWTITLE}, year=1984, "
                         "publisher={AW}}\n")} if bib else {}
    paper = _paper(tmp_path, _CITES, {"main.bbl": ("\\begin{thebibliography}{1}\n\\bibitem"
                                                   "{knuth} STALE.\n\\end{thebibliography}\n"),
                                      **refs})
    ran = figures_as_a_user(tmp_path, "paper", "p", "--allow-synthetic", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    text = PdfReader(paper / "main.pdf").pages[0].extract_text()
    assert printed in text, text
    assert (paper / "main.bbl").read_text().count("STALE") == 1  # the paper's, untouched


@pytest.mark.slow  # latexmk compiles the paper
def test_paper_names_the_bib_files_error_not_a_temporary_blg(tmp_path):
    """``refs.bib`` missing a comma (round 14): ``figures paper`` said "bibtex
    /tmp/figures-paper-XXXX/main: Bibtex errors: See file '/tmp/.../main.blg'", a file gone
    when the command ends, where pack names ``refs.bib``'s line."""
    _paper(tmp_path, _CITES, {"refs.bib": ("@book{knuth, author={Donald Knuth}, title={T},\n"
                                           "year=1984\npublisher={AW}}\n")})
    ran = figures_as_a_user(tmp_path, "paper", "p", "--allow-synthetic", timeout=300)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "---line 3 of file refs.bib" in ran.stderr, ran.stderr
    assert ".blg" not in ran.stderr, ran.stderr


@pytest.mark.slow  # the command's process (before: sync's probe and latexmk)
@pytest.mark.parametrize("command", ["paper", "pack"])
def test_a_main_file_name_latexmk_refuses_is_one_line_before_anything_runs(tmp_path, command):
    """``a';touch X;'$(touch Y).tex``: nothing ran, but ``figures paper`` and ``pack`` said
    "did not compile: Latexmk: This is Latexmk, John Collins ..." (its banner) and named a
    .log that does not exist; ``paper`` synced (wrote macros.tex) first."""
    paper = tmp_path / "p"
    paper.mkdir()
    (paper / "a';touch X;'$(touch Y).tex").write_text(_PLAIN)
    extra = ["--allow-synthetic"] if command == "paper" else ["--out", "p.tar.gz"]
    ran = figures_as_a_user(tmp_path, command, "p", *extra, timeout=300)
    assert ran.returncode == 1
    assert ran.stderr == ("error: p/a';touch X;'$(touch Y).tex: latexmk refuses this "
                          "file name ('$' is a character TeX does not take in a file name): "
                          "rename the file (letters, digits, - _ .) and run again\n")
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["a';touch X;'$(touch Y).tex", "p"]


def test_a_folder_where_the_compiled_pdf_is_written_first_is_named(tmp_path):
    """``.main.pdf.figures-new`` a folder: `figures paper` said "main.pdf: cannot be written
    (Is a directory)", and main.pdf did not exist."""
    from figures.errors import FigureDataError
    from figures.paper.compiled import put

    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "main.pdf").write_bytes(b"%PDF")
    (tmp_path / ".main.pdf.figures-new").mkdir()
    with pytest.raises(FigureDataError) as raised:
        put(tmp_path / "out", tmp_path / "main.tex")
    assert str(raised.value) == (f"{tmp_path}/.main.pdf.figures-new: is a folder, where "
                                 "main.pdf is written first: move it away")
    (tmp_path / "main.pdf").mkdir()  # the paper's own name: as before
    with pytest.raises(FigureDataError, match=r"main\.pdf: is a folder, where the compiled "):
        put(tmp_path / "out", tmp_path / "main.tex")
