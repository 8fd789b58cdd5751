"""Arclash pictures: public board and private hand render for many random states, 2 to 6 players."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines.arclash import RULESET
from engines.arclash.state import SUPPORT, ArclashState
from engines.core import GameConfig, Rng, fill_names
from render.arclash import RENDERER
from render.core.palette import seat_colour
from render.registry import get


def states(players: int, seed: int, every: int = 15) -> list[ArclashState]:
    state = RULESET.setup(GameConfig("standard", players), seed)
    rng = Rng(seed)
    found = [state]
    while RULESET.prompts(state):
        seat = rng.choice(sorted(RULESET.prompts(state)))
        state = RULESET.apply(state, seat, rng.choice(RULESET.legal_actions(state, seat))).state
        if state.seq % every == 0:
            found.append(state)
    found.append(state)
    return found


def image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_registered_under_its_slug() -> None:
    assert get("arclash") is RENDERER


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_board_and_hand_render_for_random_states(players: int) -> None:
    for state in states(players, players * 11):
        spectator = RULESET.view(state, None)
        board = RENDERER.board(spectator)
        assert board.startswith(b"\x89PNG") and len(board) <= 300_000
        picture = image(board)
        assert picture.width >= 1200
        assert RENDERER.hand(spectator) is None
        for seat in range(players):
            view = RULESET.view(state, seat)
            hand = RENDERER.hand(view)
            assert hand is not None and len(hand) <= 300_000 and image(hand).width >= 1200
        assert len(RENDERER.describe(RULESET.view(state, 0))) <= 1500


def test_board_shows_public_facts_only_whoever_asks() -> None:
    state = states(3, 5)[4]
    assert RENDERER.board(RULESET.view(state, None)) == RENDERER.board(RULESET.view(state, 1))


def test_seat_colours_come_from_the_shared_palette() -> None:
    state = states(4, 2)[3]
    picture = image(RENDERER.board(RULESET.view(state, None)))
    colours = {c for _, c in picture.getcolors(1 << 20) or []}
    assert all(seat_colour(s) in colours for s in range(4))


def test_describe_names_sealed_seats_and_waiting_count() -> None:
    state = RULESET.setup(GameConfig("standard", 3), 1)
    state = RULESET.apply(state, 0, RULESET.legal_actions(state, 0)[0]).state
    text = RENDERER.describe(RULESET.view(state, None))
    # seats stay {P1} placeholders so the table shows each player's name, never "Player 1"
    assert "Waiting for 2 players; sealed: {P1}." in text
    assert "Player 1" not in text and fill_names(text, ["Ann", "Bo", "Cy"]).count("Ann") == 2


def test_hand_marks_choices_during_the_support_stage() -> None:
    for state in states(2, 8, every=1):
        if state.phase == SUPPORT:
            seat = state.current
            view = RULESET.view(state, seat)
            assert view.choices and RENDERER.hand(view) is not None
            # the text leaves the choices to the buttons or the terminal's list (they were shown twice)
            assert "Choices:" not in RENDERER.describe(view)
            return
    raise AssertionError("no support stage reached")
