"""The machinery of ``figures watch`` (the command itself, its parser, is ``figures/cli/watch.py``).

- :mod:`~figures.watch.files`: what is watched: paths as named and through links, their
  digests, the folders' identities, and how lines name them.
- :mod:`~figures.watch.watcher`: :class:`~figures.watch.watcher.Watcher`, which maps saved files
  to the figures that read them and turns what a rebuild reports into lines.
- :mod:`~figures.watch.rebuilds`: the rebuild processes: start, stop, timeout, their messages,
  and the one-at-a-time scheduling of rebuilds while saves keep coming.
- :mod:`~figures.watch.child`: what runs inside a rebuild process (it alone imports the
  registry and the figure modules, anew each time).
- :mod:`~figures.watch.loop`: :func:`~figures.watch.loop.watch`, the watch loop over
  watchfiles, including folders that are removed or replaced.

None of it is in the build key (``registry.SHARED_CODE``): editing it re-renders nothing.
"""
