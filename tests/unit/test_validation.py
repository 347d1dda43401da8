"""Data that decides the picture is validated before drawing: text (length, characters,
mathtext parsed by matplotlib's own parser), keys that pick methods, values on fixed axes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import REPO

from figures.data import figdata
from figures.data.schema import check
from figures.errors import FigureDataError
from figures.registry import BY_NAME


def load_error(name: str, change) -> str:
    """The one line validating ``figdata/NAME.json`` gives after ``change(data)``."""
    path = REPO / "figdata" / f"{name}.json"
    doc = json.loads(path.read_text())
    change(doc["data"])
    spec = BY_NAME[name]
    with pytest.raises(FigureDataError) as info:
        figdata.load(Path(f"figdata/{name}.json"), name, spec.schema, text=json.dumps(doc))
    return str(info.value)


def caption(text):
    return lambda d: d["captions"].__setitem__(1, text)


@pytest.mark.parametrize(("text", "message"), [
    ("$\\frac{$", "data.captions[1]: not valid mathtext ("),
    ("gap $\\foo{x}$", "data.captions[1]: not valid mathtext (Unknown symbol: \\foo, found"),
    ("x" * 100_000, "data.captions[1]: text of 100000 characters is too long (at most 200)"),
    ("x" * 20_000, "data.captions[1]: text of 20000 characters is too long (at most 200)"),
    ("a\ud800b", "data.captions[1]: contains a lone surrogate ('\\ud800'); remove it"),
    ("a\x00b", "data.captions[1]: contains a control character ('\\x00'); remove it"),
    ("a\ufeffb", ("data.captions[1]: contains a byte order mark ('\\ufeff'), which PDF output "
     "cannot draw; remove it")),
    # One definition of unprintable text: the drawn-text check let these two through
    ("a\u2028b", "data.captions[1]: contains a line break ('\\u2028'); remove it"),
    ("a\u202eb", ("data.captions[1]: contains a bidirectional control ('\\u202e'), which "
                  "reorders what is shown; remove it")),
    ("a\tb", "data.captions[1]: contains a control character ('\\t'); remove it"),
    ("\n".join("x" * 7), ("data.captions[1]: text of 7 lines is too long (at most 3, the "
     "caption box holds three)")),
    # Parses, but draws a gap 30000 em wide: the PNG took half a minute and was 771,286 px wide.
    ("$\\hspace{30000}x$",
     "data.captions[1]: mathtext draws 2.92e+04 em across (at most 250); check \\hspace"),
    ("a $x\\hspace{-3000}$", "data.captions[1]: mathtext draws 2.92e+03 em across"),
    ("$\\genfrac{(}{)}{300}{0}{a}{b}$", "data.captions[1]: mathtext draws 264 em across"),
    # The parser itself fails on these: a RecursionError, and FreeType refusing a size.
    ("$" + "{" * 60 + "x" + "}" * 60 + "$",
     "data.captions[1]: mathtext nests braces 60 deep (at most 20): '${{{"),
    ("$\\genfrac{(}{)}{30000}{0}{a}{b}$",
     "data.captions[1]: not valid mathtext (FT_Set_Char_Size"),
])
def test_bad_text_is_refused_naming_the_key(text, message):
    line = load_error("fig1_audit_hero", caption(text))
    assert line.startswith(f"figdata/fig1_audit_hero.json: {message}")
    assert "\n" not in line


def test_good_mathtext_and_escaped_dollars_pass():
    spec = BY_NAME["fig1_audit_hero"]
    doc = json.loads((REPO / "figdata" / "fig1_audit_hero.json").read_text())
    doc["data"]["captions"] = ["costs \\$5 and $\\lambda{=}10^{-2}$", "one $ sign", "$x$\n$y_2$"]
    figdata.load(Path("f.json"), spec.name, spec.schema, text=json.dumps(doc))


@pytest.mark.parametrize(("name", "change", "message"), [
    ("cifar_summary", lambda d: d["final_test_acc"].__setitem__("foo", [0.5, 0.5, 0.5]),
     "data.final_test_acc.foo: unknown key; known: bp, dfa, state_bridge, credit_bridge"),
    ("cifar_diagnostics", lambda d: d["bp_cosine"].__setitem__("BP", [0.5]),
     "data.bp_cosine.BP: unknown key; known: bp, dfa, state_bridge, credit_bridge"),
    ("fig1_audit_hero", lambda d: d["panel_b"]["values"].__setitem__("Hebb", [0, 0, 0, 0]),
     "data.panel_b.values.Hebb: unknown key; known: BP, FA, DFA"),
    ("fig4_penalty_rescue", lambda d: d["panel_c"]["accuracy"].__setitem__("X", {}),
     "data.panel_c.accuracy.X: unknown key; known: BP, DFA"),
])
def test_unknown_method_keys_are_refused_listing_the_known(name, change, message):
    assert load_error(name, change) == f"figdata/{name}.json: {message}"


@pytest.mark.parametrize(("name", "change", "message"), [
    ("fig1_audit_hero", lambda d: d["panel_a"]["values"]["FA"].__setitem__("acc_", 0.5),
     "data.panel_a.values.FA.acc_: unknown key; known: acc, gamma"),
    ("fig1_audit_hero", lambda d: d["panel_a"].__setitem__("extra", [[[]]]),
     "data.panel_a.extra: unknown key; known: values"),
    ("fig3b_crossarch_3row", lambda d: d["rows"][0].__setitem__("label", "x"),
     "data.rows[0].label: unknown key; known: arch, methods"),
    ("fig1_audit_hero", lambda d: d["panel_a"].__setitem__("source", "x" * 1001),
     "data.panel_a.source: text of 1001 characters is too long (at most 1000)"),
])
def test_a_misspelt_or_unknown_key_at_any_depth_is_refused(name, change, message):
    """Not silently ignored: a misspelt optional key would otherwise never take effect."""
    assert load_error(name, change) == f"figdata/{name}.json: {message}"


@pytest.mark.parametrize("key", ["abc", "999"])
def test_a_per_seed_key_that_is_no_seed_is_refused(key):
    """It would be drawn as a seed and counted in the annotated mean error."""
    def add(d):
        d["state_pred_error"][key] = [0.1, 0.1]

    assert load_error("cifar_state_vs_credit", add) == (
        f"figdata/cifar_state_vs_credit.json: data.state_pred_error key {key!r}: not one of "
        "seeds (42, 123, 456)")


def test_any_object_may_carry_a_source_note():
    doc = json.loads((REPO / "figdata" / "fig3b_crossarch_3row.json").read_text())
    doc["data"]["rows"][0]["source"] = "protocol_audit, seed 42"
    spec = BY_NAME["fig3b_crossarch_3row"]
    figdata.load(Path("f.json"), spec.name, spec.schema, text=json.dumps(doc))


@pytest.mark.parametrize(("name", "change", "message"), [
    ("fig1_audit_hero", lambda d: d["panel_a"]["values"]["FA"].__setitem__("acc", 7.5),
     ("data.panel_a.values.FA.acc: expected a number in [0, 0.72] (the figure's fixed axis), "
     "got 7.5")),
    ("fig1_audit_hero", lambda d: d["panel_b"]["values"]["FA"].__setitem__(0, 1.5),
     "data.panel_b.values.FA[0]: expected a number in [-0.25, 1]"),
    ("fig1_audit_hero", lambda d: d["panel_c"]["values"]["FA"].__setitem__(0, 3.0),
     "data.panel_c.values.FA[0]: expected a number in [5e-12, 0.05]"),
    ("cifar_summary", lambda d: d["final_test_acc"]["bp"].__setitem__(0, 1e308),
     ("data.final_test_acc.bp[0]: expected a number in [0, 1] (the figure's fixed axis), "
     "got 1e+308")),
    # found by tests/unit/test_fuzz.py: FreeType refused the labels of an axis scaled to 1e-45
    ("cifar_summary", lambda d: d["final_test_acc"]["bp"].__setitem__(0, 1.4e-45),
     "data.final_test_acc.bp[0]: expected 0 or a magnitude of at least 1e-06, got 1.4e-45"),
    ("cifar_accuracy", lambda d: d["methods"]["bp"]["test_acc"][0].__setitem__(0, 61.4),
     "data.methods.bp.test_acc[0][0]: expected a number in [0, 1]"),
    ("fig4_penalty_rescue", lambda d: d["panel_b"]["conditions"][0].__setitem__("cos_err", -0.1),
     "data.panel_b.conditions[0].cos_err: expected a number in [0, 2]"),
    ("fig4_penalty_rescue", lambda d: d["panel_c"]["accuracy"]["BP"].__setitem__(
        "no_penalty", 0.95), "data.panel_c.accuracy.BP.no_penalty: expected a number in [0, 0.7]"),
    ("cifar_diagnostics", lambda d: d["nudging"]["bp"].__setitem__(0, 1e300),
     "data.nudging.bp[0]: expected a number of magnitude at most 1e+100, got 1e+300"),
    ("cifar_state_vs_credit", lambda d: d["state_pred_error"].__setitem__("$\\frac{$", [1.0, 0.5]),
     "data.state_pred_error key '$\\\\frac{$': not valid mathtext"),
])
def test_values_off_a_fixed_axis_or_huge_are_refused(name, change, message):
    assert load_error(name, change).startswith(f"figdata/{name}.json: {message}")


@pytest.mark.parametrize(("name", "change", "message"), [
    ("cifar_summary", lambda d: d["final_test_acc"].__setitem__("credit_bridge", [0.5]),
     ("data: series of unequal length: seeds has 3, final_test_acc.bp has 3, "
     "final_test_acc.dfa has 3, final_test_acc.state_bridge has 3, "
     "final_test_acc.credit_bridge has 1")),
    ("cifar_summary", lambda d: d.__setitem__("seeds", [42]),
     "data: series of unequal length: seeds has 1, final_test_acc.bp has 3,"),
    ("cifar_summary", lambda d: d.__setitem__("epoch_counts", [-101]),
     "data.epoch_counts[0]: expected a number in [1, 1e+06] (an epoch count), got -101"),
    ("cifar_summary", lambda d: d.__setitem__("epoch_counts", [0]),
     "data.epoch_counts[0]: expected a number in [1, 1e+06] (an epoch count), got 0"),
    ("cifar_summary", lambda d: d.__setitem__("epoch_counts", [99.5]),
     "data.epoch_counts[0]: expected a whole number, got 99.5"),
    ("cifar_state_vs_credit", lambda d: d["final_test_acc"]["dfa"].pop(),
     "data: series of unequal length: seeds has 3, final_test_acc.dfa has 2,"),
    ("cifar_accuracy", lambda d: d["methods"]["dfa"]["test_acc"].pop(),
     "data: series of unequal length: seeds has 3, methods.bp.train_acc has 3,"),
    ("cifar_diagnostics", lambda d: d["perturbation_rho"]["state_bridge"].__setitem__(0, 1e99),
     ("data.perturbation_rho.state_bridge[0]: expected a number in [-1, 1] (a cosine or "
     "correlation), got 1e+99")),
    ("cifar_diagnostics", lambda d: d["bp_cosine"]["dfa"].__setitem__(3, -1.5),
     "data.bp_cosine.dfa[3]: expected a number in [-1, 1] (a cosine or correlation), got -1.5"),
    ("cifar_diagnostics", lambda d: d["bp_cosine"].__setitem__("credit_bridge", [0.5]),
     ("data.bp_cosine: series of unequal length: bp has 12, dfa has 12, state_bridge has 12, "
     "credit_bridge has 1")),
])
def test_series_tied_to_seeds_or_layers_and_bounded_quantities_are_checked(name, change, message):
    """Data that passed and drew a wrong picture: a bar of one seed among three, a title with
    -101 epochs, a correlation of 1e99, a method with one layer of twelve."""
    assert load_error(name, change).startswith(f"figdata/{name}.json: {message}")


def _hero_series(panel: str, n: int):
    def change(d):
        for method in ("BP", "FA", "DFA"):
            d[panel]["values"][method] = [0.01] * n
    return change


def _swap(path: tuple, i: int, j: int):
    def change(d):
        series = d
        for part in path:
            series = series[part]
        series[i], series[j] = series[j], series[i]
    return change


@pytest.mark.slow
@pytest.mark.parametrize(("name", "change", "message"), [
    # Hostile pass 3: 3000 blocks took minutes (a mathtext tick label each); the caption box
    # holds three lines; fig3b's size is fixed for its three rows (300 rows took 37 s).
    ("fig1_audit_hero", _hero_series("panel_b", 11),
     ("data.panel_b.values.BP: expected at most 10 entries (one labelled tick each; more "
     "overlap), got 11")),
    ("fig1_audit_hero", _hero_series("panel_c", 3000),
     ("data.panel_c.values.BP: expected at most 11 entries (one labelled tick each; more "
     "overlap), got 3000")),
    ("fig1_audit_hero", caption("one\ntwo\nthree\nfour"),
     "data.captions[1]: text of 4 lines is too long (at most 3, the caption box holds three)"),
    ("fig3b_crossarch_3row", lambda d: d["rows"][0].__setitem__("arch", "\n".join("x" * 7)),
     "data.rows[0].arch: text of 7 lines is too long (at most 6)"),
    ("fig3b_crossarch_3row", lambda d: d.__setitem__("rows", d["rows"] * 100),
     "data.rows: expected at most 3 entries (the figure's size is fixed for 3 rows), got 300"),
    # Epochs out of order drew a zigzag (extraction refuses such logs; hand edits too now).
    ("fig4_penalty_rescue", _swap(("panel_a", "vanilla", "epochs"), 10, 50),
     "data.panel_a.vanilla.epochs[11]: 12 after 51: expected increasing order (each once)"),
    ("fig3b_crossarch_3row", _swap(("rows", 0, "methods", "FA", "epochs"), 0, 1),
     "data.rows[0].methods.FA.epochs[1]: 1 after 2: expected increasing order"),
    ("figure_snapshot_vit", _swap(("epoch",), 2, 3),
     "data.epoch[3]: 3 after 4: expected increasing order"),
    ("figure_snapshot_resmlp", _swap(("with_ln", "DFA", "epoch"), 0, 1),
     "data.with_ln.DFA.epoch[1]: 1 after 2: expected increasing order"),
    ("cifar_feature_drift", _swap(("drift", "bp", "block"), 0, 1),
     "data.drift.bp.block[1]: 0 after 1: expected increasing order"),
])
def test_what_the_figure_cannot_show_is_refused_naming_the_key(name, change, message):
    line = load_error(name, change)
    # several series may be too long at once: the file's every problem is on the one line
    assert line.startswith(f"figdata/{name}.json: ")
    assert f": {message}" in line


def test_a_whole_epoch_count_written_as_a_float_is_drawn_as_a_whole_number():
    """Hostile pass B: the schema accepts 100.0 as a whole number; the title read "100.0
    epochs"."""
    doc = json.loads((REPO / "figdata" / "cifar_summary.json").read_text())
    doc["data"]["epoch_counts"] = [float(n) for n in doc["data"]["epoch_counts"]]
    spec = BY_NAME["cifar_summary"]
    check(spec.schema, doc["data"], "cifar_summary.json")
    fig = spec.render(doc["data"])
    title = fig.axes[0].get_title()
    assert ".0 epochs" not in title
    assert f"{int(doc['data']['epoch_counts'][0])} epochs" in title or "–" in title
