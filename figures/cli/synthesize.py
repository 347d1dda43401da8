"""``figures synthesize RESULTS``: a synthetic example results tree, to try the pipeline
without the paper's runs (every figure from it is stamped as synthetic)."""

from __future__ import annotations

import argparse

from figures.cli.common import path_arg

#: Enough for any real run (the paper's are 100 epochs); more only makes synthesize run for hours.
MAX_SYNTHETIC_EPOCHS = 10_000


def _epoch_count(text: str) -> int:
    """An argparse type: a whole number of epochs in 2..MAX_SYNTHETIC_EPOCHS (an epoch axis
    of one epoch is refused: round 45c, W25)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 2:
        raise argparse.ArgumentTypeError(f"must be at least 2 (an epoch axis draws a change), "
                                         f"got {value}")
    if value > MAX_SYNTHETIC_EPOCHS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SYNTHETIC_EPOCHS}, got {value}")
    return value


def add_parser(add) -> None:
    p = add("synthesize", help="write a synthetic example results tree")
    p.add_argument("results", type=path_arg, metavar="RESULTS",
                   help="a new or empty folder, or one an earlier synthesize wrote")
    p.add_argument("--epochs", type=_epoch_count, default=100, metavar="N",
                   help="epochs per run (default: 100)")


def run(args: argparse.Namespace) -> int:
    from figures.extract.synthetic import generate

    generate(args.results, epochs=args.epochs)
    print(f"wrote a synthetic example results tree ({args.epochs} epochs) to {args.results}")
    return 0
