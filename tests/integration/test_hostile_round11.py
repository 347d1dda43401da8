"""Issue 45, round 11: a fresh hostile pass over the paper, pack, width and golden surfaces
(harden, this session); the cases it found broken, kept. The pass itself, case by case, is
in docs/guarantees.md ("Hostile passes").

TeX Live is required (CI installs it in .ci/run): without it these fail, never skip.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from helpers import REPO

from figures.pack.strip import strip_comments

_PLAIN = ("\\documentclass{article}\n\\begin{document}\nHello.\n\\end{document}\n")


def _figures(cwd, *argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "figures", *argv, "--figdata",
                           str(REPO / "figdata")], capture_output=True, text=True, timeout=300,
                          cwd=cwd, check=False)


@pytest.mark.slow
def test_paper_never_writes_through_a_link_the_paper_ships(tmp_path):
    r"""A downloaded paper shipping ``main.log`` as a link to a file outside, and a
    ``notes.out`` link that its ``\openout`` writes: `figures paper` compiled in the paper's
    folder and TeX wrote through both (the victim got the log, and text of the paper's
    choosing: a ``~/.bashrc`` would run it). Now TeX writes into a folder of ours; the PDF
    and the log are put beside main.tex, replacing the links."""
    victims = [tmp_path / "victim_log", tmp_path / "victim_out"]
    for victim in victims:
        victim.write_text("precious\n")
    paper = tmp_path / "p"
    paper.mkdir()
    (paper / "main.tex").write_text(_PLAIN.replace(
        "\\begin{document}", "\\newwrite\\f\\immediate\\openout\\f=notes.out\n"
        "\\immediate\\write\\f{touch OWNED}\\immediate\\closeout\\f\n\\begin{document}"))
    (paper / "main.log").symlink_to(victims[0])
    (paper / "notes.out").symlink_to(victims[1])
    ran = _figures(tmp_path, "paper", "p")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert [v.read_text() for v in victims] == ["precious\n"] * 2
    assert (paper / "main.pdf").read_bytes().startswith(b"%PDF-")
    assert not (paper / "main.log").is_symlink()


@pytest.mark.slow
def test_pack_never_writes_through_a_folder_the_paper_links_outside(tmp_path):
    r"""``out`` a link to a folder outside and ``\openout`` of ``out/evil.sh``: pack's
    compile in its copy of the paper (which links linked folders) wrote evil.sh outside."""
    outside = tmp_path / "outside"
    outside.mkdir()
    paper = tmp_path / "p"
    paper.mkdir()
    (paper / "main.tex").write_text(_PLAIN.replace(
        "\\begin{document}", "\\newwrite\\f\\immediate\\openout\\f=out/evil.sh\n"
        "\\immediate\\write\\f{touch OWNED}\\immediate\\closeout\\f\n\\begin{document}"))
    (paper / "out").symlink_to(outside)
    _figures(tmp_path, "pack", "p", "--out", "p.tar.gz")
    assert list(outside.iterdir()) == []


def test_a_percent_made_text_by_its_catcode_is_kept():
    r"""``{\catcode`\%=12 \gdef\pct{%}}`` (a paper's own percent sign): the stripper cut
    ``%}}`` as a comment, and pack refused a paper that compiles ("does not compile from the
    archive alone: File ended while scanning definition of \pct"). TeX reads ``%`` by its
    catcode at that moment: text until the group closes (or ``\catcode`\%=14``)."""
    kept = "{\\catcode`\\%=12 \\gdef\\pct{%}}\n"
    assert strip_comments(kept + "x% note\n") == kept + "x%\n"
    assert strip_comments("{\\@makeother\\% \\gdef\\p{%}}%note\n") == \
        "{\\@makeother\\% \\gdef\\p{%}}%\n"
    assert strip_comments("\\catcode37=12 a%b\n\\catcode`\\%=14 c% note\n") == \
        "\\catcode37=12 a%b\n\\catcode`\\%=14 c%\n"


@pytest.mark.slow
@pytest.mark.parametrize("option", ["--mpl-hash-library", "--mpl-generate-hash-library"])
def test_a_golden_run_given_a_hash_library_is_one_line(tmp_path, option):
    """Unclear, mended: ``--mpl-hash-library=EMPTY.json`` failed every image ("hash not
    found ... the comparison to the baseline image succeeded") under a header saying pixels
    judged; a missing one was pytest-mpl's 160-line failure. The suite keeps no hashes."""
    ran = subprocess.run([sys.executable, "-m", "pytest", "--mpl", "-p", "no:randomly",
                          "-n", "0", "-k", "cifar_summary", "-q", f"{option}={tmp_path}/h.json",
                          str(REPO / "tests" / "golden" / "test_images.py")],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path,
                         check=False)
    assert ran.returncode == 4, ran.stdout + ran.stderr
    assert ran.stderr.strip().splitlines()[-1] == (
        f"ERROR: {option}: the golden suite keeps no hash library (baseline/'s pixels and "
        "vector content judge); run without that option")


def test_a_width_given_twice_is_refused_as_a_venue_given_twice_is(tmp_path, capsys):
    """Unclear, mended: ``--width 3.25 --width 6.75`` (an alias plus a typed one) built
    w6.75 without a word, while ``--venue`` given twice is refused, not the last taken."""
    from figures.cli import main as cli

    code = cli.main(["build", "--venue", "icml", "--width", "3.25", "--width", "6.75",
                     "cifar_summary", "--out", str(tmp_path / "out")])
    assert code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "error: --width given 2 times (3.25, 6.75): one per build")
    assert not (tmp_path / "out").exists()
