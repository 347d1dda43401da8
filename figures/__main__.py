"""``python -m figures`` is the ``figures`` command."""

from figures.cli import main

raise SystemExit(main())
