"""Where a paper asks graphicx to print no image (``draft``: a frame with the file's name;
``demo``: a black box): the class's option, graphicx's, ``\\setkeys{Gin}{draft}``, an
include's own ``draft`` key (hostile round 23, P5). One reading for ``figures paper`` (a figure
of ours read but printed nowhere: why) and ``figures pack`` (the archive's PDF prints frames:
round 26, PD)."""

from __future__ import annotations

import re
from pathlib import Path

from figures import runner
from figures.errors import display_path
from figures.texread import blanked, control_words

#: What graphicx prints in place of each image under each option.
INSTEAD = {"draft": "a frame", "demo": "a black box"}


def draft_key(include) -> str | None:
    """The include's own ``draft`` key (graphicx prints a frame for it): the key, its place
    and the edit; None when it has none."""
    options = include.graphic.options if include.graphic is not None else {}
    if options.get("draft", "x") not in ("", "true"):
        return None
    keys = ",".join(k + (f"={v}" if v else "") for k, v in options.items())
    return (f"its own draft key, \\includegraphics[{keys}] at "
            f"{display_path(include.tex.name)}:{include.line}: graphicx prints a frame "
            "in its place; remove draft from the include's options")


def own_draft(paper, name: str) -> str | None:
    """Round 23 (P5): :func:`draft_key` of the include of our figure ``name``; None when it
    has none."""
    from figures.paper.includes import figure_of, includes_of

    return next((said for include in includes_of(paper)[0]
                 if figure_of(include)[0] == name and (said := draft_key(include))), None)


#: ``\\PassOptionsToPackage{..OPTION..}{..PACKAGE..}`` (``str.format``: option, package).
_PASSED = (r"\\PassOptionsToPackage\s*\{{[^{{}}]*\b{}\b[^{{}}]*\}}\s*"
           r"\{{(?:[^{{}}]*,)?\s*{}\s*(?:,[^{{}}]*)?\}}")
#: A package loaded with an option (``str.format``: option, package): ``\\usepackage[..]{..}``,
#: ``\\RequirePackage`` too (round 35, M1: before ``\\documentclass``, or in a class).
_GIVEN = r"\\(?:usepackage|RequirePackage)\s*\[[^\]]*\b{}\b[^\]]*\]\s*\{{{}\}}"
#: Where a package is loaded (``str.format``: its name): ``\\usepackage[..]{a,NAME}``.
_LOADED = r"\\(?:usepackage|RequirePackage)\s*(?:\[[^\]]*\]\s*)?\{{(?:[^{{}}]*,)?\s*{}\s*[,}}]"


def _heard(texts: list[tuple], package: str) -> list[tuple]:
    """Round 29 (D1, D2): the texts as far as TeX still hears options passed to ``package``:
    up to where it is first loaded (pdfpages loads graphicx), nothing after; an option
    passed later changes nothing."""
    loaded = _LOADED.format(package if package != "graphicx" else "(?:graphicx|pdfpages)")
    heard = []
    for source, text in texts:
        if found := re.search(loaded, text):
            return [*heard, (source, text[:found.start()])]
        heard.append((source, text))
    return heard


def final_class(paper) -> bool:
    """Round 29 (D5): whether the class's options leave graphicx and pdfpages final: no
    ``draft``, or ``final`` beside it (both declare final after draft, so final wins in
    either order)."""
    return "draft" not in paper.class_options or "final" in paper.class_options


#: Where a text loads packages or a class (``\\usepackage[..]{a,labstyle}``, ``\\documentclass``,
#: a class's ``\\LoadClass``): TeX reads each right after the command (round 35, M3c).
_LOADS = re.compile(r"\\(usepackage|RequirePackage|documentclass|LoadClass)(?:WithOptions)?\s*"
                    r"(?:\[[^\]]*\]\s*)?\{([^{}]*)\}")


def texts_of(paper) -> list[tuple]:
    """Each source and its text as TeX reads it (a commented-out option is none), in the order
    TeX reads them: each package and class of the paper's own folder spliced in where a text
    loads it (round 33, P5, P16: ``labstyle.sty`` passing ``draft`` or ``demo`` to graphicx;
    round 35, M3c: ``labart.cls`` read at ``\\documentclass{labart}``, before main.tex's
    ``\\usepackage{graphicx}``). A text split so comes as its pieces, each the whole text with
    the rest blanked (offsets and lines stand); the text of ``\\input`` files follows the file
    reading it, as :attr:`Paper.sources` orders them."""
    seen = set(paper.sources)
    return [piece for source in paper.sources for piece in _spliced(paper, source, seen)]


def _spliced(paper, source: Path, seen: set) -> list[tuple]:
    """``source``'s text (:func:`texts_of`), the folder's own packages and class it loads (and
    not in ``seen``) spliced in after each load."""
    text = blanked(runner.read_bounded(source, 1 << 20) or "", verbatim=True, hidden=True)
    pieces, start = [], 0
    for found in _LOADS.finditer(text):
        suffix = "cls" if found[1] in ("documentclass", "LoadClass") else "sty"
        own = [path for path in dict.fromkeys(paper.root / f"{name.strip()}.{suffix}"
                                              for name in found[2].split(","))
               if path not in seen and path.is_file()]
        if own:
            seen.update(own)
            pieces.append((source, _only(text, start, found.end())))
            start = found.end()
            pieces += [piece for path in own for piece in _spliced(paper, path, seen)]
    return [*pieces, (source, _only(text, start, len(text)))]


def _only(text: str, start: int, end: int) -> str:
    """``text`` with all but ``start:end`` blanked (its line breaks kept)."""
    return text if (start, end) == (0, len(text)) else (
        re.sub(r"[^\n]", " ", text[:start]) + text[start:end] + re.sub(r"[^\n]", " ", text[end:]))


def _class_at(paper, texts: list[tuple]) -> str:
    """Where the paper's ``\\documentclass`` stands (``preamble.tex:1``, round 35, M4: the
    file holding it, not always the main file), else the main file."""
    return next((_at(source, text, found.start()) for source, text in texts
                 if (found := re.search(r"\\documentclass\b", text))),
                display_path(paper.main.name))


def draft(paper, finals: bool = True) -> str | None:
    """Where the paper asks graphicx to print no image (draft: a frame; demo: a black box),
    and what it prints instead; None when nowhere: the class's option, graphicx's, and
    ``\\setkeys{Gin}{draft}`` (round 23, P5). Read from the source: the wording of a
    refusal; whether TeX printed a frame is the compiled archive's to say (round 29).
    ``finals``: a ``final`` undoes the class's draft (False: the draft asked, whatever
    undoes it)."""
    texts = texts_of(paper)
    passed = _heard(texts, "graphicx")
    final = finals and (any(re.search(_GIVEN.format("final", "graphicx") +
                                      r"|\\setkeys\s*\{Gin\}\s*\{[^{}]*\bdraft\s*=\s*false\b",
                                      text) for _, text in texts)
                        or any(re.search(_PASSED.format("final", "graphicx"), text)
                               for _, text in passed))  # round 27; passed late: none (29)
    if "demo" in paper.class_options:  # a global option graphicx hears (round 31, F7)
        return (f"the class option demo ({_class_at(paper, texts)}): graphicx prints "
                f"{INSTEAD['demo']}")
    if not final_class(paper) and not final:  # where \documentclass is (round 35, M4)
        return f"the class option draft ({_class_at(paper, texts)}): graphicx prints a frame"
    for index, (source, text) in enumerate(texts):  # (a text may come in pieces: M3c)
        heard = passed[index][1] if index < len(passed) else ""
        if found := (re.search(_GIVEN.format("(draft|demo)", "(graphicx|graphics)"), text)  # F10
                     or re.search(_PASSED.format("(draft|demo)", "graphicx"), heard)):  # DP
            option, package = found[1], found[2] if found.re.groups > 1 else "graphicx"
            return (f"{package}'s option {option} ({_at(source, text, found.start())}): "
                    f"{package} prints {INSTEAD[option]}")
        if found := re.search(r"\\setkeys\s*\{Gin\}\s*\{[^{}]*\bdraft\b(?!\s*=\s*false)"
                              r"[^{}]*\}", text):
            return f"{found[0]} ({_at(source, text, found.start())}): graphicx prints a frame"
    return None


def _at(source, text: str, at: int) -> str:
    """Where ``at`` in ``text`` (of ``source``) stands: ``labstyle.sty:2``."""
    return f"{display_path(source.name)}:{text.count(chr(10), 0, at) + 1}"


#: Round 32 (R3): what a control word defines in place of running it (``\\let\\Gin@drafttrue
#: \\Gin@draftfalse`` sets no draft).
_DEFINING = frozenset({"let", "def", "gdef", "edef", "xdef", "newcommand", "renewcommand",
                       "providecommand", "DeclareRobustCommand"})


def switched(paper) -> str | None:
    """Round 32 (R3): where the paper sets graphics' draft switch itself, as no option of
    :func:`draft` says: ``\\Gin@drafttrue`` (run, not defined) or ``\\let\\ifGin@draft\\iftrue``,
    read by :func:`figures.texread.control_words`: the code and its place
    (``\\Gin@drafttrue at main.tex:6``), the first; None when none is read."""
    for source, text in texts_of(paper):
        words = [("", -1), *((name, at) for at, name in control_words(text)), ("", -1)]
        for (before, _), (name, at), (after, _) in zip(words, words[1:], words[2:], strict=False):
            code = ("\\Gin@drafttrue" if name == "Gin@drafttrue" and before not in _DEFINING
                    else "\\let\\ifGin@draft\\iftrue" if (before, name, after) == (
                        "let", "ifGin@draft", "iftrue") else None)
            if code:
                return f"{code} at {display_path(source.name)}:{text.count(chr(10), 0, at) + 1}"
    return None


#: Round 33 (P3, P15): the includes of packages with a draft box of their own, pgf's and
#: animate's (``\\pgfimage[opts]{a}``, ``\\pgfdeclareimage[opts]{pic}{a}``,
#: ``\\animategraphics[opts]{rate}{fr}{0}{2}``): the command, its options, its arguments.
_BOXED = re.compile(r"\\(pgfimage|pgfdeclareimage|animategraphics)\s*(?:\[([^\]]*)\])?"
                    r"((?:\s*\{[^{}]*\})+)")
#: Each one's package and which argument names the file (animate's: the frames' stem).
_BOXED_BY = {"pgfimage": ("pgf", 0), "pgfdeclareimage": ("pgf", 1),
             "animategraphics": ("animate", 1)}
#: Round 35 (M13): animate's other route, ``\\begin{animateinline}[opts]{rate}`` with
#: ``\\includegraphics`` frames (``\\newframe`` between them) up to ``\\end{animateinline}``.
_INLINE = re.compile(r"\\begin\s*\{animateinline\}\s*(?:\[([^\]]*)\])?(.*?)"
                     r"\\end\s*\{animateinline\}", re.DOTALL)
_FRAME = re.compile(r"\\includegraphics\s*\*?\s*(?:\[[^\]]*\]\s*)*\{([^{}]+)\}")


def _boxed(text: str):
    """Each boxed include of ``text``: its command, package, options, the files it names
    (an animation's stem, or each frame of an ``animateinline``) and where it starts."""
    for found in _BOXED.finditer(text):
        package, which = _BOXED_BY[found[1]]
        written = re.findall(r"\{([^{}]*)\}", found[3])
        file = written[which].strip() if len(written) > which else ""
        yield found[1], package, found[2], [file] if file else [], found.start()
    for found in _INLINE.finditer(text):
        yield ("begin{animateinline}", "animate", found[1],
               [name.strip() for name in _FRAME.findall(found[2])], found.start())


def boxed_names(paper) -> list[str]:
    """Round 35 (M9): the files the paper's pgf and animate includes name (:func:`_boxed`)."""
    return [file for _, text in texts_of(paper) for *_, files, _at in _boxed(text)
            for file in files]


def package_draft(paper, name: str | None, packages: tuple[str, ...] = ("pgf", "animate")
                  ) -> str | None:
    """Round 33 (P3, P15): where the paper asks pgf or animate for its draft box in place of
    the file ``name`` (``a.png``; a frame ``fr1.png`` of ``{fr}``, or of an ``animateinline``:
    round 35, M13): the include's own ``draft`` key, the package's option, or the class's (pgf
    declares ``draft``, animate reads it through ifdraft); ``name`` None: any include of
    ``packages`` (round 36, A3, A9: an animation of TikZ drawings names no file), worded "the
    animation"; None when no include of ``name`` (by one of ``packages``) or no draft is read."""
    texts = texts_of(paper)
    for source, text in texts:
        for command, package, options, files, start in _boxed(text):
            stem = Path(name).stem if name is not None else None
            if package not in packages or (stem is not None and not any(
                    stem == Path(file).stem or (command == "animategraphics"
                                                and stem.startswith(Path(file).name))
                    for file in files)):
                continue
            at = _at(source, text, start)
            option = re.compile(r"\\(?:usepackage|RequirePackage)\s*\[[^\]]*\bdraft\b[^\]]*\]"
                                r"\s*\{(?:[^{}]*,)?"
                                rf"\s*{package}\s*[,}}]")
            why = (f"its own draft key, \\{command}[{options}] at {at}"
                   if _DRAFT_KEY.search(options or "") else next((
                       f"{package}'s option draft ({_at(where, t, hit.start())})"
                       for where, t in texts if (hit := option.search(t) or re.search(
                           _PASSED.format("draft", package), t))), None)
                   or (f"the class option draft ({_class_at(paper, texts)}), which "
                       f"{package} hears" if not final_class(paper) else None))
            if why:
                shown = name if name is not None else "the animation"
                return (f"{why}: {package} prints its draft box in place of {shown} (the "
                        f"include at {at}); remove that draft")
    return None


_INCLUDEPDF = re.compile(r"\\includepdf\s*(?:\[([^\]]*)\])?\s*\{([^{}]+)\}")
#: Round 35 (M11): ``\\includepdfset{keys}``, the keys of every later ``\\includepdf`` (each
#: replaces the one before; an include's own keys come after).
_INCLUDEPDFSET = re.compile(r"\\includepdfset\s*\{([^{}]*)\}")
_DRAFT_KEY = re.compile(r"(?:^|,)\s*draft\s*(?:=\s*true\s*)?(?:,|$)")
_FINAL_KEY = re.compile(r"(?:^|,)\s*(?:final|draft\s*=\s*false)\b")


def pdfpages_drafts(paper) -> list[tuple[str, str, str, bool]]:
    """Round 27 (D3): each ``\\includepdf`` (the file it names, where: ``main.tex:6``) and why
    the source reads pdfpages drawing it as a frame with the file's name in place of its
    pages ("" when it reads none): its own ``draft`` key, the ``\\includepdfset`` before it
    (round 35, M11: ``\\includepdfset{draft} at main.tex:3``), pdfpages' ``draft`` option or
    the class's (no ``final`` of pdfpages TeX hears undoing it: passed before pdfpages is
    loaded, round 29 D1); and whether its own key is ``draft``. The wording of a refusal:
    whether TeX drew a frame is the compiled archive's to say (round 29)."""
    texts = texts_of(paper)
    package = ",".join(found[1] for _, text in texts for found in re.finditer(
        r"\\(?:usepackage|RequirePackage)\s*\[([^\]]*)\]\s*\{pdfpages\}", text)) + "," + ",".join(
        found[1] for _, text in _heard(texts, "pdfpages") for found in re.finditer(
            r"\\PassOptionsToPackage\s*\{([^{}]*)\}\s*\{(?:[^{}]*,)?\s*pdfpages\s*(?:,[^{}]*)?\}",
            text))  # passed too: round 28, D3
    everywhere = ("pdfpages' option draft" if re.search(r"\bdraft\b", package) else
                  "the class option draft" if not final_class(paper)
                  and not re.search(r"\bfinal\b", package) else "")
    found, setting = [], None  # the last \includepdfset's word (None: none, or no draft key)
    for source, text in texts:
        for match in sorted([*_INCLUDEPDF.finditer(text), *_INCLUDEPDFSET.finditer(text)],
                            key=lambda match: match.start()):
            options = match[1] or ""
            own = bool(_DRAFT_KEY.search(options))
            if match.re is _INCLUDEPDFSET:
                setting = (f"\\includepdfset{{{options.strip()}}} at "
                           f"{_at(source, text, match.start())}" if own else
                           "" if _FINAL_KEY.search(options) else None)
                continue
            why = ("its own draft key" if own else "" if _FINAL_KEY.search(options)
                   else everywhere if setting is None else setting)
            found.append((match[2].strip(), _at(source, text, match.start()), why, own))
    return found
