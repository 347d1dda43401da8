"""What several test modules share (imported as ``from helpers import ...``; registered as a
plugin by conftest.py, so its fixtures need no import): the repository's paths, the
``figures`` command run in this process (:func:`run`) or in a copy of the project
(:func:`run_figures_in`), the figure fixtures, and ``figdata_dir``."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from figures.cli import main as cli
from figures.errors import UNPRINTABLE, display_path
from figures.registry import BY_NAME, FIGURES, FigureSpec

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures"
#: The venue layouts golden-tested (tests/golden/test_venue_images.py): a two-column
#: conference's column (3.25 in) and text (6.75 in) slots, and a one-column one's 5.5 in.
VENUES = ("icml", "neurips")
VENUE_BASELINES = REPO / "baseline" / "venues"
#: A golden kept in Git LFS, checked out without git-lfs: the pointer file's first line,
#: and what to do (restoring it with git checkout gives the pointer again; round 25, GL).
LFS_POINTER = b"version https://git-lfs.github.com/spec/v1"
LFS_POINTER_ADVICE = ("it is a Git LFS pointer, not the image: run `git lfs pull` (git-lfs "
                      "installed), then the test again")
#: Set to 1, vector content is the only judge even on the reference environment: for the
#: mutation check of that judge alone (``nox -s mutants -- --judge vector``).
VECTOR_ONLY = "FIGURES_GOLDEN_VECTOR_ONLY"


def vector_only() -> bool:
    """Whether :data:`VECTOR_ONLY` makes vector content the only judge: the one reading of
    the variable, the golden run's (tests/conftest.py) and tools/update_baselines.py's (which
    refuses it: no image is drawn). ``1`` on; ``0``, empty or unset off (tools/mutants.py sets
    it empty for the pixel judge); ValueError (one line) for another value (round 37, G7)."""
    value = os.environ.get(VECTOR_ONLY, "")
    if value in ("", "0", "1"):
        return value == "1"
    shown = repr(value) if value.strip() != value or not value else display_path(value)
    raise ValueError(f"{VECTOR_ONLY}={shown}: it takes 1 (vector content alone judges, as off "
                     "the reference environment) or 0 (unset, empty: pixels judge here); set "
                     "one of those")


#: A paper's main.tex for ``figures sync`` (``%s``: its body): graphicx, figures in
#: ``figs/`` by ``\graphicspath``, the macros sync writes read by ``\input{macros}``.
#: An ICML-like page of two columns (3.25 in each, text 6.75 in) up to ``\\begin{document}``,
#: our figures under ``figures/``: the paper path's hostile tests write their floats after it.
ICML_PREAMBLE = r"""\documentclass[twocolumn]{article}
\usepackage[letterpaper,textwidth=6.75in,textheight=9in,columnsep=0.25in]{geometry}
\usepackage{graphicx}
\usepackage{adjustbox}
\usepackage{lipsum}
\graphicspath{{figures/}}
\begin{document}
"""

SYNC_TEX = r"""\documentclass{article}
\usepackage{graphicx}
\graphicspath{{figs/}}
\input{macros}
\begin{document}
%s
\end{document}
"""


def sync_project(tmp_path: Path, reference_build: Path, main_tex: str) -> tuple[Path, ...]:
    """A paper folder holding ``main_tex``, our figdata and a build of every figure
    (``figures sync``'s tests)."""
    paper = tmp_path / "paper"
    (paper / "figs").mkdir(parents=True)
    (paper / "main.tex").write_text(main_tex)
    shutil.copytree(REPO / "figdata", tmp_path / "figdata")
    shutil.copytree(reference_build, tmp_path / "built")
    return paper, tmp_path / "figdata", tmp_path / "built"


def run_sync(capsys, paper: Path, figdata: Path, built: Path, *extra: str):
    """``figures sync`` run in this process: (exit code, stdout, stderr)."""
    code = cli.main(["sync", str(paper), "--figdata", str(figdata), "--built", str(built),
                     *extra])
    out, err = capsys.readouterr()
    return code, out, err


def copy_of(root: Path, *folders: str) -> Path:
    """``root`` holding a copy of each of the checkout's ``folders`` (a project to edit)."""
    for folder in folders:
        shutil.copytree(REPO / folder, root / folder, ignore=shutil.ignore_patterns("__pycache__"))
    return root


@pytest.fixture
def figdata_dir(tmp_path: Path) -> Path:
    """A copy of the committed figdata/, for a test to edit."""
    target = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", target)
    return target


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``figures ARGV`` in this process: the exit status, stdout and stderr."""
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def paper_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, main: str,
                 files: dict[str, str] | None = None) -> Path:
    """``tmp_path/paper`` holding ``main`` as main.tex, an empty ``figures/`` and ``files``
    (relative path: text), the current folder its parent (as an author runs the command)."""
    paper = tmp_path / "paper"
    (paper / "figures").mkdir(parents=True)
    (paper / "main.tex").write_text(main)
    for name, text in (files or {}).items():
        (paper / name).parent.mkdir(parents=True, exist_ok=True)
        (paper / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    return paper


def on_paper(paper: Path, capsys: pytest.CaptureFixture[str], *args: str
             ) -> tuple[int, str, str]:
    """``figures ARGS[0] PAPER ARGS[1:]`` on the committed (synthetic) figdata: the exit
    status, stdout and stderr."""
    return run(capsys, *args[:1], str(paper), "--allow-synthetic", "--figdata",
               str(REPO / "figdata"), *args[1:])


def figures_as_a_user(cwd: Path, *argv: str, timeout: float = 600,
                      env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``python -m figures ARGV --figdata FIGDATA`` in ``cwd``, the checkout's figdata (unless
    ARGV gives one: one folder per run, round 37's C2), as a user runs it (a process of its own: what TeX and the signals do is real); ``env``: set
    in its environment besides ours."""
    figdata = () if "--figdata" in argv else ("--figdata", str(REPO / "figdata"))  # the
    return subprocess.run([sys.executable, "-m", "figures", *argv, *figdata],  # test's own
                          capture_output=True, text=True,
                          timeout=timeout, cwd=cwd, check=False, env={**os.environ, **(env or {})})


def write_files(folder: Path, files: dict[str, str | bytes]) -> Path:
    """``folder`` holding ``files`` (a name below it: its text or bytes), folders made."""
    for name, content in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            (folder / name).write_bytes(content)
        else:
            (folder / name).write_text(content)
    return folder


def packed(cwd: Path, *options: str, folder: str = "p", warnings: int | None = 0
           ) -> tuple[dict[str, str], str]:
    """``figures pack FOLDER OPTIONS --out FOLDER.tar.gz`` in ``cwd``, as a user runs it,
    exit 0 with ``warnings`` warnings (none unless told; None: not counted): each file of
    the archive by its name, as text, and what it printed (stderr)."""
    import tarfile

    ran = figures_as_a_user(cwd, "pack", folder, *options, "--out", f"{folder}.tar.gz",
                            timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert warnings is None or ran.stderr.splitlines()[-1].endswith(f"warnings: {warnings}"), \
        ran.stderr
    with tarfile.open(cwd / f"{folder}.tar.gz") as archive:
        return {m.name: archive.extractfile(m).read().decode()
                for m in archive.getmembers()}, ran.stderr


def packed_anonymously(cwd: Path, folder: str = "p") -> dict[str, str]:
    """:func:`packed` with ``--anonymous``: each file of the archive by its name, as text."""
    return packed(cwd, "--anonymous", folder=folder)[0]


#: How every line of the anonymous pack's reading of text TeX never prints ends
#: (figures.pack.hidden.told).
HIDDEN_ENDS = ("text TeX does not print, shipped in the archive (the page never shows it): "
               "remove it before you submit")


def told_once(paper: str | dict[str, str], page: list[str]) -> str:
    """What the anonymous pack's reading of text TeX never prints
    (:func:`figures.pack.hidden.told`) says of ``paper`` (its main.tex, or each file by its
    name), ``page`` the text of its compiled pages: one line, ending in :data:`HIDDEN_ENDS`;
    that line without its ending."""
    from figures.pack.hidden import told

    said = told({"main.tex": paper} if isinstance(paper, str) else paper, page)
    assert len(said) == 1, said
    assert said[0].endswith(f": {HIDDEN_ENDS}"), said
    return said[0].removesuffix(f": {HIDDEN_ENDS}")


def anonymous_paper(root: Path, preamble: str, body: str, *, packages: str = "xcolor",
                    author: bool = True, **files: str) -> None:
    """``root/p``: a main.tex, an article loading ``packages``, then ``preamble``, an
    ``\\author{Anonymous}`` (unless ``author`` is false) and ``body`` as its document;
    ``files`` (a name: its text) beside it."""
    head = f"\\documentclass{{article}}\n\\usepackage{{{packages}}}\n{preamble}\n"
    write_files(root / "p", {"main.tex": head + "\\author{Anonymous}\n" * author +
                             f"\\begin{{document}}\n{body}\n\\end{{document}}\n", **files})


def anonymous_pack_tells(root: Path, hidden: tuple[str, str],
                         printed: tuple[str, str] | None = None, *, shipped: str | None = None,
                         **paper) -> str:
    """The :func:`anonymous_paper` of ``hidden`` (its preamble, its body; ``paper``: the
    rest) packed ``--anonymous``: exit 0, warnings 1, ``shipped`` (if given) still in the
    archive's main.tex (warned, not cut); then, given ``printed`` (the paper with its note
    printed), packed again: warnings 0. What the first pack printed (stderr)."""
    anonymous_paper(root, *hidden, **paper)
    files, told = packed(root, "--anonymous", warnings=1)
    assert shipped is None or shipped in files["main.tex"], files["main.tex"]
    if printed is not None:
        anonymous_paper(root, *printed, **paper)
        packed(root, "--anonymous", warnings=0)
    return told


def authored_plot(path: Path, author: str) -> None:
    """A matplotlib plot saved as the PDF ``path``, its document information's ``/Author``
    ``author`` (a figure made on someone's machine)."""
    import matplotlib.pyplot as plt

    figure = plt.figure(figsize=(2, 1.5))
    figure.gca().plot([1, 2, 3])
    figure.savefig(path, metadata={"Author": author})
    plt.close(figure)


def pack_said(cwd: Path, *options: str, folder: str = "p") -> str:
    """``figures pack FOLDER OPTIONS --out FOLDER.tar.gz`` in ``cwd``, as a user runs it,
    done: exit 0; what it printed on stderr (its warnings and summary; the archive may hold
    binary files, which :func:`packed` reads as text)."""
    ran = figures_as_a_user(cwd, "pack", folder, *options, "--out", f"{folder}.tar.gz",
                            timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    return ran.stderr


def pack_refused(cwd: Path, *options: str, folder: str = "p") -> str:
    """``figures pack FOLDER OPTIONS --out FOLDER.tar.gz`` in ``cwd``, as a user runs it,
    refused: exit 1, no archive written; the last line it printed (the refusal)."""
    ran = figures_as_a_user(cwd, "pack", folder, *options, "--out", f"{folder}.tar.gz",
                            timeout=300)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert not (cwd / f"{folder}.tar.gz").exists()
    return ran.stderr.splitlines()[-1]


def plot_book(root: Path) -> Path:
    """Round 23 (F2)'s plot book: a three-page PDF compiled in ``root/book``, its pages 1 and
    3 naming people and unpublished results, page 2 the paper's plot (PLOT OF THE PAPER),
    copied into the paper ``root/p`` as ``figs/plots.pdf``; the book's own PDF."""
    book = root / "book"
    book.mkdir()
    (book / "plots.tex").write_text(
        "\\documentclass{article}\n\\pagestyle{empty}\n\\begin{document}\n"
        "PRIVATE PAGE: results of Janet Smithson.\n\\newpage\nPLOT OF THE PAPER\n\\newpage\n"
        "PRIVATE PAGE: reviewer 2 is Bob Jones.\n\\end{document}\n")
    tex(book, "pdflatex", "-interaction=nonstopmode", "plots.tex")
    (root / "p" / "figs").mkdir(parents=True)
    shutil.copy(book / "plots.pdf", root / "p" / "figs" / "plots.pdf")
    return book / "plots.pdf"


def packed_plot_book_pages(cwd: Path, *options: str) -> list[str]:
    """``figures pack p OPTIONS --out p.tar.gz`` in ``cwd`` of a paper placing page 2 of
    :func:`plot_book`: exit 0, its one warning naming pages 1 and 3 left blank; the text of
    each page of the archive's ``figs/plots.pdf``."""
    import tarfile

    from figures.pdf import open_pdf

    ran = figures_as_a_user(cwd, "pack", "p", *options, "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "warning: figs/plots.pdf: page(s) 1, 3 of 3 never printed (the paper places 2): " \
           "left blank in the archive" in ran.stderr, ran.stderr
    assert ran.stderr.splitlines()[-1].endswith("warnings: 1"), ran.stderr
    with tarfile.open(cwd / "p.tar.gz") as archive:
        packed = archive.extractfile("figs/plots.pdf").read()
    return [page.extract_text().strip() for page in open_pdf(packed).pages]


def sync_refused_twice(cwd: Path, figure: str) -> str:
    """What ``figures sync p --venue icml --allow-synthetic`` in ``cwd`` says of ``figure``'s
    row, the same twice (the first sync without a build there, the second with one: a probe
    that guesses what it places), each refused (exit 1)."""
    said = []
    for _ in range(2):
        ran = figures_as_a_user(cwd, "sync", "p", "--venue", "icml", "--allow-synthetic")
        assert ran.returncode == 1, ran.stdout + ran.stderr
        rows = [line for line in ran.stdout.splitlines() if line.startswith(f"{figure} ")]
        assert len(rows) == 1, ran.stdout
        said.append(rows[0].split(None, 2)[2])
    assert said[0] == said[1], said
    return said[0]


def run_figures_in(root: Path, *argv: str, timeout: float = 120,
                   only_the_copy: bool = False) -> tuple[int, str, str]:
    """``python -m figures ARGV`` in a copy of the project at ``root`` (its own package, no
    bytecode written): the exit status, stdout and stderr. ``only_the_copy``: without the
    installed package's import hook (an editable install finds a module missing from the
    copy, ``figures/registry.py``, in the checkout)."""
    command, env = python_in(root, only_the_copy=only_the_copy)
    proc = subprocess.run([*command, "-m", "figures", *argv], cwd=root, env=env,
                          capture_output=True, text=True, check=False, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def python_in(root: Path, *, only_the_copy: bool = False) -> tuple[list[str], dict[str, str]]:
    """The interpreter's command and environment that import ``figures`` from ``root``;
    ``only_the_copy``: ``-S`` (no .pth import hooks) with site-packages on the path."""
    import sysconfig

    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}
    if not only_the_copy:
        return [sys.executable], env
    paths = sysconfig.get_paths()
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys([str(root), paths["purelib"],
                                                       paths["platlib"]]))
    return [sys.executable, "-S"], env


def tool(name: str, module: str | None = None):
    """tools/NAME.py loaded afresh as the module ``module`` (default NAME; in ``sys.modules``,
    as a dataclass of it needs), so a test's patches of it stay its own."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(module or name, REPO / "tools" / f"{name}.py")
    loaded = sys.modules[module or name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def review_tool():
    """tools/review.py (``figures review``) as the module ``review_tool``, loaded once (its
    dataclasses need their module in ``sys.modules``), as tests/unit/test_review.py loads it."""
    import importlib.util

    if "review_tool" not in sys.modules:
        spec = importlib.util.spec_from_file_location("review_tool", REPO / "tools" / "review.py")
        sys.modules["review_tool"] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules["review_tool"])
    return sys.modules["review_tool"]


def fixture_files() -> list[Path]:
    return sorted(FIXTURES.glob("*.json"))


def figure_name(fixture: Path) -> str:
    """``cifar_diagnostics--partial.json`` belongs to the figure ``cifar_diagnostics``."""
    return fixture.stem.partition("--")[0]


def orphan_line(fixture: Path) -> str | None:
    """One line naming ``fixture`` and what to do when its figure is not in the registry (a
    figure removed, its fixture left behind), or its name holds a control character (round
    48d, G15: a line end split each line naming its golden, and review did not know its
    test); None when it is a golden's."""
    if re.search(f"[{UNPRINTABLE}]", fixture.stem):
        return (f"tests/fixtures/{display_path(fixture.name)}: a fixture's name holds a control "
                "character (a line end, a tab), which its golden's files, its test's id and the "
                "commands that name it cannot show: rename the fixture (letters, digits, - and _)")
    if fixture.stem != fixture.stem.strip():  # round 49d, G6: taken for a new golden
        return (f"tests/fixtures/'{fixture.name}': a fixture's name begins or ends with a space, "
                "which `ls` does not show and Windows cannot hold (a co-author's checkout "
                "fails): rename the fixture (letters, digits, - and _)")
    name = figure_name(fixture)
    if name in BY_NAME:
        return None
    return (f"tests/fixtures/{fixture.name}: a fixture of {name}, which is not in FIGURES in "
            f"figures/registry.py: remove the fixture (and baseline/{fixture.stem}.png, "
            f"baseline/{fixture.stem}.vector.txt.gz), or register the figure")


def fixture_spec(fixture: Path) -> FigureSpec:
    """The registered figure ``fixture`` draws; for a fixture left behind by a figure removed
    from the registry, its test fails with :func:`orphan_line` (hostile round 29, G9: a
    KeyError, and with ``--mpl`` an INTERNALERROR that judged no golden at all)."""
    if (line := orphan_line(fixture)) is not None:
        pytest.fail(line, pytrace=False)
    return BY_NAME[figure_name(fixture)]


def venue_baseline_name(venue: str, figure: str, slot: str | float | None = None) -> str:
    """``venue-icml--NAME.png`` for the figure's own slot, ``...--NAME--column.png`` for
    another, ``...--NAME--4.125.png`` for a width."""
    suffix = "" if slot is None else f"--{slot:g}" if isinstance(slot, float) else f"--{slot}"
    return f"venue-{venue}--{figure}{suffix}.png"


#: Widths between the slots golden-tested at ICML (``build --width``): each figure at its
#: smallest width (its narrowest reflow) and at 4.125 in (a 0.61\textwidth figure).
WIDTHS = ("smallest", 4.125)


def venue_slots() -> list[tuple[str, str, str | float | None]]:
    """(venue, figure, slot) of every venue layout the build writes at the golden-tested
    venues: each figure's own slot (None) and, at a two-column venue, its other one; and
    each figure at the WIDTHS (a float slot) at ICML."""
    from figures.outputs.kind import slots_of
    from figures.venues import get_venue

    widths = [(VENUES[0], spec.name, spec.smallest_width_in(get_venue(VENUES[0]))
               if w == "smallest" else w) for spec in FIGURES for w in WIDTHS]
    return [(venue, spec.name, slot if i else None) for venue in VENUES for spec in FIGURES
            for i, slot in enumerate(slots_of(spec, get_venue(venue)))] + widths


def tex(folder: Path, *command: str, ok: bool = True) -> str:
    """``command`` (pdflatex, latexmk, pdfcrop, pdffonts...) run in ``folder`` by the package's
    one runner (figures/runner.py: its timeout and stop, its check naming the package to
    install: a missing tool fails the test, never skips it); what it printed. ``ok``: it must
    succeed (False: fail)."""
    from figures import runner

    ran = runner.run(command, folder)
    assert (ran.returncode == 0) == ok, ran.stdout[-3000:]
    return ran.stdout


def compiled_for_icml(root: Path, sample: Path) -> tuple[Path, Path, Path]:
    """``sample`` (a paper of tests/papers/) and our figdata copied into ``root``, synced for
    ICML from there (the width builds go into root/build/icml/) and compiled: (root, paper,
    figdata)."""
    paper, figdata = root / "paper", root / "figdata"
    shutil.copytree(sample, paper)
    shutil.copytree(REPO / "figdata", figdata)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        assert cli.main(["sync", str(paper), "--venue", "icml", "--allow-synthetic",
                         "--figdata", str(figdata)]) == 0
    latexmk(paper)
    return root, paper, figdata


def cropped_copy(paper: Path, folder: Path, package: str, include: str) -> Path:
    """A copy of ``paper`` (a sample of tests/papers) in ``folder``: ``package`` loaded after
    graphicx and the column include of ``cifar_feature_drift`` written as ``include`` (round
    39, F7/F10: a crop around it)."""
    shutil.copytree(paper, folder)
    tex = folder / "main.tex"
    text = tex.read_text().replace("\\usepackage{graphicx}", "\\usepackage{graphicx}" + package)
    tex.write_text(text.replace("\\includegraphics[width=\\columnwidth]{cifar_feature_drift}",
                                include))
    return folder


@contextlib.contextmanager
def reaped(process: subprocess.Popen):
    """``process`` killed and waited for if the block leaves it running (a test failing
    midway leaves no review or server behind)."""
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def latexmk(paper: Path, main: str = "main.tex") -> str:
    """``main`` compiled as `figures paper` compiles it (latexmk -norc: no latexmkrc runs)."""
    from figures import runner

    return tex(paper, *runner.LATEXMK, "-pdf", "-interaction=nonstopmode", "-halt-on-error",
               main)


def count_draws(log: Path, monkeypatch) -> Path:
    """Log the name of every figure BuildKind.draw draws to ``log``, one line each (appended
    to a file, so draws in forked workers count too); returns ``log``."""
    from figures.outputs.kind import BuildKind

    draw = BuildKind.draw

    def counted(self, spec, data):
        with log.open("a") as lines:
            lines.write(f"{spec.name}\n")
        return draw(self, spec, data)

    monkeypatch.setattr(BuildKind, "draw", counted)
    return log


def figures_in_process(*args: str) -> tuple[int, str, str]:
    """``figures ARGS`` run in this process: exit code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(args))
    return code, out.getvalue(), err.getvalue()


def private_pdf() -> bytes:
    """A foreign figure that names its author where no reader looks: its image's XMP (no
    /Type), /PieceInfo private data in a compressed stream of its own (as Illustrator writes
    it), pdfTeX's /PTEX.FileName of a figure it included (``/home/alice/...``)."""
    import io
    import zlib

    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject, NumberObject
    from pypdf.generic import TextStringObject as Text

    def name(value: str) -> NameObject:
        return NameObject(value)

    writer = PdfWriter()
    page = writer.add_blank_page(72, 72)
    xmp, private, image = DecodedStreamObject(), DecodedStreamObject(), DecodedStreamObject()
    xmp.set_data(b"<x:xmpmeta><dc:creator>Alice Smith</dc:creator></x:xmpmeta>")
    xmp[name("/Subtype")] = name("/XML")
    private.set_data(zlib.compress(b"%AI12 Alice Smith's private data"))
    private[name("/Filter")] = name("/FlateDecode")
    image.set_data(bytes(4 * 2 * 3))
    image.update({name("/Type"): name("/XObject"), name("/Subtype"): name("/Image"),
                  name("/Width"): NumberObject(4), name("/Height"): NumberObject(2),
                  name("/ColorSpace"): name("/DeviceRGB"),
                  name("/BitsPerComponent"): NumberObject(8),
                  name("/Metadata"): writer._add_object(xmp),
                  name("/PTEX.FileName"): Text("/home/alice/figs/plot.pdf"),
                  name("/PieceInfo"): DictionaryObject({name("/Illustrator"): DictionaryObject(
                      {name("/Private"): writer._add_object(private)})})})
    page[name("/Resources")] = DictionaryObject({name("/XObject"): DictionaryObject(
        {name("/Im0"): writer._add_object(image)})})
    page[name("/Contents")] = writer._add_object(DecodedStreamObject())
    page[name("/Contents")].get_object().set_data(b"q 72 0 0 72 0 0 cm /Im0 Do Q")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def pdf_strings(data: bytes) -> bytes:
    """Every object of a PDF as text, its streams decoded (a name inside a compressed
    stream is found)."""
    import contextlib
    import io

    from pypdf import PdfReader
    from pypdf.generic import StreamObject

    reader = PdfReader(io.BytesIO(data))
    found = [data]
    for number in range(1, int(reader.trailer["/Size"])):
        with contextlib.suppress(Exception):
            obj = reader.get_object(number)
            found.append(repr(obj).encode())
            if isinstance(obj, StreamObject):
                found.append(obj.get_data())
    return b"\n".join(found)


def paper_with_an_image(folder, image, width_pt: float, *, data: bytes | None = None):
    """A one-page PDF drawing ``image`` (Flate RGB, as pdfTeX writes a PNG) ``width_pt``
    wide, its proportions kept; ``data`` replaces the stream (a damaged one)."""
    import zlib

    from pypdf import PdfWriter
    from pypdf.generic import (
        DecodedStreamObject,
        DictionaryObject,
        NameObject,
        NumberObject,
        StreamObject,
    )

    writer = PdfWriter()
    page = writer.add_blank_page(612, 792)
    xobject = StreamObject()
    xobject._data = data if data is not None else zlib.compress(image.convert("RGB").tobytes())
    xobject.update({NameObject("/Type"): NameObject("/XObject"),
                    NameObject("/Subtype"): NameObject("/Image"),
                    NameObject("/Width"): NumberObject(image.width),
                    NameObject("/Height"): NumberObject(image.height),
                    NameObject("/ColorSpace"): NameObject("/DeviceRGB"),
                    NameObject("/BitsPerComponent"): NumberObject(8),
                    NameObject("/Filter"): NameObject("/FlateDecode")})
    page[NameObject("/Resources")][NameObject("/XObject")] = writer._add_object(
        DictionaryObject({NameObject("/Im1"): writer._add_object(xobject)}))
    height_pt = width_pt * image.height / image.width
    content = DecodedStreamObject()
    content.set_data(f"q {width_pt} 0 0 {height_pt} 72 72 cm /Im1 Do Q".encode())
    page[NameObject("/Contents")] = writer._add_object(content)
    folder.mkdir(parents=True, exist_ok=True)
    writer.write(folder / "main.pdf")
    return folder / "main.pdf"


def flate_stream(head: bytes, data: bytes) -> bytes:
    """A PDF stream object of ``data`` (already Flate-compressed), its dictionary ``head``."""
    return (b"<< " + head + b" /Filter /FlateDecode /Length %d >>\nstream\n" % len(data)
            + data + b"\nendstream")


def raw_pdf(objects: dict[int, bytes]) -> bytes:
    """A PDF of ``objects`` (number: its body; 1 the catalog), with its cross-reference
    table: PDFs pypdf's writer will not make (a stream over pypdf's own reading limits)."""
    out = bytearray(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n"
    size, xref = max(objects) + 1, len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    out += b"".join(b"%010d 00000 n \n" % offsets[n] for n in range(1, size))
    return bytes(out + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n"
                 % (size, xref))


def restore_command(path: Path, root: Path = REPO) -> str | None:
    """How to get back ``path``, a golden file missing from the working tree of ``root``,
    when git tracks it (in HEAD, or only added to the index); None when it does not (a new
    golden's) or there is no git here (:func:`in_git` tells the two apart). git runs through
    the package's one runner (figures/runner.py)."""
    from figures import runner
    from figures.errors import FigureDataError

    shown = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
    for asked, restore in ((["ls-tree", "--name-only", "HEAD"], f"git checkout HEAD -- {shown}"),
                           (["ls-files"], f"git checkout -- {shown}")):
        try:
            found = runner.run(["git", *asked, "--", shown], root, timeout=60)
        except (FigureDataError, OSError):  # no git installed, or it did not answer
            return None
        if found.returncode == 0 and found.stdout.strip():
            return restore
    return None


def in_git(root: Path = REPO) -> bool:
    """Whether ``root`` is in a git working tree that git answers for."""
    from figures import runner
    from figures.errors import FigureDataError

    try:
        found = runner.run(["git", "rev-parse", "--is-inside-work-tree"], root, timeout=60)
    except (FigureDataError, OSError):
        return False
    return found.returncode == 0 and found.stdout.strip() == "true"


def restore_advice(shown: str, restore: str | None = None, root: Path = REPO) -> str:
    """"restore it (HOW)" for golden file ``shown`` of ``root``, missing or damaged: ``restore``
    (:func:`restore_command`'s), or git's checkout where git answers for ``root``; in a copy
    without git (a release tarball, a Zenodo copy) no git command, which would answer "not a
    git repository" (round 47d, G5)."""
    if restore is not None:
        return f"restore it ({restore})"
    if in_git(root):
        return f"restore it (git checkout -- {shown})"
    return "restore it from your copy of the project"


def review_pdf(*, outline: tuple[str, ...] = (), addresses: tuple[str, ...] = ()) -> object:
    """A one-page PDF, its outline ``outline`` (each title after the first nested in the
    first) and a link to each of ``addresses``, read back."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.annotations import Link

    writer = PdfWriter()
    writer.add_blank_page(200, 200)
    parent = None
    for title in outline:
        item = writer.add_outline_item(title=title, page_number=0, parent=parent)
        parent = parent or item
    for address in addresses:
        writer.add_annotation(page_number=0, annotation=Link(rect=(10, 10, 60, 30), url=address))
    data = io.BytesIO()
    writer.write(data)
    return PdfReader(io.BytesIO(data.getvalue()))


def ask_review(served, path: str, method: str = "GET", token: str | None = None,
               host: str | None = None, timeout: float = 60) -> tuple[int, bytes]:
    """One request to a review server (tools/review.py's ``Review``) as a browser sends it:
    ``token`` in the query, the ``Host`` given (else the server's own); status and body."""
    import http.client

    if token is not None:
        path += f"{'&' if '?' in path else '?'}token={token}"
    connection = http.client.HTTPConnection("127.0.0.1", served.server_port, timeout=timeout)
    connection.putrequest(method, path, skip_host=True)
    connection.putheader("Host", host or f"127.0.0.1:{served.server_port}")
    connection.putheader("Content-Length", "0")
    connection.endheaders()
    try:
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


def pdf_objects(data: bytes, *, streams: bool = False) -> list[bytes]:
    """Every key and string of every object of the PDF ``data`` as pypdf reads them (not its
    bytes: pypdf writes a string's ``/``, ``@`` and ``.`` as octal escapes), and with
    ``streams`` each stream's decoded content too: what a scrubbed figure still says."""
    from pypdf import PdfReader
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

    reader = PdfReader(io.BytesIO(data))
    found, seen, todo = [], set(), [reader.trailer.get_object()]
    while todo:
        obj = todo.pop()
        obj = obj.get_object() if isinstance(obj, IndirectObject) else obj
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if streams and isinstance(obj, StreamObject):
            found.append(obj.get_data())
        if isinstance(obj, DictionaryObject):
            found += [str(key).encode() for key in obj]
            todo += list(obj.values())
        elif isinstance(obj, ArrayObject):
            todo += list(obj)
        else:
            found.append(str(obj).encode())
    return found
