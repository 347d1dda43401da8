"""Benchmark the figure build against the seed scripts on the same generated results.

usage: python benchmarks/run.py [--runs N] [--user-runs N] [--epochs N] [--scale-runs N]
                                [--scale-epochs N] [--seeds DIR] [--tier]

In one run, alternating the commands over N rounds (machines are noisy), it times:
the five seed scripts in sequence (how the figures were made before), ``figures extract`` +
``figures build`` of everything, the same as one ``figures make RESULTS`` (what
``nox -s figures -- RESULTS`` runs), ``figures build --force``, a no-op rebuild, a rebuild after
one figure's data changed, and ``pytest --mpl`` with the environment ready; then the time from
a save of one figdata file to ``figures watch``'s line for its rebuild. It prints medians,
ratios to the seed scripts and peak memory (max RSS of the command's processes), and the
suite's ratio to ``figures build --force``; and ``figures build --venue V --force`` for a
one-column (NeurIPS) and a two-column venue (ICML, two slots for some figures) beside the
forced default build, with their ratios (``--venue`` times only those, alternating).
``--tier`` times only those two, alternating:
the default test tier (exactly what ``nox -s tests`` runs) against a forced full build, and,
to show where the tier's floor is, the same command on its golden tests alone and on the tier
without the venue golden tests.

Every command runs with Python's bytecode cache on, as on an author's machine: compiled
modules are written once (to a folder of the benchmark, ``PYTHONPYCACHEPREFIX``, so neither
the repository nor the environment is touched) and read by every later process; an untimed
run of each kind of command comes first. A shell with ``PYTHONDONTWRITEBYTECODE=1`` (some
containers set it) over an environment installed without compiling makes every process
compile matplotlib and the package from source again, a second or more per process, and the
test tier starts three processes where the build starts one: ``--bytecode-as-is`` measures
the commands in the environment exactly as it is.

Then what an author types, in a fresh ``git clone`` of this repository (its committed
noxfile, packages from the installer's local cache): a first and a second ``nox -s figures``
and ``nox -s tests`` with its environment made. Last, extraction of a large generated tree
against plain JSON parsing of the same files, at two sizes.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
PY = sys.executable


def timed(cmd: list[str], cwd: Path | None = None,
          env: dict | None = None) -> tuple[float, float, float]:
    """Wall seconds, peak RSS (MiB) and CPU seconds (user + system) of ``cmd`` and its
    children (on a shared machine the CPU seconds move less with the load than the wall)."""
    with tempfile.TemporaryFile() as output:  # read only when the command fails
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=output, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            output.seek(0)
            said = output.read().decode(errors="replace")[-4000:]
            raise SystemExit(f"benchmark: {' '.join(cmd)} failed ({proc.returncode}):\n{said}")
    # On Linux the child's ru_maxrss covers the largest of it and its waited-for children.
    return elapsed, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def seed_scripts(root: Path, seeds: Path) -> list[list[str]]:
    run_seed = seeds.parent / "tools" / "run_seed.sh"
    return [["bash", str(run_seed), str(s), str(root), PY] for s in sorted(seeds.glob("*.py"))]



def run_sequence(cmds: list[list[str]]) -> tuple[float, float, float]:
    total, peak, cpu = 0.0, 0.0, 0.0
    for cmd in cmds:
        seconds, rss, used = timed(cmd)
        total, peak, cpu = total + seconds, max(peak, rss), cpu + used
    return total, peak, cpu


#: What an author runs after an edit (``nox -s tests``): the golden tests and the fast tier.
TESTS_ROW = "pytest -m 'not slow' --all (nox -s tests -- --all)"
#: The command of ``nox -s tests -- --all`` (noxfile.py), HTML summary included: every golden
#: image compared (no cache folder: nothing recorded or reused).
TESTS_CMD = [PY, "-m", "pytest", "--mpl", "--mpl-generate-summary=html", "-q", "-p",
             "no:cacheprovider", "-n", "auto", "-m", "not slow", "--all"]
#: ``nox -s tests`` after an edit to one figure's module: the golden comparisons whose inputs
#: are unchanged since they last passed are not repeated (tests/golden_cache.py).
EDITED_ROW = "nox -s tests after a one-figure edit"
EDITED_FIGURE = ROOT / "figures" / "plots" / "cifar_summary.py"
FORCE_ROW = "figures build --force (all)"
#: With ``--tier``, where the tier's floor is: its golden tests alone (the 18 default variants
#: and the 20 venue layouts), and the tier without the venue layouts.
GOLDEN_ROW = "  of which the golden tests alone"
NO_VENUE_ROW = "  the tier without the venue goldens"
GOLDEN_CMD = [*TESTS_CMD, "tests/golden"]
NO_VENUE_CMD = [*TESTS_CMD, "--ignore", "tests/golden/test_venue_images.py"]


#: The venue builds timed beside the forced default build: one column, then two.
VENUE_ROWS = {venue: f"figures build --venue {venue} --force" for venue in ("neurips", "icml")}


def use_bytecode_cache(work: Path) -> str:
    """Python's bytecode cache for every command from here on (in ``work``: nothing written
    into the repository or the environment); what the benchmark's header says of it."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(work)
    return f"bytecode cache on (PYTHONPYCACHEPREFIX={work})"


def bytecode_setting() -> str:
    """The header's line on bytecode: whether these processes compile every module again."""
    prefix = os.environ.get("PYTHONPYCACHEPREFIX")
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        return "bytecode as the environment has it: PYTHONDONTWRITEBYTECODE=1 (nothing cached)"
    return f"bytecode cache on{f' (PYTHONPYCACHEPREFIX={prefix})' if prefix else ''}"


def venue_benchmarks(runs: int) -> None:
    """``figures build --venue V --force`` against ``figures build --force`` on the committed
    figdata, alternating in the same rounds: medians and their ratios (issue 29: at most
    1.3; the venue build draws each figure once for its page, per slot)."""
    work = Path(tempfile.mkdtemp(prefix="bench-venue-"))
    cli = [PY, "-m", "figures"]
    cases = {FORCE_ROW: [*cli, "build", "--force", "--out", str(work / "default")]}
    cases.update({row: [*cli, "build", "--venue", venue, "--force", "--out", str(work / venue)]
                  for venue, row in VENUE_ROWS.items()})
    times: dict[str, list[float]] = {k: [] for k in cases}
    cpus: dict[str, list[float]] = {k: [] for k in cases}
    timed(cases[FORCE_ROW], cwd=ROOT)  # untimed: the bytecode cache written, the disk warm
    for round_ in range(runs):
        for name, cmd in cases.items():
            seconds, _, cpu = timed(cmd, cwd=ROOT)
            times[name].append(seconds)
            cpus[name].append(cpu)
        print(f"venue round {round_ + 1}/{runs} done", file=sys.stderr)
    base, base_cpu = statistics.median(times[FORCE_ROW]), statistics.median(cpus[FORCE_ROW])
    print(f"\nvenue builds, committed figdata, {runs} alternating rounds, {os.cpu_count()} "
          f"cores, 1-minute load {os.getloadavg()[0]:.2f} at the end; {bytecode_setting()}")
    print(f"{'command':40s} {'median s':>9s} {'min s':>7s} {'× force':>8s} {'CPU s':>7s} "
          f"{'CPU ×':>6s}")
    for name, seconds in times.items():
        median, cpu = statistics.median(seconds), statistics.median(cpus[name])
        print(f"{name:40s} {median:9.2f} {min(seconds):7.2f} {median / base:8.2f} "
              f"{cpu:7.2f} {cpu / base_cpu:6.2f}")
    shutil.rmtree(work, ignore_errors=True)


def build_benchmarks(runs: int, epochs: int, seeds: Path, *, tier_only: bool = False) -> None:
    from figures.extract.synthetic import generate

    work = Path(tempfile.mkdtemp(prefix="bench-"))
    seed_root = work / "seed_root"
    results = generate(seed_root / "results", epochs=epochs)
    figdata = work / "figdata"
    out = work / "out"
    cli = [PY, "-m", "figures"]
    changed = figdata / "cifar_summary.json"

    def full():
        shutil.rmtree(figdata, ignore_errors=True)
        shutil.copytree(ROOT / "figdata", figdata)
        shutil.rmtree(out, ignore_errors=True)
        return run_sequence([[*cli, "extract", str(results), "--figdata", str(figdata)],
                             [*cli, "build", "--figdata", str(figdata), "--out", str(out)]])

    def make():
        shutil.rmtree(figdata, ignore_errors=True)
        shutil.copytree(ROOT / "figdata", figdata)
        shutil.rmtree(out, ignore_errors=True)
        return timed([*cli, "make", str(results), "--figdata", str(figdata), "--out", str(out)])

    def one_changed():
        doc = json.loads(changed.read_text())
        doc["provenance"]["notes"] = f"benchmark edit {time.perf_counter()}"
        changed.write_text(json.dumps(doc))
        return timed([*cli, "build", "--figdata", str(figdata), "--out", str(out)])

    cases = {
        "seed scripts (5, in sequence)": lambda: run_sequence(seed_scripts(seed_root, seeds)),
        "figures extract + build (all)": full,
        "figures make RESULTS (one process)": make,
        FORCE_ROW: lambda: timed(
            [*cli, "build", "--force", "--figdata", str(figdata), "--out", str(out)]),
        "no-op rebuild": lambda: timed([*cli, "build", "--figdata", str(figdata), "--out",
                                        str(out)]),
        "rebuild, one figure's data changed": one_changed,
        TESTS_ROW: lambda: timed(TESTS_CMD, cwd=ROOT),
        GOLDEN_ROW: lambda: timed(GOLDEN_CMD, cwd=ROOT),
        NO_VENUE_ROW: lambda: timed(NO_VENUE_CMD, cwd=ROOT),
        EDITED_ROW: lambda: tier_after_an_edit(work / "pytest-cache"),
    }
    if tier_only:
        full()  # the figdata and out folders the forced build works on
        cases = {name: cases[name]
                 for name in (FORCE_ROW, TESTS_ROW, EDITED_ROW, GOLDEN_ROW, NO_VENUE_ROW)}
        cases[TESTS_ROW]()  # untimed: every module the tier imports compiled once
    else:
        del cases[GOLDEN_ROW], cases[NO_VENUE_ROW], cases[EDITED_ROW]
    times: dict[str, list[float]] = {k: [] for k in cases}
    cpus: dict[str, list[float]] = {k: [] for k in cases}
    peaks: dict[str, float] = dict.fromkeys(cases, 0.0)
    for round_ in range(runs):
        for name, case in cases.items():
            seconds, rss, cpu = case()
            times[name].append(seconds)
            cpus[name].append(cpu)
            peaks[name] = max(peaks[name], rss)
        print(f"round {round_ + 1}/{runs} done", file=sys.stderr)
    if not tier_only:
        watch_name = "figures watch: save -> rebuilt line"
        times[watch_name] = watch_rebuilds(cli, figdata, out, changed, runs)
        peaks[watch_name] = float("nan")
        cpus[watch_name] = [float("nan")]
    base_row = FORCE_ROW if tier_only else "seed scripts (5, in sequence)"
    base = statistics.median(times[base_row])
    print(f"\n{epochs}-epoch synthetic results, {runs} alternating rounds, {os.cpu_count()} cores, "
          f"1-minute load {os.getloadavg()[0]:.2f} at the end; {bytecode_setting()}")
    ratio_to = "× force" if tier_only else "× seeds"
    print(f"{'command':40s} {'median s':>9s} {'min s':>7s} {ratio_to:>8s} {'peak MiB':>9s} "
          f"{'CPU s':>7s}")
    for name, seconds in times.items():
        median = statistics.median(seconds)
        print(f"{name:40s} {median:9.2f} {min(seconds):7.2f} {median / base:8.3f} "
              f"{peaks[name]:9.0f} {statistics.median(cpus[name]):7.2f}")
    force = statistics.median(times[FORCE_ROW])
    ratio = statistics.median(times[TESTS_ROW]) / force
    cpu_ratio = statistics.median(cpus[TESTS_ROW]) / statistics.median(cpus[FORCE_ROW])
    print(f"{TESTS_ROW} / figures build --force: {ratio:.2f} (medians of the same rounds; "
          f"target at most 4); CPU seconds: {cpu_ratio:.2f}")
    if EDITED_ROW in times:
        edited = statistics.median(times[EDITED_ROW]) / force
        edited_cpu = statistics.median(cpus[EDITED_ROW]) / statistics.median(cpus[FORCE_ROW])
        print(f"{EDITED_ROW} / figures build --force: {edited:.2f} (target at most 2); "
              f"CPU seconds: {edited_cpu:.2f}")
    shutil.rmtree(work, ignore_errors=True)


def tier_after_an_edit(cache: Path) -> tuple[float, float, float]:
    """The tier as an author runs it after editing one figure's module (a comment appended,
    restored after): its cache (in ``cache``) first holds a passing run of every image."""
    cached = [*TESTS_CMD[:TESTS_CMD.index("-p")], *TESTS_CMD[TESTS_CMD.index("-p") + 2:]]
    cached.remove("--all")
    cached += ["-o", f"cache_dir={cache}"]
    env = {k: v for k, v in os.environ.items() if k != "CI"}  # CI=true compares every image
    subprocess.run(cached, cwd=ROOT, env=env, check=True, capture_output=True)
    original = EDITED_FIGURE.read_bytes()
    try:
        EDITED_FIGURE.write_bytes(original + f"# benchmark edit {time.perf_counter()}\n".encode())
        return timed(cached, cwd=ROOT, env=env)
    finally:
        EDITED_FIGURE.write_bytes(original)


class _Lines:
    """A process's stdout lines, read as they come (a thread, so a wait can time out)."""

    def __init__(self, proc: subprocess.Popen) -> None:
        self.queue: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, args=(proc.stdout,), daemon=True).start()

    def _read(self, stream) -> None:
        for line in stream:
            self.queue.put(line.rstrip("\n"))

    def next(self, timeout: float = 120) -> str:
        return self.queue.get(timeout=timeout)


def watch_rebuilds(cli: list[str], figdata: Path, out: Path, changed: Path,
                   runs: int) -> list[float]:
    """Seconds from the save of ``changed`` to ``figures watch``'s line for its rebuild."""
    name = changed.stem
    proc = subprocess.Popen([*cli, "watch", name, "--figdata", str(figdata), "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    lines = _Lines(proc)
    try:
        while not lines.next().startswith("watching"):
            pass
        time.sleep(1.0)  # the watcher arms itself just after printing that line
        seconds = []
        for _ in range(runs):
            doc = json.loads(changed.read_text())
            doc["provenance"]["notes"] = f"benchmark edit {time.perf_counter()}"
            text = json.dumps(doc)
            start = time.perf_counter()
            changed.write_text(text)
            line = lines.next()
            seconds.append(time.perf_counter() - start)
            if not line.startswith(f"built {name} "):
                raise SystemExit(f"benchmark: figures watch said {line!r}")
            time.sleep(0.5)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)
    return seconds


def _nox() -> list[str] | None:
    found = shutil.which("nox")
    if found:
        return [found]
    try:
        import nox  # noqa: F401
    except ImportError:
        return None
    return [PY, "-m", "nox"]


def user_commands(runs: int) -> None:
    """``nox -s figures`` first and again, and ``nox -s tests``, in a fresh clone per round."""
    nox = _nox()
    if nox is None:
        print("\nbenchmark: nox not found, the nox rows are left out", file=sys.stderr)
        return
    cases = ("nox -s figures, first (fresh clone)", "nox -s figures again (nothing changed)",
             "nox -s tests (environment made)")
    times: dict[str, list[float]] = {k: [] for k in cases}
    for round_ in range(runs):
        work = Path(tempfile.mkdtemp(prefix="bench-clone-"))
        clone = work / ROOT.name
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        times[cases[0]].append(timed([*nox, "-s", "figures"], cwd=clone)[0])
        times[cases[1]].append(timed([*nox, "-s", "figures"], cwd=clone)[0])
        subprocess.run([*nox, "-s", "tests", "--install-only"], cwd=clone, check=True,
                       capture_output=True)
        times[cases[2]].append(timed([*nox, "-s", "tests"], cwd=clone)[0])
        shutil.rmtree(work, ignore_errors=True)
        print(f"user round {round_ + 1}/{runs} done", file=sys.stderr)
    print(f"\nwhat an author types, in a fresh git clone ({runs} round(s), {' '.join(nox)})")
    print(f"{'command':40s} {'median s':>9s} {'min s':>7s}")
    for name in cases:
        print(f"{name:40s} {statistics.median(times[name]):9.2f} {min(times[name]):7.2f}")


def _traced(step) -> tuple[float, float]:
    """Seconds of ``step()``, then its peak Python heap (MiB, tracemalloc) in a second, traced
    run; the heap, unlike the RSS high-water mark, shows what the code itself holds at once."""
    start = time.perf_counter()
    step()
    seconds = time.perf_counter() - start
    tracemalloc.start()
    step()
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return seconds, peak


def scale_benchmark(n_runs: int, epochs: int) -> None:
    """Extraction vs plain json.load of the same files, at half and full size (in this
    process: no start-up or import cost; page cache warm for both)."""
    from figures.extract.results import ResultsTree
    from figures.extract.synthetic import generate
    from figures.registry import BY_NAME

    spec = BY_NAME["figure_snapshot_vit"]
    spec.code()  # import the figure module outside the measured region
    print(f"\nscale: figure_snapshot_vit over many ViT runs ({epochs} epochs each)")
    print(f"{'runs':>6s} {'MiB':>7s} {'largest':>8s} {'parse s':>8s} {'extract s':>10s} "
          f"{'ratio':>6s} {'parse heap':>11s} {'extract heap':>13s}")
    for runs in (n_runs // 2, n_runs):
        work = Path(tempfile.mkdtemp(prefix="bench-scale-"))
        generate(work, epochs=epochs, seeds=(42,), vit_seeds=range(1000, 1000 + runs))
        files = sorted((work / "snapshot_vit_v1").glob("snapshot_vit_s*.json"))
        sizes = [f.stat().st_size / 2**20 for f in files]
        for f in files:
            f.read_bytes()  # warm the page cache, so neither step pays for the disk

        def parse_all(files=files):
            for f in files:
                with f.open() as handle:
                    json.load(handle)

        parse, parse_heap = _traced(parse_all)
        extract, extract_heap = _traced(lambda work=work: spec.extract(ResultsTree(work)))
        print(f"{runs:6d} {sum(sizes):7.1f} {max(sizes):8.2f} {parse:8.2f} {extract:10.2f} "
              f"{extract / parse:6.2f} {parse_heap:10.1f}M {extract_heap:12.1f}M")
        shutil.rmtree(work, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds (0: scale step only)")
    parser.add_argument("--tier", action="store_true",
                        help="only the default test tier (nox -s tests) against figures build "
                             "--force, alternating; no seed scripts, no fresh clone, no scale step")
    parser.add_argument("--venue", action="store_true",
                        help="only the venue builds against figures build --force, alternating")
    parser.add_argument("--bytecode-as-is", action="store_true",
                        help="run the commands in the environment as it is (with "
                             "PYTHONDONTWRITEBYTECODE=1 every process compiles its modules "
                             "again); by default Python's bytecode cache is on, in a folder "
                             "of the benchmark")
    parser.add_argument("--seeds", type=Path, default=SEEDS, metavar="DIR",
                        help="the seed scripts (next to them: tools/run_seed.sh)")
    parser.add_argument("--user-runs", type=int, default=1,
                        help="rounds of the nox commands in a fresh clone (0: none)")
    parser.add_argument("--epochs", type=int, default=100)
    parser.add_argument("--scale-runs", type=int, default=40)
    parser.add_argument("--scale-epochs", type=int, default=2000)
    args = parser.parse_args()
    pycache = None if args.bytecode_as_is else Path(tempfile.mkdtemp(prefix="bench-pycache-"))
    if pycache is not None:
        use_bytecode_cache(pycache)
    try:
        return _run(args)
    finally:
        if pycache is not None:
            shutil.rmtree(pycache, ignore_errors=True)


def _run(args: argparse.Namespace) -> int:
    if args.tier:
        build_benchmarks(args.runs or 1, args.epochs, args.seeds, tier_only=True)
        return 0
    if args.venue:
        venue_benchmarks(args.runs or 1)
        return 0
    if not args.seeds.is_dir():
        print(f"benchmark: the seed scripts are not at {args.seeds} (--seeds)", file=sys.stderr)
        return 2
    if args.runs:
        build_benchmarks(args.runs, args.epochs, args.seeds)
        venue_benchmarks(args.runs)
    if args.user_runs:
        user_commands(args.user_runs)
    if args.scale_runs:
        scale_benchmark(args.scale_runs, args.scale_epochs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
