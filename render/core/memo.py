"""Remembered pictures: PNG bytes keyed by the exact bytes of everything they were drawn from.

After one action most seats' hands are unchanged, and a board can differ from the last one only
by its sequence number. Drawing and encoding those again costs tens of milliseconds; looking
them up costs one msgpack encoding. The key is the msgpack encoding of the picture kind, the
seat names drawn and the (projected) view the picture is drawn from, so two pictures share a
key only when they are drawn from equal data: a cached image can never be stale or another
seat's. The cache is a bounded LRU (by count and by bytes) and safe to share between threads.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

_ENCODER = msgspec.msgpack.Encoder()
_ALL: weakref.WeakSet[ImageMemo] = weakref.WeakSet()


def picture_key(kind: str, names: Sequence[str], drawn: Any) -> bytes:
    """The cache key of a picture of ``kind`` drawn from ``drawn`` (a msgspec value) with ``names``."""
    return _ENCODER.encode((kind, tuple(names), drawn))


class ImageMemo:
    """A thread-safe LRU of PNG bytes (``None`` too, for "no picture"), bounded by count and size."""

    def __init__(self, entries: int = 128, max_bytes: int = 16 * 2**20) -> None:
        self.entries = entries
        self.max_bytes = max_bytes
        self.hits = 0
        self.misses = 0
        self._items: OrderedDict[bytes, bytes | None] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        _ALL.add(self)

    def __len__(self) -> int:
        return len(self._items)

    @property
    def size_bytes(self) -> int:
        """Bytes held by keys and pictures together."""
        return self._bytes

    def get(self, key: bytes, draw: Callable[[], bytes | None]) -> bytes | None:
        """The picture stored under ``key``, else ``draw()`` stored under it (drawn outside the lock)."""
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                self.hits += 1
                return self._items[key]
            self.misses += 1
        picture = draw()
        self._store(key, picture)
        return picture

    def _store(self, key: bytes, picture: bytes | None) -> None:
        cost = len(key) + (len(picture) if picture is not None else 0)
        if cost > self.max_bytes:
            return  # bigger than the whole budget: not worth evicting everything else for
        with self._lock:
            if key in self._items:  # another thread drew the same picture meanwhile
                return
            self._items[key] = picture
            self._bytes += cost
            while len(self._items) > self.entries or self._bytes > self.max_bytes:
                old_key, old = self._items.popitem(last=False)
                self._bytes -= len(old_key) + (len(old) if old is not None else 0)

    def clear(self) -> None:
        """Forget every picture and reset the hit counters."""
        with self._lock:
            self._items.clear()
            self._bytes = 0
            self.hits = self.misses = 0


def clear_all() -> None:
    """Empty every picture cache in the process (benchmarks measuring cold drawing use this)."""
    for memo in list(_ALL):
        memo.clear()
