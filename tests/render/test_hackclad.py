"""HackClad pictures: every public and private image renders for many states, within size, no leaks."""

from __future__ import annotations

import io
from typing import Any

import pytest
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


# ---------------------------------------------------------------- the field's marks never overlap


def _footprint(mark: Any) -> Image.Image:
    """Where ``mark`` puts ink on the picture: its shapes, and its words' ink boxes ("1" mask)."""
    from PIL import ImageDraw

    from render.core.stamps import text_mask

    mask = Image.new("1", (1400, 1000), 0)
    draw = ImageDraw.Draw(mask)
    for shape in mark.shapes:
        if shape.kind == "ellipse":
            draw.ellipse(shape.points, fill=1, outline=1, width=shape.width)
        elif shape.kind == "rounded":
            draw.rounded_rectangle(shape.points, radius=shape.radius, fill=1, outline=1, width=shape.width)
        else:
            draw.polygon(list(zip(shape.points[::2], shape.points[1::2], strict=True)), fill=1, outline=1)
    for words in mark.words:
        ink, left, top = text_mask(words.text, words.size, words.weight, "mm")
        x, y = int(words.xy[0]) + left, int(words.xy[1]) + top
        draw.rectangle((x, y, x + ink.width - 1, y + ink.height - 1), fill=1)
    return mask


def _assert_apart(marks: list[Any]) -> None:
    """No two marks share a pixel, and each stays inside its own cell (inside the grid lines)."""
    from PIL import ImageChops

    from render.hackclad.field import cell_box

    prints = [_footprint(m) for m in marks]
    boxes = []
    for mark, footprint in zip(marks, prints, strict=True):
        x0, y0, x1, y1 = cell_box(mark.cell)
        box = footprint.getbbox()
        assert box is not None
        assert x0 + 1 < box[0] and y0 + 1 < box[1] and box[2] < x1 - 1 and box[3] < y1 - 1, (mark.kind, box)
        boxes.append(box)
    for i, a in enumerate(marks):
        for j in range(i + 1, len(marks)):
            # only where both marks' boxes meet can they share a pixel: compare just that patch
            (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = boxes[i], boxes[j]
            common = (max(ax0, bx0), max(ay0, by0), min(ax1, bx1), min(ay1, by1))
            if common[0] >= common[2] or common[1] >= common[3]:
                continue
            both = ImageChops.logical_and(prints[i].crop(common), prints[j].crop(common)).getbbox()
            assert both is None, f"{a.kind} on {a.cell} overlaps {marks[j].kind} on {marks[j].cell} at {both}"


def test_every_cell_fits_its_letter_shard_and_figure_apart_whatever_stands_there() -> None:
    """Issue 12: entry letters overlapped witch tokens, and a shard marker overlapped the Clad."""
    from msgspec.structs import replace

    from engines.hackclad import grid
    from render.hackclad.field import clad_mark, entry_mark, shard_mark, witch_mark

    view = R.view(R.setup(GameConfig("basic", 4), 1), None)
    witch = view.witches[0]
    for cell in range(grid.CELLS):
        corners = [shard_mark(cell, 3)]
        if cell in grid.ENTRIES:
            corners.append(entry_mark(cell, grid.ENTRY_NAMES[grid.ENTRIES.index(cell)]))
        for facing in range(4):
            for locked in (False, True):
                clad = clad_mark(replace(view, clad_pos=cell, clad_facing=facing, clad_locked=locked))
                _assert_apart([*corners, clad])
            # the witch's arrow pointing out of her cell must not reach a neighbour's figure either
            figure = witch_mark(replace(witch, pos=cell, facing=facing))
            _assert_apart([*corners, figure])


@pytest.mark.parametrize("every", [27, pytest.param(9, marks=pytest.mark.slow)])
def test_field_marks_never_overlap_on_real_boards(every: int) -> None:
    # every 27th position by default; every 9th in the slow set
    from render.hackclad.field import field_marks

    seen_on_entry = 0
    for config, seed in (
        (GameConfig("basic", 4), 1),
        (GameConfig("basic", 4, {"expert": True}), 2),
        (GameConfig("basic", 3), 3),
        (GameConfig("basic", 2), 4),
        (GameConfig("solo", 1), 5),
        (GameConfig("team", 4), 6),
    ):
        for state in _states(config, seed, every=every):
            view = R.view(state, None)
            marks = field_marks(view)
            _assert_apart(marks)
            entries = {m.cell for m in marks if m.kind == "entry"}
            seen_on_entry += sum(1 for m in marks if m.kind == "witch" and m.cell in entries)
    assert seen_on_entry, "no witch ever stood on an entry point: the check saw nothing to check"


def _drawn_texts(monkeypatch: pytest.MonkeyPatch, draw: Any, names: list[str]) -> set[tuple[str, int]]:
    """Every (text, size) ``draw(names)`` puts on its canvas (the board's static layer drawn again too)."""
    from render.core.indexed_canvas import IndexedCanvas
    from render.core.layers import clear_layers

    clear_layers()
    drawn: set[tuple[str, int]] = set()
    real = IndexedCanvas.put

    def put(self: IndexedCanvas, xy: Any, text: str, size: int, *rest: Any) -> None:
        drawn.add((text, size))
        real(self, xy, text, size, *rest)

    monkeypatch.setattr(IndexedCanvas, "put", put)
    draw(names)
    monkeypatch.setattr(IndexedCanvas, "put", real)
    return drawn


def test_a_long_player_name_never_shrinks_the_witch_names_beside_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from render.hackclad.board import render_board
    from render.hackclad.hand import render_hand

    state = _states(GameConfig(players=2, mode="basic"), 5)[1]
    short, long = ["Ann", "Bo"], ["Bartholomew Fitzgerald-Smythe III", "Bo"]
    for draw in (
        lambda names: render_board(R.view(state, None), names),
        lambda names: render_hand(R.view(state, 0), names),
    ):
        beside_short = _drawn_texts(monkeypatch, draw, short)
        beside_long = _drawn_texts(monkeypatch, draw, long)
        # the long name is a piece of its own (never inside a line of other words, shrunk with them)
        assert all(t.startswith("Barth") for t, _ in beside_long if "Barth" in t)
        # and the words around it ("P1 Flare · ", ": your hand") are drawn as with a short name
        assert {p for p in beside_short if "Ann" not in p[0]} == {
            p for p in beside_long if "Barth" not in p[0]
        }
