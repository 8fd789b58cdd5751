"""Every game's pictures with real names, and the picture cache checked against fresh drawings.

The cache is only correct if a remembered picture is byte for byte what drawing the full view
would give now. So games are walked move by move and every cached picture (board and each seat's
hand) is compared with a fresh drawing of the FULL view with no cache at all: this also proves
each renderer's hand projection draws exactly what the full view draws.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image

from engines.core import AnyRuleset, GameConfig, Rng
from engines.registry import get as get_rules
from render.arclash import board as arclash_board
from render.arclash import hand as arclash_hand
from render.arclash.palette import palette_image as arclash_palette
from render.clashofdecks import board as clash_board
from render.clashofdecks import hand as clash_hand
from render.clashofdecks.palette import palette_image as clash_palette
from render.core.canvas import encode_png_indexed
from render.core.names import seat_names
from render.core.renderer import Renderer
from render.hackclad import _named
from render.hackclad import board as hack_board
from render.hackclad import hand as hack_hand
from render.hackclad.palette import palette_image as hack_palette
from render.registry import get as get_renderer
from tests.render.test_clashofdecks import Recorder

#: 32-character names, names the fonts cannot draw at all, emoji, CJK, controls, an empty one
ODD = [
    "Bartholomew Fitzgerald-Worthingt",
    "山田太郎",
    "🐉 Drache\u200dReiter 🐉",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
    "",
    "Zoë\n\tO'Brien",
]
PLAIN = ["Ann", "Bob", "Cat", "Dee", "Eve", "Fay"]


@dataclass(frozen=True)
class Game:
    """How to play one game and draw its pictures without any cache."""

    slug: str
    config: GameConfig
    fresh_board: Callable[[Any, Sequence[str]], bytes]
    fresh_hand: Callable[[Any, Sequence[str]], bytes | None]

    @property
    def rules(self) -> AnyRuleset:
        return get_rules(self.slug)

    @property
    def renderer(self) -> Renderer:
        return get_renderer(self.slug)


def _clash_hand(view: Any, names: Sequence[str]) -> bytes | None:
    canvas = clash_hand.render_hand(view, seat_names(names, view.players))
    return None if canvas is None else encode_png_indexed(canvas.image, clash_palette())


def _arclash_hand(view: Any, names: Sequence[str]) -> bytes | None:
    canvas = arclash_hand.render_hand(view, seat_names(names, view.players))
    return None if canvas is None else encode_png_indexed(canvas.image, arclash_palette())


def _hack_hand(view: Any, names: Sequence[str]) -> bytes | None:
    if view.viewer is None or view.phase == "missions":
        return None
    return encode_png_indexed(hack_hand.render_hand(view, _named(view, names)).image, hack_palette())


def _clash_board(view: Any, names: Sequence[str]) -> bytes:
    image = clash_board.render_board(view, seat_names(names, view.players)).image
    return encode_png_indexed(image, clash_palette())


def _arclash_board(view: Any, names: Sequence[str]) -> bytes:
    image = arclash_board.render_board(view, seat_names(names, view.players)).image
    return encode_png_indexed(image, arclash_palette())


def _hack_board(view: Any, names: Sequence[str]) -> bytes:
    return encode_png_indexed(hack_board.render_board(view, _named(view, names)).image, hack_palette())


GAMES = [
    Game("clashofdecks", GameConfig("ffa", 4, {"format": "precon"}), _clash_board, _clash_hand),
    Game("clashofdecks", GameConfig("duel", 2, {"format": "draft"}), _clash_board, _clash_hand),
    Game("arclash", GameConfig("standard", 4), _arclash_board, _arclash_hand),
    Game("hackclad", GameConfig("basic", 3), _hack_board, _hack_hand),
]
IDS = [f"{g.slug}-{g.config.mode}" for g in GAMES]


def walk(game: Game, seed: int, skip: int, steps: int) -> list[Any]:
    """``steps`` consecutive states of a random game, after ``skip`` moves."""
    rules = game.rules
    state = rules.setup(rules.resolve_config(game.config), seed)
    rng = Rng(seed)
    states = []
    for move in range(skip + steps):
        if move >= skip:
            states.append(state)
        prompts = rules.prompts(state)
        if not prompts:
            break
        seat = rng.choice(sorted(prompts))
        state = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat))).state
    return states


def size(png: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.size


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_cached_pictures_are_always_what_a_fresh_drawing_of_the_full_view_gives(game: Game) -> None:
    renderer, rules = game.renderer, game.rules
    memo = renderer.memo  # type: ignore[attr-defined]
    memo.clear()
    players = game.config.players
    for skip in (0, 30):
        for state in walk(game, seed=7, skip=skip, steps=8):
            public = rules.view(state, None)
            assert renderer.board(public, PLAIN) == game.fresh_board(public, PLAIN)
            for seat in range(players):
                view = rules.view(state, seat)
                assert renderer.hand(view, PLAIN) == game.fresh_hand(view, PLAIN), (state.seq, seat)
    assert memo.hits > 0, "unchanged hands between moves should come from the cache"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_seat_never_gets_another_seats_or_another_names_picture(game: Game) -> None:
    renderer, rules = game.renderer, game.rules
    state = walk(game, seed=3, skip=12, steps=1)[0]
    mine, theirs = rules.view(state, 0), rules.view(state, 1)
    first = renderer.hand(mine, PLAIN)
    assert first is not None and renderer.hand(theirs, PLAIN) != first
    assert renderer.hand(mine, PLAIN) == first
    renamed = ["Zed", *PLAIN[1:]]
    assert renderer.hand(mine, renamed) != first  # the viewer's own name heads the picture
    assert renderer.hand(mine, renamed) == game.fresh_hand(mine, renamed)
    board = renderer.board(rules.view(state, None), PLAIN)
    assert renderer.board(rules.view(state, None), renamed) != board


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_board_from_a_state_that_differs_only_by_seq_comes_from_the_cache(game: Game) -> None:
    renderer, rules = game.renderer, game.rules
    state = walk(game, seed=5, skip=6, steps=1)[0]
    public = rules.view(state, None)
    memo = renderer.memo  # type: ignore[attr-defined]
    first = renderer.board(public, PLAIN)
    hits = memo.hits
    later = rules.clone(state)
    later.seq += 3  # views hold no move number, so the same table later draws the same picture
    assert renderer.board(rules.view(later, None), PLAIN) == first
    assert memo.hits == hits + 1


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_names_are_drawn_and_missing_ones_read_player_n(game: Game) -> None:
    renderer, rules = game.renderer, game.rules
    state = walk(game, seed=9, skip=10, steps=1)[0]
    public, seat_view = rules.view(state, None), rules.view(state, 0)
    defaults = [f"Player {n + 1}" for n in range(6)]
    assert renderer.board(public) == renderer.board(public, defaults) == renderer.board(public, [""] * 6)
    assert renderer.board(public, PLAIN) != renderer.board(public)
    assert renderer.hand(seat_view) == renderer.hand(seat_view, defaults)
    assert renderer.hand(seat_view, PLAIN) != renderer.hand(seat_view)


def _same_layout(slug: str, odd: bytes, plain: bytes) -> None:
    """Odd names keep a picture's width; only Clash of Decks may grow taller, to show them whole.

    Clash of Decks wraps a long name onto another line (panels, line labels, records, the
    result) instead of cutting it with an ellipsis (issue 12), so its pictures may gain height.
    """
    (odd_w, odd_h), (plain_w, plain_h) = size(odd), size(plain)
    assert odd_w == plain_w
    if slug == "clashofdecks":
        assert odd_h >= plain_h
    else:
        assert odd_h == plain_h


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_long_and_undrawable_names_never_change_the_layout(game: Game) -> None:
    renderer, rules = game.renderer, game.rules
    for state in walk(game, seed=11, skip=4, steps=25)[::6]:
        public = rules.view(state, None)
        board = renderer.board(public, ODD)
        assert board.startswith(b"\x89PNG")
        _same_layout(game.slug, board, renderer.board(public))
        for seat in range(game.config.players):
            view = rules.view(state, seat)
            hand, plain = renderer.hand(view, ODD), renderer.hand(view)
            assert (hand is None) == (plain is None)
            if hand is not None and plain is not None:
                _same_layout(game.slug, hand, plain)


def test_clash_names_fit_their_boxes_without_overlapping(monkeypatch: pytest.MonkeyPatch) -> None:
    game = GAMES[0]
    long_names = ["W" * 32] * 4
    for state in walk(game, seed=2, skip=20, steps=30)[::10]:
        for viewer in (None, 1):
            view = game.rules.view(state, viewer)
            recorder = Recorder(monkeypatch)
            if viewer is None:
                clash_board.render_board(view, long_names)
            else:
                clash_hand.render_hand(view, long_names)
            monkeypatch.undo()
            assert not recorder.overlaps(), recorder.overlaps()[:5]
            assert not [t for s, t in recorder.sizes if s < 16]
            drawn = [box for box in recorder.boxes if "WWW" in box[4]]
            assert drawn and all(box[0] >= 0 and box[2] <= 1280 for box in drawn)
