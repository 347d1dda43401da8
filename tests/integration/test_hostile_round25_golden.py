"""Round 25: the rows of that hostile pass mended on the golden branch (GA, RV, GI). The pass
itself, case by case, is in docs/guarantees.md ("Hostile passes").

TeX Live is required for the sync tests (CI installs it in .ci/run): without it they fail,
never skip.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import REPO, SYNC_TEX, run_sync, sync_project


def _older_build(pdf, out):
    """``pdf`` with other bytes, the same drawing and provenance (an older build of ours)."""
    from pypdf import PdfReader, PdfWriter

    from figures.outputs import provenance

    values = provenance.read(pdf)
    writer = PdfWriter(clone_from=PdfReader(pdf))
    writer.add_metadata({"/Title": values["figure"], "/Keywords": provenance.encode(values),
                         "/Author": "an older build"})
    with out.open("wb") as handle:
        writer.write(handle)


@pytest.mark.slow
@pytest.mark.parametrize("mode", [0o444, 0o644])
def test_a_figure_kept_as_a_git_annex_link_is_refused_never_written_through(
        tmp_path, capsys, reference_build, mode):
    """Round 25 (GA): ``figs/fig1_audit_hero.pdf -> ../.git/annex/objects/.../KEY.pdf``
    (git-annex's and DataLad's layout, DVC's symlink cache the same), an older build of ours:
    sync refused the read-only object with "make it writable (chmod u+w)"; that advice followed,
    it wrote the new build through the link into ``.git/annex/objects/`` (a content-addressed
    copy rewritten under its old key). Now one line names the link and the way out, read-only
    or not, and the stored copy is never touched."""
    paper, figdata, built = sync_project(tmp_path, reference_build, SYNC_TEX %
                                         "\\includegraphics[width=3in]{fig1_audit_hero}")
    key = paper / ".git/annex/objects/Xy/Zw/SHA256E-s1--abc.pdf"
    key.mkdir(parents=True)
    stored = key / "SHA256E-s1--abc.pdf"
    _older_build(built / "fig1_audit_hero.pdf", stored)
    stored.chmod(mode)
    (paper / "figs" / "fig1_audit_hero.pdf").symlink_to(
        "../.git/annex/objects/Xy/Zw/SHA256E-s1--abc.pdf/SHA256E-s1--abc.pdf")
    before = hashlib.sha256(stored.read_bytes()).hexdigest()
    code, out, err = run_sync(capsys, paper, figdata, built, "--allow-synthetic")
    assert code == 1, out + err
    [row] = [line for line in out.splitlines() if line.startswith("fig1_audit_hero")]
    assert row.endswith(
        "refused: figs/fig1_audit_hero.pdf is a link into .git/annex/objects/Xy/Zw/"
        "SHA256E-s1--abc.pdf/ (git-annex, DataLad and DVC keep files so): sync never writes "
        "through it (the stored copy would change under its key): unlock it (git annex unlock "
        "figs/fig1_audit_hero.pdf) or replace the link by a copy of the file, then sync again")
    assert "chmod" not in out
    assert hashlib.sha256(stored.read_bytes()).hexdigest() == before
    assert (paper / "figs" / "fig1_audit_hero.pdf").is_symlink()


@pytest.mark.parametrize("option", [["--mpl-generate-path=baseline"],
                                    ["--mpl-generate-path", "baseline"],
                                    ["--mpl-generate-hash-library=h.json"]])
def test_review_refuses_pytest_mpls_generate_options(capsys, monkeypatch, option):
    """Round 25 (RV): ``figures review --no-open -- -k cifar_summary
    --mpl-generate-path=baseline`` ran pytest with it: the changed picture was written into
    baseline/ itself (with 8 stray venue files at its top), and review closed with "nothing to
    review", exit 0: a change accepted unseen. Now one line, exit 2, before pytest runs."""
    from helpers import review_tool

    tool = review_tool()
    ran = []
    monkeypatch.setattr(tool.subprocess, "run", lambda *a, **k: ran.append(a) or
                        tool.subprocess.CompletedProcess(a, 0))
    monkeypatch.delenv("PYTEST_ADDOPTS", raising=False)
    assert tool.main(["--no-open", "-k", "cifar_summary", *option]) == 2
    assert ran == []
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"review: {option[0]}: review never writes the goldens (it shows each change "
                   "first); baselines change only through tools/update_baselines.py (nox -s "
                   "baselines) or by accepting a change in review: run without that option\n")


def test_review_refuses_a_generate_option_in_pytest_addopts(capsys, monkeypatch):
    """Round 25 (RV): the same option in ``PYTEST_ADDOPTS`` (which review's pytest inherits)."""
    from helpers import review_tool

    tool = review_tool()
    monkeypatch.setattr(tool.subprocess, "run", lambda *a, **k: tool.subprocess.CompletedProcess(
        a, 0))
    monkeypatch.setenv("PYTEST_ADDOPTS", "--mpl-generate-path=baseline")
    assert tool.main(["--no-open"]) == 2
    assert "review never writes the goldens" in capsys.readouterr().err


@pytest.mark.slow  # a golden run of its own
@pytest.mark.parametrize("where", [[], ["--rootdir", "."]])
def test_the_golden_suite_runs_under_import_mode_importlib_from_another_folder(tmp_path, where):
    """Round 25 (GI): ``cd /tmp && pytest --mpl REPO/tests/golden/test_images.py
    --import-mode=importlib`` (pytest's recommended mode for new projects) died in
    tests/conftest.py with ``ModuleNotFoundError: No module named 'helpers'`` (exit 4, nothing
    judged): that mode puts no test folder on the path. pytest's ``pythonpath`` ini setting puts
    tests/ and tests/golden/ there in every mode, the comparison judged as in the default one."""
    ran = subprocess.run([sys.executable, "-m", "pytest", "--mpl", "-p", "no:randomly",
                          "-p", "no:cacheprovider", "-n", "0", "-k", "cifar_summary",
                          "--import-mode=importlib", *where,
                          f"--mpl-results-path={tmp_path / 'res'}",  # this run's its own
                          str(REPO / "tests" / "golden" / "test_images.py")],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path,
                         check=False)
    out = ran.stdout + ran.stderr
    assert ran.returncode == 0, out
    assert "ModuleNotFoundError" not in out
    assert "golden judges: " in out
    assert " 1 passed" in out.rstrip().splitlines()[-1], out


@pytest.mark.slow  # the reference build
def test_an_include_naming_our_figure_with_eps_says_to_drop_the_extension(tmp_path, capsys,
                                                                          reference_build):
    """Round 25 (EP): ``\\includegraphics{figs/cifar_summary.eps}`` with her old EPS export
    there: sync said "cifar_summary differs only in case" (the names are equal; the extension
    differs), and the advice then converted her old export."""
    paper, figdata, built = sync_project(tmp_path, reference_build, SYNC_TEX %
                                         "\\includegraphics[width=3in]{figs/cifar_summary.eps}")
    (paper / "figs" / "cifar_summary.eps").write_text(
        "%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 60\nshowpage\n")
    _, out, _ = run_sync(capsys, paper, figdata, built, "--allow-synthetic")
    assert "differs only in case" not in out
    assert ("not ours (left as they are): figs/cifar_summary.eps (main.tex:6; the include names "
            "cifar_summary with .eps: write {figs/cifar_summary} (without the extension) and "
            "sync copies ours)") in out


_CIFAR = "tests/golden/test_images.py::test_figure_matches_baseline[cifar_summary]"


def _review_of_a_run_that_reported(monkeypatch, failed: str):
    """tools/review.py collecting after its pytest exited 1, with no pytest cache written, the
    run's JUnit report naming ``failed`` (a node id) as failed; the node ids it rendered."""
    from helpers import review_tool

    tool = review_tool()
    classname, name = failed.split("::")
    classname = classname.removesuffix(".py").replace("/", ".")

    def run(argv, **kwargs):
        report = next(a.split("=", 1)[1] for a in argv if a.startswith("--junit-xml="))
        Path(report).write_text(
            f'<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest">'
            f'<testcase classname="{classname}" name="{name}"><failure message="m"/></testcase>'
            f'<testcase classname="{classname}" name="test_ok"/></testsuite></testsuites>')
        return subprocess.CompletedProcess(argv, 1)

    monkeypatch.setattr(tool.subprocess, "run", run)
    monkeypatch.setattr(tool, "failed_goldens", list)  # -p no:cacheprovider
    rendered = []
    monkeypatch.setattr(tool.ub, "generate", lambda new, ids: rendered.extend(ids) or
                        pytest.fail("rendered"))
    return tool, rendered


def test_review_learns_the_failures_from_the_run_it_started(monkeypatch):
    """Round 25 (RC): ``figures review --no-open -- -k cifar_summary -p no:cacheprovider``
    with a changed picture: pytest said 1 failed, then review "no golden test failed in the
    last run: nothing to review", exit 0: it read pytest's cache, which that run never
    wrote. Now it reads the run's own JUnit report."""
    tool, rendered = _review_of_a_run_that_reported(monkeypatch, _CIFAR)
    with pytest.raises(pytest.fail.Exception):
        tool.collect(["-k", "cifar_summary", "-p", "no:cacheprovider"])
    assert rendered == [_CIFAR]


def test_review_of_a_failed_run_without_a_failed_golden_says_so(monkeypatch, capsys):
    """Round 25 (RC): pytest exited 1 and no golden comparison failed in it: one line, exit 1,
    never "nothing to review"."""
    tool, rendered = _review_of_a_run_that_reported(
        monkeypatch, "tests/golden/test_images.py::test_something_else")
    with pytest.raises(SystemExit) as stopped:
        tool.main(["--no-open", "-k", "cifar_summary", "-p", "no:cacheprovider"])
    assert str(stopped.value) == (
        "review: pytest exited 1, and its report names no golden comparison among its "
        "failures (another test failed: its error is above); nothing reviewed")
    assert rendered == []
    assert "nothing to review" not in capsys.readouterr().out


@pytest.mark.slow  # the golden comparisons and their rendering in a copy of the project
def test_review_without_pytests_cache_reviews_the_changed_golden(tmp_path):
    """Round 25 (RC), end to end: a colour one step off, ``tools/review.py --no-open -k
    fig1_audit_hero -p no:xdist -p no:cacheprovider``: the changed golden is reviewed (its
    page written), never "nothing to review"."""
    from test_review_browser import EDITS, _env, _project

    root = _project(tmp_path / "project")
    figure, text, edited = EDITS[0]
    module = root / "figures" / "plots" / f"{figure}.py"
    module.write_text(module.read_text().replace(text, edited))
    ran = subprocess.run([sys.executable, "tools/review.py", "--no-open", "-k", figure,
                          "-p", "no:xdist", "-p", "no:cacheprovider", "-p", "no:randomly"],
                         cwd=root, env=_env(root), capture_output=True, text=True, check=False,
                         timeout=900)
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-3000:]
    assert "nothing to review" not in ran.stdout
    assert "review: 1 changed golden(s): " in ran.stdout, ran.stdout[-3000:]
    assert not (root / ".pytest_cache").exists()


@pytest.mark.slow  # figures paper compiles the paper
def test_paper_of_an_include_naming_our_figure_with_eps_says_to_drop_the_extension(tmp_path):
    """Round 25 (EP): ``\\includegraphics{figures/cifar_summary.eps}`` with her old EPS export
    there: `figures paper`'s problem line advised converting her old export (``epstopdf``)
    rather than including our figure by its name."""
    from helpers import figures_as_a_user, write_files

    write_files(tmp_path, {
        "EP/figures/cifar_summary.eps": ("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 60\n"
                                         "newpath 10 10 moveto 90 50 lineto stroke\nshowpage\n"),
        "EP/main.tex": ("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
                        "Hello. \\includegraphics[width=3in]{figures/cifar_summary.eps}\n"
                        "\\end{document}\n")})
    ran = figures_as_a_user(tmp_path, "paper", "EP", "--allow-synthetic", timeout=300)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    said = ran.stdout + ran.stderr
    assert "epstopdf" not in said
    assert ("problem: figures/cifar_summary.eps (main.tex:4): an EPS figure, printed as its "
            "file name: this compile runs no shell command, so pdflatex cannot convert it: the "
            "include names our cifar_summary with .eps: write {figures/cifar_summary} (without "
            "the extension) and sync copies ours") in said
