"""Round 7's hostile pass (issue 45): the unclear cases, each one line naming the file and
what to do; the cases that were already so kept as tests."""

from __future__ import annotations

import os
import shutil

import pytest

from figures.errors import FigureDataError
from figures.paper import write as write_module
from figures.paper.write import Plan, Write, carry_out
from figures.signals import stopped


def test_ctrl_c_during_syncs_writes_names_the_finished_files(tmp_path, monkeypatch):
    """Before: "interrupted; finished files are complete" named none of them (1 of 3
    figures written, no macros.tex)."""
    source = tmp_path / "built.pdf"
    source.write_bytes(b"%PDF-1.4\n")
    plan = Plan()
    for name in ("a.pdf", "b.pdf", "c.pdf"):
        plan.write("fig", name, "copy", Write(0, tmp_path / "paper" / name, source=source))
    plan.write("(macros)", "macros.tex", "write", Write(0, tmp_path / "paper" / "macros.tex",
                                                          text="% macros\n"))
    (tmp_path / "paper").mkdir()
    copied, copyfile = [], shutil.copyfile

    def copy(src, dst):  # Ctrl-C while the second figure is copied
        if copied:
            raise KeyboardInterrupt
        copied.append(dst)
        return copyfile(src, dst)

    monkeypatch.setattr(write_module.shutil, "copyfile", copy)
    with pytest.raises(KeyboardInterrupt) as caught:
        carry_out(plan)
    assert stopped(caught.value) == (
        "interrupted; finished, complete: a.pdf; the others were left as they were", 130)
    assert (tmp_path / "paper" / "a.pdf").is_file()
    assert not (tmp_path / "paper" / "b.pdf").exists()


def test_a_read_only_mount_is_said_and_chmod_is_not_the_advice(tmp_path, monkeypatch):
    """Before: every row refused with "chmod u+w", which a read-only mount ignores."""
    folder = tmp_path / "paper"
    folder.mkdir()

    class ReadOnly:
        f_flag = os.ST_RDONLY

    monkeypatch.setattr(write_module.os, "statvfs", lambda path: ReadOnly())
    monkeypatch.setattr(write_module.os, "access", lambda path, mode: False)  # EROFS
    why = write_module.unwritable(folder / "fig.pdf", folder)
    assert why == (f"the folder {folder} is read-only: it is on a read-only file system (chmod "
                   "cannot help): copy the paper's folder somewhere writable (or remount it "
                   "read-write) and sync again")


@pytest.mark.parametrize("slot", [0, -3, float("nan"), float("inf"), True, "wide",
                                  pytest.param("text", marks=pytest.mark.slow)])  # it draws
def test_figures_draw_at_a_slot_it_cannot_take_is_one_line(slot):
    from figures.drawing import draw
    from figures.errors import AuthorCodeError

    with pytest.raises((FigureDataError, AuthorCodeError)) as caught:
        draw("cifar_summary", "icml", slot)  # designed for the column only
    assert len(str(caught.value).splitlines()) == 1
    assert "column" in str(caught.value)


@pytest.mark.parametrize("given", ["figdata/cifar_summary.json", "missing-folder"])
def test_figures_draw_given_no_figdata_folder_says_so(given):
    """Round 19 (W7): ``draw(..., figdata_dir=".../cifar_summary.json")`` (the figure's file
    where its folder is wanted) said ``.../cifar_summary.json/cifar_summary.json: not found``
    and advised removing the figure from the registry; the CLI names the cause."""
    from helpers import REPO

    from figures.drawing import draw

    folder = REPO / given
    with pytest.raises(FigureDataError) as caught:
        draw("cifar_summary", "icml", figdata_dir=folder)
    line = str(caught.value)
    assert line == (f"{folder}: {'not a folder' if folder.exists() else 'no such folder'}: "
                    "figdata_dir is the figdata folder, the one holding cifar_summary.json")
