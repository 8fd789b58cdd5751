"""Static layers: a board drawn on a kept layer is exactly the board drawn with the layer afresh."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.bench.samples import random_game, spread
from engines.core import GameConfig
from engines.core.ruleset import LANGUAGE_OPTION
from engines.core.types import OptionValue
from engines.registry import get as get_rules
from render.arclash.board import render_board as arclash_board
from render.arclash.palette import indexed_palette
from render.climax.board import render_board as climax_board
from render.core import layers
from render.core.canvas import encode_png_indexed
from render.core.indexed_canvas import IndexedCanvas
from render.core.palette import INK, PANEL
from render.hackclad.board import render_board as hackclad_board

BOARDS = {"arclash": arclash_board, "hackclad": hackclad_board, "climax": climax_board}
# every seat count, so a layer kept for one look and reused for another would show
CONFIGS = [("arclash", "standard", n, None) for n in range(2, 7)] + [
    ("hackclad", "basic", 4, None),
    ("hackclad", "solo", 1, None),
    ("hackclad", "team", 4, None),
    ("climax", "duel", 2, "en"),
    ("climax", "duel", 2, "ja"),
]


def _pixels(canvas: IndexedCanvas) -> bytes:
    return bytes(Image.open(io.BytesIO(encode_png_indexed(canvas.image, canvas.palette.image))).tobytes())


def test_each_board_on_a_kept_layer_is_the_board_drawn_afresh() -> None:
    """Boards of every seat count and mode, one after another: each from the layers kept so far
    must equal the same board with every layer drawn again (a layer shared by two looks fails)."""
    pictures = []
    for slug, mode, players, lang in CONFIGS:
        rules = get_rules(slug)
        options: dict[str, OptionValue] = {LANGUAGE_OPTION: lang} if lang else {}
        config = rules.resolve_config(GameConfig(mode, players, options))
        for state in spread(random_game(rules, config, seed=players), 4):
            pictures.append((slug, rules.view(state, None), [f"Seat{i} Name" for i in range(players)]))
    layers.clear_layers()
    kept = [_pixels(BOARDS[slug](view, names)) for slug, view, names in pictures]
    assert len(layers._layers) == 7  # one Arclash look per seat count, one HackClad and one Climax board
    for (slug, view, names), picture in zip(pictures, kept, strict=True):
        layers.clear_layers()
        assert _pixels(BOARDS[slug](view, names)) == picture


def _frame(canvas: IndexedCanvas) -> None:
    canvas.box((10, 10, 110, 50), fill=PANEL, outline=INK, width=2, radius=8)
    canvas.text((20, 20), "Fixed", 16, INK, "bold")


def test_a_layer_is_drawn_once_and_drawing_on_a_picture_leaves_it_as_it_was() -> None:
    layers.clear_layers()
    calls: list[int] = []

    def draw(canvas: IndexedCanvas) -> None:
        calls.append(1)
        _frame(canvas)

    first = layers.on_layer("test frame", (120, 60), indexed_palette(), draw)
    kept = first.image.tobytes()
    first.draw.rectangle((0, 0, 119, 59), fill=INK)  # the state drawn over the whole picture
    first.surfaces[200] = (1, 2, 3)
    second = layers.on_layer("test frame", (120, 60), indexed_palette(), draw)
    assert calls == [1]
    assert second.image.tobytes() == kept
    assert 200 not in second.surfaces
    direct = IndexedCanvas(120, 60, indexed_palette())
    _frame(direct)
    assert second.image.tobytes() == direct.image.tobytes()
    assert second.surfaces == direct.surfaces


@pytest.mark.parametrize("size", [(120, 60), (121, 60)])
def test_a_layer_is_kept_per_size(size: tuple[int, int]) -> None:
    layers.clear_layers()
    layers.on_layer("test frame", (120, 60), indexed_palette(), _frame)
    canvas = layers.on_layer("test frame", size, indexed_palette(), _frame)
    assert canvas.image.size == size
    assert len(layers._layers) == (1 if size == (120, 60) else 2)
