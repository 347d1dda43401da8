"""Where things are, and whether a path is one of them: the build folders and the inputs a
command must never write over (through any link). Below every command and stage."""

from __future__ import annotations

import os
from pathlib import Path

DEFAULT_FIGDATA = Path("figdata")
#: Where every build writes: the default build, the camera-ready one, each venue's.
BUILD_ROOT = Path("build")
DEFAULT_OUT = BUILD_ROOT / "figures"
CAMERA_READY_OUT = BUILD_ROOT / "camera-ready"


def same_folder(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or a.samefile(b)
    except OSError:
        return False


def is_inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` (which need not exist) is ``folder`` or inside it, through any link,
    a case-insensitive name or a bind mount: compared by identity (device and inode) too."""
    resolved = path.resolve()
    if resolved.is_relative_to(folder.resolve()):
        return True
    try:
        target = folder.stat()
    except OSError:
        return False
    for part in (resolved, *resolved.parents):
        try:
            if os.path.samestat(part.stat(), target):
                return True
        except OSError:
            continue  # not there (yet): its parent may be
    return False


def shown(path: Path) -> str:
    """``path`` relative to the working folder when under it, else as given."""
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(path)


def checkout_of(path: Path) -> Path | None:
    """The nearest folder at or above ``path`` that holds a figures checkout."""
    for folder in (path, *path.parents):
        if (folder / "figures" / "registry.py").is_file() and (folder / "figdata").is_dir():
            return folder
    return None


def repository_figdata(name: str, besides: Path) -> Path | None:
    """The repository's own figdata file ``name`` (a figure's paper values, its ``quoted``
    list), other than ``besides``: in ``figdata/`` of the working folder (a checkout worked
    in), else in the package's own checkout (an author working from her paper's folder:
    round 48c W8); None when neither holds it (an installed package)."""
    from figures.registry import PACKAGE_DIR

    for folder in (DEFAULT_FIGDATA, PACKAGE_DIR.parent / "figdata"):
        file = folder / name
        if file.is_file() and not same_folder(file, besides):
            return file
    return None


def written_by(marker: bytes, path: Path) -> bool:
    """Whether the file ``path`` holds ``marker`` (a command's own mark) in its first KiB."""
    try:
        with path.open("rb") as handle:
            return marker in handle.read(1024)
    except OSError:
        return False


def input_folder_of(path: Path, figdata_dir: Path | None) -> str | None:
    """Which folder of inputs ``path`` is in (through any link): the figdata folder, the
    package, and in a source checkout ``baseline/`` and ``tests/``; None when none."""
    from figures.registry import PACKAGE_DIR

    resolved = path.resolve()
    checkout = PACKAGE_DIR.parent
    inputs = [(PACKAGE_DIR, "the figures package (its registry and modules)")]
    if figdata_dir is not None:
        inputs.insert(0, (figdata_dir, f"the figdata folder {figdata_dir}"))
    if (checkout / "pyproject.toml").is_file():
        inputs += [(checkout / "baseline",
                    "the golden images' folder baseline/ (the built files have their names)"),
                   (checkout / "tests", "the tests' folder tests/")]
    return next((what for place, what in inputs if is_inside(resolved, place)), None)


def not_a_file(path: Path) -> str | None:
    """Why ``path`` is no file to read, in the words of every option naming one (``--main``,
    ``--venues``: round 37, C3), or None when it is a regular file; never opens it."""
    if path.is_file():
        return None
    if path.exists() or path.is_symlink():
        return "not a regular file (a named pipe, a device, a folder or a dangling link)"
    return "no such file"


def link_loop(path: Path) -> str | None:
    """Why ``path`` leads nowhere, in one line, when it is a symbolic link that loops (to
    itself, through others or a folder above it that does); None when it resolves. Python
    says "Symlink loop" as a RuntimeError (3.11) or an OSError (3.13): both were internal
    errors of sync (hostile round 51a, P42, P42b)."""
    try:
        path.resolve(strict=False)
    except (RuntimeError, OSError):
        return ("a symbolic link that loops (to itself, or through other links): remove it "
                "or point it at a file, then run the command again")
    return None
