"""carry: a View or a sampled world takes the fields it names from its source, sharing no list or dict."""

from __future__ import annotations

import msgspec
import pytest

from engines.core.carry import carry


class Source(msgspec.Struct, kw_only=True):
    """A state with a secret beside the fields a view repeats."""

    round: int = 3
    phase: str = "play"
    board: list[str] = msgspec.field(default_factory=lambda: ["a", "b"])
    scores: dict[str, int] = msgspec.field(default_factory=lambda: {"x": 1})
    secret: list[str] = msgspec.field(default_factory=lambda: ["hidden"])


class Copy(msgspec.Struct, kw_only=True):
    """A view of it: the named fields and one worked out."""

    round: int
    phase: str
    board: list[str]
    scores: dict[str, int]
    over: bool


def test_the_named_fields_are_carried_and_nothing_else() -> None:
    src = Source()
    fields = carry(src, "round phase", lists="board", dicts="scores")
    assert fields == {"round": 3, "phase": "play", "board": ["a", "b"], "scores": {"x": 1}}
    assert "secret" not in fields  # a field not named never travels
    view = Copy(**fields, over=False)
    assert view == Copy(round=3, phase="play", board=["a", "b"], scores={"x": 1}, over=False)


def test_lists_and_dicts_are_fresh_copies_and_other_fields_are_the_same_object() -> None:
    src = Source()
    view = Copy(**carry(src, "round phase", lists="board", dicts="scores"), over=False)
    src.board.append("c")
    src.scores["y"] = 2
    assert view.board == ["a", "b"]  # the view does not change with its state
    assert view.scores == {"x": 1}
    assert carry(src, "board")["board"] is src.board  # named as it is: shared, as a keyword would share it


def test_a_name_that_is_not_a_field_name_is_refused() -> None:
    with pytest.raises(ValueError, match="not a field name"):
        carry(Source(), "round src.secret")
    with pytest.raises(AttributeError):
        carry(Source(), "nowhere")
