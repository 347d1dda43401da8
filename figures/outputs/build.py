"""The build: render the figures whose build key changed, in parallel, atomically."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

from figures.data.jsonio import ensure_folder, read_json_bytes, sha256_if_file, write_text_atomic
from figures.errors import FigureDataError, os_error
from figures.outputs import pixels
from figures.outputs.kind import DEFAULT, BuildKind
from figures.outputs.lock import locked, remove_stale_temp_files
from figures.outputs.state import STATE_FILE, build_key, read_state
from figures.outputs.workers import Result, cores, failure, render_one, render_parallel
from figures.registry import FigureSpec


def build(
    specs: Sequence[FigureSpec], figdata_dir: Path, out_dir: Path,
    kind: BuildKind = DEFAULT, *, jobs: int | None = None, force: bool = False,
    on_wait: Callable[[], None] | None = None, keep: bool = False,
) -> list[Result]:
    """Render the figures whose build key changed (all with ``force``), ``jobs`` at a time,
    holding the output folder's lock (``on_wait``: another build holds it); ``keep``: in
    this process, each drawing kept in its Result."""
    out_dir = ensure_folder(out_dir)
    with locked(out_dir, on_wait):
        remove_stale_temp_files(out_dir, specs, kind)
        try:
            return _build_locked(specs, figdata_dir, out_dir, kind, jobs=jobs, force=force,
                                 keep=keep)
        finally:
            remove_stale_temp_files(out_dir, specs, kind)  # left by workers killed mid-write


def _build_locked(specs: Sequence[FigureSpec], figdata_dir: Path, out_dir: Path,
                  kind: BuildKind, *, jobs: int | None, force: bool,
                  keep: bool = False) -> list[Result]:
    state_path = out_dir / STATE_FILE
    over = _link_into_inputs(state_path, figdata_dir)
    if over is not None:
        raise over
    state = read_state(state_path)
    results: dict[str, Result] = {}
    keys: dict[str, str] = {}
    todo: list[FigureSpec] = []
    raws: list[bytes] = []
    for spec in specs:
        path = spec.figdata_path(figdata_dir)
        try:
            missing = spec.figdata_missing(figdata_dir)
            if missing is not None:
                raise missing
            raw = read_json_bytes(path)
            keys[kind.stem(spec)] = key = build_key(spec, raw, kind)
        except (FigureDataError, OSError) as exc:
            results[kind.stem(spec)] = failure(kind.stem(spec), exc)
            continue
        # an output that is a link into our inputs (a golden image, a figdata file), which a
        # save would write through; a link elsewhere (into the paper) is written through
        over = next(filter(None, (_link_into_inputs(out_dir / name, figdata_dir)
                                  for name in kind.output_names(spec))), None)
        if over is not None:
            results[kind.stem(spec)] = failure(kind.stem(spec), over)
            continue
        recorded = state.get(kind.stem(spec))
        recorded = recorded if isinstance(recorded, dict) else {}
        theirs = next(filter(None, (_not_ours(out_dir / name, recorded)
                                    for name in kind.output_names(spec))), None)
        if theirs is not None:
            results[kind.stem(spec)] = failure(kind.stem(spec), theirs)
            continue
        outputs = {n: sha256_if_file(out_dir / n) for n in kind.output_names(spec)}
        if (not force and recorded.get("key") == key and recorded.get("outputs") == outputs
                and None not in outputs.values() and _pictures_recorded(recorded, outputs)):
            results[kind.stem(spec)] = Result(
                kind.stem(spec), "current", origin=recorded.get("origin", recorded.get("kind", "")),
                outputs=[out_dir / n for n in outputs])
        else:
            todo.append(spec)
            raws.append(raw)
    tasks = [(spec, raw, keys[kind.stem(spec)]) for spec, raw in zip(todo, raws, strict=True)]
    jobs = 1 if keep else max(1, min(jobs or cores(), len(tasks)))
    rendered: list[Result] = []
    try:
        if jobs == 1:  # in this process
            for spec, raw, key in tasks:
                rendered.append(render_one(spec, figdata_dir, out_dir, raw, key, kind, keep))
        else:
            rendered = render_parallel(tasks, figdata_dir, out_dir, jobs, kind)
    except KeyboardInterrupt as exc:  # round 40 K3: `figures build` names those built
        done = [r.name for r in rendered or getattr(exc, "rendered", []) if r.status == "built"]
        exc.drawn = (done, len(tasks) - len(done))  # type: ignore[attr-defined]
        raise
    for result in rendered:
        results[result.name] = result
        if result.status == "built":
            earlier = state.get(result.name)
            state[result.name] = {
                "key": keys[result.name], "origin": result.origin, "outputs": result.hashes,
                # earlier builds' too: a paper compiled before this build is still recognised
                "pictures": pixels.merged(result.pictures, earlier.get("pictures")
                                          if isinstance(earlier, dict) else None),
            }
        else:
            state.pop(result.name, None)
    if rendered:
        try:
            write_text_atomic(state_path, json.dumps(state, indent=1, sort_keys=True) + "\n")
        except OSError as exc:
            raise os_error(exc, state_path) from None
    return [results[kind.stem(spec)] for spec in specs]


def _pictures_recorded(recorded: dict, outputs: dict[str, str | None]) -> bool:
    """Whether the state records its PNGs' pixels (else built once more, to record them)."""
    return (not any(name.endswith(".png") for name in outputs)
            or isinstance(recorded.get("pictures"), list))


def _link_into_inputs(target: Path, figdata_dir: Path) -> FigureDataError | None:
    from figures.paths import input_folder_of

    if not target.is_symlink():
        return None
    inside = input_folder_of(target, figdata_dir)
    if inside is None:
        return None
    return FigureDataError(str(target), None, (
        f"is a link to {target.resolve()}, inside {inside}; the build would write over it. "
        "Remove the link (the build then writes a file in its place)"))


def _not_ours(target: Path, recorded: dict) -> FigureDataError | None:
    """The refusal of an output the build would write over though it is not ours: a file
    this folder's builds never wrote (not in its state) with no provenance of ours, as the
    author's own export of a figure of that name (round 45c, W7: an ``--out`` pointed at a
    paper's ``figs/`` replaced her ``cifar_summary.png`` without a word; sync refuses it)."""
    from figures.outputs import provenance

    outputs = recorded.get("outputs")
    if (isinstance(outputs, dict) and target.name in outputs) or not target.is_file() or \
            provenance.read_or_none(target) is not None:
        return None
    return FigureDataError(str(target), None, "exists and is not from this suite (no "
                           "provenance of ours inside): the build writes only over its own "
                           "files; choose another --out folder, or move that file away")
