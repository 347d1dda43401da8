"""ACM papers read by TeX itself (issue 37): acmart's ``sigconf`` (two columns),
``manuscript,review`` (one column) and ``acmsmall`` (one column, 5.48 in), each synced
(``figures sync``: the venue from the class TeX loaded, each include of ours built for the box
acmart gives it), then ``figures paper`` (latexmk, then ``figures check`` on the PDF): every
include of ours printed at 100 %, legible, exit 0 (tests/papers/acmart/). And our figure
inside a ``pdfcrop`` wrapper, found by ``figures check PAPER.pdf`` and judged by its content.

TeX Live with acmart (texlive-publishers) and pdfcrop (texlive-extra-utils, ghostscript) is
required: CI installs them in .ci/run; these tests fail without them. acmart's own fonts
(Libertine, newtx, Inconsolata: texlive-fonts-extra) move its floats; they pass with and
without them (without them acmart warns and sets its text in Computer Modern)."""

from __future__ import annotations

import shutil

import helpers
import pytest
from helpers import REPO, figures_in_process

from figures.cli import main as cli
from figures.paper.audit import audit
from figures.venues import get_venue

pytestmark = pytest.mark.slow
ACMART = REPO / "tests" / "papers" / "acmart"
_PT_PER_IN = 72.27
#: The box each include of ours prints in, as acmart sets it (TeX's own lengths, in pt).
BOXES = {
    "sigconf": {"fig1_audit_hero": 506.295,          # figure*, \textwidth: 7.01 in
                "cifar_feature_drift": 241.14749},   # \columnwidth: 3.34 in
    "manuscript": {"fig4_penalty_rescue": 430.00462,  # one column, \textwidth: 5.95 in
                   "cifar_accuracy": 206.40222,       # subfigure{0.48\textwidth}: 2.86 in
                   "cifar_summary": 206.40222},
    "acmsmall": {"fig3b_crossarch_3row": 395.8225,    # \textwidth: 5.48 in
                 "cifar_state_vs_credit": 395.8225},  # \columnwidth: the same
}

#: The page each is drawn for: acm's rules on the page TeX reports (sigconf's is acm's own).
PAGES = {"sigconf": "acm", "manuscript": "acm-5.95x5.95in",
         "acmsmall": "acm-5.477x5.477in"}



@pytest.fixture(scope="module", params=sorted(BOXES))
def acm(request, tmp_path_factory):
    """An acmart paper synced (no --venue: the class says acm), then ``figures paper``:
    (kind, root, paper, figdata, sync's run, paper's run)."""
    kind = request.param
    root = tmp_path_factory.mktemp(kind)
    paper, figdata = root / "paper", root / "figdata"
    shutil.copytree(ACMART / kind, paper)
    shutil.copytree(REPO / "figdata", figdata)
    common = ("--allow-synthetic", "--figdata", str(figdata))
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        synced = figures_in_process("sync", str(paper), *common)
        made = figures_in_process("paper", str(paper), *common)
    return kind, root, paper, figdata, synced, made


def _rows(out: str) -> dict[str, list[str]]:
    """Sync's table: its row for each include of ours, by figure."""
    return {line.split()[0]: line.split() for line in out.splitlines()
            if line.split()[1:2] != ["paper"] and " figures/" in line}


def test_each_include_of_ours_is_built_for_the_box_acmart_gives_it(acm):
    kind, _, _, _, (code, out, err), (_, again, _) = acm
    assert code == 0, out + err
    rows = _rows(out)
    assert sorted(rows) == sorted(BOXES[kind])
    for name, points in BOXES[kind].items():
        width = round(points / _PT_PER_IN, 3)
        assert rows[name][2:] == ["copy", f"build/{PAGES[kind]}/w{width:g}/{name}.pdf"], \
            rows[name]
    # `figures paper` syncs first: the same boxes, so nothing to build or copy again
    assert {name: row[2:] for name, row in _rows(again).items()} == \
        {name: ["up", "to", "date"] for name in BOXES[kind]}


def test_each_prints_at_100_percent_legible_and_the_check_passes(acm, monkeypatch):
    kind, root, paper, figdata, _, (code, out, err) = acm
    assert code == 0, out + err
    assert err.splitlines()[-1] == f"{paper / 'main.pdf'}: {len(BOXES[kind])} figure(s) of " \
        "ours, 0 foreign; 0 problem(s) (acm)"
    for name in BOXES[kind]:
        [row] = [line.split() for line in out.splitlines()
                 if line.startswith(name) and "%" in line]
        assert row[2:4] == ["current", "100%"], row
    monkeypatch.chdir(root)
    venue = get_venue("acm")
    result = audit(paper / "main.pdf", figdata, venue)
    assert sorted(item.name for item in result.placed) == sorted(BOXES[kind])
    for item in result.placed:
        assert item.scale == pytest.approx(1.0, abs=0.01), item.name
        assert item.width_in == pytest.approx(BOXES[kind][item.name] / _PT_PER_IN,
                                              abs=0.01), item.name
        # at the minimum as built; pdfTeX rounds the box to a scaled point (99.995 %)
        assert item.smallest_text_pt >= 0.99 * venue.min_font_pt, item.name
        assert item.thinnest_line_pt >= 0.99 * venue.min_line_pt, item.name
    assert result.problems == []


@pytest.mark.parametrize("acm", ["sigconf"], indirect=True)
def test_the_audit_finds_ours_inside_a_pdfcrop_wrapper_and_knows_a_relabelled_one(
        acm, capsys, monkeypatch, tmp_path):
    """pdfcrop wraps the page it crops in a pdfTeX form: our figure is found inside and judged
    by its content, as inside a ``standalone`` wrapper (test_paper_shapes.py)."""
    import matplotlib
    from matplotlib.figure import Figure
    from pypdf import PdfReader

    _, root, paper, figdata, _, _ = acm
    monkeypatch.chdir(root)
    copy = tmp_path / "paper"
    shutil.copytree(paper, copy)
    figures = copy / "figures"
    # another picture carrying fig1's label, cropped too
    info = PdfReader(figures / "fig1_audit_hero.pdf").metadata
    fig = Figure(figsize=(7, 2))
    fig.add_subplot().plot([1, 3, 2])
    with matplotlib.rc_context({"pdf.fonttype": 42}):  # no Type 3 font: one problem only
        fig.savefig(figures / "relabelled.pdf", metadata={
            key.lstrip("/"): info[key] for key in ("/Title", "/Subject", "/Keywords")})
    for source, cropped in (("cifar_feature_drift", "drift-cropped"),
                            ("relabelled", "hero-cropped")):
        helpers.tex(figures, "pdfcrop", f"{source}.pdf", f"{cropped}.pdf")
    tex = copy / "main.tex"
    text = tex.read_text()
    for old, new in (("[width=\\columnwidth]{cifar_feature_drift}", "{drift-cropped}"),
                     ("[width=\\textwidth]{fig1_audit_hero}", "{hero-cropped}")):
        assert old in text
        text = text.replace(old, new)
    tex.write_text(text)
    helpers.latexmk(copy)
    code = cli.main(["check", str(copy / "main.pdf"), "--figdata", str(figdata)])
    out, err = capsys.readouterr()
    assert code == 1
    rows = {line.split()[0]: line.split() for line in out.splitlines() if "%" in line}
    assert rows["cifar_feature_drift"][2:5] == ["current", "100%", '3.34"']  # in the wrapper
    assert rows["./figures//drift-cropped.pdf"][2] == "foreign"
    assert not any(line.startswith("fig1_audit_hero ") for line in out.splitlines())
    problems = [line for line in out.splitlines() if line.startswith("problem: ")]
    assert len(problems) == 1, out
    assert "labelled fig1_audit_hero, but its content is not what the build wrote" \
        in problems[0]
    assert err.splitlines()[-1].endswith("1 figure(s) of ours, 3 foreign; 1 problem(s) (acm)")


@pytest.mark.parametrize("acm", ["sigconf"], indirect=True)
def test_a_column_figure_acmarts_balance_drops_is_synced_all_the_same(acm, monkeypatch,
                                                                      tmp_path):
    """A column float deferred to the last page may be lost by acmart's default ``balance``
    (with acmart's own fonts, texlive-fonts-extra, the probe's pages differ from the real
    compile's): TeX made its box and read its file, so the compile needs it: it is synced
    for its box, never listed as ours, not in the paper, with exit 0 (issue 44)."""
    _, root, paper, figdata, _, _ = acm
    monkeypatch.chdir(root)
    copy = tmp_path / "paper"
    shutil.copytree(paper, copy)
    tex = copy / "main.tex"
    tex.write_text(tex.read_text().replace("\\lipsum[2-14]", "\\lipsum[2-4]"))
    code, out, err = figures_in_process("sync", str(copy), "--dry-run", "--allow-synthetic",
                              "--figdata", str(figdata))
    assert code == 0, out + err
    assert sorted(_rows(out)) == ["cifar_feature_drift", "fig1_audit_hero"]
    [listed] = [line for line in out.splitlines() if line.startswith("ours, not in the paper:")]
    assert "cifar_feature_drift" not in listed.split(": ", 1)[1].split(", ")
