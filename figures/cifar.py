"""STUB: to be written."""

from figures.style import DEFAULT_RC, themed


def extract_accuracy(tree):
    raise NotImplementedError


@themed(DEFAULT_RC)
def render_accuracy(data):
    raise NotImplementedError


def extract_diagnostics(tree):
    raise NotImplementedError


@themed(DEFAULT_RC)
def render_diagnostics(data):
    raise NotImplementedError


def extract_feature_drift(tree):
    raise NotImplementedError


@themed(DEFAULT_RC)
def render_feature_drift(data):
    raise NotImplementedError


def extract_state_vs_credit(tree):
    raise NotImplementedError


@themed(DEFAULT_RC)
def render_state_vs_credit(data):
    raise NotImplementedError


def extract_summary(tree):
    raise NotImplementedError


@themed(DEFAULT_RC)
def render_summary(data):
    raise NotImplementedError
