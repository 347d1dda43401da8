"""Round 24 (N5): the anonymous pack's reading of text TeX never prints, on its own (the
compiled pages given as text): where it looks, and the page as the judge."""

from __future__ import annotations

import pytest
from helpers import HIDDEN_ENDS as _ENDS
from helpers import told_once

from figures.pack.hidden import told

_PAGE = ["Intro text here. BP reaches 61.5% accuracy on CIFAR-10 with a ResNet-18 backbone.\n1"]


def test_a_switch_in_a_venues_class_is_no_note():
    """Round 24 (N5): acmart.cls's ``\\if@ACM@journal`` branches (its own ``\\newif``) are
    the template's, not the author's notes: a class or package is read for definitions only."""
    cls = "\\newif\\if@ACM@journal\n\\if@ACM@journal\\typeout{Using the journal mode of it}\\fi\n"
    assert told({"acmart.cls": cls, "main.tex": "Intro text here.\n"}, _PAGE) == []


def test_printed_text_around_a_macro_is_printed():
    """Round 24 (N5): a printed branch whose number is a macro of ours (``\\heroAccBP``) is
    found on the page by its runs of words, not taken for hidden."""
    main = ("\\newif\\ifnotes\\notestrue\n\\ifnotes BP reaches \\heroAccBP{} accuracy on "
            "CIFAR-10 with a \\emph{ResNet-18} backbone.\\fi\n")
    assert told({"main.tex": main}, _PAGE) == []


def test_a_name_alone_is_not_judged_and_a_hidden_note_is():
    """Round 24 (N5): two words in a row are no run to look for (the ``\\author`` checks read
    names); a sentence the page lacks is told, with its line and the switch."""
    main = ("\\newif\\ifanon\\anontrue\n\\ifanon Anonymous\\else Janet Smithson\\fi\n"
            "\\ifanon\\else We thank Bob Jones for the code.\\fi\n")
    assert told_once(main, _PAGE) == (
        "main.tex:3: \\else We thank Bob Jones for the code. is hidden by \\ifanon, true there "
        "(\\newif\\ifanon)")


def test_pages_with_no_text_judge_nothing():
    """Round 24 (N5): a PDF whose text pypdf cannot read says nothing of what it prints."""
    assert told({"main.tex": "\\newif\\ifdraft\n\\ifdraft We thank Bob Jones for it.\\fi\n"}, [""]) == []


def test_etoolbox_and_ifthen_switches_are_read_as_newif_is():
    """Round 27 (H3): etoolbox's ``\\iftoggle{notes}{..}{..}`` (``\\newtoggle``), its
    ``\\notbool`` (``\\newbool``) and ifthen's ``\\ifthenelse{\\boolean{notes}}{..}{..}``
    (``\\newboolean``): each branch is looked at, the page the judge, the switch named."""
    main = ("\\newtoggle{notes}\\newbool{anon}\\newboolean{draft}\n"
            "\\iftoggle{notes}{We thank Bob Jones for the code.}{}\n"
            "\\notbool{anon}{Janet Smithson wrote this part alone.}{BP reaches 61.5\\% accuracy}\n"
            "\\ifthenelse{\\boolean{draft}}{Intro text here.}\n  {Ask reviewer two about it.}\n")
    assert told_once(main, _PAGE) == (
        "main.tex:2: \\iftoggle{notes}{We thank Bob Jones for the code.} is hidden by "
        "\\iftoggle{notes}, false there (\\newtoggle{notes}) (and 2 more, lines 3, 5)")
    third = main.replace("\\iftoggle{notes}{We", "\\iftoggle{notes}{}{We").replace(
        "\\notbool{anon}{Janet Smithson wrote this part alone.}", "\\notbool{anon}{Intro text here.}")
    assert told_once(third, _PAGE) == (
        "main.tex:2: {We thank Bob Jones for the code.} is hidden by \\iftoggle{notes}, true "
        "there (\\newtoggle{notes}) (and 1 more, lines 5)")


def test_a_printed_toggle_branch_is_not_told():
    """Round 27 (H3), the control: the branch the page prints (a toggle true) is not told,
    nor a switch the paper never declares."""
    main = ("\\newtoggle{notes}\\toggletrue{notes}\n"
            "\\iftoggle{notes}{BP reaches 61.5\\% accuracy on CIFAR-10}{}\n"
            "\\iftoggle{other}{We thank Bob Jones for the code.}{}\n")
    assert told({"main.tex": main}, _PAGE) == []


def test_a_command_using_its_argument_inside_a_switch_is_looked_at():
    """Round 27 (H5): ``\\newcommand{\\note}[1]{\\ifcomments\\textcolor{red}{[#1]}\\fi}``
    (and etoolbox's ``\\iftoggle`` in a body): each use is looked at, the page the judge, the
    command and switch named; printed (``\\commentstrue``), or used outside the branch too,
    nothing said."""
    pre = ("\\newif\\ifcomments \\commentsfalse\\newtoggle{c}\n"
           "\\newcommand{\\note}[1]{\\ifcomments\\textcolor{red}{[#1]}\\fi}\n"
           "\\newcommand{\\nb}[1]{\\iftoggle{c}{}{(#1)}}\\newcommand{\\x}[1]{\\ifcomments#1\\fi#1}\n")
    main = pre + ("Intro text here.\\note{We thank Bob Jones for the code.}\n"
                  "\\x{Ask reviewer two about it.}\\nb{Ask reviewer two about it.}\n")
    assert told_once(main, _PAGE) == (
        "main.tex:4: \\note{We thank Bob Jones for the code.} is hidden by \\ifcomments inside "
        "\\note, false there (\\newif\\ifcomments) (and 1 more, lines 5)")
    assert told({"main.tex": main}, [_PAGE[0] + " We thank Bob Jones for the code. (Ask "
                                     "reviewer two about it.)"]) == []


def test_an_iffalse_block_and_an_iftrue_else_are_looked_at():
    """Round 27 (IFF): an ``\\iffalse`` block (kept by the stripping) and the ``\\else`` part
    of an ``\\iftrue`` are looked at as a switch's branch is; ``\\let\\ifmine\\iftrue`` is
    no test."""
    main = ("Intro text here.\n\\iffalse\nWe thank Bob Jones % his code\nfor the code.\n\\fi\n"
            "\\let\\ifmine\\iftrue\\iftrue BP reaches 61.5\\% accuracy\\else Ask reviewer two "
            "about it.\\fi\n")
    assert told_once(main, _PAGE) == (
        "main.tex:2: \\iffalse We thank Bob Jones for the code. is hidden by \\iffalse (and 1 "
        "more, lines 6)")


@pytest.mark.parametrize("definition", [
    "\\NewDocumentCommand{\\note}{m}{\\ifcomments\\textcolor{red}{[#1]}\\fi}",
    "\\DeclareRobustCommand{\\note}[1]{\\ifcomments\\textcolor{red}{[#1]}\\fi}"],
    ids=["NewDocumentCommand", "DeclareRobustCommand"])
def test_a_notes_macro_of_any_definer_is_looked_at(definition):
    """Round 28 (H10): round 27 H5's notes macro defined by xparse's ``\\NewDocumentCommand``
    or by ``\\DeclareRobustCommand``: its notes shipped with no word (only ``\\newcommand``
    and ``\\def`` were read)."""
    main = (f"\\newif\\ifcomments \\commentsfalse\n{definition}\n"
            "Intro text here.\\note{We thank Bob Jones for the code.}\n")
    assert told_once(main, _PAGE) == (
        "main.tex:3: \\note{We thank Bob Jones for the code.} is hidden by \\ifcomments "
        "inside \\note, false there (\\newif\\ifcomments)")


def test_citation_keys_in_a_printed_branch_are_no_prose():
    """Round 28 (H7): a true ``\\ifarxiv`` branch made mostly of ``\\cite{key}`` was told
    hidden, "false there": the keys were read as words, and the page prints ``[4]`` or
    ``Smith [2020]``. An argument TeX never prints as words (a citation key, a label, a
    reference, an address, a colour) is no prose and breaks a run; a false branch with real
    notes among citations is still told."""
    page = [("Intro text here. Compare [4] with [2] and [1] or [3] too. Smith [2020] beat "
             "Jones [2021] on CIFAR-10, see Section 3 for the details.\n1")]
    main = ("\\newif\\ifarxiv \\arxivtrue\n"
            "\\ifarxiv Compare \\cite{smith} with \\cite{jones} and \\cite{brown} or "
            "\\cite{lee} too.\\fi\n"
            "\\ifarxiv \\citet{smith2020} beat \\citet[p.~3]{jones2021} on CIFAR-10, see "
            "Section~\\ref{sec:more}\\label{x} for the details.\\fi\n")
    assert told({"main.tex": main}, page) == []
    hidden = main.replace("\\arxivtrue", "") + (
        "\\ifarxiv\\else We thank Bob Jones \\cite{jones} for the code.\\fi\n")
    assert told_once(hidden, page) == (
        "main.tex:4: \\else We thank Bob Jones \\cite{jones} for the code. is hidden by "
        "\\ifarxiv, true there (\\newif\\ifarxiv)")


def test_ifdraft_ifdefined_and_any_ifthenelse_are_switches():
    """Round 28 (H8): notes behind ifdraft's ``\\ifdraft{..}{..}``, ``\\ifdefined\\shownotes
    .. \\fi`` and ifthen's ``\\ifthenelse{\\equal{\\version}{draft}}{..}{..}`` shipped with no
    word (only the paper's ``\\newif``, etoolbox's and ifthen's booleans were read). Each is a
    switch now, both branches looked at, the page the judge (which way ``\\ifdefined`` or an
    ``\\equal`` goes the source cannot always say)."""
    main = ("\\usepackage{ifdraft,ifthen,xcolor}\n\\newcommand{\\version}{review}\n"
            "\\begin{document}\nIntro text here.\n"
            "\\ifdraft{\\textcolor{red}{ask Bob Jones about reviewer two}}{}\n"
            "\\ifdefined\\shownotes \\textcolor{red}{Bob Jones wrote this part} \\fi\n"
            "\\ifthenelse{\\equal{\\version}{draft}}{\\textcolor{red}{cite our ICML paper by "
            "Alice Smith}}{}\nMore text.\n\\end{document}\n")
    assert told_once(main, ["Intro text here. More text.\n1"]) == (
        "main.tex:5: \\ifdraft{\\textcolor{red}{ask Bob Jones about reviewer two}} is hidden "
        "by \\ifdraft, false there (the ifdraft package) (and 2 more, lines 6, 7)")
    assert "is hidden by \\ifoptionfinal, false there (the ifdraft package)" in told(
        {"main.tex": main.replace("\\ifdraft{", "\\ifoptionfinal{")}, ["Intro text here.\n1"])[0]
    unloaded = told({"main.tex": main.replace("ifdraft,", "")}, ["Intro text here.\n1"])
    assert unloaded[0].startswith("main.tex:6: \\ifdefined\\shownotes \\textcolor{red}{Bob "
                                  "Jones wrote this part} is hidden by \\ifdefined\\shownotes, "
                                  "false there (and 1 more, lines 7): "), unloaded
    printed = [("Intro text here. ask Bob Jones about reviewer two Bob Jones wrote this part "
                "cite our ICML paper by Alice Smith More text.\n1")]
    assert told({"main.tex": main}, printed) == []
    elses = ("\\begin{document}\nIntro text here.\\ifdefined\\shownotes Intro text here.\\else "
             "We thank Bob Jones for it.\\fi\\ifthenelse{\\equal{a}{b}}{}{Ask reviewer two "
             "about it.}\\ifundef{\\x}{Janet Smithson wrote this part alone.}{}\n\\end{document}\n")
    assert told_once(elses, ["Intro text here.\n1"]) == (
        "main.tex:2: \\else We thank Bob Jones for it. is hidden by \\ifdefined\\shownotes, true "
        "there (and 2 more, lines 2, 2)")


@pytest.mark.parametrize(("definition", "use"), [
    ("\\NewDocumentCommand{\\note}{+m}{\\ifcomments\\textcolor{red}{[#1]}\\fi}", "{%s}"),
    ("\\NewDocumentCommand{\\note}{O{blue} m}{\\ifcomments\\textcolor{#1}{A: #2}\\fi}", "{%s}"),
    ("\\NewDocumentCommand{\\note}{s m}{\\ifcomments\\textcolor{red}{B: #2}\\fi}", "*{%s}"),
    ("\\NewDocumentCommand{\\note}{o m}{\\ifcomments[#1] #2\\fi}", "[Bob]{%s}"),
    ("\\NewDocumentCommand{\\note}{m m}{\\ifcomments#1: #2\\fi}", "{Bob}{%s}"),
    ("\\NewExpandableDocumentCommand{\\note}{m}{\\ifcomments C: #1\\fi}", "{%s}"),
    ("\\RenewDocumentCommand\\note{ +m }{\\ifcomments#1\\fi}", "{%s}"),
    ("\\ProvideDocumentCommand{\\note}{m}{\\ifcomments#1\\fi}", "{%s}"),
    ("\\newrobustcmd{\\note}[1]{\\ifcomments\\textcolor{red}{D: #1}\\fi}", "{%s}"),
    ("\\renewrobustcmd*\\note[2][x]{\\ifcomments#2\\fi}", "{%s}"),
    (("\\NewDocumentCommand{\\note}{s t+ D<>{x} >{\\SplitList{,}}r() e{^_} v O{} m}"
      "{\\IfBooleanT{#1}{*}#3#6\\ifcomments#8#9\\fi}"),
     "*<a>(b)_{Bob Jones and} |v| [o]{%s}"),
    ("\\DeclareDocumentCommand{\\note}{g G{x} d() m}{\\ifcomments#4\\fi}", "{a}(b){%s}")],
    ids=["+m", "O{..}m", "sm", "om", "mm", "Expandable", "Renew", "Provide", "newrobustcmd",
         "renewrobustcmd", "every-type", "g-G-d"])
def test_a_notes_macro_of_any_argument_specification_is_looked_at(definition, use):
    """Round 29 (H1): round 28 H10's notes macro read only for an xparse specification of
    bare ``m`` (``{+m}``, ``{O{blue} m}``, ``{s m}``, ``\\NewExpandableDocumentCommand``,
    etoolbox's ``\\newrobustcmd``: all notes shipped, warnings 0). The specification is read
    token by token, and each use's arguments taken as xparse takes them."""
    main = (f"\\newif\\ifcomments \\commentsfalse\n{definition}\n"
            f"Intro text here.\\note{use % 'We thank Bob Jones for the code.'}\n")
    said = told({"main.tex": main}, _PAGE)
    assert len(said) == 1, said
    assert said[0].startswith("main.tex:3: \\note"), said
    assert said[0].endswith("is hidden by \\ifcomments inside \\note, false there "
                            "(\\newif\\ifcomments): " + _ENDS), said
    assert "We thank Bob Jones for the code.}" in said[0], said
    shown = _PAGE[0] + " We thank Bob Jones for the code. Bob Jones and"
    assert told({"main.tex": main}, [shown]) == []


@pytest.mark.parametrize(("definition", "said"), [
    ("\\makeatletter\\let\\note\\@gobble\\makeatother", "\\let\\note\\@gobble"),
    ("\\makeatletter\\global\\let\\note = \\@gobble\\makeatother", "\\let\\note\\@gobble"),
    ("\\makeatletter\\let\\note\\@gobbletwo\\makeatother", "\\let\\note\\@gobbletwo"),
    ("\\makeatletter\\newcommand{\\note}{\\@gobble}\\makeatother", "\\newcommand{\\note}"),
    ("\\NewCommandCopy\\note\\@gobble", "\\NewCommandCopy\\note\\@gobble"),
    ("\\ExplSyntaxOn\\cs_set_eq:NN \\note \\use_none:nn\\ExplSyntaxOff",
     "\\cs_set_eq:NN\\note\\use_none:nn"),
    ("\\def\\note#1{}", "\\def\\note"),
    ("\\newcommand{\\note}[1]{}", "\\newcommand{\\note}"),
    ("\\renewcommand\\note[1]{\\ignorespaces}", "\\renewcommand{\\note}")],
    ids=["let", "global-let=", "gobbletwo", "newcommand-gobble", "NewCommandCopy", "expl3",
         "def", "newcommand", "renewcommand-ignorespaces"])
def test_a_command_made_a_gobbler_drops_its_notes(definition, said):
    """Round 29 (K4): ``\\let\\note\\@gobble`` (the kernel's idiom for a dropped argument)
    shipped the notes with no word; ``\\@gobbletwo``, a ``\\newcommand`` expanding to
    ``\\@gobble``, LaTeX's ``\\NewCommandCopy`` and expl3's ``\\cs_set_eq:NN`` to
    ``\\use_none:n`` are the same hider; ``\\def\\note#1{}``, ``\\newcommand{\\note}[1]{}``
    and a body of ``\\ignorespaces`` were (round 24, N5) and still are."""
    main = (f"{definition}\nIntro text here.\n"
            "\\note{We thank Bob Jones for the code.}{Ask reviewer two about it.}\n")
    more = " (and 1 more, lines 3)" if said.endswith(("two", "nn")) else ""
    assert told_once(main, _PAGE) == (
        "main.tex:3: \\note{We thank Bob Jones for the code.} is hidden by \\note, which "
        f"drops that argument ({said}){more}")


def test_an_uncited_entry_of_a_filecontents_bib_is_told():
    """Round 29 (K1): a ``.bib`` written by ``filecontents*`` in main.tex ships as written,
    its uncited self-citation too (authors, "under review at ICML"), which the page never
    shows: warnings 0. Each entry no ``\\bibitem`` of the packed ``.bbl`` (nor a ``\\cite``)
    names is looked at, and the text between entries, which BibTeX skips; a cited entry,
    ``\\nocite{*}``, or an uncited one whose words the page prints, is not told."""
    main = ("\\documentclass{article}\n\\begin{filecontents*}[overwrite]{refs.bib}\n"
            "@article{smith2020,author={Smith, John},title={A study of the thing},journal={J},"
            "year={2020}}\n\n"
            "@article{ours2025,author={Smithson, Alice and Jones, Bob},title={Our earlier "
            "audit},\n  note={under review at ICML},year={2025}}\n"
            "\\end{filecontents*}\n\\usepackage{natbib}\n\\begin{document}\n"
            "Intro text here, following \\citet{smith2020}.\n"
            "\\bibliographystyle{plainnat}\\bibliography{refs}\n\\end{document}\n")
    bbl = ("\\begin{thebibliography}{1}\n\\bibitem[{Smith}(2020)]{smith2020}\nJohn Smith.\n"
           "\\newblock A study of the thing.\n\\newblock \\emph{J}, 2020.\n"
           "\\end{thebibliography}\n")
    page = [("Intro text here, following Smith [2020]. References John Smith. A study of the "
             "thing. J, 2020.\n1")]
    assert told_once({"main.tex": main, "main.bbl": bbl}, page) == (
        "main.tex:5: @article{ours2025,author={Smithson, Alice and Jones, Bob},title={Our "
        "earlier ... is hidden by \\begin{filecontents*}{refs.bib}, an entry never cited "
        "(BibTeX leaves it out)")
    assert told({"main.tex": main.replace("\\citet{smith2020}", "\\citet{smith2020} "
                                          "\\nocite{*}"), "main.bbl": bbl}, page) == []
    cited = main.replace("\\citet{smith2020}", "\\citet{smith2020,ours2025}")
    assert told({"main.tex": cited, "main.bbl": bbl}, page) == []
    noted = main.replace("\n\n@article{ours", "\n% Bob Jones says we should add ours\n@article{ours")
    assert told({"main.tex": noted, "main.bbl": bbl}, page)[0].startswith(
        "main.tex:4: % Bob Jones says we should add ours is hidden by \\begin{filecontents*}"
        "{refs.bib}, text between its entries (BibTeX skips it) (and 1 more, lines 5): ")


@pytest.mark.parametrize(("made", "said"), [
    ("\\newif\\ifarxiv\\arxivfalse\n\\let\\ifmine\\ifarxiv", "\\let\\ifmine\\ifarxiv"),
    ("\\newif\\ifarxiv\n\\global\\let\\ifmine = \\ifarxiv", "\\let\\ifmine\\ifarxiv"),
    ("\\let\\ifmine\\iffalse", "\\let\\ifmine\\iffalse"),
    ("\\let\\ifmine=\\iftrue", "\\let\\ifmine\\iftrue"),
    ("\\newif\\ifarxiv\n\\let\\ifours\\ifarxiv\\let\\ifmine\\ifours", "\\let\\ifmine\\ifours")],
    ids=["let", "global-let=", "iffalse", "iftrue", "copy-of-copy"])
def test_a_switch_made_by_let_is_a_switch(made, said):
    """Round 30 (H5): ``\\newif\\ifarxiv\\arxivfalse``, ``\\let\\ifmine\\ifarxiv`` and
    ``\\ifmine <note>\\fi``: the note shipped, warnings 0 (only ``\\newif`` and etoolbox's and
    ifthen's makers named a switch). A ``\\let`` of a known switch (``\\iftrue``,
    ``\\iffalse`` too, a copy's copy) makes another; the page judges both branches."""
    main = (f"{made}\n\\begin{{document}}\nIntro text here.\\ifmine We thank Bob Jones for "
            "the code.\\else Ask reviewer two about the plot.\\fi\n\\end{document}\n")
    line = main[:main.index("Intro")].count("\n") + 1
    assert told_once(main, _PAGE) == (
        f"main.tex:{line}: \\ifmine We thank Bob Jones for the code. is hidden by \\ifmine, "
        f"false there ({said}) (and 1 more, lines {line})")
    shown = _PAGE[0] + " We thank Bob Jones for the code. Ask reviewer two about the plot."
    assert told({"main.tex": main}, [shown]) == []


def test_a_preamble_test_in_the_title_block_is_looked_at():
    """Round 30 (H8): ``\\title{Results\\ifdefined\\mynotes\\ <note>\\fi}`` and
    ``\\author{Anonymous\\ifthenelse{\\equal{\\version}{final}}{ and <note>}{}}``: tests of
    the paper's own conditions before ``\\begin{document}`` were skipped as settings, though a
    title block's arguments are printed. Read there (``\\date``, ``\\thanks``, a venue's
    ``\\icmltitle``, ``\\icmlauthor`` too) as in the body; elsewhere in the preamble still
    settings."""
    main = ("\\usepackage{ifthen}\\newcommand\\version{review}\n"
            "\\ifdefined\\chapter\\newcommand{\\unit}{We thank Bob Jones for the code.}\\fi\n"
            "\\def\\mytitle{Results\\ifdefined\\mynotes\\ ask Bob Jones first about it\\fi}\n"
            "\\title[Short]{Results\\ifdefined\\mynotes\\ ask Bob Jones first about it\\fi}\n"
            "\\author{Anonymous\\ifthenelse{\\equal{\\version}{final}}{ and Alice Smith at "
            "Acme Labs}{}}\n"
            "\\icmltitle{Results\\ifcsname mynotes\\endcsname\\ cite our ICML paper now\\fi}\n"
            "\\begin{document}\n\\maketitle Intro text here.\n\\end{document}\n")
    assert told_once(main, ["Results Anonymous Intro text here.\n1"]) == (
        "main.tex:4: \\ifdefined\\mynotes\\ ask Bob Jones first about it is hidden by "
        "\\ifdefined\\mynotes, false there (and 2 more, lines 5, 6)")
    shown = "Results ask Bob Jones first about it Anonymous and Alice Smith at Acme Labs " \
            "cite our ICML paper now Intro text here.\n1"
    assert told({"main.tex": main}, [shown]) == []


@pytest.mark.parametrize("copy", [
    "\\let\\nbd\\nba", "\\global\\let\\nbd = \\nba", "\\NewCommandCopy{\\nbd}{\\nba}",
    "\\NewCommandCopy\\nbd\\nba", "\\ExplSyntaxOn\\cs_set_eq:NN \\nbd \\nba\\ExplSyntaxOff",
    "\\let\\nbc\\nba\\let\\nbd\\nbc"],
    ids=["let", "global-let=", "NewCommandCopy{}", "NewCommandCopy", "expl3", "copy-of-copy"])
def test_a_copy_of_a_notes_macro_is_followed(copy):
    """Round 30 (H10): ``\\long\\def\\nba#1{\\ifnotes#1\\fi}``, ``\\let\\nbd\\nba`` and only
    ``\\nbd{<note>}`` used: the note shipped, warnings 0 (a copy never followed). Copies
    (``\\let``, ``\\NewCommandCopy``, expl3's, a copy's copy) of a notes macro, of todonotes'
    ``\\todo`` and of a discarding environment are followed."""
    main = (f"\\newif\\ifnotes\\notesfalse\n\\long\\def\\nba#1{{\\ifnotes#1\\fi}}\n{copy}\n"
            "Intro text here.\\nbd{We thank Bob Jones for the code.}\n")
    found = told({"main.tex": main}, _PAGE)
    assert len(found) == 1, found
    assert found[0].startswith(
        "main.tex:4: \\nbd{We thank Bob Jones for the code.} is hidden by \\ifnotes inside "
        "\\nba, false there (\\newif\\ifnotes), through \\"), found
    assert told({"main.tex": main}, [_PAGE[0] + " We thank Bob Jones for the code."]) == []
    todo = ("\\usepackage[disable]{todonotes}\n\\let\\fixme\\todo\n"
            "Intro text here.\\fixme{We thank Bob Jones for the code.}\n")
    assert told({"main.tex": todo}, _PAGE)[0].startswith(
        "main.tex:3: \\fixme{We thank Bob Jones for the code.} is hidden by todonotes' disable")
    environment = ("\\usepackage{environ}\\NewEnviron{notes}{}\n\\let\\mine\\notes"
                   "\\let\\endmine\\endnotes\nIntro text here.\\begin{mine}We thank Bob Jones "
                   "for the code.\\end{mine}\n")
    assert told({"main.tex": environment}, _PAGE)[0].startswith(
        "main.tex:3: \\begin{mine}We thank Bob Jones for the code. is hidden by the mine "
        "environment, which discards its body (\\let\\mine\\notes)"), told(
        {"main.tex": environment}, _PAGE)


@pytest.mark.parametrize(("definition", "use", "said"), [
    ("\\ExplSyntaxOn \\cs_new:Npn \\note #1 { } \\ExplSyntaxOff", "\\note", "\\cs_new:Npn\\note"),
    ("\\ExplSyntaxOn\\cs_set_protected:Npn\\note#1#2{#2}\\ExplSyntaxOff", "\\note",
     "\\cs_set_protected:Npn\\note"),
    ("\\ExplSyntaxOn \\cs_gset:Npn { \\note } #1 {} \\ExplSyntaxOff", "\\note",
     "\\cs_gset:Npn\\note"),
    ("\\ExplSyntaxOn \\cs_new:Nn \\my_note:nn { #2 } \\ExplSyntaxOff", "\\my_note:nn",
     "\\cs_new:Nn\\my_note:nn")],
    ids=["cs_new:Npn", "cs_set_protected:Npn", "cs_gset:Npn-braced", "cs_new:Nn"])
def test_an_expl3_definition_that_drops_its_argument_is_looked_at(definition, use, said):
    """Round 31 (N9): ``\\cs_new:Npn \\note #1 { }`` (expl3's definer) dropped the note and
    the pack said nothing (expl3 was read only in ``\\cs_set_eq:NN``); now read as
    ``\\def`` is, the ``:Nn`` forms with the arguments their signature counts."""
    main = f"{definition}\nIntro text here.\n{use}{{We thank Bob Jones for the code.}}{{x}}\n"
    assert told_once(main, _PAGE) == (
        f"main.tex:3: {use}{{We thank Bob Jones for the code.}} is hidden by {use}, which "
        f"drops that argument ({said})")


@pytest.mark.parametrize("body", [
    "\\IfBooleanT{#1}{#3}", "\\IfBooleanTF{#1}{\\textbf{#3}}{}", "\\IfBooleanF {#1} {#3} #2",
    "\\IfNoValueTF{#2}{}{#3}", "\\IfValueT{#2}{#3}"])
def test_an_argument_used_only_inside_an_xparse_test_is_looked_at(body):
    """Round 31 (N12): ``\\NewDocumentCommand{\\note}{s o m}{\\IfBooleanT{#1}{#3}}``
    dropped the unstarred note and the pack said nothing (xparse's tests were no switch);
    now each branch of ``\\IfBooleanT/F/TF``, ``\\IfNoValueT/F/TF``, ``\\IfValueT/F/TF`` is
    one, the page deciding. An argument used in the test itself, or outside it, is printed."""
    main = (f"\\NewDocumentCommand{{\\note}}{{s o m}}{{{body}}}\nIntro text here.\n"
            "\\note[a]{We thank Bob Jones for the code.}\n")
    said = told_once(main, _PAGE)
    assert said.startswith("main.tex:3: \\note[a]{We thank Bob Jones for the code.} is hidden "
                           f"by \\{body[1:body.index('{')].strip()}{{#"), said
    assert " inside \\note, " in said, said
    assert told({"main.tex": main}, ["Intro text here. We thank Bob Jones for the code."]) == []
    used = main.replace("}\nIntro", " #3}\nIntro", 1)  # #3 outside the test too: printed
    assert told({"main.tex": used}, _PAGE) == [], used


def test_each_case_of_an_ifcase_is_looked_at():
    """Round 31 (N2): ``\\ifcase 0 Printed zero case.\\or <note>\\fi{}`` in the body shipped
    the ``\\or`` branch untold (TeX's ``\\ifcase`` was not read). Now each case, ``\\else``
    too, is a candidate, the page deciding; a nested ``\\ifnum .. \\fi`` is counted."""
    main = ("\\documentclass{article}\n\\begin{document}\nIntro text here.\n\\ifcase\\value{page}"
            " Printed zero case words.\\or \\ifnum1=1 We thank Bob Jones for the code.\\else "
            "x\\fi\\else Ask reviewer two about it now.\\fi{} More.\n\\end{document}\n")
    page = ["Intro text here. Printed zero case words. More."]
    assert told_once(main, page) == (
        "main.tex:4: \\or \\ifnum1=1 We thank Bob Jones for the code.\\else x\\fi is hidden by "
        "\\ifcase\\value{page}, a case not taken there (and 1 more, lines 4)")
    printed = ["Intro text here. We thank Bob Jones for the code. More."]
    assert told_once(main, printed).startswith(
        "main.tex:4: \\ifcase\\value{page} Printed zero case words. is hidden by")
    assert told({"main.tex": main}, [(
        "Intro text here. Printed zero case words. We thank Bob Jones for the code. "
        "Ask reviewer two about it now.")]) == []


@pytest.mark.parametrize(("copy", "said"), [
    ("\\cs_new_eq:NN \\note \\my_note:n", "\\cs_new_eq:NN\\note\\my_note:n"),
    ("\\cs_set_eq:NN \\note \\my_note:n", "\\cs_set_eq:NN\\note\\my_note:n"),
    ("\\let\\note\\my_note:n", "\\let\\note\\my_note:n")],
    ids=["cs_new_eq", "cs_set_eq", "let-in-expl3"])
def test_an_expl3_copy_of_an_expl3_notes_function_is_followed(copy, said):
    """Round 32 (H5): ``\\cs_new:Nn \\my_note:n { } \\cs_new_eq:NN \\note \\my_note:n`` and
    ``\\note{<note>}``: the note shipped, warnings 0 (the copied name was read to its ``_``:
    ``\\my``, no definition). A copy's names are read as expl3 spells them where the copy is
    expl3's or under ``\\ExplSyntaxOn``; outside it TeX's letters end at ``_``."""
    main = (f"\\ExplSyntaxOn \\cs_new:Nn \\my_note:n {{ }} {copy} \\ExplSyntaxOff\n"
            "Intro text here.\n\\note{We thank Bob Jones for the code.}\n")
    assert told_once(main, _PAGE) == (
        "main.tex:3: \\note{We thank Bob Jones for the code.} is hidden by \\my_note:n, which "
        f"drops that argument (\\cs_new:Nn\\my_note:n), through {said}")
    assert told({"main.tex": main}, [_PAGE[0] + " We thank Bob Jones for the code."]) == []
    outside = main.replace(" \\ExplSyntaxOff", "").replace("\\ExplSyntaxOn", "") + \
        "\\let\\fixme\\my_note:n\n\\fixme{Ask reviewer two about the code now.}\n"
    assert "\\fixme{" not in " ".join(told({"main.tex": outside}, _PAGE))


def test_an_unless_test_is_told_with_its_switchs_own_value():
    """Round 31 (N5): ``\\unless\\ifnotes Printed.\\else <note>\\fi{}`` with ``\\notesfalse``:
    the note was told, but as "hidden by \\ifnotes, true there" (the switch is false:
    ``\\unless`` inverts it). Now ``\\unless\\ifnotes`` is named, with the value ``\\ifnotes``
    has there; the printed first branch is not told."""
    main = ("\\newif\\ifnotes\\notesfalse\nIntro text here. \\unless\\ifnotes Printed because "
            "unless.\\else We thank Bob Jones for the code.\\fi{} More.\n")
    page = ["Intro text here. Printed because unless. More."]
    assert told_once(main, page) == (
        "main.tex:2: \\else We thank Bob Jones for the code. is hidden by \\unless\\ifnotes, "
        "\\ifnotes false there (\\newif\\ifnotes)")
    flipped = ["Intro text here. We thank Bob Jones for the code. More."]
    assert told_once(main.replace("Printed because", "Ask reviewer two"), flipped) == (
        "main.tex:2: \\unless\\ifnotes Ask reviewer two unless. is hidden by \\unless\\ifnotes, "
        "\\ifnotes true there (\\newif\\ifnotes)")
    macro = ("\\newif\\ifnotes\n\\newcommand{\\note}[1]{\\unless\\ifnotes\\else #1\\fi}\n"
             "Intro text here. \\note{We thank Bob Jones for the code.}\n")
    assert told_once(macro, page) == (
        "main.tex:3: \\note{We thank Bob Jones for the code.} is hidden by \\unless\\ifnotes "
        "inside \\note, \\ifnotes false there (\\newif\\ifnotes)")


@pytest.mark.parametrize(("definition", "said"), [
    (("\\bool_new:N \\g_show_bool \\cs_new_protected:Npn \\note #1 { \\bool_if:NT \\g_show_bool"
     " { #1 } }"), "\\bool_if:NT\\g_show_bool inside \\note, false there (\\bool_new:N\\g_show_bool)"),
    ("\\bool_new:N \\l_show_bool \\cs_new:Npn \\note #1 { \\bool_if:NTF \\l_show_bool { #1 } { } }",
     "\\bool_if:NTF\\l_show_bool inside \\note, false there (\\bool_new:N\\l_show_bool)"),
    ("\\bool_gset_true:N \\g_hide_bool \\cs_new:Npn \\note #1 { \\bool_if:NF \\g_hide_bool {#1} }",
     "\\bool_if:NF\\g_hide_bool inside \\note, true there (\\bool_gset_true:N\\g_hide_bool)"),
    (("\\bool_new:N \\g_show_bool \\bool_set_false:N \\g_show_bool \\cs_new:Nn \\my_note:n "
     "{ \\bool_if:nTF { ! \\g_show_bool } { } { #1 } } \\cs_new_eq:NN \\note \\my_note:n"),
     ("\\bool_if:nTF{!\\g_show_bool} inside \\my_note:n, false there (\\bool_new:N\\g_show_bool), "
     "through \\cs_new_eq:NN\\note\\my_note:n"))],
    ids=["NT", "NTF", "NF-set", "nTF-not-copied"])
def test_an_expl3_boolean_test_is_a_switch(definition, said):
    """Round 32 (H2): ``\\bool_new:N \\g_show_bool \\cs_new_protected:Npn \\note #1
    { \\bool_if:NT \\g_show_bool { #1 } }`` (the boolean false) and ``\\note{<note>}``: the
    note shipped, warnings 0 (expl3's test was no switch). An expl3 boolean (``\\bool_new:N``,
    or set by ``\\bool_set_true:N`` and its kin) is a switch, each branch of
    ``\\bool_if:NT/NF/NTF`` and ``\\bool_if:nTF {! ..}`` on it is read as etoolbox's are."""
    main = (f"\\ExplSyntaxOn {definition} \\ExplSyntaxOff\nIntro text here.\n"
            "\\note{We thank Bob Jones for the code.}\n")
    assert told_once(main, _PAGE) == (
        f"main.tex:3: \\note{{We thank Bob Jones for the code.}} is hidden by {said}")
    assert told({"main.tex": main}, [_PAGE[0] + " We thank Bob Jones for the code."]) == []
    used = main.replace("\\ExplSyntaxOff", "\\cs_new:Npn \\other #1 { #1 } \\ExplSyntaxOff")
    assert told({"main.tex": used.replace("\\note{", "\\other{")}, _PAGE) == []



def test_an_expl3_gobblers_arguments_are_its_signatures_letters():
    """Round 34 (H3): ``\\cs_new_eq:NN \\note \\use_none:n`` with two notes on one line was
    told as one note "and 2 more": the reader counted the n's of ``use_none:n`` (three), so
    the first ``\\note`` ate the second. An expl3 function's arguments are the letters of its
    signature after the last ``:`` (``\\use_none:n`` one, ``\\use_none:nn`` two);
    ``\\use_i:nn`` keeps the first of its two and drops the second, ``\\use_ii:nn`` the
    other way round."""
    made = "\\ExplSyntaxOn \\cs_new_eq:NN \\note {} \\ExplSyntaxOff\nIntro text here.\n"
    two = "\\note{We thank Bob Jones for the code.} \\note{Ask reviewer two about it.}\n"
    assert told_once(made.format("\\use_none:n") + two, _PAGE) == (
        "main.tex:3: \\note{We thank Bob Jones for the code.} is hidden by \\note, which "
        "drops that argument (\\cs_new_eq:NN\\note\\use_none:n) (and 1 more, lines 3)")
    for kept, gobbler in ((1, "\\use_i:nn"), (2, "\\use_ii:nn")):
        pair = ["We thank Bob Jones for the code.", "Ask reviewer two about it."]
        main = made.format(gobbler) + "\\note{{{}}}{{{}}}\n".format(*pair)
        said = told_once(main, [_PAGE[0] + " " + pair[kept - 1]])
        assert said.startswith("main.tex:3: \\note{We thank Bob Jones for the code.}"), said
        assert said.endswith(f" is hidden by \\note, which drops that argument "
                             f"(\\cs_new_eq:NN\\note{gobbler})"), said
        assert (pair[1] in said) == (kept == 1), said
