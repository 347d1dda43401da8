"""``quoted`` entries are validated by the envelope's schema (figures/data/envelope.py)
before any macro is written: an aggregate from a fixed set, a number format, a macro name
LaTeX accepts, a one-line note, no unknown keys; aggregated items are finite numbers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from figures.cli import main as cli
from figures.registry import FIGURES

SUMMARY = "cifar_summary"
ENTRY = {"macro": "accMedian", "path": "final_test_acc.bp", "format": ".1%", "note": "median",
         "aggregate": "mean"}


def with_quoted(figdata_dir: Path, change) -> Path:
    path = figdata_dir / f"{SUMMARY}.json"
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))
    return path


def macros(capsys, figdata_dir: Path, out: Path) -> tuple[int, str]:
    code = cli.main(["macros", "--figdata", str(figdata_dir), "--out", str(out)])
    return code, capsys.readouterr().err


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["quoted"].append({**ENTRY, "aggregate": "median"}),
     "quoted[8].aggregate: is 'median', expected one of: mean, std"),
    (lambda d: d["quoted"].append("cifarAccBPMean"),
     "quoted[8]: expected an object, got a string"),
    (lambda d: d["quoted"].append({**ENTRY, "format": ".3q"}),
     "quoted[8].format: is '.3q', expected a number format such as .3f, .1% or .2e"),
    (lambda d: d["quoted"].append({**ENTRY, "format": "{>10.1f"}),
     "quoted[8].format: is '{>10.1f', expected a number format"),
    (lambda d: d["quoted"].append({**ENTRY, "macro": "acc2"}),
     "quoted[8].macro: is 'acc2', expected a LaTeX macro name: letters only"),
    (lambda d: d["quoted"].append({**ENTRY, "macro": "section"}),  # \newcommand would fail
     "quoted[8].macro: \\section is already defined by LaTeX"),
    # Defined by LaTeX or amsmath: from figures/data/latex_names.txt (tools/latex_names.py).
    (lambda d: d["quoted"].append({**ENTRY, "macro": "S"}),
     ("quoted[8].macro: \\S is already defined by LaTeX (\\newcommand would stop the paper's "
     "build); choose another name, e.g. with the figure's prefix: \\heroS, \\cifarS")),
    (lambda d: d["quoted"].append({**ENTRY, "macro": "vec"}),
     "quoted[8].macro: \\vec is already defined by LaTeX"),
    (lambda d: d["quoted"].append({**ENTRY, "macro": "fi"}),
     "quoted[8].macro: \\fi is already defined by LaTeX"),
    # hostile pass 5: names of the usual packages a paper loads (soul's \hl, amsthm, bm,
    # todonotes, multirow, xcolor) passed, and \newcommand stopped the paper's build
    (lambda d: d["quoted"].append({**ENTRY, "macro": "hl"}),
     "quoted[8].macro: \\hl is already defined by LaTeX"),
    (lambda d: d["quoted"].append({**ENTRY, "macro": "bm"}),
     "quoted[8].macro: \\bm is already defined by LaTeX"),
    (lambda d: d["quoted"].append({**ENTRY, "macro": "qedhere"}),
     "quoted[8].macro: \\qedhere is already defined by LaTeX"),
    (lambda d: d["quoted"].append({**ENTRY, "macro": "todo"}),
     "quoted[8].macro: \\todo is already defined by LaTeX"),
    (lambda d: d["quoted"].append({**ENTRY, "macro": "multirow"}),
     "quoted[8].macro: \\multirow is already defined by LaTeX"),
    (lambda d: d["quoted"].append({**ENTRY, "macro": "textcolor"}),
     "quoted[8].macro: \\textcolor is already defined by LaTeX"),
    (lambda d: d["quoted"].append({**ENTRY, "macro": "endResult"}),  # LaTeX refuses \end...
     ("quoted[8].macro: is 'endResult', expected a LaTeX macro name: letters only, not "
     "starting with end")),
    (lambda d: d["quoted"].append({**ENTRY, "macro": 7}),
     "quoted[8].macro: expected a string, got a number"),
    (lambda d: d["quoted"].append({**ENTRY, "note": "ends the comment\n\\input{x}"}),
     "quoted[8].note: contains a line break; write it on one line"),
    (lambda d: d["quoted"].append({**ENTRY, "agregate": "std"}),
     "quoted[8].agregate: unknown key; known: macro, path, format, aggregate, note"),
    (lambda d: d["quoted"].append({k: v for k, v in ENTRY.items() if k != "path"}),
     "quoted[8].path: missing key"),
    (lambda d: d.__setitem__("quoted", {"a": 1}), "quoted: expected a list, got an object"),
    (lambda d: d["data"]["final_test_acc"]["bp"].__setitem__(1, "0.5"),
     "data.final_test_acc.bp[1]: expected a number, got a string"),  # the figure's SCHEMA
    (lambda d: d["quoted"].append({**ENTRY, "path": "final_test_acc", "aggregate": "std"}),
     "quoted[8].path: data.final_test_acc: aggregate needs a list of numbers"),
    # Hostile pass 3: "²".isdigit() is true and int("²") an internal error; "١" read as 1.
    (lambda d: d["quoted"].append({**ENTRY, "path": "final_test_acc.bp[²]"}),
     ("quoted[8].path: is 'final_test_acc.bp[²]', expected a path into data: keys joined by "
     "dots, list indices in brackets")),
    (lambda d: d["quoted"].append({**ENTRY, "path": "final_test_acc.bp[\u0661]"}),
     "quoted[8].path: is 'final_test_acc.bp[\u0661]', expected a path into data"),
    # one syntax points into data, the one errors use: the old dotted index says so
    (lambda d: d["quoted"].append({**ENTRY, "path": "final_test_acc.bp.0"}),
     ("quoted[8].path: data.final_test_acc.bp.0: no such entry ('0'): a list index is written "
     "in brackets, [0]")),
    (lambda d: d["quoted"].append({**ENTRY, "path": "final_test_acc.bp[7]"}),
     "quoted[8].path: data.final_test_acc.bp[7]: no such entry ('[7]')"),
    # A width pads the macro; 20 digits print the float's noise; 99 hide it from check-tex.
    (lambda d: d["quoted"].append({**ENTRY, "format": "099.2f"}),
     "quoted[8].format: is '099.2f', expected a number format"),
    (lambda d: d["quoted"].append({**ENTRY, "format": ".20f"}),
     "quoted[8].format: is '.20f', expected a number format"),
    # The second place a macro is named says where the first is.
    (lambda d: d["quoted"].append({**ENTRY, "macro": "heroAccBP"}),
     ("quoted[8].macro: \\heroAccBP is already quoted at {figdata}/fig1_audit_hero.json: "
      "quoted[0]; one name per value: rename one of them")),
])
def test_a_bad_quoted_entry_is_one_line_and_only_that_figures_macros_are_left_out(
        capsys, tmp_path, figdata_dir, change, message):
    path = with_quoted(figdata_dir, change)
    out = tmp_path / "macros.tex"
    out.write_text("% Generated by `figures macros`: previous\n")
    code, err = macros(capsys, figdata_dir, out)
    assert code == 1
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(errors) == 1
    assert errors[0].startswith(f"error: {SUMMARY}: {path}: "
                                f"{message.replace('{figdata}', str(figdata_dir))}")
    assert errors[0].endswith(f"; its macros are left out of {out}")
    assert err.splitlines()[-1] == f"1 of {len(FIGURES)} figure(s) failed: {SUMMARY}"
    text = out.read_text()
    assert "\\newcommand{\\heroAccBP}" in text  # the other figures' macros
    assert "\\cifarAccBPMean" not in text  # none of the bad figure's
    assert f"% {SUMMARY}: LEFT OUT, its figdata could not be read" in text


def test_mean_and_std_are_the_figures_numbers(capsys, tmp_path, figdata_dir):
    with_quoted(figdata_dir, lambda d: d["data"]["final_test_acc"].__setitem__(
        "bp", [0.5, 0.6, 0.7]))
    out = tmp_path / "macros.tex"
    assert macros(capsys, figdata_dir, out)[0] == 0
    text = out.read_text()
    assert "\\newcommand{\\cifarAccBPMean}{60.0\\%\\xspace}" in text
    assert "\\newcommand{\\cifarAccBPStd}{8.2\\%\\xspace}" in text  # population std of .5, .6, .7


@pytest.mark.parametrize("command", [["macros"], ["list", "--values"]])
def test_quoted_data_is_checked_against_the_figures_schema_as_the_build_checks_it(
        capsys, tmp_path, figdata_dir, command):
    path = with_quoted(figdata_dir, lambda d: d["data"]["final_test_acc"]["bp"].__setitem__(1, 5.0))
    code = cli.main([*command, "--figdata", str(figdata_dir)])
    err = capsys.readouterr().err
    assert code == 1
    assert err.splitlines()[0].startswith(
        f"error: {SUMMARY}: {path}: data.final_test_acc.bp[1]: expected a number in [0, 1] "
        "(the figure's fixed axis), got 5; its ")


def test_equal_values_have_a_std_of_exactly_zero(capsys, tmp_path, figdata_dir):
    """Hostile pass 3: a float sum made the std of three 0.1s 1.39e-17 (in a .2e macro)."""
    def change(doc):
        doc["data"]["final_test_acc"]["bp"] = [0.1, 0.1, 0.1]
        doc["quoted"].append({**ENTRY, "macro": "accStdSci", "aggregate": "std",
                              "format": ".2e"})
    with_quoted(figdata_dir, change)
    out = tmp_path / "macros.tex"
    assert macros(capsys, figdata_dir, out)[0] == 0
    assert "\\newcommand{\\accStdSci}{0.00e+00\\xspace}" in out.read_text()


def test_a_value_that_rounds_to_zero_prints_no_minus_sign(capsys, tmp_path, figdata_dir):
    def change(doc):
        doc["data"]["final_test_acc"]["bp"] = [-0.0004 + 1e-9, 0.0004, -0.0012]
        doc["quoted"].append({**ENTRY, "macro": "accTiny", "path": "final_test_acc.bp[0]",
                              "format": "+.3f"})
    with_quoted(figdata_dir, change)
    out = tmp_path / "macros.tex"
    # (an accuracy below 0 is refused by the figure's schema, which macros checks first)
    code, err = macros(capsys, figdata_dir, out)
    assert code == 1
    assert "expected a number in [0, 1]" in err
    from figures.numbers.macros import Quoted

    assert Quoted("f", "m", -0.0004, "+.3f", "n").text == "+0.000"
    assert Quoted("f", "m", -0.0004, ".1%", "n").text == "0.0\\%"
    assert Quoted("f", "m", -0.004, ".3f", "n").text == "-0.004"


#: One figure's figdata gone or broken: a figure with no quoted values (as after `figures
#: new`) is read all the same, since nothing says it quotes none.
BROKEN_FIGDATA = {
    "missing": (None, ("not found: restore it (git checkout), write it (`figures extract "
                      "RESULTS`, or by hand), or remove {name} from FIGURES in "
                      "figures/registry.py")),
    "malformed": ('{"figure": ', "malformed JSON at line 1 column 12"),
    "not an envelope": ("[]", "expected a JSON object with figure, provenance, data"),
}


def break_figdata(figdata_dir: Path, name: str, how: str) -> tuple[Path, str]:
    text, message = BROKEN_FIGDATA[how]
    path = figdata_dir / f"{name}.json"
    if text is None:
        path.unlink()
    else:
        path.write_text(text)
    return path, message.format(name=name)


@pytest.mark.parametrize("how", BROKEN_FIGDATA)
@pytest.mark.parametrize("name", ["figure_snapshot_vit", "fig1_audit_hero"])
def test_one_figures_bad_figdata_leaves_out_only_its_macros(capsys, tmp_path, figdata_dir,
                                                            how, name):
    """`figures macros` once stopped at the first figure it could not read, writing nothing."""
    path, message = break_figdata(figdata_dir, name, how)
    out = tmp_path / "macros.tex"
    code, err = macros(capsys, figdata_dir, out)
    assert code == 1
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(errors) == 1
    assert errors[0].startswith(f"error: {name}: {path}: {message}")
    assert errors[0].endswith(f"; its macros are left out of {out}")
    assert err.splitlines()[-1] == f"1 of {len(FIGURES)} figure(s) failed: {name}"
    text = out.read_text()
    assert "\\newcommand{\\cifarAccBPMean}" in text  # every other figure's macros
    assert ("\\newcommand{\\heroAccBP}" in text) == (name != "fig1_audit_hero")
    assert f"% {name}: LEFT OUT, its figdata could not be read" in text
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file


@pytest.mark.parametrize("how", BROKEN_FIGDATA)
def test_check_tex_checks_the_paper_against_the_values_that_loaded(capsys, tmp_path,
                                                                   figdata_dir, how):
    path, message = break_figdata(figdata_dir, "figure_snapshot_vit", how)
    tex = tmp_path / "paper.tex"
    tex.write_text("BP reaches 0.6147 here.\n")
    code = cli.main(["check-tex", str(tex), "--figdata", str(figdata_dir)])
    out, err = capsys.readouterr()
    assert code == 1
    assert out == (f"{tex}:1: 0.6147 is fig1_audit_hero's value written by hand; use "
                   "\\heroAccBP\n")
    first, last = err.splitlines()
    assert first.startswith(f"error: figure_snapshot_vit: {path}: {message}")
    assert first.endswith("; the paper is not checked against its values")
    assert last.endswith("; 1 figure(s) not checked: figure_snapshot_vit")


def test_list_values_lists_the_values_that_loaded(capsys, figdata_dir):
    path, message = break_figdata(figdata_dir, "fig1_audit_hero", "malformed")
    assert cli.main(["list", "--values", "--figdata", str(figdata_dir)]) == 1
    out, err = capsys.readouterr()
    assert "\\cifarAccBPMean" in out
    assert f"error: fig1_audit_hero: {path}: {message}" in err
    assert err.rstrip().endswith("; its values are not listed")

