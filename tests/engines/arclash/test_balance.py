"""Starter-deck balance: no starter dominates another, and no seat of a four-player game is left out.

The slow tests hold the design target (35-65% for every pairing in both seat orders, 15-35% per seat
with four players); they run in CI's slow set. The default run keeps the check that a lopsided
matrix is caught.
"""

from __future__ import annotations

import pytest

from tests.engines.arclash.balance import format_matrix, pairing_matrix, seat_shares


def _outside(shares: dict[tuple[str, str], float], low: float, high: float) -> dict[tuple[str, str], float]:
    return {pair: share for pair, share in shares.items() if not low <= share <= high}


@pytest.mark.slow
def test_balance_every_pairing_within_35_to_65_percent_both_seat_orders() -> None:
    shares = pairing_matrix(range(1, 151))
    print("\n" + format_matrix(shares))
    assert len(shares) == 12
    assert _outside(shares, 0.35, 0.65) == {}


@pytest.mark.slow
def test_balance_four_player_auto_seats_each_win_15_to_35_percent() -> None:
    shares = seat_shares(range(1, 401), players=4)
    print("\nfour-player auto seat shares: " + ", ".join(f"P{s + 1} {v:.0%}" for s, v in enumerate(shares)))
    assert all(0.15 <= share <= 0.35 for share in shares), shares


def test_balance_check_catches_a_lopsided_matrix() -> None:
    lopsided = {("a", "b"): 0.95, ("b", "a"): 0.5}
    assert _outside(lopsided, 0.35, 0.65) == {("a", "b"): 0.95}
