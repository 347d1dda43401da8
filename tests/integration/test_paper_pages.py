"""The paper path right the first time on papers of shapes never tried (issue 44): the first
``figures paper`` (no --venue, no edit) prints every include of ours at 100 %. The page is
the paper's: a class of no known venue (a JMLR-like class shipped with the paper, plain
``article`` with 1 in margins, Springer's ``llncs``) gets the page TeX reports and rules from
its own body size, said once in one line, never a venue's narrower page; an IEEEtran journal
paper with a space in a figure folder; an acmart sigplan paper shipping its class, with
subcaption in a figure*; llncs with floatrow, a ``\\resizebox`` of a tabular of includes (built
for the width they print at: the probe reads the factor) and a ``\\makebox`` (tests/papers/).
And each refusal's advised edit, applied, mends its include (tests/papers/advice/)."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess

import pytest
from helpers import REPO, figures_in_process

from figures.venues import body_rules, get_venue, on_page

PAPERS = REPO / "tests" / "papers"
#: Each sample's includes of ours and the width TeX prints each at (inches).
BOXES = {"jmlrlike": {"fig1_audit_hero": 6.5, "cifar_feature_drift": 3.9},
         "article1in": {"fig4_penalty_rescue": 6.5, "cifar_accuracy": 3.12,
                        "cifar_summary": 3.12},
         # floatrow's box; a \resizebox of a tabular of two 2.4 in includes to the text's
         # width (built for the 2.36 in they print at); a \makebox of the text's width
         "llncs": {"fig4_penalty_rescue": 4.8, "cifar_accuracy": 2.36, "cifar_summary": 2.36,
                   "cifar_feature_drift": 4.8},
         # IEEEtran journal: one in ./Figs/ in a folder whose name holds a space
         "ieeejournal": {"cifar_feature_drift": 3.49, "fig1_audit_hero": 7.14},
         # acmart sigplan, the class shipped beside the paper: subcaption in a figure*
         "sigplan": {"cifar_accuracy": 3.36, "cifar_state_vs_credit": 3.36}}
#: What the audit names: a known venue's key, or the page of a class of none.
PAGES = {"jmlrlike": "tex10.95pt-6.5x6.5x9in", "article1in": "tex10pt-6.5x6.5x9in",
         "llncs": "tex10pt-4.803x4.803x7.598in", "ieeejournal": "ieee", "sigplan": "acm"}
NOTES = {"jmlrlike": "note: jmlrlike is no known venue: figures are drawn for its own page "
         "(text 6.5 in, one column, height 9 in) with rules from its 10.95 pt body (type "
         "at least 7.5 pt, lines 0.5 pt, 300 ppi, no Type 3 fonts); --venue V for a venue's "
         "rules",
         "article1in": "note: article is no known venue: figures are drawn for its own page "
         "(text 6.5 in, one column, height 9 in) with rules from its 10 pt body (type at "
         "least 7 pt, lines 0.5 pt, 300 ppi, no Type 3 fonts); --venue V for a venue's rules",
         "llncs": "note: llncs is no known venue: figures are drawn for its own page (text "
         "4.803 in, one column, height 7.598 in) with rules from its 10 pt body (type at least 7 "
         "pt, lines 0.5 pt, 300 ppi, no Type 3 fonts); --venue V for a venue's rules"}



@pytest.fixture(scope="module", params=sorted(BOXES))
def made(request, tmp_path_factory):
    """A sample paper's first ``figures paper`` (no --venue, no edit): (kind, paper, run)."""
    kind = request.param
    root = tmp_path_factory.mktemp(kind)
    paper, figdata = root / "paper", root / "figdata"
    shutil.copytree(PAPERS / kind, paper)
    shutil.copytree(REPO / "figdata", figdata)
    if kind == "sigplan":  # authors who bundle their class: acmart.cls beside main.tex
        found = subprocess.run(["kpsewhich", "acmart.cls"], capture_output=True, text=True,
                               check=True, timeout=60).stdout.strip()
        shutil.copy(found, paper)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        run = figures_in_process("paper", str(paper), "--allow-synthetic", "--figdata", str(figdata))
    return kind, paper, run


@pytest.mark.slow
def test_the_first_figures_paper_prints_every_include_of_ours_at_100_percent(made):
    kind, _, (code, out, err) = made
    assert code == 0, out + err
    assert [line for line in err.splitlines() if "no known venue" in line] == \
        ([NOTES[kind]] if kind in NOTES else [])
    rows = {line.split()[0]: line.split() for line in out.splitlines() if "%" in line}
    assert sorted(rows) == sorted(BOXES[kind])
    for name, width in BOXES[kind].items():
        assert rows[name][2:5] == ["current", "100%", f'{width:.2f}"'], rows[name]
    assert err.splitlines()[-1].endswith(f"0 problem(s) ({PAGES[kind]})")
    if kind == "llncs":  # the \resizebox's two: the first probe sees the factor (their
        assert "w2.364/cifar_accuracy.pdf" in out, out  # missing files a box of width=)
        assert "w2.4/" not in out, out
        assert "placed again" not in err, err
    assert "compiled again" not in err  # the first sync placed each at the size it prints at


@pytest.mark.slow
def test_a_plain_sync_after_figures_paper_keeps_what_it_placed(made, monkeypatch):
    """A plain ``figures sync`` knows the size each include prints at as ``figures paper``
    does (llncs: a \\resizebox scales two to 2.364 in; it used to copy their 2.4 in builds
    back over them)."""
    kind, paper, _ = made
    before = {p.name: p.read_bytes() for p in paper.rglob("*") if p.is_file()}
    monkeypatch.chdir(paper.parent)
    code, out, err = figures_in_process("sync", str(paper), "--allow-synthetic", "--figdata",
                                        str(paper.parent / "figdata"))
    assert code == 0, out + err
    rows = [line for line in out.splitlines() if line.split()[:1] in [[n] for n in BOXES[kind]]]
    assert len(rows) == len(BOXES[kind]), out
    assert all(line.endswith("up to date") for line in rows), out
    after = {p.name: p.read_bytes() for p in paper.rglob("*") if p.is_file()}
    assert {n for n in before if before[n] != after.get(n)} == set(), kind


def test_a_page_key_names_its_rules_and_page_and_reads_back():
    """The build kind of a width build names its venue by key (``which`` reads it back): a
    venue's rules on another page, or a body size's rules on the paper's page."""
    acm = get_venue("acm")
    assert on_page(acm, 7.01, 3.34, 9.0) is acm  # its own page: itself (acm states no height)
    manuscript = on_page(acm, 5.953, 5.953, 9.05)
    assert manuscript.key == "acm-5.953x5.953in"  # acm's own height (none) kept
    assert (manuscript.text_width_in, manuscript.column_width_in) == (5.953, 5.953)
    assert (manuscript.min_font_pt, manuscript.font_rule) == (acm.min_font_pt, acm.font_rule)
    assert get_venue(manuscript.key) == manuscript
    for body, least in ((10, 7.0), (10.95, 7.5), (12, 8.0), (8, 6.0)):
        page = on_page(body_rules(body), 6.5, 6.5, 9)
        assert page.key == f"tex{body:g}pt-6.5x6.5x9in"
        assert (page.min_font_pt, page.text_width_in, page.text_height_in) == (least, 6.5, 9)
        assert get_venue(page.key) == page
        assert page.width(6.5) == 6.5  # a full-width include is drawn, not refused


_WRITE = re.compile(r"(?<!with )write (\\includegraphics\[[^\]]*\]\{[^}]*\}) at main\.tex:(\d+)")
_BOX = re.compile(r"make it at least ([0-9.]+\\textwidth), or move the include out of it "
                  r"\(main\.tex:(\d+)\)")
_STAR = re.compile(r"put it in a figure\* \(a line of [0-9.]+ in\)"
                   r"(?: with (\\includegraphics\[[^\]]*\]\{[^}]*\}))? at main\.tex:(\d+)")
_INCLUDE = re.compile(r"\\includegraphics(\[[^\]]*\])?\{[^}]*\}")


def _apply(lines: list[str], refusal: str) -> None:
    """The one edit ``refusal`` advises, made to the paper's ``lines``."""
    box, write, star = (_BOX.search(refusal), _WRITE.search(refusal),
                        _STAR.search(refusal))
    assert [box, write, star].count(None) == 2, refusal  # one edit, never two, never none
    if star is not None:  # the include's own width, when it is not \linewidth, too
        at = int(star[2]) - 1
        if star[1]:
            lines[at] = _INCLUDE.sub(lambda _: star[1], lines[at])
        begin = next(n for n in range(at, -1, -1) if "\\begin{figure}" in lines[n])
        end = next(n for n in range(at, len(lines)) if "\\end{figure}" in lines[n])
        lines[begin] = lines[begin].replace("{figure}", "{figure*}")
        lines[end] = lines[end].replace("{figure}", "{figure*}")
        return
    if box is not None:
        at = next(n for n in range(int(box[2]) - 1, -1, -1) if "\\begin{minipage}" in lines[n])
        lines[at] = re.sub(r"\{[^{}]*\}$", "{" + box[1].replace("\\", "\\\\") + "}", lines[at])
        return
    at = int(write[2]) - 1
    edited = _INCLUDE.sub(lambda _: write[1], lines[at])
    assert edited != lines[at], refusal  # never the include as it is written
    lines[at] = edited


@pytest.mark.slow
def test_every_advised_edit_differs_from_the_include_and_mends_it(tmp_path, monkeypatch):
    """tests/papers/advice/: each include refused with one edit (a fraction of \\linewidth,
    a figure* for a column too narrow, a wider box, the include without scale=); every edit
    applied, sync passes."""
    paper = tmp_path / "paper"
    shutil.copytree(PAPERS / "advice", paper)
    monkeypatch.chdir(tmp_path)
    common = ("--allow-synthetic", "--figdata", str(REPO / "figdata"))
    code, out, err = figures_in_process("sync", str(paper), *common)
    assert code == 1, out + err
    refusals = [line for line in out.splitlines()
                if re.match(r"\S+ +\S+ +refused: ", line)]
    assert len(refusals) == 5, out
    main = paper / "main.tex"
    lines = main.read_text().splitlines()
    for refusal in refusals:
        _apply(lines, refusal)
    main.write_text("\n".join(lines) + "\n")
    code, out, err = figures_in_process("sync", str(paper), *common)
    assert code == 0, out + err
    assert "refused" not in out


def _fresh_sync(made, monkeypatch, tmp_path, guess=None, edit="", forget=False,
                command="sync"):
    """A sync of the paper (which records what it placed; ``forget``: then the record of it
    dropped), then a ``command`` into a fresh copy of it (``edit`` added to its main file):
    (the copy, the probes' papers, exit code, out, err)."""
    from figures.paper import engine, memo

    kind, paper, _ = made
    monkeypatch.chdir(paper.parent)
    common = ("--allow-synthetic", "--figdata", str(paper.parent / "figdata"))
    assert figures_in_process("sync", str(paper), *common)[0] == 0
    if forget:  # builds current, no placement of this main file recorded
        record = paper.parent / "build" / memo.MEMO
        kept = json.loads(record.read_text())
        for key in memo.placed_key(paper / "main.tex", None, True):
            assert kept.pop(key, None) is not None
        record.write_text(json.dumps(kept))
    fresh = shutil.copytree(PAPERS / kind, tmp_path / "fresh")
    if kind == "sigplan":
        shutil.copy(paper / "acmart.cls", fresh)
    (fresh / "main.tex").write_text((fresh / "main.tex").read_text() + edit)
    probes, ask = [], engine.ask_tex
    monkeypatch.setattr(engine, "ask_tex", lambda *a, **k: probes.append(ask(*a, **k)) or
                        probes[-1])
    if guess is not None:
        monkeypatch.setattr(memo, "guess", guess(memo.guess))
    return (fresh, probes, *figures_in_process(command, str(fresh), *common))


def _same_as_synced(made, fresh) -> None:
    paper = made[1]
    files = [p for p in fresh.rglob("*") if p.is_file() and not p.name.startswith("main.")]
    assert {p.name: p.read_bytes() for p in files} == \
        {p.name: (paper / p.relative_to(fresh)).read_bytes() for p in files}


@pytest.mark.slow
def test_a_sync_into_a_fresh_copy_compiles_once_with_the_files_it_writes(made, monkeypatch,
                                                                         tmp_path):
    """Issue 44's cost: the probe of a fresh copy is run with its guess beside it
    (figures.paper.memo.guess, in TeX's output folder, looked in first; in another folder
    than the paper synced, no placement of its own is recorded, so the builds here its source
    names: round 50a, P30): it read exactly the files sync then writes, so it is the probe
    with them in place, and no second compile is run; the copy ends as the paper synced
    before (a ``./Figs/`` name of ieeejournal too)."""
    fresh, probes, code, out, err = _fresh_sync(made, monkeypatch, tmp_path)
    assert code == 0, out + err
    assert [bool(getattr(probe, "guessed", {})) for probe in probes] == [True], err
    assert "warning" not in err, err
    assert "placed again" not in err, err
    _same_as_synced(made, fresh)


@pytest.mark.slow
def test_a_fresh_copy_whose_text_was_edited_is_probed_once_too(made, monkeypatch, tmp_path):
    """No placement is recorded for the edited main file's bytes (nor for its folder: round
    50a, P30): the builds its source names are the guess (its placement unchanged by the
    edit)."""
    fresh, probes, code, out, err = _fresh_sync(made, monkeypatch, tmp_path,
                                                edit="% edited after the last sync\n")
    assert code == 0, out + err
    assert [bool(getattr(probe, "guessed", {})) for probe in probes] == [True], err
    _same_as_synced(made, fresh)


@pytest.mark.slow
def test_a_wrong_guess_is_probed_again_and_the_copy_still_converges(made, monkeypatch,
                                                                    tmp_path):
    """A guess that is not what sync then writes (each figure's file given another figure's
    bytes) proves nothing: the files written are probed again, and the copy ends as the
    paper synced before."""
    fresh, probes, code, out, err = _fresh_sync(made, monkeypatch, tmp_path, _rotated)
    assert code == 0, out + err
    assert [bool(getattr(probe, "guessed", {})) for probe in probes] == [True, False], err
    _same_as_synced(made, fresh)


def _rotated(guess):
    """A guess whose figures are each another's (another natural size)."""
    def rotated(*args):
        found = guess(*args)
        names = sorted(n for n in found if not n.endswith(".tex"))
        return {**found, **{n: found[names[i - 1]] for i, n in enumerate(names)}}
    return rotated


def _resaved(guess):
    """A guess whose PDFs are each written again with other metadata: other bytes, the same
    natural size (pages and boxes)."""
    from pypdf import PdfReader, PdfWriter

    def resaved(*args):
        found = dict(guess(*args))
        for name in [n for n in found if n.endswith(".pdf")]:
            writer, out = PdfWriter(clone_from=PdfReader(io.BytesIO(found[name]))), io.BytesIO()
            writer.add_metadata({"/Title": "another drawing"})
            writer.write(out)
            assert out.getvalue() != found[name]
            found[name] = out.getvalue()
        return found
    return resaved


@pytest.mark.slow
@pytest.mark.parametrize(("guess", "forget"), [(None, True), (_resaved, True), (_resaved, False)],
                         ids=["builds", "builds of the same size", "recorded, of the same size"])
def test_a_first_sync_with_current_builds_and_no_placement_recorded_compiles_once(
        made, monkeypatch, tmp_path, guess, forget):
    """Issue 44's cost: no placement recorded for the paper (builds current): its first probe
    is run with the newest build here of each figure its source names, at the name sync
    writes (figures.paper.builds.built_guess); sync then writes the same bytes, or (``of the
    same size``) files of the same natural size, from which pdfTeX sets the same boxes (a
    placement recorded too), so the one probe is the probe with them in place. The copy ends
    as the paper synced before."""
    fresh, probes, code, out, err = _fresh_sync(made, monkeypatch, tmp_path, guess,
                                                forget=forget)
    assert code == 0, out + err
    assert [bool(getattr(probe, "guessed", {})) for probe in probes] == [True], err
    assert "placed again" not in err, err
    _same_as_synced(made, fresh)


@pytest.mark.slow
def test_a_first_sync_whose_guess_is_another_size_is_probed_again_and_converges(
        made, monkeypatch, tmp_path):
    """No placement recorded and the builds guessed of another natural size (each figure's
    file another figure's): the files written are probed again, and the copy ends as the
    paper synced before."""
    fresh, probes, code, out, err = _fresh_sync(made, monkeypatch, tmp_path, _rotated,
                                                forget=True)
    assert code == 0, out + err
    assert [bool(getattr(probe, "guessed", {})) for probe in probes] == [True, False], err
    _same_as_synced(made, fresh)


@pytest.mark.slow
@pytest.mark.parametrize("forget", [False, True], ids=["recorded", "builds"])
def test_figures_paper_on_a_fresh_copy_compiles_the_probe_once(made, monkeypatch, tmp_path,
                                                               forget):
    """``figures paper`` probes the paper with the guess sync makes (it probed the folder as
    it was, and sync then probed again with the files in place); the copy ends as the paper
    synced before, every include of ours at 100 %."""
    fresh, probes, code, out, err = _fresh_sync(made, monkeypatch, tmp_path, forget=forget,
                                                command="paper")
    assert code == 0, out + err
    assert [bool(getattr(probe, "guessed", {})) for probe in probes] == [True], err
    rows = {line.split()[0]: line.split()[3] for line in out.splitlines() if "%" in line}
    assert rows == dict.fromkeys(BOXES[made[0]], "100%"), out
    _same_as_synced(made, fresh)


@pytest.mark.slow
def test_a_source_the_guess_cannot_read_is_synced_as_without_it(tmp_path, monkeypatch):
    """A first sync with builds here (no placement recorded) of an include whose folder's
    name is too long for the file system: the guess read from the source raised (``error:
    ...: file name too long``, nothing synced); it is now no guess, and the include's row
    says what to do, as before the guess."""
    long = "x" * 300
    (tmp_path / "paper").mkdir()
    (tmp_path / "paper" / "main.tex").write_text(
        "\\documentclass{article}\\usepackage{graphicx}\\begin{document}\n"
        f"\\includegraphics{{{long}/fig1_audit_hero}}\n\\end{{document}}\n")
    (tmp_path / "build" / "v" / "w3.3").mkdir(parents=True)
    (tmp_path / "build" / "v" / "w3.3" / "fig1_audit_hero.pdf").write_bytes(b"%PDF-1.4\n")
    monkeypatch.chdir(tmp_path)
    code, out, err = figures_in_process("sync", "paper", "--allow-synthetic", "--figdata",
                                        str(REPO / "figdata"))
    assert "too long" not in err, err
    assert code == 1, out + err
    assert "longer than 255 bytes (the file system's limit): shorten it" in out, out + err


def test_an_images_natural_size_is_what_tex_sets_its_box_from(capsys, caplog):
    """Two files of one natural size (other bytes) are the same to the fixed point; another
    box, page count, pixel count or resolution is not; nor is a file read as neither, and a
    damaged PDF is that without a word (pypdf printed "EOF marker not found" into sync's
    output)."""
    from PIL import Image
    from pypdf import PdfWriter

    from figures.paper.memo import natural_size

    def pdf(*sizes, title="a"):
        writer, out = PdfWriter(), io.BytesIO()
        for size in sizes:
            writer.add_blank_page(*size)
        writer.add_metadata({"/Title": title})
        writer.write(out)
        return out.getvalue()

    def png(size, dpi, colour="white"):
        out = io.BytesIO()
        Image.new("RGB", size, colour).save(out, "PNG", dpi=dpi)
        return out.getvalue()

    assert natural_size(pdf((72, 36))) == natural_size(pdf((72, 36), title="b")) is not None
    assert natural_size(pdf((72, 36))) not in (natural_size(pdf((72, 36.5))),
                                               natural_size(pdf((72, 36), (72, 36))))
    assert natural_size(png((30, 20), (300, 300))) == \
        natural_size(png((30, 20), (300, 300), "black"))
    assert natural_size(png((30, 20), (300, 300))) not in (
        natural_size(png((30, 21), (300, 300))), natural_size(png((30, 20), (72, 72))))
    assert natural_size(b"%PDF-1.4 not a PDF") is natural_size(b"GIF89a") is None
    whole = pdf((72, 36))
    assert natural_size(whole[:len(whole) // 2]) is None
    assert capsys.readouterr().err == ""
    assert [r.getMessage() for r in caplog.records] == []  # pypdf's, printed outside pytest


@pytest.mark.slow
def test_no_guess_where_tex_searches_a_path_of_the_users(made, monkeypatch, tmp_path):
    """With ``TEXINPUTS`` set, a folder searched before the paper's may hold a file of a name
    sync writes (TeX reads it, not the copy; the guess in the output folder would hide it):
    the fresh copy is probed as it is, and again with the files in place."""
    (tmp_path / "shadow").mkdir()
    monkeypatch.setenv("TEXINPUTS", f"{tmp_path / 'shadow'}:")
    fresh, probes, code, out, err = _fresh_sync(made, monkeypatch, tmp_path)
    assert code == 0, out + err
    assert [bool(getattr(probe, "guessed", {})) for probe in probes] == [False, False], err
    _same_as_synced(made, fresh)


@pytest.mark.slow
def test_a_main_file_given_by_its_absolute_path_is_synced(made, monkeypatch):
    """``figures sync paper --main /abs/paper/main.tex`` (the placement's key is its file's):
    an internal error (ValueError) once."""
    paper = made[1]
    monkeypatch.chdir(paper.parent)
    code, out, err = figures_in_process("sync", paper.name, "--main", str(
        (paper / "main.tex").resolve()), "--allow-synthetic", "--figdata",
        str(paper.parent / "figdata"))
    assert code == 0, out + err
