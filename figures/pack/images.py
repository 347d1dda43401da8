"""The figures of a pack: ours current and free of Type 3 fonts (else the pack stops, naming
the file and the command that mends it), and what arXiv would warn about or change."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from figures.data.envelope import SYNTHETIC
from figures.errors import FigureDataError, display_path
from figures.outputs.pixels import open_image

IMAGE_SUFFIXES = (".pdf", ".png", ".jpg", ".jpeg")
#: arXiv flags images above this many pixels.
ARXIV_MEGAPIXELS = 34
#: What Pillow reads of a PNG that makes arXiv re-encode it (a palette, transparency, gamma, a
#: colour profile); modes RGBA, LA and PA carry alpha.
ARXIV_PNG_CHUNKS = {"palette": "a palette", "transparency": "transparency", "gamma": "gamma",
                    "icc_profile": "a colour profile"}
#: The characters arXiv keeps in a file name; it renames a file with any other.
_ARXIV_NAME = re.compile(r"[A-Za-z0-9_+\-.,=]+")


def _renamed_by_arxiv(sources: tuple[str, ...]) -> list[str]:
    """arXiv's renaming, one line for each file whose own name it renames and one for each
    folder it renames (hostile round 42a, A16: every file of ``figs/réseau/`` was told
    "rename it and its include", where the folder, and the ``\\graphicspath`` or include
    paths naming it, are what breaks)."""
    said, folders = [], {}
    for name in sources:
        parts = name.split("/")
        bad = next((i for i, part in enumerate(parts) if not _ARXIV_NAME.fullmatch(part)), None)
        if bad == len(parts) - 1:
            said.append(f"{display_path(name)}: arXiv renames files with characters other than "
                        "A-Z a-z 0-9 _ + - . , = (the include would break): rename it and its "
                        "include")
        elif bad is not None:
            folders.setdefault("/".join(parts[:bad + 1]) + "/", []).append(name)
    said += [f"{display_path(folder)}: arXiv renames folders with characters other than "
             f"A-Z a-z 0-9 _ + - . , = ({len(names)} packed file(s) in it; every include and "
             "\\graphicspath naming it would break): rename the folder and the paths that name "
             "it in the source" for folder, names in folders.items()]
    return said


@dataclass
class Figures:
    ours: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def check(paper: Path, sources: tuple[str, ...], figdata_dir: Path, *,
          allow_synthetic: bool, venues_file: Path | None = None) -> Figures:
    """Every packed image: ours current (else :class:`FigureDataError`, one line naming it
    and the command to run), no Type 3 font in ours, and arXiv's warnings for all."""
    from figures.paper.which import CURRENT, FOREIGN, STALE, UNKNOWN_VENUE, which
    from figures.pdf import pdf_fonts

    found = Figures()
    found.warnings += _renamed_by_arxiv(sources)
    for name in sources:
        path = paper / name
        if path.suffix.lower() == ".tex" and _stale_macros(path, figdata_dir):
            raise FigureDataError(name, None, "a macros file of ours whose numbers are not "
                                  "figdata's now (new results, or edited by hand): run "
                                  "`figures sync PAPER` (or `figures macros --out FILE`); the "
                                  "pack stops (no stale number goes out)")
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        state = which(path, figdata_dir, venues_file, wrappers=True)  # ours in a pdfcrop, too
        if state.state == FOREIGN:
            found.foreign.append(name)
        elif state.state != CURRENT:
            advice = state.advice or state.why or state.state
            if state.rebuild.startswith("figures sync PAPER_DIR"):  # round 50b, K32
                advice = f"{state.why}; {_sync_advice(paper, figdata_dir, state.rebuild, state.origin == SYNTHETIC)}"
            if state.why.endswith(UNKNOWN_VENUE):  # not known to be stale: said so
                raise FigureDataError(name, state.figure, f"{advice}; the pack stops")
            raise FigureDataError(name, state.figure or None, f"{state.state}: {advice}; "
                                  "the pack stops" + (" (no stale figure goes out)"
                                                      if state.state == STALE else ""))
        else:
            if state.origin == SYNTHETIC and not allow_synthetic:
                raise FigureDataError(name, state.figure, (
                    ("placed in this PDF (a pdfcrop or standalone wrapper, a supplement), "
                     if state.wrapped else "") + "drawn from SYNTHETIC EXAMPLE DATA; the pack stops "
                    "(--allow-synthetic to pack it anyway)"))
            found.ours.append(name)
        if path.suffix.lower() == ".pdf":
            type3 = sorted({f.name for f in pdf_fonts(path) if f.subtype == "Type3"})
            if type3 and state.state == CURRENT:
                raise FigureDataError(name, state.figure, (
                    f"{len(type3)} Type 3 font(s) ({', '.join(type3[:3])}); venues refuse "
                    "them: run `figures build --venue V` and `figures sync PAPER --venue V`"))
            if type3:
                found.warnings.append(f"{display_path(name)}: {len(type3)} Type 3 font(s) (not "
                                      "ours: re-export it with embedded Type 1 or TrueType "
                                      "fonts)")
        else:
            found.warnings += _raster_warnings(name, path)
    return found


def _stale_macros(path: Path, figdata_dir: Path) -> bool:
    """``path`` is a macros file `figures macros` or sync wrote, and figdata says otherwise
    now (:func:`figures.numbers.macros.stale`)."""
    from figures.numbers.macros import stale
    from figures.paper.write import macros_of_ours

    return macros_of_ours(path) and stale(path.read_text(encoding="utf-8", errors="replace"),
                                          figdata_dir)


def _raster_warnings(name: str, path: Path) -> list[str]:
    from PIL import Image

    said, shown, pillow = [], display_path(name), []
    try:
        with open_image(path, pillow) as image:
            width, height = image.size
            mode, info = image.mode, {**image.info, "palette": image.palette}
    except (OSError, Image.DecompressionBombError) as exc:
        return [f"{shown}: cannot be read as an image ({exc})"]
    said += [f"{shown}: Pillow warns reading it ({' '.join(message.split())}): open it in an "
             "image program and save it again if it does not show as it should"
             for message in dict.fromkeys(pillow)]  # hostile round 45b, K5: one line, ours
    if width * height > ARXIV_MEGAPIXELS * 1_000_000:
        said.append(f"{shown}: {width}x{height} = {width * height / 1e6:.1f} megapixels, over "
                    f"arXiv's {ARXIV_MEGAPIXELS}: downsample it")
    if path.suffix.lower() == ".png":
        kinds = [what for key, what in ARXIV_PNG_CHUNKS.items() if info.get(key) is not None]
        if mode in ("RGBA", "LA", "PA"):
            kinds.append("an alpha channel")
        if kinds:
            said.append(f"{shown}: PNG with {', '.join(dict.fromkeys(kinds))}: arXiv re-encodes "
                        "it (save it as plain RGB to keep it as it is)")
    return said


def eps_refusal(paper: Path, eps: str, shown: str = "printed as its file name") -> str:
    """Why an EPS figure stops the pack (``shown``: what pdflatex made of it), and the PDF to
    include instead: a compile with
    shell escape (or Overleaf) leaves graphicx's ``NAME-eps-converted-to.pdf`` beside the
    EPS, which the author's own compile prints, so a hand compile shows the picture while
    the archive's prints the name; that file, renamed, is the mend at hand."""
    why = (f"an EPS figure, {shown}: pdflatex converts it only with shell escape, which "
           "neither this compile nor arXiv's runs: ")
    source = Path(eps)
    converted = source.with_name(f"{source.stem}-{source.suffix[1:]}-converted-to.pdf")
    if (paper / converted).is_file():
        return why + (f"{converted.name}, which an earlier compile left beside it, is that "
                      f"figure as PDF: rename it {source.stem}.pdf and include that")
    return why + f"convert it to PDF (epstopdf {source.name}) and include that"


def _sync_advice(paper: Path, figdata_dir: Path, rebuild: str, synthetic: bool) -> str:
    """What mends a stale figure of ours that sync sized for this paper: sync of this very
    folder with the figdata the pack was given (round 50b, K32: the line said `figures sync
    PAPER_DIR --venue KEY (and copy it again)`, without the pack's ``--figdata``: followed, it
    rebuilt from the repository's data, and the next pack was stale again). Sync reads the
    page from the paper itself: the venue is named only when it is a venue's (``icml``, not
    the page's key ``icml-6.75x3.25x9in``) rather than one made from the paper's body. A
    figure drawn from synthetic data is copied by a sync given ``--allow-synthetic`` only:
    without it, the line followed refused the row (hostile round 51b, K12)."""
    import shlex

    from figures.paths import DEFAULT_FIGDATA, same_folder
    from figures.venues import of_the_paper_key, off_page

    venue = off_page(rebuild.partition("--venue ")[2].split(" ")[0])
    named = "" if not venue or of_the_paper_key(venue) else f" --venue {shlex.quote(venue)}"
    data = "" if same_folder(figdata_dir, DEFAULT_FIGDATA) else \
        f" --figdata {shlex.quote(display_path(figdata_dir))}"
    allow = " --allow-synthetic" if synthetic else ""
    return f"run `figures sync {shlex.quote(display_path(paper))}{named}{data}{allow}`, then pack again"
