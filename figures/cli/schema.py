"""``figures schema``: write the figdata envelope as a JSON Schema, for editors.

The envelope is specified in the schema language (:mod:`figures.data.envelope`); the JSON
Schema is generated from it, so the two cannot drift (a test keeps the committed file equal
to this command's output).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from figures.data.envelope import JSON_SCHEMA_FILE, json_schema_text
from figures.data.jsonio import write_text_atomic


def add_parser(add) -> None:
    p = add("schema", help="write figures/data/figdata.schema.json from the envelope's schema",
            description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if the file differs from what would be written")
    p.set_defaults(command=run)


def run(args: argparse.Namespace) -> int:
    text = json_schema_text()
    target: Path = JSON_SCHEMA_FILE
    current = target.read_text(encoding="utf-8") if target.is_file() else None
    if args.check:
        if current == text:
            print(f"{target}: up to date")
            return 0
        print(f"error: {target}: out of date with figures/data/envelope.py; run `figures "
              "schema`", file=sys.stderr)
        return 1
    if current == text:
        print(f"{target}: unchanged")
        return 0
    write_text_atomic(target, text)
    print(f"wrote {target}")
    return 0
