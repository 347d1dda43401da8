"""Round 49 (data and CLI, round 49c): one bounded reader of figdata (W18), a std of one run
(W24), the nudging step's value (W17)."""

from __future__ import annotations

import json
import shutil

import pytest

from figures.cli import main as cli


def _sparse(path, size):
    path.unlink(missing_ok=True)
    with path.open("wb") as handle:
        handle.truncate(size)  # sparse: no byte written


def test_build_refuses_a_figdata_file_over_the_limit_unread(tmp_path, monkeypatch, capsys):
    """Round 49 (W18): ``figures build`` read a 1.5 GiB figdata file whole (3.2 GB resident)
    and called it "malformed JSON at line 1 column 1", where list, status and macros refused
    it unread: every command reads figdata through the one bounded reader."""
    from helpers import REPO

    from figures.data import jsonio

    monkeypatch.setattr(jsonio, "JSON_LIMIT", 1 << 20)
    figdata = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", figdata)
    _sparse(figdata / "cifar_summary.json", 3 << 20)
    code = cli.main(["build", "--figdata", str(figdata), "--out", str(tmp_path / "out"),
                     "cifar_summary"])
    err = capsys.readouterr().err
    assert code == 1, err
    assert (f"{figdata / 'cifar_summary.json'}: is 3 MiB, more than a JSON file here holds "
            "(1 MiB at most): is it the right file?") in err, err
    assert "malformed JSON" not in err


def _one_seed(tmp_path):
    from helpers import REPO

    figdata = tmp_path / "figdata"
    shutil.copytree(REPO / "figdata", figdata)
    path = figdata / "cifar_summary.json"
    doc = json.loads(path.read_text())
    doc["data"]["seeds"] = [42]
    for method, values in doc["data"]["final_test_acc"].items():
        doc["data"]["final_test_acc"][method] = values[:1]
    path.write_text(json.dumps(doc))
    return figdata


def test_macros_refuse_a_std_of_one_run(tmp_path, capsys):
    """Round 49 (W24): with one seed extracted, the figure says "one run, no error bar" while
    ``figures macros`` gave ``\\cifarAccBPStd`` as 0.0\\% "as the figure's error bars": a std
    of one run is refused in one line naming the entry, the figure's values left out."""
    figdata = _one_seed(tmp_path)
    out = tmp_path / "macros.tex"
    code = cli.main(["macros", "--figdata", str(figdata), "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 1, err
    assert (f"error: cifar_summary: {figdata / 'cifar_summary.json'}: quoted[1].aggregate: "
            "\\cifarAccBPStd is the std of data.final_test_acc.bp, which holds one run: one "
            "run has no spread to quote (the figure draws no error bar); remove this entry "
            "(and the macro from the paper) until more runs are extracted") in err, err
    assert "cifarAccBPStd}" not in out.read_text()
    # the figure itself builds, saying "one run"
    assert cli.main(["build", "--figdata", str(figdata), "--out", str(tmp_path / "out"),
                     "cifar_summary"]) == 0


@pytest.mark.parametrize("eta", ["0", "0.000", ".0e5", "1e-400", "1e308", "٠.٠١", "1\u0663"])
def test_the_nudging_step_is_a_positive_number_in_ascii_digits(tmp_path, eta):
    """Round 49 (W17): ``nudging_eta`` "0" (and "1e-400", 0 as a float) passed the "positive
    number" rule, the caption saying "nudging test at η=0", and Arabic-Indic digits were
    printed as they were: the value is checked (not 0, an exponent of two digits at most),
    in ASCII digits."""
    from helpers import REPO

    from figures.errors import FigureDataError
    from figures.registry import BY_NAME

    doc = json.loads((REPO / "figdata" / "cifar_diagnostics.json").read_text())
    doc["data"]["nudging_eta"] = eta
    (tmp_path / "cifar_diagnostics.json").write_text(json.dumps(doc))
    with pytest.raises(FigureDataError) as raised:
        BY_NAME["cifar_diagnostics"].load_figdata(tmp_path)
    assert str(raised.value).endswith(
        f"data.nudging_eta: is {eta!r}, expected a positive number in quotes, as the logs key "
        'it ("0.01"): ASCII digits, not 0, an exponent of two digits at most'), raised.value


@pytest.mark.parametrize("eta", ["0.01", "1e-2", "0.010", "5E-03", ".5", "2", "1.5e+1"])
def test_a_positive_nudging_step_is_taken(tmp_path, eta):
    """Round 49 (W17): the steps the logs key (and their other spellings) still pass."""
    from helpers import REPO

    from figures.registry import BY_NAME

    doc = json.loads((REPO / "figdata" / "cifar_diagnostics.json").read_text())
    doc["data"]["nudging_eta"] = eta
    (tmp_path / "cifar_diagnostics.json").write_text(json.dumps(doc))
    assert BY_NAME["cifar_diagnostics"].load_figdata(tmp_path)["data"]["nudging_eta"] == eta
