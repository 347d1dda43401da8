"""Issue 45, round 7: a downloaded paper is untrusted input. Its FIFOs, hard links and foreign
figures' metadata, and the other cases of round 7's hostile pass over the paper, pack, width
and golden surfaces, each kept.

TeX Live is required (CI installs it in .ci/run): without it these fail, never skip.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import REPO

pytestmark = pytest.mark.slow  # TeX compiles and subprocesses: seconds each

ICML_STY = "\\ProvidesPackage{icml2025}\n\\RequirePackage[letterpaper,textwidth=6.75in," \
    "textheight=9in,columnsep=0.25in]{geometry}\n"


def _paper(folder: Path, body: str) -> Path:
    (folder / "notes").mkdir(parents=True)
    (folder / "icml2025.sty").write_text(ICML_STY)
    (folder / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage{graphicx}\n\\usepackage{icml2025}\n"
        f"\\begin{{document}}\nHello.\n{body}\n\\end{{document}}\n")
    return folder


def _figures(cwd: Path, *argv: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """``python -m figures ARGV`` in ``cwd``; a hang fails the test (TimeoutExpired)."""
    return subprocess.run([sys.executable, "-m", "figures", *argv], capture_output=True,
                          text=True, timeout=timeout, cwd=cwd, check=False)


@pytest.mark.parametrize("command", ["sync", "pack", "paper"])
@pytest.mark.parametrize("input_", [True, False])
def test_a_fifo_among_the_papers_tex_files_never_hangs(tmp_path, command, input_):
    """Round 6 and 7: ``notes/draft.tex`` a FIFO hung sync (the probe compile waited for a
    writer until its 300 s timeout, then named no file). Not input: ignored; input: one line
    naming it, within seconds."""
    paper = _paper(tmp_path / "p", "\\input{notes/draft}" if input_ else "")
    os.mkfifo(paper / "notes" / "draft.tex")
    argv = {"sync": ["sync", "p", "--dry-run", "--venue", "icml"],
            "pack": ["pack", "p", "--out", "p.tar.gz"],
            "paper": ["paper", "p"]}[command]
    ran = _figures(tmp_path, *argv, "--figdata", str(REPO / "figdata"))
    said = ran.stderr.strip().splitlines()
    if not input_:
        assert ran.returncode == 0, ran.stderr
        return
    assert ran.returncode == 1, ran.stderr
    assert len(said) == 1, ran.stderr
    assert "notes/draft.tex" in said[0]
    assert "a named pipe (FIFO)" in said[0]
    assert "Traceback" not in ran.stderr


def _packed_anonymously(tmp_path: Path, member: str) -> tuple[bytes, str]:
    """``member`` of the archive ``figures pack p --anonymous`` made, and what it printed."""
    import tarfile

    ran = _figures(tmp_path, "pack", "p", "--out", "p.tar.gz", "--anonymous", "--figdata",
                   str(REPO / "figdata"))
    assert ran.returncode == 0, ran.stderr
    with tarfile.open(tmp_path / "p.tar.gz") as archive:
        return archive.extractfile(member).read(), ran.stderr


def test_an_anonymous_pack_ships_a_foreign_pdf_without_its_hidden_author(tmp_path):
    """Round 6 and 7: a foreign figure's image XMP and /PieceInfo private stream (and
    pdfTeX's /PTEX.FileName inside it) still named the author in an --anonymous archive."""

    from helpers import pdf_strings, private_pdf

    paper = _paper(tmp_path / "p", "\\includegraphics[width=1in]{figs/plot.pdf}")
    (paper / "figs").mkdir()
    (paper / "figs" / "plot.pdf").write_bytes(private_pdf())
    packed, stderr = _packed_anonymously(tmp_path, "figs/plot.pdf")
    assert b"Alice" not in pdf_strings(packed)
    assert b"alice" not in pdf_strings(packed)
    assert "metadata" not in stderr


def test_a_hard_link_to_a_file_outside_the_folder_is_not_packed(tmp_path):
    """Issue 45: ``ln ~/secret P/notes.tex`` and ``\\input{notes}``: the archive shipped the
    outside file's content, no word (a hard link is no link to resolve: the same file under
    two names). Refused in one line like a symbolic link to outside, nothing written; two
    names inside the folder are the paper's own and go in."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "secret.tex").write_text("Private text.\n")
    paper = _paper(tmp_path / "p", "\\input{notes}\\input{sections/again}")
    os.link(home / "secret.tex", paper / "notes.tex")
    (paper / "sections").mkdir()
    (paper / "sections" / "again.tex").write_text("Again.\n")
    os.link(paper / "sections" / "again.tex", paper / "notes" / "again-too.tex")
    argv = ["pack", "p", "--out", "p.tar.gz", "--figdata", str(REPO / "figdata")]
    ran = _figures(tmp_path, *argv)
    assert ran.returncode == 1
    assert ran.stderr == (
        "error: notes.tex: a hard link: 1 of its 2 names is outside the paper's folder (the "
        "same file as one elsewhere): the pack takes only the paper's own files; make it a "
        "copy of its own (cp p/notes.tex p/notes.tex.copy && mv p/notes.tex.copy p/notes.tex)\n")
    assert not (tmp_path / "p.tar.gz").exists()
    (paper / "notes.tex").unlink()
    (paper / "notes.tex").write_text("Own text.\n")
    ran = _figures(tmp_path, *argv)
    assert ran.returncode == 0, ran.stderr


@pytest.mark.parametrize(("raised", "shown"), [
    ("GeneratorExit", "GeneratorExit (an error"),
    ("type('Boom', (BaseException,), {})('boom')", "Boom: boom (an error"),
])
def test_a_page_drawing_raising_a_base_exception_during_sync_is_its_figures_row(
        tmp_path, raised, shown):
    """Round 6: a render raising GeneratorExit or a BaseException subclass during sync was
    not one line naming the figure. Its row is refused at the author's line; nothing is
    written ("GeneratorExit: " had an empty message after its colon)."""
    from helpers import copy_of, run_figures_in

    copy_of(tmp_path, "figures", "figdata")
    module = tmp_path / "figures" / "plots" / "cifar_summary.py"
    text = module.read_text()
    head = "def _for_page(data: dict[str, Any], page: Page) -> Figure:\n"
    at = text.index("\n", text.index('"""', text.index(head) + len(head) + 4) + 3) + 1
    module.write_text(text[:at] + f"    raise {raised}\n" + text[at:])
    line = text[:at].count("\n") + 1
    paper = _paper(tmp_path / "p", "\\begin{figure}\\includegraphics[width=\\linewidth]"
                   "{cifar_summary}\\end{figure}")
    code, out, err = run_figures_in(tmp_path, "sync", "p", "--venue", "icml",
                                    "--allow-synthetic", timeout=300)
    assert code == 1, out + err
    row = next(r for r in out.splitlines() if r.startswith("cifar_summary "))
    assert f"refused: figures/plots/cifar_summary.py, line {line}: {shown}" in row
    assert "Traceback" not in out + err
    assert not (paper / "cifar_summary.pdf").exists()


def test_an_anonymous_pack_ships_a_foreign_pdfs_pages_alone(tmp_path):
    """Round 7: a foreign figure's attachment (its data, an e-mail address), a reviewer's
    note on its page and its outline went into the --anonymous archive whole (pdfTeX
    includes none of them); only the e-mail address was warned about."""

    from helpers import pdf_strings
    from pypdf import PdfWriter
    from pypdf.annotations import Text

    paper = _paper(tmp_path / "p", "\\includegraphics[width=1in]{fig.pdf}")
    writer = PdfWriter()
    writer.add_blank_page(72, 72)
    writer.add_attachment("notes.txt", b"Data of Alice Smith, alice@example.org")
    writer.add_annotation(0, Text(rect=(0, 0, 0, 0), text="Alice's review note"))
    writer.add_outline_item(title="Alice's outline", page_number=0)
    writer.write(paper / "fig.pdf")
    packed, _ = _packed_anonymously(tmp_path, "fig.pdf")
    assert b"Alice" not in pdf_strings(packed)
    assert b"alice" not in pdf_strings(packed)


def test_an_anonymous_pack_says_when_a_file_name_names_an_author(tmp_path):
    """Round 7: ``figs/smith-plot.png`` beside ``\\author{Jane Smith}``: the archive's file
    names disclose the author, no word (only the files' contents were read)."""
    from PIL import Image

    paper = _paper(tmp_path / "p", "\\includegraphics[width=1in]{figs/smith-plot.png}")
    (paper / "main.tex").write_text((paper / "main.tex").read_text().replace(
        "\\begin{document}", "\\author{Jane Smith}\n\\begin{document}"))
    (paper / "figs").mkdir()
    Image.new("RGB", (4, 4)).save(paper / "figs" / "smith-plot.png")
    ran = _figures(tmp_path, "pack", "p", "--out", "p.tar.gz", "--anonymous", "--figdata",
                   str(REPO / "figdata"))
    assert ran.returncode == 0, ran.stderr
    assert "warning: figs/smith-plot.png: an author's name (smith) in the file's name: the " \
        "archive discloses it; rename it (and its include) for review" in ran.stderr.splitlines()


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_main_file_that_is_no_regular_file_is_named_as_such(tmp_path, kind):
    """Round 7: ``--main other.tex`` a FIFO (or a folder) said "--main: no such file"."""
    paper = _paper(tmp_path / "p", "")
    if kind == "fifo":
        os.mkfifo(paper / "other.tex")
    else:
        (paper / "other.tex").mkdir()
    ran = _figures(tmp_path, "pack", "p", "--main", "other.tex", "--out", "p.tar.gz",
                   "--figdata", str(REPO / "figdata"))
    assert ran.returncode == 1
    assert ran.stderr == ("error: p/other.tex: --main: not a regular file (a named pipe, a "
                          "device, a folder or a dangling link): name the paper's main .tex "
                          "file\n")


def test_a_folder_named_like_a_tex_file_is_passed_over_when_finding_the_main_file(tmp_path):
    """Round 7: a folder ``old.tex/`` in the paper stopped every command finding the main
    file with "error: 3: is a folder, expected a file" (a file descriptor for a name)."""
    paper = _paper(tmp_path / "p", "")
    (paper / "old.tex").mkdir()
    ran = _figures(tmp_path, "sync", "p", "--dry-run", "--venue", "icml", "--figdata",
                   str(REPO / "figdata"))
    assert ran.returncode == 0, ran.stderr


@pytest.mark.parametrize("width", ["3.25in", "3,25", "3.25\"", "1_0", "3_25", "1e0", "1e3",
                                   "nan", "inf"])
def test_a_width_with_its_unit_or_a_comma_says_to_give_a_plain_number(tmp_path, capsys, width):
    """Round 7: ``--width 3.25in`` said "invalid float value: '3.25in'" (what a float is, not
    what to write). Round 7's unclear cases, decided: ``--width 1_0`` was read by ``float`` as
    10 and refused as "10 in" (``3_25``: "325 in"), a number the user never wrote; ``1e0``
    was taken as 1. A width is a plain decimal. Round 26 (WO): ``1e3`` was told "a number
    without its unit", and it is a number: the line says plain decimal, no exponent."""
    from figures.cli import main as cli

    with pytest.raises(SystemExit) as ended:
        cli.main(["build", "--venue", "icml", "--width", width, "cifar_summary", "--out",
                  str(tmp_path / "out")])
    assert ended.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"figures build: error: argument --width: expected a width in inches as a plain "
        f"decimal number, no unit or exponent (e.g. 3.25), got {width!r}")
    assert not (tmp_path / "out").exists()


# Round 7's unclear cases, decided (harden, this session).

@pytest.mark.parametrize("name", [".tar.gz", "out/.zip", ".TGZ"])
def test_an_archive_named_by_its_suffix_alone_is_refused(tmp_path, name):
    """``--out "$NAME.tar.gz"`` with NAME unset packed a hidden ``.tar.gz`` (``ls`` shows
    nothing) and said "packed .tar.gz"."""
    _paper(tmp_path / "p", "")
    ran = _figures(tmp_path, "pack", "p", "--out", name, "--figdata", str(REPO / "figdata"))
    assert ran.returncode == 1
    assert ran.stderr == (f"error: {name}: --out: the name is its suffix alone (an unset "
                          "variable?): name the archive, e.g. --out paper.tar.gz\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p"]


def test_an_archive_into_a_missing_folder_says_it_made_the_folder(tmp_path):
    """``--out dist/v1/p.tar.gz`` made ``dist/v1/`` without a word (a typo in a folder's
    name went unseen). Kept as build's ``--out`` does it, and said."""
    _paper(tmp_path / "p", "")
    figdata = ("--figdata", str(REPO / "figdata"))
    ran = _figures(tmp_path, "pack", "p", "--out", "dist/v1/p.tar.gz", *figdata)
    assert ran.returncode == 0, ran.stderr
    assert ran.stderr.splitlines()[-1].startswith("packed dist/v1/p.tar.gz from main.tex: ")
    assert ran.stderr.splitlines()[-1].endswith(" (made the folder dist)")
    assert (tmp_path / "dist" / "v1" / "p.tar.gz").is_file()
    again = _figures(tmp_path, "pack", "p", "--out", "dist/v1/p.tar.gz", *figdata)
    assert "made the folder" not in again.stderr


@pytest.mark.parametrize("command", ["pack", "sync", "paper"])
def test_an_input_of_dev_zero_is_named_within_seconds(tmp_path, command):
    """``\\input{/dev/zero}``: sync and paper said only "pdflatex stopped before the end of
    the paper (exit 1)" (TeX's fatal "Unable to read an entire line" has no file:line); pack
    hung until its 300 s timeout (latexmk hashes every file the compile read)."""
    _paper(tmp_path / "p", "\\input{/dev/zero}")
    argv = {"sync": ["sync", "p", "--dry-run", "--venue", "icml"],
            "pack": ["pack", "p", "--out", "p.tar.gz"],
            "paper": ["paper", "p"]}[command]
    ran = _figures(tmp_path, *argv, "--figdata", str(REPO / "figdata"))
    assert ran.returncode == 1
    said = ran.stderr.splitlines()
    assert len(said) == 1, ran.stderr
    if command == "pack":
        assert said[0] == ("error: main.tex: latexmk reads /dev/zero, a device without end; "
                           "it was stopped: remove what names it (its \\input, or a test "
                           "for it: \\IfFileExists)")
    else:
        assert said[0] == ("error: p/main.tex: pdflatex stopped before the end of the paper "
                           "(Unable to read an entire line---bufsize=200000, reading "
                           "/dev/zero): mend it so it compiles, then sync again")


def _tex_of(parent: int) -> list[int]:
    """The TeX processes (latexmk, its perl, pdflatex) whose ancestors include ``parent``."""
    found = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            if (proc / "comm").read_text().strip() not in ("latexmk", "perl", "pdflatex"):
                continue
            pid = int(proc.name)
            while pid > 1:
                pid = int((Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1]
                          .split()[1])
                if pid == parent:
                    found.append(int(proc.name))
                    break
        except (OSError, ValueError):
            continue
    return found


def test_a_pack_stopped_by_sigterm_names_the_archive_it_did_not_write(tmp_path):
    """SIGTERM during pack said "terminated; finished files are complete, the others were
    left as they were": which files? Pack writes one archive, at the end."""
    import signal
    import time

    _paper(tmp_path / "p", "\\def\\loop{\\loop}\\loop")
    process = subprocess.Popen([sys.executable, "-m", "figures", "pack", "p", "--out",
                                "p.tar.gz", "--figdata", str(REPO / "figdata")], cwd=tmp_path, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not _tex_of(process.pid) and process.poll() is None \
                and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _tex_of(process.pid), f"TeX never started: {process.poll()}"
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 143, err
    assert err == "terminated before p.tar.gz was written; nothing was written\n"
    assert not (tmp_path / "p.tar.gz").exists()


# A fresh hostile pass over the paper, pack, width and golden surfaces (harden, this session):
# 18 cases, 13 OK, 5 mended (the tests below); docs/hardening note in the stop.

def _pytest_golden(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pytest", str(REPO / "tests" / "golden" /
                           "test_images.py"), "-k", "cifar_summary and not partial", "-q",
                           "-p", "no:randomly", "-p", "no:cacheprovider", "-p", "no:xdist",
                           *args], capture_output=True, text=True, cwd=cwd, timeout=300,
                          check=False)


@pytest.mark.parametrize(("args", "said"), [
    (("-p", "no:mpl"), ("ERROR: pytest-mpl is not loaded (-p no:mpl?: run without that "
                        "option): the golden images and this suite's settings need it")),
    (("--mpl", "--mpl-use-full-test-name"), ("ERROR: --mpl-use-full-test-name: the golden "
                                             "images are named by figure (baseline/NAME.png); "
                                             "run without that option")),
    (("--mpl", "-o", "mpl-use-full-test-name=true"), (
        "ERROR: --mpl-use-full-test-name: the golden images are named by figure "
        "(baseline/NAME.png); run without that option")),
    (("--mpl", "-o", "mpl-hash-library=h.json"), (
        "ERROR: --mpl-hash-library: the golden suite keeps no hash library (baseline/'s pixels "
        "and vector content judge); run without that option")),
    (("--mpl", "--setup-only"), ("ERROR: --setup-only: no test runs, so no golden image is "
                                 "compared; run without that option")),
    (("--mpl", "--setup-plan"), ("ERROR: --setup-plan: no test runs, so no golden image is "
                                 "compared; run without that option"))])
def test_a_golden_run_without_its_judge_or_its_names_is_one_line(tmp_path, args, said):
    """``-p no:mpl``: an INTERNALERROR traceback (the conftest read pytest-mpl's ini value).
    ``--mpl-use-full-test-name``: every golden "Image file not found ... (This is expected
    for new tests.)", the baseline there all along, and "golden judges: pixels 1 image(s)".
    Round 23 (G3): ``--mpl --setup-only`` / ``--setup-plan``: exit 0 under the header that
    announces the pixel judge, the changed picture never compared. Round 24 (G1): the hash
    library through its ini key (``-o mpl-hash-library=..``, a pytest.ini, PYTEST_ADDOPTS):
    pytest-mpl compared hashes only, "1 passed", and the cache kept the pass. Round 37 (G4):
    ``-o mpl-use-full-test-name=true`` (the ini form of the refused option): every golden
    "Image file not found ... (This is expected for new tests.)" under "judged 1 image(s)"."""
    ran = _pytest_golden(tmp_path, *args)
    assert ran.returncode == 4, ran.stdout + ran.stderr
    assert ran.stderr.strip() == said
    assert "INTERNALERROR" not in ran.stdout + ran.stderr


def test_a_golden_run_with_plugin_autoload_off_names_the_variable(tmp_path, monkeypatch):
    """Round 17: ``PYTEST_DISABLE_PLUGIN_AUTOLOAD=1`` exported: "pytest-mpl is not loaded
    (-p no:mpl?)", an option never given; the variable that did it was not named."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    ran = _pytest_golden(tmp_path)
    assert ran.returncode == 4, ran.stdout + ran.stderr
    assert ran.stderr.strip() == ("ERROR: pytest-mpl is not loaded (PYTEST_DISABLE_PLUGIN_AUTOLOAD "
                                  "is set: unset it): the golden images and this suite's settings "
                                  "need it")


@pytest.mark.parametrize("kind", ["fifo", "tex"])
def test_check_of_a_pipe_or_of_the_tex_says_what_it_was_given(tmp_path, capsys, kind):
    """``figures check fifo.pdf`` said "no such file" of a file that is there;
    ``figures check paper/main.tex`` said "unknown figure(s) paper/main.tex; known: ..."."""
    from figures.cli import main as cli

    if kind == "fifo":
        os.mkfifo(tmp_path / "main.pdf")
        code = cli.main(["check", str(tmp_path / "main.pdf"), "--venue", "icml"])
        said = f"error: {tmp_path}/main.pdf: not a regular file (a named pipe or a device): " \
            "give the compiled paper"
    else:
        code = cli.main(["check", "paper/main.tex", "--venue", "icml"])
        said = "error: paper/main.tex: check reads the compiled paper: give its PDF (figures " \
            "check paper/main.pdf)"
    assert code != 0
    assert capsys.readouterr().err.splitlines() == [said]


@pytest.mark.parametrize("command", ["pack", "paper", "sync"])
def test_a_paper_folder_that_is_not_there_is_said_to_be_missing(tmp_path, command):
    """``figures paper nosuch``: "no .tex file with \\documentclass in it"; pack and sync:
    "not a folder". Neither is what happened: there is no such folder."""
    ran = _figures(tmp_path, command, "nosuch", "--figdata", str(REPO / "figdata"))
    assert ran.returncode == 1
    assert ran.stderr.startswith("error: nosuch: no such folder: give the ")
    assert len(ran.stderr.splitlines()) == 1


@pytest.mark.parametrize("name", ["empty.pdf", "cut.pdf", "pipe.pdf", "/dev/zero"])
def test_which_and_check_of_a_broken_pdf_are_one_line(tmp_path, name):
    """OK cases of the pass, kept: an empty, a cut, a FIFO PDF and a device, one line each."""
    (tmp_path / "empty.pdf").write_bytes(b"")
    (tmp_path / "cut.pdf").write_bytes(b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog")
    os.mkfifo(tmp_path / "pipe.pdf")
    for argv in (["which", name], ["check", name, "--venue", "icml"]):
        ran = _figures(tmp_path, *argv, "--figdata", str(REPO / "figdata"), timeout=60)
        assert ran.returncode == 1 if argv[0] == "which" or name != "/dev/zero" else 2
        assert len(ran.stderr.splitlines()) + len(ran.stdout.splitlines()) == 1, ran
        assert "Traceback" not in ran.stderr


def test_a_run_started_in_the_background_still_stops_its_commands_with_ctrl_c(tmp_path):
    """The whole suite run as ``nohup ... &`` (SIGINT ignored, as a shell starts a background
    job): every test sending Ctrl-C to a command it started timed out after 60 s
    (test_paper_shapes' stopped command, test_workers' Ctrl-C); the children inherited the
    ignored SIGINT. The conftest takes SIGINT back."""
    import signal

    ran = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p",
                          "no:cacheprovider", "-p", "no:xdist", str(REPO / "tests" / "unit" /
                          "test_stop_signals.py") + "::test_a_command_this_run_starts_takes_"
                          "ctrl_c"], capture_output=True, text=True, cwd=tmp_path,
                         timeout=120, check=False,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    assert ran.returncode == 0, ran.stdout + ran.stderr
