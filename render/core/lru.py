"""A bounded least-recently-used cache that threads share: the kit's one for drawn parts.

Patches (``patches.py``) and static layers (``layers.py``) keep drawn images by key; both are
read far more often than written, by every drawing thread at once, and bounded by count.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterator
from typing import Generic, TypeVar

V = TypeVar("V")


class SharedLru(Generic[V]):
    """Values by key, the least recently used dropped past ``entries``; safe to share between threads."""

    def __init__(self, entries: int) -> None:
        self.entries = entries
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Hashable, value: V) -> None:
        """Keep ``value`` for ``key``, dropping the least recently used past the bound."""
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.entries:
                self._items.popitem(last=False)

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Hashable]:
        with self._lock:
            return iter(list(self._items))
