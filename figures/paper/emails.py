"""The e-mail addresses a paper writes, in the spellings authors use (hostile round 42, A59):
``jsmith@mit.edu``; a brace list, two people's addresses in one (``\\{jsmith,kweber\\}@cs.mit.edu``,
printed ``{jsmith,kweber}@cs.mit.edu``, as author blocks and footnotes write them); and an
address spelled out against harvesters (``jsmith [at] mit [dot] edu``, ``jsmith(at)mit.edu``,
``jsmith AT mit DOT edu``, ``jsmith at mit dot edu``). :data:`EMAIL` finds them in bytes (a source, a PDF's text);
:func:`addresses` says which addresses one of them holds."""

from __future__ import annotations

import re

_LOCAL = rb"[A-Za-z0-9._+-]+"
_DOMAIN = rb"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"
#: A brace list's braces as a source writes them (``\\{``, ``$\\{$``) or as a page prints them,
#: its names apart by commas, semicolons or bars (TeX's thin spaces, ties and spaces beside).
_OPEN, _CLOSE = rb"(?:\$?\\\{\$?|\{)", rb"(?:\$?\\\}\$?|\})"
_APART = rb"(?:\s|\\[,;: ]|~)*[,;|](?:\s|\\[,;: ]|~)*"
_BRACED = (_OPEN + rb"\s*(?:\\[A-Za-z]+\s+)?" + _LOCAL + rb"(?:" + _APART + _LOCAL
           + rb")*\s*" + _CLOSE + rb"\s*@" + _DOMAIN)  # {\tt jsmith}@ too
#: ``[at]``, ``(at)``, ``{at}``, ``<at>`` (and ``dot``), in any case, spaces beside or none; or
#: a capital ``AT`` and ``DOT`` between spaces. The domain has a dot part after (spelled or
#: not), its last in one case: "look (at) this", "(at) this.Then", TikZ's ``at (1,2)`` are
#: no address.
_AT = rb"(?:\s*(?i:\[at\]|\(at\)|\\?\{at\\?\}|<at>)\s*|\s+AT\s+)"
_DOT = rb"(?:\.|\s*(?i:\[dot\]|\(dot\)|\\?\{dot\\?\}|<dot>)\s*|\s+DOT\s+)"
_SPELLED = (rb"(?<![A-Za-z0-9._+\\-])" + _LOCAL + _AT + rb"[A-Za-z0-9-]+(?:" + _DOT
            + rb"[A-Za-z0-9-]+)*" + _DOT + rb"(?:[a-z]{2,}|[A-Z]{2,})(?![A-Za-z0-9])")
#: ``jsmith at mit dot edu``: plain lowercase words, read only where the last part is a top-level
#: domain of this list (round 43, A59n), so prose ("we look at the dot product", "at this
#: dot") is no address.
_WORDS = (rb"(?<![A-Za-z0-9._+\\-])" + _LOCAL + rb"\s+at\s+[A-Za-z0-9-]+(?:\s+dot\s+[A-Za-z0-9-]+)*"
          rb"\s+dot\s+(?:edu|com|org|net|gov|io|ac|uk|de|fr|ch|nl|it|es|se|jp|cn|ca|au|info)"
          rb"(?![A-Za-z0-9])")
#: What a source writes inside a plain address that prints nothing: a hyphenation hint
#: (``j\\-smith``) or an empty group (``jsmith@{}mit.edu``, against a ligature or a link);
#: hostile round 48b, K27: the address was cut at the hint (``-smith@mit.edu``) or not read.
#: From a word's start only (one mid-word would fail as it does: three times as fast), not
#: after a macro's parameter: ``\\texttt{#1@mit.edu}`` is no address ``1@mit.edu`` (hostile
#: round 49b, K2: the line named that; the page's ``jsmith@mit.edu`` is told from the page).
_GAP = rb"(?:\\-|\{\})"
_PART = rb"[A-Za-z0-9-]+(?:" + _GAP + rb"[A-Za-z0-9-]+)*"
_GAP_DOT = _GAP + rb"?\." + _GAP + rb"?"
_TEX_PLAIN = (rb"(?<![A-Za-z0-9._+#-])[A-Za-z0-9._+-]+(?:" + _GAP + rb"[A-Za-z0-9._+-]+)*" + _GAP + rb"?@" + _GAP
              + rb"?" + _PART + rb"(?:" + _GAP_DOT + _PART + rb")*" + _GAP_DOT + rb"[A-Za-z]{2,}")
EMAIL = re.compile(_TEX_PLAIN + rb"|" + _BRACED + rb"|" + _SPELLED + rb"|" + _WORDS)
#: A plain address alone, for a figure's bytes (what a program wrote there, not an author's
#: spelling): five times as fast over them as :data:`EMAIL`, which a 50 MB photo would feel.
PLAIN_EMAIL = re.compile(_LOCAL + rb"@" + _DOMAIN)


def addresses(found: str) -> list[str]:
    """The addresses an :data:`EMAIL` match (decoded) holds: a brace list's each, its domain
    after every name (``['jsmith@cs.mit.edu', 'kweber@cs.mit.edu']``); a spelled-out one as
    it is written, its spaces one (``jsmith [at] mit [dot] edu``: what the author finds in
    her text); a plain one as the page prints it, without the hints and empty groups of
    :data:`_GAP` (``j\\-smith@mit.edu``: ``jsmith@mit.edu``, the address the review copy
    shows and the line names, not the source's spelling, which the line's number finds)."""
    if (braced := re.fullmatch(_BRACED.decode(), found)) is None:
        if re.fullmatch(_TEX_PLAIN.decode(), found):
            return [re.sub(_GAP.decode(), "", found)]
        return [" ".join(found.split())]
    names, _, domain = braced.group().rpartition("@")
    names = re.sub(r"\$|\\[{}]|[{}]|\\[,;: ]|\\[A-Za-z]+\s|~", " ", names)
    return [f"{name.strip()}@{domain}" for name in re.split(r"[,;|]", names) if name.strip()]
