"""Text written from files rather than code: ``new_figure/`` (what `figures new` writes) and
``preflight/`` (the HTML report's page, one Jinja2 template). ``new_figure/`` holds plain
:class:`string.Template` files (``$name``)."""

from __future__ import annotations

from pathlib import Path
from string import Template

TEMPLATES_DIR = Path(__file__).resolve().parent


def fill(template: str, **values: object) -> str:
    """The template ``template`` (a path below this folder) with ``values`` put in; a value
    the template names but is not given is a KeyError (a bug of ours, not the user's)."""
    text = (TEMPLATES_DIR / template).read_text(encoding="utf-8")
    return Template(text).substitute({key: str(value) for key, value in values.items()})
