"""``figures pack PAPER_DIR``: the archive holds what the compile reads, compiles alone, and
carries no comment, stale figure, Type 3 font or (anonymous) provenance.

These tests need TeX (latexmk, pdflatex, bibtex): without it they fail, never skip. CI
installs it in .ci/run.
"""

from __future__ import annotations

import shutil
import tarfile
import zipfile
from pathlib import Path

import pytest
from helpers import FIXTURES, REPO, tex

from figures.cli import main as cli
from figures.outputs import provenance
from figures.outputs.provenance import SUITE
from figures.paper.which import which
from figures.pdf import pdf_fonts

pytestmark = pytest.mark.slow

SAMPLE = REPO / "tests" / "papers" / "pack"
HERO = "figs/plots/hero.pdf"


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> tuple[Path, Path]:
    """fig1_audit_hero built from its fixture: the figdata folder, and the build folder with
    the ICML build (TrueType fonts) and the default build (Type 3 fonts) side by side."""
    root = tmp_path_factory.mktemp("pack-builds")
    figdata = root / "figdata"
    figdata.mkdir()
    shutil.copy(FIXTURES / "fig1_audit_hero.json", figdata)
    for extra in ([], ["--venue", "icml"]):
        out = root / ("venue" if extra else "default")
        assert cli.main(["build", "fig1_audit_hero", "--figdata", str(figdata), "--out",
                         str(out), *extra]) == 0
    return figdata, root


@pytest.fixture
def paper(tmp_path, builds) -> Path:
    """The sample paper with our figure in a subfolder, a logo, an unused figure and .git."""
    from PIL import Image

    folder = tmp_path / "paper"
    shutil.copytree(SAMPLE, folder)
    (folder / "figs" / "plots").mkdir(parents=True, exist_ok=True)
    shutil.copy(builds[1] / "venue" / "fig1_audit_hero.pdf", folder / HERO)
    Image.new("RGB", (40, 30), (200, 30, 30)).save(folder / "figs" / "logo.png")
    Image.new("RGB", (40, 30), (30, 30, 200)).save(folder / "figs" / "unused.png")
    (folder / ".git").mkdir()
    (folder / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    return folder


def pack(capsys, paper: Path, figdata: Path, out: Path, *extra: str) -> tuple[int, str, str]:
    code = cli.main(["pack", str(paper), "--figdata", str(figdata), "--out", str(out), *extra])
    got = capsys.readouterr()
    return code, got.out, got.err


def members(archive: Path) -> dict[str, bytes]:
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as z:
            return {n: z.read(n) for n in z.namelist()}
    with tarfile.open(archive) as t:
        return {m.name: t.extractfile(m).read() for m in t.getmembers() if m.isfile()}


def compile_alone(archive: Path, folder: Path) -> Path:
    """The archive unpacked into an empty folder and compiled there with plain pdflatex,
    as arXiv does (no shell escape, no bibtex), independently of the pack's own proof."""
    folder.mkdir()
    for name, data in members(archive).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    for _ in range(2):
        tex(folder, "pdflatex", "-no-shell-escape", "-interaction=nonstopmode",
            "-halt-on-error", "main.tex")
    return folder / "main.pdf"


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in folder.rglob("*") if p.is_file()}


def test_the_archive_holds_what_the_compile_reads_and_compiles_alone(paper, builds, tmp_path,
                                                                      capsys):
    before = files_of(paper)
    out = tmp_path / "paper.tar.gz"
    code, listed, err = pack(capsys, paper, builds[0], out)
    assert code == 0, err
    assert files_of(paper) == before  # no build product in the paper's folder
    inside = members(out)
    assert sorted(inside) == ["figs/logo.png", HERO, "main.bbl", "main.tex",
                              "sections/intro.tex"]
    assert sorted(listed.split()) == sorted(inside)
    assert b"Knuth" in inside["main.bbl"]
    main = inside["main.tex"].decode()
    assert "private note" not in main
    assert "Not ready" not in main
    assert "\\begin{verbatim}\nloss = 0.5 % of the batch\n\\end{verbatim}" in main
    assert "\\url{https://example.org/a%20b}" in main
    assert "100\\% ours" in main
    assert "co-authors" not in inside["sections/intro.tex"].decode()
    assert "files" in err.splitlines()[-1]
    assert "compiles" in err.splitlines()[-1]

    from pypdf import PdfReader

    text = PdfReader(compile_alone(out, tmp_path / "alone")).pages[0].extract_text()
    assert "Knuth" in text  # the .bbl is used: no bibtex ran
    assert "0.5 % of the batch" in text
    assert "assignmentmatters" in text.replace(" ", "")  # the hidden line break stays hidden


def test_every_packed_figure_of_ours_is_current_with_no_type3_font(paper, builds, tmp_path,
                                                                   capsys):
    out = tmp_path / "paper.zip"
    code, _, err = pack(capsys, paper, builds[0], out)
    assert code == 0, err
    unpacked = tmp_path / "unpacked"
    for name, data in members(out).items():
        (unpacked / name).parent.mkdir(parents=True, exist_ok=True)
        (unpacked / name).write_bytes(data)
    ours = [p for p in unpacked.rglob("*") if p.suffix in (".pdf", ".png")
            and provenance.read(p) is not None]
    assert [p.relative_to(unpacked).as_posix() for p in ours] == [HERO]
    for path in ours:
        assert which(path, builds[0]).current
        assert not [f for f in pdf_fonts(path) if f.subtype == "Type3"]


def _disclosed(pdf: Path) -> list[str]:
    """Every /PTEX.FileName and /PTEX.InfoDict value pdfTeX wrote for the included PDFs."""
    from pypdf import PdfReader

    said = []
    for page in PdfReader(pdf).pages:
        for ref in (page["/Resources"].get("/XObject") or {}).values():
            xobject = ref.get_object()
            said.append(str(xobject.get("/PTEX.FileName", "")))
            info = xobject.get("/PTEX.InfoDict")
            said += [str(v) for v in (info.get_object() if info else {}).values()]
    return said


def test_an_anonymous_pack_discloses_no_provenance_and_no_absolute_path(paper, builds,
                                                                         tmp_path, capsys):
    plain, anonymous = tmp_path / "plain.tar.gz", tmp_path / "anonymous.tar.gz"
    assert pack(capsys, paper, builds[0], plain)[0] == 0
    code, _, err = pack(capsys, paper, builds[0], anonymous, "--anonymous")
    assert code == 0, err
    # the plain pack keeps the figure's provenance, and pdfTeX copies it into the paper
    assert any(SUITE in value for value in _disclosed(compile_alone(plain, tmp_path / "p")))
    said = _disclosed(compile_alone(anonymous, tmp_path / "a"))
    assert said
    assert not any(SUITE in v or "figdata-sha256" in v for v in said)
    assert not any(v.startswith("/") or str(paper) in v or str(Path.home()) in v
                   for v in said)
    hero = tmp_path / "a" / HERO
    assert provenance.read(hero) is None
    from pypdf import PdfReader

    assert not PdfReader(hero).metadata


def test_a_stale_figure_stops_the_pack_with_one_line_naming_it(paper, builds, tmp_path,
                                                               capsys):
    figdata = tmp_path / "figdata"
    shutil.copytree(builds[0], figdata)
    with (figdata / "fig1_audit_hero.json").open("a") as handle:
        handle.write("\n")
    out = tmp_path / "paper.tar.gz"
    code, _, err = pack(capsys, paper, figdata, out)
    assert code == 1
    assert len(err.splitlines()) == 1
    assert HERO in err
    assert "fig1_audit_hero" in err
    assert "stale" in err
    assert "figures build --venue icml" in err
    assert not out.exists()
    assert not list(tmp_path.glob(".paper.tar.gz*"))


def test_a_type3_figure_of_ours_stops_the_pack_naming_the_venue_build(paper, builds,
                                                                      tmp_path, capsys):
    shutil.copy(builds[1] / "default" / "fig1_audit_hero.pdf", paper / HERO)
    code, _, err = pack(capsys, paper, builds[0], tmp_path / "paper.tar.gz")
    assert code == 1
    assert len(err.splitlines()) == 1
    assert HERO in err
    assert "Type 3" in err
    assert "--venue" in err


@pytest.mark.parametrize(("edit", "facts"), [
    (lambda p: (p / "main.tex").write_text(
        (p / "main.tex").read_text().replace("{logo}", "{nologo}")),
     ["main.tex", "nologo", "not found"]),
    (lambda p: shutil.copy(p / "main.tex", p / "draft.tex"), ["\\documentclass", "--main"]),
    # an absolute path compiles in place, but not on arXiv: the proof from the archive fails
    (lambda p: (p / "main.tex").write_text((p / "main.tex").read_text().replace(
        "{logo}", "{" + str(p / "figs" / "logo.png") + "}")),
     ["main.tex", "a file of the paper's folder by a name the archive's compile cannot open",
      "logo.png", "write it figs/logo.png"]),  # round 37, K9: named to write relative
])
def test_bad_input_is_one_line_and_writes_no_archive(paper, builds, tmp_path, capsys, edit,
                                                     facts):
    edit(paper)
    out = tmp_path / "paper.tar.gz"
    code, _, err = pack(capsys, paper, builds[0], out)
    assert code == 1
    assert len(err.splitlines()) == 1
    assert "Traceback" not in err
    assert all(fact in err for fact in facts), err
    assert not out.exists()


def test_the_archive_never_goes_into_the_paper_folder(paper, builds, capsys):
    before = files_of(paper)
    code, _, err = pack(capsys, paper, builds[0], paper / "figs" / "paper.tar.gz")
    assert code == 1
    assert "--out" in err
    assert "paper's folder" in err
    code, _, err = pack(capsys, paper, builds[0], paper / "main.tex")
    assert code == 1
    assert "--out" in err
    assert files_of(paper) == before
    code, _, err = pack(capsys, paper, builds[0], builds[0] / "paper.zip")
    assert code == 1
    assert "--out" in err
    assert "figdata" in err
    assert not (builds[0] / "paper.zip").exists()


def test_zip_and_tar_hold_the_same_files(paper, builds, tmp_path, capsys):
    for name in ("a.zip", "a.tar.gz"):
        assert pack(capsys, paper, builds[0], tmp_path / name)[0] == 0
    assert members(tmp_path / "a.zip") == members(tmp_path / "a.tar.gz")


def test_main_chooses_among_several_and_the_default_archive_lands_beside_the_paper(
        paper, builds, capsys):
    shutil.copy(paper / "main.tex", paper / "draft.tex")
    code = cli.main(["pack", str(paper), "--figdata", str(builds[0]), "--main", "main.tex"])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "main.tex" in members(paper.parent / "paper.tar.gz")
    assert "draft.tex" not in members(paper.parent / "paper.tar.gz")


def test_comments_go_from_every_file_tex_reads_as_source_whatever_its_name(paper, builds,
                                                                           tmp_path, capsys):
    for name in ("fig.tikz", "notes.txt", "extra.ltx", "Intro.TEX"):
        (paper / name).write_text(f"% password: hunter2\nText of {name.replace('.', '')}.\n")
    main = (paper / "main.tex").read_text()
    (paper / "main.tex").write_text(main.replace("\\maketitle", "\\maketitle\n" + "".join(
        f"\\input{{{name}}}\n" for name in ("fig.tikz", "notes.txt", "extra.ltx", "Intro.TEX"))))
    out = tmp_path / "paper.tar.gz"
    code, _, err = pack(capsys, paper, builds[0], out)
    assert code == 0, err
    inside = members(out)
    assert {"fig.tikz", "notes.txt", "extra.ltx", "Intro.TEX"} <= set(inside)
    assert not [name for name, data in inside.items() if b"hunter2" in data]
    assert b"Text of Intro" in inside["Intro.TEX"]


def test_an_anonymous_pack_strips_a_jpegs_exif_and_stops_on_an_author_in_the_keywords(
        paper, builds, tmp_path, capsys):
    from PIL import Image

    exif = Image.Exif()
    exif[0x013B] = "Alice Smith"
    Image.new("RGB", (40, 30), (9, 9, 9)).save(paper / "figs" / "photo.jpg", exif=exif,
                                               comment=b"Alice Smith")
    main = (paper / "main.tex").read_text().replace(
        "\\maketitle", "\\maketitle\n\\includegraphics[width=1cm]{photo.jpg}")
    (paper / "main.tex").write_text(main.replace("\\title{", "\\author{Alice Smith}\n\\title{"))
    out = tmp_path / "review.zip"
    code, _, err = pack(capsys, paper, builds[0], out, "--anonymous")
    assert code == 0, err
    assert b"Alice" not in members(out)["figs/photo.jpg"]
    assert "main.tex: Alice, Smith of \\author in the compiled text" in err  # article prints it
    main = main.replace("\\usepackage{url}", "\\usepackage{url}\n\\usepackage[pdfkeywords={"
                        "credit assignment, Smith lab}]{hyperref}")
    (paper / "main.tex").write_text(main.replace("\\title{", "\\author{Alice Smith}\n\\title{"))
    code, _, err = pack(capsys, paper, builds[0], tmp_path / "review2.zip", "--anonymous")
    assert code == 1
    assert "/Keywords: an author's" in err
    assert "Smith lab" in err
    assert len(err.splitlines()) == 1


def _small_paper(folder: Path, body: str, head: str = "") -> Path:
    folder.mkdir(parents=True)
    (folder / "main.tex").write_bytes(
        (f"{head}\\documentclass{{article}}\n\\usepackage{{graphicx}}\n\\begin{{document}}\n"
         f"{body}\nHello.\n\\end{{document}}\n").encode("latin-1"))
    return folder


def test_hostile_pass_round_6_each_case_is_one_line_saying_what_to_do(builds, tmp_path, capsys):
    """The cases of round 6's pass over `figures pack`, each kept."""
    figdata = builds[0]
    # a Latin-1 file name: a zip says so in one line, a .tar.gz keeps it, listed escaped
    paper = _small_paper(tmp_path / "latin", "\\input{caf\xe9}", "\\UseRawInputEncoding\n")
    (paper / "caf\udce9.tex").write_text("Text % secret\n")
    code, _, err = pack(capsys, paper, figdata, tmp_path / "x.zip")
    assert code == 1
    assert err.startswith("error: caf\\udce9.tex: a file name that is not UTF-8")
    assert len(err.splitlines()) == 1
    code, out, err = pack(capsys, paper, figdata, tmp_path / "new\nline.tar.gz")
    assert code == 0, err
    assert "caf\\udce9.tex" in out.splitlines()
    assert "packed " + str(tmp_path) + "/new\\x0aline.tar.gz from main.tex: " in err
    # a leftover main.aux of the author's own compile, a read-only folder
    paper = _small_paper(tmp_path / "leftover", "\\input{sections/a}")
    (paper / "main.aux").write_text("\\relax\n\\undefinedmacro@of@another@package{x}\n")
    (paper / "sections").mkdir()
    (paper / "sections" / "a.tex").write_text("A.\n")
    (paper / "sections").chmod(0o555)
    try:
        code, _, err = pack(capsys, paper, figdata, tmp_path / "leftover.tar.gz")
    finally:
        (paper / "sections").chmod(0o755)
    assert code == 0, err
    # a figure in a hidden folder, which the pack leaves out
    paper = _small_paper(tmp_path / "hidden", "\\includegraphics{.figs/a.png}")
    (paper / ".figs").mkdir()
    shutil.copy(FIXTURES.parent / "papers" / "aes-encrypted.pdf", paper / "enc.pdf")
    from PIL import Image

    Image.new("RGB", (4, 4)).save(paper / ".figs" / "a.png")
    code, _, err = pack(capsys, paper, figdata, tmp_path / "hidden.tar.gz")
    assert code == 1
    assert "the pack leaves out hidden files and folders" in err
    assert len(err.splitlines()) == 1
    # an AES-encrypted foreign PDF (pypdf without `cryptography`)
    (paper / "main.tex").write_text((paper / "main.tex").read_text().replace(
        ".figs/a.png", "enc.pdf"))
    code, _, err = pack(capsys, paper, figdata, tmp_path / "enc.tar.gz")
    assert "Traceback" not in err
    assert code == 1
    assert "enc.pdf: unreadable: an encrypted PDF pypdf cannot open" in err
    assert "pip install cryptography" in err
    assert "stale" not in err
    assert len(err.splitlines()) == 1


def test_only_files_tex_reads_as_input_go_in_whole_and_no_link_leads_out(builds, tmp_path,
                                                                         capsys):
    """Issue 45: ``ln -s ~/.ssh P/keys`` and ``\\IfFileExists{keys/id_rsa}{}{}`` packed the
    key, "warnings: 0"; a 2 GB sparse file only tested was read whole (44 s, 4 GB). A file
    only opened is packed empty (the test answers the same) and said; one input through a
    link to outside the folder is one line; a data table read with \\read goes in whole."""
    home = tmp_path / "home"
    (home / ".ssh").mkdir(parents=True)
    (home / ".ssh" / "id_rsa").write_text("-----BEGIN OPENSSH PRIVATE KEY----- hunter2\n")
    paper = _small_paper(tmp_path / "p", "\\IfFileExists{keys/id_rsa}{Keyed.}{}\n"
                         "\\IfFileExists{big.bin}{Big.}{}\n\\newread\\t\\openin\\t=table.dat "
                         "\\read\\t to\\row \\row\\closein\\t")
    (paper / "keys").symlink_to(home / ".ssh")
    with (paper / "big.bin").open("wb") as handle:
        handle.truncate(2 << 30)  # sparse: no disk used
    (paper / "table.dat").write_text("Row 0.615.\n")
    code, _, err = pack(capsys, paper, builds[0], tmp_path / "a.tar.gz")
    assert code == 0, err
    inside = members(tmp_path / "a.tar.gz")
    assert inside["keys/id_rsa"] == b""
    assert inside["big.bin"] == b""
    assert inside["table.dat"] == b"Row 0.615.\n"
    assert "warning: big.bin, keys/id_rsa: only opened (tested with \\IfFileExists, or an " \
        "\\include that \\includeonly leaves out), never read as input: packed empty, their " \
        "contents stay here" in err
    assert "table.dat" not in err  # read as data (outside a test): the paper's, as it is
    assert "differs" not in err
    (paper / "main.tex").write_text((paper / "main.tex").read_text().replace(
        "\\IfFileExists{keys/id_rsa}{Keyed.}{}", "\\input{keys/id_rsa}"))
    (home / ".ssh" / "id_rsa").write_text("Key text.\n")
    code, _, err = pack(capsys, paper, builds[0], tmp_path / "b.tar.gz")
    assert code == 1
    assert err.startswith(f"error: keys/id_rsa: read through keys, a link to the folder "
                          f"{home / '.ssh'}, outside the paper's folder, which alone is "
                          "packed")  # (the folder named: round 51b-2, B2)
    assert len(err.splitlines()) == 1
    assert not (tmp_path / "b.tar.gz").exists()


def test_an_anonymous_pack_says_what_its_sources_disclose(builds, tmp_path, capsys):
    """Issue 45: ``\\bibliography{/home/alice/private/refs}`` stayed in the archive's
    main.tex, "warnings: 0": only the compiled PDF was checked. The packed sources are too:
    home paths, e-mail addresses, the user's name, the names of \\author."""
    paper = _small_paper(tmp_path / "p", "\\newcommand{\\refs}{/home/alice/private/refs}\n"
                         "\\newcommand{\\mail}{alice.smith@example.org}\nText.",
                         "\\author{Alice Smith}\n")
    (paper / "main.tex").write_text((paper / "main.tex").read_text().replace(
        "\\author{Alice Smith}\n\\documentclass{article}\n",
        "\\documentclass{article}\n\\author{Alice Smith}\n"))
    code, _, err = pack(capsys, paper, builds[0], tmp_path / "a.zip", "--anonymous")
    assert code == 0, err
    lines = err.splitlines()
    assert "warning: main.tex:5: a home folder's path (/home/alice) in the packed source: " \
        "the archive discloses it; remove it for review" in lines
    assert any(line.startswith("warning: main.tex:6: an e-mail address (alice.smith@"
                               "example.org)") for line in lines)
    assert any(line.startswith("warning: main.tex:2: an author's name (Alice)")
               for line in lines)
    assert "warnings: 0" not in lines[-1]


def test_an_anonymous_pack_says_a_path_in_the_users_home_or_the_papers_folder(
        builds, tmp_path, capsys, monkeypatch):
    """Round 22 (A2): a link to a file in the user's home where it is not under ``/home/``
    (``/root``, ``/u/jsmith``) or in the paper's own absolute folder shipped in the archive's
    main.tex with "warnings: 0", though the PDF check knew both folders."""
    home = tmp_path / "u" / "jsmith"
    home.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    paper = _small_paper(tmp_path / "p", f"See \\href{{file://{home}/papers/data.csv}}{{here}}.\n"
                         f"Or \\href{{file://{tmp_path}/p/data.csv}}{{there}}.",
                         "\\documentclass{article}\n\\usepackage{hyperref}\n")
    (paper / "main.tex").write_text((paper / "main.tex").read_text().replace(
        "\\documentclass{article}\n\\usepackage{graphicx}\n", "", 1))
    code, _, err = pack(capsys, paper, builds[0], tmp_path / "a.zip", "--anonymous")
    assert code == 0, err
    lines = err.splitlines()
    assert f"warning: main.tex:4: the user's home folder ({home}) in the packed source: the " \
        "archive discloses it; remove it for review" in lines, err
    assert f"warning: main.tex:5: the paper's absolute folder ({paper}) in the packed source: " \
        "the archive discloses it; remove it for review" in lines, err


def test_a_folder_whose_only_main_file_is_in_a_subfolder_is_packed_as_paper_finds_it(
        tmp_path, builds, capsys):
    """Issue 43: `figures paper` found sub/main.tex while `figures pack` refused the folder."""
    from figures.paper.latex import find_main  # `figures paper`'s and `figures sync`'s

    folder = tmp_path / "project"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "main.tex").write_text(
        "\\documentclass{article}\n\\begin{document}\nHello.\n\\end{document}\n")
    (folder / "notes.tex").write_text("Notes, no class.\n")
    out = tmp_path / "project.tar.gz"
    code, _, err = pack(capsys, folder, builds[0], out)
    assert code == 0, err
    assert list(members(out)) == ["main.tex"]
    assert find_main(folder) == folder / "sub" / "main.tex"


def test_a_bibliography_outside_the_folder_is_named(builds, tmp_path, capsys):
    """Issue 45: ``\\bibliography{../shared/refs}`` stopped the pack with latexmk's "All
    targets () are up-to-date", never naming refs.bib."""
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "refs.bib").write_text(
        "@article{a,title={T},author={A B},journal={J},year={2020}}\n")
    paper = _small_paper(tmp_path / "p", "Hi \\cite{a}.\n\\bibliographystyle{plain}\n"
                         "\\bibliography{../shared/refs}")
    code, _, err = pack(capsys, paper, builds[0], tmp_path / "a.tar.gz")
    assert code == 1
    assert err == ("error: main.tex: does not compile in a copy of the paper's folder: File "
                   "`../shared/refs.bib' not found (the bibliography's .bib); only the paper's "
                   "folder is packed: move that file into it and name it from there (refs.bib)\n")  # (named from there: round 51b-2, B4)
