"""Round 52s: state one command (or a library call) leaves in the Python process, which a
later one in the same process read as its own (issue 45: the suite in one process, in random
orders; a test's SIGTERM made a later test's watch say it was terminated). Each test here is
two calls in sequence, the second's answer the one a fresh process gives."""

from __future__ import annotations

from helpers import run

from figures import author_code


def test_a_commands_figdata_is_no_input_of_a_later_call(figdata_dir, capsys):
    """L1: ``figures list --figdata A`` left A among the inputs a figure's code must not
    write (author_code's guard), for the rest of the process: a later call that runs a
    figure's code (a library build of other figdata, a notebook's) was refused for a file
    written in A, which is no input of it."""
    code, _, _ = run(capsys, "list", "--figdata", str(figdata_dir))
    assert code == 0
    with author_code.running("figures/plots/x.py", "render"):  # raised LeftBehind: "wrote
        (figdata_dir / "scratch.json").write_text("{}")  # .../figdata/scratch.json, an input"
