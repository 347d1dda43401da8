"""Hypothesis runs in the slow tier only: tests/conftest.py unregisters its pytest plugin for
``-m "not slow"`` (it imports the whole library at the end of every run), and without the
plugin a strategy evaluated in a test is "slow code in plugin" to Hypothesis, a warning that
``filterwarnings = error`` makes a failure (round 30 H3's property test, unmarked, failed
the CI's fast tier so). Every ``@given`` test is therefore marked slow, here checked by
reading the test files."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def _names(node: ast.expr) -> str:
    """``pytest.mark.slow`` of a decorator or an assigned mark, as written."""
    return ast.unparse(node.func if isinstance(node, ast.Call) else node)


def _given_tests_not_slow(source: str) -> list[str]:
    tree = ast.parse(source)
    marked = any(isinstance(node, ast.Assign) and any(
        isinstance(target, ast.Name) and target.id == "pytestmark" for target in node.targets)
        and "pytest.mark.slow" in ast.unparse(node.value) for node in tree.body)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            decorators = [_names(d) for d in node.decorator_list]
            if "given" in decorators and not marked and "pytest.mark.slow" not in decorators:
                found.append(node.name)
    return found


def test_every_hypothesis_test_is_in_the_slow_tier():
    found = [f"{path.relative_to(TESTS)}::{name}" for path in sorted(TESTS.rglob("test_*.py"))
             for name in _given_tests_not_slow(path.read_text(encoding="utf-8"))]
    assert found == [], f"@given tests not marked slow (Hypothesis's plugin is off in the fast tier): {found}"


def test_the_check_sees_an_unmarked_given_test():
    source = ("import pytest\nfrom hypothesis import given\n@given(1)\ndef test_a(x): pass\n"
              "@pytest.mark.slow\n@given(1)\ndef test_b(x): pass\n")
    assert _given_tests_not_slow(source) == ["test_a"]
    assert _given_tests_not_slow("import pytest\npytestmark = pytest.mark.slow\n" + source) == []
