"""Hostile round 37's pack rows (issue 45) mended with an end-to-end test; the pass itself,
case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import pytest
from helpers import pack_refused, write_files


@pytest.mark.slow  # TeX compiles the paper
@pytest.mark.parametrize(("name", "said"), [
    (".latexmkrc", ("I can't write on file `.latexmkrc'; TeX writes no file in a folder or of "
                    "a name starting with a dot (openout_any=p): name it without the dot")),
    (".git/hooks/post-checkout", (
        "I can't write on file `.git/hooks/post-checkout.tex'; TeX writes no file in a folder or "
        "of a name starting with a dot (openout_any=p): name it without the dot")),
    ("sec/post-checkout", (
        "I can't write on file `sec/post-checkout.tex'; TeX makes no folder, and sec/ is not "
        "there (an empty folder is neither copied nor packed): write the file beside the main "
        "file")),
    ("/tmp/figures-round37-outside.txt", ("I can't write on file "
     "`/tmp/figures-round37-outside.txt'; TeX writes no file outside the folder it compiles in "
     "(openout_any=p): write that file inside it"))], ids=["dotfile", "dot-folder", "empty-folder", "outside"])
def test_a_write_tex_refuses_says_why_it_was_refused(tmp_path, name, said):
    r"""Round 37 (P3): a paper writing a dotfile inside its own folder
    (``\immediate\openout\w=.latexmkrc``, which a paranoid TeX refuses for its leading dot):
    "TeX writes no file outside the folder it compiles in: write that file inside it", of a
    file inside it, and ``'.;`` doubled the stop. The dot is named; outside, as before. Round
    38 (P3c): the same words for ``.git/hooks/x`` (a dot folder) and ``sec/x`` (a folder the
    copy lacks: empty, so not copied): each named for what it is."""
    (tmp_path / "p" / ".git" / "hooks").mkdir(parents=True)  # a clone's (round 38, P3c)
    (tmp_path / "p" / "sec").mkdir()  # empty: not copied
    write_files(tmp_path / "p", {"main.tex": (
        "\\documentclass{article}\n\\newwrite\\w\n"
        f"\\immediate\\openout\\w={name}\n\\immediate\\write\\w{{x}}\n"
        "\\begin{document}\nA.\n\\end{document}\n")})
    line = pack_refused(tmp_path)
    assert line.endswith(said), line


@pytest.mark.slow  # TeX compiles the paper and the archive
def test_a_difference_from_a_file_read_outside_the_folder_is_not_blamed_on_stripping(tmp_path):
    r"""Round 37 (P6): ``\IfFileExists{/abs/outside.tex}{FOUNDIT}{NOTFOUND}`` (a file outside
    the paper's folder, which the archive's compile cannot open): the pack warned that the
    archive's PDF differs and to "look at what was stripped", though nothing was. The warning
    names the other cause too: a file read by a name outside the folder, never packed."""
    from helpers import figures_as_a_user

    outside = tmp_path / "outside.tex"
    outside.write_text("x\n")
    write_files(tmp_path / "p", {"main.tex": (
        f"\\documentclass{{article}}\n\\begin{{document}}\n\\IfFileExists{{{outside}}}"
        "{FOUNDIT}{NOTFOUND}\n\\end{document}\n")})
    ran = figures_as_a_user(tmp_path, "pack", "p", "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stderr
    line = next(line for line in ran.stderr.splitlines() if "differs" in line)
    assert "FOUNDIT" in line, line
    assert line.endswith("look at what was stripped, and at any file it reads by a name "
                         "outside its folder (absolute, or ../: never packed)"), line


@pytest.mark.slow  # TeX compiles the paper and the archive
def test_a_file_of_the_folder_read_by_its_absolute_name_is_named_to_write_relative(tmp_path):
    r"""Round 37 (K9): ``\input{/abs/path/p/sec/intro}`` (a path copied from a file manager,
    into the paper's own folder): the archive's compile stops, and the refusal said "only the
    paper's folder is packed: move that file into it" of a file already there. It now names
    the file of the folder and the relative name to write."""
    folder = tmp_path / "p"
    write_files(folder, {"sec/intro.tex": "Intro text.\n", "main.tex": (
        f"\\documentclass{{article}}\n\\begin{{document}}\n\\input{{{folder}/sec/intro}}\n"
        "\\end{document}\n")})
    line = pack_refused(tmp_path)
    assert "a file of the paper's folder by a name the archive's compile cannot open" in line, \
        line
    assert line.endswith("write it sec/intro.tex"), line
