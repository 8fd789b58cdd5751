"""Words people read: counts agree with their nouns, lists read as sentences, figures never contradict."""

from __future__ import annotations

import math

import pytest

from bot.bench.stats import Target
from engines.clashofdecks import RULESET as CLASH
from engines.core import GameConfig, SetupError, counted, listed


def test_counts_agree_with_their_nouns() -> None:
    assert counted(1, "creature") == "1 creature" and counted(2, "creature") == "2 creatures"
    assert counted(1, "injury", "injuries") == "1 injury" and counted(0, "injury", "injuries") == "0 injuries"


def test_lists_read_as_sentences() -> None:
    assert listed([]) == "" and listed(["1"]) == "1"
    assert listed(["1", "2"]) == "1 and 2" and listed(["1", "2", "3", "4"]) == "1, 2, 3 and 4"


def test_four_seats_on_one_deck_are_named_as_a_list() -> None:
    seats = tuple({"deck": "ironclad"} for _ in range(4))
    with pytest.raises(SetupError, match="Seats 1, 2, 3 and 4 all chose Ironclad"):
        CLASH.setup(GameConfig("ffa", 4, {"format": "precon"}, seats), 1)


def test_a_missed_target_never_prints_as_equal_to_its_limit() -> None:
    line = Target("pipeline / floor", 3.004, 3.0, unit="×").line()
    assert "3.004×" in line and line.endswith("MISS")  # was "3.00× (≤ 3.00×) MISS"
    assert not math.isnan(Target("x", 3.0, 3.0).value) and Target("x", 3.0, 3.0).line().endswith("PASS")
