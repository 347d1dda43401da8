"""Camera-ready preflight: each rule catches its planted violation and passes a clean case;
the venue file is validated; the ten real figures are checked from one build; camera-ready
PDFs embed TrueType and match the default PDFs within the stated tolerance."""

from __future__ import annotations

import json
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from helpers import REPO

from figures import runner
from figures.cli import main as cli
from figures.data import figdata
from figures.errors import FigureDataError
from figures.outputs.build import build
from figures.outputs.kind import CAMERA_READY, TRUETYPE_RC
from figures.outputs.render import save
from figures.pdf import pdf_fonts
from figures.preflight.measure import measure, series_colors
from figures.preflight.rules import (
    RULES,
    cvd_row,
    font_row,
    layout_row,
    line_row,
    raster_row,
    size_row,
    text_row,
)
from figures.preflight.run import preflight
from figures.registry import BY_NAME, FIGURES, Output
from figures.style import DEFAULT_RC, new_figure, themed
from figures.venues import get_venue, load_venues

ICML = get_venue("icml")
FIGDATA = REPO / "figdata"
#: Measured: camera-ready (Type 42) against default (Type 3) PDFs of the five PDF figures,
#: rasterised by pdftoppm at 150 dpi: RMS 9.0-13.1, 1.8-3.9 % of pixels differ, every one of
#: them inside a glyph (with the text hidden the rasters are identical). README states it.
CAMERA_READY_MAX_RMS = 15.0
CAMERA_READY_MAX_DIFFERING_PERCENT = 5.0


# --- planted violations, one rule at a time -------------------------------------------------


def _spec(bbox=None):
    """A stand-in registry entry for a test figure (what measure and the rules read)."""
    render = themed(DEFAULT_RC)(lambda data: None)
    return SimpleNamespace(name="planted", shown_path="figures/planted.py",
                           outputs=(Output("png", 100, bbox),), render=render)


def _figure(width=3.25, height=2.0):
    fig = new_figure(figsize=(width, height))
    return fig, fig.subplots()


def _measure(fig, data=None, **spec_kwargs):
    return measure(_spec(**spec_kwargs), fig, data or {})


def test_a_4pt_label_at_its_slot_fails_and_is_named_with_its_figdata_key():
    fig, ax = _figure()
    ax.set_xlabel("tiny label", fontsize=4)
    measured = _measure(fig, {"labels": {"x": "tiny label"}})
    row = text_row("planted", measured.texts, 1.0, ICML)
    assert not row.ok
    assert row.value == "4.0 pt"
    assert "'tiny label'" in row.detail
    assert "data.labels.x" in row.detail


def test_text_at_8pt_passes_and_text_scaled_below_the_minimum_fails():
    fig, ax = _figure()
    ax.set_xlabel("label", fontsize=8)
    ax.tick_params(labelsize=8)
    texts = _measure(fig).texts
    assert text_row("planted", texts, 1.0, ICML).ok
    row = text_row("planted", texts, 0.5, ICML)  # printed at half size: 4 pt
    assert not row.ok
    assert "from figures/planted.py" in row.detail


def test_ticks_outside_the_view_are_not_counted():
    fig, ax = _figure()
    ax.plot([0, 1], [0, 1])
    ax.tick_params(labelsize=8)
    ax.set_xlim(0.2, 0.8)
    labels = {t.text for t in _measure(fig).texts if "x tick label" in t.kind}
    assert labels == {"0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8"}


def test_a_02pt_line_fails_and_default_strokes_pass():
    fig, ax = _figure()
    ax.plot([0, 1], [0, 1], lw=1.5, label="data")
    assert line_row("planted", _measure(fig).strokes, 1.0, ICML).ok
    ax.plot([0, 1], [1, 0], lw=0.2, label="hairline")
    row = line_row("planted", _measure(fig).strokes, 1.0, ICML)
    assert not row.ok
    assert row.value == "0.20 pt"
    assert "line 'hairline'" in row.detail


def test_zero_width_and_invisible_lines_are_ignored():
    fig, ax = _figure()
    ax.plot([0, 1], [0, 1], lw=0)
    ax.plot([0, 1], [1, 0], lw=0.2, visible=False)
    ax.plot([0, 1], [0.5, 0.5], lw=0.2, color="none")
    assert line_row("planted", _measure(fig).strokes, 1.0, ICML).ok


def test_a_red_green_pair_fails_for_deuteranomaly_and_the_paper_palette_passes():
    fig, ax = _figure()
    ax.plot([0, 1, 2], [0, 1, 2], color="#F44336")
    ax.plot([0, 1, 2], [2, 1, 0], color="#4CAF50")
    ax.axhline(1, color="gray")  # a reference line is not a series
    colors = series_colors(fig)
    assert colors == {"axes 1": ["#f44336", "#4caf50"]}
    row, failing = cvd_row("planted", colors, ICML)
    assert not row.ok
    assert "deuteranomaly" in failing
    assert row.value == "dE 7.0 (deuteranomaly)"
    clean, failing = cvd_row("planted", {"axes 1": ["#2166ac", "#e08214", "#b2182b"]}, ICML)
    assert clean.ok
    assert failing == []


def _pdf(tmp_path, fonttype):
    fig, ax = _figure()
    ax.set_title("fonts")
    path = tmp_path / f"type{fonttype}.pdf"
    save(_spec(), fig, path, rc={"pdf.fonttype": fonttype})
    return path


@pytest.mark.slow
def test_a_type3_pdf_fails_beside_a_type42_one(tmp_path):
    type3, type42 = _pdf(tmp_path, 3), _pdf(tmp_path, 42)
    assert {f.subtype for f in pdf_fonts(type3)} == {"Type3"}
    assert {f.subtype for f in pdf_fonts(type42)} == {"Type0/CIDFontType2"}
    assert all(f.embedded for f in pdf_fonts(type42))
    bad = font_row("planted", type3, ICML)
    assert not bad.ok
    assert "Type3" in bad.detail
    assert font_row("planted", type42, ICML).ok


@pytest.mark.slow
def test_a_type1_venue_refuses_truetype(tmp_path):
    type1_venue = SimpleNamespace(**{**vars(ICML), "font_rule": "type1"})
    row = font_row("planted", _pdf(tmp_path, 42), type1_venue)
    assert not row.ok
    # --camera-ready embeds TrueType, which cannot meet a Type 1 rule: not the advice here
    assert "--camera-ready" not in row.detail
    assert "ask the venue whether embedded TrueType is accepted" in row.detail


def test_an_unreadable_pdf_is_one_error_naming_the_file(tmp_path):
    path = tmp_path / "broken.pdf"
    path.write_bytes(b"not a pdf")
    with pytest.raises(FigureDataError, match=r"broken\.pdf: cannot read PDF"):
        pdf_fonts(path)


def test_a_truncated_pdf_is_one_error_with_what_pypdf_logged_and_no_log_lines(tmp_path, caplog):
    path = tmp_path / "cut.pdf"
    path.write_bytes(_pdf(tmp_path, 42).read_bytes()[:3000])
    with pytest.raises(FigureDataError) as info:
        pdf_fonts(path)
    assert str(info.value).startswith(f"{path}: cannot read PDF (EOF marker not found): ")
    assert str(info.value).endswith("; rebuild it with `figures build --force`")
    assert caplog.records == []  # pypdf's log lines went into the error, not to stderr


def test_a_png_beyond_pils_decompression_bomb_limit_is_one_error_naming_it(tmp_path):
    import struct
    import zlib

    from PIL import Image

    path = tmp_path / "huge.png"
    Image.new("1", (1, 1)).save(path)
    data = bytearray(path.read_bytes())
    header = b"IHDR" + struct.pack(">II", 60_000, 60_000) + data[24:29]  # claims 60000 x 60000
    data[12:33] = header + struct.pack(">I", zlib.crc32(header))
    path.write_bytes(bytes(data))
    with pytest.raises(FigureDataError) as info:  # check_figure makes it the row's one line
        raster_row("planted", path, 3.25, ICML)
    assert str(info.value).startswith(f"{path}: cannot read PNG: Image size (3600000000 "
                                      "pixels) exceeds limit")


@pytest.mark.parametrize(("dpi", "ok"), [(72, False), (300, True)])
def test_png_resolution_at_print_width(tmp_path, dpi, ok):
    fig, _ = _figure()
    path = tmp_path / "figure.png"
    save(_spec(), fig, path, dpi=dpi)
    row = raster_row("planted", path, 3.25, ICML)
    assert row.ok is ok
    assert row.value == f"{dpi} ppi"


def test_a_figure_wider_than_its_slot_fails_with_its_scale():
    wide = size_row("planted", "text", (8.0, 4.0), ICML)
    assert not wide.ok
    assert "scaled down to 0.84 x" in wide.detail
    assert size_row("planted", "text", (6.0, 4.0), ICML).ok
    assert not size_row("planted", "column", (6.0, 4.0), ICML).ok
    assert size_row("planted", 6.5, (6.0, 4.0), ICML).ok
    tall = size_row("planted", "text", (6.0, 9.5), ICML)
    assert not tall.ok
    assert "half the text height" in tall.detail


def test_saved_size_follows_bbox_inches():
    fig, ax = _figure(4.0, 3.0)
    ax.plot([0, 1])
    assert _measure(fig).saved_size_in == (4.0, 3.0)
    tight = _measure(fig, bbox="tight").saved_size_in
    assert tight[0] < 4.0


# --- venue profiles -----------------------------------------------------------------------


def test_builtin_venues_are_valid_and_every_number_has_a_source():
    venues = load_venues()
    assert {"icml", "neurips", "iclr", "ieee", "acm"} <= set(venues)
    assert (ICML.text_width_in, ICML.column_width_in) == (6.75, 3.25)
    for venue in venues.values():
        assert venue.column_width_in <= venue.text_width_in
        for field in ("text_width_in", "column_width_in", "min_font_pt", "min_line_pt",
                      "min_raster_ppi", "min_cvd_delta_e", "font_rule"):
            assert dict(venue.sources).get(field), (venue.key, field)


def _user_venues(tmp_path, **changes):
    doc = json.loads((REPO / "figures" / "venues.json").read_text(encoding="utf-8"))
    mine = {**doc["venues"]["icml"], "name": "My workshop"}
    for key, value in changes.items():
        mine[key] = value
    path = tmp_path / "my-venues.json"
    path.write_text(json.dumps({"venues": {"myconf": mine}}), encoding="utf-8")
    return path


def test_a_user_venue_file_adds_venues(tmp_path):
    path = _user_venues(tmp_path, min_font_pt={"value": 9, "source": "workshop call"})
    venue = get_venue("myconf", path)
    assert venue.min_font_pt == 9
    assert get_venue("icml", path) == ICML


@pytest.mark.parametrize(("change", "key"), [
    ({"text_width_in": {"value": -1, "source": "x"}},
     "venues.myconf.text_width_in.value: expected a number in [2, 12] (a page: "),
    ({"min_font_pt": {"value": 6}}, "venues.myconf.min_font_pt.source: missing key"),
    ({"font_rule": {"value": "type2", "source": "x"}},
     "venues.myconf.font_rule.value: is 'type2', expected one of: no-type3, type1"),
    # a rule checked against NaN always passes
    ({"min_font_pt": {"value": float("nan"), "source": "x"}},
     "venues.myconf.min_font_pt.value: expected a finite number, got nan"),
    ({"text_height_in": {"value": float("inf"), "source": "x"}},
     "venues.myconf.text_height_in.value: expected a finite number, got inf"),
    # Hostile pass 3: a width of 1e-300 is positive, made 300-digit scales and broke --html
    ({"text_width_in": {"value": 1e-300, "source": "x"}},
     "venues.myconf.text_width_in.value: expected a number in [2, 12] (a page: "),
    # hostile pass 5 (issue 32): a 72 pt minimum font, a 0.5 in page or column, a page of
    # nonsense height built unreadable figures with exit 0
    ({"min_font_pt": {"value": 72, "source": "x"}},
     ("venues.myconf.min_font_pt.value: expected a number in [4, 12] (a minimum figures can "
     "meet")),
    ({"column_width_in": {"value": 0.5, "source": "x"}},
     "venues.myconf.column_width_in.value: expected a number in [2, 12] (a page: "),
    ({"text_height_in": {"value": 0.5, "source": "x"}},
     "venues.myconf.text_height_in.value: expected a number in [3, 16] (a page's text height"),
    ({"text_height_in": {"value": 100, "source": "x"}},
     "venues.myconf.text_height_in.value: expected a number in [3, 16] (a page's text height"),
    ({"column_width_in": {"value": 7, "source": "x"}},
     "venues.myconf.column_width_in.value: a column of 7 in is wider than the text"),
    # the name is the table's title: a line break would forge a line of the report
    ({"name": "x\nall 0 checks passed"},
     "venues.myconf.name: contains a line break; write it on one line"),
    # hardening round 4: a list printed whole as a truncated repr, cutting off the reason;
    # a blank name was accepted
    ({"min_font_pt": {"value": list(range(200)), "source": "x"}},
     "venues.myconf.min_font_pt.value: expected a number, got a list"),
    ({"name": "  "}, "venues.myconf.name: is empty or blank; give a value"),
    # hostile pass 5: `build --venue` draws at the venue's ppi; 2400 was refused as an
    # error in figures/registry.py (an Output's dpi), naming neither the file nor the key
    ({"min_raster_ppi": {"value": 2400, "source": "x"}},
     ("venues.myconf.min_raster_ppi.value: expected a number in [10, 1200] (a plausible "
      "page), got 2400")),
])
def test_a_bad_user_venue_file_is_one_line_naming_file_and_key(tmp_path, capsys, change, key):
    path = _user_venues(tmp_path, **change)
    code = cli.main(["check", "--venue", "myconf", "--venues", str(path)])
    out, err = capsys.readouterr()
    assert code == 1
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith(f"error: {path}: {key}")


@pytest.mark.parametrize("command", [["check", "--venue", "myconf"],
                                     ["build", "--venue", "myconf", "--out", "out"]])
def test_a_venue_file_without_sense_names_each_key_before_anything_is_drawn(
        tmp_path, monkeypatch, capsys, command):
    """Hostile pass 5: a 0.5 in page and column and a 72 pt minimum font were accepted and
    built unreadable figures with exit 0; every key is named, nothing is drawn."""
    path = _user_venues(tmp_path, text_width_in={"value": 0.5, "source": "x"},
                        column_width_in={"value": 0.5, "source": "x"},
                        min_font_pt={"value": 72, "source": "x"})
    monkeypatch.chdir(tmp_path)
    code = cli.main([*command, "--venues", str(path), "--figdata", str(REPO / "figdata")])
    out, err = capsys.readouterr()
    assert code == 1
    assert out == ""
    assert [line.partition(" in [")[0] for line in err.splitlines()] == [
        f"error: {path}: venues.myconf.{key}.value: expected a number"
        for key in ("text_width_in", "column_width_in", "min_font_pt")]
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("key", ["figures", "camera-ready"])
def test_a_venue_keyed_as_another_builds_folder_is_refused_before_drawing(
        tmp_path, monkeypatch, capsys, key):
    """build/figures is the default build's folder: a venue keyed ``figures`` would build
    into it and the two builds would replace each other's files at every run."""
    doc = json.loads(_user_venues(tmp_path).read_text(encoding="utf-8"))
    path = tmp_path / "venues.json"
    path.write_text(json.dumps({"venues": {key: doc["venues"]["myconf"]}}), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code = cli.main(["build", "--venue", key, "--venues", str(path), "--figdata",
                     str(REPO / "figdata"), "cifar_summary"])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    which = "default" if key == "figures" else "camera-ready"
    assert err.splitlines() == [(
        f"error: --venue {key} would build into build/{key}, the folder of the {which} "
        "build: pass another --out DIR (or rename the venue in --venues)")]
    assert not (tmp_path / "build").exists()


@pytest.mark.parametrize("command", ["check", "build"])
def test_an_unknown_venue_is_a_usage_error_in_one_line(capsys, command):
    """Exit 2, as an unknown figure name: the command line names nothing known."""
    assert cli.main([command, "--venue", "nips1987"]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [err.strip()]
    assert "unknown venue 'nips1987'; known: acm, iclr, icml, ieee, neurips" in err


# --- the ten real figures -----------------------------------------------------------------


@pytest.fixture
def built(reference_build):
    """``built(*names)``: the folder holding those figures built from the committed figdata
    (the run's one shared build of every figure, tests/conftest.py)."""
    return lambda *_names: reference_build


@pytest.mark.slow
def test_preflight_of_the_ten_figures(built):
    real_build = built(*BY_NAME)
    reports = preflight(FIGURES, ICML, real_build, FIGDATA)
    assert [r.spec.name for r in reports] == [s.name for s in FIGURES]
    for report in reports:
        assert report.error == ""
        expected = sorted({"pdf": "fonts", "png": "raster"}[o.fmt] for o in report.spec.outputs)
        assert sorted(r.rule for r in report.rows if r.rule in ("fonts", "raster")) == expected
        assert [r.rule for r in report.rows if r.rule not in ("fonts", "raster")] == [
            rule for rule in RULES if rule not in ("fonts", "raster")]
        for out in report.spec.outputs:  # the measured saved width is the file's, within
            if out.fmt == "png":          # 0.01 in (text extents vary a little with dpi)
                width_px = raster_row("", real_build / f"{report.spec.name}.png", 1, ICML)
                px = int(width_px.value.split()[0])
                assert abs(report.saved_size_in[0] - px / out.dpi) <= 0.01
    rows = {(r.figure, r.rule): r for report in reports for r in report.rows}
    assert not rows["fig1_audit_hero", "fonts"].ok  # matplotlib's Type 3 default
    assert rows["fig1_audit_hero", "text"].value == "4.3 pt"
    assert "cos < 0" in rows["fig1_audit_hero", "text"].detail
    assert rows["fig1_audit_hero", "cvd"].ok
    assert rows["cifar_accuracy", "cvd"].value == "dE 7.0 (deuteranomaly)"
    assert not rows["cifar_feature_drift", "raster"].ok


@pytest.mark.slow
def test_check_cli_strict_and_html(built, tmp_path, capsys):
    real_build = built("fig1_audit_hero", "cifar_accuracy")
    args = ["check", "fig1_audit_hero", "cifar_accuracy", "--venue", "icml",
            "--out", str(real_build), "--figdata", str(FIGDATA)]
    html = tmp_path / "report.html"
    assert cli.main([*args, "--html", str(html)]) == 0
    out = capsys.readouterr().out
    assert "fig1_audit_hero  fonts" in out
    # the layout rule fails the hero's "FA" label; contrast, script and greyscale, its
    # coloured labels, nested subscripts and cifar_accuracy's solid lines
    assert any(line.startswith("13 of 23 checks failed") for line in out.splitlines())
    page = html.read_text(encoding="utf-8")
    assert page.count("data:image/png;base64,") == 3  # two thumbnails, one CVD simulation
    assert "deuteranomaly, full severity" in page
    assert '<tr class="fail">' in page
    assert cli.main([*args, "--strict"]) == 1


def test_check_reports_a_missing_built_file(tmp_path, capsys):
    code = cli.main(["check", "cifar_summary", "--venue", "icml", "--out", str(tmp_path),
                     "--strict"])
    out = capsys.readouterr().out
    assert code == 1
    assert "cifar_summary.png: file not found; run `figures build`" in out


@pytest.mark.slow  # a build and its check: seconds
def test_check_skips_a_figure_a_width_build_refused_and_says_so(tmp_path, capsys):
    """A 3 in build refuses fig1_audit_hero (smallest 3.25 in): check measured its default
    drawing (18 in wide) instead, and a folder of good files reported 46 failures."""
    out = tmp_path / "w3"
    assert cli.main(["build", "cifar_summary", "--venue", "icml", "--width", "3",
                     "--figdata", str(FIGDATA), "--out", str(out)]) == 0
    capsys.readouterr()
    code = cli.main(["check", "--venue", "icml", "--out", str(out), "--figdata", str(FIGDATA),
                     "--strict"])
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert (f"skipped: fig1_audit_hero: no file of it in {out}, built at 3 in: its smallest "
            "width is 3.25 in, so that build refused it") in printed
    assert sum(line.startswith("skipped: ") for line in printed.splitlines()) == 9
    assert "checks passed for 1 figure(s)" in printed


# --- camera-ready -------------------------------------------------------------------------


@dataclass(frozen=True)
class RasterDiff:
    """Two PDFs rasterised at the same dpi: 8-bit channel differences."""

    max_abs: int
    rms: float
    differing_percent: float
    same_size: bool


def rasterise(pdf: Path, dpi: int, out_png: Path) -> np.ndarray:
    """``pdf`` rasterised with pdftoppm at ``dpi`` (through figures.runner), as int16 RGB."""
    from PIL import Image

    ran = runner.run(["pdftoppm", "-png", "-r", str(dpi), "-singlefile", str(pdf),
                      str(out_png.with_suffix(""))], file=str(pdf))
    assert ran.returncode == 0, ran.stdout
    with Image.open(out_png) as image:
        return np.asarray(image.convert("RGB"), dtype=np.int16)


def compare_pdfs(first: Path, second: Path, dpi: int = 150) -> RasterDiff:
    """Rasterise both PDFs with pdftoppm at ``dpi`` and compare them pixel for pixel."""
    with tempfile.TemporaryDirectory() as tmp:
        a = rasterise(first, dpi, Path(tmp) / "a.png")
        b = rasterise(second, dpi, Path(tmp) / "b.png")
    if a.shape != b.shape:
        return RasterDiff(255, float("inf"), 100.0, same_size=False)
    diff = np.abs(a - b)
    return RasterDiff(int(diff.max()), float(np.sqrt(np.mean(diff.astype(float) ** 2))),
                      float(100 * np.mean(diff.max(axis=2) > 0)), same_size=True)


@pytest.mark.slow
def test_camera_ready_pdf_embeds_truetype_and_matches_the_default(built, tmp_path):
    real_build = built("fig1_audit_hero")
    spec = BY_NAME["fig1_audit_hero"]
    (result,) = build([spec], FIGDATA, tmp_path, kind=CAMERA_READY)
    assert result.status == "built"
    camera_ready = tmp_path / "fig1_audit_hero.pdf"
    assert font_row(spec.name, camera_ready, ICML).ok
    assert not font_row(spec.name, real_build / "fig1_audit_hero.pdf", ICML).ok
    diff = compare_pdfs(real_build / "fig1_audit_hero.pdf", camera_ready)
    assert diff.same_size
    assert diff.rms <= CAMERA_READY_MAX_RMS
    assert diff.differing_percent <= CAMERA_READY_MAX_DIFFERING_PERCENT
    assert diff.differing_percent > 0  # the glyphs are rasterised differently


@pytest.mark.slow
def test_camera_ready_differs_only_in_glyphs(tmp_path):
    """With every text hidden, Type 3 and Type 42 PDFs rasterise identically."""
    from matplotlib.text import Text

    spec = BY_NAME["fig1_audit_hero"]
    data = json.loads((FIGDATA / "fig1_audit_hero.json").read_text(encoding="utf-8"))["data"]
    fig = spec.render(data)
    for text in fig.findobj(Text):
        text.set_visible(False)
    save(spec, fig, tmp_path / "type3.pdf", dpi=300)
    save(spec, fig, tmp_path / "type42.pdf", rc=TRUETYPE_RC, dpi=300)
    diff = compare_pdfs(tmp_path / "type3.pdf", tmp_path / "type42.pdf")
    assert (diff.max_abs, diff.differing_percent) == (0, 0.0)


@pytest.mark.slow  # two builds through the command line
def test_build_camera_ready_cli(tmp_path, capsys):
    figdata = tmp_path / "figdata"
    figdata.mkdir()
    shutil.copy(FIGDATA / "cifar_summary.json", figdata)
    code = cli.main(["build", "cifar_summary", "--figdata", str(figdata), "--out",
                     str(tmp_path / "default"), "--camera-ready", "--camera-ready-out",
                     str(tmp_path / "cr")])
    assert code == 0
    assert "camera-ready built cifar_summary" in capsys.readouterr().out
    # PNG pixels do not depend on the PDF font type; the file says which build it is
    from PIL import Image

    from figures.outputs.provenance import read

    with Image.open(tmp_path / "cr" / "cifar_summary.png") as cr, \
            Image.open(tmp_path / "default" / "cifar_summary.png") as default:
        assert cr.tobytes() == default.tobytes()
    assert read(tmp_path / "cr" / "cifar_summary.png")["variant"] == "camera-ready"
    assert read(tmp_path / "default" / "cifar_summary.png")["variant"] == "default"


@pytest.mark.slow  # needs the shared build of every figure
def test_a_bad_figdata_file_is_one_line_and_the_other_figures_are_checked(built, tmp_path,
                                                                          capsys):
    real_build = built("cifar_feature_drift")
    figdata = tmp_path / "figdata"
    shutil.copytree(FIGDATA, figdata)
    (figdata / "cifar_summary.json").write_text("{", encoding="utf-8")
    code = cli.main(["check", "cifar_summary", "cifar_feature_drift", "--venue", "icml",
                     "--out", str(real_build), "--figdata", str(figdata)])
    out, err = capsys.readouterr()
    assert code == 1
    assert "cifar_feature_drift  size" in out
    assert err.splitlines()[0].startswith(f"error: cifar_summary: {figdata}/cifar_summary.json: ")
    assert len(err.splitlines()) == 2  # the error and the closing summary line


def test_the_layout_rule_flags_the_default_heros_label_running_into_the_note():
    """Panel A of the seeds' hero: the "FA" label runs into the "looks like learning" note
    (FA"looks like): flagged, naming the panel and both texts."""
    spec = BY_NAME["fig1_audit_hero"]
    data = figdata.load(FIGDATA / "fig1_audit_hero.json", spec.name, spec.schema)["data"]
    measured = measure(spec, spec.render(data), data)
    row = layout_row(spec.name, measured.texts, 1.0, measured.saved_box)
    assert not row.ok
    assert row.value == "1 collision(s)"
    assert "'FA' (text (axes 1))" in row.detail
    assert "looks like" in row.detail


def test_the_layout_rule_measures_gaps_at_print_size_and_cut_texts():
    fig = new_figure(figsize=(4, 2))
    ax = fig.subplots()
    ax.set_xticks([])
    ax.set_yticks([])
    ax.text(0.1, 0.5, "left", transform=ax.transAxes)
    ax.text(0.3, 0.5, "right", transform=ax.transAxes)
    spec = _spec()
    measured = measure(spec, fig, {})
    assert layout_row("planted", measured.texts, 1.0, measured.saved_box).ok
    fig.text(0.98, 0.5, "cut off at the edge")
    measured = measure(spec, fig, {})
    row = layout_row("planted", measured.texts, 1.0, measured.saved_box)
    assert not row.ok
    assert "'cut off at the edge' (text (figure)) is cut by the saved area" in row.detail


def test_a_legend_over_data_points_is_a_layout_problem():
    from figures.preflight.measure import covering_legends
    from figures.preflight.rules import layout_row

    fig = new_figure(figsize=(3, 2))
    ax = fig.subplots()
    ax.plot(range(50), [5] * 50, label="flat")
    ax.legend(loc="center")
    fig.draw_without_rendering()
    covered = covering_legends(fig)
    assert [where for where, _ in covered] == ["axes 1"]
    row = layout_row("demo", [], 1.0, (0, 0, 3, 2), covered)
    assert not row.ok
    assert "the legend of axes 1 covers" in row.detail
    ax.legend(loc="upper left")
    fig.draw_without_rendering()
    assert covering_legends(fig) == []
