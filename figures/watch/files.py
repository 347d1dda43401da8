"""What the watch watches, as files on disk (the watch never imports the registry or a
figure module): paths through links, folder identities, how lines name them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from figures.paths import shown

#: The registry: each figure's outputs and dpi (and, watching every figure, the figures).
REGISTRY = Path(__file__).resolve().parent.parent / "registry.py"
REGISTRY_SHOWN = "figures/registry.py"


def both(path: str | Path) -> set[Path]:
    """A saved path as named and as resolved (through links)."""
    return {Path(path).absolute(), Path(path).resolve()}


def identities(dirs: Sequence[Path]) -> list[tuple[int, int] | None]:
    """Each folder's (device, inode), None where it is gone."""
    found: list[tuple[int, int] | None] = []
    for folder in dirs:
        try:
            info = folder.stat()
        except OSError:
            found.append(None)
        else:
            found.append((info.st_dev, info.st_ino) if folder.is_dir() else None)
    return found


def folders(dirs: Sequence[Path]) -> str:
    """The watched folders as a user reads them, a folder inside another not named again."""
    return listed([f"{shown(d)}/" for d in dirs
                   if not any(o != d and d.is_relative_to(o) for o in dirs)])


def listed(names: Sequence[str]) -> str:
    """``a, b and c``."""
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
