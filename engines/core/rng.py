"""Seeded random numbers owned by the game state (SplitMix64).

The global ``random`` module is never used by engines: its algorithms may change between Python
versions, and its state cannot live inside a serialisable game state. SplitMix64 is tiny, fast
and fully determined by one 64-bit integer, which each game's ``State`` stores as ``rng``.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

ALGORITHM = "splitmix64"

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return seed & _MASK


class Rng:
    """A SplitMix64 generator; read ``state`` back into the game state after use."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next_u64(self) -> int:
        """Return the next 64-bit output."""
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # Rejection sampling: discard the top sliver of outputs that would bias small values.
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """Return a uniform integer in ``[low, high]`` (both ends included)."""
        return low + self.below(high - low + 1)

    def chance(self, numerator: int, denominator: int) -> bool:
        """Return True with probability numerator/denominator."""
        return self.below(denominator) < numerator

    def choice(self, items: Sequence[T]) -> T:
        """Return one element chosen uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates, from the end)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """Return an independent generator derived from this one (advances this one)."""
        return Rng(self.next_u64())
