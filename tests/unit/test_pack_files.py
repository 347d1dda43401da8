"""What the pack reads and writes without TeX: the recorder file list, the first LaTeX
error, anonymous copies of figures, arXiv's warnings and the archive itself."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from figures import runner, texlog
from figures.errors import FigureDataError
from figures.pack import archive, images, scrub, tex
from figures.paper import disclosure


def _run(command: list[str], cwd) -> None:
    """A program run as the pack runs its compile, and judged as it judges one."""
    tex._said(runner.run(command, cwd, file="main.tex"), cwd, cwd / "main.tex", "here")


def test_the_recorder_list_gives_the_paper_files_read_and_the_build_products(tmp_path):
    (tmp_path / "figs").mkdir()
    fls = tmp_path / "main.fls"
    fls.write_text(f"PWD {tmp_path}\nINPUT /usr/share/texlive/article.cls\nINPUT ./main.tex\n"
                   "INPUT main.aux\nOUTPUT main.aux\nINPUT ./figs/a.pdf\nINPUT figs/../figs/a.pdf"
                   f"\nINPUT {tmp_path}/main.bbl\nOUTPUT main.pdf\n")
    read, written = (tex._inside(paths, tmp_path) for paths in runner.recorded(fls, tmp_path))
    assert read == {"main.tex", "main.aux", "figs/a.pdf", "main.bbl"}
    assert written == {"main.aux", "main.pdf"}


def test_the_first_error_line_of_a_log(tmp_path):
    log = tmp_path / "main.log"
    log.write_text("This is pdfTeX\n(./main.tex\n./main.tex:16: LaTeX Error: File `x' not "
                   "found.\n! Emergency stop.\n")
    assert texlog.first_error(log, "") == "./main.tex:16: LaTeX Error: File `x' not found."
    message = "./main.tex:15: Package pdftex.def Error: File `/tmp/paper/figs/logo.png' not " \
        "found: using draft setting."
    log.write_text(f"{message}\n\nSee the manual.\n")  # unbroken: max_print_line (test_runner)
    assert texlog.first_error(log, "") == message
    log.write_text("! Undefined control sequence.\nl.3 \\foo\n")
    assert texlog.first_error(log, "") == "Undefined control sequence."
    log.write_text("!pdfTeX error: pdflatex (file ./figs/logo.png): libpng: internal error\n"
                   " ==> Fatal error occurred, no output PDF file produced!\n")  # a broken PNG
    assert "./figs/logo.png" in texlog.first_error(log, "Refer to 'main.log'\n")
    log.write_text("Output written on main.pdf (1 page).\n")  # bibtex failed, not pdflatex
    (tmp_path / "main.blg").write_text("Database file #1: refs.bib\nI was expecting a `,' or "
                                       "a `}'---line 4 of file refs.bib\n :  year=2020,\n")
    assert "line 4 of file refs.bib" in texlog.first_error(log, "Bibtex errors: See main.blg\n")
    (tmp_path / "main.blg").unlink()
    assert texlog.first_error(tmp_path / "none.log", "Latexmk: no such file\n") == \
        "Latexmk: no such file"


def png_bytes(**info) -> bytes:
    out = io.BytesIO()
    from PIL.PngImagePlugin import PngInfo

    meta = PngInfo()
    for key, value in info.items():
        meta.add_text(key, value)
    Image.new("RGB", (8, 4), (10, 200, 30)).save(out, "png", pnginfo=meta)
    return out.getvalue()


def test_an_anonymous_png_loses_its_text_chunks_and_keeps_its_pixels():
    data = png_bytes(Title="fig1_audit_hero", **{"fa-audit-figures": "figure=fig1"})
    clean = scrub.without_metadata(data, "a.png")
    assert b"fa-audit-figures" in data
    assert b"fa-audit-figures" not in clean
    with Image.open(io.BytesIO(clean)) as image:
        assert not image.text
    with Image.open(io.BytesIO(clean)) as a, Image.open(io.BytesIO(data)) as b:
        assert a.tobytes() == b.tobytes()


def test_a_damaged_png_is_one_error_naming_it():
    data = bytearray(png_bytes())
    data[20] ^= 0xFF  # inside IHDR: its CRC no longer matches
    with pytest.raises(FigureDataError, match="damaged PNG") as caught:
        scrub.without_metadata(bytes(data), "figs/a.png")
    assert caught.value.file == "figs/a.png"


def test_an_anonymous_image_ends_where_its_format_ends():
    """Round 15: bytes after a PNG's IEND (padding some tools write) were "damaged PNG",
    where TeX and Pillow read the file; a phone's "motion photo" JPEG kept its tail after
    the image's end (EOI), an MP4 holding where and when it was taken. What follows the end
    of the image is no picture: an anonymous pack leaves it out."""
    png = png_bytes(Author="Alice Smith")
    clean = scrub.without_metadata(png + b"\0" * 7 + b"Alice Smith", "a.png")
    assert clean.endswith(b"IEND\xaeB`\x82")
    assert b"Alice" not in clean
    jpeg = jpeg_with_exif()
    tail = b"\0\0\0\x18ftypmp42\xa9xyz+42.3601-071.0942/"
    clean = scrub.without_metadata(jpeg + tail, "a.jpg")
    assert clean == scrub.without_metadata(jpeg, "a.jpg")
    assert clean.endswith(b"\xff\xd9")
    with Image.open(io.BytesIO(clean)) as a, Image.open(io.BytesIO(jpeg)) as b:
        assert a.tobytes() == b.tobytes()


def test_an_anonymous_jpeg_is_cut_at_its_own_end_not_at_bytes_in_its_header():
    """Round 17: a JPEG whose kept header segments hold FF DA ... FF D9 (a JFIF thumbnail in
    APP0, an ICC profile in APP2) was cut inside them: pack said it "does not compile from the
    archive alone", or "damaged JPEG" for one inside a PDF. The end is looked for in the scan."""
    jpeg = jpeg_with_exif()
    body = b"ICC_PROFILE\x00\x01\x01\xff\xda\x00\x02\xff\xd9" + bytes(11)  # a profile's APP2
    profile = b"\xff\xe2" + (2 + len(body)).to_bytes(2, "big") + body  # (round 45b, K4)
    data = jpeg[:2] + profile + jpeg[2:]
    clean = scrub.without_metadata(data, "a.jpg")
    assert profile in clean
    assert clean.endswith(jpeg[jpeg.index(b"\xff\xda"):])
    with Image.open(io.BytesIO(clean)) as a, Image.open(io.BytesIO(jpeg)) as b:
        assert a.tobytes() == b.tobytes()


def test_an_anonymous_pdf_loses_its_document_information(tmp_path):
    from matplotlib.figure import Figure
    from pypdf import PdfReader

    out = io.BytesIO()
    Figure().savefig(out, format="pdf", metadata={"Subject": "fa-audit-figures",
                                                  "Keywords": "figure=x"})
    clean = scrub.without_metadata(out.getvalue(), "a.pdf")
    assert PdfReader(io.BytesIO(out.getvalue())).metadata
    assert not PdfReader(io.BytesIO(clean)).metadata
    assert b"fa-audit-figures" not in clean


def jpeg_with_exif() -> bytes:
    out = io.BytesIO()
    exif = Image.Exif()
    exif[0x013B] = "Alice Smith"  # Artist
    exif[0x8298] = "(c) Alice Smith"  # Copyright
    Image.new("RGB", (16, 8), (10, 200, 30)).save(out, "jpeg", exif=exif, comment=b"Alice Smith")
    return out.getvalue()


def test_an_anonymous_jpeg_loses_exif_and_comment_and_keeps_its_bytes_of_pixels():
    data = jpeg_with_exif()
    clean = scrub.without_metadata(data, "a.jpg")
    assert data.count(b"Alice Smith") == 3
    assert b"Alice" not in clean
    assert clean.endswith(data[data.index(b"\xff\xda"):])  # the scan: the same bytes
    padded = data[:2] + b"\xff" + data[2:]  # a fill byte before a marker
    assert b"Alice" not in scrub.without_metadata(padded, "a.jpg")
    with pytest.raises(FigureDataError, match="damaged JPEG"):
        scrub.without_metadata(data[:10], "a.jpg")
    with Image.open(io.BytesIO(clean)) as a, Image.open(io.BytesIO(data)) as b:
        assert a.tobytes() == b.tobytes()


def foreign_pdf() -> bytes:
    """A foreign figure as Illustrator saves it: XMP on the page and on an image, /PieceInfo,
    a JPEG with EXIF inside."""
    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject, NumberObject

    writer = PdfWriter()
    page = writer.add_blank_page(72, 72)
    xmp = DecodedStreamObject()
    xmp.set_data(b"<x:xmpmeta><dc:creator>Alice Smith</dc:creator></x:xmpmeta>")
    xmp.update({NameObject("/Type"): NameObject("/Metadata")})
    jpeg = DecodedStreamObject()
    jpeg._data = jpeg_with_exif()
    jpeg.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"):
                 NameObject("/Image"), NameObject("/Filter"): NameObject("/DCTDecode"),
                 NameObject("/Width"): NumberObject(16), NameObject("/Height"): NumberObject(8),
                 NameObject("/ColorSpace"): NameObject("/DeviceRGB"),
                 NameObject("/BitsPerComponent"): NumberObject(8),
                 NameObject("/Metadata"): writer._add_object(xmp)})
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): DictionaryObject(
        {NameObject("/Im0"): writer._add_object(jpeg)})})
    page[NameObject("/PieceInfo")] = DictionaryObject({NameObject("/Illustrator"): DictionaryObject(
        {NameObject("/Private"): DictionaryObject({NameObject("/Creator"): NameObject("/Alice")})})})
    page[NameObject("/Metadata")] = writer._add_object(xmp)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_an_anonymous_pdf_loses_xmp_pieceinfo_and_its_jpegs_exif_everywhere():
    data = foreign_pdf()
    assert b"Alice" in data
    clean = scrub.without_metadata(data, "a.pdf")
    assert b"Alice" not in clean
    assert b"PieceInfo" not in clean


def test_the_anonymous_check_reads_every_figures_xmp_pieceinfo_and_jpeg_metadata(tmp_path):
    """pdfTeX copies an included page's /Metadata and /PieceInfo into its form XObject."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    page = writer.add_blank_page(200, 200)
    figure = PdfReader(io.BytesIO(foreign_pdf())).pages[0]
    page.merge_transformed_page(figure, [1, 0, 0, 1, 0, 0], over=True)  # its resources
    writer.add_metadata({"/Keywords": "credit assignment, Smith lab"})
    out = io.BytesIO()
    writer.write(out)
    told = "\n".join(disclosure.disclosed(out.getvalue(), tmp_path, ["Smith"]))
    assert "EXIF" in told
    assert "/Metadata" in told or "XMP" in told
    assert "/Keywords: an author's" in told
    assert disclosure.disclosed(scrub.without_metadata(out.getvalue(), "p.pdf"), tmp_path, []) == []


def test_the_pdf_and_the_sources_are_read_for_the_same_names(tmp_path, monkeypatch):
    """The machine's name, an author's in another case: what the sources are checked for."""
    from pypdf import PdfWriter

    from figures.pack import anonymity

    monkeypatch.setattr("socket.gethostname", lambda: "labhost7.example.org")
    for metadata in ({"/Creator": "built on labhost7"}, {"/Keywords": "the SMITH lab"}):
        writer = PdfWriter()
        writer.add_blank_page(72, 72)
        writer.add_metadata(metadata)
        out = io.BytesIO()
        writer.write(out)
        told = disclosure.disclosed(out.getvalue(), tmp_path, ["Smith"])
        said = anonymity.in_sources({"main.tex": str(metadata).encode()}, ["Smith"], tmp_path)
        assert len(told) == len(said) == 1, (told, said)


def test_the_sources_are_read_for_the_folders_the_pdf_is(tmp_path, monkeypatch):
    """Round 22 (A2): ``\\href{file:///root/papers/HR/data.csv}{here}`` (the user's home,
    ``/root``) or a link into the paper's own absolute folder shipped with "warnings: 0": the
    sources were read for ``/home/`` and ``/Users/`` only, the PDF for the user's real home
    and the paper's folder. Both read the same folders now, as paths (a folder and what is
    in it; a deeper folder alone too), not as words of prose nor inside another path."""
    from pypdf import PdfWriter

    from figures.pack import anonymity

    paper = tmp_path / "lab" / "HR"
    paper.mkdir(parents=True)

    def said(home: str, line: str) -> list[str]:
        monkeypatch.setenv("HOME", home)
        return anonymity.in_sources({"main.tex": f"Text.\n{line}\n".encode()}, [], paper)

    def told(home: str, line: str) -> list[str]:
        monkeypatch.setenv("HOME", home)
        writer = PdfWriter()
        writer.add_blank_page(72, 72)
        writer.add_metadata({"/Subject": line})
        out = io.BytesIO()
        writer.write(out)
        return disclosure.disclosed(out.getvalue(), paper, [])

    link = "\\href{file:///root/papers/HR/data.csv}{here}"
    assert said("/root", link) == [("main.tex:2: the user's home folder (/root) in the packed "
                                    "source: the archive discloses it; remove it for review")]
    assert told("/root", link)
    assert said("/u/jsmith", "Kept in /u/jsmith.") == [
        ("main.tex:2: the user's home folder (/u/jsmith) in the packed source: the archive "
         "discloses it; remove it for review")]
    ours = f"main.tex:2: the paper's absolute folder ({paper}) in the packed source"
    assert [line[:len(ours)] for line in said("/root", f"\\href{{file://{paper}/d.csv}}{{here}}")
            ] == [ours]
    assert [line[:len(ours)] for line in said(str(tmp_path), f"{paper}/d.csv")] == [ours]  # once
    assert told("/root", f"file://{paper}/d.csv")
    for line in ("Swap fills the /root partition.", "See https://example.org/root/x.",
                 "Mounted at /mnt/root/x.", "Kept in /u/jsmithson/x.", "data/HR/data.csv",
                 f"Old: {paper}-old/x"):
        assert said("/root", line) == said("/u/jsmith", line) == [], line
        assert told("/root", line) == told("/u/jsmith", line) == [], line


def test_the_authors_of_the_sources_and_an_acknowledgements_section_are_named():
    names, said = disclosure.authors_named({
        "main.tex": b"\\author{Alice Smith \\\\ Univ. of Xanadu \\and Bob Jones}\n",
        "anon.tex": b"\\author{Anonymous Authors}\n\\section*{Acknowledgments} We thank",
    })
    assert names == ["Alice", "Smith", "Univ", "Xanadu", "Bob", "Jones"]
    assert said == [("anon.tex:2: an acknowledgements section: venues ask for none (or an "
                    "anonymised one) in a review copy: remove it for review")]


def test_arxiv_warnings_name_the_file_and_what_arxiv_does(tmp_path):
    Image.new("RGBA", (8, 8)).save(tmp_path / "alpha.png")
    Image.new("P", (8, 8)).save(tmp_path / "palette.png")
    Image.new("1", (6000, 6000)).save(tmp_path / "huge.png")
    Image.new("RGB", (8, 8)).save(tmp_path / "plain.png")
    (tmp_path / "my figure.png").write_bytes((tmp_path / "plain.png").read_bytes())
    names = ("alpha.png", "palette.png", "huge.png", "plain.png", "my figure.png")
    found = images.check(tmp_path, names, tmp_path, allow_synthetic=False)
    said = "\n".join(found.warnings)
    assert "alpha.png: PNG with an alpha channel" in said
    assert "palette.png: PNG with a palette" in said
    assert "huge.png: 6000x6000 = 36.0 megapixels" in said
    assert "my figure.png: arXiv renames" in said
    assert "plain.png" not in said.replace("my figure.png", "")
    assert sorted(found.foreign) == sorted(names)


def test_a_temporary_folder_inside_the_paper_is_not_copied_into_itself(tmp_path):
    """``TMPDIR=P/tmp`` (round 14): pack copied the paper into its temporary folder inside
    the paper, and that folder into itself, until "File name too long" named a temporary
    path. The folder the copy is made in is left out; the paper's other files are not."""
    paper = tmp_path / "P"
    (paper / "tmp" / "figures-pack-x").mkdir(parents=True)
    (paper / "tmp" / "notes.txt").write_text("kept")
    (paper / "main.tex").write_text("\\documentclass{article}")
    tex.copy_paper(paper, paper / "tmp" / "figures-pack-x" / "paper")
    copied = paper / "tmp" / "figures-pack-x" / "paper"
    assert sorted(p.relative_to(copied).as_posix() for p in copied.rglob("*")) == [
        "main.tex", "tmp", "tmp/notes.txt"]


def test_an_archive_under_a_file_names_the_file_in_the_way(tmp_path):
    """``--out I2.tar.gz/x.tar.gz`` with ``I2.tar.gz`` an archive (a file): "x.tar.gz: cannot
    write: File exists" (round 14), naming neither the file in the way nor what to do."""
    (tmp_path / "I2.tar.gz").write_bytes(b"archive")
    with pytest.raises(FigureDataError) as raised:
        archive.write_atomic(tmp_path / "I2.tar.gz" / "x.tar.gz", b"data")
    assert str(raised.value) == (f"{tmp_path / 'I2.tar.gz'}: cannot write: already exists and "
                                 "is not a folder (the archive x.tar.gz goes inside it): pass "
                                 "another --out")
    assert (tmp_path / "I2.tar.gz").read_bytes() == b"archive"


@pytest.mark.parametrize("kind", ["zip", "tar"])
def test_the_archive_is_the_same_bytes_whenever_it_is_packed(monkeypatch, kind):
    """Two packs of one paper at two times were two archives (round 14): the gzip header
    held the time of packing (``tarfile.open(mode="w:gz")`` writes ``time.time()``), an
    anonymous archive's too. Each stamp is fixed: the archive is the files alone."""
    import time

    files = {"main.tex": b"\\documentclass{article}"}
    monkeypatch.setattr(time, "time", lambda: 1_700_000_000.0)
    first = archive.encode(files, kind)
    monkeypatch.setattr(time, "time", lambda: 1_800_000_000.0)
    assert archive.encode(files, kind) == first


@pytest.mark.parametrize("name", ["paper.zip", "paper.tar.gz"])
def test_the_archive_is_written_whole_and_unpacks_to_the_same_files(tmp_path, name):
    files = {"main.tex": b"\\documentclass{article}", "figs/a.pdf": b"%PDF-1.4"}
    kind = archive.kind_of(tmp_path / name)
    data = archive.encode(files, kind)
    assert data == archive.encode(dict(reversed(files.items())), kind)  # reproducible
    archive.write_atomic(tmp_path / name, data)
    archive.unpack((tmp_path / name).read_bytes(), kind, tmp_path / "out")
    assert {p.relative_to(tmp_path / "out").as_posix(): p.read_bytes()
            for p in (tmp_path / "out").rglob("*") if p.is_file()} == files
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_the_archive_unpacks_without_tars_filter_argument_and_refuses_an_escape(
        tmp_path, monkeypatch):
    """Python 3.11.2 (Debian 12) has no ``extractall(filter=...)``: the pack's own checks."""
    import tarfile

    def old_extractall(self, path=".", members=None, *, numeric_owner=False):
        raise AssertionError("extractall would follow links and ../ on 3.11.2")

    monkeypatch.setattr(tarfile.TarFile, "extractall", old_extractall)
    data = archive.encode({"main.tex": b"x", "figs/a.png": b"y"}, "tar")
    archive.unpack(data, "tar", tmp_path / "ok")
    assert (tmp_path / "ok" / "figs" / "a.png").read_bytes() == b"y"
    for kind in ("tar", "zip"):
        with pytest.raises(FigureDataError, match="not a plain file inside"):
            archive.unpack(archive.encode({"../evil.tex": b"x"}, kind), kind, tmp_path / kind)
    assert not (tmp_path / "evil.tex").exists()


def test_an_archive_name_other_than_tar_gz_or_zip_is_refused(tmp_path):
    with pytest.raises(FigureDataError, match=r"\.tar\.gz or \.zip"):
        archive.kind_of(tmp_path / "paper.rar")


def test_the_main_file_is_the_one_with_documentclass(tmp_path):
    (tmp_path / "main.tex").write_text("\\documentclass{article}\n")
    (tmp_path / "intro.tex").write_text("% \\documentclass{article} in a comment\n")
    assert runner.find_main(tmp_path, None).name == "main.tex"
    (tmp_path / "draft.tex").write_text("\\documentclass{article}\n")
    with pytest.raises(FigureDataError, match="--main"):
        runner.find_main(tmp_path, None)
    assert runner.find_main(tmp_path, "draft.tex").name == "draft.tex"



def test_a_difference_between_the_two_compiles_is_named_by_page():
    from matplotlib.figure import Figure

    from figures.pack.proof import first_difference as _first_difference
    from figures.pack.proof import page_texts as _page_texts

    def pdf(*texts: str) -> list[str]:
        from matplotlib.backends.backend_pdf import PdfPages

        out = io.BytesIO()
        with PdfPages(out) as pages:
            for text in texts:
                figure = Figure()
                figure.text(0.5, 0.5, text)
                pages.savefig(figure)
        return _page_texts(out.getvalue())

    assert _first_difference(pdf("a", "b"), pdf("a", "b")) is None
    assert _first_difference(pdf("a", "b"), pdf("a", "c")) == "page 2"
    assert _first_difference(pdf("a"), pdf("a", "b")) == "1 pages, then 2"


def test_the_copy_follows_relative_links_and_leaves_out_loops_pipes_and_dangling_links(
        tmp_path, monkeypatch):
    import os

    paper = tmp_path / "paper"
    (paper / "figs").mkdir(parents=True)
    (paper / "real.png").write_bytes(b"picture")
    (paper / "figs" / "logo.png").symlink_to("../real.png")  # relative, from its own folder
    (paper / "figs" / "up").symlink_to("..")  # a loop
    (paper / "figs" / "root").symlink_to("/")  # holds the paper too
    (paper / "gone.png").symlink_to("nowhere.png")
    os.mkfifo(paper / "pipe")
    monkeypatch.chdir(tmp_path)  # not the links' folder
    tex.copy_paper(paper, tmp_path / "copy")
    copied = sorted(p.relative_to(tmp_path / "copy").as_posix()
                    for p in (tmp_path / "copy").rglob("*"))
    assert copied == ["figs", "figs/logo.png", "real.png"]
    assert (tmp_path / "copy" / "figs" / "logo.png").read_bytes() == b"picture"


def test_the_copy_links_big_files_and_linked_folders_and_leaves_build_products_out(
        tmp_path, monkeypatch):
    """Round 6: an unused 2 GB file and a linked data folder were copied before compiling; a
    read-only folder's mode was copied (latexmk could not write); a leftover main.aux broke
    the compile."""
    paper, data = tmp_path / "paper", tmp_path / "data"
    (paper / "sections").mkdir(parents=True)
    data.mkdir()
    (data / "runs.csv").write_bytes(b"1,2\n")
    (paper / "data").symlink_to(data)
    (paper / "big.bin").write_bytes(b"x" * 64)
    (paper / "main.aux").write_text("\\relax\n\\oldpackage@macro\n")
    (paper / "sections" / "intro.tex").write_text("Hi.")
    (paper / "sections").chmod(0o555)
    monkeypatch.setattr(tex, "LINK_BYTES", 64)
    try:
        tex.copy_paper(paper, tmp_path / "copy")
    finally:
        (paper / "sections").chmod(0o755)
    copy = tmp_path / "copy"
    assert (copy / "big.bin").is_symlink()
    assert (copy / "data").is_symlink()
    assert (copy / "data" / "runs.csv").read_bytes() == b"1,2\n"
    assert not (copy / "main.aux").exists()
    assert (copy / "sections").stat().st_mode & 0o200
    assert not (copy / "sections" / "intro.tex").is_symlink()


@pytest.mark.slow  # starts a process tree and waits 3.5 s for it
def test_a_compile_that_times_out_ends_with_every_process_it_started(tmp_path, monkeypatch):
    """latexmk's pdflatex is a grandchild: it must not go on writing after the pack stops."""
    import time

    monkeypatch.setattr(runner, "TIMEOUT_S", 0.5)
    command = ["sh", "-c", "(sleep 2; touch late) & wait"]
    with pytest.raises(FigureDataError, match=r"sh took over 0\.5 s and was stopped"):
        _run(command, tmp_path)
    time.sleep(3)
    assert not (tmp_path / "late").exists()


def test_an_anonymous_pack_names_an_author_in_the_papers_document_information(tmp_path):
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(72, 72)
    writer.add_metadata({"/Author": "Jane Doe", "/Title": "A title"})
    out = io.BytesIO()
    writer.write(out)
    told = disclosure.disclosed(out.getvalue(), tmp_path, [])
    assert any("/Author" in line and "Jane Doe" in line for line in told)
    assert not any("/Title" in line for line in told)


def test_a_main_file_outside_the_folder_is_refused(tmp_path):
    paper = tmp_path / "paper"
    paper.mkdir()
    (tmp_path / "outside.tex").write_text("\\documentclass{article}\n")
    with pytest.raises(FigureDataError, match="inside the paper's folder"):
        runner.find_main(paper, "../outside.tex")


def test_a_file_outside_the_paper_s_folder_is_named_with_what_to_do(tmp_path):
    (tmp_path / "main.log").write_text("./main.tex:4: LaTeX Error: File `../shared/x.tex' not "
                                       "found.\n")
    with pytest.raises(FigureDataError, match=r"\.\./shared/x\.tex.*move that file into it"):
        _run(["sh", "-c", "exit 1"], tmp_path)


def test_an_archive_the_pack_wrote_is_told_from_the_users_own(tmp_path):
    import tarfile

    for name, kind in (("ours.tar.gz", "tar"), ("ours.zip", "zip")):
        (tmp_path / name).write_bytes(archive.encode({"main.tex": b"x"}, kind))
        assert archive.written_by_pack(tmp_path / name)
    theirs = tmp_path / "2401.12345.tar.gz"  # arXiv's download: real times
    with tarfile.open(theirs, "w:gz") as tar:
        tar.add(tmp_path / "ours.zip", arcname="main.tex")
    assert not archive.written_by_pack(theirs)
    (tmp_path / "text.tar.gz").write_bytes(b"precious")
    assert not archive.written_by_pack(tmp_path / "text.tar.gz")


def test_the_default_out_never_replaces_a_file_of_the_users(tmp_path, capsys):
    """Hostile pass 6: `figures pack 2401.12345` replaced the arXiv download
    2401.12345.tar.gz beside the folder it was unpacked into, without a word."""
    from figures.cli import main as cli

    paper = tmp_path / "2401.12345"
    paper.mkdir()
    (paper / "main.tex").write_text("\\documentclass{article}\\begin{document}x\\end{document}")
    download = tmp_path / "2401.12345.tar.gz"
    download.write_bytes(b"arXiv's source")
    assert cli.main(["pack", str(paper)]) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"error: {download}: already there and not an archive")
    assert "--out FILE" in line
    assert download.read_bytes() == b"arXiv's source"


def test_a_compile_that_ends_well_without_its_pdf_says_where_to_look(tmp_path):
    """Round 6: "latexmk exited 0 ... see main.log" when the output went to another folder."""
    with pytest.raises(FigureDataError, match=r"true ended without writing main.pdf beside "
                       r"main.tex here \(an output folder set in the paper\?\)"):
        _run(["true"], tmp_path)


def test_the_first_error_never_points_at_a_log_in_a_removed_folder(tmp_path):
    said = "Latexmk: Missing input file 'x.sty'\nLatexmk: Errors, so I did not complete\n" \
           "  Refer to 'main.log' for details\n"
    assert texlog.first_error(tmp_path / "main.log", said) == (
        "Latexmk: Errors, so I did not complete")


def test_an_anonymous_pdf_keeps_no_orphaned_private_data_nor_a_pdftex_file_name():
    """Issue 45: a foreign figure's /PieceInfo private data in a stream of its own (as
    Illustrator writes it), its image's XMP without /Type, and /PTEX.FileName of a figure made
    with pdfTeX still carried the author's name and home folder: the keys went, the objects
    they pointed at were written all the same."""
    from helpers import pdf_strings, private_pdf
    from pypdf import PdfReader

    data = private_pdf()
    assert b"Alice" in pdf_strings(data)
    clean = scrub.without_metadata(data, "figs/plot.pdf")
    assert b"Alice" not in pdf_strings(clean)
    assert b"alice" not in pdf_strings(clean)
    assert PdfReader(io.BytesIO(clean)).pages[0]["/Resources"]["/XObject"]["/Im0"].get_data() \
        == bytes(24)  # the pixels stay


def test_the_names_an_error_line_gives_a_file_by():
    """Round 25 (PL, LL): pgfplots quotes the file, fancyvrb names it bare, listings splits
    its suffix off (``logs/run(.log)``): each is a name to look for in the paper's folder."""
    from figures.pack import leftout

    assert "logs/train.log" in leftout.named(
        "./main.tex:8: Package pgfplots Error: Could not read table file 'logs/train.log' in "
        "'search path=.'. In case you intended to provide inline data: maybe TeX screwed up")
    assert "logs/run.log" in leftout.named("./main.tex:6: FancyVerb Error: No verbatim file "
                                          "logs/run.log")
    assert "logs/run.log" in leftout.named("Package Listings Error: File `logs/run(.log)' "
                                          "not found.")
    assert "my logs/a.log" in leftout.named("File `my logs/a.log' not found.")


def test_a_folder_arxiv_renames_is_told_once_as_the_folder(tmp_path):
    """Round 42a (A16): figures in ``figs/réseau/`` (the folder's name, not the files', is
    what arXiv renames) were each told "rename it and its include", though the includes are
    bare and ``\\graphicspath`` names the folder: one line for the folder, what names it."""
    folder = tmp_path / "figs" / "réseau"
    folder.mkdir(parents=True)
    for name in ("a.png", "b.png"):
        Image.new("RGB", (8, 8)).save(folder / name)
    names = ("figs/réseau/a.png", "figs/réseau/b.png")
    found = images.check(tmp_path, names, tmp_path, allow_synthetic=False)
    said = ("figs/réseau/: arXiv renames folders with characters other than A-Z a-z 0-9 _ + - . "
            ", = (2 packed file(s) in it; every include and \\graphicspath naming it would "
            "break): rename the folder and the paths that name it in the source")
    assert found.warnings == [said], found.warnings
