"""The figdata envelope: specified once, in JSON Schema (figures/data/envelope.py); every
problem of a file at once; the file editors use is that schema, written by `figures schema`."""

from __future__ import annotations

import json

import pytest
from helpers import FIXTURES, REPO

from figures.cli import main as cli
from figures.data import envelope, figdata
from figures.errors import FigureDataError
from figures.registry import BY_NAME

GOOD = {"figure": "fig", "provenance": {"kind": "extracted"}, "data": {}}


def _load(tmp_path, doc) -> None:
    path = tmp_path / "fig.json"
    path.write_text(json.dumps(doc))
    figdata.load(path, "fig")


def test_every_missing_envelope_key_is_named_at_once(tmp_path):
    with pytest.raises(FigureDataError) as info:
        _load(tmp_path, {"provenance": {"seed_script": "x.py"}})
    assert str(info.value) == f"{tmp_path / 'fig.json'}: missing keys figure, provenance.kind, data"


def test_every_problem_of_a_file_is_one_line_at_once(tmp_path):
    """Envelope, the figure's data and a quoted entry: one line, each key named."""
    from figures.data.schema import Number, Record

    path = tmp_path / "fig.json"
    path.write_text(json.dumps({
        "figure": "fig", "provenance": {"kind": "guessed"}, "data": {"acc": "high"},
        "quoted": [{"macro": "acc1", "path": "acc", "format": ".1f", "note": "n"}]}))
    with pytest.raises(FigureDataError) as info:
        figdata.load(path, "fig", Record({"acc": Number()}))
    assert str(info.value) == (
        f"{path}: 3 problems: provenance.kind: is 'guessed', expected one of: paper-values, "
        "extracted, synthetic-example; data.acc: expected a number, got a string; "
        "quoted[0].macro: is 'acc1', expected a LaTeX macro name: letters only, not starting "
        "with end (LaTeX refuses those)")
    assert [key for key, _ in info.value.problems] == [
        "provenance.kind", "data.acc", "quoted[0].macro"]


@pytest.mark.parametrize(("doc", "message"), [
    ({**GOOD, "provenance": {"kind": "guessed"}},
     "provenance.kind: is 'guessed', expected one of: paper-values, extracted, synthetic-example"),
    ({**GOOD, "data": []}, "data: expected an object, got a list"),
    ({**GOOD, "figure": "other"}, "figure: is 'other', expected one of: fig"),
    ({**GOOD, "quoted": [{"macro": "acc1", "path": "a", "format": ".1f", "note": ""}]},
     "quoted[0].macro: is 'acc1', expected a LaTeX macro name, letters only"),
    ({**GOOD, "quoted": [{"macro": "acc", "path": "a"}]},
     "missing keys quoted[0].format, quoted[0].note"),
    # a misspelt key would silently drop what it holds (quotd: every macro of the figure)
    ({**GOOD, "quotd": []}, ("fig.json: quotd: unknown key; known: $schema, figure, provenance, "
                            "data, quoted")),
    ({**GOOD, "provenance": {"kind": "extracted", "note": "x"}},
     "provenance.note: unknown key; known: kind, seed_script, figures_version, sources, notes"),
    ({**GOOD, "provenance": {"kind": "extracted",
                             "sources": [{"path": "a", "sha256": "0" * 64, "sha": "1"}]}},
     "provenance.sources[0].sha: unknown key; known: path, sha256"),
    ({**GOOD, "provenance": {"kind": "extracted", "seed_script": " "}},
     "provenance.seed_script: is empty or blank; give a value"),
    ({**GOOD, "provenance": {"kind": "extracted", "sources": [{"path": "a", "sha256": "abc"}]}},
     "provenance.sources[0].sha256: is 'abc', expected the file's SHA-256, 64 lowercase hex"),
    ({**GOOD, "provenance": {"kind": "extracted",
                             "sources": [{"path": "/etc/passwd", "sha256": "0" * 64}]}},
     "provenance.sources[0].path: is '/etc/passwd', expected a path relative to the results"),
    # one definition of unprintable text for every string of the file (the old JSON Schema
    # let U+202E through in sources and notes)
    ({**GOOD, "provenance": {"kind": "extracted",
                             "sources": [{"path": "a\u202eb", "sha256": "0" * 64}]}},
     "provenance.sources[0].path: contains a bidirectional control ('\\u202e')"),
    ({**GOOD, "provenance": {"kind": "extracted", "notes": "a\u2028b"}},
     "provenance.notes: contains a line break ('\\u2028'); remove it"),
    # hardening round 4: a quoted path to a missing key passed the build, failing at macros
    ({**GOOD, "data": {"acc": 0.5},
      "quoted": [{"macro": "acc", "path": "ac", "format": ".1f", "note": "n"}]},
     "quoted[0].path: data.ac: no such entry ('ac')"),
    ({**GOOD, "data": {"acc": [0.5, "x"]},
      "quoted": [{"macro": "acc", "path": "acc", "format": ".1f", "note": "n",
                  "aggregate": "mean"}]},
     "quoted[0].path: data.acc: aggregate needs finite numbers"),
    ({**GOOD, "data": {"acc": {"a": 1}},
      "quoted": [{"macro": "acc", "path": "acc", "format": ".1f", "note": "n"}]},
     "quoted[0].path: data.acc is an object, expected a number (or a list with aggregate)"),
    ({**GOOD, "data": {"acc": 0.5}, "quoted": [
        {"macro": "acc", "path": "acc", "format": ".1f", "note": "n"},
        {"macro": "acc", "path": "acc", "format": ".2f", "note": "n"}]},
     "quoted[1].macro: \\acc is already quoted at quoted[0]"),
    ({**GOOD, "data": {"acc": 0.5},
      "quoted": [{"macro": "figure", "path": "acc", "format": ".1f", "note": "n"}]},
     "quoted[0].macro: \\figure is already defined by LaTeX"),
])
def test_envelope_problems_name_the_key(tmp_path, doc, message):
    with pytest.raises(FigureDataError) as info:
        _load(tmp_path, doc)
    assert message.replace("name, letters", "name: letters") in str(info.value)
    assert "\n" not in str(info.value)


def test_a_quoted_path_to_a_missing_key_is_a_build_warning_and_refused_by_macros(
        tmp_path, capsys):
    """Hardening round 4: it passed `build` silently and failed only at `macros`. The
    drawing does not depend on it: the build draws and warns, naming file and key."""
    import shutil

    figdata_dir = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", figdata_dir)
    path = figdata_dir / "cifar_summary.json"
    doc = json.loads(path.read_text())
    doc["quoted"][0]["path"] = "final_test_acc.nope"
    path.write_text(json.dumps(doc))
    line = f"{path}: quoted[0].path: data.final_test_acc.nope: no such entry ('nope')"
    code = cli.main(["build", "cifar_summary", "--figdata", str(figdata_dir),
                     "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 0
    assert f"{line} (`figures macros` refuses it)" in err
    assert (tmp_path / "out" / "cifar_summary.png").is_file()
    code = cli.main(["macros", "--figdata", str(figdata_dir), "--out", str(tmp_path / "m.tex")])
    assert code == 1
    assert line in capsys.readouterr().err


def test_seed_script_is_optional_and_kinds_come_from_the_language(tmp_path):
    _load(tmp_path, {"figure": "fig", "provenance": {"kind": "paper-values"}, "data": {}})
    schema = json.loads(figdata.JSON_SCHEMA_FILE.read_text())
    assert list(figdata.KINDS) == schema["properties"]["provenance"]["properties"]["kind"]["enum"]


def test_the_committed_json_schema_is_what_figures_schema_writes(capsys):
    """figures/data/figdata.schema.json is generated: `figures schema` on a clean clone
    changes nothing."""
    assert figdata.JSON_SCHEMA_FILE.read_text(encoding="utf-8") == envelope.json_schema_text()
    assert cli.main(["schema", "--check"]) == 0
    assert "up to date" in capsys.readouterr().out


def test_the_json_schema_reserves_the_one_list_of_latex_names():
    schema = json.loads(figdata.JSON_SCHEMA_FILE.read_text())
    macro = schema["properties"]["quoted"]["items"]["properties"]["macro"]
    assert set(macro["not"]["enum"]) == envelope.latex_names()


def test_committed_figdata_and_fixtures_follow_the_generated_json_schema():
    import jsonschema  # here, not at collection: every test process would import it

    schema = json.loads(figdata.JSON_SCHEMA_FILE.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    for path in [*(REPO / "figdata").glob("*.json"), *FIXTURES.glob("*.json")]:
        jsonschema.validate(json.loads(path.read_text()), schema)
    for name in BY_NAME:
        doc = json.loads((REPO / "figdata" / f"{name}.json").read_text())
        assert (REPO / "figdata" / doc["$schema"]).resolve() == figdata.JSON_SCHEMA_FILE


@pytest.mark.parametrize("change", [
    lambda d: d.pop("figure"),
    lambda d: d.__setitem__("extra", 1),
    lambda d: d["provenance"].__setitem__("kind", "guessed"),
    lambda d: d["provenance"].__setitem__("sources", [{"path": "../x", "sha256": "0" * 64}]),
    lambda d: d["provenance"].__setitem__("notes", "bidi \u202e"),
    lambda d: d.__setitem__("quoted", [{"macro": "section", "path": "a", "format": ".1f",
                                        "note": "n"}]),
    lambda d: d.__setitem__("quoted", [{"macro": "acc", "path": "a", "format": "099.2f",
                                        "note": "n"}]),
    lambda d: d.__setitem__("quoted", [{"macro": "acc", "path": "a", "format": ".1f",
                                        "note": "two\nlines"}]),
])
def test_the_editor_schema_refuses_what_the_language_refuses(tmp_path, change):
    """For what JSON Schema can say, an editor flags what the build refuses."""
    import jsonschema

    doc = {**GOOD, "data": {"a": 0.5}, "provenance": {"kind": "extracted"}}
    change(doc)
    with pytest.raises(FigureDataError):
        _load(tmp_path, doc)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, json.loads(figdata.JSON_SCHEMA_FILE.read_text()))


def test_every_figure_schema_is_json_schema_that_accepts_its_committed_data():
    """A figure's SCHEMA is JSON Schema (Draft 2020-12), read by any validator: jsonschema's
    own, without the project's keywords, accepts the committed data too."""
    import jsonschema

    for name, spec in BY_NAME.items():
        jsonschema.Draft202012Validator.check_schema(spec.schema)
        doc = json.loads((REPO / "figdata" / f"{name}.json").read_text())
        jsonschema.validate(doc["data"], spec.schema, jsonschema.Draft202012Validator)
