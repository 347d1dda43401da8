"""figdata → LaTeX macros, and the check that the text uses them."""

from __future__ import annotations

import subprocess
import sys

import pytest
from helpers import REPO, tex

from figures.numbers.macros import SYNTHETIC_COMMENT, Quoted, macros_tex, quoted_values
from figures.numbers.texcheck import check_tex
from figures.registry import BY_NAME

HERO = [BY_NAME["fig1_audit_hero"]]
TEX = REPO / "tests" / "tex" / "paper.tex"
#: A quoted value small enough for scientific notation (panel C's first BP norm).
GRAD = Quoted("fig1_audit_hero", "gradBPFirst", 0.00044, ".1e", "BP gradient norm, layer 0")


def test_macros_are_the_figdata_values_in_their_declared_format():
    tex = macros_tex(quoted_values(HERO, REPO / "figdata"))
    assert "\\newcommand{\\heroAccBP}{61.5\\%\\xspace}" in tex
    assert "\\newcommand{\\heroAccFA}{40.1\\%\\xspace}" in tex
    assert "\\newcommand{\\heroCosFADeep}{+0.997\\xspace}" in tex
    assert "\\newcommand{\\heroGammaDFA}{0.100\\xspace}" in tex
    # a true minus sign; the number alone for siunitx
    assert "\\newcommand{\\heroCosDFADeep}{\\ensuremath{-}0.002\\xspace}" in tex
    assert "\\newcommand{\\heroAccBPNum}{61.5}" in tex
    assert "\\newcommand{\\heroCosDFADeepNum}{-0.002}" in tex


def test_macros_output_is_deterministic():
    first = macros_tex(quoted_values(HERO, REPO / "figdata"))
    assert macros_tex(quoted_values(HERO, REPO / "figdata")) == first


def test_check_tex_flags_every_planted_number_and_nothing_else():
    quoted = [*quoted_values([*HERO, BY_NAME["fig4_penalty_rescue"]], REPO / "figdata"), GRAD]
    hand = "is fig1_audit_hero's value written by hand; use"
    assert check_tex(TEX.read_text(), quoted) == [
        f"line 6: 30.6\\% {hand} \\heroAccDFA",
        "line 7: +0.995 is near fig1_audit_hero's +0.997 (\\heroCosFADeep): stale number?",
        f"line 8: 0.400 {hand} \\heroCosDFAShallow",
        "line 9: 0.251 is near fig1_audit_hero's 0.250 (\\heroGammaFA): stale number?",
        f"line 10: 0.6147 {hand} \\heroAccBP",
        f"line 10: 0.615 {hand} \\heroAccBP",
        f"line 11: 61.50\\% {hand} \\heroAccBP",
        ("line 12: 36\\% is fig4_penalty_rescue's value written by hand; use "
        "\\penAccDFAWithPenalty"),
        f"line 13: 40.1~percent {hand} \\heroAccFA",
        f"line 13: 40.1\\% {hand} \\heroAccFA",
        f"line 14: 10.0\\,\\% {hand} \\heroGammaDFA",
        f"line 15: 4.4e-4 {hand} \\gradBPFirst",
        f"line 16: 4.4\\times10^{{-4}} {hand} \\gradBPFirst",
        f"line 16: 4.4e-4 {hand} \\gradBPFirst",
        f"line 16: 4.40 \\times 10^{{-4}} {hand} \\gradBPFirst",
        f"line 16: 4.4\\cdot 10^{{-4}} {hand} \\gradBPFirst",
        ("line 17: 4.5 \\times 10^{-4} is near fig1_audit_hero's 4.4e-04 (\\gradBPFirst): "
        "stale number?"),
    ]


def test_a_number_equal_to_several_values_names_every_macro():
    quoted = [Quoted("a", "accX", 0.008, ".1%", ""), Quoted("b", "accY", 0.0081, ".1%", "")]
    assert check_tex("std 0.8\\%", quoted) == [
        "line 1: 0.8\\% is a and b's value written by hand; use \\accX or \\accY"]


def test_a_number_followed_by_a_long_run_of_spaces_is_checked_in_linear_time():
    # the whitespace of the percent and exponent patterns once met itself: n spaces after a
    # number took n^2 steps (60k: a minute); linear, 100k spaces take milliseconds
    quoted = quoted_values(HERO, REPO / "figdata")
    hand = "is fig1_audit_hero's value written by hand; use \\heroAccBP"
    for tail in ("", "x", "\\", "\\times", "~"):  # each a prefix of a percent or exponent
        assert check_tex("0.6147" + " " * 100_000 + tail, quoted) == [f"line 1: 0.6147 {hand}"]


@pytest.mark.parametrize("line", [
    "1.23e99999999999999999999", "1.5e" + "1" * 5000, "$1.5\\times10^{99999999999}$",
    "$1.5\\times10^{-99999999999}$", "0." + "1" * 1_000_001, "1" * 1_000_001 + ".5"])
def test_numbers_beyond_any_float_are_no_value_and_no_error(line):
    assert check_tex(f"0.6147 and {line}", quoted_values(HERO, REPO / "figdata")) == [
        "line 1: 0.6147 is fig1_audit_hero's value written by hand; use \\heroAccBP"]


@pytest.mark.slow
def test_check_tex_reads_latin1_and_finds_figdata_from_the_tex_file(tmp_path):
    paper = REPO / "tests" / "tex"
    latin1 = tmp_path / "latin1.tex"
    latin1.write_bytes("Caf\xe9: FA erreicht 40.1\\% (\xfcber alles).\n".encode("latin-1"))
    proc = subprocess.run([sys.executable, "-m", "figures", "check-tex", str(latin1),
                           "--figdata", str(REPO / "figdata")],
                          capture_output=True, text=True, cwd=tmp_path, check=False)
    assert proc.stdout == f"{latin1}:1: 40.1\\% {HAND_FA}\n"
    # no --figdata, run from elsewhere: the repository the .tex sits in has figdata/
    proc = subprocess.run([sys.executable, "-m", "figures", "check-tex", str(paper / "paper.tex")],
                          capture_output=True, text=True, cwd=tmp_path, check=False)
    assert proc.returncode == 1
    assert f"(figdata: {REPO / 'figdata'})" in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "figures", "check-tex", str(latin1)],
                          capture_output=True, text=True, cwd=tmp_path, check=False)
    assert proc.returncode == 1
    assert proc.stderr == (f"error: {latin1}: no figdata/ in a figures repository above it or "
                           "here; pass --figdata DIR\n")


HAND_FA = "is fig1_audit_hero's value written by hand; use \\heroAccFA"


@pytest.mark.slow
def test_macros_from_synthetic_figdata_are_marked_and_warned_about():
    proc = subprocess.run([sys.executable, "-m", "figures", "macros", "--figdata",
                           str(REPO / "figdata")], capture_output=True, text=True, cwd=REPO,
                          check=True)
    lines = proc.stdout.splitlines()
    synthetic = [q for q in quoted_values(BY_NAME.values(), REPO / "figdata") if q.synthetic]
    assert {q.figure for q in synthetic} == {"cifar_summary"}  # fig4's quoted are paper values
    for q in quoted_values(BY_NAME.values(), REPO / "figdata"):
        line = next(x for x in lines if x.startswith(f"\\newcommand{{\\{q.macro}}}"))
        assert line.endswith(f" {SYNTHETIC_COMMENT}") == q.synthetic, line
    assert proc.stderr.startswith(f"warning: {len(synthetic)} of ")
    assert "SYNTHETIC EXAMPLE DATA" in proc.stderr


def test_list_values_tags_synthetic_values(capsys):
    from figures.cli import main as cli

    assert cli.main(["list", "--values", "--figdata", str(REPO / "figdata")]) == 0
    out = capsys.readouterr().out
    assert "\\cifarAccBPMean" in next(x for x in out.splitlines() if "[SYNTHETIC]" in x)
    assert "[SYNTHETIC]" not in next(x for x in out.splitlines() if "\\heroAccBP " in x)


@pytest.mark.slow
def test_check_tex_command_exits_nonzero_and_names_file_and_line():
    proc = subprocess.run(
        [sys.executable, "-m", "figures", "check-tex", str(TEX), "--figdata",
         str(REPO / "figdata")], capture_output=True, text=True, cwd=REPO, check=False)
    assert proc.returncode == 1
    assert f"{TEX}:7: +0.995 is near" in proc.stdout


@pytest.mark.slow
def test_macros_file_compiles_in_a_minimal_latex_document(tmp_path):
    subprocess.run([sys.executable, "-m", "figures", "macros", "--figdata",
                    str(REPO / "figdata"), "--out", str(tmp_path / "macros.tex")],
                   check=True, cwd=REPO, capture_output=True)
    names = [q.macro for q in quoted_values(BY_NAME.values(), REPO / "figdata")]
    body = " ".join(f"\\{name}" for name in names)
    (tmp_path / "doc.tex").write_text(
        "\\documentclass{article}\\input{macros.tex}\\begin{document}"
        f"{body}\\end{{document}}\n")
    tex(tmp_path, "pdflatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex")
    assert (tmp_path / "doc.pdf").is_file()


@pytest.mark.slow
def test_a_macro_in_running_text_keeps_its_space_and_prints_a_minus(tmp_path):
    from figures.numbers.macros import macros_tex

    quoted = [Quoted("f", "accBP", 0.615, ".1%", "a"), Quoted("f", "cosDFA", -0.25, ".2f", "b")]
    (tmp_path / "macros.tex").write_text(macros_tex(quoted))
    (tmp_path / "doc.tex").write_text(
        "\\documentclass{article}\\input{macros.tex}\\begin{document}"
        "\\accBP accuracy and \\cosDFA cosine\\end{document}\n")
    tex(tmp_path, "pdflatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex")
    text = tex(tmp_path, "pdftotext", "doc.pdf", "-")
    assert "61.5% accuracy" in text
    assert "\u2212" in text  # a true minus sign, not a hyphen


def test_a_standard_output_that_refuses_the_macros_is_named(monkeypatch, capsys):
    """`figures macros > /dev/full`: the one line names standard output, not "?"."""
    import io

    from figures.cli import main as cli

    class FullDevice(io.StringIO):
        def write(self, text):
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(sys, "stdout", FullDevice())
    assert cli.main(["macros", "--figdata", str(REPO / "figdata")]) == 1
    assert capsys.readouterr().err == "error: standard output: no space left on the device\n"


def test_check_tex_refuses_utf16_and_goes_on_past_an_unreadable_file(tmp_path, capsys):
    """A UTF-16 source read as Latin-1 would hold no numbers at all: "0 found", exit 0."""
    from figures.cli import main as cli

    utf16 = tmp_path / "utf16.tex"
    utf16.write_text("Accuracy 0.6147 here.\n", encoding="utf-16")
    good = tmp_path / "good.tex"
    good.write_text("No numbers here.\n")
    code = cli.main(["check-tex", str(utf16), str(tmp_path / "missing.tex"), str(good),
                     "--figdata", str(REPO / "figdata")])
    out, err = capsys.readouterr()
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        (f"error: {utf16}: holds NUL bytes: not a LaTeX source (UTF-16 or binary?); save it as "
        "UTF-8"),
        f"error: {tmp_path / 'missing.tex'}: file not found",
        (f"0 hand-written or stale figdata number(s) (figdata: {REPO / 'figdata'}); 2 file(s) "
        "not read")]
