"""A migrated SQLite database for a test, copied from one template migrated once per test process.

Migrating a fresh SQLite file runs every Alembic revision (about 80 ms of CPU); a test that
needs an empty database at the shipped head gets a byte copy of one migrated file instead. The
migrations themselves keep their own tests (test_migrate_together, the CLI's ``db upgrade``).
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import threading
from pathlib import Path

from bot.store import upgrade

_template: Path | None = None
_lock = threading.Lock()


def _made() -> Path:
    global _template
    with _lock:
        if _template is None:
            folder = Path(tempfile.mkdtemp(prefix="tablekeeper-template-"))
            path = folder / "migrated.db"
            # a thread of its own: callers may be inside a running event loop
            worker = threading.Thread(target=lambda: asyncio.run(upgrade(f"sqlite+aiosqlite:///{path}")))
            worker.start()
            worker.join()
            if not path.exists():
                raise RuntimeError("the template database could not be migrated")
            _template = path
        return _template


def migrated_sqlite(path: Path) -> str:
    """A SQLite URL at ``path``, holding an empty database migrated to the shipped head."""
    shutil.copyfile(_made(), path)
    return f"sqlite+aiosqlite:///{path}"
