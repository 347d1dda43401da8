"""``figures watch``: a save rebuilds exactly the figures it changed, one line each; a broken
save is one error line and the watch goes on; Ctrl-C stops it with one line.

The batch tests drive :class:`Watcher` directly (each rebuild still runs in a fresh
process); the end-to-end test runs ``python -m figures watch`` on a copy of the project,
so it can break a figure module without touching this one.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Self

import pytest
from helpers import REPO, python_in

from figures.cli import main as cli
from figures.registry import BY_NAME, PACKAGE_DIR
from figures.watch.loop import watch
from figures.watch.watcher import Watcher

#: End-to-end: runs the command line, often in a copy of the project.
pytestmark = pytest.mark.slow

SUMMARY, DRIFT = "cifar_summary", "cifar_feature_drift"
#: Bound on any one wait for the watcher's next line (a loaded 2-core machine is slow).
LINE_TIMEOUT = 90
#: --rebuild-timeout where a rebuild stuck in a loop must be stopped: far above what a real
#: rebuild takes on a busy machine (a 3 s limit stopped the first good rebuild under load),
#: well below LINE_TIMEOUT, so the test waits for the stop instead of racing it.
STUCK_AFTER = 60


@pytest.fixture
def watcher(tmp_path, reference_build) -> Watcher:
    """A watcher of two figures whose outputs are current (copied from the reference
    build of the same figdata)."""
    figdata_dir = tmp_path / "figdata"
    figdata_dir.mkdir()
    for name in (SUMMARY, DRIFT):
        shutil.copy(REPO / "figdata" / f"{name}.json", figdata_dir)
    shutil.copytree(reference_build, tmp_path / "out")
    return Watcher([BY_NAME[DRIFT], BY_NAME[SUMMARY]], figdata_dir, tmp_path / "out", jobs=1)


def _edit_notes(path: Path, text: str) -> None:
    doc = json.loads(path.read_text())
    doc["provenance"]["notes"] = text
    path.write_text(json.dumps(doc))


def test_saved_files_map_to_the_figures_whose_key_reads_them(watcher):
    figdata_dir = watcher.figdata_dir
    assert [s.name for s in watcher.affected([figdata_dir / f"{SUMMARY}.json"])] == [SUMMARY]
    assert [s.name for s in watcher.affected([PACKAGE_DIR / "plots" / "_cifar.py"])] == [DRIFT, SUMMARY]
    assert [s.name for s in watcher.affected([PACKAGE_DIR / "style.py"])] == [DRIFT, SUMMARY]
    assert watcher.affected([PACKAGE_DIR / "plots" / "fig1_audit_hero.py", figdata_dir / "fig1_audit_hero.json",
                             figdata_dir / ".cifar_summary.json.swp"]) == []
    assert watcher.is_watched(None, str(figdata_dir / f"{DRIFT}.json"))
    assert not watcher.is_watched(None, str(watcher.out_dir / f"{DRIFT}.png"))


def _rebuilt(watcher: Watcher, saved: list[Path] | None = None) -> list[str]:
    """The lines of the watch's rebuilds (figures.watch.schedule) of what ``saved`` affects
    (None: every figure), once they are done."""
    from figures.watch.schedule import Rebuilds

    lines: list[str] = []
    rebuilds = Rebuilds(watcher, lines.append)
    if saved is None:
        rebuilds.everything()
    else:
        rebuilds.saved(saved)
    try:
        while rebuilds.running is not None:
            time.sleep(0.05)
            rebuilds.poll()
    finally:
        rebuilds.close()
    return lines


def test_a_save_rebuilds_exactly_that_figure_once(watcher):
    assert _rebuilt(watcher) == []  # at the start: everything current, silence
    (watcher.out_dir / f"{DRIFT}.png").unlink()
    assert [line.split(" in ")[0] for line in _rebuilt(watcher)] == [
        f"built {DRIFT}"]
    drift_png = watcher.out_dir / f"{DRIFT}.png"
    drift_before = drift_png.stat().st_mtime_ns

    saved = watcher.figdata_dir / f"{SUMMARY}.json"
    _edit_notes(saved, "edited in a writing session")
    lines = _rebuilt(watcher, [saved])
    assert len(lines) == 1
    assert lines[0].startswith(f"built {SUMMARY} in ")
    assert lines[0].endswith(f"{watcher.out_dir / SUMMARY}.png [SYNTHETIC EXAMPLE DATA]")
    assert drift_png.stat().st_mtime_ns == drift_before
    assert _rebuilt(watcher, [saved]) == []  # saved again unchanged: nothing to rebuild


def test_invalid_json_is_one_error_line_and_the_fix_rebuilds(watcher):
    saved = watcher.figdata_dir / f"{SUMMARY}.json"
    good = saved.read_text()
    png = (watcher.out_dir / f"{SUMMARY}.png").read_bytes()
    saved.write_text('{"figure": "cifar_summary",\n  "data": {')  # saved mid-edit
    lines = _rebuilt(watcher, [saved])
    assert len(lines) == 1
    assert lines[0].startswith(f"error: {SUMMARY}: {saved}: malformed JSON at line 2 column 12")
    assert (watcher.out_dir / f"{SUMMARY}.png").read_bytes() == png  # previous good output

    saved.write_text(good)
    lines = _rebuilt(watcher, [saved])
    assert len(lines) == 1
    assert lines[0].startswith(f"built {SUMMARY} in ")


class Session:
    """``python -m figures watch`` in a copy of the project, its lines read as they come."""

    def __init__(self, root: Path, *names: str, only_the_copy: bool = False) -> None:
        self.root = root
        # only_the_copy: without the installed package's import hook (helpers.python_in)
        command, env = python_in(root, only_the_copy=only_the_copy)
        # Bytecode written as on an author's machine (this one may set the variable).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if not only_the_copy:
            env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        self.proc = subprocess.Popen(
            [*command, "-m", "figures", "watch", *names, "--out", "out", "--jobs", "1"],
            cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.readers = [threading.Thread(target=self._read, args=(stream, prefix), daemon=True)
                        for stream, prefix in ((self.proc.stdout, ""),
                                               (self.proc.stderr, "stderr: "))]
        for reader in self.readers:
            reader.start()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for reader in self.readers:
            reader.join()
        self.proc.stdout.close()
        self.proc.stderr.close()

    def _read(self, stream, prefix: str) -> None:
        for line in stream:
            self.lines.put(prefix + line.rstrip("\n"))

    def next_line(self, timeout: float = LINE_TIMEOUT) -> str:
        return self.lines.get(timeout=timeout)

    def save_then_next_line(self, path: Path, text: str) -> str:
        """Save ``text`` once and return the next line: the watch is armed when it prints its
        start line (figures/watch/loop.py). Saved once: it saved the same bytes again every
        3 s until a line came, and under load a rebuild longer than that had its module
        saved during the run ("changed during the run ... run again", not "built")."""
        path.write_text(text)
        return self.next_line()

    def quiet(self, seconds: float = 1.5) -> list[str]:
        """Lines that still arrive within ``seconds`` (there should be none)."""
        time.sleep(seconds)
        extra = []
        while not self.lines.empty():
            extra.append(self.lines.get())
        return extra


@pytest.fixture
def project_copy(tmp_path, reference_build) -> Path:
    """figures/ and figdata/ of this project, outputs current in out/."""
    shutil.copytree(REPO / "figures", tmp_path / "figures",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "figdata", tmp_path / "figdata")
    shutil.copytree(reference_build, tmp_path / "out")
    return tmp_path


def test_watch_survives_a_broken_module_and_stops_cleanly_on_ctrl_c(project_copy):
    with Session(project_copy, SUMMARY, "--rebuild-timeout", str(STUCK_AFTER)) as session:
        assert session.next_line() == ("watching 1 figure(s) in figdata/ and figures/ "
                                       "(Ctrl-C stops)")

        module = project_copy / "figures" / "plots" / f"{SUMMARY}.py"
        good = module.read_text()
        broken = good + "\ndef half_typed(:\n"
        line = session.save_then_next_line(module, broken)
        lines = good.count("\n") + 2
        assert line == (f"stderr: error: {SUMMARY}: figures/plots/{SUMMARY}.py, line {lines}: "
                        "SyntaxError: invalid syntax")
        assert session.quiet() == []

        fixed = good + "\n# fixed\n"
        line = session.save_then_next_line(module, fixed)
        assert line.startswith(f"built {SUMMARY} in ")
        assert session.quiet() == []

        # Saved again within the same second at the same size: a .pyc written for the
        # fixed module would pass Python's check (mtime in seconds, size) and run instead.
        built = module.stat()
        broken_again = good + "\ndef x(:\n"
        assert len(broken_again) == len(fixed)
        module.write_text(broken_again)
        os.utime(module, ns=(built.st_atime_ns, built.st_mtime_ns))
        assert session.next_line() == (f"stderr: error: {SUMMARY}: figures/plots/{SUMMARY}.py, "
                                       f"line {lines}: SyntaxError: invalid syntax")
        assert session.quiet() == []

        # A module stuck in a loop mid-edit: the rebuild is stopped, the watch goes on.
        module.write_text(good + "\nimport time\ntime.sleep(1000)\n")
        assert session.next_line() == (f"stderr: error: {SUMMARY}: the rebuild took over "
                                       f"{STUCK_AFTER} s and was stopped; save again to retry")
        module.write_text(fixed)
        assert session.next_line().startswith(f"built {SUMMARY} in ")
        assert session.quiet() == []

        session.proc.send_signal(signal.SIGINT)
        assert session.proc.wait(timeout=LINE_TIMEOUT) == 0
        rest = session.quiet(0.5)
        assert rest == ["stopped watching; every finished file is complete"]


def _processes_in(folder: Path) -> list[int]:
    """Processes whose current folder is ``folder`` (the watch, its fork server, rebuilds)."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and (proc / "cwd").readlink() == folder:
                state = (proc / "stat").read_text().rpartition(")")[2].split()[0]
                found += [int(proc.name)] if state != "Z" else []
        except OSError:
            continue
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("how", ["kill -9", "SIGINT to the watch alone"])
def test_a_rebuild_stops_with_the_watch_and_writes_nothing_after(project_copy, how):
    """Hostile pass 3: after kill -9 of the watch its rebuild (a child of the fork server,
    which outlived it) went on writing every figure; a SIGINT to the watch's pid alone left
    the rebuild's temporary files."""
    root = project_copy.resolve()
    module = root / "figures" / "plots" / f"{SUMMARY}.py"
    module.write_text(module.read_text() + "\nimport time\ntime.sleep(4)\n")  # a slow rebuild
    (root / "out" / f"{SUMMARY}.png").unlink()
    with Session(root, SUMMARY) as session:
        deadline = time.monotonic() + LINE_TIMEOUT
        while len(_processes_in(root)) < 3:  # the watch, its fork server, the rebuild
            assert session.proc.poll() is None
            assert time.monotonic() < deadline, "no rebuild started"
            time.sleep(0.05)
        time.sleep(0.5)
        if how == "kill -9":
            session.proc.kill()
        else:
            session.proc.send_signal(signal.SIGINT)
            assert session.proc.wait(timeout=LINE_TIMEOUT) == 0
        session.proc.wait()
        deadline = time.monotonic() + 10
        while _processes_in(root):
            assert time.monotonic() < deadline, "a process outlived the watch"
            time.sleep(0.1)
        time.sleep(1)
        assert sorted(p.name for p in (root / "out").iterdir()
                      if SUMMARY in p.name) == []  # no picture, no temporary file


def test_without_watchfiles_it_is_one_line_naming_the_package(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "watchfiles", None)  # import fails as if not installed
    (tmp_path / "figdata").mkdir()
    (tmp_path / "figdata" / "other.json").write_text("{}")  # a folder without one is refused
    assert cli.main(["watch", "--figdata", str(tmp_path / "figdata"),
                     "--out", str(tmp_path / "out")]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == ("error: figures watch needs the watchfiles package: `pip install watchfiles`, "
                   "or run `nox -s watch`\n")


def test_an_output_folder_that_is_a_file_is_refused_before_watching(tmp_path):
    not_a_folder = tmp_path / "figures.pdf"
    not_a_folder.write_text("a file")
    stop = threading.Event()
    stop.set()  # were it not refused, the watch would end at once instead of hanging
    lines: list[str] = []
    status = watch([BY_NAME[SUMMARY]], REPO / "figdata", not_a_folder, stop_event=stop,
                   emit=lines.append)
    assert (status, lines) == (1, [f"error: {not_a_folder}: already exists and is not a folder"])


def test_a_replaced_figdata_folder_is_watched_again(tmp_path, reference_build):
    """Moved away and restored from a copy (a new folder): the old watch sees nothing more."""
    figdata_dir = tmp_path / "figdata"
    figdata_dir.mkdir()
    shutil.copy(REPO / "figdata" / f"{SUMMARY}.json", figdata_dir)
    shutil.copytree(reference_build, tmp_path / "out")
    lines: queue.Queue[str] = queue.Queue()
    stop = threading.Event()
    thread = threading.Thread(target=watch, args=([BY_NAME[SUMMARY]], figdata_dir,
                                                  tmp_path / "out"),
                              kwargs={"jobs": 1, "stop_event": stop, "emit": lines.put})
    thread.start()
    try:
        assert lines.get(timeout=LINE_TIMEOUT).startswith("watching 1 figure(s) in ")
        figdata_dir.rename(tmp_path / "figdata.old")
        assert lines.get(timeout=LINE_TIMEOUT).endswith(
            "figdata/ gone; waiting for it to come back (Ctrl-C stops)")
        shutil.copytree(tmp_path / "figdata.old", figdata_dir)
        assert lines.get(timeout=LINE_TIMEOUT).startswith("watching ")  # ... again
        _edit_notes(figdata_dir / f"{SUMMARY}.json", "edited in the restored folder")
        assert lines.get(timeout=LINE_TIMEOUT).startswith(f"built {SUMMARY} in ")
    finally:
        stop.set()
        thread.join()
    assert lines.get(timeout=1) == "stopped watching"
    assert lines.empty()


def test_sigterm_ends_the_watch_as_it_ends_a_build(project_copy):
    """Ctrl-C is how an author ends a watch (exit 0); SIGTERM, as a kill or a closing session
    sends it, ends it with 143 as it ends `build`."""
    with Session(project_copy, SUMMARY) as session:
        assert session.next_line().startswith("watching 1 figure(s)")
        session.proc.send_signal(signal.SIGTERM)
        assert session.proc.wait(timeout=LINE_TIMEOUT) == 143
        assert session.next_line() == "stopped watching; every finished file is complete"


def test_a_save_through_a_symlink_or_over_it_is_seen(tmp_path):
    """A figdata file that is a link: an editor saving its target, or writing a temporary
    file and renaming it over the link, changes what the figure reads; both are watched."""
    from figures.watch.watcher import Watcher

    figdata_dir, elsewhere = tmp_path / "figdata", tmp_path / "elsewhere"
    figdata_dir.mkdir()
    elsewhere.mkdir()
    target = elsewhere / f"{SUMMARY}.json"
    shutil.copy(REPO / "figdata" / f"{SUMMARY}.json", target)
    link = figdata_dir / f"{SUMMARY}.json"
    link.symlink_to(target)
    watcher = Watcher([BY_NAME[SUMMARY]], figdata_dir, tmp_path / "out")
    assert {figdata_dir, elsewhere} <= set(watcher.watched_dirs())
    assert [s.name for s in watcher.affected([target])] == [SUMMARY]
    temporary = figdata_dir / f".{SUMMARY}.json.swp-new"
    temporary.write_text(target.read_text())
    temporary.replace(link)  # the editor's rename over the link
    assert watcher.is_watched(None, str(link))
    assert [s.name for s in watcher.affected([link])] == [SUMMARY]


def test_a_registry_edit_rebuilds_the_watched_figures(watcher):
    """Outputs and dpi are the registry entry's: an edit there rebuilds what it may change."""
    registry = PACKAGE_DIR / "registry.py"
    assert watcher.is_watched(None, str(registry))
    assert [s.name for s in watcher.affected([registry])] == [DRIFT, SUMMARY]


#: Appended to a figure module: a render stuck in a loop (at import), which first writes the
#: pid of the rebuild process stuck in it to ``stuck.pid`` in the project.
STUCK = """
import os as _os
import time as _time
with open("stuck.pid.partial", "w") as _pid:
    _pid.write(str(_os.getpid()))
_os.replace("stuck.pid.partial", "stuck.pid")
while True:
    _time.sleep(0.05)
"""


def _stuck_pid(session: Session, root: Path, module: Path | None = None, text: str = "") -> int:
    """The pid of the rebuild stuck in ``STUCK`` once it is stuck (``module`` saved with
    ``text`` again until it is: the watch may not see a save made as it starts)."""
    marker = root / "stuck.pid"
    deadline = time.monotonic() + LINE_TIMEOUT
    while not marker.exists():
        assert session.proc.poll() is None, "the watch ended"
        assert time.monotonic() < deadline, "no rebuild got stuck"
        if module is not None:
            module.write_text(text)  # the same bytes: a running rebuild is not stopped
        time.sleep(3 if module is not None else 0.1)
    pid = int(marker.read_text())
    marker.unlink()
    return pid


def _ends(root: Path, pid: int) -> None:
    """Wait (bounded) until the process ``pid`` is gone (a zombie counts as gone)."""
    deadline = time.monotonic() + 10
    while pid in _processes_in(root):
        assert time.monotonic() < deadline, f"the stopped rebuild {pid} still runs"
        time.sleep(0.1)


def _temporary_files(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir()
                  if p.name.startswith(".") and p.name not in {".build-state.json", ".build.lock"})


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_save_stops_a_stuck_rebuild_and_rebuilds_at_once(project_copy):
    """Hardening: a render stuck in a loop held every save hostage until --rebuild-timeout
    (120 s); the save of another figure, or of the fix, now stops it at once, with one line,
    leaving no process and no temporary file, and the new rebuild starts."""
    root = project_copy.resolve()
    module = root / "figures" / "plots" / f"{SUMMARY}.py"
    good = module.read_text()
    with Session(root, DRIFT, SUMMARY, "--rebuild-timeout", "600") as session:
        assert session.next_line().startswith("watching 2 figure(s) in ")
        stuck = _stuck_pid(session, root, module, good + STUCK)
        module.write_text(good + STUCK)  # saved again unchanged: the rebuild goes on
        assert session.quiet() == []
        assert stuck in _processes_in(root)

        # Another figure's save: it is rebuilt now, the stuck one after it.
        _edit_notes(root / "figdata" / f"{DRIFT}.json", "edited while another figure hangs")
        assert session.next_line() == (
            f"stopped the rebuild of {SUMMARY}: figdata/{DRIFT}.json was saved while it ran; "
            f"rebuilding {DRIFT} now, then {SUMMARY}")
        _ends(root, stuck)
        assert session.next_line().startswith(f"built {DRIFT} in ")
        stuck_again = _stuck_pid(session, root)  # the stuck figure's turn again

        # The fix (here: the module as its outputs were built from): the rebuild stops, and
        # the outputs are found current (the stopped rebuild forgot nothing of them).
        module.write_text(good)
        assert session.next_line() == (
            f"stopped the rebuild of {SUMMARY}: figures/plots/{SUMMARY}.py was saved while it "
            f"ran; rebuilding {SUMMARY} now")
        _ends(root, stuck_again)
        assert session.next_line() == f"{SUMMARY}: its outputs were already current"
        assert session.quiet() == []
        assert _temporary_files(root / "out") == []

        session.proc.send_signal(signal.SIGTERM)
        assert session.proc.wait(timeout=LINE_TIMEOUT) == 143
        assert session.next_line() == "stopped watching; every finished file is complete"
    deadline = time.monotonic() + 10
    while _processes_in(root):
        assert time.monotonic() < deadline, "a process outlived the watch"
        time.sleep(0.1)


NEW = "fig9_added_while_watching"


def test_a_figure_added_while_watching_every_figure_is_built_and_watched(project_copy):
    """Hardening: `figures new` while `figures watch` ran was ignored without a word; the
    watch now reads the registry again, builds the new figure and watches its files (and
    stops watching a figure removed from the registry)."""
    root = project_copy
    (root / "tests" / "fixtures").mkdir(parents=True)  # where `figures new` puts its fixture
    registry = root / "figures" / "registry.py"
    before = registry.read_text()
    with Session(root) as session:
        assert session.next_line().startswith(f"watching {len(BY_NAME)} figure(s) in ")
        made = subprocess.run([sys.executable, "-m", "figures", "new", NEW], cwd=root,
                              capture_output=True, text=True, timeout=LINE_TIMEOUT, check=False)
        assert made.returncode == 0, made.stderr
        assert session.next_line() == (
            f"new figure {NEW} in figures/registry.py: building it; figures/plots/{NEW}.py and "
            f"figdata/{NEW}.json are watched from now on")
        line = session.next_line()
        assert line.startswith(f"built {NEW} in ")
        assert line.endswith(f": out/{NEW}.pdf, out/{NEW}.png [SYNTHETIC EXAMPLE DATA]")

        figdata_file = root / "figdata" / f"{NEW}.json"
        _edit_notes(figdata_file, "its data, edited")  # its files are watched now
        assert session.next_line().startswith(f"built {NEW} in ")
        assert session.quiet() == []

        registry.write_text(before)  # removed again
        assert session.next_line() == (f"{NEW} is no longer in figures/registry.py: no longer "
                                       "watched (its built files stay)")
        assert session.quiet() == []
        _edit_notes(figdata_file, "edited once no longer registered")
        assert session.quiet() == []

        session.proc.send_signal(signal.SIGINT)
        assert session.proc.wait(timeout=LINE_TIMEOUT) == 0


def test_a_registry_that_does_not_import_is_one_line_and_its_fix_says_so(project_copy):
    """Hardening: a registry saved mid-edit (a syntax error) printed the fork server's
    traceback and 'the rebuild process died'; it is the registry's one line now."""
    registry = project_copy / "figures" / "registry.py"
    good = registry.read_text()
    with Session(project_copy, SUMMARY) as session:
        assert session.next_line().startswith("watching 1 figure(s) in ")
        line = session.save_then_next_line(registry, good + "\nBROKEN = (\n")
        assert line == (f"stderr: error: figures/registry.py, line {good.count(chr(10)) + 2}: "
                        "SyntaxError: '(' was never closed")
        assert session.quiet() == []
        registry.write_text(good)
        assert session.next_line() == "fixed figures/registry.py: it imports again"
        assert session.quiet() == []
        session.proc.send_signal(signal.SIGINT)
        assert session.proc.wait(timeout=LINE_TIMEOUT) == 0


def test_a_registry_renamed_away_while_watching_is_one_line_and_its_return_says_so(
        project_copy):
    """Hostile pass 5: `figures/registry.py` renamed away under the watch was an "internal
    error"; it is the registry's one line, saying what to do."""
    registry = project_copy / "figures" / "registry.py"
    with Session(project_copy, SUMMARY, only_the_copy=True) as session:
        assert session.next_line().startswith("watching 1 figure(s) in ")
        line = ""
        for _ in range(5):  # the watch may not be armed yet right after its start line
            registry.rename(registry.with_suffix(".py.old"))
            try:
                line = session.next_line(timeout=3)
                break
            except queue.Empty:
                registry.with_suffix(".py.old").rename(registry)
        assert line == ("stderr: error: figures/registry.py: not found; it lists every figure: "
                        "restore it (`git checkout -- figures/registry.py`, or rename it back)")
        assert session.quiet() == []
        registry.with_suffix(".py.old").rename(registry)
        assert session.next_line() == "fixed figures/registry.py: it imports again"
        # the rebuild the return starts ends before the Ctrl-C (its lines are not this test's;
        # a Ctrl-C during a rebuild is test_a_rebuild_stops_with_the_watch_and_writes_nothing_after's)
        session.quiet(5)
        session.proc.send_signal(signal.SIGINT)
        assert session.proc.wait(timeout=LINE_TIMEOUT) == 0


_FORK_SERVER_MASK = """
import signal
from multiprocessing import forkserver
from figures.signals import stop_signals_held
from figures.watch.rebuilds import Rebuild

with stop_signals_held():  # as the watch starts every rebuild
    rebuild = Rebuild([], "figdata", "out", 1)
status = open(f"/proc/{forkserver._forkserver._forkserver_pid}/status").read()
blocked = int(status.split("SigBlk:")[1].split()[0], 16)
rebuild.messages(60)
rebuild.stop()
print(*(bool(blocked >> (stop - 1) & 1) for stop in (signal.SIGINT, signal.SIGTERM)))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_fork_server_takes_no_ctrl_c_while_it_imports_matplotlib(tmp_path):
    """Hostile: a Ctrl-C in the watch's first second or so (to the terminal's process group)
    printed the fork server's KeyboardInterrupt traceback from inside numpy's import: the
    resource tracker, started first, unblocks the signals the watch held, so the fork server
    started with them. It starts with them held now (each rebuild takes them again)."""
    done = subprocess.run([sys.executable, "-c", _FORK_SERVER_MASK], cwd=tmp_path,
                          capture_output=True, text=True, timeout=LINE_TIMEOUT, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True"]
    assert done.stderr == ""
