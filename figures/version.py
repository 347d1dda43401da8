"""The package's version, which built files and figdata record (below every module that
records it; ``figures.__version__`` hands it on)."""

__version__ = "0.1.0"
