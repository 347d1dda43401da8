"""STUB: to be written."""

from figures.style import DEFAULT_RC, themed


def extract_resmlp(tree):
    raise NotImplementedError


def extract_vit(tree):
    raise NotImplementedError


@themed(DEFAULT_RC)
def render_resmlp(data):
    raise NotImplementedError


@themed(DEFAULT_RC)
def render_vit(data):
    raise NotImplementedError
