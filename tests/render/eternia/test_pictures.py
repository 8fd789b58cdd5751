"""Eternia pictures: boards and hands render for states of every mode and seat count, within size."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines.eternia import RULESET
from render.eternia import RENDERER
from tests.render.eternia.scenes import GAMES, played, views

LIMIT = 400_000


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("game", GAMES, ids=[f"{g[0]}{g[1]}-{g[2]}" for g in GAMES])
def test_board_and_hands_render_through_whole_games(game: tuple[str, int, str, int]) -> None:
    for state in played(*game)[::2]:
        spectator, *seats = views(state)
        board = RENDERER.board(spectator, ["Alice", "Bob"])
        image = _png(board)
        assert 1200 <= image.width <= 1400 and len(board) <= LIMIT
        assert RENDERER.hand(spectator) is None
        for view in seats:
            hand = RENDERER.hand(view, ["Alice", "Bob"])
            assert hand is not None, f"seat {view.viewer} ({view.side}) has no dashboard"
            assert 1200 <= _png(hand).width <= 1400 and len(hand) <= LIMIT


def test_board_is_the_same_whoever_looks() -> None:
    checked = 0
    for game in GAMES:
        for state in played(*game)[1::3]:
            pictures = {RENDERER.board(view, ["Ann", "Ben"]) for view in views(state)}
            assert len(pictures) == 1, f"{game}: the board differs between viewers"
            checked += 1
    assert checked > 10


def test_hand_part_draws_the_same_hand() -> None:
    from render.eternia import hand_part
    from render.eternia.hand import render_hand

    for game in GAMES[::3]:
        for state in played(*game)[1::4]:
            for view in views(state)[1:]:
                part = hand_part(view)
                assert part is not None
                whole, blanked = render_hand(view), render_hand(part)
                assert whole is not None and blanked is not None
                assert whole.image.tobytes() == blanked.image.tobytes()


def test_the_controller_sees_its_strategy_hand_and_the_team_does_not() -> None:
    games = [g for g in GAMES if g[0] == "versus"]
    state = next(s for g in games for s in played(*g) if s.strategy_hand)
    ctrl = RULESET.view(state, state.ctrl_seat)
    team = RULESET.view(state, state.team_seats[0])
    from render.eternia.hand import controller_tiles, render_hand
    from render.eternia.words import strategy_name

    titles = [t.title for t in controller_tiles(ctrl)]
    assert all(strategy_name(card) in titles for card in ctrl.strategy_hand)
    assert team.strategy_hand == [] and render_hand(team) is not None


def test_renderer_refuses_other_games_views() -> None:
    with pytest.raises(TypeError, match="EtView"):
        RENDERER.board(object())


def test_panels_pasted_from_patches_are_the_panels_drawn_in_place() -> None:
    """Header, status panels, track slots, legend and map edges come from caches once seen: same pixels."""
    from render.core.patches import clear_patches
    from render.eternia.board import render_board
    from render.eternia.fitting import recording

    clear_patches()
    for game in GAMES[::2]:
        for state in played(*game)[::4]:
            view = RULESET.view(state, None)
            with recording():  # everything drawn in place
                drawn = render_board(view, ["Ann", "Ben"]).image.tobytes()
            first = render_board(view, ["Ann", "Ben"]).image.tobytes()  # drawn into patches, pasted
            again = render_board(view, ["Ann", "Ben"]).image.tobytes()  # pasted from the patches kept
            assert drawn == first == again, f"{game}: a cached panel differs from the panel drawn in place"
