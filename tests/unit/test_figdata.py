"""The figdata envelope: specified once (figures/figdata.schema.json), every problem at once."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, REPO

from figures.data import figdata
from figures.errors import FigureDataError
from figures.registry import BY_NAME


def _load(tmp_path, doc) -> None:
    path = tmp_path / "fig.json"
    path.write_text(json.dumps(doc))
    figdata.load(path, "fig")


def test_every_missing_envelope_key_is_named_at_once(tmp_path):
    with pytest.raises(FigureDataError) as info:
        _load(tmp_path, {"provenance": {"seed_script": "x.py"}})
    assert str(info.value) == (
        f"{tmp_path / 'fig.json'}: missing keys figure, data, provenance.kind "
        "(the envelope is specified in figures/figdata.schema.json)")


@pytest.mark.parametrize(("doc", "message"), [
    ({"figure": "fig", "provenance": {"kind": "guessed"}, "data": {}},
     "provenance.kind: is 'guessed', expected one of paper-values, extracted, synthetic-example"),
    ({"figure": "fig", "provenance": {"kind": "extracted"}, "data": []},
     "data: expected an object, got a list"),
    ({"figure": "fig", "provenance": {"kind": "extracted"}, "data": {},
      "quoted": [{"macro": "acc1", "path": "a", "format": ".1f", "note": ""}]},
     "quoted[0].macro: 'acc1' is not valid: LaTeX macro name, letters only,"),
    ({"figure": "fig", "provenance": {"kind": "extracted"}, "data": {},
      "quoted": [{"macro": "acc", "path": "a"}]},
     "missing keys quoted[0].format, quoted[0].note"),
    # a misspelt key would silently drop what it holds (quotd: every macro of the figure)
    ({"figure": "fig", "provenance": {"kind": "extracted"}, "data": {}, "quotd": []},
     "fig.json: quotd: unknown key; known: $schema, figure, provenance, data, quoted"),
    ({"figure": "fig", "provenance": {"kind": "extracted", "note": "x"}, "data": {}},
     "provenance.note: unknown key; known: kind, seed_script, figures_version, sources, notes"),
    ({"figure": "fig", "data": {}, "provenance": {
        "kind": "extracted", "sources": [{"path": "a", "sha256": "0" * 64, "sha": "1"}]}},
     "provenance.sources[0].sha: unknown key; known: path, sha256"),
    ({"figure": "fig", "data": {}, "provenance": {"kind": "extracted", "seed_script": ""}},
     "provenance.seed_script: is empty; give a value or leave the key out"),
    ({"figure": "fig", "data": {}, "provenance": {
        "kind": "extracted", "sources": [{"path": "a", "sha256": "abc"}]}},
     "provenance.sources[0].sha256: 'abc' is not valid: the file's SHA-256, 64 lowercase hex"),
    ({"figure": "fig", "data": {}, "provenance": {
        "kind": "extracted", "sources": [{"path": "/etc/passwd", "sha256": "0" * 64}]}},
     "provenance.sources[0].path: '/etc/passwd' is not valid: Relative, inside the results"),
])
def test_envelope_problems_name_the_key(tmp_path, doc, message):
    with pytest.raises(FigureDataError) as info:
        _load(tmp_path, doc)
    assert message in str(info.value)


def test_seed_script_is_optional_and_kinds_come_from_the_schema(tmp_path):
    _load(tmp_path, {"figure": "fig", "provenance": {"kind": "paper-values"}, "data": {}})
    schema = json.loads(figdata.ENVELOPE_SCHEMA.read_text())
    assert list(figdata.KINDS) == schema["properties"]["provenance"]["properties"]["kind"]["enum"]


def test_committed_figdata_and_fixtures_follow_the_schema():
    import jsonschema

    schema = json.loads(figdata.ENVELOPE_SCHEMA.read_text())
    for path in [*(REPO / "figdata").glob("*.json"), *FIXTURES.glob("*.json")]:
        jsonschema.validate(json.loads(path.read_text()), schema)
    for name in BY_NAME:
        doc = json.loads((REPO / "figdata" / f"{name}.json").read_text())
        assert (REPO / "figdata" / doc["$schema"]).resolve() == figdata.ENVELOPE_SCHEMA
