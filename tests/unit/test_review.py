"""tools/review.py (``figures review``): its server answers only with the token, serves no
file outside baseline/, writes nothing on a reject; off the reference environment its two
drawings come from their vector content, the changed elements outlined."""

from __future__ import annotations

import importlib.util
import json
import sys
import threading
from collections.abc import Iterator
from urllib.parse import unquote

import matplotlib
import pytest
from helpers import REPO
from helpers import ask_review as _ask

matplotlib.use("Agg")
_spec = importlib.util.spec_from_file_location("review_tool", REPO / "tools" / "review.py")
review = sys.modules["review_tool"] = importlib.util.module_from_spec(_spec)  # a dataclass's module
_spec.loader.exec_module(review)


PNG = b"\x89PNG\r\n\x1a\n"  # a picture's bytes, as far as the page cares


@pytest.fixture
def server() -> Iterator[object]:
    golden = review.Golden(0, "fig1_audit_hero", "tests/golden/test_images.py::t[x]",
                           (PNG, PNG + b"new"), PNG + b"diff", "1 pixel(s) differ", [],
                           ["figures/plots/fig1_audit_hero.py"])
    served = review.Review([golden])
    thread = threading.Thread(target=served.serve_forever, daemon=True)
    thread.start()
    yield served
    served.shutdown()
    served.server_close()




def test_it_listens_on_the_loopback_only_with_a_long_random_token(server):
    assert server.server_address[0] == "127.0.0.1"
    assert len(server.token) >= 32
    assert server.token in server.url
    other = review.Review([])
    other.server_close()
    assert other.token != server.token


@pytest.mark.parametrize("path", ["/", "/baseline/ENVIRONMENT.json", "/accept/0", "/done",
                                  "/image/0/new"])
def test_a_request_without_the_token_is_refused(server, path):
    method = "POST" if path in ("/accept/0", "/done") else "GET"
    assert _ask(server, path, method)[0] == 403
    wrong = ("y" if server.token[0] == "x" else "x") + server.token[1:]  # one letter off
    assert _ask(server, path, method, token=wrong)[0] == 403
    assert server.goldens[0].status == "changed"


def test_a_request_for_another_host_is_refused(server):
    """A page of another site that resolves its name to 127.0.0.1 (DNS rebinding)."""
    assert _ask(server, "/", token=server.token, host="evil.example:80")[0] == 403


def test_with_the_token_it_serves_the_page_and_files_in_baseline(server):
    status, body = _ask(server, "/", token=server.token)
    assert status == 200
    assert b"fig1_audit_hero" in body
    status, body = _ask(server, "/baseline/fig1_audit_hero.png", token=server.token)
    assert status == 200
    assert body == (REPO / "baseline" / "fig1_audit_hero.png").read_bytes()
    for which, picture in (("baseline", PNG), ("new", PNG + b"new"), ("diff", PNG + b"diff")):
        assert _ask(server, f"/image/0/{which}", token=server.token) == (200, picture)


@pytest.mark.parametrize("path", ["/image/1/new", "/image/-1/new", "/image/0/other",
                                  "/image/0/../../pyproject.toml", "/image/fig1_audit_hero/new",
                                  "/image/0/new/x", "/image/0/diff/../new"])
def test_a_picture_is_served_only_by_a_listed_goldens_number(server, path):
    assert _ask(server, path, token=server.token)[0] == 404


def test_the_page_links_its_pictures_and_loads_each_when_shown(server, tmp_path):
    """Issue 47: the static page held every picture (11 MB for the venue goldens); it links
    them now, in img/ beside it (a folder that opens offline), and the served page asks the
    server for them by number; neither loads a picture before its golden is shown."""
    import re

    big = PNG + bytes(2_000_000)
    goldens = [review.Golden(i, f"fig{i}", f"t[{i}]", (big, big), big, "", [], [])
               for i in range(3)]
    index = review.write_static(goldens, tmp_path)
    html = index.read_text()
    assert len(html) < 50_000, len(html)
    linked = re.findall(r'<img src="([^"]+)" loading="lazy"', html)
    assert sorted(linked) == sorted(f"img/{i}-{w}.png" for i in range(3)
                                    for w in ("baseline", "new", "diff"))
    assert all((tmp_path / src).read_bytes() == big for src in linked)
    served = _ask(server, "/", token=server.token)[1].decode()
    assert f"/image/0/new?token={server.token}" in served
    assert "data:image" not in served


@pytest.mark.parametrize("path", [
    "/baseline/../pyproject.toml", "/baseline/%2e%2e/pyproject.toml",
    "/baseline/venues/../../tools/review.py", "/tools/review.py", "/pyproject.toml",
    "/baseline/%2fetc%2fpasswd", "/etc/passwd", "/baseline/"])
def test_no_path_outside_baseline_is_served(server, path):
    status, body = _ask(server, path, token=server.token)
    assert status == 404, unquote(path)
    assert b"[project]" not in body
    assert b"root:" not in body


@pytest.mark.parametrize("path", ["/accept/1", "/accept/-1", "/accept/fig1_audit_hero",
                                  "/accept/../../baseline/x.png", "/write/0"])
def test_only_a_listed_golden_is_accepted_by_its_number(server, path):
    before = sorted(p.stat().st_mtime_ns for p in (REPO / "baseline").rglob("*"))
    assert _ask(server, path, "POST", token=server.token)[0] == 404
    assert sorted(p.stat().st_mtime_ns for p in (REPO / "baseline").rglob("*")) == before


def test_a_reject_writes_nothing_and_names_the_input_to_look_at(server):
    before = {p: p.read_bytes() for p in (REPO / "baseline").rglob("*") if p.is_file()}
    status, body = _ask(server, "/reject/0", "POST", token=server.token)
    assert status == 200
    assert json.loads(body) == {"status": "rejected", "message":
                                "nothing written; look at figures/plots/fig1_audit_hero.py"}
    assert {p: p.read_bytes() for p in before} == before
    assert server.goldens[0].status == "rejected"


def _svg(color: str, label_x: float = 0.5, lw: float = 1.5) -> bytes:
    import io

    from matplotlib.figure import Figure

    fig = Figure(figsize=(2, 1))
    ax = fig.add_subplot()
    ax.plot([0, 1], [0, 1], color=color, lw=lw)
    ax.set_xlabel("epoch", x=label_x)
    buffer = io.BytesIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "t"}):
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def _without_outlines(svg: str) -> bytes:
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    for parent in list(root.iter()):
        for child in list(parent):
            if child.get("class") == "fa-changed" or "fa-changed" in (child.text or ""):
                parent.remove(child)
    return ET.tostring(root)


@pytest.mark.slow  # draws and saves four figures: 3 s
@pytest.mark.parametrize(("changed", "seen"), [
    ({"color": "#0000ff"}, "stroke: #ff0000"),     # a colour
    ({"lw": 2.0}, "stroke-width: 1.5"),             # a line width
    ({"label_x": 0.3}, "epoch"),                   # a moved label
])
def test_off_the_reference_both_drawings_come_from_the_vector_content(changed, seen):
    import vector

    golden = vector.canonical(_svg("#ff0000"))
    now = _svg(**{"color": "#ff0000", **changed})
    old, new = (drawing.decode() for drawing in review.drawings(now, golden))
    assert seen in old
    assert 'class="fa-changed"' in old
    assert 'class="fa-changed"' in new
    # the baseline's drawing, outlines aside, is exactly the golden
    assert vector.canonical(_without_outlines(old)) == golden
    assert vector.canonical(_without_outlines(new)) == vector.canonical(now)
    if "color" in changed:
        assert "stroke: #0000ff" in new
        assert "stroke: #0000ff" not in old


def test_figures_review_runs_only_the_checkouts_tool(tmp_path, monkeypatch, capsys):
    """Hostile round 23 (W1): in a downloaded folder holding ``tools/review.py`` (any Python:
    here it would write a file), ``figures review`` ran it as the user, from the current
    folder or any above it. Only the tool of the checkout the package runs from is run,
    wherever the user stands; a package outside a checkout is one line."""
    from helpers import REPO, run

    from figures import runner
    from figures.cli import review

    planted = tmp_path / "paper-from-arxiv"
    (planted / "tools").mkdir(parents=True)
    (planted / "tools" / "review.py").write_text("open('PWNED', 'w')\n")
    (planted / "figs").mkdir()
    monkeypatch.chdir(planted / "figs")
    ran = []
    monkeypatch.setattr(runner, "call", lambda command, cwd, **_: ran.append((command, cwd)) or 0)
    assert run(capsys, "review", "--no-open")[0] == 0
    assert [(command[1:], cwd) for command, cwd in ran] == [
        ([str(REPO / "tools" / "review.py"), "--no-open"], REPO)]
    monkeypatch.setattr(review, "checkout", lambda: tmp_path)
    code, _, err = run(capsys, "review", "--no-open")
    assert code == 2
    assert err == (f"error: {tmp_path}: the figures package runs from here, which is no "
                   "checkout of the figure suite (no tools/review.py and baseline/ beside it): "
                   "install the checkout (pip install -e .) and run `figures review` with it\n")
    assert len(ran) == 1
    assert not (planted / "figs" / "PWNED").exists()


def test_why_names_the_inputs_that_changed_since_the_last_pass(tmp_path, monkeypatch):
    """tests/golden_cache.py records a comparison's inputs one by one: the figure's module,
    style.py, the fixture, the library versions; the review names those that differ."""
    from types import SimpleNamespace

    import golden_cache
    import test_images

    fixture = REPO / "tests" / "fixtures" / "fig1_audit_hero.json"
    item = SimpleNamespace(get_closest_marker=lambda name: None, module=test_images,
                           callspec=SimpleNamespace(params={"fixture": fixture}),
                           fspath=REPO / "tests" / "golden" / "test_images.py")
    passed = golden_cache.named_inputs(item)
    assert {"figures/plots/fig1_audit_hero.py", "figures/style.py", "figures/page.py",
            "tests/fixtures/fig1_audit_hero.json", "matplotlib", "freetype"} <= passed.keys()
    last = {**passed, "figures/style.py": "0" * 16, "tests/fixtures/fig1_audit_hero.json": "1",
            "matplotlib": "3.99.0", "figures/plots/fig1_audit_hero.py": "2"}
    record = tmp_path / "golden-inputs"
    record.write_text(json.dumps({"n": {"passed": passed, "last": last}}))
    monkeypatch.setattr(review, "INPUTS", record)
    assert review.why("n") == [
        "figures/plots/fig1_audit_hero.py", "figures/style.py",
        f"matplotlib {passed['matplotlib']} -> 3.99.0", "tests/fixtures/fig1_audit_hero.json"]
    assert review.why("another") == [
        "(no passing comparison recorded here: run the golden tests before an edit)"]


def test_an_accept_writes_the_render_the_page_showed_or_refuses(tmp_path, monkeypatch):
    """Round 23 (W2): a page left open while another ``figures review`` rendered a newer change
    into build/review/new accepted that newer render (read from disk at the click), one the
    reviewer never saw, and said "compared again: passes". An accept writes the picture and
    vector content the page showed (held since it was made), and refuses, writing nothing,
    when build/review/new holds another render since."""
    import gzip
    import io
    from subprocess import CompletedProcess
    from types import SimpleNamespace

    from PIL import Image

    def png(colour: str) -> bytes:
        buffer = io.BytesIO()
        Image.new("RGB", (4, 3), colour).save(buffer, format="png")
        return buffer.getvalue()

    def render(folder, colour: str, mtime: int = 0) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "x.png").write_bytes(png(colour))
        line = json.dumps([1, "path", {"style": f"stroke: {colour}"}, ""])  # vector.canonical's
        (folder / "x.vector.txt.gz").write_bytes(gzip.compress(line.encode(), mtime=mtime))

    baseline, out = tmp_path / "baseline", tmp_path / "build" / "review"
    render(baseline, "red")
    before = {p.name: p.read_bytes() for p in baseline.iterdir()}
    for module, name, value in ((review, "BASELINE", baseline), (review.ub, "BASELINE", baseline),
                                (review, "OUT", out), (review, "INPUTS", tmp_path / "none")):
        monkeypatch.setattr(module, name, value)
    compared: list[list[str]] = []
    monkeypatch.setattr(review, "subprocess", SimpleNamespace(run=lambda args, **_: (
        compared.append(args), CompletedProcess(args, 0, "1 passed", ""))[1]))

    render(out / "new", "#00ff00")  # session A's render: the page shows it
    shown = review.compare(0, "x", "tests/golden/test_images.py::t[x]", out / "new")
    served = review.Review([shown])
    try:
        render(out / "new", "#0000ff")  # session B renders the code as changed again
        answer = served.accept(shown)
        assert answer == {"status": "refused", "message": (
            "refused: build/review/new/x.png is no longer the render this page shows (another "
            "figures review, or a render, wrote there since): nothing written; run `figures "
            "review` again to see the render of the code as it is now")}
        assert {p.name: p.read_bytes() for p in baseline.iterdir()} == before
        assert shown.status == "changed"
        assert not compared

        render(out / "new", "#00ff00", mtime=7)  # the same render again (another gzip header)
        (out / "new" / "x.png").unlink()
        (out / "new" / "x.png").write_bytes(png("#00ff00"))
        answer = served.accept(shown)
        assert answer == {"status": "accepted", "message": "wrote baseline/x.png, "
                          "baseline/x.vector.txt.gz; compared again: passes"}
        assert (baseline / "x.png").read_bytes() == shown.images["new"][0] == png("#00ff00")
        assert "#00ff00" in gzip.decompress((baseline / "x.vector.txt.gz").read_bytes()).decode()
    finally:
        served.server_close()


_NO_PASS = ["(no passing comparison recorded here: run the golden tests before an edit)"]


@pytest.mark.parametrize("damaged", [
    {"passed": ["damaged"]}, {"passed": "damaged"}, {"passed": {"figures/style.py": ["x"]}},
    {"last": "damaged"}, {"last": ["damaged"]}, ["damaged"], "damaged", None],
    ids=["passed-list", "passed-string", "passed-values", "last-string", "last-list",
         "entry-list", "entry-string", "entry-null"])
def test_a_damaged_entry_of_the_inputs_record_is_no_pass_recorded(tmp_path, monkeypatch,
                                                                  damaged):
    """Round 29 (G1): pytest's golden-inputs record with a comparison's ``"passed"`` entry a
    list (a sync tool's or a hand edit) made ``figures review`` stop with a traceback
    (``AttributeError: 'list' object has no attribute 'keys'``), nothing reviewed. Review
    reads the record through the golden cache's one reader (tests/golden_cache.py
    ``inputs_record``), which takes a damaged part as nothing recorded."""
    good = {"figures/style.py": "0" * 16, "matplotlib": "3.10.0"}
    entry = ({"last": good, "passed": good} | damaged) if isinstance(damaged, dict) else damaged
    record = tmp_path / "golden-inputs"
    record.write_text(json.dumps({"n": entry}))
    monkeypatch.setattr(review, "INPUTS", record)
    assert review.why("n") == _NO_PASS


def test_a_failing_comparison_does_not_carry_a_damaged_passed_entry_forward():
    """Round 29 (G1): each failing comparison kept its entry's damaged ``"passed"`` as it was
    (tests/golden_cache.py wrote ``earlier`` back unread), so every later review failed too.
    The record is written back as its one reader read it: the damaged part dropped, the
    others kept."""
    from types import SimpleNamespace

    import golden_cache

    good = {"figures/style.py": "0" * 16}
    stored = {golden_cache.INPUTS_KEY: {
        "n": {"last": good, "passed": ["damaged"]},
        "kept": {"last": good, "passed": good},
        "gone": ["damaged"]}}
    cache = SimpleNamespace(get=stored.get,
                            set=stored.__setitem__)
    options = {"--mpl": True, "--mpl-generate-path": None}
    config = SimpleNamespace(cache=cache, getoption=lambda name, default=None: options.get(
        name, default), stash={})
    plugin = golden_cache.GoldenCache(config)
    now = {"figures/style.py": "1" * 16}
    plugin.named = {"n": (now, False)}
    plugin.pytest_sessionfinish(SimpleNamespace(exitstatus=1))
    assert stored[golden_cache.INPUTS_KEY] == {"n": {"last": now, "passed": None},
                                               "kept": {"last": good, "passed": good}}


@pytest.mark.parametrize("deleted", ["git rm", "rm", "added then rm", "never tracked"])
def test_a_deleted_tracked_baseline_is_named_with_how_to_restore_it(tmp_path, monkeypatch,
                                                                   capsys, deleted):
    """Round 29 (G5): a baseline image git tracks, deleted from the working tree (``git rm
    baseline/cifar_summary.png``), was shown by ``figures review`` as a new figure's: "no
    baseline image yet", its acceptance offered, no word of the deletion nor of restoring
    it. The page and the command's output now say it is missing though tracked, and how to
    restore it; a golden git does not track is still "no baseline image yet"."""
    import io
    import subprocess

    from PIL import Image

    def png(colour: str) -> bytes:
        buffer = io.BytesIO()
        Image.new("RGB", (4, 3), colour).save(buffer, format="png")
        return buffer.getvalue()

    def git(*args: str) -> None:
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=root,
                       check=True, capture_output=True)

    root = tmp_path / "repo"
    baseline, new, out = root / "baseline", root / "build" / "review" / "new", tmp_path / "out"
    for module, name, value in ((review, "ROOT", root), (review, "BASELINE", baseline),
                                (review.ub, "BASELINE", baseline), (review, "OUT", out),
                                (review, "INPUTS", tmp_path / "none")):
        monkeypatch.setattr(module, name, value)
    baseline.mkdir(parents=True)
    new.mkdir(parents=True)
    (new / "x.png").write_bytes(png("red"))
    git("init", "-q")
    (baseline / "other.png").write_bytes(png("blue"))
    git("add", "baseline/other.png")
    git("commit", "-qm", "goldens")
    if deleted != "never tracked":
        (baseline / "x.png").write_bytes(png("green"))
        git("add", "baseline/x.png")
        if deleted != "added then rm":
            git("commit", "-qm", "x")
        if deleted == "git rm":
            git("rm", "-q", "baseline/x.png")
        else:
            (baseline / "x.png").unlink()

    shown = review.compare(0, "x", "tests/golden/test_images.py::t[x]", new)
    restore = {"git rm": "git checkout HEAD -- baseline/x.png",
               "rm": "git checkout HEAD -- baseline/x.png",
               "added then rm": "git checkout -- baseline/x.png"}.get(deleted)
    said = (f"baseline/x.png is missing from the working tree, though git tracks it (deleted?): "
            f"restore it with `{restore}`; accept the new picture only to replace it")
    assert shown.changes == (f"{said if restore else 'no baseline image yet'}; "
                             "0 vector element(s) differ")
    assert shown.missing == (said if restore else "")
    page = review.page([shown])
    assert (said if restore else "no baseline image yet") in page

    monkeypatch.setattr(review, "collect", lambda args, compare_first: [shown])
    assert review.main(["--no-open"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert (f"review: x: {said}" in lines) == bool(restore), lines
    if restore:  # what it names restores it
        subprocess.run(restore.split(), cwd=root, check=True, capture_output=True)
        assert (baseline / "x.png").read_bytes() == png("green")
