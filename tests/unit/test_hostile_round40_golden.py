"""Hostile round 40: the golden run's sessions and ``figures review``'s decisions (rows N1, R2,
R5)."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest
from helpers import REPO


def _session_first_lines() -> dict[str, str]:
    """Each nox session's listing line (``nox -l``): its docstring's first line."""
    tree = ast.parse((REPO / "noxfile.py").read_text(encoding="utf-8"))
    return {node.name: ast.get_docstring(node).splitlines()[0] for node in tree.body
            if isinstance(node, ast.FunctionDef) and ast.get_docstring(node)
            and any("nox.session" in ast.unparse(d) for d in node.decorator_list)}


def test_every_sessions_listing_line_is_a_whole_sentence():
    """Round 40 (N1): ``nox -l`` showed ``compare -> Compare every figure with the paper's seed
    scripts, pixel for pixel (needs pdftoppm:`` (and ``random_order -> ... in a copy``): nox
    lists a docstring's first line, which ended mid-sentence. Each ends its sentence, its
    brackets closed."""
    lines = _session_first_lines()
    assert {"compare", "random_order", "stability"} <= set(lines)
    for name, line in lines.items():
        assert line.endswith("."), (name, line)
        assert line.count("(") == line.count(")"), (name, line)
        assert line.count("``") % 2 == 0, (name, line)


@pytest.mark.parametrize("given", ["abc", "0", "-3", "5x", "２"])
def test_stability_refuses_what_is_no_number_of_rounds_in_one_line(given):
    """Round 40 (N1): ``python tools/stability.py abc`` (what ``nox -s stability -- abc`` ran)
    was a ``ValueError: invalid literal for int()`` traceback. One line, exit 2, nothing run."""
    done = subprocess.run([sys.executable, "tools/stability.py", given], cwd=REPO,
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr == (f"stability: takes a number of rounds (1 or more), then pytest "
                           f"options, got {given!r}: e.g. `nox -s stability -- 5` or "
                           f"`-- 5 -m \"not slow\"`\n")


def test_stability_takes_pytest_options_after_its_number_or_alone():
    """Round 40 (N1): pytest options follow the number of rounds, as ``nox -s random_order``'s
    follow its seed; alone, they run 20 rounds; and the noxfile passes them on as given."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("stability_tool",
                                                  REPO / "tools" / "stability.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.rounds([]) == (20, [])
    assert tool.rounds(["5"]) == (5, [])
    assert tool.rounds(["5", "-m", "not slow"]) == (5, ["-m", "not slow"])
    assert tool.rounds(["-k", "cifar"]) == (20, ["-k", "cifar"])
    source = (REPO / "noxfile.py").read_text(encoding="utf-8")
    body = source.split("def stability(", 1)[1].split("\n@nox.session", 1)[0]
    assert 'session.run("python", "tools/stability.py", *session.posargs)' in body
    assert "int(" not in body
