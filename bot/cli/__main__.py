"""``python -m bot.cli``: the ``tablekeeper`` command from a checkout."""

from bot.cli import main

raise SystemExit(main())
