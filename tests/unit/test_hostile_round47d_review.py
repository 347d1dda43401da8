"""Round 47d: `figures review` with the pytest selections a user passes on (G15). The pass
itself, case by case, is in docs/guarantees.md ("Hostile passes")."""

from __future__ import annotations

import subprocess
from pathlib import Path

from helpers import review_tool

review = review_tool()
NODEID = "tests/golden/test_images.py::test_figure_matches_baseline[fig4_penalty_rescue]"
FAILED = ('<testsuites><testsuite name="pytest"><testcase classname="tests.golden.test_images"'
          ' name="test_figure_matches_baseline[fig4_penalty_rescue]"><failure/><properties>'
          '<property name="golden-judged" value="pixels"/></properties></testcase>'
          "</testsuite></testsuites>")


def test_a_stepwise_stop_after_a_changed_golden_reviews_it(monkeypatch, capsys):
    """Round 47d (G15): ``figures review -- --sw``: pytest compared the golden, found it
    changed and stopped there (--sw's exit 2), and review said "the golden comparisons did
    not run (pytest exited 2 ...); nothing reviewed". The run's own report is read first: the
    golden it names is reviewed, and the stop is said."""
    def run(args, **_):
        report = next(a for a in args if a.startswith("--junit-xml="))
        Path(report.partition("=")[2]).write_text(FAILED, encoding="utf-8")
        return subprocess.CompletedProcess(args, 2)

    monkeypatch.setattr(review.ub, "goldens", lambda: {"fig4_penalty_rescue": NODEID})
    monkeypatch.setattr(review, "subprocess", type("S", (), {"run": staticmethod(run)}))
    assert review.comparisons(["--sw"]) == [NODEID]
    assert capsys.readouterr().out.splitlines()[-1] == (
        "review: pytest stopped after a failure (exited 2, as --sw does): reviewing the 1 "
        "changed golden(s) its report names; those after it were not compared")


def test_a_golden_missing_in_a_copy_without_git_is_not_a_new_figure_s(tmp_path, monkeypatch,
                                                                       capsys):
    """Round 47d (G5): in a copy without ``.git`` (a release tarball, a Zenodo copy) a deleted
    ``baseline/x.png`` was offered by `figures review` as a new figure's first picture ("no
    baseline image yet"). Without git to tell the two apart it says so: restore it from your
    copy, or accept it only for a new figure."""
    import io

    from PIL import Image

    def png(colour: str) -> bytes:
        buffer = io.BytesIO()
        Image.new("RGB", (4, 3), colour).save(buffer, format="png")
        return buffer.getvalue()

    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))  # no repository above it
    root = tmp_path / "copy"
    baseline, new = root / "baseline", root / "build" / "review" / "new"
    for module, name, value in ((review, "ROOT", root), (review, "BASELINE", baseline),
                                (review.ub, "BASELINE", baseline),
                                (review, "OUT", tmp_path / "out"),
                                (review, "INPUTS", tmp_path / "none")):
        monkeypatch.setattr(module, name, value)
    baseline.mkdir(parents=True)
    new.mkdir(parents=True)
    (new / "x.png").write_bytes(png("red"))
    shown = review.compare(0, "x", "tests/golden/test_images.py::t[x]", new)
    said = ("baseline/x.png is missing, and there is no git here to tell a deleted golden from "
            "a new one: restore it from your copy of the project, or accept the new picture "
            "only for a new figure")
    assert shown.missing == said
    assert "no baseline image yet" not in review.page([shown])
    monkeypatch.setattr(review, "collect", lambda args, compare_first: [shown])
    assert review.main(["--no-open"]) == 0
    assert f"review: x: {said}" in capsys.readouterr().out.splitlines()
