"""The machinery of ``figures watch`` (its parser is ``figures/cli/watch.py``; the modules are
listed in docs/modules.md). None of it is in the build key: editing it re-renders nothing."""
