"""Climax pictures draw player names at a size of their own, never resizing the words around them."""

from __future__ import annotations

import pytest

from render.climax.board import draw_board
from render.climax.hand import draw_hand
from render.core.pen import Placed
from tests.render.climax.scenes import LANGS, sample, views

SHORT = ("Ann", "Bo")
LONG = ("Bartholomew Fitzgerald-Smythe", "Bo")


def _sizes(placed: list[Placed], name: str) -> list[tuple[str, int]]:
    """Each drawn text but ``name`` alone, with ``name`` in it written as "{who}", and its (words') size."""
    return [(p.text.replace(name, "{who}"), p.size) for p in placed if p.text != name]


@pytest.mark.parametrize("lang", LANGS)
def test_a_long_name_never_changes_the_size_of_the_words_around_it(lang: str) -> None:
    for state in sample(lang)[::5]:
        spectator, first, _ = views(state)
        short = draw_board(spectator, SHORT).placed
        long = draw_board(spectator, LONG).placed
        # "{who}'s turn", "{who} to decide", "{who} · your hand": the words keep their size
        assert _sizes(short, "Ann") == _sizes(long, LONG[0])
        hand_short, hand_long = draw_hand(first, SHORT), draw_hand(first, LONG)
        assert hand_short is not None and hand_long is not None
        assert _sizes(hand_short.placed, "Ann") == _sizes(hand_long.placed, LONG[0])


@pytest.mark.parametrize("lang", LANGS)
def test_a_name_in_its_bar_is_drawn_at_the_same_size_whatever_the_other_name(lang: str) -> None:
    state = sample(lang)[-1]
    spectator, _, _ = views(state)
    beside_short = draw_board(spectator, ("Bo", "Ann")).placed
    beside_long = draw_board(spectator, ("Bo", "Bartholomew Fitzgerald-Smythe")).placed
    assert {p.size for p in beside_short if p.text == "Bo"} == {p.size for p in beside_long if p.text == "Bo"}
    # a name too long for the bar's full size takes the next of its three steps, not a size of its own
    assert {p.size for p in beside_long if p.text == "Bartholomew Fitzgerald-Smythe"} <= {29, 22, 16}
