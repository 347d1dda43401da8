"""``figures watch``: each save of figdata or figure code rebuilds what it changed, at once.

Watches (with watchfiles) the figdata files and the code the build key covers: the figure
modules and the shared code (``registry.SHARED_CODE``). A batch of saves rebuilds, through
:func:`figures.outputs.build.build`, exactly the figures whose build key changed, with one line per
rebuilt figure; a save that leaves invalid JSON or a broken module gives one error line per
affected figure (the build's own line; ``figures --debug watch`` adds the traceback) and the
watch goes on, rebuilding once the file is fixed. Ctrl-C stops it with one line.

Each rebuild runs in a fresh process, forked from a server that has imported matplotlib
already (multiprocessing's forkserver, preloaded): the edited module (and the registry) is
imported anew, never a copy cached by an earlier rebuild or by this process, and a rebuild
pays no matplotlib import. This process never imports the watched modules.

The watch goes on watching while a rebuild runs: a save that changes a watched file stops
the running rebuild (a render stuck in a loop is not waited for) and starts the new one at
once; the figures of the stopped rebuild that the save did not touch are rebuilt after it.
Watching every figure, a save of the registry re-reads it: a figure added there (``figures
new``) is built and watched from then on, a figure removed is no longer watched.

The machinery is in ``figures/watch/``; this module is the command's parser.
"""

from __future__ import annotations

import argparse

from figures.cli.common import (
    add_figdata,
    add_out,
    positive_int,
    refuse_folder_over_inputs,
    select,
)
from figures.watch.loop import watch


def add_parser(add) -> None:
    p = add("watch", help="rebuild figures as their figdata or code is saved "
            "(Ctrl-C stops; needs watchfiles)")
    p.add_argument("names", nargs="*", metavar="NAME", help="figures to watch (default: all)")
    add_figdata(p)
    add_out(p)
    p.add_argument("--jobs", "-j", type=positive_int, default=None, metavar="N",
                   help="render N figures at once (default: all cores)")
    p.add_argument("--rebuild-timeout", type=positive_int, default=120, metavar="SECONDS",
                   help="stop a rebuild that runs longer, e.g. a render stuck in a loop "
                        "(default: 120); a save that changes a file stops it at once")
    p.set_defaults(command=run)


def run(args: argparse.Namespace) -> int:
    # every rebuild writes there: refused before the first one, as `build` refuses it
    refuse_folder_over_inputs(args.out, "--out", figdata_dir=args.figdata)
    return watch(select(args.names), args.figdata, args.out, jobs=args.jobs, debug=args.debug,
                 rebuild_timeout=args.rebuild_timeout, follow_registry=not args.names)
