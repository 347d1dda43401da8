"""The switches a paper makes and the tests of one: the table the anonymous pack's reading of
hidden notes (:mod:`figures.pack.hidden`) takes them from, each test's branches in order.

A switch is made by ``\\newif\\ifnotes``, etoolbox's ``\\newtoggle{notes}``/``\\newbool``,
ifthen's ``\\newboolean`` (hostile round 27, H3), or expl3's ``\\bool_new:N \\g_notes_bool``
(false until set) and its setters (``\\bool_set_true:N``, ``\\bool_gset_false:N``...: hostile
round 32, H2). Its tests: etoolbox's ``\\iftoggle{notes}{..}{..}`` (``\\nottoggle``,
``\\ifbool``, ``\\notbool``), ifthen's ``\\ifthenelse{\\boolean{notes}}``, expl3's
``\\bool_if:NTF \\g_notes_bool {..}{..}`` (``:NT``, ``:NF``, and ``:nTF {! \\g_notes_bool}``
of one boolean); tests of their own condition (ifthen's of any, etoolbox's of a command
defined) and ifdraft's (round 28, H8). Which way a test went is never read here: the page
decides."""

from __future__ import annotations

import re


def either(names) -> str:
    """One alternation of ``names``, the longest first (``newboolean`` before ``newbool``)."""
    return "|".join(sorted(names, key=lambda name: (-len(name), name)))


#: A switch's name in braces (``\\newtoggle{notes}``, ``\\iftoggle{notes}``); expl3's, a
#: control sequence spelt with ``_`` and ``:`` (``\\g_notes_bool``).
_NAME = r"\s*\{\s*([^{}\\\s]+)\s*\}"
_EXPL = r"\\([A-Za-z@][A-Za-z@_:]*)"
MAKERS = ("newtoggle", "providetoggle", "newbool", "providebool", "newboolean",
          "provideboolean")
#: expl3's: the first declares a boolean, the others set one (one never declared is made so).
EXPL3_MAKERS = ("bool_new:N", "bool_set_true:N", "bool_set_false:N", "bool_gset_true:N",
                "bool_gset_false:N", "bool_set:Nn", "bool_gset:Nn")
#: Each test on a named switch and its branches, in order: ``T`` printed when the switch is
#: true (hidden when false), ``F`` the other way.
TESTS = {"iftoggle": "TF", "nottoggle": "FT", "ifbool": "TF", "notbool": "FT",
         **{f"bool_if:{form}{branches}": branches for form in "Nn" for branches in ("TF", "T", "F")}}
CONDITIONS = ("ifthenelse", "ifdef", "ifundef", "ifcsdef", "ifcsundef")
IFDRAFT = ("ifdraft", "ifoptiondraft", "ifoptionfinal")
NEWIF = re.compile(r"\\newif\s*\\if([A-Za-z@]+)|\\(" + either(MAKERS) + ")" + _NAME + r"|\\(" +
                   either(EXPL3_MAKERS) + r")(?![A-Za-z@_:])\s*" + _EXPL)
TEST = re.compile(r"\\(" + either(t for t in TESTS if ":" not in t) + ")" + _NAME + r"|\\(" +
                  either(IFDRAFT) + r")\s*(?=\{)|\\(" + either(CONDITIONS) + r")\s*(?=\{)|\\(" +
                  either(t for t in TESTS if ":" in t) + r")(?![A-Za-z@_:])\s*(?:" + _EXPL +
                  r"|\{\s*(!\s*)?" + _EXPL + r"\s*\})")
#: What ``\\ifthenelse``'s condition says of a paper's boolean: ``\\NOT\\boolean{notes}``.
BOOLEAN = re.compile(r"\s*(\\NOT\s*)?\\boolean" + _NAME + r"\s*")
#: TeX's tests of a command being defined (round 28, H8): which way they go, the page says.
DEFINED = re.compile(r"\\ifdefined\s*\\(?:[A-Za-z@]+|.)|\\ifcsname(?![A-Za-z@]).{0,80}?"
                     r"\\endcsname", re.DOTALL)
#: TeX's own tests of numbers, dimensions and tokens (``\\ifnum0=1 .. \\fi``, ``\\if0 1``,
#: ``\\ifx ab``: the usual way to keep a block out without a switch), and ``\\iftrue`` under
#: ``\\unless``: which way they go, the page says, as for DEFINED
#: (hostile round 53h, K21: such a note shipped under --anonymous with no word).
_INT = r"-?\s*(?:\d+|\\[A-Za-z@]+(?:\s*\{[^{}\\]*\})?|`\\?.)"
_DIM = r"-?\s*(?:[\d.]+\s*(?:true\s*)?[a-z]{2}|\\[A-Za-z@]+)"
_TOKEN = r"(?:\\[A-Za-z@]+|\\.|[^\s\\{}%])"
PRIMITIVE = re.compile(rf"\\ifnum(?![A-Za-z@])\s*{_INT}\s*[<=>]\s*{_INT}"
                       rf"|\\ifdim(?![A-Za-z@])\s*{_DIM}\s*[<=>]\s*{_DIM}"
                       rf"|\\ifodd(?![A-Za-z@])\s*{_INT}"
                       rf"|\\if(?:x|cat)?(?![A-Za-z@])\s*{_TOKEN}\s*{_TOKEN}"
                       r"|\\if(?:mmode|hmode|vmode|inner)(?![A-Za-z@])"  # round 54h, B9
                       r"|(?<=\\unless)\\iftrue(?![A-Za-z@])")  # its \\else: the \\iffalse reading's


def switches_in(text: str) -> dict[str, str]:
    """The switches ``text`` makes, each by name (a ``\\newif``'s without its ``if``, expl3's
    with its backslash) with how it is made: the first making of it."""
    switches: dict[str, str] = {}
    for match in NEWIF.finditer(text):
        if match.group(1):
            switches.setdefault(match.group(1), f"\\newif\\if{match.group(1)}")
        elif match.group(2):
            switches.setdefault(match.group(3), f"\\{match.group(2)}{{{match.group(3)}}}")
        else:
            switches.setdefault(f"\\{match.group(5)}", f"\\{match.group(4)}\\{match.group(5)}")
    return switches
