"""``python -m figures`` is the ``figures`` command."""

from figures.launch import main

raise SystemExit(main())
