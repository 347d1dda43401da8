"""Round 47 (CLI): a file option given a folder's spelling (W2)."""

from __future__ import annotations

import pytest

from figures.cli import main as cli


@pytest.mark.parametrize(("command", "out"), [
    (["macros"], "paperdir/"), (["macros"], "sub/new/"), (["macros"], "m.tex/"),
    (["pack", "paper"], "paper.tar.gz/")])
def test_a_file_option_ending_in_a_slash_is_refused_in_one_line(tmp_path, monkeypatch, capsys,
                                                               command, out):
    """Round 47 (W2): ``figures macros --out paperdir/`` (tab completion's folder) wrote a
    file named ``paperdir``; ``sub/new/`` a file ``new`` in a new folder. A trailing slash
    names a folder: refused, one line, nothing written."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "paper").mkdir()
    with pytest.raises(SystemExit) as stopped:
        cli.main([*command, "--out", out])
    assert stopped.value.code == 2
    err = capsys.readouterr().err.splitlines()[-1]
    assert err.endswith(f"argument --out: {out} names a folder (its trailing /): give a file's "
                        "path in it"), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["paper"]


@pytest.mark.parametrize(("out", "last"), [("paperdir/.", "."), ("m.tex/.", "."),
                                           ("sub/..", "..")])
def test_a_file_option_ending_in_a_dot_part_is_refused_in_one_line(tmp_path, monkeypatch,
                                                                   capsys, out, last):
    """Round 48c (W1): W2's mend looked at the last character only: ``paperdir/.`` (a
    script's ``"$DIR/."``) still wrote a file named ``paperdir``, and ``sub/..`` made a
    folder ``sub`` before a bare "Device or resource busy". Refused as ``paperdir/`` is."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "paper").mkdir()
    with pytest.raises(SystemExit) as stopped:
        cli.main(["macros", "--out", out])
    assert stopped.value.code == 2
    err = capsys.readouterr().err.splitlines()[-1]
    assert err.endswith(f"argument --out: {out} names a folder (its last part is {last}): "
                        "give a file's path in it"), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["paper"]


@pytest.mark.parametrize("label", ["budget $5 run", "a \\$ and $x$ run"])
def test_a_label_with_one_dollar_builds_at_a_venue_as_by_default(tmp_path, label, capsys):
    """Round 47 (W6): a fig4 condition named ``budget $5 run`` (one dollar: text to
    matplotlib) built by default but failed at ``--venue icml``, told as an error of the
    author's code in figures/plots/_names.py with pyparsing's caret text: the venue layout
    measured it as mathtext. It is measured as matplotlib sets it."""
    import json
    import shutil

    from helpers import REPO

    figdata = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", figdata)
    path = figdata / "fig4_penalty_rescue.json"
    doc = json.loads(path.read_text())
    doc["data"]["panel_b"]["conditions"][1]["label"] = label
    path.write_text(json.dumps(doc))
    code = cli.main(["build", "--figdata", str(figdata), "--out", str(tmp_path / "out"),
                     "--venue", "icml", "--width", "3.25", "fig4_penalty_rescue"])
    said = capsys.readouterr()
    assert code == 0, said.out + said.err
    assert "Error" not in said.err


def test_extract_with_one_name_after_the_options_says_results_goes_with_it(capsys):
    """Round 47 (W11): ``figures extract RESULTS --figdata FD cifar_summary`` (one name) was
    told to "give every NAME together", which it was: RESULTS, before the option, is what
    stands apart from it. The line now says RESULTS and the NAMEs go together."""
    with pytest.raises(SystemExit) as stopped:
        cli.main(["extract", "res", "--figdata", "fd", "cifar_summary"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "figures extract: error: unrecognized argument 'cifar_summary': give RESULTS and every "
        "NAME together, before or after the options, not on both sides of one (figures extract "
        "--help lists them)")


def _extracted_warnings(tmp_path, capsys, name: str, change) -> list[str]:
    """The lines `figures extract` prints of figure ``name`` from a synthetic results tree
    after ``change(results)`` (an author's edit of it); the extract succeeds."""
    results = tmp_path / "results"
    assert cli.main(["synthesize", str(results), "--epochs", "3"]) == 0
    change(results)
    capsys.readouterr()
    assert cli.main(["extract", str(results), name, "--figdata", str(tmp_path / "figdata")]) == 0
    return capsys.readouterr().err.splitlines()


def test_a_cifar_run_of_a_fourth_seed_is_told_not_dropped_in_silence(tmp_path, capsys):
    """Round 47 (W34, round 47c): ``cifar10_seed789/`` beside the paper's three seeds (an
    author who ran one more) was read by no figure and named by none: every CIFAR mean and
    std left it out in silence. The extract now says so, naming the folder."""
    import shutil

    warned = _extracted_warnings(tmp_path, capsys, "cifar_summary", lambda results: (
        shutil.copytree(results / "cifar10_seed456", results / "cifar10_seed789")))
    assert ("warning: cifar_summary: cifar10_seed789/: a CIFAR run not among the paper's seeds "
            "(42, 123, 456): it is in no mean or std (move it out of the results folder, or add "
            "its seed to PAPER_SEEDS in figures/extract/results.py)") in warned, warned


def test_a_snapshot_log_copied_over_another_seeds_is_told(tmp_path, capsys):
    """Round 47 (W37, round 47c): ``snapshot_vit_s42.json`` copied over ``..._s456.json``
    was averaged as two seeds in silence (the std shrinks, the caption counts 3 seeds)."""
    import shutil

    warned = _extracted_warnings(tmp_path, capsys, "figure_snapshot_vit", lambda results: (
        shutil.copy(results / "snapshot_vit_v1" / "snapshot_vit_s42.json",
                    results / "snapshot_vit_v1" / "snapshot_vit_s456.json")))
    assert ("warning: figure_snapshot_vit: snapshot_vit_v1/snapshot_vit_s456.json: the same "
            "numbers as snapshot_vit_v1/snapshot_vit_s42.json, record for record: a copy is "
            "not another seed (the mean ± std counts that run twice); remove the copy"
            ) in warned, warned


def test_extract_into_a_new_folder_says_the_quoted_list_is_not_carried(tmp_path, capsys,
                                                                      monkeypatch):
    """Round 47 (W33, round 47c): extracting into a folder without the figure's file made
    one with no ``quoted`` list (it is not in the logs), so `figures macros` of it dropped
    eight of the paper's macros without a word."""
    import json

    from helpers import REPO

    results = tmp_path / "results"
    assert cli.main(["synthesize", str(results), "--epochs", "3"]) == 0
    monkeypatch.chdir(REPO)  # the repository's figdata/ is where the list is kept
    capsys.readouterr()
    fresh = tmp_path / "figdata"
    assert cli.main(["extract", str(results), "cifar_summary", "--figdata", str(fresh)]) == 0
    quoted = json.loads((REPO / "figdata" / "cifar_summary.json").read_text())["quoted"]
    assert (f"warning: cifar_summary: {fresh / 'cifar_summary.json'}: quoted: a new file: the "
            f"{len(quoted)} value(s) the paper quotes (not in the logs) are listed in "
            "figdata/cifar_summary.json, not here; copy its `quoted` list in, or `figures "
            "macros` of this folder leaves those macros undefined"
            ) in capsys.readouterr().err.splitlines()
    capsys.readouterr()
    assert cli.main(["extract", str(results), "cifar_summary", "--figdata", str(fresh)]) == 0
    assert "quoted" not in capsys.readouterr().err  # said once: the file is no longer new
