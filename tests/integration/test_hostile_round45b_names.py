"""Hostile round 45b's author fields and notes (K14, K16, K17, K22): IEEE's dates in
``\\thanks`` are no names, the running heads' author fields are read as ``\\author`` is, an
acknowledgements section however headed is told at its line, and text after a character the
paper made a comment character is told."""

from __future__ import annotations

import pytest
from helpers import anonymous_paper, pack_said

from figures.paper.disclosure import authors_named

_IEEE = "\\author{Anonymous Authors%\n\\thanks{Manuscript received NOTE}}\n"


@pytest.mark.parametrize("note", ["May 1, 2026.",
                                  "April 19, 2005; revised August 26, 2015.",
                                  "19 April 2005; accepted Sept. 3, 2015, published Dec~2015."])
def test_the_ieee_manuscript_received_note_names_no_one(note):
    """Round 45b (K14): IEEEtran's mandatory ``\\thanks{Manuscript received April 19, 2005;
    revised August 26, 2015.}`` under ``\\author{Anonymous Authors}`` warned "an author's
    name (April) and 1 more (August ...)" twice on every IEEE journal review copy: a
    month's name beside a number is a date, no name; ``\\IEEEmembership{Life Fellow, IEEE}``
    holds none either. Names in a note still are (round 32, A3)."""
    assert authors_named({"main.tex": _IEEE.replace("NOTE", note).encode()}) == ([], [])
    member = "\\author{Janet~Smithson,~\\IEEEmembership{Life~Fellow,~IEEE}}"
    assert authors_named({"main.tex": member.encode()})[0] == ["Janet", "Smithson"]
    said = "\\author{A\\thanks{Received May 2, 2026. May Chen is with MIT.}}"
    assert authors_named({"main.tex": said.encode()})[0] == ["May", "Chen"]


@pytest.mark.parametrize("field", [
    "\\authorrunning{J. Smithson et al.}",  # llncs, svjour
    "\\shortauthors{J. Smithson et~al.}",  # Elsevier's cas-dc
    "\\renewcommand{\\shortauthors}{Smithson et al.}",  # acmart
    "\\def\\shortauthors{Smithson and Anonymous}",
    "\\author[J. Smithson]{Anonymous}",  # amsart's running-head name
    "\\markboth{IEEE Transactions on Things}{Smithson \\MakeLowercase{\\textit{et al.}}: Base}",
    "\\markboth{Smithson: Base}{Journal of \\LaTeX\\ Class Files, August~2015}",
    "\\markright{Smithson et al.}",
])
def test_a_running_heads_author_field_is_read_as_author_is(field):
    """Round 45b (K22): llncs' ``\\authorrunning{J. Smithson et al.}`` beside ``\\author{
    Anonymous Author(s)}`` printed the name in the head of page 2 with warnings 0; the
    running heads' own author fields (``\\shortauthors``, acmart's ``\\renewcommand``,
    IEEEtran's ``\\markboth``: what stands before its ``et al.`` or ``:``) are author fields."""
    source = f"\\author{{Anonymous Author(s)}}\n{field}\n\\institute{{Anonymous Institution}}"
    assert authors_named({"main.tex": source.encode()})[0] == ["Smithson"]


def test_a_running_head_naming_no_author_names_no_one():
    """Round 45b (K22): a journal's name, a title, a month and a sectioning mark in a head
    are no names (IEEEtran's template, ``\\sectionmark``'s ``\\markboth{#1}{}``); nor are the
    classes' own (acmart.cls' ``\\gdef\\shortauthors{Anon. ...}``, jmlr.cls' ``\\acks``)."""
    source = ("\\markboth{Journal of \\LaTeX\\ Class Files,~Vol.~14, No.~8, August~2015}"
              "{Anonymous \\MakeLowercase{\\textit{et al.}}: Bare Demo}\n\\markboth{IEEE "
              "Transactions on Things}{Base}\n\\renewcommand{\\sectionmark}[1]{\\markboth{#1}{}}"
              "\n\\authorrunning{Anonymous et al.}\n\\renewcommand{\\shortauthors}{Anonymous "
              "Author(s)}")
    assert authors_named({"main.tex": source.encode()}) == ([], [])
    from pathlib import Path

    from figures import runner

    for name in ("acmart.cls", "llncs.cls", "IEEEtran.cls", "jmlr.cls"):  # their own fields
        found = runner.run(["kpsewhich", name]).stdout.strip()
        if found:
            assert authors_named({name: Path(found).read_bytes()}) == ([], []), name


@pytest.mark.parametrize("head", [
    "\\noindent\\textbf{Acknowledgments.}", "{\\bf Acknowledgements}", "\\section*{Funding}",
    "\\paragraph{Acknowledgements}", "\\section*{Acknowledgements and Funding}",
    "\\textbf{ACKNOWLEDGMENTS:}", "{\\bfseries Funding.}", "\\section{Acknowledgments}"])
def test_an_acknowledgements_head_as_papers_spell_it_is_told_at_its_line(head):
    """Round 45b (K17): ``\\noindent\\textbf{Acknowledgments.} We thank Karl Weberling and the
    Smithson Lab ...; funded by NSF grant ...`` (the bold run-in head NeurIPS, ICML, CVPR
    papers use), ``{\\bf Acknowledgements}`` and ``\\section*{Funding}`` shipped printed with
    warnings 0, and the line told of a ``\\section`` named no line."""
    source = f"\\author{{Anonymous}}\nSome text.\n\n{head} We thank Karl Weberling."
    assert authors_named({"main.tex": source.encode()})[1] == [
        ("main.tex:4: an acknowledgements section: venues ask for none (or an anonymised one) "
        "in a review copy: remove it for review")]
    prose = "We cut the \\textbf{funding} of \\emph{acknowledgements} in half."
    assert authors_named({"main.tex": prose.encode()}) == ([], [])


def test_text_after_a_made_comment_character_is_told_in_its_group_only():
    """Round 45b (K16): ``\\begingroup\\catcode`\\!=14`` / ``Some text. ! SECRETX Bob Jones
    ...`` / ``\\endgroup``: TeX drops the text after ``!``, the pack strips only ``%``'s
    comments, and the archive kept the note with warnings 0; now one line names it. A ``!``
    outside the group, ``\\!`` in math and a ``!`` with nothing after it are not told."""
    from figures.pack.notices import comment_characters

    text = ("Wow! Great.\n\\begingroup\\catcode`\\!=14\nSome text. ! SECRETX Bob Jones\n"
            "\\(a\\!b\\) More!\nAnd ! more\n\\endgroup\nWow! Great.\n")
    assert comment_characters({"main.tex": text, "x.sty": text}) == [
        ("main.tex:3: text after '!' (and 1 more), which line 2's \\catcode makes a comment "
        "character: TeX never reads it, but the archive keeps it (the pack strips only % "
        "comments): remove that text, or make it a % comment")]
    assert comment_characters({"main.tex": text.replace(" SECRETX Bob Jones", "").replace(
        "! more", "more")}) == []


@pytest.mark.slow
def test_the_pack_tells_an_acknowledgement_and_a_comment_characters_text_at_the_source_line(
        tmp_path):
    """Round 45b (K16, K17, K22): packed ``--anonymous``, the lines are the source's (a
    comment line above them is stripped from the archive), each told once."""
    anonymous_paper(tmp_path, "% a note\n\\newcommand{\\x}{x}",
                    "% stripped\n\\begingroup\\catcode`\\!=14\nSome text. ! SECRETX Bob Jones\n"
                    "\\endgroup\n\\markright{J. Smithson et al.}\n\n"
                    "\\noindent\\textbf{Acknowledgments.} We thank Karl Weberling.")
    told = pack_said(tmp_path, "--anonymous")
    assert "warning: main.tex:9: text after '!', which line 8's \\catcode makes" in told, told
    assert "warning: main.tex:13: an acknowledgements section" in told, told
    assert "warning: main.tex:11: an author's name (Smithson) in the packed source" in told, told
