"""The :class:`Watcher`: which figures read which file, so that a save rebuilds exactly the
figures it affects, and the lines a rebuild's outcomes give; it never imports the figure
modules (docs/modules.md)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from figures.data.envelope import SYNTHETIC
from figures.data.jsonio import sha256_if_file
from figures.paths import shown
from figures.watch.child import Message, Outcome
from figures.watch.files import REGISTRY, REGISTRY_SHOWN, both
from figures.watch.rebuilds import Rebuild, few

if TYPE_CHECKING:  # imported anew by each rebuild, never by the watch: see figures.watch.child
    from figures.registry import FigureSpec


@dataclass
class Watcher:
    """Maps saved files to figures and rebuilds them; one instance per watch session."""

    specs: Sequence[FigureSpec]
    figdata_dir: Path
    out_dir: Path
    jobs: int | None = None
    debug: bool = False  # each failure's traceback after its line
    rebuild_timeout: float = 120.0  # seconds before a rebuild is stopped
    #: Watching every figure: a registry save re-reads it; figures added are watched.
    follow_registry: bool = False
    #: Figures whose last rebuild failed: a fix that restores the last built bytes says so.
    failing: set[str] = field(default_factory=set)
    #: Figures whose rebuild a save of their own files stopped (were they already current?).
    restarted: set[str] = field(default_factory=set)
    #: The registry did not import in the last rebuild: its fix says so.
    registry_failing: bool = False

    def __post_init__(self) -> None:
        self.figdata_dir, self.out_dir = Path(self.figdata_dir), Path(self.out_dir)
        self.specs = list(self.specs)
        self._figures_of: dict[Path, list[str]] = {}
        #: Each watched file's digest when last seen: a save that leaves it does not restart.
        self._digests: dict[Path, str | None] = {}
        self.remap()

    def remap(self) -> None:
        """Which figures read which file, from the figures' current module texts."""
        self._figures_of = {}
        for spec in self.specs:
            # a figure's outputs and dpi are its registry entry's: an edit there rebuilds it
            for path in (spec.figdata_path(self.figdata_dir), *spec.source_files(), REGISTRY):
                # the path as named and the file it links to: a save by rename over either
                for where in both(path):
                    names = self._figures_of.setdefault(where, [])
                    if spec.name not in names:
                        names.append(spec.name)
        for where in (*self._figures_of, *(both(REGISTRY) if self.follow_registry else ())):
            if where not in self._digests:
                self._digests[where] = sha256_if_file(where)

    def names(self) -> list[str]:
        return [spec.name for spec in self.specs]

    def watched_dirs(self) -> list[Path]:
        return sorted({path.parent for path in self._figures_of} | {REGISTRY.parent})

    def is_watched(self, _change: Any, path: str) -> bool:
        """watchfiles' filter: the files some figure's build key reads (and the registry)."""
        return any(where in self._figures_of or (self.follow_registry and where == REGISTRY)
                   for where in both(path))

    def affected(self, paths: Iterable[str | Path]) -> list[FigureSpec]:
        """The figures whose build key reads one of ``paths``, in registry order."""
        names = {name for p in paths for where in both(p)
                 for name in self._figures_of.get(where, ())}
        return [spec for spec in self.specs if spec.name in names]

    def rereads_registry(self, paths: Iterable[str | Path]) -> bool:
        """Whether a save of ``paths`` re-reads the figures from the registry."""
        return self.follow_registry and any(REGISTRY in both(p) for p in paths)

    def changed(self, paths: Iterable[str | Path]) -> list[Path]:
        """Of the watched ``paths``, those whose bytes differ from when they were last seen."""
        found = []
        for path in dict.fromkeys(Path(p).absolute() for p in paths):
            if not self.is_watched(None, str(path)):
                continue
            now = sha256_if_file(path)
            if self._digests.get(path, "") != now:
                found.append(path)
            self._digests[path] = now
        return found

    def follow(self, names: Sequence[str]) -> list[str]:
        """The registry's figures as a rebuild read it: watch those added, drop those removed."""
        from figures.registry import FigureSpec, Output

        known = {spec.name: spec for spec in self.specs}
        # only the name matters here (its files); the rebuild reads the outputs anew
        self.specs = [known.get(name) or FigureSpec(name, (Output("png", 100),))
                      for name in names]
        self.remap()
        lines = [f"new figure {spec.name} in {REGISTRY_SHOWN}: building it; {spec.shown_path} "
                 f"and {shown(spec.figdata_path(self.figdata_dir))} are watched from now on"
                 for spec in self.specs if spec.name not in known]
        for name in known:
            if name not in names:
                self.failing.discard(name)
                lines.append(f"{name} is no longer in {REGISTRY_SHOWN}: no longer watched "
                             "(its built files stay)")
        return lines

    def start(self, names: list[str] | None) -> Rebuild:
        """A rebuild of ``names`` (None: every figure) in a fresh process (stop signals held)."""
        return Rebuild(names, self.figdata_dir, self.out_dir, self.jobs)

    def report(self, message: Message, rebuild: Rebuild) -> list[str]:
        """The lines for one message of ``rebuild``."""
        kind = message[0]
        if kind == "registry-error":
            self.registry_failing = True
            trace = [message[2].rstrip("\n")] if self.debug and message[2] else []
            return [f"error: {message[1]}", *trace]
        fixed = []
        if self.registry_failing:
            self.registry_failing = False
            fixed = [f"fixed {REGISTRY_SHOWN}: it imports again"]
        if kind == "figures":
            return fixed + self.follow(message[1])
        if kind == "outcomes":
            return fixed + self.lines(message[1], rebuild.seconds)
        return self.failed(rebuild, f"the rebuild process died (exit status {message[1]}); "
                           "save again to retry")  # "died"

    def timed_out(self, rebuild: Rebuild) -> list[str]:
        """The lines for ``rebuild``, stopped after ``rebuild_timeout`` seconds."""
        return self.failed(rebuild, f"the rebuild took over {self.rebuild_timeout:g} s and was "
                           "stopped; save again to retry")

    def failed(self, rebuild: Rebuild, why: str) -> list[str]:
        names = self.of(rebuild)
        self.failing.update(names)
        return [f"error: {name}: {why}" for name in names]

    def of(self, rebuild: Rebuild) -> list[str]:
        """The figures ``rebuild`` rebuilds (every figure: the watched ones)."""
        return rebuild.names if rebuild.names is not None else self.names()

    def lines(self, outcomes: Sequence[Outcome], seconds: float) -> list[str]:
        """One line per figure rebuilt, failed, or fixed; one for those a save restarted that
        were already current."""
        lines = []
        current: list[str] = []
        for name, status, line, trace, kind, outputs in outcomes:
            restarted = name in self.restarted
            self.restarted.discard(name)
            if status == "failed":
                self.failing.add(name)
                lines.append(f"error: {line}")
                if self.debug and trace:
                    lines.append(trace.rstrip("\n"))
            elif status == "built":
                self.failing.discard(name)
                note = " [SYNTHETIC EXAMPLE DATA]" if kind == SYNTHETIC else ""
                lines.append(f"built {name} in {seconds:.2f} s: {', '.join(outputs)}{note}")
            elif name in self.failing:
                self.failing.discard(name)
                lines.append(f"fixed {name}: its outputs were already current")
            elif restarted:
                current.append(name)
        if current:
            their = "its" if len(current) == 1 else "their"
            lines.append(f"{few(current)}: {their} outputs were already current")
        return lines
