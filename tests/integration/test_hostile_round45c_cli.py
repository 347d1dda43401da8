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
