"""Hostile round 40: ``figures review`` stopped by Ctrl-C while an accept compares again
(R3), and its page after a second decision on one golden (R5) or a reject with no pass
recorded (R2), in a real browser (the system's Chromium, driven by Playwright)."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers import REPO, reaped

if str(REPO / "tests" / "unit") not in sys.path:  # its review helpers
    sys.path.insert(0, str(REPO / "tests" / "unit"))
from test_hostile_round40_golden import _png, _post, _review_tool, reviewed

CHROMIUM = os.environ.get("FIGURES_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]

#: tools/review.py with one changed golden "x" in a baseline/ of its own (argv[1]), its
#: comparison run again after an accept lasting a minute: the review the test stops.
DRIVER = '''
import importlib.util, subprocess, sys, time
from pathlib import Path
sys.path[:0] = [sys.argv[2], str(Path(sys.argv[2]).parent)]
import pytest
from test_hostile_round40_golden import reviewed
patch = pytest.MonkeyPatch()
review, baseline, served = reviewed(Path(sys.argv[1]), patch, lambda: time.sleep(60))
served.server_close()
review.collect = lambda args, compare_first=True: served.goldens
sys.exit(review.main(["--no-browser"]))
'''


def _started(command: list[str], **kwargs) -> tuple[subprocess.Popen, str, str]:
    """``command`` started, read up to the address it serves at: (it, that, what it printed)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, **kwargs)
    printed = ""
    for line in process.stdout:
        printed += line
        if found := re.search(r"http://127\.0\.0\.1:\d+/\?token=\S+", line):
            return process, found.group(), printed
    process.wait(60)
    pytest.fail(f"it printed no address:\n{printed}")


def test_ctrl_c_while_an_accept_compares_again_names_the_golden_it_wrote(tmp_path):
    """Round 40 (R3): Ctrl-C into a review while it compared again a golden just accepted and
    written: the last line was "interrupted; finished files are complete, the others were
    left as they were" (rc 130), naming no golden; the user believes nothing was accepted.
    The review's own last line names it, written and not compared again."""
    from urllib.parse import parse_qs, urlsplit

    review, folder = _review_tool(), tmp_path / "x"
    process, url, printed = _started([sys.executable, "-c", DRIVER, str(folder),
                                      str(REPO / "tests" / "unit")], cwd=REPO)
    with reaped(process):
        served = type("Served", (), {"server_port": urlsplit(url).port,
                                     "token": parse_qs(urlsplit(url).query)["token"][0]})
        def accept() -> None:
            with contextlib.suppress(OSError):  # stopped before it answers
                _post(served, "/accept/0")

        threading.Thread(target=accept, daemon=True).start()
        written = folder / "baseline" / "x.png"
        for _ in range(600):
            if written.read_bytes() == _png("#00ff00"):
                break
            time.sleep(0.1)
        time.sleep(0.5)  # comparing again
        process.send_signal(signal.SIGINT)
        printed += process.communicate(timeout=60)[0]
    assert process.returncode == 130, printed
    assert printed.splitlines()[-1] == ("review: interrupted: x accepted (written, not compared "
                                        "again); nothing else written"), printed
    assert "Traceback" not in printed
    assert review.interrupted([]) == "review: interrupted: nothing written"


#: The review of DRIVER started by a parent that waits for it (as `figures review` does),
#: the review's pid printed first, its lines in the file argv[1].
PARENT = '''
import subprocess, sys
with open(sys.argv[1], "w") as out:
    child = subprocess.Popen([sys.executable, "-c", sys.argv[2], *sys.argv[3:]], stdout=out,
                             stderr=subprocess.STDOUT)
print(child.pid, flush=True)
child.wait()
'''


def _ended(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return state in ("Z", "X")  # a zombie: ended, waiting to be reaped


def test_a_review_whose_command_is_killed_stops_serving(tmp_path):
    """Round 47 (G13, round 45d): SIGKILL to `figures review` (an IDE's stop button,
    ``timeout -s KILL``) left its tools/review.py serving, unseen, a page that could still
    write goldens. The review now watches its parent: when it ends, the review stops serving
    and says so."""
    folder, lines = tmp_path / "x", tmp_path / "review.out"
    parent = subprocess.Popen([sys.executable, "-c", PARENT, str(lines), DRIVER, str(folder),
                               str(REPO / "tests" / "unit")], cwd=REPO, stdout=subprocess.PIPE,
                              text=True)
    with parent, reaped(parent):
        child = int(parent.stdout.readline())
        try:
            for _ in range(600):
                if "token=" in (lines.read_text() if lines.is_file() else ""):
                    break
                time.sleep(0.1)
            url = re.search(r"http://127\.0\.0\.1:(\d+)/", lines.read_text())
            assert url, lines.read_text()
            parent.kill()
            parent.wait()
            for _ in range(300):
                if _ended(child):
                    break
                time.sleep(0.1)
            assert _ended(child), "the review serves on after its command was killed"
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGKILL)
    printed = lines.read_text()
    assert printed.splitlines()[-1] == ("review: its command ended (killed): stopped "
                                        "serving: nothing written (1 not decided)"), printed
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", int(url.group(1))), timeout=5).close()


#: A checkout's tools/review.py that serves until stopped, then says what it did (as
#: tools/review.py does); a second stop signal (its terminal's, then ours) changes nothing.
#: Started with the stop signals held, it takes them once its handler is in, as
#: tools/review.py does (round 49d, G10).
STUB = '''
import signal, sys, time
def stop(signum, frame):
    signal.signal(signal.SIGINT, lambda *a: None)
    raise KeyboardInterrupt
signal.signal(signal.SIGINT, stop)
from figures.signals import stop_while_starting
stop_while_starting(True)
print("review: 1 changed golden(s) at http://127.0.0.1:9/?token=t (Ctrl-C stops)", flush=True)
try:
    time.sleep(120)
except KeyboardInterrupt:
    time.sleep(0.3)
    print("review: interrupted: x accepted (written, not compared again); nothing else written")
    sys.exit(130)
'''


@pytest.mark.parametrize("to", ["the command", "its process group"])
def test_figures_review_lets_the_review_say_what_it_did_when_stopped(tmp_path, to):
    """Round 40 (R3): Ctrl-C to ``figures review`` killed tools/review.py where it stood (a
    golden written, not compared again) and said only "interrupted; finished files are
    complete, the others were left as they were". The review is given the signal (a Ctrl-C at
    the terminal reaches both: it is not given a second), its line is the last, its 130 the
    exit status, and no line of the command's own contradicts it."""
    import shutil

    checkout = tmp_path / "checkout"  # `figures review` runs its own checkout's tool
    shutil.copytree(REPO / "figures", checkout / "figures",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (checkout / "baseline").mkdir()
    (checkout / "tools").mkdir()
    (checkout / "tools" / "review.py").write_text(STUB)
    env = {**os.environ, "PYTHONPATH": str(checkout), "PYTHONDONTWRITEBYTECODE": "1"}
    process, _, printed = _started([sys.executable, "-m", "figures", "review", "--no-browser"],
                                   cwd=checkout, env=env, start_new_session=True)
    try:
        time.sleep(0.5)
        if to == "the command":
            process.send_signal(signal.SIGINT)
        else:
            os.killpg(process.pid, signal.SIGINT)
        printed += process.communicate(timeout=60)[0]
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, printed
    assert printed.splitlines()[-1] == ("review: interrupted: x accepted (written, not compared "
                                        "again); nothing else written"), printed
    assert "finished files are complete" not in printed
    assert printed.count("review: interrupted") == 1, printed


def _browser(playwright):
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"{CHROMIUM}: no Chromium: install it (apt-get install chromium) or set "
                    "FIGURES_CHROMIUM to a Chromium or Chrome executable")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)


@contextlib.contextmanager
def _page_of(served):
    """A Chromium page on the review ``served`` (its server in a thread until the block
    ends, then shut)."""
    from playwright.sync_api import sync_playwright

    threading.Thread(target=served.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            browser = _browser(playwright)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(served.url)
            yield page
            browser.close()
    finally:
        served.shutdown()
        served.server_close()


@pytest.mark.slow  # a browser
@pytest.mark.parametrize("reject_answered_first", [False, True], ids=["in-order", "reject-first"])
def test_the_page_refuses_a_reject_pressed_while_its_accept_compares_again(
        tmp_path, monkeypatch, reject_answered_first):
    """Round 40 (R5): on the page, ``a`` then ``r`` 0.3 s later on one golden ended with
    "nothing written" shown (and the nav link red) for a golden written. The page now shows
    the accept's outcome and the reject refused, the golden accepted.

    Round 46 (L3): the server answers each request in a thread of its own, so the reject's
    refusal can reach the page before the accept's answer (CI, seed 548300); the page then
    showed the accept's line last, the refusal lost. It shows each golden's answers in the
    order they were pressed, whichever the server sends first (``reject-first`` forces it)."""
    from playwright.sync_api import expect

    comparing, finish, refused = threading.Event(), threading.Event(), threading.Event()
    review, baseline, served = reviewed(tmp_path, monkeypatch,
                                        lambda: (comparing.set(), finish.wait(60)))
    send = review.Handler._send

    def answered(handler, code, body, kind="text/plain; charset=utf-8"):
        if reject_answered_first and handler.path.startswith("/accept/"):
            assert refused.wait(60), "the reject was never answered"
        send(handler, code, body, kind)
        if handler.path.startswith("/reject/"):
            refused.set()

    monkeypatch.setattr(review.Handler, "_send", answered)
    try:
        with _page_of(served) as page:
            golden = page.locator("#g0")
            page.keyboard.press("a")
            assert comparing.wait(60)
            page.keyboard.press("r")
            time.sleep(0.3)
            finish.set()
            expect(golden.locator(".msg")).to_have_text(re.compile(
                r"^refused: already accepted \(wrote baseline/x\.png, baseline/x\.vector\.txt"
                r"\.gz; compared again: passes\): one decision per golden; to undo it: "
                r"`git checkout HEAD -- .*x\.png .*x\.vector\.txt\.gz`$"), timeout=60_000)
            expect(golden.locator(".msg")).to_have_class("msg accepted")
            expect(page.locator("nav a").first).to_have_class(re.compile(r"^accepted\b"))
    finally:
        finish.set()
    assert refused.is_set()
    assert (baseline / "x.png").read_bytes() == _png("#00ff00")
    assert review.ended(served.goldens) == "review: 1 accepted, 0 rejected, 0 not decided"


@pytest.mark.slow  # a browser
def test_the_page_says_a_reject_with_no_pass_recorded_in_a_sentence(tmp_path, monkeypatch):
    """Round 40 (R2): the page said "nothing written; look at (no passing comparison recorded
    here: run the golden tests before an edit)" of a reject in a fresh clone."""
    from playwright.sync_api import expect

    _, _, served = reviewed(tmp_path, monkeypatch)
    with _page_of(served) as page:
        page.keyboard.press("r")
        expect(page.locator("#g0 .msg.rejected")).to_have_text(
            "nothing written; no passing comparison is recorded here to say which input "
            "changed (run the golden tests before an edit): look at the differing elements")
