"""Climax pictures: board and hands render as PNGs for many states in both languages."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines.climax import RULESET
from render.climax import RENDERER, board, hand, hand_part
from render.climax.board import render_board
from render.climax.hand import render_hand
from render.climax.palette import CARD_COLOURS, design_colours, palette_image
from render.core.canvas import encode_png_indexed
from render.core.palette import PAPER, seat_colour
from render.core.stamps import StampCanvas
from tests.render.climax.scenes import LANGS, played, sample, views

MAX_BYTES = 400_000


def image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def colours(data: bytes) -> set[tuple[int, int, int]]:
    return {c for _, c in image(data).getcolors(1 << 20) or []}


def test_renderer_has_the_protocol_surface() -> None:
    assert RENDERER.slug == "climax" == RULESET.slug
    for method in ("board", "hand", "describe"):
        assert callable(getattr(RENDERER, method))


@pytest.mark.parametrize("lang", LANGS)
def test_board_and_hands_render_for_many_states(lang: str) -> None:
    for state in sample(lang):
        spectator, first, second = views(state)
        board = RENDERER.board(spectator, ["Ann", "Bo"])
        assert board.startswith(b"\x89PNG") and len(board) <= MAX_BYTES
        assert image(board).width == 1280 and image(board).height <= 1600
        assert RENDERER.hand(spectator) is None
        for view in (first, second):
            hand = RENDERER.hand(view, ["Ann", "Bo"])
            assert hand is not None and hand.startswith(b"\x89PNG") and len(hand) <= MAX_BYTES
            assert image(hand).width == 1280


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_shows_public_facts_only_whoever_asks(lang: str) -> None:
    for state in sample(lang)[::6]:
        spectator, first, second = views(state)
        board = RENDERER.board(spectator)
        assert RENDERER.board(first) == board == RENDERER.board(second)


@pytest.mark.parametrize("lang", LANGS)
def test_a_hand_is_drawn_from_its_part_alone(lang: str) -> None:
    # the memo keys a hand picture by hand_part(view): drawing from it must give the same pixels
    for state in sample(lang)[::5]:
        for view in views(state)[1:]:
            part = hand_part(view)
            assert part is not None
            full, reduced = render_hand(view, ("Ann", "Bo")), render_hand(part, ("Ann", "Bo"))
            assert full is not None and reduced is not None
            assert full.image.tobytes() == reduced.image.tobytes()


def test_each_seat_keeps_its_colour_on_board_and_hand() -> None:
    state = played("en", 3)[60]
    board = colours(RENDERER.board(RULESET.view(state, None)))
    for seat in (0, 1):
        assert seat_colour(seat) in board
        hand = RENDERER.hand(RULESET.view(state, seat))
        assert hand is not None and seat_colour(seat) in colours(hand)
        assert seat_colour(1 - seat) not in colours(hand)


def test_card_and_seat_colours_survive_saving_exactly() -> None:
    palette = palette_image().getpalette() or []
    entries = {tuple(palette[i : i + 3]) for i in range(0, len(palette), 3)}
    assert set(design_colours()) <= entries
    fills = [fill for fill, _ in CARD_COLOURS.values()]
    assert len(set(fills)) == 4 and not {seat_colour(0), seat_colour(1)} & set(fills)


def _rgb_canvas(width: int, height: int, palette: object = None, background: object = PAPER) -> StampCanvas:
    return StampCanvas(width, height, background)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", LANGS)
def test_palette_drawing_matches_an_rgb_drawing_quantized(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # the canvases draw straight onto the palette; an RGB drawing saved in it must give the same pixels
    state = played(lang, 8)[40]
    board_view, hand_view = RULESET.view(state, None), RULESET.view(state, 0)
    fast = [render_board(board_view, ("Ann", "さくら")), render_hand(hand_view, ("Ann", "さくら"))]
    monkeypatch.setattr(board, "IndexedCanvas", _rgb_canvas)
    monkeypatch.setattr(hand, "IndexedCanvas", _rgb_canvas)
    slow = [render_board(board_view, ("Ann", "さくら")), render_hand(hand_view, ("Ann", "さくら"))]
    for palette_drawn, rgb_drawn in zip(fast, slow, strict=True):
        assert palette_drawn is not None and rgb_drawn is not None
        saved = encode_png_indexed(rgb_drawn.image, palette_image())
        assert image(saved).tobytes() == palette_drawn.image.convert("RGB").tobytes()


def test_japanese_and_odd_player_names_are_drawn() -> None:
    state = played("en", 3)[50]
    view = RULESET.view(state, 0)
    for names in (["さくら", "Бо"], ["W" * 32, "🎲"], ["", "  "]):
        board = RENDERER.board(view, names)
        hand = RENDERER.hand(view, names)
        assert board.startswith(b"\x89PNG") and hand is not None
    drawn = RENDERER.names(view, ["さくら", "🎲"])
    assert drawn == ("さくら", "Player 2")
    ja = RULESET.view(played("ja", 3)[50], None)
    assert RENDERER.names(ja, []) == ("プレイヤー1", "プレイヤー2")
