"""Hostile round 42a, ``figures pack --anonymous``'s readings: a colour profile's texts read
decoded (A19), the e-mail spellings authors write (A59)."""

from __future__ import annotations

import functools
import io

from helpers import review_pdf
from PIL import Image, ImageCms
from pypdf import PdfWriter

from figures.pack.anonymity import in_sources
from figures.pack.scrub import without_metadata
from figures.paper.aside import told
from figures.paper.disclosure import disclosed

_KEPT = (" (the pack keeps a colour profile as it is, so the colours stay exact: embed another, "
         "such as sRGB, or rename it in a colour tool)")


@functools.cache  # littleCMS stamps the second it made the profile in its header
def _profile(description: str, copyright: str) -> bytes:
    """littleCMS's sRGB profile, its description and copyright (UTF-16 in ICC v4 ``mluc``)
    replaced by texts of the same lengths (13 and 24 characters)."""
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    for old, new in (("sRGB built-in", description), ("No copyright, use freely", copyright)):
        assert len(old) == len(new)
        profile = profile.replace(old.encode("utf-16-be"), new.encode("utf-16-be"))
    return profile


def _images(profile: bytes) -> dict[str, bytes]:
    """A PNG and a JPEG embedding ``profile``, scrubbed as the pack scrubs them."""
    found = {}
    for name, form in (("figs/screen.png", "PNG"), ("figs/photo.jpg", "JPEG")):
        out = io.BytesIO()
        Image.new("RGB", (40, 30), (30, 120, 200)).save(out, form, icc_profile=profile)
        found[name] = without_metadata(out.getvalue(), name)
    return found


def test_an_email_in_a_colour_profiles_copyright_is_told(tmp_path):
    """Round 42 (A19): a PNG's and a JPEG's colour profile whose copyright (ICC ``cprt``,
    UTF-16 ``mluc``) reads ``(c) jsmith@mit.edu 2024``: the author's name in its description
    was told, the e-mail address shipped with no word (the byte patterns ran over the raw
    profile, its texts UTF-16). Every check runs over the profile's decoded texts: the
    address is told, naming the copyright; a home folder's path too."""
    said = in_sources(_images(_profile("Janet's iMac ", "(c) jsmith@mit.edu 2024 ")),
                      ["Janet", "Smithson"], tmp_path / "paper")
    for name in ("photo.jpg", "screen.png"):
        assert (f"figs/{name} (its colour profile's copyright, ICC cprt): an e-mail address "
                "(jsmith@mit.edu) in the packed source: the archive discloses it; remove it "
                f"for review{_KEPT}") in said, said
        assert (f"figs/{name} (its colour profile's description, ICC desc): an author's name "
                "(Janet) in the packed source: the archive discloses it; remove it for "
                f"review{_KEPT}") in said, said
    assert len(said) == 4, said
    homes = in_sources(_images(_profile("sRGB built-in", "/home/kweber/icc/x.icc a")),
                       [], tmp_path / "paper")
    assert ("figs/photo.jpg (its colour profile's copyright, ICC cprt): a home folder's path "
            f"(/home/kweber) in the packed source: the archive discloses it; remove it for "
            f"review{_KEPT}") in homes, homes


_SPELLINGS = rb"""Contact \texttt{\{jsmith,kweber\}@cs.mit.edu}.

Or write to jsmith [at] mit [dot] edu, or jsmith(at)mit.edu.
Or {\tt jane}@uni-x.de, or $\{$ab; cd$\}$@x.org, or jdoe AT cs DOT cmu DOT edu.
"""


def test_the_email_spellings_authors_write_are_told(tmp_path):
    r"""Round 42 (A59): ``\texttt{\{jsmith,kweber\}@cs.mit.edu}`` (two people's addresses in
    one, printed ``{jsmith,kweber}@cs.mit.edu``), ``jsmith [at] mit [dot] edu`` and
    ``jsmith(at)mit.edu`` shipped with no word: the pattern wanted a local part right before
    ``@``. Each address of a brace list is named, a spelled-out one as written."""
    said = in_sources({"main.tex": _SPELLINGS}, [], tmp_path / "paper")
    assert said == [
        ("main.tex:1: an e-mail address (jsmith@cs.mit.edu) and 7 more (kweber@cs.mit.edu on "
        "line 1, jsmith [at] mit [dot] edu on line 3, jsmith(at)mit.edu on line 3, "
        "jane@uni-x.de on line 4, ab@x.org on line 4, cd@x.org on line 4, jdoe AT cs DOT cmu "
        "DOT edu on line 4) in the packed source: the archive discloses them; remove them for "
        "review")], said


def test_an_address_in_plain_words_is_told(tmp_path):
    """Round 43 (A59n): ``jsmith at mit dot edu`` (printed on the review page) was read by no
    spelling, where ``[at]`` and ``AT`` were; plain words are read when the address ends in a
    top-level domain, so prose stays no address (the test below)."""
    source = b"Write to jsmith at mit dot edu or j.doe at cs dot cmu dot edu.\n"
    assert in_sources({"main.tex": source}, [], tmp_path / "paper") == [
        ("main.tex:1: an e-mail address (jsmith at mit dot edu) and 1 more (j.doe at cs dot cmu "
        "dot edu on line 1) in the packed source: the archive discloses them; remove them for "
        "review")]


def test_no_email_is_read_in_code_nor_in_tikz_nor_in_prose(tmp_path):
    r"""Round 42 (A59): the new spellings read no address where there is none: ``@`` in a
    code listing, ``\@``, TikZ's ``at``, "look (at) this", a sentence's "(at) the station.
    Then", "we look at the dot product"."""
    source = rb"""\begin{lstlisting}
@property
def f(self): return A@B.T + {x}@ y
\end{lstlisting}
e.g.\@ the \makeatletter\@ifnextchar
\node (at) at (1.5,2.0) {}; \draw (0,0) -- (1,1) node at (2,3) {x};
Look (at) this. Meet [at] the station.Then we look at the dot product, email me AT home.
We look at this dot and at that dot, the one at x dot y.
"""
    assert in_sources({"main.tex": source}, [], tmp_path / "paper") == []



def test_an_email_links_advice_is_to_remove_the_address(tmp_path):
    r"""Round 42 (A59): ``\href{mailto:jsmith@mit.edu}{Contact us}``'s line said to point the
    link at an anonymous copy of a repository, which an address has none of: it says to
    remove the address."""
    reader = review_pdf(addresses=("mailto:jsmith@mit.edu",))
    assert told(reader, tmp_path, [], "main.tex") == [
        ("main.tex: the review PDF's link on page 1 (mailto:jsmith@mit.edu) holds an e-mail "
        "address (jsmith@mit.edu): shown on hover and followed on click, though not printed: "
        "remove the address (the link too) for review")]


def test_a_brace_list_in_the_pdfs_metadata_is_told(tmp_path):
    r"""Round 42 (A59): the compiled PDF's own fields read the same spellings
    (``pdfsubject={Mail \{jsmith,kweber\}@cs.mit.edu}`` prints ``{jsmith,kweber}@...``)."""
    writer = PdfWriter()
    writer.add_blank_page(200, 200)
    writer.add_metadata({"/Subject": "Mail {jsmith,kweber}@cs.mit.edu"})
    data = io.BytesIO()
    writer.write(data)
    assert disclosed(data.getvalue(), tmp_path, []) == [
        "document information /Subject: an e-mail address ({jsmith,kweber}@cs.mit.edu)"]


_ADVICE = "point the link at an anonymous copy (anonymous.4open.science) or leave it out for review"


def test_a_login_made_of_an_authors_name_is_told_in_a_link_and_in_the_source(tmp_path):
    r"""Round 42 (A50): ``\url{https://github.com/jsmithson/fa-audit}`` and
    ``\url{https://janetsmithson.github.io/fa}`` with ``\author{Janet Smithson}`` (hidden by
    acmart's ``anonymous``): only the ``\author`` line was told, the names matched as whole
    words. A login fusing a name with an initial or another of the names is told, in each
    link and at its source line; a name inside a longer word ("longformer") is not."""
    authors = ["Janet", "Smithson"]
    reader = review_pdf(addresses=("https://github.com/jsmithson/fa-audit",
                                   "https://janetsmithson.github.io/fa",
                                   "https://github.com/allenai/longformer"))
    assert told(reader, tmp_path, [*authors, "Long"], "main.tex") == [
        ("main.tex: the review PDF's link on page 1 (https://github.com/jsmithson/fa-audit) "
         "holds a login made of Smithson, an author's name (jsmithson): shown on hover and "
         f"followed on click, though not printed: {_ADVICE}"),
        ("main.tex: the review PDF's link on page 1 (https://janetsmithson.github.io/fa) "
         "holds a login made of Janet, an author's name (janetsmithson): shown on hover and "
         f"followed on click, though not printed: {_ADVICE}")]
    source = (b"\\author{Janet Smithson}\n\nCode: \\url{https://github.com/jsmithson/fa-audit}"
              b" and \\url{https://x.org/~smithsonj/fa}, after \\cite{jsmithson2020}.\n")
    assert in_sources({"main.tex": source}, authors, tmp_path / "paper") == [
        ("main.tex:3: a home folder's path (~smithsonj) in the packed source: the archive "
         "discloses it; remove it for review"),  # a web server's folder of the login
        ("main.tex:3: a login made of Smithson, an author's name (jsmithson) and 1 more "
         "(smithsonj on line 3) in the packed source: the archive discloses them; remove them "
         "for review"),  # each login told (round 43, A50n)
        ("main.tex:1: an author's name (Janet) and 1 more (Smithson on line 1) in the packed "
         "source: the archive discloses them; remove them for review")]


def test_every_login_on_a_line_is_told_a_hyphenated_one_too(tmp_path):
    r"""Round 43 (A50n): ``github.com/SmithsonJ/fa-audit and gitlab.com/janet-smithson/fa``
    on one line: SmithsonJ was told; ``janet-smithson`` nowhere at its line (the name Janet is
    a word in it, and a name is told at its first place only, main.tex:1). Each login is told
    as a login, each at its line."""
    source = (b"\\author{Janet Smithson}\n\nCode at github.com/SmithsonJ/fa-audit and "
              b"gitlab.com/janet-smithson/fa, also github.com/smithsonj/x.\n")
    said = in_sources({"main.tex": source}, ["Janet", "Smithson"], tmp_path / "paper")
    assert ("main.tex:3: a login made of Janet, an author's name (janet-smithson) in the "
            "packed source: the archive discloses it; remove it for review") in said, said
    assert ("main.tex:3: a login made of Smithson, an author's name (SmithsonJ) in the "
            "packed source: the archive discloses it; remove it for review") in said, said


def test_a_link_the_page_prints_is_not_said_hover_only(tmp_path):
    r"""Round 42 (A58): ``\url{https://github.com/jsmithson/fa-audit}`` prints its address on
    the page (broken across a line after its ``-``), yet its line said "shown on hover ...,
    though not printed": the reader was told the leak is hover-only. A link whose address
    (its scheme aside) the page prints says so; an ``\href`` with other text still says not
    printed; a ``mailto:`` printing its address says printed too."""
    reader = review_pdf(addresses=("https://github.com/jsmithson/fa-audit",
                                   "https://github.com/jsmithson/x", "mailto:jsmith@mit.edu"))
    pages = ["Intro.", "Code: https://github.com/jsmithson/fa-\naudit and here. Mail jsmith@mit.edu."]
    assert told(reader, tmp_path, ["Janet", "Smithson"], "main.tex", pages) == [
        ("main.tex: the review PDF's link on page 1 (https://github.com/jsmithson/fa-audit) "
         "holds a login made of Smithson, an author's name (jsmithson): printed on page 2 and "
         f"followed on click: {_ADVICE}"),
        ("main.tex: the review PDF's link on page 1 (https://github.com/jsmithson/x) holds a "
         "login made of Smithson, an author's name (jsmithson): shown on hover and followed "
         f"on click, though not printed: {_ADVICE}"),
        ("main.tex: the review PDF's link on page 1 (mailto:jsmith@mit.edu) holds an e-mail "
         "address (jsmith@mit.edu): printed on page 2 and followed on click: remove the "
         "address (the link too) for review")]


def test_an_email_in_the_colour_profile_of_a_jpeg_inside_a_pdf_is_told(tmp_path):
    """Round 43 (A19n): a PDF figure as Pillow (``im.save(path, "PDF", icc_profile=...)``) or
    img2pdf write a screenshot: a ``/DCTDecode`` image stream whose JPEG carries the profile
    in its own APP2 segment, no ``/ICCBased`` stream. Its copyright's ``jsmith@mit.edu``
    (UTF-16) shipped with no word: the PDF's profiles were its ICCBased streams only. The
    JPEG's profile is read as a .jpg file's is: the address and the name are told."""
    out = io.BytesIO()
    Image.new("RGB", (40, 30), (30, 120, 200)).save(
        out, "PDF", icc_profile=_profile("Janet's iMac ", "(c) jsmith@mit.edu 2024 "))
    said = in_sources({"figs/shot.pdf": without_metadata(out.getvalue(), "figs/shot.pdf")},
                      ["Janet", "Smithson"], tmp_path / "paper")
    for field, what in (("copyright, ICC cprt", "an e-mail address (jsmith@mit.edu)"),
                        ("description, ICC desc", "an author's name (Janet)")):
        assert (f"figs/shot.pdf (its colour profile's {field}): {what} in the packed source: "
                f"the archive discloses it; remove it for review{_KEPT}") in said, said
    assert len(said) == 2, said


def test_an_address_split_by_a_hyphenation_hint_or_an_empty_group_is_named_as_printed(tmp_path):
    r"""Round 48b (K27): ``j\-smith@mit.edu`` (a hyphenation hint) was named
    ``-smith@mit.edu``, the address cut at the hint, and ``jsmith@{}mit.edu`` (an empty group,
    as authors write to stop a link) was told only from the compiled page, with no line:
    each is named as the page prints it (``jsmith@mit.edu``) at its line."""
    source = b"Contact: j\\-smith@mit.edu.\nOr jsmith@{}mit.edu, kw{}eber@cs.mit.\\-edu.\n"
    assert in_sources({"main.tex": source}, [], tmp_path / "paper") == [
        ("main.tex:1: an e-mail address (jsmith@mit.edu) and 1 more (kweber@cs.mit.edu on "
         "line 2) in the packed source: the archive discloses them; remove them for review")]
