"""Record files keep a result's scores: JSON writes the seats as string keys, reading turns them back."""

from __future__ import annotations

import pytest

from engines.core.record import Record, RecordError, RecordSeat, dump, load
from engines.core.types import GameConfig, Outcome

VERSIONS = {"tiny": ("1", "1")}


def _scored() -> Record:
    return Record(
        game="tiny",
        rules_version="1",
        content_version="1",
        config=GameConfig(mode="race", players=2),
        seed=3,
        seats=(RecordSeat(0, "Ann"), RecordSeat(1, "Bob", "greedy")),
        moves=((0, 0, "a"), (1, 1, "b")),
        outcome=Outcome(winners=(1,), ranking=((1,), (0,)), reason="{P2} scores more.", scores={1: 9, 0: 4}),
    )


def test_a_record_with_scores_by_seat_is_written_and_read_back_whole() -> None:
    data = dump(_scored())
    assert b'"0": 4' in data and b'"1": 9' in data  # seats as JSON keys, in seat order
    loaded = load(data, VERSIONS)
    assert loaded.outcome is not None and loaded.outcome.scores == {0: 4, 1: 9}
    assert loaded.moves == _scored().moves and loaded.check


def test_a_score_edited_in_the_file_fails_the_check() -> None:
    data = dump(_scored()).replace(b'"1": 9', b'"1": 10')
    with pytest.raises(RecordError, match="changed after it was exported"):
        load(data, VERSIONS)
