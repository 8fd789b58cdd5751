"""HackClad pictures: every public and private image renders for many states, within size, no leaks."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from engines.core import GameConfig, Rng
from engines.hackclad import RULESET as R
from render.registry import get

RENDERER = get("hackclad")


def _states(config: GameConfig, seed: int, every: int = 23) -> list[Any]:
    bot = R.bots()["witch"]
    state = R.setup(config, seed)
    rng = Rng(seed)
    out = [state]
    step = 0
    while prompts := R.prompts(state):
        seat = min(prompts)
        state = R.apply(
            state, seat, bot.choose(R.view(state, seat), prompts[seat], R.legal_actions(state, seat), rng)
        ).state
        step += 1
        if step % every == 0:
            out.append(state)
    out.append(state)
    return out


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_board_and_hand_render_through_whole_games() -> None:
    for config, seed in (
        (GameConfig("basic", 4, {"expert": True}), 2),
        (GameConfig("solo", 1), 4),
        (GameConfig("team", 4), 6),
    ):
        for state in _states(config, seed):
            board = RENDERER.board(R.view(state, None))
            image = _png(board)
            assert image.width >= 1200 and len(board) <= 300_000
            hand = RENDERER.hand(R.view(state, 0))
            if hand is not None:
                assert _png(hand).width >= 1200 and len(hand) <= 300_000
            text = RENDERER.describe(R.view(state, 0))
            assert "Clad" in text and len(text) <= 1500


def test_spectators_get_no_hand_image() -> None:
    state = R.setup(GameConfig("basic", 2), 1)
    assert RENDERER.hand(R.view(state, None)) is None


def test_board_is_the_same_whoever_looks() -> None:
    state = _states(GameConfig("basic", 3), 8, every=40)[2]
    assert RENDERER.board(R.view(state, None)) == RENDERER.board(R.view(state, 1))


def test_describe_shows_only_the_viewers_hand() -> None:
    state = next(s for s in _states(GameConfig("basic", 2), 3, every=7) if R.view(s, 1).hand)
    own = R.view(state, 1)
    assert "Your hand: " + ", ".join(c.name for c in own.hand) in RENDERER.describe(own)
    assert "Your hand" not in RENDERER.describe(R.view(state, None))


def test_renderer_refuses_other_games_views() -> None:
    import pytest

    with pytest.raises(TypeError, match="HackView"):
        RENDERER.board(object())


def test_two_player_team_hand_shows_both_witches() -> None:
    states = _states(GameConfig("team", 2), 5, every=11)
    state = next(s for s in states if all(o.hand for o in R.view(s, 0).own))
    view = R.view(state, 0)
    assert [o.seat for o in view.own] == [0, 2]
    two = _png(RENDERER.hand(view) or b"")
    solo = next(s for s in _states(GameConfig("basic", 2), 5, every=11) if R.view(s, 0).hand)
    one = _png(RENDERER.hand(R.view(solo, 0)) or b"")
    assert two.height > one.height and two.width >= 1200


def test_the_secret_enhanced_pick_shows_the_cards_full_faces() -> None:
    """Issue: enhanced cards were chosen blind (names and VP only; the picture said "No cards")."""
    from msgspec.structs import replace

    from engines.core import GameConfig
    from engines.hackclad import RULESET as HC
    from render.hackclad.hand import render_hand

    state = HC.setup(GameConfig("basic", 2), 1)
    while (asked := HC.prompts(state))[min(asked)].kind != "enhanced":
        seat = min(asked)
        state = HC.apply(state, seat, HC.legal_actions(state, seat)[0]).state
    view = HC.view(state, min(asked))
    shown, blind = render_hand(view), render_hand(replace(view, enhanced=[]))
    assert len(view.enhanced) == 8 and shown.height > blind.height  # eight full cards drawn
    assert shown.image.tobytes() != blind.image.tobytes()
