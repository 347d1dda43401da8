"""Hostile round 25's rows on what pack and paper take as the paper: its macros file checked
against figdata as its figures are (SM), the author's own venues (PV), the main file when a
preamble of its own holds ``\\documentclass`` (SP2) or it stands past the first 64 KiB (LD)."""

from __future__ import annotations

import dataclasses

import pytest
from helpers import REPO, pack_refused, packed, write_files

from figures.numbers.macros import macros_tex, read_quoted
from figures.registry import FIGURES

_QUOTING = ("\\documentclass{article}\n\\input{macros}\n\\begin{document}\n"
            "BP reaches \\heroAccBP{} accuracy.\n\\end{document}\n")


@pytest.mark.slow
def test_a_stale_macros_file_of_ours_stops_the_pack(tmp_path):
    """Round 25 (SM): ``macros.tex`` written by sync, then fig1_audit_hero's BP accuracy
    changed in figdata (new results): pack shipped the old number, exit 0, warnings 0 (it
    checked figures only). A macros file of ours is checked like a figure: stale, the pack
    stops naming it and the command that mends it; current, it goes in."""
    quoted, _ = read_quoted(FIGURES, REPO / "figdata")
    old = [dataclasses.replace(q, value=q.value - 0.02) if q.macro == "heroAccBP" else q
           for q in quoted]
    write_files(tmp_path / "p", {"main.tex": _QUOTING, "macros.tex": macros_tex(old)})
    assert pack_refused(tmp_path, "--allow-synthetic") == (
        "error: macros.tex: a macros file of ours whose numbers are not figdata's now (new "
        "results, or edited by hand): run `figures sync PAPER` (or `figures macros --out "
        "FILE`); the pack stops (no stale number goes out)")
    (tmp_path / "p" / "macros.tex").write_text(macros_tex(quoted))
    files, _ = packed(tmp_path, "--allow-synthetic")
    assert "heroAccBP" in files["macros.tex"]


@pytest.mark.slow
def test_a_figure_of_the_authors_own_venue_packs_with_its_venues_file(tmp_path):
    """Round 25 (PV): a figure built for ``lab`` from the author's ``--venues FILE`` (synced
    so, audited current): pack said "stale: built for venue:lab...: unknown venue 'lab' ...
    (add one with --venues FILE)" and took no ``--venues``: a current paper could never be
    packed. Pack takes ``--venues FILE``; without it the line says the venue is not known
    here (not "stale") and names the way out."""
    import json

    from helpers import figures_as_a_user

    icml = json.loads((REPO / "figures" / "venues.json").read_text())["venues"]["icml"]
    venues = tmp_path / "lab-venues.json"
    venues.write_text(json.dumps({"venues": {"lab": {**icml, "name": "Lab workshop"}}}))
    built = figures_as_a_user(tmp_path, "build", "cifar_summary", "--venue", "lab",
                              "--venues", str(venues), "--out", str(tmp_path / "b"))
    assert built.returncode == 0, built.stderr
    (pdf,) = (tmp_path / "b").rglob("cifar_summary.pdf")
    write_files(tmp_path / "p", {
        "main.tex": "\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n"
                    "\\includegraphics[width=3in]{cifar_summary.pdf}\n\\end{document}\n",
        "cifar_summary.pdf": pdf.read_bytes()})
    assert pack_refused(tmp_path, "--allow-synthetic") == (
        "error: cifar_summary.pdf: cifar_summary: built for venue 'lab', which this command "
        "does not know: pass its --venues FILE; the pack stops")
    ran = figures_as_a_user(tmp_path, "pack", "p", "--allow-synthetic", "--venues",
                            str(venues), "--out", "p.tar.gz", timeout=300)
    assert ran.returncode == 0, ran.stderr
    assert "figures: 1 (1 ours, current; 0 not ours)" in ran.stderr, ran.stderr


_PREAMBLE = "\\documentclass{article}\n\\usepackage{graphicx}\n\\author{Anonymous}\n"
_BODY = "\\input{preamble}\n\\begin{document}\nIntro text here.\n\\end{document}\n"


def test_a_preamble_another_file_inputs_is_not_the_main_file(tmp_path):
    """Round 25 (SP2): ``main.tex`` = ``\\input{preamble}`` / ``\\begin{document}`` ..., the
    ``\\documentclass`` in ``preamble.tex``: pack and paper took the preamble for the main file
    (the one .tex holding \\documentclass) and failed with a wrong cause. The file that
    inputs it and holds ``\\begin{document}`` is the main; with a supplement of the same
    shape, one is chosen with --main as for any two main files."""
    from figures.runner import find_main

    write_files(tmp_path, {"main.tex": _BODY, "preamble.tex": _PREAMBLE})
    assert find_main(tmp_path) == tmp_path / "main.tex"
    write_files(tmp_path, {"supplement.tex": _BODY.replace("Intro", "Proofs")})
    with pytest.raises(Exception, match=r"several main files hold \\documentclass \(main.tex, "
                       r"supplement.tex\): choose one with --main FILE"):
        find_main(tmp_path)


def test_a_documentclass_after_filecontents_past_64_kib_is_found(tmp_path):
    """Round 25 (LD): a self-contained paper writing its data with ``filecontents*`` before
    ``\\documentclass`` (at byte ~129,000): "no .tex file with \\documentclass in it", false.
    Such a file is read on; a class past the first 64 KiB of another is said to be beyond
    what was read, with the way out."""
    from figures.runner import find_main

    rows = "".join(f"{i} {i * 0.37:.3f} 61.5\n" for i in range(7000))
    write_files(tmp_path / "a", {"main.tex": "\\begin{filecontents*}[overwrite]{results.dat}\n"
                                 + rows + "\\end{filecontents*}\n\\documentclass{article}\n"
                                 "\\begin{document}\nIntro.\n\\end{document}\n"})
    assert find_main(tmp_path / "a") == tmp_path / "a" / "main.tex"
    write_files(tmp_path / "b", {"main.tex": "%" + "x" * 70000 + "\n\\documentclass{article}\n"})
    with pytest.raises(Exception, match=r"b: no .tex file with \\documentclass in its first 64 "
                       r"KiB \(main.tex is longer\): give --main FILE"):
        find_main(tmp_path / "b")
