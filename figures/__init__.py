"""fa-audit-figures: the figures of the BP / FA / DFA credit-assignment audit.

Each figure is a pure ``render(data) -> matplotlib.figure.Figure`` over one committed
figdata JSON; :mod:`figures.registry` lists them all and drives the CLI, the build and the tests.
"""

__version__ = "0.1.0"
