"""Hostile round 45c's rows on the command line (issue 45): one extract at a time into a
figdata folder (W26)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time

import pytest
from filelock import FileLock
from helpers import REPO

from figures.extract.synthetic import generate

pytestmark = pytest.mark.slow  # a `figures extract` process of its own


def test_an_extract_waits_for_another_into_the_same_figdata(tmp_path):
    """Round 45c (W26): two `figures extract` into one figdata folder at once took no lock
    (build does) and could leave figdata from two results trees, both saying they extracted
    every figure. Now the second says it waits and writes nothing until the first is done."""
    results = generate(tmp_path / "results", epochs=3)
    figdata = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", figdata)
    before = (figdata / "cifar_summary.json").read_bytes()
    held = FileLock(figdata / ".extract.lock")  # figures.outputs.lock's
    held.acquire()
    child = subprocess.Popen([sys.executable, "-m", "figures", "extract", str(results),
                              "cifar_summary", "--figdata", str(figdata)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = child.stderr.readline()  # blocks until the child says something
        assert first == f"waiting for another extract into {figdata} to finish\n", first
        time.sleep(1)
        assert child.poll() is None
        assert (figdata / "cifar_summary.json").read_bytes() == before
    finally:
        held.release()
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err
    assert out.startswith("extracted cifar_summary"), out


def test_a_build_refuses_to_write_over_an_authors_own_image_of_that_name(tmp_path):
    """Round 45c (W7): `figures build --out herfigs cifar_summary` replaced her own
    ``cifar_summary.png`` (a matplotlib export, no provenance of ours) without a word, where
    sync refuses it; now that figure is refused in one line, hers left as it was, the others
    built; an output of this folder's own earlier build is still rebuilt."""
    from PIL import Image

    out = tmp_path / "herfigs"
    out.mkdir()
    Image.new("RGB", (8, 8), "white").save(out / "cifar_summary.png")
    hers = (out / "cifar_summary.png").read_bytes()
    ran = subprocess.run([sys.executable, "-m", "figures", "build", "cifar_summary",
                          "fig1_audit_hero", "--figdata", str(REPO / "figdata"), "--out",
                          str(out)], capture_output=True, text=True, timeout=300, check=False)
    assert ran.returncode == 1, ran.stderr
    assert ran.stderr.splitlines()[0] == (
        f"error: cifar_summary: {out}/cifar_summary.png: exists and is not from this suite (no "
        "provenance of ours inside): the build writes only over its own files; choose another "
        "--out folder, or move that file away"), ran.stderr
    assert (out / "cifar_summary.png").read_bytes() == hers
    assert (out / "fig1_audit_hero.png").is_file()
    (out / "fig1_audit_hero.png").write_bytes(b"damaged")  # ours, recorded: built again
    again = subprocess.run([sys.executable, "-m", "figures", "build", "fig1_audit_hero",
                            "--figdata", str(REPO / "figdata"), "--out", str(out)],
                           capture_output=True, text=True, timeout=300, check=False)
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith("built fig1_audit_hero"), again.stdout
