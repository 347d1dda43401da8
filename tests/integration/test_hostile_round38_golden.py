"""Rounds 37 and 38: the golden suite's and review's rows of those hostile passes (R3, G12,
G6b). The passes themselves, case by case, are in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import importlib.util
import sys

import pytest
from helpers import REPO
from test_hostile_round19_golden import _pytest
from test_hostile_round19_golden import copy_of_project as _copy


def _review():
    spec = importlib.util.spec_from_file_location("review_r38", REPO / "tools" / "review.py")
    module = sys.modules["review_r38"] = importlib.util.module_from_spec(spec)  # a dataclass's
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("stray", "static", "said"), [
    ("build/review", True, "build/review is a file where the review's folder goes"),
    ("build/review", False, "build/review is a file where the review's folder goes"),
    ("build", True, "build is a file where the review's folder goes"),
    ("build/review/img", True, "build/review/img is a file where the review's folder goes"),
    ("build/review/new", False, "build/review/new is a file where the review's folder goes"),
    ("build/review/index.html/", True,
     "build/review/index.html is a folder where the review's page goes"),
])
def test_a_file_where_reviews_folder_goes_is_one_line(tmp_path, monkeypatch, capsys, stray,
                                                      static, said):
    """Round 37 (R3): ``build/review`` a file (a stray ``> build/review`` redirect) when
    ``figures review --no-open`` ran after a failing golden run: a 12-line traceback
    (``FileExistsError`` from ``OUT.mkdir``). Now one line naming the path, what it is and what
    to do, exit 1, nothing rendered nor written; so for the other paths review writes under
    build/ (build itself, the render's new/, the page's img/ and index.html)."""
    review = _review()
    root = tmp_path / "repo"
    monkeypatch.setattr(review, "ROOT", root)
    monkeypatch.setattr(review, "OUT", root / "build" / "review")
    monkeypatch.setattr(review, "failed_goldens", lambda: ["tests/golden/test_images.py::t[x]"])
    monkeypatch.setattr(review.ub, "generate", lambda *a: pytest.fail("rendered"))
    path = root / stray
    path.parent.mkdir(parents=True, exist_ok=True)
    if stray.endswith("/"):
        path.mkdir()
    else:
        path.write_text("file\n")
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    assert review.main(["--no-open"] if static else ["--no-browser"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"review: {root / said.split(' is ')[0]} is {said.split(' is ', 1)[1]}: move "
                   "it away, then review again; nothing reviewed, nothing written\n")
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before


@pytest.mark.parametrize(("given", "shown"), [
    (("--mpl-default-tolerance=abc",), "--mpl-default-tolerance abc"),
    (("--mpl-default-tolerance", "-1"), "--mpl-default-tolerance -1"),
    (("--mpl-default-tolerance=nan",), "--mpl-default-tolerance nan"),
    (("-o", "mpl-default-tolerance=abc"), "mpl-default-tolerance=abc (its ini setting, or -o)"),
])
def test_a_default_tolerance_that_is_no_tolerance_is_one_line(tmp_path, given, shown):
    """Round 37 (G12): ``pytest --mpl --mpl-default-tolerance=abc`` was pytest-mpl's 20-line
    INTERNALERROR (``ValueError: could not convert string to float``), before the suite's
    checks; ``-1`` and ``nan`` passed under the marker's 0. Each, by option or ini, is now
    pytest's one usage line naming the value and what to give; a number of 0 or more runs.
    (A results folder of its own: under a golden run, the repository's is that run's.)"""
    own = ("--mpl-results-path", str(tmp_path / "results"))
    ran = _pytest(REPO, REPO, "--mpl", *own, *given, "tests/golden/test_images.py", "-k",
                  "cifar_summary", "--co", "-p", "no:cacheprovider")
    assert ran.returncode == 4, ran.stdout + ran.stderr
    assert ran.stderr.strip() == (
        f"ERROR: {shown}: not a tolerance: give a number of 0 or more (an RMS; the golden "
        "images compare at their marker's 0 whatever is given), or run without that option")
    fine = _pytest(REPO, REPO, "--mpl", *own, "--mpl-default-tolerance=0.5",
                   "tests/golden/test_images.py", "-k", "cifar_summary", "--co", "-p",
                   "no:cacheprovider")
    assert fine.returncode == 0, fine.stdout + fine.stderr


_BAD_ARTIST = '''import matplotlib.artist as _ma


class _Bad(_ma.Artist):
    def draw(self, renderer):
        raise RuntimeError("boom while saving")


@themed(DEFAULT_RC)
def render('''


@pytest.mark.slow  # golden runs of their own
def test_the_hint_under_pytest_names_what_shows_the_authors_traceback(tmp_path):
    """Round 38 (G6b): a figure raising while drawn failed its golden test in one line ending
    "(an error in the author's code; --debug shows the traceback)", the CLI's hint; under
    pytest ``--debug`` is pytest's debug log (pytestdebug.log written, no traceback). The line
    names ``--tb=long``, and with it the author's traceback is shown below the line."""
    root = _copy(tmp_path / "repo")
    module = root / "figures" / "plots" / "cifar_summary.py"
    text = module.read_text()
    assert "@themed(DEFAULT_RC)\ndef render(" in text
    assert "    return fig\n\n\ndef caption" in text
    module.write_text(text.replace("@themed(DEFAULT_RC)\ndef render(", _BAD_ARTIST, 1).replace(
        "    return fig\n\n\ndef caption", "    fig.add_artist(_Bad())\n    return fig\n\n\n"
        "def caption", 1))
    line = next(n for n, t in enumerate(module.read_text().splitlines(), 1) if "boom" in t)
    said = (f"figures/plots/cifar_summary.py, line {line}: RuntimeError: boom while saving (an "
            "error in the author's code; --tb=long shows the traceback)")
    for tb in ((), ("--tb=long",)):
        ran = _pytest(root, root, "tests/golden/test_images.py", "-k", "cifar_summary", "-p",
                      "no:cacheprovider", *tb)
        out = ran.stdout + ran.stderr
        assert ran.returncode == 1, out
        assert said in out.splitlines(), out
        assert ("Traceback (most recent call last):" in out) == bool(tb), out
        if tb:
            assert f'cifar_summary.py", line {line}, in draw' in out, out
            assert "golden judges: NOT JUDGED" in out, out
    assert not (root / "pytestdebug.log").exists()
