"""Cases that used to be handled unclearly: each now says what is wrong and what to do."""

from __future__ import annotations

import json
import shutil
import stat

import pytest
from helpers import REPO, run

from figures.errors import FigureDataError
from figures.registry import FIGURES

#: End-to-end: runs the command line.
pytestmark = pytest.mark.slow

HERO = "fig1_audit_hero"


@pytest.fixture
def figdata(tmp_path):
    folder = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", folder)
    return folder


def test_an_unbalanced_dollar_in_a_caption_is_refused_naming_the_key(figdata, tmp_path, capsys):
    path = figdata / f"{HERO}.json"
    doc = json.loads(path.read_text())
    doc["data"]["captions"][0] = "Aggregated $\\cos$ lies$ here"
    path.write_text(json.dumps(doc))
    code, _, err = run(capsys, "build", HERO, "--figdata", str(figdata), "--out",
                       str(tmp_path / "out"))
    assert code == 1
    line = err.splitlines()[0]
    assert line.startswith(f"error: {HERO}: {path}: data.captions[0]: an unbalanced $ in ")
    assert line.endswith("write a literal dollar as \\$")


def test_a_raw_line_break_inside_a_json_string_is_a_whole_message(figdata, tmp_path, capsys):
    path = figdata / f"{HERO}.json"
    text = path.read_text()
    at = text.index('"captions"')
    path.write_text(text[:at] + '"captions": ["broken\nline"], "x' + text[at + 11:])
    code, _, err = run(capsys, "build", HERO, "--figdata", str(figdata), "--out",
                       str(tmp_path / "out"))
    assert code == 1
    assert err.splitlines()[0].endswith(
        "a raw line break inside a string; write it as \\n (or remove it)")


def test_a_symlink_loop_is_called_a_loop(figdata, tmp_path, capsys):
    path = figdata / f"{HERO}.json"
    path.unlink()
    path.symlink_to(path)
    code, _, err = run(capsys, "build", HERO, "--figdata", str(figdata), "--out",
                       str(tmp_path / "out"))
    assert code == 1
    assert "a symbolic link loop" in err.splitlines()[0]


@pytest.mark.parametrize("mode", [0o444, 0o600])
def test_a_replaced_file_keeps_its_mode(tmp_path, mode):
    from figures.data.jsonio import write_text_atomic

    target = tmp_path / "macros.tex"
    target.write_text("old")
    target.chmod(mode)
    write_text_atomic(target, "new")
    assert target.read_text() == "new"
    assert stat.S_IMODE(target.stat().st_mode) == mode


def test_status_without_results_says_why_it_exits_1(capsys):
    code, out, err = run(capsys, "status", "--figdata", str(REPO / "figdata"))
    states = [line.split()[1] for line in out.splitlines()]
    assert len(states) == len(FIGURES)
    if set(states) <= {"current", "paper-values"}:
        assert code == 0
    else:
        assert code == 1
        assert err.splitlines()[-1].startswith(
            f"{sum(s not in ('current', 'paper-values') for s in states)} of {len(FIGURES)} "
            "figure(s) not current (without RESULTS")


def test_a_figdata_option_naming_a_file_says_it_is_not_a_folder(capsys):
    code, _, err = run(capsys, "list", "--figdata", str(REPO / "README.md"))
    assert code == 1
    assert err == f"error: {REPO / 'README.md'}: not a folder (pass --figdata DIR, the " \
                  "figdata folder)\n"


def test_status_of_a_results_path_that_is_a_file_says_it_is_not_a_folder(capsys):
    """It said "results folder not found" for a file that exists."""
    code, _, err = run(capsys, "status", str(REPO / "README.md"))
    assert code == 1
    assert f"error: {REPO / 'README.md'}: not a folder (give the results folder" in err
    assert len(err.splitlines()) == 1


def test_an_unwritable_camera_ready_out_is_refused_before_any_figure_is_drawn(
        capsys, tmp_path, figdata):
    """It was found only after the full build, as a bare line."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    code, out, err = run(capsys, "build", "--figdata", str(figdata), "--out",
                         str(tmp_path / "out"), "--camera-ready", "--camera-ready-out",
                         str(blocker / "camera-ready"))
    assert code == 1
    assert out == ""
    assert err == (f"error: {blocker / 'camera-ready'}: a part of this path is a file, not a "
                   "folder\n")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("name", "message"), [
    ("fig_λ", "'fig_λ' is not ASCII"),
    (FIGURES[0].name.upper(), f"differs from the figure {FIGURES[0].name} only in case"),
])
def test_new_refuses_names_that_are_not_ascii_or_differ_only_in_case(capsys, name, message):
    before = (REPO / "figures" / "registry.py").read_bytes()
    code, _, err = run(capsys, "new", name)
    assert code == 1
    assert message in err
    assert (REPO / "figures" / "registry.py").read_bytes() == before


def test_the_schema_refuses_an_unbalanced_dollar_directly():
    from figures.data.schema import Text, check

    with pytest.raises(FigureDataError, match=r"an unbalanced \$"):
        check(Text(), "price 5$ and $x$", "f.json", "data.t")
    check(Text(), "price 5\\$ and $x$", "f.json", "data.t")  # an escaped dollar is text
    check(Text(), "one $ sign", "f.json", "data.t")  # a lone dollar is text, as drawn


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_label_too_long_for_the_layout_is_one_warning_line_in_build_and_check(
        figdata, tmp_path, capsys, command):
    """`check` once let matplotlib's two-line `UserWarning ... fig.tight_layout()` through."""
    import warnings

    name = "fig4_penalty_rescue"
    path = figdata / f"{name}.json"
    doc = json.loads(path.read_text())
    doc["data"]["panel_b"]["conditions"][0]["label"] = "L" * 200
    path.write_text(json.dumps(doc))
    extra = ["--venue", "icml"] if command == "check" else []
    (tmp_path / "out").mkdir()  # check warns of an --out folder that is not there
    with warnings.catch_warnings(record=True) as leaked:
        warnings.simplefilter("always")
        code, _, err = run(capsys, command, name, "--figdata", str(figdata), "--out",
                           str(tmp_path / "out"), *extra)
    assert code == 0
    assert [str(w.message) for w in leaked] == []
    assert err.splitlines() == [(f"warning: {name}: Tight layout not applied. tight_layout "
                                "cannot make Axes width small enough to accommodate all Axes "
                                "decorations")]


@pytest.mark.parametrize("command", [["build", "--out", "out"], ["check", "--venue", "icml"]])
def test_a_missing_figdata_file_says_what_to_do(figdata, tmp_path, capsys, command):
    """Hostile pass 4: `file not found`, and nothing more."""
    (figdata / f"{HERO}.json").unlink()
    argv = [command[0], HERO, "--figdata", str(figdata), *command[1:]]
    if command[0] == "build":
        argv[-1] = str(tmp_path / "out")
    code, _, err = run(capsys, *argv)
    assert code == 1
    assert err.splitlines()[0] == (
        f"error: {HERO}: {figdata / HERO}.json: not found: restore it (git checkout), write it "
        f"(`figures extract RESULTS`, or by hand), or remove {HERO} from FIGURES in "
        "figures/registry.py")


@pytest.mark.parametrize("figure", ["cifar_accuracy", "cifar_state_vs_credit", "cifar_summary"])
def test_a_seed_listed_twice_is_one_line_not_another_seed(tmp_path, figure):
    """Round 45c (W6): ``seeds: [42, 42, 42]`` built cifar_accuracy with a caption of "3
    seeds" (one seed, three times), and state_vs_credit told it as keys '123', '456' not
    among the seeds; now one line naming the file, the key and the repeated seed."""
    import json

    from figures.registry import BY_NAME

    path = tmp_path / f"{figure}.json"
    document = json.loads((REPO / "figdata" / f"{figure}.json").read_text())
    document["data"]["seeds"] = [42, 42, 42]
    path.write_text(json.dumps(document))
    with pytest.raises(FigureDataError) as raised:
        BY_NAME[figure].load_figdata(tmp_path)
    assert str(raised.value).endswith("data.seeds: 42 is listed more than once: each entry "
                                      "once (a seed repeated is not another seed); remove the "
                                      "repeat"), str(raised.value)


def _refusal(tmp_path, figure: str, edit) -> str:
    """The one line ``figure``'s figdata, as committed and changed by ``edit(data)``, is
    refused with."""
    import json

    from figures.registry import BY_NAME

    document = json.loads((REPO / "figdata" / f"{figure}.json").read_text())
    edit(document["data"])
    (tmp_path / f"{figure}.json").write_text(json.dumps(document))
    with pytest.raises(FigureDataError) as raised:
        BY_NAME[figure].load_figdata(tmp_path)
    return str(raised.value)


@pytest.mark.parametrize(("seeds", "problem"), [
    ([42, "42", 456], "data.seeds[1]: expected a number, got a string"),
    ([42.5, 123, 456], "data.seeds[0]: expected a whole number, got 42.5"),
    ([-1, 123, 456], ("data.seeds[0]: expected a number in [0, 1e+100] (a seed names its "
                      "run, as its folder cifar10_seed<N> does), got -1")),
])
def test_a_seed_is_a_whole_number_naming_its_run(tmp_path, seeds, problem):
    """Round 47c (W31): ``[42, "42", 456]`` built with "3 seeds" (42 as a number and as a
    string were two seeds to the each-once check), and 42.5 or -1 were taken as seeds; a seed
    is the whole number of its run's folder (``cifar10_seed42``), each refused in one line."""
    refused = _refusal(tmp_path, "cifar_accuracy", lambda data: data.update(seeds=seeds))
    assert refused.endswith(f"cifar_accuracy.json: {problem}"), refused


@pytest.mark.parametrize(("at", "block", "problem"), [
    (3, 2.5, "expected a whole number, got 2.5"),
    (0, -1, "expected a number in [0, 1e+100] (a block's index counts from 0), got -1"),
])
def test_a_block_is_an_index_from_zero(tmp_path, at, block, problem):
    """Round 47c (W27): a hand-edited block ``2.5`` or ``-1`` was drawn as a block that cannot
    exist (between blocks 2 and 3, left of block 0), where epochs get their checks."""
    refused = _refusal(tmp_path, "cifar_feature_drift",
                       lambda data: data["drift"]["bp"]["block"].__setitem__(at, block))
    assert refused.endswith(f"data.drift.bp.block[{at}]: {problem}"), refused


@pytest.mark.parametrize(("eta", "problem"), [
    (0.01, 'expected a string, got the number 0.01: write it in quotes ("0.01")'),
    ("abc", ("is 'abc', expected a positive number in quotes, as the logs key it (\"0.01\"): "
             "ASCII digits, not 0, an exponent of two digits at most")),
    ("-0.01", ("is '-0.01', expected a positive number in quotes, as the logs key it "
               "(\"0.01\"): ASCII digits, not 0, an exponent of two digits at most")),
])
def test_the_nudging_step_is_a_number_in_quotes(tmp_path, eta, problem):
    """Round 48c (W30): ``nudging_eta: "abc"`` printed ``η=abc`` in the caption as the
    experiment's step size, and the JSON number 0.01 was refused without saying to quote it."""
    refused = _refusal(tmp_path, "cifar_diagnostics", lambda data: data.update(nudging_eta=eta))
    assert refused.endswith(f"data.nudging_eta: {problem}"), refused
