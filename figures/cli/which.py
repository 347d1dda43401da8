"""``figures which FILE...``: which figure and build each file is, and whether it is current."""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from figures.cli.common import add_figdata, add_venues, path_arg, say


def add_parser(add) -> None:
    p = add("which", help="which figure each file is (read from inside it, whatever its name) "
            "and whether it is current, stale or not from this suite")
    p.add_argument("files", type=path_arg, nargs="+", metavar="FILE",
                   help="built PDFs or PNGs, e.g. the copies in the paper's folder")
    add_venues(p, "your venue profiles, for files built for one of them")
    add_figdata(p)
    p.set_defaults(answers_on_stdout=True)


def run(args: argparse.Namespace) -> int:
    from figures.paper.which import which

    found = [_sync_again(which(path, args.figdata, args.venues, wrappers=True), args.figdata)
             for path in args.files]
    for item in found:
        say(item.line())
    return 0 if all(item.current for item in found) else 1


def _sync_again(item, figdata_dir: Path):
    """A stale figure sync sized for a paper is told the sync that mends it as this run was
    given: its ``--figdata``, ``--allow-synthetic`` for a synthetic figure, a venue's name
    but not the page's key (sync reads the page), and no "(and copy it again)" (sync
    copies). "`figures sync PAPER_DIR --venue tex10pt-6.75x3.25x9in` (and copy it again)"
    was told: followed, sync read the repository's figdata and refused the synthetic row
    (hostile round 52h, W6; the pack's own line: round 50b, K32)."""
    from figures.data.envelope import SYNTHETIC
    from figures.errors import display_path, shell_word
    from figures.paths import DEFAULT_FIGDATA, same_folder
    from figures.venues import of_the_paper_key, off_page

    if not item.rebuild.startswith("figures sync PAPER_DIR"):
        return item
    venue = off_page(item.rebuild.partition("--venue ")[2].split(" ")[0])
    named = "" if not venue or of_the_paper_key(venue) else f" --venue {shell_word(venue)}"
    data = "" if same_folder(figdata_dir, DEFAULT_FIGDATA) else \
        f" --figdata {shell_word(display_path(figdata_dir))}"
    allow = " --allow-synthetic" if item.origin == SYNTHETIC else ""
    width = item.variant.rpartition("@")[2].removesuffix("in")  # venue:icml@3.25in
    own = f"; a build of your own: `figures build --venue {shell_word(venue)} --width {width}" \
        f"{data} --out DIR`" if named and width else ""
    return replace(item, rebuild=f"figures sync PAPER_DIR{named}{data}{allow}",
                   copy_again=f"(PAPER_DIR: the paper's folder{own})")
