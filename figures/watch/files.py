"""What the watch watches, as files on disk: a saved path as named and through its links,
the digest of its bytes (a save that leaves them as they were stops nothing), the identity
of each watched folder (a folder removed or replaced is watched anew), and how lines name them.

Path-based only: the watch process never imports the registry or a figure module.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

#: The registry: its entries give each figure's outputs and dpi (and, watching every figure,
#: the figures themselves).
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
    """The watched folders as a user reads them: a folder inside another is not named again
    (``figdata/ and figures/``, not ``... figures/ and figures/plots/``)."""
    top = [f"{shown(d)}/" for d in dirs if not any(o != d and d.is_relative_to(o) for o in dirs)]
    return " and ".join([", ".join(top[:-1]), *top[-1:]] if len(top) > 1 else top)


def shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)
