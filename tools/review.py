"""``figures review``: every golden picture that changed, accepted or rejected one by one.

usage: python tools/review.py [--no-open | --no-browser] [PYTEST ARGS...]

Reviews the golden tests that failed in the last run (pytest's record of them), or, when
none did (and a browser is to show them) or PYTEST ARGS are given, runs the golden
comparisons first. Each changed golden is
rendered again (tools/update_baselines.py's rendering) and shown on a local page, grouped by
figure: baseline and new side by side, an overlay with a slider, blink, the pixel diff on
the reference environment; off it, both drawings from their vector content with the changed
elements outlined; the differing elements; and why it changed: the comparison's recorded
inputs (tests/golden_cache.py) that differ from those of its last pass.

The page is served on 127.0.0.1, on a free port, with a random token in its address; it
answers nothing without the token, no file outside baseline/, and writes only when a listed
golden is accepted (by its number on the list: no path from the page is used). ``--no-open``
writes the page to build/review/index.html instead (CI keeps it when a golden fails), naming
for each golden the command that accepts it; ``--no-browser`` serves without opening one.
"""

from __future__ import annotations

try:  # a stop signal while the review starts (seconds: matplotlib), before main's handlers:
    # its one line and status, not an import's traceback (round 45d, G25) nor a silent
    # death by SIGTERM or SIGHUP (round 47d, G13: its standard imports were outside it)
    from figures.signals import stop_while_starting  # first: SIGTERM, SIGHUP stop as Ctrl-C

    stop_while_starting(__name__ == "__main__")
    import base64
    import contextlib
    import copy
    import difflib
    import functools
    import hashlib
    import hmac
    import http.server
    import io
    import json
    import os
    import secrets
    import shlex
    import shutil
    import signal
    import subprocess
    import sys
    import tempfile
    import threading
    import webbrowser
    import xml.etree.ElementTree as ET
    from dataclasses import dataclass, field
    from pathlib import Path
    from urllib.parse import parse_qs, unquote, urlsplit

    import jinja2
    import numpy as np
    from PIL import Image

    sys.path[:0] = [str(Path(__file__).parent), *(
        str(Path(__file__).parent.parent / "tests" / f) for f in ("golden", ""))]
    import update_baselines as ub  # tools/ on the path first

    from figures.cli.review import from_here, names_tests, refused, unreadable
    from figures.errors import display_path
    from figures.signals import stop_signals_held
except KeyboardInterrupt as stop:
    from figures.signals import how_stopped

    how, status = how_stopped(stop)
    print(f"review: {how}: nothing written", flush=True)
    raise SystemExit(status) from None

ROOT, BASELINE = ub.ROOT, ub.BASELINE
OUT = ROOT / "build" / "review"
GOLDEN_TESTS = ("tests/golden/test_images.py", "tests/golden/test_venue_images.py")
INPUTS = ROOT / ".pytest_cache" / "v" / "fa-audit" / "golden-inputs"
LAST_FAILED = ROOT / ".pytest_cache" / "v" / "cache" / "lastfailed"
SVG, XLINK = "http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"
#: Drawn over each changed element of a vector drawing: its outline in magenta.
OUTLINE = (".fa-changed, .fa-changed * {stroke: #e0f !important; stroke-width: 2.5px "
           "!important; fill: none !important; stroke-opacity: .8 !important}")
#: "Why it changed" where no pass of the comparison is recorded in this checkout.
NO_PASS = "(no passing comparison recorded here: run the golden tests before an edit)"


@dataclass
class Golden:
    id: int
    name: str
    nodeid: str
    pictures: tuple[bytes, bytes]  # baseline, new: PNGs, or SVG drawings off the reference
    diff: bytes | None          # the pixel diff (a PNG) where pixels are compared
    changes: str                # what differs, in one line
    elements: list[str]         # the differing vector elements
    why: list[str]              # the recorded inputs that changed since the last pass
    #: the render shown, as read once when the page was made: file name -> bytes (its PNG and
    #: vector content); what an accept writes (build/review/new may hold another's since)
    rendered: dict[str, bytes] = field(default_factory=dict)
    #: its baseline image is missing from the working tree though git tracks it: what to do
    missing: str = ""
    #: the files its comparison reads (as the record names them) and their digests when it
    #: was rendered: an accept refuses when one changed since (round 45d, G18)
    inputs: dict[str, str] = field(default_factory=dict)
    #: "changed" (not decided), "accepting" (its accept writes, then compares again),
    #: "accepted", "failed" (accepted: written, but it fails when compared again), "rejected"
    status: str = "changed"
    #: the baseline files its accept wrote (None: no accept wrote, or none finished writing)
    written: list[str] | None = None
    #: what its decision answered (the accept's "wrote ...; compared again: ...")
    answer: str = ""
    figure: str = field(init=False)
    layout: str = field(init=False)

    def __post_init__(self) -> None:
        if self.name.startswith("venue-"):
            venue, self.figure, *slot = self.name.removeprefix("venue-").split("--")
            self.layout = " ".join([venue, *(f"{s} in" if s[:1].isdigit() else s for s in slot)])
        else:
            self.figure, _, variant = self.name.partition("--")
            self.layout = "default" + (f" ({variant})" if variant else "")

    @property
    def images(self) -> dict[str, tuple[bytes, str]]:
        """Its pictures by name ("baseline", "new", "diff"): bytes and file suffix."""
        suffix = "svg" if self.pictures[1][:5] in (b"<svg ", b"<?xml") else "png"
        found = {"baseline": (self.pictures[0], suffix), "new": (self.pictures[1], suffix)}
        return found | ({"diff": (self.diff, "png")} if self.diff else {})

    @property
    def command(self) -> str:
        return f"nox -s baselines -- {shlex.quote(self.name)}"

    @property
    def look_at(self) -> str:
        """A reject's line: nothing written, and the input to look at first (round 40, R2:
        with no pass recorded it read "look at (no passing comparison ...)")."""
        if self.why == [NO_PASS]:
            return ("nothing written; no passing comparison is recorded here to say which input "
                    "changed (run the golden tests before an edit): look at the differing "
                    "elements")
        first = next((w for w in self.why if w.startswith(("figures/plots/", "tests/fixtures/"))),
                     self.why[0] if self.why else "the differing elements")
        return f"nothing written; look at {first}"

    @property
    def said(self) -> str:
        """What a page made after its decision says of it (round 42, B12: a reloaded page showed
        an accepted golden's line empty): what was written and how to undo it, or the reject's
        line; nothing while it is not decided."""
        if self.status in ("accepted", "failed"):
            undo = undo_command(self.written or [])
            return self.answer + (f"; to undo it: {undo}" if undo else "")
        return self.answer if self.status == "rejected" else ""

    @property
    def refusal(self) -> str:
        """Why a second decision on it is refused: one decision per golden, the first one wins
        (round 40, R5: a reject pressed while its accept wrote and compared again said
        "nothing written", and the summary "rejected", of a golden that was written)."""
        if self.status == "accepting":
            return ("refused: its accept, pressed first, is writing it and comparing it again: "
                    "one decision per golden")
        if self.status == "rejected":
            return (f"refused: already rejected (nothing written): one decision per golden; to "
                    f"accept it after all: `{self.command}`")
        undo = undo_command(self.written or [])
        return (f"refused: already accepted ({self.answer}): one decision per golden"
                + (f"; to undo it: {undo}" if undo else ""))


def _record(path: Path) -> dict:
    """pytest's record at ``path`` (a cut or foreign file: none, said in one line)."""
    try:
        found = json.loads(path.read_text()) if path.is_file() else {}
    except (OSError, ValueError) as exc:
        print(f"review: {path.relative_to(ROOT)}: unreadable ({exc}): taken as no record (a "
              "golden run writes it again)", file=sys.stderr)
        return {}
    return found if isinstance(found, dict) else {}


def failed_goldens() -> list[str]:
    """The golden tests that failed in pytest's last run here (its lastfailed record) and are
    goldens still (a renamed figure's are not)."""
    known = set(ub.goldens().values())
    UNREAD[:] = [f"review: {why}"] if (why := unreadable(LAST_FAILED, ROOT)) else []
    return [nodeid for nodeid in _record(LAST_FAILED) if nodeid in known]


#: Why pytest's record of the last run's failures could not be read (empty: it could).
UNREAD: list[str] = []
#: The failed golden tests review last looked at (its own run's, else pytest's record).
FAILED: list[str] = []
#: How many golden tests review's own run judged (empty: review ran none, it read the record).
JUDGED: list[int] = []
#: How many goldens the last run's record had failed that match baseline/ now (empty: none).
STALE: list[int] = []
#: How many golden comparisons review's own run did not make again, their inputs unchanged
#: since they last passed (tests/golden_cache.py; empty: review ran none).
UNCHANGED: list[int] = []


def judged_in(report: Path) -> int:
    """How many golden tests a judge decided (pixels or vector content) in the run that wrote
    JUnit XML ``report``: the suite's ``golden-judged`` property of each (tests/conftest.py),
    which a run that only collected (``--co``), skipped or wrote its images never carries
    (round 39, R2)."""
    try:
        cases = list(ET.parse(report).getroot().iter("testcase"))
    except (OSError, ET.ParseError):
        return 0
    return sum(any(p.get("name") == "golden-judged" and {"pixels", "vector"} & set(
        (p.get("value") or "").split(",")) for p in c.iter("property")) for c in cases)


def failed_in(report: Path) -> list[str]:
    """The golden tests that failed in the run that wrote JUnit XML ``report`` (review's own
    run: pytest's cache may not be written, ``-p no:cacheprovider``; round 25, RC)."""
    try:
        cases = ET.parse(report).getroot().iter("testcase")
    except (OSError, ET.ParseError):
        return []
    failed = {(f".{c.get('classname')}", c.get("name")) for c in cases
              if c.find("failure") is not None or c.find("error") is not None}
    # pytest's junitxml names a node so, after --junit-prefix's "PREFIX." (round 45d, G10)
    return [nodeid for nodeid in ub.goldens().values() if any(
        name == nodeid.split("::")[-1] and classname.endswith(
            "." + nodeid.split("::")[0].removesuffix(".py").replace("/", "."))
        for classname, name in failed)]


def why(nodeid: str) -> list[str]:
    """The inputs of ``nodeid``'s comparison that differ from those of its last pass."""
    from golden_cache import inputs_record  # the one reader of the record (round 29, G1)

    record = inputs_record(_record(INPUTS)).get(nodeid, {})
    last, passed = record.get("last"), record.get("passed")
    if not last or not passed:
        return [NO_PASS]
    # a venue golden's baseline was recorded as baseline/NAME, its file is under
    # baseline/venues/ (round 40, R5): the record's older entries read as the file's path
    last, passed = (({_baseline_key(k): v for k, v in d.items()}) for d in (last, passed))
    versions = {k for k in last if "/" not in k and not k.startswith("the build kind")}
    changed = sorted((k for k in last.keys() | passed.keys() if last.get(k) != passed.get(k)),
                     key=lambda k: (not k.startswith("figures/plots/"), k))
    return [f"{k} {passed.get(k)} -> {last.get(k)}" if k in versions else k for k in changed]


def _baseline_key(key: str) -> str:
    """A recorded input's name, a venue golden's baseline by its path (baseline/venues/)."""
    return f"baseline/venues/{key[9:]}" if key.startswith("baseline/venue-") else key


def undo_command(written: list[str]) -> str:
    """How to put back the baseline files an accept wrote (``written``: paths under
    baseline/, as :func:`update_baselines.write_golden` names them): git's checkout of those
    it tracks, deleting the others (a new golden's)."""
    grouped: dict[str, list[str]] = {}
    for path in (BASELINE / w.split(" (", 1)[0] for w in written):
        shown = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
        restore = restore_command(path)
        grouped.setdefault(restore.removesuffix(shown) if restore else "", []).append(shown)
    steps = [f"`{how}{' '.join(files)}`" if how else f"delete {' and '.join(files)}"
             for how, files in grouped.items()]
    return ", ".join(steps)


def _pixel_diff(old: Path, new: Path) -> tuple[bytes | None, str]:
    a, b = (np.asarray(Image.open(p).convert("RGBA")) for p in (old, new))
    if a.shape != b.shape:
        return None, f"size {a.shape[1]}x{a.shape[0]} -> {b.shape[1]}x{b.shape[0]} px"
    moved = (a != b).any(axis=2)
    shown = (255 - (255 - a[..., :3].astype(int)) // 4).astype(np.uint8)  # the baseline, faint
    shown[moved] = (230, 0, 40)
    buffer = io.BytesIO()
    Image.fromarray(shown).save(buffer, format="png")
    return buffer.getvalue(), f"{int(moved.sum())} pixel(s) differ"


def _svg_now(name: str) -> bytes:
    """The golden's figure as its test draws its vector content here, as SVG."""
    import test_images
    import test_venue_images
    import vector

    for module, draw in ((test_images, vector.fixture_vector),
                         (test_venue_images, vector.venue_vector)):
        for param in module.PARAMS:
            mark = next((m for m in param.marks if m.name == "mpl_image_compare"), None)
            if mark is not None and mark.kwargs["filename"] == f"{name}.png":
                return draw(*param.values, form=bytes)
    raise KeyError(name)


def drawings(svg: bytes, golden: list[str]) -> tuple[bytes, bytes]:
    """The baseline's drawing and this one, as SVG: this drawing with each changed element's
    attributes set back to the golden's (an element only in the golden cannot be drawn),
    changed elements outlined in both."""
    import vector

    ET.register_namespace("", SVG)
    ET.register_namespace("xlink", XLINK)
    numbered: dict[str, str] = {}
    root = ET.fromstring(vector._HASHED_ID.sub(  # the golden's numbering of hashed ids
        lambda m: numbered.setdefault(m.group(1), f"id{len(numbered) + 1}"), svg.decode()))
    old_root = copy.deepcopy(root)

    def elements(tree: ET.Element) -> list[ET.Element]:  # in vector.canonical's order
        return [] if tree.tag == f"{{{SVG}}}metadata" else [
            tree, *(e for child in tree for e in elements(child))]

    new, old = elements(root), elements(old_root)
    now = vector.canonical(svg)
    marked: list[tuple[ET.Element, ET.Element]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, golden, now, autojunk=False).get_opcodes():
        paired = min(i2 - i1, j2 - j1) if op == "replace" else 0
        for k in range(paired):
            _, tag, attributes, text = json.loads(golden[i1 + k])
            element = old[j1 + k]
            qualified = {q.rpartition("}")[2]: q for q in element.attrib}
            keep = {q: v for q, v in element.attrib.items() if tag == "image" and q.endswith("href")}
            element.attrib.clear()
            element.attrib.update({qualified.get(key, key): value for key, value in
                                   attributes.items()} | keep)
            element.text = text or element.text
            marked += [(root, new[j1 + k]), (old_root, element)]
        marked += [(root, e) for e in new[j1 + paired:j2] if op != "equal"]
    for tree, element in marked:
        parent = next((p for p in tree.iter() if element in list(p)), None)
        if parent is not None and parent.tag != f"{{{SVG}}}defs":
            parent.insert(list(parent).index(element) + 1, _outline(tree, element))
    for tree in (root, old_root):
        ET.SubElement(tree, f"{{{SVG}}}style").text = OUTLINE + _font_faces(tree)
    return tuple(ET.tostring(t) for t in (old_root, root))


def _font_faces(tree: ET.Element) -> str:
    """@font-face rules embedding, as subsets, the faces the drawing's texts use: they are
    text (svg.fonttype none), and a browser without them (STIX is matplotlib's own, rarely
    installed) drew other glyphs at the wrong places, or none."""
    from fontTools import subset
    from matplotlib.font_manager import FontProperties, findfont

    used: dict[tuple[str, str, str], set[str]] = {}

    def walk(element: ET.Element, style: dict[str, str]) -> None:
        own = dict(part.split(":", 1) for part in element.get("style", "").split(";")
                   if ":" in part)
        style = style | {k.strip(): v.strip() for k, v in own.items()}
        if element.text and element.text.strip() and "font-family" in style:
            family = style["font-family"].split(",")[0].strip("'\" ")
            face = (family, style.get("font-weight", "400"), style.get("font-style", "normal"))
            used.setdefault(face, set()).update(element.text)
        for child in element:
            walk(child, style)

    walk(tree, {})
    rules = []
    for (family, weight, slant), chars in sorted(used.items()):
        path = findfont(FontProperties(family=family, weight=weight, style=slant),
                        fallback_to_default=False)
        options = subset.Options()
        options.flavor = "woff"
        options.drop_tables.append("FFTM")  # FontForge's timestamps: quietly, not with a log line
        buffer = io.BytesIO()
        with subset.load_font(str(path), options) as font:  # closes its file
            subsetter = subset.Subsetter(options)
            subsetter.populate(text="".join(chars))
            subsetter.subset(font)
            subset.save_font(font, buffer, options)
        rules.append(f"@font-face{{font-family:'{family}';font-weight:{weight};font-style:"
                     f"{slant};src:url(data:font/woff;base64,"
                     f"{base64.b64encode(buffer.getvalue()).decode()})}}")
    return "".join(rules)


def _outline(tree: ET.Element, element: ET.Element) -> ET.Element:
    """A copy of ``element`` drawn as its outline (a ``<use>``: what it draws, in place)."""
    outline = copy.deepcopy(element)
    href = element.get(f"{{{XLINK}}}href") or element.get("href") or ""
    used = next((e for e in tree.iter() if e.get("id") == href[1:]), None) if (
        element.tag == f"{{{SVG}}}use" and href.startswith("#")) else None
    if used is not None:
        outline = ET.Element(f"{{{SVG}}}g", {k: v for k, v in element.attrib.items()
                                             if k == "clip-path"})
        outline.set("transform", f"translate({element.get('x', '0')} {element.get('y', '0')})")
        outline.append(copy.deepcopy(used))
    outline.set("class", "fa-changed")
    return outline


def restore_command(path: Path) -> str | None:
    """How to get back ``path``, a baseline image missing from the working tree, when git
    tracks it; None when it does not (a new golden) or there is no git here (the one reading,
    the golden run's too: tests/helpers.py)."""
    from helpers import restore_command as restore

    return restore(path, ROOT)


def _no_baseline(path: Path) -> str:
    """What a missing baseline image is: a new golden's, or a tracked one deleted (round 29,
    G5: shown as "no baseline image yet", its acceptance offered, the deletion unsaid)."""
    from helpers import in_git

    shown = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
    if (restore := restore_command(path)) is None:
        return "" if in_git(ROOT) else (  # a copy without git: round 47d, G5
            f"{shown} is missing, and there is no git here to tell a deleted golden from a new "
            "one: restore it from your copy of the project, or accept the new picture only "
            "for a new figure")
    return (f"{shown} is missing from the working tree, though git tracks it (deleted?): "
            f"restore it with `{restore}`; accept the new picture only to replace it")


def compare(id: int, name: str, nodeid: str, new: Path) -> Golden | None:
    """Golden ``name`` against its new rendering in ``new``; None when it did not change."""
    import vector

    folder = BASELINE / "venues" if name.startswith("venue-") else BASELINE
    old_png, new_png = folder / f"{name}.png", new / f"{name}.png"
    old_vec, new_vec = folder / f"{name}{vector.SUFFIX}", new / f"{name}{vector.SUFFIX}"
    rendered = {p.name: p.read_bytes() for p in (new_png, new_vec) if p.is_file()}
    golden = vector.read(old_vec) if old_vec.is_file() else []
    elements = vector.differences(golden, vector.read(new_vec)) if new_vec.is_file() else []
    if new_png.is_file():  # the reference environment: pixels decide
        if old_png.is_file() and ub._same(old_png, new_png):
            return None
        missing = "" if old_png.is_file() else _no_baseline(old_png)
        diff, changes = (_pixel_diff(old_png, new_png) if old_png.is_file()
                         else (None, missing or "no baseline image yet"))
        pictures = (old_png.read_bytes() if old_png.is_file() else b"", rendered[new_png.name])
    elif elements:  # off the reference: the drawings, from their vector content
        diff, changes, pictures = None, "vector content differs", drawings(_svg_now(name), golden)
        missing = ""
    else:
        return None
    return Golden(id, name, nodeid, pictures, diff,
                  f"{changes}; {len(elements)} vector element(s) differ", elements, why(nodeid),
                  rendered, missing)


def in_the_way(static: bool) -> str | None:
    """The line for a path under build/ that is not what review writes there (a stray
    ``> build/review`` redirect made a file of its folder: round 37, R3), else None: checked
    before anything runs or is written."""
    wants = [(ROOT / "build", True), (OUT, True), (OUT / "new", True)]
    if static:  # --no-open writes the page and its pictures beside it
        wants += [(OUT / "img", True), (OUT / "index.html", False)]
    for path, folder in wants:
        if not path.exists() and not path.is_symlink():
            continue  # review makes it
        if folder and not path.is_dir():
            what = "a link to nothing" if not path.exists() else "a file"
            return (f"review: {display_path(path)} is {what} where the review's folder goes: "
                    "move it away, then review again; nothing reviewed, nothing written")
        if not folder and path.is_dir():
            return (f"review: {display_path(path)} is a folder where the review's page goes: "
                    "move it away, then review again; nothing reviewed, nothing written")
    return None


def collect(pytest_args: list[str], compare_first: bool = True) -> list[Golden]:
    """Every changed golden: rendered again (into a folder of its own, then left as
    build/review/new: the latest render), compared with baseline/
    (the last run's failed goldens; the comparisons run first if none failed, or
    ``pytest_args`` say which, unless not ``compare_first``). When every golden the last run
    failed matches baseline/ now, the comparisons run after all (unless not
    ``compare_first``: :data:`STALE` counts them): another change may fail others (round 40,
    R7: "no golden differs from baseline/" said of the record's six, three others failing)."""
    nodeids = failed_goldens()
    ran = bool(pytest_args) or (not nodeids and compare_first)
    if ran:
        nodeids = comparisons(pytest_args)
    FAILED[:] = nodeids
    found = rendered(nodeids)
    if nodeids and not found and not ran:
        STALE[:] = [len(nodeids)]
        if compare_first:
            print(f"review: the {len(nodeids)} golden(s) that failed in the last run match "
                  "baseline/ now", flush=True)
            FAILED[:] = nodeids = comparisons(pytest_args)
            found = rendered(nodeids)
    return found


def users_report(pytest_args: list[str], options: tuple[str, ...] = ("--junit-xml",
                 "--junitxml")) -> Path | None:
    """The JUnit report the user asked for (``--junit-xml PATH``, ``=PATH``, or pytest's
    ``--junitxml``; the last one given, as pytest takes it), from the checkout: review reads
    that one rather than writing its own over the user's word (round 45d, G9: the user's
    report was silently never written); or the report of another of ``options`` (the golden
    cache's ``--golden-report``: hostile round 51d, G7, the same)."""
    given = None
    for index, arg in enumerate(pytest_args):
        name, eq, value = arg.partition("=")
        if name in options:
            given = value if eq else next(iter(pytest_args[index + 1:index + 2]), None)
    return None if given is None else ROOT / given


def comparisons(pytest_args: list[str]) -> list[str]:
    """The golden comparisons run (``pytest_args``' or all): those that failed, from the run's
    own report."""
    print("review: running the golden comparisons", flush=True)
    named = names_tests(pytest_args, ROOT)  # else the golden modules
    with tempfile.TemporaryDirectory() as folder:  # this run's own record (round 25, RC)
        users = users_report(pytest_args)
        report = users or Path(folder, "report.xml")
        users_cache = users_report(pytest_args, ("--golden-report",))
        cache = users_cache or Path(folder, "golden-cache.json")
        proc = subprocess.run([sys.executable, "-m", "pytest", "--mpl", "-q", *pytest_args,
                               *([] if named else GOLDEN_TESTS),
                               *([] if users else [f"--junit-xml={report}"]),
                               *([] if users_cache else [f"--golden-report={cache}"])],
                              cwd=ROOT, check=False)
        # 2 after a failure: stopped there (--sw, --stepwise), what it compared is reported
        nodeids = failed_in(report) if proc.returncode in (1, 2) else []
        JUDGED[:] = [judged_in(report)]
        try:  # none from a run stopped before its end
            counts = json.loads(cache.read_text())
        except (OSError, ValueError):
            counts = {}
        counts = counts if isinstance(counts, dict) else {}
    selected, unchanged = (counts.get(k) if isinstance(counts.get(k), int) else 0
                           for k in ("selected", "not_repeated"))
    UNCHANGED[:] = [unchanged]
    if proc.returncode == 2 and nodeids:  # round 47d, G15: it said "did not run" of these
        print(f"review: pytest stopped after a failure (exited 2, as --sw does): reviewing the "
              f"{len(nodeids)} changed golden(s) its report names; those after it were not "
              "compared", flush=True)
    elif proc.returncode not in (0, 1):  # not a comparison's failure: none ran, or not all
        raise SystemExit(f"review: the golden comparisons did not run (pytest exited "
                         f"{proc.returncode}: " + ("no test selected: look at -k or the "
                         "paths" if proc.returncode == 5 else "its error is above")
                         + "); nothing reviewed")
    # pytest's collect-only exits 0 having compared nothing: what was judged decides, not
    # the exit code (round 39, R2). The suite's conftest lets --co through under --mpl (a
    # listing of the goldens, which says nothing "passed"; --setup-plan it refuses).
    if proc.returncode == 0 and not JUDGED[0] and not (unchanged and not selected):
        # (each golden selected left out by the golden cache: it cannot differ; round 42, B16)
        raise SystemExit("review: the golden comparisons did not run (pytest exited 0 and "
                         "judged no golden image: collection only (--co), or no golden "
                         "test among those selected, or each skipped: nothing was "
                         "compared); nothing reviewed")
    if proc.returncode and not nodeids:
        raise SystemExit("review: pytest exited 1, and its report names no golden "
                         "comparison among its failures (another test failed: its error is "
                         "above); nothing reviewed")
    return nodeids


def _digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return "missing"


def inputs_now(nodeids: list[str]) -> dict[str, dict[str, str]]:
    """For each of ``nodeids``, the files its last comparison read (the record's names; the
    goldens left out: an accept writes those) with their digests now: the record read once,
    each file (the shared code most goldens read) digested once."""
    from golden_cache import inputs_record

    record, digest = inputs_record(_record(INPUTS)), functools.cache(lambda n: _digest(ROOT / n))
    return {nodeid: {name: digest(name) for name in record.get(nodeid, {}).get("last") or {}
                     if "/" in name and not _baseline_key(name).startswith("baseline/")}
            for nodeid in nodeids}


def changed_since(item: Golden) -> str | None:
    """The first input of ``item`` that changed since its page was rendered, or None."""
    return next((name for name, digest in item.inputs.items()
                 if _digest(ROOT / name) != digest), None)


def rendered(nodeids: list[str]) -> list[Golden]:
    """Goldens ``nodeids`` rendered again and compared with baseline/: those that differ."""
    if not nodeids:
        return []
    try:
        OUT.mkdir(parents=True, exist_ok=True)
    except OSError:  # made a file since main looked (round 37, R3)
        raise SystemExit(in_the_way(False) or f"review: cannot make {display_path(OUT)}: "
                         "nothing reviewed") from None
    new = Path(tempfile.mkdtemp(prefix=".new-", dir=OUT))  # its own: another review renders too
    try:
        print(f"review: rendering {len(nodeids)} golden(s) again", flush=True)
        inputs = inputs_now(nodeids)  # as the render reads them
        proc = ub.generate(new, nodeids)
        if proc.returncode:
            if (gone := without_fixture(nodeids)) is not None:  # its "file not found"s said
                raise SystemExit(gone)
            sys.stdout.write(proc.stdout[-3000:])
            raise SystemExit(f"review: rendering the goldens failed (pytest exited "
                             f"{proc.returncode})")
        names = {nodeid: name for name, nodeid in ub.goldens().items()}
        found = [compare(0, names[n], n, new) for n in nodeids if n in names]
        for item in found:
            if item is not None:
                item.inputs = inputs[item.nodeid]
        shutil.rmtree(OUT / "new", ignore_errors=True)
        with contextlib.suppress(OSError):  # another review's came in between: its stays
            new.rename(OUT / "new")  # the latest render: an older page's accept is told by it
    finally:
        shutil.rmtree(new, ignore_errors=True)
    found = sorted((g for g in found if g is not None), key=lambda g: (g.figure, g.name))
    for number, item in enumerate(found):
        item.id = number
    return found


def without_fixture(nodeids: list[str]) -> str | None:
    """The line for goldens ``nodeids`` whose figure's fixture (tests/fixtures/NAME.json) is
    gone, their baselines kept: none can be drawn (round 42, B17: "rendering the goldens
    failed (pytest exited 1)", naming neither the file nor what to do); None when none is."""
    from helpers import FIXTURES

    gone: dict[Path, list[str]] = {}
    for name, nodeid in ub.goldens().items():
        # a default golden's name is its fixture's; a venue golden's: venue-VENUE--FIGURE...
        stem = name.split("--")[1] if name.startswith("venue-") else name
        if nodeid in nodeids and not (FIXTURES / f"{stem}.json").is_file():
            gone.setdefault(FIXTURES / f"{stem}.json", []).append(name)
    if not gone:
        return None
    said = []
    for fixture, names in gone.items():
        shown = display_path(fixture.relative_to(ROOT) if fixture.is_relative_to(ROOT)
                             else fixture)
        restore = restore_command(fixture)
        said.append(f"{shown} is missing, and {len(names)} golden(s) draw from it ("
                    f"{', '.join(names)}): restore it"
                    + (f" with `{restore}`" if restore else "") + f"; or, removing the figure "
                    f"{fixture.stem.partition('--')[0]}, take it out of FIGURES in "
                    "figures/registry.py and remove its goldens (the golden run names them)")
    return f"review: {'; '.join(said)}; nothing reviewed"


def page(goldens: list[Golden], token: str | None = None) -> str:
    """The review page: served (with the server's ``token``), its pictures asked of the
    server by number; else static, its pictures in files beside it (:func:`write_static`).
    Each picture loads when its golden is shown (11 MB when all were in the page)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(Path(__file__).parent),
                             autoescape=True)
    groups: dict[str, list[Golden]] = {}
    for item in goldens:
        groups.setdefault(item.figure, []).append(item)

    def src(item: Golden, which: str) -> str:
        if token is not None:
            return f"/image/{item.id}/{which}?token={token}"
        return f"img/{item.id}-{which}.{item.images[which][1]}"
    return env.get_template("review.html.j2").render(groups=groups, goldens=goldens,
                                                     live=token is not None, src=src)


def write_static(goldens: list[Golden], folder: Path = OUT) -> Path:
    """The page without a server: index.html and its pictures in img/, a folder that opens
    offline (CI keeps it)."""
    images = folder / "img"
    shutil.rmtree(images, ignore_errors=True)
    images.mkdir(parents=True)
    for item in goldens:
        for which, (data, suffix) in item.images.items():
            (images / f"{item.id}-{which}.{suffix}").write_bytes(data)
    (folder / "index.html").write_text(page(goldens), encoding="utf-8")
    return folder / "index.html"


def _number(text: str, count: int) -> int | None:
    """A listed golden's number in a request's path: ASCII digits below ``count`` (round 45d,
    G4/G5: ``str.isdigit()`` holds for ``²``, which ``int()`` refuses, and for ``０``)."""
    return int(text) if text.isascii() and text.isdigit() and int(text) < count else None


class Review(http.server.ThreadingHTTPServer):
    """The page, served on 127.0.0.1 to whoever holds the token: each connection in a thread
    of its own (round 45d, G6: one left idle froze the page), the accepts one at a time."""

    def __init__(self, goldens: list[Golden]) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.goldens, self.token = goldens, secrets.token_urlsafe(24)
        self.deciding, self.accepting, self.writing = (threading.Lock() for _ in range(3))
        self.url = f"http://127.0.0.1:{self.server_port}/?token={self.token}"

    def decide(self, verb: str, item: Golden) -> dict[str, object]:
        """``item`` accepted or rejected, once: the first decision wins, a second is refused
        (round 40, R5), whichever order the requests come in; one decision at a time, as when
        the page was served one request at a time (round 45d, G6: an accept's second press
        is answered after it). Its line is written before the next is decided."""
        with self.accepting:  # and its line: two at once came glued (round 49d, G7)
            answer = self._decide(verb, item)
            say(f"review: {item.name}: {answer['message']}")
            return answer

    def _decide(self, verb: str, item: Golden) -> dict[str, object]:
        with self.deciding:
            if item.status != "changed":
                return {"status": "accepted" if item.status == "accepting" else item.status,
                        "message": item.refusal, "refused": True}
            item.status = "accepting" if verb == "accept" else "rejected"
        if verb == "reject":
            item.answer = item.look_at
            return {"status": "rejected", "message": item.answer}
        try:
            answer = self.accept(item)
        finally:  # refused (a stale render), or stopped before writing: still undecided
            if item.status == "accepting" and item.written is None:
                item.status = "changed"
        return answer

    def accept(self, item: Golden) -> dict[str, object]:
        """Write the render ``item``'s page showed, held since (not what build/review/new holds
        now), and compare again; refused, nothing written, when build/review/new holds another
        render since (another review's, of changed code: the shown one would fail)."""
        if (changed := changed_since(item)) is not None:  # round 45d, G18
            return {"status": "refused", "message": (
                f"refused: {changed} changed since this page was made, so the picture shown is "
                "no longer what the code draws: nothing written; run `figures review` again "
                "to see the render of the code as it is now")}
        with tempfile.TemporaryDirectory() as held:
            for name, data in item.rendered.items():
                (Path(held) / name).write_bytes(data)
            now = OUT / "new"
            if stale := next((n for n in item.rendered if not (now / n).is_file()
                              or not ub._same(Path(held) / n, now / n)), None):
                return {"status": "refused", "message": (
                    f"refused: build/review/new/{stale} is no longer the render this page shows "
                    "(another figures review, or a render, wrote there since): nothing written; "
                    "run `figures review` again to see the render of the code as it is now")}
            with self.writing, stop_signals_held():  # Ctrl-C: after both files (and .written)
                written = item.written = ub.write_golden(Path(held), item.name)
        again = subprocess.run([sys.executable, "-m", "pytest", "--mpl", "-q", item.nodeid],
                               cwd=ROOT, capture_output=True, text=True, check=False)
        item.status = "accepted" if again.returncode == 0 else "failed"
        wrote = ", ".join(f"baseline/{f}" for f in written) or "nothing (already equal)"
        item.answer = f"wrote {wrote}; compared again: " + (
            "passes" if again.returncode == 0 else again.stdout.strip().splitlines()[-1])
        return {"status": item.status, "message": item.answer}

    def handle_error(self, request: object, client_address: object) -> None:
        """A request that failed: one line, not a traceback amid the review's (a client gone
        before its answer: nothing)."""
        error = sys.exc_info()[1]
        if not isinstance(error, (ConnectionError, TimeoutError)):
            say(f"review: a request failed ({error!r}): nothing written for it")


def say(line: str) -> None:
    """``line`` on the terminal whole, from any of the server's threads: one write of the text
    and its line end (``print`` writes them apart: two answers at once were read as
    "...passesreview: ..." and an empty line; round 49d, G7)."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class Handler(http.server.BaseHTTPRequestHandler):
    server: Review
    timeout = 30  # a connection that says nothing ends (its thread with it)

    def _send(self, code: int, body: bytes, kind: str = "text/plain; charset=utf-8") -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Security-Policy", "default-src 'self' 'unsafe-inline' data:")
        self.end_headers()
        self.wfile.write(body)

    def _path(self) -> str | None:
        """The request's path, if it carries the token and comes to this server's address."""
        url, port = urlsplit(self.path), self.server.server_port
        token = parse_qs(url.query).get("token", [""])[0]
        hosts = (f"127.0.0.1:{port}", f"localhost:{port}")
        origin = self.headers.get("Origin")
        if (not hmac.compare_digest(token.encode(), self.server.token.encode())
                or self.headers.get("Host") not in hosts
                or (origin is not None and origin.removeprefix("http://") not in hosts)):
            self._send(403, b"forbidden: open the address figures review printed\n")
            return None
        return unquote(url.path)

    def do_GET(self) -> None:
        if (path := self._path()) is not None:
            self._send(*self._get(path))

    def do_POST(self) -> None:
        if (path := self._path()) is not None:
            self._send(*self._post(path))
            if path.strip("/").partition("/")[0] == "done":  # answered first: the review
                threading.Thread(target=self.server.shutdown).start()  # may end as it stops

    def _get(self, path: str) -> tuple[int, bytes, str]:
        goldens = self.server.goldens
        if path == "/":
            return 200, page(goldens, self.server.token).encode(), "text/html; charset=utf-8"
        parts = path.split("/")  # /image/NUMBER/WHICH: a listed golden's picture, by number
        number = _number(parts[2], len(goldens)) if len(parts) == 4 else None
        if parts[:2] == ["", "image"] and number is not None \
                and parts[3] in goldens[number].images:
            data, suffix = goldens[number].images[parts[3]]
            return 200, data, "image/svg+xml" if suffix == "svg" else "image/png"
        try:
            target = (ROOT / path.lstrip("/")).resolve()
        except (ValueError, OSError):  # a NUL in it (round 45d, G4): none such in baseline/
            target = ROOT
        if path.startswith("/baseline/") and target.is_relative_to(BASELINE.resolve()) \
                and target.is_file():
            return 200, target.read_bytes(), ("image/png" if target.suffix == ".png"
                                              else "application/octet-stream")
        return 404, (b"not found: only the page, its pictures by number and files in baseline/ "
                     b"are served\n"), "text/plain"

    def _post(self, path: str) -> tuple[int, bytes, str]:
        verb, _, number = path.strip("/").partition("/")
        goldens = self.server.goldens
        if verb == "done":  # do_POST stops the server once this is sent
            return 200, b"{}", "application/json"
        if verb not in ("accept", "reject") or (listed := _number(number, len(goldens))) is None:
            return 404, b"not found: accept or reject a listed golden by its number\n", "text/plain"
        answer = self.server.decide(verb, goldens[listed])
        return 200, json.dumps(answer).encode(), "application/json"

    def log_message(self, format: str, *args: object) -> None:
        pass  # quiet: the review prints what it does


#: The stop signals that end a review, each with its word and exit status (as the CLI's).
STOPS = {signal.SIGINT: ("interrupted", 130), signal.SIGTERM: ("terminated", 143),
         **({signal.SIGHUP: ("hung up", 129)} if hasattr(signal, "SIGHUP") else {})}
#: The stop signal that ended this review, if one did.
STOPPED: list[int] = []


def _stop(signum: int, frame: object) -> None:
    """The first stop signal stops the review (a KeyboardInterrupt); those after it (the
    terminal's Ctrl-C reaches both ``figures review`` and this tool, which passes its own on)
    change nothing while it says what it did."""
    from figures.signals import ignore_stop_signals

    STOPPED.append(signum)
    ignore_stop_signals()
    raise KeyboardInterrupt


def ended(goldens: list[Golden]) -> str:
    """The review's last line: how many were accepted, rejected, not decided."""
    count = {s: sum(g.status == s for g in goldens) for s in ("accepted", "failed", "rejected",
                                                              "changed")}
    return (f"review: {count['accepted'] + count['failed']} accepted, {count['rejected']} "
            f"rejected, {count['changed']} not decided" + (
                f" ({count['failed']} of those accepted fail when compared again: above)"
                if count["failed"] else ""))


def interrupted(goldens: list[Golden], how: str = "interrupted") -> str:
    """The line of a review stopped by Ctrl-C (or SIGTERM): each golden an accept wrote,
    and whether it was compared again (round 40, R3: "interrupted; finished files are
    complete, ..." named no golden, one accepted and written)."""
    said = []
    for item in goldens:
        if item.written is None:
            continue
        wrote = "written" if item.written else "nothing to write: equal already"
        said.append(f"{item.name} accepted ({wrote}, not compared again)"
                    if item.status == "accepting" else f"{item.name} accepted ({wrote}; "
                    f"compared again: {'passes' if item.status == 'accepted' else 'fails'})")
    rest = [f"{n} {what}" for n, what in (
        (sum(g.status == "rejected" for g in goldens), "rejected"),
        (sum(g.status == "changed" for g in goldens), "not decided")) if n]
    return (f"review: {how}: " + ("; ".join(said) + "; nothing else written" if said
                                  else "nothing written")
            + (f" ({', '.join(rest)})" if rest else ""))


def _watch_parent(server: Review, parent: int, stopped: threading.Event) -> None:
    """Stop serving when the process that started the review has ended (round 45d, G13: a
    SIGKILL to `figures review`, which it cannot catch, left this server running unseen, its
    page still able to write goldens): the review is then a child of another process."""
    while not stopped.wait(1):
        if os.getppid() != parent:
            ORPHANED.append(parent)
            server.shutdown()
            return


#: The process that started the review, once it has ended (:func:`_watch_parent`).
ORPHANED: list[int] = []


def serve(goldens: list[Golden], browser: bool) -> int:
    """The page served until Done (or Ctrl-C, or the end of the process that started it);
    the review's last line."""
    server = Review(goldens)
    stopped = threading.Event()
    threading.Thread(target=_watch_parent, args=(server, os.getppid(), stopped),
                     daemon=True).start()
    print(f"review: {len(goldens)} changed golden(s) at {server.url} (Ctrl-C stops)", flush=True)
    if browser:
        webbrowser.open(server.url)
    try:
        server.serve_forever()
        with server.accepting:  # Done while an accept compared again: its answer first
            pass
    finally:
        stopped.set()
        server.server_close()
        with server.writing:  # stopped while an accept wrote (in its thread): both files
            pass
    if ORPHANED:
        say(interrupted(goldens, "its command ended (killed): stopped serving"))
        return 1
    say(ended(goldens))
    return 0


def main(argv: list[str], script: bool = False) -> int:
    """The review of ``argv``; its exit status. ``script``: the process ends with it (once
    stopped, a second signal stays dropped until it does: round 45d, G25); else a caller's
    own handlers are back, and its stop is not the next review's (hostile round 52s, L5)."""
    STOPPED.clear()
    previous = {stop: signal.signal(stop, _stop) for stop in STOPS}
    goldens: list[Golden] = []
    try:
        return review(argv, goldens)
    except KeyboardInterrupt:
        how, code = STOPS.get(STOPPED[0] if STOPPED else signal.SIGINT)
        say(interrupted(goldens, how))  # a request's thread may be saying its answer
        return code
    finally:  # a caller's own (a test's) back; once stopped, a second signal stays dropped
        for stop, handler in previous.items() if not (STOPPED and script) else ():
            signal.signal(stop, handler)


def nothing_to_review() -> str:
    """The line of a review that found no golden differing from baseline/."""
    if STALE and not JUDGED:
        return (f"review: the {STALE[0]} golden(s) that failed in the last run match baseline/ "
                "now, and no other was compared (--no-open compares none): run the golden "
                "tests (`pytest --mpl`) to look for others; nothing to review")
    if FAILED:
        return "review: no golden differs from baseline/: nothing to review"
    if not JUDGED:
        if UNREAD:
            return UNREAD[0]
        return ("review: no golden test failed in the last run: nothing to review (`nox -s "
                "review` runs the comparisons)")
    unchanged = UNCHANGED[0] if UNCHANGED else 0
    if not JUDGED[0]:  # round 42, B16: "the golden comparisons did not run", exit 1
        return (f"review: none of the {unchanged} golden comparison(s) selected was made "
                "again: their inputs are unchanged since they last passed (the golden cache; "
                "`figures review -- --all` compares them), so none differs from baseline/: "
                "nothing to review")
    return (f"review: {JUDGED[0]} golden(s) compared, none differs from baseline/"
            + (f" ({unchanged} more not compared again: their inputs are unchanged since they "
               "last passed)" if unchanged else "") + ": nothing to review")


def review(argv: list[str], goldens: list[Golden]) -> int:
    """The review of ``argv``'s goldens; ``goldens`` holds those shown (for the line that says
    what was written when it is stopped)."""
    argv = from_here(argv, ROOT)  # pytest runs from ROOT (round 25, RS)
    if (why := refused(argv)) is not None:
        print(f"review: {why}", file=sys.stderr)
        return 2
    if (stale := ub.vector_only_refused()) is not None:  # no image drawn (round 45d, G12)
        print(f"review: {stale}; nothing reviewed", file=sys.stderr)
        return 2
    static, browser = "--no-open" in argv, "--no-browser" not in argv
    if (blocked := in_the_way(static)) is not None:
        print(blocked, file=sys.stderr)
        return 1
    # without a browser (CI, after a failure) the failures are at hand: nothing is rerun
    JUDGED.clear()
    STALE.clear()
    UNCHANGED.clear()
    goldens += collect([a for a in argv if a not in ("--no-open", "--no-browser")],
                       compare_first=not static)
    if not goldens:
        print(said := nothing_to_review())
        return 1 if said.endswith("nothing reviewed") else 0
    for item in goldens:
        if item.missing:  # said here too, not on the page only (round 29, G5)
            print(f"review: {item.name}: {item.missing}")
    if static:
        print(f"review: {len(goldens)} changed golden(s): {write_static(goldens)} (each names "
              "the command that accepts it; its pictures in img/ beside it)")
        return 0
    return serve(goldens, browser)


if __name__ == "__main__":
    code = main(sys.argv[1:], script=True)
    if STOPPED:  # Python's shutdown takes its handlers away: a second Ctrl-C (the CLI passes
        sys.stdout.flush()  # its own on a second later) killed it there, -2 (round 45d, G25)
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)
