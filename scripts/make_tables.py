"""Fill a database with many stored tables quickly (the code lives in ``bot.bench.tables``).

    python scripts/make_tables.py --url sqlite+aiosqlite:///big.db --tables 100000 \
        --due-reminders 1000 --due-expiries 1000
"""

from __future__ import annotations

from bot.bench.tables import Plan, main, make_tables

__all__ = ["Plan", "main", "make_tables"]

if __name__ == "__main__":
    main()
