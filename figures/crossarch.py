"""STUB: to be written."""

from figures.style import DEFAULT_RC, themed

PAPER_KEYS = ()


def extract(tree):
    raise NotImplementedError


@themed(DEFAULT_RC)
def render(data):
    raise NotImplementedError
