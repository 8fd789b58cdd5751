"""Percentiles and PASS/MISS targets for benchmark figures."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) by linear interpolation; NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def median(values: Sequence[float]) -> float:
    """The 50th percentile."""
    return percentile(values, 50)


def ratio(value: float, floor: float) -> float:
    """``value / floor`` (NaN when the floor is zero or missing)."""
    return value / floor if floor and not math.isnan(floor) else math.nan


@dataclass(frozen=True)
class Target:
    """A figure beside its limit: ``at_most`` (value ≤ limit) or at least (value ≥ limit)."""

    name: str
    value: float
    limit: float
    unit: str = ""
    at_most: bool = True

    @property
    def passed(self) -> bool:
        """Whether the figure meets its limit (a missing figure never passes)."""
        if math.isnan(self.value):
            return False
        return self.value <= self.limit if self.at_most else self.value >= self.limit

    def line(self) -> str:
        """``name value unit (≤ limit) PASS``."""
        sign = "≤" if self.at_most else "≥"
        shown = fmt(self.value)
        if shown == fmt(self.limit) and self.value != self.limit:
            shown = f"{self.value:.3f}"  # "3.00× (≤ 3.00×) MISS" would read as a contradiction
        return f"{self.name}: {shown}{self.unit} ({sign} {fmt(self.limit)}{self.unit}) " + (
            "PASS" if self.passed else "MISS"
        )

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready record with the verdict."""
        record: dict[str, object] = asdict(self)
        record["passed"] = self.passed
        return record


def fmt(value: float) -> str:
    """A short human number: 3 significant figures, thousands kept whole."""
    if math.isnan(value):
        return "n/a"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if abs(value) >= 100:
        return f"{value:.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"
