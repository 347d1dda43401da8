"""Acknowledgements in a review copy (the anonymous pack's one warning per file,
:func:`figures.paper.disclosure.authors_named`): under an anonymous ``\\author`` the names
they thank are unknowable, so the heading or the sentence is the only handle.

Read: a section, a run-in head in any macro, the environments (hostile round 45b, K17; 47b,
K12); a funding sentence ("This work was supported by": 47b, K14); a thanking one ("We
thank", "The authors are grateful to": 49b, K32, in a footnote too); and, since round 50b
(K8), the other common words: "We are indebted to", "Special/Many thanks (go) to", "Thanks to
NAME for", a subject of initials or a role ("J.S. is supported by", "KW acknowledges funding
from", "The first author thanks"), anyone's "acknowledges the support/funding of/from", and
"supported/funded by" a funder (a grant with its number, a fellowship, a foundation, a
national agency's acronym).

Not read, as ordinary prose says it (no false alarm there): "thanks to" as a cause ("Thanks
to its linearity", "Thanks to Lemma 2, for all n"), a claim "supported by" data or a model,
a library's "support for" hardware, a method "indebted to" a citation. So a sentence that
thanks in words none of these is (a name alone in a footnote, "X helped with the
experiments") is not told: docs/pack.md says so among the pack's limits."""

from __future__ import annotations

import re

#: Initials as a subject: ``J.S.``, ``J.~S.``, ``KW`` (case-sensitive).
_INITIALS = r"(?-i:\b(?:[A-Z]\.[\s~]?){1,3}(?=[\s~])|\b[A-Z]{2,3}\b)"
#: Who thanks: we, I, the (first, ...) author(s), initials.
_WHO = rf"(?:\b(?:we|I|the\s+(?:\w+\s+)?authors?)\b|{_INITIALS})"
#: A name as thanked: capitalised words, initials (``K.~Weberling``), one ``and`` more.
_NAME = r"(?-i:[A-Z][\w'.-]*)"
_NAMES = rf"{_NAME}(?:[\s~]+{_NAME}){{0,3}}(?:\s+(?:and|&|\\&)\s+{_NAME}(?:[\s~]+{_NAME}){{0,3}})?"
#: What funds: a grant with its number or source, a fellowship, a scholarship, an award, a
#: foundation, a council, an agency by its acronym.
_FUNDER = (r"(?:\bgrants?\s+(?:from|of|nos?\.|number|#|(?-i:[A-Z0-9]))|\bfellowships?\b"
           r"|\bscholarships?\b|\bawards?\s+(?:from|nos?\.|number|#|(?-i:[A-Z0-9]))"
           r"|(?-i:\b(?:Foundation|Council|Fellowship|Award|NSF|NIH|DARPA|ERC|DFG|EPSRC"
           r"|NSERC|JSPS|NSFC|DOE|ONR|AFOSR|ARO|IARPA|ANR|SNSF|UKRI|BMBF)\b))")

ACKNOWLEDGEMENTS = re.compile(
    r"(?i)\\(?:(?:sub)*section|paragraph|chapter)\*?\s*(?:\[[^\]]*\]\s*)?\{\s*(?:acknowledge?"
    r"ments?|funding|thanks\s*[.:]?\s*\})|(?:\\[A-Za-z]+\*?\s*)+\{?\s*(?:(?-i:A)cknowledge?ments?"
    r"|(?-i:F)unding)(?:\s+(?:and|&|\\&)\s+[^{}\n]{1,40}?)?\s*[.:]?\s*\}|\\begin\s*\{ack|\\acks\b|"
    r"\b(?:work|research|project|study)\s+(?:was|is|has\s+been)\s+(?:\w+\s+)?(?:supported|funded)"
    rf"\s+(?:in\s+part\s+)?by\b|{_WHO}[\s~]+(?:would\s+like\s+to\s+|wish\s+to\s+|also\s+)?"
    r"(?:thanks?\b(?!\s+to\b)|(?:are|is|am)\s+(?:\w+\s+)?(?:grateful|indebted)\s+to\b"
    r"|(?:gratefully\s+)?acknowledges?\s+(?:the\s+)?(?:support|funding|financial)\b)"
    r"|\backnowledges?\s+(?:the\s+)?(?:\w+\s+)?(?:support|funding)\s+(?:from|of|by|through)\b"
    r"|\b(?:special|many|sincere|warm|heartfelt|our|my)\s+thanks\s+(?:\w+\s+)?(?:go(?:es)?\s+)?to\b"
    r"|\bthanks\s+(?:also\s+)?go(?:es)?\s+to\b"
    rf"|\bthanks\s+to[\s~]+{_NAMES}[\s~]+for\b"
    rf"|(?-i:\b(?:[A-Z]\.[\s~]?){{1,3}})\s+(?:is|was|has\s+been|am)\s+(?:\w+\s+)?(?:supported"
    r"|funded)\s+(?:in\s+part\s+)?by\b"
    rf"|\b(?:supported|funded)\s+(?:in\s+part\s+)?by\s+[^.;]{{0,80}}?{_FUNDER}")


def acknowledged(text: str) -> re.Match[str] | None:
    """The first acknowledgement in ``text`` (a heading or a sentence: the module's
    docstring), None for none."""
    return ACKNOWLEDGEMENTS.search(text)
