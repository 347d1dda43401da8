"""Round 32 (A1, A2, A3): a figure author's login printed anywhere in an address (a
subdomain, a query, a deeper folder), or in one TeX's ``xurl`` splits over lines, is told;
in a note on an author an honorific's or an abbreviation's full stop ends no sentence, and a
sentence's subject that "is with" somewhere is a name."""

from __future__ import annotations

import pytest

from figures.paper.disclosure import authors_named, printed_on


@pytest.mark.parametrize("text", [
    "Project page: https://jsmith.github.io/figs/.\n0 1 2\n1\n2\n3 More.\n1",
    "Models: https://huggingface.co/api/models?author=jsmith and more.",
    ("Models: https://huggingface.co/api/models?author=acme and https:\n"
     "//github.com/orgs/acme/people/jsmith.\n0 1 2"),
    "See www.example.org/~x/index.php?user=jsmith&tab=1 now.",
    "Demo at https://jsmith-lab.example.com today.",
], ids=["subdomain", "query", "deeper-folder", "www-query", "hyphen-label"])
def test_a_login_anywhere_in_an_address_is_told(text):
    """Round 32 (A1): a figure's ``/Author`` ``jsmith`` printed as
    ``\\url{https://jsmith.github.io/figs/}``, ``...models?author=jsmith``,
    ``github.com/orgs/acme/people/jsmith`` (the texts pypdf reads of those pages): pack
    --anonymous said nothing (only a host's first folder, a home, ``@``, ``~`` counted). In an
    address a login is any whole label of its host, path or query."""
    assert printed_on("jsmith", [text]) == ("jsmith", 1)


@pytest.mark.parametrize(("author", "text"), [
    ("dev", "We use the standard Train/Dev/Test splits of SQuAD."),
    ("data", "All code: https://zenodo.org/records/123/Data/ and input / Data output."),
    ("dev", "Code: https://github.com/acme/figs\nand dev sets are small."),
    ("results", "See results.pdf and main.tex: the results differ."),
    ("dev", "Code: https://github.com/acme/figs.\nDev sets are small."),
], ids=["train-dev", "deep-folder-capital", "url-then-prose", "file-names", "sentence-after"])
def test_a_login_in_prose_next_to_an_address_is_not_told(author, text):
    """Round 32 (A1): reading a login anywhere in an address keeps round 31's (S1) prose
    untold: a slash of prose, a deeper folder printed in another case (``/Data/``: a path is
    case-blind only at a host's first folder, an account), the word after an address, a
    file's name (no address)."""
    assert printed_on(author, [text]) is None


@pytest.mark.parametrize("text", [
    "Code:\nh t t p s : / / g i\nt h u b . c o m / j\nsmith/figs\nand\n0 1 2\n1\n2\n3 More.\n1",
    "Code:\nhttps://github\n.com/jsmith/fi\ngs\nand\n0 1 2\n1\n2\n3 More.\n1",
    "Code: https://github.com/js\nmith/figs and more.",
], ids=["xurl-letters", "xurl-before-dot", "xurl-in-login"])
def test_a_login_in_an_address_split_over_lines_is_told(text):
    """Round 32 (A2): ``\\usepackage{xurl}``, ``\\url{https://github.com/jsmith/figs}`` in a
    narrow minipage: pypdf reads the page as ``h t t p s : / / g i`` / ``t h u b . c o m /
    j`` / ``smith/figs`` (2.2 cm) or ``https://github`` / ``.com/jsmith/fi`` / ``gs`` (2.6 cm,
    a break before the dot): not told. An address is read across the page's line breaks."""
    assert printed_on("jsmith", [text]) == ("jsmith", 1)


@pytest.mark.parametrize(("author", "names"), [
    ("\\author{Anonymous\\thanks{Dr. Smith and Prof. Jones are with Acme Labs.}}",
     ["Smith", "Jones", "Acme", "Labs"]),
    ("\\author{Anonymous\\thanks{Smith is with MIT. Jones is at Acme Labs.}}",
     ["Smith", "Jones", "Acme", "Labs"]),
    ("\\author{Alice Smith\\thanks{Equal contribution.}}", ["Alice", "Smith"]),
    (("\\author{Anonymous\\thanks{Work done at Acme Inc. and Beta. Jones, Lee and Kim "
      "were from MIT.}}"), ["Acme", "Inc", "Beta", "Jones", "Lee", "Kim"]),
    (("\\author{Anonymous\\thanks{See e.g. Smith, cf. Jones, vs. Weber. Code is at "
      "github. She is with us.}}"), ["Smith", "Jones", "Weber"]),
    ("\\author{Prof. Jane Smith, Dept. of Physics, Univ. of Somewhere}",
     ["Jane", "Smith", "Dept", "Physics", "Univ", "Somewhere"]),
], ids=["honorifics", "is-with", "equal", "were-from", "abbreviations", "no-honorific"])
def test_an_honorifics_full_stop_ends_no_sentence_of_a_note(author, names):
    """Round 32 (A3): ``\\thanks{Dr. Smith and Prof. Jones are with Acme Labs.}`` warned "an
    author's name (Prof)", not Smith nor Jones (``Dr.``'s full stop began a sentence, and a
    note's sentence-first words are skipped: round 31, N10); ``\\thanks{Smith is with MIT.
    Jones is at Acme Labs.}`` named only Acme, Labs. Now an honorific's or abbreviation's
    full stop ends no sentence, an honorific is no name, and a sentence's first words that
    "is/are/was/were with/at/from" somewhere are names; "Equal contribution." still none."""
    assert authors_named({"main.tex": author.encode()})[0] == names
