"""An author's own code is inside the fault boundary: whatever a figure module or the
registry does is one line at the author's file and line, and the other figures still build."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import REPO, copy_of, python_in, run_figures_in

from figures.registry import FIGURES

#: End-to-end: edits a copy of the project and runs the command line there.
pytestmark = pytest.mark.slow

BROKEN, OTHER = "cifar_summary", "cifar_feature_drift"
DRAW = "    fig = new_figure(figsize=(10, 6))\n"
AUTHORS = "(an error in the author's code; --debug shows the traceback)"


@pytest.fixture
def project(tmp_path):
    copy_of(tmp_path, "figures", "figdata")
    return tmp_path



def edit(root, old, new, name=BROKEN):
    module = root / "figures" / "plots" / f"{name}.py"
    text = module.read_text()
    assert old in text
    module.write_text(text.replace(old, new, 1))
    return text[: text.index(old)].count("\n") + 1  # the line the edit starts at


@pytest.mark.parametrize(("code", "message"), [
    ("    import sys\n    sys.exit(0)\n", "SystemExit(0): the figure's code called sys.exit()"),
    ("    import sys\n    sys.exit(3)\n", "SystemExit(3): the figure's code called sys.exit()"),
    ("    import sys\n    sys.exit('bye')\n",
     "SystemExit('bye'): the figure's code called sys.exit()"),
    ("    raise KeyboardInterrupt\n", "KeyboardInterrupt raised by the figure's code (not Ctrl-C)"),
    ("    raise ValueError('oops')\n", "ValueError: oops"),
])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_whatever_render_raises_is_its_figures_line_at_the_authors_line(project, code, message,
                                                                         jobs):
    line = edit(project, DRAW, code + DRAW)
    if "import sys" in code:
        line += 1
    status, out, err = run_figures_in(project, "build", BROKEN, OTHER, "--out", "out", "-j", jobs)
    assert status == 1
    assert err.splitlines() == [
        f"error: {BROKEN}: figures/plots/{BROKEN}.py, line {line}: {message}"
        + err.splitlines()[0].split(message, 1)[1],
        f"1 of 2 figure(s) failed: {BROKEN}"]
    assert err.splitlines()[0].endswith(AUTHORS)
    assert f"built {OTHER}" in out
    assert list(json.loads((project / "out" / ".build-state.json").read_text())) == [OTHER]


def test_an_import_error_of_a_figure_module_is_the_authors_line(project):
    module = project / "figures" / "plots" / f"{BROKEN}.py"
    lines = module.read_text().count("\n")
    module.write_text(module.read_text() + "1 / 0\n")
    status, out, err = run_figures_in(project, "build", BROKEN, OTHER, "--out", "out", "-j", "1")
    assert status == 1
    assert err.splitlines()[0] == (f"error: {BROKEN}: figures/plots/{BROKEN}.py, line "
                                   f"{lines + 1}: ZeroDivisionError: division by zero {AUTHORS}")
    assert f"built {OTHER}" in out


def test_a_render_that_returns_no_figure_says_so(project):
    edit(project, DRAW, "    return None\n" + DRAW)
    status, _, err = run_figures_in(project, "build", BROKEN, "--out", "out")
    assert status == 1
    assert err.splitlines()[0] == (
        f"error: {BROKEN}: figures/plots/{BROKEN}.py: render: returned NoneType, not a "
        "matplotlib Figure: end render() with `return fig`")


OS_EXIT = ("os._exit(0): the figure's code called os._exit(), which would end the whole "
           "command; a figure module returns a Figure or raises")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_os_exit_in_render_fails_only_its_figure_at_the_authors_line(project, jobs):
    """Hostile pass 4: with -j 1 (in the build's own process) os._exit(0) ended the build at
    once with status 0, nothing built and no state written."""
    line = edit(project, DRAW, "    import os\n    os._exit(0)\n" + DRAW) + 1
    status, out, err = run_figures_in(project, "build", BROKEN, OTHER, "--out", "out", "-j", jobs)
    assert status == 1
    assert err.splitlines() == [
        f"error: {BROKEN}: figures/plots/{BROKEN}.py, line {line}: {OS_EXIT} {AUTHORS}",
        f"1 of 2 figure(s) failed: {BROKEN}"]
    assert f"built {OTHER}" in out
    assert list(json.loads((project / "out" / ".build-state.json").read_text())) == [OTHER]


@pytest.mark.parametrize(("command", "after"), [
    (["status"], ""), (["list", "--values"], "; its values are not listed"),
    (["macros", "--out", "m.tex"], "; its macros are left out of m.tex"),
    (["check", BROKEN, OTHER, "--venue", "icml"], ""),
])
@pytest.mark.parametrize("exit_call", ["os._exit(0)", "sys.exit(0)"])
def test_an_exit_at_import_is_that_figures_line_in_every_command(project, command, after,
                                                                 exit_call):
    """Hostile pass 4: os._exit(0) in a module's import cut `status`, `list --values`,
    `macros` and `check` short with status 0 (sys.exit(0) did so in `status`)."""
    module = project / "figures" / "plots" / f"{BROKEN}.py"
    line = module.read_text().count("\n") + 1
    module.write_text(module.read_text() + f"import os, sys; {exit_call}\n")
    status, out, err = run_figures_in(project, *command)
    assert status == 1
    what = OS_EXIT if exit_call.startswith("os") else "SystemExit(0): the figure's code called"
    shown = f"figures/plots/{BROKEN}.py, line {line}: {what}"
    assert shown in out + err
    if after:
        assert f"{AUTHORS}{after}" in err
    if command[0] == "status":  # its own row (not the last one: figures may follow it)
        row = next(row for row in out.splitlines() if row.startswith(f"{BROKEN} "))
        assert row.startswith(f"{BROKEN:24s} error ")


def test_a_print_in_a_figure_module_goes_to_stderr_not_into_the_macros(project):
    edit(project, "SCHEMA = Record(", "print('hello from the module')\nSCHEMA = Record(")
    status, out, err = run_figures_in(project, "macros")
    assert status == 0
    assert out.startswith("% Generated by `figures macros`")
    assert "hello" not in out
    assert "hello from the module" in err


@pytest.mark.parametrize(("old", "new", "message"), [
    ("@themed(DEFAULT_RC)\n", "", ("render: has no theme: decorate it with @themed(DEFAULT_RC) "
     "from figures/style.py (the build saves inside the same theme)")),
    ("SCHEMA = Record(", "render = 5\nSCHEMA = Record(",
     "render: is int, not a function: define def render(data) -> Figure"),
    ("SCHEMA = Record(", "SCHEMA = dict(", ("SCHEMA: is dict, not a schema: build it from "
     "figures/data/schema/ (Record({...}), ListOf(...), Number(...))")),
    ("    fig.tight_layout()\n    return fig", "    fig.set_size_inches(1920, 1080)\n    return fig",
     ("render: returned a figure of 1920 x 1080 in, more than 60 in a side: figsize is in "
     "inches, e.g. figsize=(10, 6), not pixels")),
])
def test_a_module_whose_render_cannot_be_drawn_says_what_to_change(project, old, new, message):
    """Hostile pass 4: no theme or no function was an internal error; a figure sized in
    pixels asked for gigabytes."""
    edit(project, old, new)
    status, out, err = run_figures_in(project, "build", BROKEN, OTHER, "--out", "out", "-j", "1")
    assert status == 1
    assert err.splitlines()[0] == f"error: {BROKEN}: figures/plots/{BROKEN}.py: {message}"
    assert f"built {OTHER}" in out


@pytest.mark.parametrize("command", [["build", "--out", "out"], ["check", "--venue", "icml"]])
def test_mathtext_set_in_the_code_is_the_authors_error_not_an_internal_one(project, command):
    """The data's texts are checked before drawing; a bad one in the code failed only at
    save, outside the author's code: an internal error."""
    hero = "fig1_audit_hero"
    edit(project, '"(A) Standard reporting pair"', r'"(A) $\\frac{x$ pair"', name=hero)
    status, _, err = run_figures_in(project, command[0], hero, *command[1:])
    assert status == 1
    assert err.splitlines()[0].startswith(
        f"error: {hero}: figures/plots/{hero}.py: render: a text it draws is not valid mathtext "
        "(\\frac{x ^ ParseSyntaxException")
    assert err.splitlines()[0].endswith("fix the string in the code (a literal dollar is \\$)")


@pytest.mark.parametrize("code", ["    import sys\n    sys.exit(0)\n",
                                  "    raise KeyboardInterrupt\n",
                                  "    return None\n"])
def test_sys_exit_in_render_is_one_line_in_check_too(project, code):
    edit(project, DRAW, code + DRAW)
    status, out, err = run_figures_in(project, "check", BROKEN, "--venue", "icml")
    assert status == 1
    assert out == ""  # no table of nothing beside the error
    assert err.splitlines()[0].startswith(f"error: {BROKEN}: figures/plots/{BROKEN}.py")
    assert "internal error" not in err
    assert err.splitlines()[-1] == f"1 of 1 figure(s) failed: {BROKEN}"


def test_a_module_without_schema_is_refused(project):
    edit(project, "SCHEMA = Record(", "NOT_THE_SCHEMA = Record(")
    status, _, err = run_figures_in(project, "build", BROKEN, "--out", "out")
    assert status == 1
    assert err.splitlines()[0] == (
        f"error: {BROKEN}: figures/plots/{BROKEN}.py: SCHEMA: missing: every figure module "
        "defines SCHEMA, the shape of its data (figures/data/schema/)")


@pytest.mark.parametrize(("tail", "message"), [
    ("FIGURES = (\n", "SyntaxError: '(' was never closed"),
    ("x = undefined_name\n", f"NameError: name 'undefined_name' is not defined {AUTHORS}"),
])
@pytest.mark.parametrize("command", [["list"], ["build", "--out", "out"], ["status"]])
def test_a_broken_registry_is_one_line_with_its_file_and_line_for_every_command(
        project, tail, message, command):
    registry = project / "figures" / "registry.py"
    line = registry.read_text().count("\n") + 1
    registry.write_text(registry.read_text() + tail)
    status, out, err = run_figures_in(project, *command)
    assert (status, out) == (1, "")
    assert err == f"error: figures/registry.py, line {line}: {message}\n"


def test_a_figure_module_that_does_not_import_leaves_out_only_its_macros(project):
    module = project / "figures" / "plots" / f"{BROKEN}.py"
    lines = module.read_text().count("\n")
    module.write_text(module.read_text() + "1 / 0\n")
    status, _out, err = run_figures_in(project, "macros", "--out", "macros.tex")
    assert status == 1
    assert err.splitlines()[0] == (f"error: {BROKEN}: figures/plots/{BROKEN}.py, line "
                                   f"{lines + 1}: ZeroDivisionError: division by zero {AUTHORS}"
                                   "; its macros are left out of macros.tex")
    text = (project / "macros.tex").read_text()
    assert "\\newcommand{\\heroAccBP}" in text
    assert "\\cifarAccBPMean" not in text


SUMMARY_ENTRY = 'FigureSpec("cifar_summary", (Output("png", 150, None),), _SEED_004)'
#: Where a second entry put right after cifar_summary's stands (not its last entry's index:
#: an author may have added figures after it).
AFTER_SUMMARY = [spec.name for spec in FIGURES].index("cifar_summary") + 1


@pytest.mark.parametrize(("entry", "message"), [
    (f'{SUMMARY_ENTRY},\n    FigureSpec("cifar_summary", (Output("pdf", 150),))',
     f"FIGURES[{AFTER_SUMMARY}]: cifar_summary is registered twice: each figure once"),
    (f'{SUMMARY_ENTRY},\n    FigureSpec("CIFAR_summary", (Output("pdf", 150),))',
     f"FIGURES[{AFTER_SUMMARY}]: CIFAR_summary is registered twice (as cifar_summary too"),
    ('FigureSpec("cifar_summary", (Output("jpg", 150),))',
     "Output: format 'jpg': the build writes pdf or png (lower case)"),
    ('FigureSpec("cifar_summary", (Output("png", 0),))',
     "Output: dpi 0: expected a whole number of dots per inch in [20, 1200]"),
    ('FigureSpec("cifar_summary", (Output("png", "150"),))',
     "Output: dpi '150': expected a whole number"),
    ('FigureSpec("cifar_summary", (Output("png", 100_000),))',
     "Output: dpi 100000: expected a whole number"),
    ('FigureSpec("cifar_summary", (Output("png", 150, "loose"),))',
     "Output: bbox_inches 'loose': expected \"tight\" (the default) or None"),
    ('FigureSpec("cifar_summary", Output("png", 150))',
     "cifar_summary: outputs: expected a tuple of Output: write (Output(...),) with the comma"),
    ('FigureSpec("cifar_summary", ())', "cifar_summary: outputs: expected a tuple of one or more"),
    ('FigureSpec("cifar_summary", (Output("png", 150), Output("png", 300)))',
     "cifar_summary: outputs: png, png: one Output per format"),
    ('FigureSpec("../cifar_summary", (Output("png", 150),))',
     "FigureSpec: name '../cifar_summary' is not a Python identifier"),
    ('FigureSpec("cifar_summary", (Output("png", 150),), seed_script=5)',
     "cifar_summary: seed_script: 5: expected the file name of the paper's script, or None"),
])
@pytest.mark.parametrize("command", [["list"], ["build", "--out", "out"]])
def test_a_bad_registry_entry_is_one_line_at_its_line_for_every_command(
        project, entry, message, command):
    """Hostile pass 4: a duplicate name silently kept the last entry; a bad format, dpi or
    outputs was an internal error (KeyError: 'jpg') at build time, in that figure only."""
    registry = project / "figures" / "registry.py"
    text = registry.read_text()
    line = text[:text.index(SUMMARY_ENTRY)].count("\n") + 1
    registry.write_text(text.replace(SUMMARY_ENTRY, entry))
    if "registered twice" in message:
        line += 1
    status, out, err = run_figures_in(project, *command)
    assert (status, out) == (1, "")
    assert err.startswith(f"error: figures/registry.py, line {line}: {message}")
    assert len(err.splitlines()) == 1


def test_an_entry_that_is_no_figure_spec_and_any_error_in_the_registry_are_one_line(project):
    registry = project / "figures" / "registry.py"
    text = registry.read_text()
    registry.write_text(text.replace(SUMMARY_ENTRY, f'{SUMMARY_ENTRY},\n    "fig9"'))
    status, _, err = run_figures_in(project, "list")
    assert (status, err) == (1, (f"error: figures/registry.py: FIGURES[{AFTER_SUMMARY}]: str, "
                                "not a FigureSpec(name, outputs, ...)\n"))
    registry.write_text(text + "RATIO = 1 / 0\n")
    status, _, err = run_figures_in(project, "list")
    line = text.count("\n") + 1
    assert (status, err) == (1, (f"error: figures/registry.py, line {line}: ZeroDivisionError: "
                                f"division by zero {AUTHORS}\n"))


def test_a_figure_too_large_for_its_raster_dpi_is_refused_before_it_is_drawn(project):
    hero = "fig1_audit_hero"
    edit(project, "    return fig\n", "    fig.set_size_inches(59, 58)\n    return fig\n", name=hero)
    status, _, err = run_figures_in(project, "build", hero, "--out", "out", "-j", "1")
    assert status == 1
    assert err.splitlines()[0] == (
        f"error: {hero}: figures/plots/{hero}.py: render: a figure of 59 x 58 in at 200 dpi is "
        "11800 x 11600 px, more than 134 megapixels: make it smaller or lower its Output's dpi "
        "in figures/registry.py")
    assert not (project / "out" / f"{hero}.pdf").exists()


def test_what_extract_warns_is_one_line_and_what_it_prints_goes_to_stderr(project, tmp_path):
    """Hostile pass 4: an `extract` that warns let Python's two-line warning through."""
    edit(project, "    runs = load_runs(tree)",
         "    import warnings\n    warnings.warn('odd seed')\n    print('reading')\n"
         "    runs = load_runs(tree)")
    results = tmp_path / "results"
    assert run_figures_in(project, "synthesize", str(results))[0] == 0
    status, out, err = run_figures_in(project, "extract", str(results), BROKEN, "--figdata", "fd")
    assert status == 0
    assert out == f"extracted {BROKEN} -> fd/{BROKEN}.json (synthetic-example)\n"
    # fd/ is a new figdata folder: that its file lists no quoted values is said too (W33)
    assert [line for line in err.splitlines() if ": quoted: a new file" not in line] == [
        "reading", f"warning: {BROKEN}: odd seed"]


@pytest.mark.parametrize("command", [["macros", "--out", "m.tex"], ["status"],
                                     ["build", BROKEN, "--out", "out", "-j", "1"]])
def test_a_warning_at_a_modules_import_is_one_line(project, command):
    """Hostile pass 4: Python's two-line warning (file, line and source) in every command."""
    line = edit(project, "SCHEMA = Record(", "import warnings\nwarnings.warn('deprecated "
                "option')\nSCHEMA = Record(") + 1
    _, _, err = run_figures_in(project, *command)
    assert err.splitlines()[0] == (f"warning: {BROKEN}: figures/plots/{BROKEN}.py, line {line}: "
                                   "deprecated option")
    assert "UserWarning" not in err


@pytest.mark.parametrize(("code", "message"), [
    ("    class Quit(BaseException):\n        pass\n    raise Quit('bye')\n", "Quit: bye"),
    ("    raise GeneratorExit\n", "GeneratorExit"),
    (("    class Odd(Exception):\n        def __str__(self):\n            raise RuntimeError\n"
     "    raise Odd\n"), "Odd: <a Odd whose message cannot be shown>"),
])
@pytest.mark.parametrize("command", [["build", "--out", "out", "-j", "1"],
                                     ["build", "--out", "out", "-j", "2"],
                                     ["check", "--venue", "icml"]])
def test_any_base_exception_of_the_figure_is_its_line(project, code, message, command):
    """Hostile (issue 32): a BaseException of the author's own, GeneratorExit, or an exception
    whose str() raises printed a traceback or stopped the command; now each is the figure's
    line and the other figure is still handled."""
    edit(project, DRAW, code + DRAW)
    status, out, err = run_figures_in(project, command[0], BROKEN, OTHER, *command[1:])
    assert status == 1
    assert "Traceback" not in err
    (line,) = [line for line in (out + err).splitlines() if message in line]
    assert f"figures/plots/{BROKEN}.py" in line
    assert OTHER in out


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_render_that_changes_the_working_folder_and_the_interpreter_moves_nothing(project,
                                                                                  jobs):
    """Hostile pass 5: os.chdir() in a render sent the outputs and .build-state.json into
    another folder; a lowered recursion limit in one figure broke the next one."""
    elsewhere = project / "elsewhere"
    elsewhere.mkdir()
    # at the end of its render: its own drawing is done, the saving and the next figure's
    # drawing come after
    edit(project, "    return fig\n", f"    import os, sys\n    os.chdir({str(elsewhere)!r})\n"
         "    sys.setrecursionlimit(60)\n    return fig\n")
    # OTHER draws after BROKEN in the same process with -j 1
    status, out, err = run_figures_in(project, "build", BROKEN, OTHER, "--out", "out", "-j", jobs)
    assert status == 0, err
    assert f"built {BROKEN}" in out
    assert f"built {OTHER}" in out
    assert sorted(json.loads((project / "out" / ".build-state.json").read_text())) == sorted(
        [BROKEN, OTHER])
    assert list(elsewhere.iterdir()) == []


#: A render that leaves a thread (never ending, not a daemon) and a process (holding the
#: command's standard output open) behind.
LEAVES_RUNNING = ("    import subprocess, threading, time\n"
                  "    threading.Thread(target=time.sleep, args=(10**6,), name='spin').start()\n"
                  "    subprocess.Popen(['sleep', '987654'])\n")


def _sleeping_processes() -> list[str]:
    """The processes still running the render's ``sleep 987654``."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if cmdline.read_bytes() == b"sleep\x00987654\x00":
                found.append(cmdline.parent.name)
        except OSError:
            continue
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="child processes from /proc")
@pytest.mark.parametrize("command", [["build", "--out", "out", "-j", "1"],
                                     ["build", "--out", "out", "-j", "2"],
                                     ["check", "--venue", "icml"]],
                         ids=["build-j1", "build-j2", "check"])
def test_a_render_that_leaves_a_thread_and_a_process_running_cannot_hang_the_command(
        project, command):
    """Hostile pass 5: a non-daemon thread left by a render hung `build` (-j 1 too) and
    `check` after its report, forever. Now the command ends (a hang is the helper's
    timeout), the figure's line names what it left, and the process it started is ended."""
    edit(project, DRAW, LEAVES_RUNNING + DRAW)
    status, out, err = run_figures_in(project, command[0], BROKEN, OTHER, *command[1:],
                                      timeout=90)
    assert status == 1
    assert "Traceback" not in err
    (line,) = [line for line in err.splitlines() if "left thread" in line]
    assert line.startswith(f"error: {BROKEN}: figures/plots/{BROKEN}.py: render: ")
    assert "'spin'" in line
    assert "(sleep)" in line
    assert OTHER in out
    assert _sleeping_processes() == []


def test_sigterm_still_stops_a_build_whose_figure_left_a_thread(project):
    """The thread left running does not swallow SIGTERM: the build stops with 143."""
    edit(project, DRAW, LEAVES_RUNNING.replace("    subprocess.Popen(['sleep', '987654'])\n", "")
         + "    open('ready', 'w').close()\n    time.sleep(60)\n" + DRAW)
    command, env = python_in(project)
    proc = subprocess.Popen([*command, "-m", "figures", "build", BROKEN, "--out", "out",
                             "-j", "1"], cwd=project, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(600):
            if (project / "ready").exists() or proc.poll() is not None:
                break
            time.sleep(0.1)
        assert (project / "ready").exists()
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 143
    assert err.splitlines()[-1].startswith("terminated: none of the 1 figure(s) built")


@pytest.mark.parametrize("written", ["baseline/fig1_audit_hero.png",
                                     "figdata/fig1_audit_hero.json", "figures/plots/notes.py"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_render_that_writes_into_the_inputs_fails_naming_the_file(project, written, jobs):
    """Hostile pass 5: a render that wrote over baseline/fig1_audit_hero.png (the golden
    image) built with exit 0. Now it is the figure's line naming the file (the golden images,
    the figdata folder, the package); under -j 2 the figure drawn at the same time in the
    other worker is not blamed."""
    shutil.copy(REPO / "pyproject.toml", project)  # a source checkout: baseline/ is an input
    (project / "baseline").mkdir()
    shutil.copy(REPO / "baseline" / "fig1_audit_hero.png", project / "baseline")
    edit(project, DRAW, "    from pathlib import Path\n"
         f"    Path(__file__).parents[2].joinpath({written!r}).write_bytes(b'')\n" + DRAW)
    status, out, err = run_figures_in(project, "build", BROKEN, OTHER, "--out", "out",
                                      "-j", jobs)
    assert status == 1, err
    assert err.splitlines()[0].startswith(f"error: {BROKEN}: figures/plots/{BROKEN}.py: render: "
                                          f"wrote {written}, ")
    assert err.splitlines()[1:] == [f"1 of 2 figure(s) failed: {BROKEN}"]
    assert f"built {OTHER}" in out
    assert (project / written).read_bytes() == b""


@pytest.mark.parametrize("code", [
    # an exception class of the module itself, holding a lock (which does not pickle)
    ("    import threading\n    class Held(Exception):\n        pass\n"
     "    raise Held(threading.Lock())\n"),
    # one whose pickling itself raises
    ("    class NoPickle(Exception):\n        def __reduce__(self):\n"
     "            raise TypeError('no pickling')\n    raise NoPickle('drawn badly')\n"),
], ids=["holds-a-lock", "reduce-raises"])
def test_an_exception_that_cannot_be_pickled_is_its_figures_line_under_j2(project, code):
    """Hostile pass 5: an unpicklable exception from a render under -j 2 is that figure's one
    line (the worker sends the line, not the exception), and the other figure builds."""
    edit(project, DRAW, code + DRAW)
    status, out, err = run_figures_in(project, "build", BROKEN, OTHER, "--out", "out", "-j", "2")
    assert status == 1
    assert "Traceback" not in err
    assert err.splitlines()[0].startswith(f"error: {BROKEN}: figures/plots/{BROKEN}.py, line ")
    assert err.splitlines()[1:] == [f"1 of 2 figure(s) failed: {BROKEN}"]
    assert f"built {OTHER}" in out


@pytest.mark.parametrize("command", [["build", "--out", "out"], ["list"], ["status"],
                                     ["check", "--venue", "icml"], ["watch", "--out", "out"],
                                     ["macros"], ["new", "fig9_new"]],
                         ids=lambda command: command[0])
def test_a_registry_renamed_away_is_one_line_for_every_command(project, command):
    """Hostile pass 5: `figures/registry.py` renamed away printed a traceback in every
    command. Now: one line naming it and what to do."""
    (project / "figures" / "registry.py").rename(project / "figures" / "registry.py.old")
    status, out, err = run_figures_in(project, *command, only_the_copy=True)
    assert status == 1
    assert out == ""
    (line,) = err.splitlines()
    assert line.startswith("error: ")
    assert line.endswith("figures/registry.py: not found; it lists every figure: restore it "
                         "(`git checkout -- figures/registry.py`, or rename it back)")


def test_a_lowered_recursion_limit_in_one_figure_does_not_break_the_next(project):
    """Hostile pass 5: a figure that lowered the recursion limit broke the figure drawn after
    it in the same process (-j 1), which got the blame. OTHER is drawn first here."""
    # a little above the depth it runs at: the saving and the next drawing go deeper
    edit(project, "    return fig\n", "    import inspect, sys\n"
         "    sys.setrecursionlimit(len(inspect.stack()) + 20)\n    return fig\n", name=OTHER)
    status, out, err = run_figures_in(project, "build", OTHER, BROKEN, "--out", "out", "-j", "1")
    assert status == 0, err
    assert f"built {OTHER}" in out
    assert f"built {BROKEN}" in out


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_render_closing_stdout_is_its_line_without_interpreter_noise(project, jobs):
    edit(project, DRAW, "    import sys\n    sys.stdout.close()\n" + DRAW)
    status, out, err = run_figures_in(project, "build", BROKEN, OTHER, "--out", "out", "-j", jobs)
    assert status == 0, err
    assert f"built {OTHER}" in out
    assert "Exception ignored" not in err, err
    assert "Traceback" not in err, err
    assert all(line.startswith(("error: ", "warning: ", "1 of 2")) for line in err.splitlines()), err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the watch's fork server")
def test_a_watch_rebuild_whose_figure_left_a_thread_ends_without_waiting_for_it(project):
    """The watch's rebuild process ends once it has reported, as the command does: its
    exit waited for the thread a render left, and the watch for it (5 s, then SIGKILL)."""
    edit(project, DRAW, LEAVES_RUNNING.replace("    subprocess.Popen(['sleep', '987654'])\n",
                                               "") + DRAW)
    script = ("import time\nfrom figures.watch.rebuilds import Rebuild\n"
              f"rebuild = Rebuild([{BROKEN!r}], 'figdata', 'out', 1)\n"
              "(message, *_), = rebuild.messages(120)[-1:]\n"
              "start = time.monotonic()\nrebuild.stop()\n"
              "print(message, rebuild.process.exitcode, time.monotonic() - start)\n")
    command, env = python_in(project)
    ran = subprocess.run([*command, "-c", script], cwd=project, env=env, capture_output=True,
                         text=True, timeout=180, check=False)
    message, exitcode, seconds = ran.stdout.split()
    assert (message, exitcode) == ("outcomes", "0"), ran.stderr
    assert float(seconds) < 2
