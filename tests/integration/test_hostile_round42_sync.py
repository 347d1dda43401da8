"""Hostile round 42a's rows on ``figures sync`` and ``figures paper``: a sync of two rounds
summed up as its last round alone (A6), a later round's refusal said as "nothing written"
after earlier rounds wrote (A43), a dry run showing another build than the sync copies
(A52), an include of a copy not made listed as "not ours" (A30), and a venue read from the class questioned as if
typed (A3)."""

from __future__ import annotations

import re
import shutil

import pytest
from helpers import ICML_PREAMBLE, REPO, write_files

from figures.cli import main as cli

#: A5's ICML-like paper: bare includes whose natural size decides the box, and a scalebox
#: around a text-wide include, which the first probe (no file yet) does not see scaled.
_TWO_ROUNDS = ICML_PREAMBLE + r"""\input{macros}
\lipsum[1-2]
\begin{figure}[t]
\centering
\resizebox{\columnwidth}{!}{\includegraphics{cifar_summary}}
\caption{resizebox of a bare include.}
\end{figure}
\lipsum[3-4]
\begin{figure}[t]
\centering
\adjustbox{max width=\columnwidth}{\includegraphics{cifar_feature_drift}}
\caption{adjustbox max width, bare include.}
\end{figure}
\begin{figure*}[t]
\centering
\scalebox{0.9}{\includegraphics[width=\textwidth]{fig1_audit_hero}}
\caption{scalebox 0.9 of a textwidth include.}
\end{figure*}
\lipsum[5-8]
\end{document}
"""


def _figures(tmp_path, monkeypatch, capsys, *argv: str) -> tuple[int, str, str]:
    """``figures ARGV --allow-synthetic`` in this process, its build folder under
    ``tmp_path``: (exit code, stdout, stderr)."""
    monkeypatch.chdir(tmp_path)
    code = cli.main([*argv, "--allow-synthetic", "--figdata", str(REPO / "figdata")])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow  # sync asks TeX, twice
def test_a_sync_of_two_rounds_sums_up_every_write(tmp_path, monkeypatch, capsys):
    """Round 42a (A6): a sync whose first round's files move a box probes and places again;
    its summary was the last round's alone (``copy 0 figure(s); macros: up to date`` after the
    command wrote a figure). The summary counts each file the command wrote, and the last
    table marks a file an earlier round wrote.

    The case (round 43): cifar_summary synced under ``\\adjustbox{height=1.8in}`` (drawn
    2.4 in wide), then wrapped in ``\\resizebox{\\columnwidth}{!}`` instead: the probe reads
    the 2.4 in file scaled by 1.35, and that factor is the old file's (A49's factor judged
    with it refused "4.401 in as printed (its 3.25 in box scaled by 1.35)"). Drawn for what
    prints, 3.25 in, in round 1; round 2 finds it in place."""
    tall = _TWO_ROUNDS.replace("\\resizebox{\\columnwidth}{!}{\\includegraphics{cifar_summary}}",
                               "\\adjustbox{height=1.8in}{\\includegraphics{cifar_summary}}")
    paper = write_files(tmp_path / "paper", {"main.tex": tall})
    code, out, err = _figures(tmp_path, monkeypatch, capsys, "sync", str(paper),
                              "--venue", "icml")
    assert code == 0, out + err
    assert "copy build/icml/w2.4/cifar_summary.pdf" in out, out
    (paper / "main.tex").write_text(_TWO_ROUNDS)
    code, out, err = _figures(tmp_path, monkeypatch, capsys, "sync", str(paper),
                              "--venue", "icml")
    assert code == 0, out + err
    assert "copy build/icml/w3.25/cifar_summary.pdf" in out, out
    assert "placed again" in err, err  # the case: two rounds in one command
    assert err.splitlines()[-1] == ("copy 1 figure(s); macros: up to date; 0 refused; "
                                    "check-tex: 0 number(s) to look at"), err
    last = out.split("figure ")[-1].splitlines()  # the second table
    [summary] = [line for line in last if line.startswith("cifar_summary")]
    assert summary.endswith("up to date (written in round 1 of this sync)"), out
    code, out, err = _figures(tmp_path, monkeypatch, capsys, "sync", str(paper),
                              "--venue", "icml")  # the next sync: one round, as before
    assert code == 0, out + err
    assert err.splitlines()[-1].startswith("copy 0 figure(s); macros: up to date; 0 refused")
    assert "written in round" not in out, out


@pytest.mark.slow  # sync asks TeX, three times
def test_a_later_rounds_refusal_says_what_the_earlier_rounds_wrote(tmp_path, monkeypatch,
                                                                   capsys):
    """Round 42a (A43): includes scaled by height (``\\resizebox{!}{2.7in}``) print at a
    width that changes with the build placed; round 1 and 2 wrote both figures and
    macros.tex, round 3 refused one and the summary said "nothing written (1 refused: all or
    nothing ...)" of a paper the command had just written. It says what the earlier rounds
    wrote now. (The cycle itself is mended, figures/paper/tall.py: a height written as a
    length is refused in round 1; one TeX alone evaluates, 0.3\\textheight = 2.7 in, is read
    once the file is there, so round 1 writes and round 2 refuses.)"""
    text = _TWO_ROUNDS.replace(
        r"\resizebox{\columnwidth}{!}{\includegraphics{cifar_summary}}",
        r"\resizebox{!}{0.3\textheight}{\includegraphics{cifar_feature_drift}}").replace(
        r"\adjustbox{max width=\columnwidth}{\includegraphics{cifar_feature_drift}}",
        r"\resizebox{!}{2in}{\includegraphics{cifar_summary}}").replace(
        r"\scalebox{0.9}{\includegraphics[width=\textwidth]{fig1_audit_hero}}", "")
    paper = write_files(tmp_path / "paper", {"main.tex": text})
    code, out, err = _figures(tmp_path, monkeypatch, capsys, "sync", str(paper),
                              "--venue", "icml")
    assert code == 1, out + err
    assert "nothing written" not in err, err
    assert err.count("placed again") == 1, err
    assert err.splitlines()[-1] == (
        "round 2 refused 1 row(s) and wrote nothing (all or nothing), but round 1 of this "
        "sync wrote 3 file(s) (figures/cifar_feature_drift.pdf, "
        "figures/cifar_summary.pdf, macros.tex): the paper holds them; mend the refused rows "
        "and sync again; check-tex: 0 number(s) to look at"), err
    assert (paper / "macros.tex").is_file()


@pytest.mark.slow  # sync asks TeX
def test_a_dry_run_shows_the_builds_the_sync_copies(tmp_path, monkeypatch, capsys):
    """Round 42a (A52): ``sync -n`` stopped after its first round, so it showed
    fig1_audit_hero built for 6.75 in (what the first probe, with no file yet, saw) where
    the sync then copied the 6.075 in build (the scalebox's 90 %, seen once the file is
    there). The dry run places again as the sync does, the files as if written: its rows
    are the sync's; it still writes nothing."""
    paper = write_files(tmp_path / "paper", {"main.tex": _TWO_ROUNDS})
    code, dry, err = _figures(tmp_path, monkeypatch, capsys, "sync", str(paper),
                              "--venue", "icml", "-n")
    assert code == 0, dry + err
    assert sorted(p.name for p in paper.iterdir()) == ["main.tex"]
    code, out, err = _figures(tmp_path, monkeypatch, capsys, "sync", str(paper),
                              "--venue", "icml")
    assert code == 0, out + err

    def builds(text: str) -> dict[str, str]:  # each figure's build, the last table's
        return {m[1]: m[2] for m in re.finditer(r"(?m)^(\S+) +\S+ +(?:would )?copy (\S+)$",
                                                text)}
    assert builds(dry)["fig1_audit_hero"] == "build/icml/w6.075/fig1_audit_hero.pdf", dry
    assert builds(dry) == builds(out), (dry, out)


_NEAR = r"""\documentclass[twocolumn]{article}
\usepackage{graphicx}
\graphicspath{{figures/}}
\begin{document}
Text.
\begin{figure}[t]
\includegraphics[width=\linewidth]{cifar_feature_drift}
\end{figure}
\begin{figure*}[t]
\includegraphics[width=\linewidth]{%s}
\end{figure*}
\end{document}
"""


@pytest.mark.slow  # sync asks TeX
def test_an_include_of_a_copy_not_made_is_said_with_the_copy_to_make(tmp_path, monkeypatch,
                                                                     capsys):
    """Round 42a (A30): sync's refusal of one file at two sizes says "give one of them a copy
    under another name"; the include so renamed (``cifar_feature_drift_wide``), no file yet,
    was listed "not ours (left as they are)", exit 0, and LaTeX then stopped on it. It is one
    warning naming its line and the copy to make, after which sync takes the copy as ours
    (not a slip of ours' name: that is refused, A51)."""
    paper = write_files(tmp_path / "paper", {"main.tex": _NEAR % "cifar_feature_drift_wide"})
    code, out, err = _figures(tmp_path, monkeypatch, capsys, "sync", str(paper),
                              "--venue", "icml")
    assert code == 0, out + err
    assert ("warning: main.tex:10: \\includegraphics{cifar_feature_drift_wide}: no such file, "
            "and LaTeX stops there; sync copies ours by a figure's name, so once "
            "cifar_feature_drift is synced, copy it to this name (cp "
            "figures/cifar_feature_drift.pdf figures/cifar_feature_drift_wide.pdf) and sync "
            "again: the copy is then ours, built for this include") in err.splitlines(), err
    shutil.copy(paper / "figures" / "cifar_feature_drift.pdf",
                paper / "figures" / "cifar_feature_drift_wide.pdf")  # the advice followed
    code, out, err = _figures(tmp_path, monkeypatch, capsys, "sync", str(paper),
                              "--venue", "icml")
    assert code == 0, out + err
    assert re.search(r"(?m)^cifar_feature_drift +figures/cifar_feature_drift_wide\.pdf +copy "
                     r"build/icml\S*/w6\.49/cifar_feature_drift\.pdf$", out), out
    assert "no such file" not in err, err


#: IEEE's peer-review layout: one column of 6.5 in, not IEEE's 7.14 in text (A44, A3).
_DRAFTCLS = r"""\documentclass[journal,draftcls,onecolumn,12pt]{IEEEtran}
\usepackage{graphicx}
\begin{document}
\input{macros}
Text.
\begin{figure}[!t]
\centering
\includegraphics[width=0.6\textwidth]{figures/cifar_feature_drift}
\caption{Drift.}
\end{figure}
\end{document}
"""


@pytest.mark.slow  # paper compiles
def test_a_venue_read_from_the_class_is_not_questioned(tmp_path, monkeypatch, capsys):
    """Round 42a (A3): ``figures paper`` with no --venue on a paper whose class names the
    venue but lays out its own page (IEEEtran's draftcls, acmart's acmsmall) said "its text
    is 6.5 in wide, not ieee's 7.14 in ... (is --venue ieee right? without it the page's own
    rules apply)" of a flag never typed; ``figures sync`` of the same folder said nothing.
    Both say nothing of it now; a --venue typed is still questioned."""
    paper = write_files(tmp_path / "paper", {"main.tex": _DRAFTCLS})
    code, out, err = _figures(tmp_path, monkeypatch, capsys, "sync", str(paper))
    assert code == 0, out + err
    assert "--venue ieee right" not in err, err
    code, out, err = _figures(tmp_path, monkeypatch, capsys, "paper", str(paper))
    assert code == 0, out + err
    assert "not ieee's" not in err, err
    assert "0 problem(s) (ieee)" in out + err, out + err
    # Round 43 (A3n): a --venue typed that the class names too is not doubted either (it
    # was, "without it the page's own rules apply": untrue, the class's venue applies)
    code, out, err = _figures(tmp_path, monkeypatch, capsys, "sync", str(paper),
                              "--venue", "ieee")
    assert code == 0, out + err
    assert "--venue ieee right" not in err, err
    code, out, err = _figures(tmp_path, monkeypatch, capsys, "sync", str(paper),
                              "--venue", "icml")  # another venue's, typed: questioned
    assert (f"note: {paper}/main.tex: its text is 6.5 in wide, not icml's 6.75 in: figures "
            "are drawn for the paper's page under icml's rules (is --venue icml right? "
            "without it ieee's rules apply)") in err.splitlines(), err
