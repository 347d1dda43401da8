"""Hostile round 40: the golden run's sessions and ``figures review``'s decisions (rows N1, R2,
R5)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

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


# ---- figures review (tools/review.py): one decision per golden, and what a reject says ----

def _review_tool():
    import importlib.util

    if (loaded := sys.modules.get("review_tool")) is not None:
        return loaded
    spec = importlib.util.spec_from_file_location("review_tool", REPO / "tools" / "review.py")
    module = sys.modules["review_tool"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _png(colour: str) -> bytes:
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (4, 3), colour).save(buffer, format="png")
    return buffer.getvalue()


def render(folder, name: str, colour: str) -> None:
    """A golden's render (its PNG and vector content) in ``folder``."""
    import gzip
    import json

    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.png").write_bytes(_png(colour))
    line = json.dumps([1, "path", {"style": f"stroke: {colour}"}, ""])  # vector.canonical's
    (folder / f"{name}.vector.txt.gz").write_bytes(gzip.compress(line.encode(), mtime=0))


def reviewed(tmp_path, monkeypatch, compare_again=None, name: str = "x"):
    """One changed golden ``name`` in a baseline/ of ``tmp_path``, and its review's server
    (not serving yet); ``compare_again`` stands for the comparison run again after an accept
    (by default: it passes at once). Its undo is git's checkout, as for a tracked golden."""
    from subprocess import CompletedProcess
    from types import SimpleNamespace

    review = _review_tool()
    baseline, out = tmp_path / "baseline", tmp_path / "build" / "review"
    render(baseline, name, "red")
    for module, attribute, value in ((review, "BASELINE", baseline),
                                     (review.ub, "BASELINE", baseline), (review, "OUT", out),
                                     (review, "INPUTS", tmp_path / "none")):
        monkeypatch.setattr(module, attribute, value)
    monkeypatch.setattr(review, "restore_command", lambda path: f"git checkout HEAD -- {path}")
    monkeypatch.setattr(review, "subprocess", SimpleNamespace(run=lambda args, **_: (
        compare_again and compare_again(), CompletedProcess(args, 0, "1 passed", ""))[1]))
    render(out / "new", name, "#00ff00")
    item = review.compare(0, name, f"tests/golden/test_images.py::t[{name}]", out / "new")
    return review, baseline, review.Review([item])


def _post(served, path: str) -> dict:
    import http.client
    import json

    connection = http.client.HTTPConnection("127.0.0.1", served.server_port, timeout=60)
    connection.request("POST", f"{path}?token={served.token}", headers={"Content-Length": "0"})
    try:
        return json.loads(connection.getresponse().read())
    finally:
        connection.close()


def test_a_reject_pressed_while_its_accept_writes_is_refused_and_the_accept_stands(
        tmp_path, monkeypatch):
    """Round 40 (R5): ``r`` pressed 0.3 s after ``a`` on one golden: the review printed both
    "wrote baseline/venues/...; compared again: passes" and "nothing written", ended
    "0 accepted, 1 rejected", and the page said "nothing written", of a golden that was
    written. One decision per golden, the first wins: the reject is refused, saying what the
    accept did and how to undo it; the summary counts it accepted."""
    import threading

    comparing, finish = threading.Event(), threading.Event()
    review, baseline, served = reviewed(tmp_path, monkeypatch,
                                        lambda: (comparing.set(), finish.wait(60)))
    item = served.goldens[0]
    thread = threading.Thread(target=served.serve_forever, daemon=True)
    thread.start()
    answers: dict[str, dict] = {}
    try:
        accepting = threading.Thread(target=lambda: answers.update(accept=_post(served,
                                                                               "/accept/0")))
        accepting.start()
        assert comparing.wait(60)  # written, comparing again
        rejecting = threading.Thread(target=lambda: answers.update(reject=_post(served,
                                                                               "/reject/0")))
        rejecting.start()
        rejecting.join(0.5)
        finish.set()
        accepting.join(60)
        rejecting.join(60)
    finally:
        finish.set()
        served.shutdown()
        served.server_close()
    wrote = "wrote baseline/x.png, baseline/x.vector.txt.gz; compared again: passes"
    assert answers["accept"] == {"status": "accepted", "message": wrote}
    assert answers["reject"] == {"status": "accepted", "refused": True, "message": (
        f"refused: already accepted ({wrote}): one decision per golden; to undo it: "
        f"`git checkout HEAD -- {baseline / 'x.png'} {baseline / 'x.vector.txt.gz'}`")}
    assert (baseline / "x.png").read_bytes() == _png("#00ff00")
    assert item.status == "accepted"
    assert review.ended([item]) == "review: 1 accepted, 0 rejected, 0 not decided"


def test_an_accept_after_a_reject_is_refused_and_writes_nothing(tmp_path, monkeypatch):
    """Round 40 (R5): the first decision wins the other way too: an accept (``a``, or "Accept
    all of FIGURE") of a golden already rejected writes nothing and says how to accept it."""
    compared = []
    review, baseline, served = reviewed(tmp_path, monkeypatch, lambda: compared.append(1))
    item = served.goldens[0]
    try:
        assert served.decide("reject", item)["status"] == "rejected"
        answer = served.decide("accept", item)
    finally:
        served.server_close()
    assert answer == {"status": "rejected", "refused": True, "message": (
        "refused: already rejected (nothing written): one decision per golden; to accept it "
        "after all: `nox -s baselines -- x`")}
    assert (baseline / "x.png").read_bytes() == _png("red")
    assert not compared
    assert review.ended([item]) == "review: 0 accepted, 1 rejected, 0 not decided"


def test_a_reject_with_no_pass_recorded_says_so_in_a_sentence(tmp_path, monkeypatch):
    """Round 40 (R2): in a checkout with no golden-cache record (a fresh clone), a reject read
    "nothing written; look at (no passing comparison recorded here: run the golden tests
    before an edit)": a parenthesis where a file's name goes."""
    _, _, served = reviewed(tmp_path, monkeypatch)
    try:
        assert served.goldens[0].why == [_review_tool().NO_PASS]
        answer = served.decide("reject", served.goldens[0])
    finally:
        served.server_close()
    assert answer == {"status": "rejected", "message": (
        "nothing written; no passing comparison is recorded here to say which input changed "
        "(run the golden tests before an edit): look at the differing elements")}


def test_a_venue_goldens_baseline_is_named_by_its_path_under_baseline_venues(tmp_path,
                                                                             monkeypatch):
    """Round 40 (R5): a reject said "look at baseline/venue-icml--cifar_summary--1.9.png", a
    file that does not exist (it is baseline/venues/...): the golden cache recorded a
    baseline by its name under baseline/. It records its path now, and review reads an older
    record's entry as that path."""
    import json

    review = _review_tool()
    name = "venue-icml--cifar_summary--1.9"
    old, new = f"baseline/{name}.png", f"baseline/venues/{name}.png"
    for key in (old, new):  # a record written before this round, and one after
        record = tmp_path / key.replace("/", "_")
        record.write_text(json.dumps({"n": {"passed": {key: "1", "figures/style.py": "a"},
                                            "last": {key: "2", "figures/style.py": "a"}}}))
        monkeypatch.setattr(review, "INPUTS", record)
        assert review.why("n") == [new]
    source = (REPO / "tests" / "golden_cache.py").read_text(encoding="utf-8")
    assert 'named[f"baseline/{golden.name}"]' not in source
    assert "golden.relative_to(_TESTS.parent).as_posix()" in source


def _stale_record(tmp_path, monkeypatch):
    """The last run's record names golden "a" failed; "a" matches baseline/ now, and another
    change makes "b" differ: what the golden comparisons, run, would find. The calls made."""
    from subprocess import CompletedProcess
    from types import SimpleNamespace

    review = _review_tool()
    node = {n: f"tests/golden/test_images.py::test_figure_matches_baseline[{n}]" for n in "ab"}
    baseline, out = tmp_path / "baseline", tmp_path / "build" / "review"
    for name in "ab":
        render(baseline, name, "red")
    for module, attribute, value in ((review, "BASELINE", baseline),
                                     (review.ub, "BASELINE", baseline), (review, "OUT", out),
                                     (review, "INPUTS", tmp_path / "none")):
        monkeypatch.setattr(module, attribute, value)
    calls: list[str] = []

    def generate(folder, nodeids):
        calls.append("render " + " ".join(sorted(n[-2] for n in nodeids)))
        for nodeid in nodeids:
            render(folder, nodeid[-2], "red" if nodeid == node["a"] else "#0000ff")
        return CompletedProcess([], 0, "", "")

    def pytest_run(args, **_):
        calls.append("compare")
        report = next(a.split("=", 1)[1] for a in args if a.startswith("--junit-xml="))
        Path(report).write_text(
            '<testsuites><testsuite><testcase classname="tests.golden.test_images" '
            'name="test_figure_matches_baseline[b]"><properties><property name="golden-judged"'
            ' value="pixels"/></properties><failure message="differs"/></testcase>'
            '</testsuite></testsuites>')
        return CompletedProcess(args, 1, "", "")

    monkeypatch.setattr(review, "failed_goldens", lambda: [node["a"]])
    monkeypatch.setattr(review.ub, "goldens", lambda: {n: node[n] for n in "ab"})
    monkeypatch.setattr(review.ub, "generate", generate)
    monkeypatch.setattr(review, "subprocess", SimpleNamespace(run=pytest_run))
    return review, calls


def test_when_the_last_runs_failures_match_now_review_compares_again(tmp_path, monkeypatch,
                                                                     capsys):
    """Round 40 (R7): the last run's record named six goldens failed (a colour since
    restored); another change (the grid's line width) failed three others. ``figures review``
    rendered only the six, found them equal and said "no golden differs from baseline/:
    nothing to review". When every golden the record names matches now, the comparisons run,
    and the golden the change fails is reviewed."""
    review, calls = _stale_record(tmp_path, monkeypatch)
    found = review.collect([])
    assert [g.name for g in found] == ["b"]
    assert calls == ["render a", "compare", "render b"]
    assert capsys.readouterr().out.splitlines()[:3] == [
        "review: rendering 1 golden(s) again",
        "review: the 1 golden(s) that failed in the last run match baseline/ now",
        "review: running the golden comparisons"]


def test_without_a_browser_a_stale_record_is_said_not_called_no_difference(tmp_path,
                                                                           monkeypatch, capsys):
    """Round 40 (R7): ``figures review --no-open`` (which compares nothing, CI's: the failures
    are at hand) said "no golden differs from baseline/" having compared only the record's
    goldens. It says what it compared, and what to run to look for others."""
    review, calls = _stale_record(tmp_path, monkeypatch)
    assert review.main(["--no-open"]) == 0
    assert calls == ["render a"]
    assert capsys.readouterr().out.splitlines()[-1] == (
        "review: the 1 golden(s) that failed in the last run match baseline/ now, and no other "
        "was compared (--no-open compares none): run the golden tests (`pytest --mpl`) to look "
        "for others; nothing to review")
