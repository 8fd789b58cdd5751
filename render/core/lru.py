"""A bounded least-recently-used cache that threads share: the project's one.

Patches (``patches.py``) and static layers (``layers.py``) keep drawn images by key, read far
more often than written by every drawing thread at once; the service keeps built replay timelines
and finished animations the same way (``bot.service.replays``, ``bot.service.animations``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterator
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class SharedLru(Generic[K, V]):
    """Values by key, the least recently used dropped past ``entries``; safe to share between threads."""

    def __init__(self, entries: int) -> None:
        self.entries = entries
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key`` (now the most recently used), dropping the least recently used
        past the bound."""
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.entries:
                self._items.popitem(last=False)

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[K]:
        with self._lock:
            return iter(list(self._items))
