"""Proof that the golden suite judges fairly off the reference environment.

usage: python tools/off_reference.py [--build-only]

Builds matplotlib at the pinned version from source against the system's FreeType (Debian's
2.12.1, not the 2.14.3 the wheel bundles) in its own virtual environment,
``build/off-reference/venv`` (kept: a later run reuses it), then runs the golden suite there,
where vector content decides (tests/golden/vector.py): it must pass (no false failure), and
it must fail on each of three small visible changes made in a scratch copy of the project:
a colour one step off, a line width +0.1, a marker size +1. Prints the build's duration and
each verdict; exit 1 if any check does not hold.

Needs a C/C++ compiler, pkg-config and the development files of FreeType, Qhull, HarfBuzz
and FriBidi (Debian: libfreetype-dev libqhull-dev libharfbuzz-dev libfribidi-dev; .ci/run
installs them). matplotlib's own build downloads HarfBuzz, libraqm and Qhull sources from
GitHub; with only the package registries at hand it links the system's instead, and libraqm
(Debian's is too old) is compiled from the copy Pillow's source distribution vendors.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOME = ROOT / "build" / "off-reference"
VENV = HOME / "venv"
PYTHON = VENV / "bin" / "python"
MATPLOTLIB = re.search(r'"matplotlib==([^"]+)"', (ROOT / "pyproject.toml").read_text()).group(1)
#: Pillow's source distribution vendors libraqm (src/thirdparty/raqm), >= 0.10.4 as
#: matplotlib requires.
PILLOW_SDIST = "pillow==13.0.0"
GOLDEN = ["tests/golden/test_images.py", "tests/golden/test_venue_images.py"]
#: Three small visible changes: (file, old text, new text, figures whose goldens must fail).
CHANGES = (
    ("a colour one step off", "figures/plots/_cifar.py", 'Entry("BP", "#F44336")', 'Entry("BP", "#F44337")',
     "cifar_accuracy"),
    ("a line width +0.1", "figures/plots/fig1_audit_hero.py",
     "linewidth=1.8, zorder=3", "linewidth=1.9, zorder=3", "fig1_audit_hero"),
    ("a marker size +1", "figures/plots/fig1_audit_hero.py",
     "marker=curve.entry.marker, markersize=5,", "marker=curve.entry.marker, markersize=6,",
     "fig1_audit_hero"),
)


def run(*command: str | Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(c) for c in command], check=True, text=True, **kwargs)


def _built() -> bool:
    """Whether the environment holds the pinned matplotlib on another FreeType."""
    if not PYTHON.is_file():
        return False
    probe = subprocess.run(
        [PYTHON, "-c", ("import matplotlib, matplotlib.ft2font as f, pytest_mpl, figures;"
                        "print(matplotlib.__version__, f.__freetype_version__)")],
        capture_output=True, text=True, check=False)
    return probe.returncode == 0 and probe.stdout.split()[0] == MATPLOTLIB


def _raqm(prefix: Path) -> Path:
    """libraqm as a static library (so matplotlib's extension needs no extra runtime path),
    with the pkg-config file matplotlib's build looks for; returns its pkg-config folder."""
    sdist = prefix / "sdist"
    run(PYTHON, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", "pillow",
        PILLOW_SDIST, "-d", sdist)
    with tarfile.open(next(sdist.glob("pillow-*.tar.gz"))) as archive:
        members = [m for m in archive.getmembers() if "/src/thirdparty/raqm/" in m.name]
        archive.extractall(sdist, members=members, filter="data")
    source = next(sdist.glob("pillow-*/src/thirdparty/raqm"))
    version = re.search(r'RAQM_VERSION_STRING "([^"]+)"',
                        (source / "raqm-version.h").read_text()).group(1)
    (prefix / "include").mkdir(parents=True, exist_ok=True)
    (prefix / "lib" / "pkgconfig").mkdir(parents=True, exist_ok=True)
    for header in ("raqm.h", "raqm-version.h"):
        shutil.copy(source / header, prefix / "include")
    flags = run("pkg-config", "--cflags", "harfbuzz", "fribidi", "freetype2",
                capture_output=True).stdout.split()
    run("cc", "-O2", "-fPIC", "-DHAVE_FRIBIDI_SYSTEM", *flags, "-c", source / "raqm.c",
        "-o", prefix / "raqm.o")
    run("ar", "rcs", prefix / "lib" / "libraqm.a", prefix / "raqm.o")
    (prefix / "lib" / "pkgconfig" / "raqm.pc").write_text(
        f"prefix={prefix}\nName: raqm\nDescription: libraqm, from Pillow's sdist\n"
        f"Version: {version}\nRequires: harfbuzz fribidi freetype2\n"
        f"Libs: {prefix}/lib/libraqm.a\nCflags: -I{prefix}/include\n")
    return prefix / "lib" / "pkgconfig"


def build() -> float:
    """The environment (made unless already built); the seconds its build took (0: reused)."""
    if _built():
        return 0.0
    start = time.monotonic()
    shutil.rmtree(HOME, ignore_errors=True)
    run(sys.executable, "-m", "venv", VENV)
    pkgconfig = _raqm(HOME / "raqm")
    env = {**os.environ, "PKG_CONFIG_PATH": f"{pkgconfig}:{os.environ.get('PKG_CONFIG_PATH', '')}"}
    options = ["-Csetup-args=-Dsystem-freetype=true", "-Csetup-args=-Dsystem-qhull=true",
               "-Csetup-args=-Dsystem-libraqm=true"]
    run(PYTHON, "-m", "pip", "install", "-q", "--no-cache-dir", "--no-binary", "matplotlib",
        f"matplotlib=={MATPLOTLIB}", *options, env=env)
    run(PYTHON, "-m", "pip", "install", "-q", "-e", ROOT, *_test_runners())
    return time.monotonic() - start


def _test_runners() -> list[str]:
    """pytest, pytest-mpl and pytest-xdist as pyproject.toml's ``test`` group asks for them
    (one list of versions: this environment pinned pytest-mpl ``==0.19.0`` of its own)."""
    groups = tomllib.loads((ROOT / "pyproject.toml").read_text())["dependency-groups"]
    wanted = [item for item in groups["test"] if isinstance(item, str)]
    return [item for item in wanted
            if re.match(r"pytest(-mpl|-xdist)?\s*[<>=!~]", item)]


def golden(root: Path, *select: str) -> subprocess.CompletedProcess[str]:
    """The golden suite in ``root`` (its figures package), by this environment's matplotlib."""
    keyword = ["-k", " or ".join(select)] if select else []
    return subprocess.run(
        [PYTHON, "-m", "pytest", "--mpl", *GOLDEN, "-p", "no:cacheprovider",
         "-n", "2", "-o", "addopts=-ra --strict-markers -p no:anyio", *keyword],
        cwd=root, env={**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"},
        capture_output=True, text=True, check=False)


def main(argv: list[str]) -> int:
    seconds = build()
    version = run(PYTHON, "-c", "import matplotlib, matplotlib.ft2font as f;"
                  "print(f'matplotlib {matplotlib.__version__} on FreeType '"
                  "f'{f.__freetype_version__}')", capture_output=True).stdout.strip()
    print(f"off-reference environment: {version} "
          f"({f'built in {seconds:.0f} s' if seconds else 'reused'}: {VENV})")
    if "--build-only" in argv:
        return 0
    ok = True
    with tempfile.TemporaryDirectory() as tmp:  # a copy: the changes never touch the checkout
        for part in ("figures", "tests", "baseline", "figdata"):
            shutil.copytree(ROOT / part, Path(tmp, part),
                            ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copy(ROOT / "pyproject.toml", tmp)
        proc = golden(Path(tmp))
        header = next((line for line in proc.stdout.splitlines() if line.startswith("golden")), "")
        summary = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr
        print(f"  {header}")
        clean = proc.returncode == 0 and "vector content decides" in header
        ok &= clean
        print(f"{'ok  ' if clean else 'FAIL'} unchanged figures pass: {summary}")
        if not clean:
            print(proc.stdout[-3000:])
        for what, file, old, new, figure in CHANGES:
            path = Path(tmp, file)
            original = path.read_text(encoding="utf-8")
            assert original.count(old) >= 1, (file, old)
            path.write_text(original.replace(old, new, 1), encoding="utf-8")
            try:
                proc = golden(Path(tmp), figure)
            finally:
                path.write_text(original, encoding="utf-8")
            failed = proc.returncode == 1 and "vector content differs" in proc.stdout
            ok &= failed
            lines = proc.stdout.strip().splitlines()
            detail = next((line.strip() for line in lines
                           if line.strip().startswith("/") and " -> " in line), "")
            print(f"{'ok  ' if failed else 'FAIL'} {what} ({file}) fails: "
                  f"{lines[-1] if lines else proc.stderr[-300:]}\n       e.g. {detail[:160]}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
