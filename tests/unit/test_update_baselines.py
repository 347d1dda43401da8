"""tools/update_baselines.py's refusals (issue 45's unclear cases)."""

from __future__ import annotations

import pytest
from helpers import REPO, tool


def _tool():
    return tool("update_baselines", "update_baselines")


def _tool_running_no_pytest(monkeypatch):
    """The tool, its pytest run (``subprocess.run``) failing the test: it must refuse first."""
    tool = _tool()
    monkeypatch.setattr(tool.subprocess, "run", lambda *a, **k: (_ for _ in ()).throw(
        AssertionError("pytest ran")))
    return tool


def test_vector_only_left_set_is_one_line_and_nothing_is_written(monkeypatch, capsys):
    """FIGURES_GOLDEN_VECTOR_ONLY=1 left set: no image was drawn, and every PNG golden was
    listed as "no fixture (remove them)", exit 0. Now one line, exit 2, before any pytest."""
    tool = _tool_running_no_pytest(monkeypatch)
    monkeypatch.setenv("FIGURES_GOLDEN_VECTOR_ONLY", "1")
    assert tool.main([]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == ("update_baselines: FIGURES_GOLDEN_VECTOR_ONLY is set (left from `nox -s "
                   "mutants -- --judge vector`?): with it no image is drawn; unset it and run "
                   "again\n")


def test_a_golden_named_is_its_test_and_an_option_s_value_is_not(monkeypatch):
    """``nox -s baselines -- NAME``: each golden by its file name, default or venue layout."""
    tool = _tool()
    names, args = tool._names(["fig1_audit_hero", "-k", "cifar_summary",
                               "venue-icml--fig1_audit_hero--4.125", "-x"])
    assert names == ["fig1_audit_hero", "venue-icml--fig1_audit_hero--4.125"]
    assert args == ["-k", "cifar_summary", "-x",
                    "tests/golden/test_images.py::test_figure_matches_baseline[fig1_audit_hero]",
                    ("tests/golden/test_venue_images.py::test_venue_layout_matches_baseline"
                     "[icml--fig1_audit_hero--4.125]")]
    assert tool._names(["-x", "tests/golden/test_images.py"]) == (
        [], ["-x", "tests/golden/test_images.py"])


def test_writing_one_golden_writes_its_two_files_where_they_differ(monkeypatch, tmp_path):
    tool = _tool()
    monkeypatch.setattr(tool, "BASELINE", tmp_path / "baseline")
    made = tmp_path / "made"
    made.mkdir()
    for name in ("fig1_audit_hero", "venue-icml--fig1_audit_hero"):
        for suffix in (".png", ".vector.txt.gz"):
            folder = tmp_path / "baseline" / ("venues" if name.startswith("venue-") else "")
            folder.mkdir(parents=True, exist_ok=True)
            source = REPO / "baseline" / folder.relative_to(tmp_path / "baseline") / f"{name}{suffix}"
            (made / source.name).write_bytes(source.read_bytes())
    (tmp_path / "baseline" / "fig1_audit_hero.png").write_bytes(
        (REPO / "baseline" / "fig1_audit_hero.png").read_bytes())  # already equal: kept
    assert tool.write_golden(made, "fig1_audit_hero") == ["fig1_audit_hero.vector.txt.gz"]
    assert tool.write_golden(made, "venue-icml--fig1_audit_hero") == [
        "venues/venue-icml--fig1_audit_hero.png", "venues/venue-icml--fig1_audit_hero.vector.txt.gz"]
    assert sorted(p.name for p in (tmp_path / "baseline").rglob("*.*")) == [
        "fig1_audit_hero.png", "fig1_audit_hero.vector.txt.gz",
        "venue-icml--fig1_audit_hero.png", "venue-icml--fig1_audit_hero.vector.txt.gz"]
    assert tool.write_golden(made, "fig1_audit_hero") == []


def test_an_option_choosing_where_or_whether_goldens_render_is_one_line(monkeypatch, capsys):
    """Round 11: ``--mpl-generate-path=DIR NAME`` wrote the images into DIR and then said "no
    image rendered; nothing written"; ``-p no:mpl`` said pytest did not know the tool's own
    ``--mpl-generate-path=/tmp/...``. Now one line naming the option, before any pytest."""
    tool = _tool_running_no_pytest(monkeypatch)
    for argv, shown in ((["--mpl-generate-path=/tmp/x", "cifar_summary"],
                         "--mpl-generate-path=/tmp/x"),
                        (["cifar_summary", "-p", "no:mpl"], "-p no:mpl")):
        assert tool.main(argv) == 2
        assert capsys.readouterr().err == (
            f"update_baselines: {shown}: this tool renders the goldens itself (pytest-mpl into "
            "a folder of its own, then baseline/); run without that option\n")


def test_a_built_file_or_an_output_name_is_its_figures_golden():
    """Round 13: ``build/figures/cifar_summary.png`` (a built file) and ``fig1_audit_hero.pdf``
    (a figure's output) went to pytest as paths: "no match" / "file or directory not found",
    then "pytest exited 4; nothing written"."""
    tool = _tool()
    assert tool._names(["build/figures/cifar_summary.png", "fig1_audit_hero.pdf", "-x"]) == (
        ["cifar_summary", "fig1_audit_hero"],
        ["-x", "tests/golden/test_images.py::test_figure_matches_baseline[cifar_summary]",
         "tests/golden/test_images.py::test_figure_matches_baseline[fig1_audit_hero]"])


def test_a_file_or_word_naming_no_golden_is_one_line_naming_the_names(monkeypatch, capsys):
    """A venue's build (``build/icml/w3.25/...``), an image of no figure, a misspelt NAME:
    one line each naming what the tool takes, exit 2, before any pytest."""
    tool = _tool_running_no_pytest(monkeypatch)
    assert tool.main(["build/icml/w3.25/cifar_summary.pdf"]) == 2
    assert capsys.readouterr().err == (
        "update_baselines: build/icml/w3.25/cifar_summary.pdf: a venue's build of "
        "cifar_summary: name its golden (venue-icml--cifar_summary, "
        "venue-icml--cifar_summary--1.9, venue-icml--cifar_summary--4.125)\n")
    for given, said in (("nosuch.png", "no golden named nosuch"),
                        ("cifar_sumary", "no golden of that name")):  # named once (round 37)
        assert tool.main([given]) == 2
        assert capsys.readouterr().err == (
            f"update_baselines: {given}: {said}: a NAME is a golden's file "
            "name without .png (`ls baseline/ baseline/venues/`), such as cifar_summary or "
            "venue-icml--cifar_accuracy--column\n")


def test_a_damaged_golden_is_written_anew_not_a_traceback(monkeypatch, tmp_path):
    """The tool that mends a golden stopped with a traceback on the damaged one (round 14):
    ``gzip.BadGzipFile`` for a vector golden that is not gzip, ``OSError: image file is
    truncated`` for a cut PNG. A golden that cannot be read differs: it is written."""
    tool = _tool()
    monkeypatch.setattr(tool, "BASELINE", tmp_path / "baseline")
    made = tmp_path / "made"
    made.mkdir()
    (tmp_path / "baseline").mkdir()
    for suffix in (".png", ".vector.txt.gz"):
        good = (REPO / "baseline" / f"cifar_summary{suffix}").read_bytes()
        (made / f"cifar_summary{suffix}").write_bytes(good)
        (tmp_path / "baseline" / f"cifar_summary{suffix}").write_bytes(good[:2000])
    assert tool.write_golden(made, "cifar_summary") == ["cifar_summary.png",
                                                        "cifar_summary.vector.txt.gz"]
    (tmp_path / "baseline" / "cifar_summary.vector.txt.gz").write_bytes(b"no gzip")
    assert tool.copy_changed(made, tmp_path / "baseline") == ["cifar_summary.vector.txt.gz"]
    assert (tmp_path / "baseline" / "cifar_summary.vector.txt.gz").read_bytes() == (
        made / "cifar_summary.vector.txt.gz").read_bytes()


def test_a_golden_that_is_a_link_is_replaced_never_written_through(monkeypatch, tmp_path):
    """Round 15: ``baseline/cifar_summary.png`` a link to a file outside the checkout (or to
    git-annex's object): the tool wrote the picture through it, over the file outside, and
    named the link. The link is replaced by the file, and the line says so."""
    tool = _tool()
    monkeypatch.setattr(tool, "BASELINE", tmp_path / "baseline")
    made, outside = tmp_path / "made", tmp_path / "outside.png"
    made.mkdir()
    (tmp_path / "baseline").mkdir()
    outside.write_bytes(b"another picture")
    for suffix in (".png", ".vector.txt.gz"):
        (made / f"cifar_summary{suffix}").write_bytes(
            (REPO / "baseline" / f"cifar_summary{suffix}").read_bytes())
    golden = tmp_path / "baseline" / "cifar_summary.png"
    golden.symlink_to(outside)
    assert tool.write_golden(made, "cifar_summary") == [
        f"cifar_summary.png (it was a link to {outside}: now the file)",
        "cifar_summary.vector.txt.gz"]
    assert outside.read_bytes() == b"another picture"
    assert not golden.is_symlink()
    assert golden.read_bytes() == (made / "cifar_summary.png").read_bytes()
    golden.unlink()
    golden.symlink_to(outside)
    assert tool.copy_changed(made, tmp_path / "baseline")[0].startswith("cifar_summary.png (it was")
    assert outside.read_bytes() == b"another picture"


def test_a_conflicted_environment_record_is_one_line_and_nothing_is_rendered(
        monkeypatch, capsys, tmp_path):
    """Round 19 (G5): ``baseline/ENVIRONMENT.json`` with git's merge-conflict markers was a
    JSONDecodeError traceback from the tool too; now the golden suite's one line, exit 2."""
    tool = _tool_running_no_pytest(monkeypatch)
    (tmp_path / "baseline").mkdir()
    (tmp_path / "baseline" / "ENVIRONMENT.json").write_text("<<<<<<< HEAD\n{}\n=======\n{}\n"
                                                            ">>>>>>> other\n")
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    assert tool.main(["cifar_summary"]) == 2
    assert capsys.readouterr().err == (
        "update_baselines: baseline/ENVIRONMENT.json: holds git merge-conflict markers: resolve "
        "the conflict (keep one side: git checkout --ours baseline/ENVIRONMENT.json, or "
        "--theirs; then git add it), then run again\n")


def test_a_golden_module_given_renders_that_modules_goldens_only(monkeypatch, tmp_path):
    """Round 21 (G4): ``update_baselines.py tests/golden/test_venue_images.py`` (the venue
    goldens only) rendered both golden modules: with one colour changed, the default
    build's 12 goldens were written, which the argument did not select."""
    tool, ran = _tool(), []
    monkeypatch.setattr(tool.subprocess, "run", lambda command, **kwargs: ran.append(command))
    tool.generate(tmp_path, ["tests/golden/test_venue_images.py"])
    tool.generate(tmp_path, ["-k", "cifar_summary"])
    modules = [[a for a in command if a.endswith(".py")] for command in ran]
    assert modules[0] == ["tests/golden/test_venue_images.py"]
    # unnamed: both, collected from tests/golden (where --ignore holds: round 51d, G28)
    assert ran[1][3:6] == [str(REPO / "tests" / "golden"), "-o",
                           "python_files=test_images.py test_venue_images.py"], ran[1]


def test_help_is_the_tools_own_usage_before_any_pytest(monkeypatch, capsys):
    """Round 39 (U1): ``update_baselines.py --help`` went to pytest as an option: the last 5000
    characters of pytest's help, cut mid-entry, then "no image rendered; nothing written",
    exit 1. Now the tool's usage (NAMEs, ``--new-environment``), exit 0, before its checks."""
    tool = _tool_running_no_pytest(monkeypatch)
    monkeypatch.setenv("FIGURES_GOLDEN_VECTOR_ONLY", "1")  # a refusal does not come first
    for given in ("--help", "-h"):
        with pytest.raises(SystemExit) as ended:
            tool.main([given])
        assert ended.value.code == 0
        out, err = capsys.readouterr()
        assert out.startswith("usage: python tools/update_baselines.py [-h] [--new-environment] "
                              "[NAME...] [PYTEST ARGS...]\n")
        assert "figures/plots/NAME.py" in out
        assert "--new-environment  accept" in out
        assert "``" not in out
        assert err == ""
    with pytest.raises(SystemExit) as ended:
        tool.main(["--new-environment=yes"])
    assert ended.value.code == 2
    assert capsys.readouterr().err == ("update_baselines: argument --new-environment: ignored "
                                       "explicit argument 'yes'; see --help\n")


def test_a_figures_source_is_its_golden(monkeypatch, capsys):
    """Round 39 (U2): ``update_baselines.py figures/plots/cifar_summary.py`` (the figure's
    source, as tab completion gives it) went to pytest as a test file: "no tests ran", "pytest
    exited 5; nothing written". Now the golden of that name; a source naming no golden (a
    helper module) is the tool's one line; a test module still goes to pytest."""
    tool = _tool_running_no_pytest(monkeypatch)
    test = "tests/golden/test_images.py::test_figure_matches_baseline[cifar_summary]"
    for given in ("figures/plots/cifar_summary.py", str(REPO / "figures/plots/cifar_summary.py"),
                  "./figures/plots/../plots/cifar_summary.py"):
        assert tool._names([given, "-x"]) == (["cifar_summary"], ["-x", test])
    assert tool.main(["figures/plots/_cifar.py"]) == 2
    assert capsys.readouterr().err == (
        "update_baselines: figures/plots/_cifar.py: no golden named _cifar: a NAME is a golden's "
        "file name without .png (`ls baseline/ baseline/venues/`), such as cifar_summary or "
        "venue-icml--cifar_accuracy--column\n")
    assert tool._names(["tests/golden/test_venue_images.py"]) == (
        [], ["tests/golden/test_venue_images.py"])


@pytest.mark.parametrize("given", ["/etc/passwd", "-", ".", "./", "tests", "tests/golden",
                                   "README.md", "tests/unit/test_update_baselines.py",
                                   "tests/unit/test_update_baselines.py::test_x"])
def test_a_path_that_is_no_golden_test_module_is_no_golden_named(monkeypatch, capsys, given):
    """Round 48 (G6): ``/etc/passwd`` and ``-`` went to pytest as test paths ("pytest exited
    4; nothing written"); ``.``, ``./``, ``tests`` (a folder) rendered and wrote every golden
    that differs, as if no NAME was given. A path is a golden test module's or no NAME."""
    tool = _tool_running_no_pytest(monkeypatch)
    assert tool.main([given]) == 2
    assert capsys.readouterr().err == (
        f"update_baselines: {given}: no golden of that name: a NAME is a golden's file name "
        "without .png (`ls baseline/ baseline/venues/`), such as cifar_summary or "
        "venue-icml--cifar_accuracy--column\n")


def test_a_golden_test_module_or_test_still_goes_to_pytest(monkeypatch):
    """Round 48 (G6): the golden test modules, from the checkout or any folder, and a test in
    one, are pytest's (given as pytest in the checkout reads them)."""
    tool = _tool()
    test = "tests/golden/test_images.py::test_figure_matches_baseline[cifar_summary]"
    for given in ("tests/golden/test_venue_images.py", "./tests/golden/test_venue_images.py",
                  str(REPO / "tests/golden/test_venue_images.py")):
        assert tool._names(["-x", given]) == ([], ["-x", "tests/golden/test_venue_images.py"])
    assert tool._names([test, "-x"]) == ([], [test, "-x"])
    monkeypatch.chdir(REPO / "tests")
    assert tool._names(["golden/test_images.py"]) == ([], ["tests/golden/test_images.py"])


def test_a_name_with_a_space_at_its_end_shows_it(monkeypatch, capsys):
    """Round 48 (G6): ``"cifar_summary "`` (a pasted trailing space) was refused as
    ``cifar_summary : no golden of that name``, the space unseen: the name is quoted."""
    tool = _tool_running_no_pytest(monkeypatch)
    assert tool.main(["cifar_summary "]) == 2
    assert capsys.readouterr().err.startswith(
        "update_baselines: 'cifar_summary ': no golden of that name: a NAME is ")


def test_a_file_named_from_the_folder_it_is_in_is_read_where_it_leads(monkeypatch):
    """Round 48 (G20): from figures/plots/, where the author edits the figure,
    ``fig4_penalty_rescue.py`` (its source, as tab completion gives it there) went to pytest
    as a test path: "file or directory not found", "pytest exited 4". A file named from any
    folder of the checkout is read where it is: that figure's golden."""
    tool = _tool()
    test = "tests/golden/test_images.py::test_figure_matches_baseline[fig4_penalty_rescue]"
    monkeypatch.chdir(REPO / "figures" / "plots")
    assert tool._names(["fig4_penalty_rescue.py"]) == (["fig4_penalty_rescue"], [test])
    monkeypatch.chdir(REPO / "baseline")
    assert tool._names(["./fig4_penalty_rescue.png"]) == (["fig4_penalty_rescue"], [test])
    assert tool._names(["fig4_penalty_rescue"]) == (["fig4_penalty_rescue"], [test])


def test_a_golden_named_by_its_fixture_is_that_golden():
    """Round 49d (G3): ``tests/fixtures/cifar_summary.json`` (the file a reviewer edits for a
    data change, tab-completed) was told "no golden of that name", though its name is the
    golden's: it names the golden."""
    tool = _tool()
    for given in ("tests/fixtures/cifar_summary.json", "cifar_summary.json"):
        names, args = tool._names([given])
        assert names == ["cifar_summary"], given
        assert args == ["tests/golden/test_images.py::test_figure_matches_baseline[cifar_summary]"]
    with pytest.raises(ValueError, match="no golden named nosuch"):
        tool._names(["tests/fixtures/nosuch.json"])


def test_its_pytest_renders_with_a_results_folder_of_its_own(monkeypatch, tmp_path):
    """Round 50d (G9): ``--mpl-results-path=build/mpl-results`` among the pytest arguments (as
    copied from a test command) came after the tool's own folder, so its pytest waited for a
    golden run holding that folder, silently (its waiting line captured). The tool's own comes
    last, and pytest takes the last."""
    tool = _tool()
    seen = []
    monkeypatch.setattr(tool.subprocess, "run", lambda command, **_: seen.append(command))
    tool.generate(tmp_path, ["-k", "cifar_summary", "--mpl-results-path=build/mpl-results"])
    paths = [a for a in seen[0] if a.startswith("--mpl-results-path=")]
    assert paths[-1] != "--mpl-results-path=build/mpl-results", seen[0]
    assert seen[0][-1] == paths[-1], seen[0]


def test_a_deselected_golden_module_is_no_test_selection(monkeypatch, tmp_path):
    """Round 50d (G16): ``--deselect tests/golden/test_images.py`` (a value ending in .py) was
    taken for a golden module the user named: the tool dropped its own two modules and its
    pytest ran the whole suite (pytest's testpaths) in generate mode, silently. An option's
    value selects no test: both golden modules are still rendered, that one deselected."""
    tool = _tool()
    seen = []
    monkeypatch.setattr(tool.subprocess, "run", lambda command, **_: seen.append(command))
    tool.generate(tmp_path, ["--deselect", "tests/golden/test_images.py"])
    # both golden modules: tests/golden, its modules collected those two (round 51d, G28)
    modules = [str(tool.ROOT / "tests" / "golden"), "-o",
               f"python_files={' '.join(tool.MODULES)}"]
    assert seen[0][3:6] == modules, seen[0]
    assert seen[0][-3:-1] == ["--deselect", "tests/golden/test_images.py"], seen[0]
    seen.clear()
    tool.generate(tmp_path, ["-x", "tests/golden/test_venue_images.py"])  # named: its own
    assert modules[0] not in seen[0], seen[0]
    assert [a for a in seen[0] if a.endswith(tuple(tool.MODULES))] == [
        "tests/golden/test_venue_images.py"]
