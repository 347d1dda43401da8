"""Reading a raw ``results/`` tree as the seed scripts lay it out: every accessor's error
names the file (relative to the results folder), the record and the key."""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from figures.data.checks import element, get, join, mapping, number, type_name
from figures.data.jsonio import read_json, sha256_of
from figures.errors import DataError

#: A tree made by :mod:`figures.extract.synthetic` carries this file (figdata: synthetic-example).
SYNTHETIC_MARKER = "SYNTHETIC.json"
#: The seeds of the paper's runs (the CIFAR report reads each one's results file).
PAPER_SEEDS = (42, 123, 456)


def cifar_results_file(seed: int) -> str:
    """The CIFAR run of ``seed`` (``{"<seed>": {method: run}}``): seed 42's in ``cifar10/``."""
    folder = "cifar10" if seed == 42 else f"cifar10_seed{seed}"
    return f"{folder}/results_cifar10.json"


CACHED_FILES = 4


def _empty(folder: Path) -> bool:
    try:
        with os.scandir(folder) as entries:
            return next(entries, None) is None
    except OSError:  # unreadable: each file read says why
        return False


#: Bytes of a top-level JSON file read to tell a figdata file (a few KiB each) by its envelope.
_ENVELOPE_READ = 1 << 20


def _figdata_held(folder: Path) -> str | None:
    """The name of a figdata file among ``folder``'s top-level files, when it holds no folder
    (a results tree holds run folders; a figdata folder, figure JSONs), else None."""
    import json

    try:
        with os.scandir(folder) as entries:
            listed = sorted(entries, key=lambda entry: entry.name)
        if any(entry.is_dir() for entry in listed):
            return None
        for entry in listed:
            if entry.name.endswith(".json") and entry.is_file() and \
                    entry.stat().st_size <= _ENVELOPE_READ:
                document = json.loads(Path(entry.path).read_bytes())
                if isinstance(document, dict) and {"figure", "provenance"} <= set(document):
                    return entry.name
    except (OSError, ValueError):  # unreadable or not JSON: each figure's read says why
        return None
    return None


class ResultsTree:
    """A results folder; remembers which files each extraction read and their hashes."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        if not self.root.is_dir():
            if self.root.exists():
                raise DataError(str(root), None, "not a folder (give the results folder, the "
                                "one holding cifar10/, snapshot_*/, ...)")
            raise DataError(str(root), None, "results folder not found")
        if _empty(self.root):  # one line, not a "file not found" for every figure
            raise DataError(str(root), None, "empty folder (give the results folder, the one "
                            "holding cifar10/, snapshot_*/, ...)")
        if (held := _figdata_held(self.root)) is not None:  # `figures make figdata`: 48c W19
            raise DataError(str(root), None, f"a figdata folder (it holds {held}), not a "
                            "results folder: give the folder of run logs (the one holding "
                            "cifar10/, snapshot_*/, ...), or run `figures make` alone to build "
                            "from the figdata")
        # a few recently parsed files (the CIFAR figures share three): memory stays bounded
        self._cache: OrderedDict[str, Any] = OrderedDict()
        self._used: list[str] | None = None
        #: One line per tolerated oddity (e.g. a skipped seed); the CLI prints them.
        self.warnings: list[str] = []

    @property
    def synthetic(self) -> bool:
        return (self.root / SYNTHETIC_MARKER).is_file()

    @contextmanager
    def recording(self) -> Iterator[list[str]]:
        """Collect the relative paths of every file read inside the block."""
        used: list[str] = []
        self._used = used
        try:
            yield used
        finally:
            self._used = None

    def exists(self, rel: str) -> bool:
        return (self.root / rel).is_file()

    def warn(self, file: str, key: str | None, message: str) -> None:
        self.warnings.append(str(DataError(file, key, message)))

    def load(self, rel: str) -> Any:
        if self._used is not None and rel not in self._used:
            self._used.append(rel)
        if rel in self._cache:
            self._cache.move_to_end(rel)
        else:
            folder = (self.root / rel).parent
            if folder != self.root and not folder.exists():  # round 50c, W6: a run not done
                raise DataError(rel, None, f"file not found: its run's folder "
                                f"{folder.relative_to(self.root).as_posix()}/ is not in the "
                                "results folder (a run still going?): extract this figure "
                                "again when its log is written; the others are extracted")
            self._cache[rel] = read_json(self.root / rel, shown_as=rel)
            if len(self._cache) > CACHED_FILES:
                self._cache.popitem(last=False)
        return self._cache[rel]

    def sha256(self, rel: str) -> str:
        return sha256_of(self.root / rel)

    def glob(self, folder: str, prefix: str, suffix: str = ".json") -> list[str]:
        """Sorted relative paths in ``folder`` named ``prefix*suffix`` (seed 001's listing)."""
        directory = self.root / folder
        if not directory.is_dir():
            raise DataError(folder, None, "folder not found")
        names = sorted(p.name for p in directory.iterdir()
                       if p.name.startswith(prefix) and p.name.endswith(suffix))
        if not names:
            raise DataError(folder, None, f"no {prefix}*{suffix} files found")
        return [f"{folder}/{name}" for name in names]


def log_records(doc: Any, key: str, file: str) -> list[dict[str, Any]]:
    """The non-empty list of per-epoch records under ``key``."""
    log = get(doc, key, file)
    if not isinstance(log, list):
        raise DataError(file, key, f"expected a list of epoch records, got {type_name(log)}")
    if not log:
        raise DataError(file, key, "empty log, expected at least one epoch record")
    for i, rec in enumerate(log):
        mapping(rec, file, f"{key}[{i}]")
    return log


def log_epochs(log: list[dict[str, Any]], log_key: str, file: str) -> list[float]:
    """Each record's ``epoch``: increasing, without duplicates (else drawn as it stands)."""
    epochs: list[float] = []
    for i, rec in enumerate(log):
        where = f"{log_key}[{i}]"
        epoch = number(get(rec, "epoch", file, where), file, f"{where}.epoch")
        if epochs and epoch <= epochs[-1]:
            how = "repeats" if epoch == epochs[-1] else "comes after"
            raise DataError(
                file, f"{where}.epoch", f"epoch {epoch:g} {how} epoch {epochs[-1]:g} of "
                f"{log_key}[{i - 1}]; records must be in increasing epoch order without "
                "duplicates: sort the log and drop repeated records")
        epochs.append(epoch)
    return epochs


def layer_series(log: list[dict[str, Any]], keys: Sequence[str], index: int, file: str,
                 log_key: str) -> list[float]:
    """``rec[key][index]`` of every record, ``key`` the first of ``keys`` it holds; every
    record lists as many layers as the first (one cut short would shift ``index``)."""
    values: list[float] = []
    layers: dict[str, tuple[int, int]] = {}  # key: (its length, the first record holding it)
    for i, rec in enumerate(log):
        where = f"{log_key}[{i}]"
        key = first_key(rec, keys)
        if key is None:
            if len(keys) == 1:
                raise DataError(file, join(where, keys[0]), "missing key")
            raise DataError(file, where, f"missing key: expected {' or '.join(keys)}")
        if isinstance(rec[key], list):
            count, first = layers.setdefault(key, (len(rec[key]), i))
            if len(rec[key]) != count:
                raise DataError(
                    file, f"{where}.{key}", f"{len(rec[key])} layers where {log_key}[{first}] "
                    f"has {count}; every record lists every layer")
        at = join(where, key)  # a per-layer norm, bound for a log axis
        values.append(number(element(rec[key], index, file, at), file, f"{at}[{index}]",
                             positive=True))
    return values


def first_key(rec: dict[str, Any], keys: Sequence[str]) -> str | None:
    """The first of ``keys`` present in ``rec`` (the seeds' key-variant fallbacks)."""
    return next((k for k in keys if k in rec), None)
