"""Geometry: every word inside its box, every piece inside its hex, no two things on the map overlap."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from msgspec.structs import replace
from PIL import Image, ImageChops, ImageDraw

from engines.eternia import RULESET
from engines.eternia.hexes import DIRECTIONS, Hex, add
from engines.eternia.state import EtView
from render.core.marks import Mark
from render.core.stamps import text_mask
from render.eternia.board import board_layout, layout, render_board
from render.eternia.fitting import Placed, recording
from render.eternia.hand import render_hand
from render.eternia.hexmap import MapLayout
from render.eternia.pieces import R_CHAR, map_marks, piece_mark
from tests.render.eternia.scenes import GAMES, played, views

RIM = 7  # px from a hex's edge that its spawn, Objective or Scenario token rim may cover


Frame = tuple[int, int, int, int]  # left, top, width, height of a small mask in picture px


def _frame(lay: MapLayout, cells: set[Hex]) -> Frame:
    """A box holding every hex of ``cells`` (masks are drawn this small, not picture-sized)."""
    points = [p for h in cells for p in lay.corners(h)]
    left, top = int(min(x for x, _ in points)) - 2, int(min(y for _, y in points)) - 2
    return left, top, int(max(x for x, _ in points)) - left + 3, int(max(y for _, y in points)) - top + 3


def _footprint(mark: Mark, frame: Frame) -> Image.Image:
    """Where ``mark`` puts ink inside ``frame``: its shapes and its words' ink boxes, as a "1" mask."""
    ox, oy, width, height = frame
    mask = Image.new("1", (width, height), 0)
    draw = ImageDraw.Draw(mask)
    for shape in mark.shapes:
        pts = [v - (ox if i % 2 == 0 else oy) for i, v in enumerate(shape.points)]
        if shape.kind == "ellipse":
            draw.ellipse(pts, fill=1, outline=1, width=shape.width)
        elif shape.kind == "rounded":
            draw.rounded_rectangle(pts, radius=shape.radius, fill=1, outline=1, width=shape.width)
        else:
            draw.polygon(list(zip(pts[::2], pts[1::2], strict=True)), fill=1, outline=1)
    for words in mark.words:
        ink, left, top = text_mask(words.text, words.size, words.weight, "mm")
        x, y = int(words.xy[0]) + left - ox, int(words.xy[1]) + top - oy
        box = ink.getbbox()
        if box is not None:
            draw.rectangle((x + box[0], y + box[1], x + box[2] - 1, y + box[3] - 1), fill=1)
    return mask


def _room(lay: MapLayout, mark: Mark, frame: Frame) -> Image.Image:
    """The inside of the mark's hexes, clear of their rims."""
    ox, oy, width, height = frame
    mask = Image.new("1", (width, height), 0)
    draw = ImageDraw.Draw(mask)
    for h in mark.cells:
        draw.polygon([(x - ox, y - oy) for x, y in lay.corners(h, RIM)], fill=1)
    if len(mark.cells) == 2:  # the bar between a mounted model's discs crosses their shared edge
        a, b = ((x - ox, y - oy) for x, y in (lay.centre(h) for h in mark.cells))
        draw.line((a, b), fill=1, width=int(lay.size * 0.5))
    return mask


def assert_apart(lay: MapLayout, marks: list[Mark]) -> None:
    """Each mark inside its own hexes (clear of rims), and no two marks sharing a pixel.

    Marks on different hexes are kept apart by the first check; only marks sharing a hex are compared.
    """
    for mark in marks:
        frame = _frame(lay, set(mark.cells))
        outside = ImageChops.subtract(_footprint(mark, frame), _room(lay, mark, frame)).getbbox()
        assert outside is None, f"{mark.kind} on {mark.cells} leaves its hex at {outside} of {frame}"
    for a, b in combinations(marks, 2):
        if set(a.cells).isdisjoint(b.cells):
            continue
        frame = _frame(lay, set(a.cells) | set(b.cells))
        both = ImageChops.logical_and(_footprint(a, frame), _footprint(b, frame)).getbbox()
        assert both is None, f"{a.kind} on {a.cells} overlaps {b.kind} on {b.cells} at {both} of {frame}"


def _sample_view() -> EtView:
    return views(played(*GAMES[1])[2])[0]


def test_map_marks_never_overlap_on_real_boards() -> None:
    mounted = 0
    for game in GAMES:
        for state in played(*game):
            view = RULESET.view(state, None)
            lay = board_layout(view)
            marks = map_marks(lay, view)
            assert_apart(lay, marks)
            mounted += sum(1 for m in marks if m.kind == "piece" and len(m.cells) == 2)
    assert mounted, "no mounted model was ever on the map: the two-hex check saw nothing"


def test_every_hex_fits_a_full_piece_and_both_features() -> None:
    """A Dazed, activating Character at 10 HP on a hex holding an Objective and a Scenario token."""
    view = _sample_view()
    lay = board_layout(view)
    hero = next(m for m in view.models if m.kind == "character")
    for h in view.board:
        model = replace(hero, hexes=[h], hp=10, max_hp=10, dazed=True)
        staged = replace(
            view, models=[model], objectives=[h], beacons={f"{h[0]},{h[1]}": "ctrl"}, active_model=model.id
        )
        marks = [m for m in map_marks(lay, staged) if h in m.cells]
        assert {m.kind for m in marks} == {"label", "objective", "beacon", "piece"}
        assert_apart(lay, marks)


def test_a_mounted_model_fits_every_direction_with_its_neighbours_features() -> None:
    view = _sample_view()
    lay = board_layout(view)
    board = set(view.board)
    rider = next(m for m in view.models if m.kind == "character")
    checked = 0
    for h in view.board:
        for d in DIRECTIONS:
            other = add(h, d)
            if other not in board:
                continue
            model = replace(rider, hexes=[h, other], hp=9, max_hp=10, dazed=True)
            beacons = {f"{c[0]},{c[1]}": "team" for c in (h, other)}
            staged = replace(
                view, models=[model], objectives=[h, other], beacons=beacons, active_model=model.id
            )
            marks = [m for m in map_marks(lay, staged) if set(m.cells) & {h, other}]
            assert_apart(lay, marks)
            checked += 1
    assert checked > 300


def test_minion_and_npc_pieces_fit_their_hex() -> None:
    view = _sample_view()
    lay = board_layout(view)
    for m in view.models:
        if m.kind != "character":
            h = view.board[len(view.board) // 2]
            piece = piece_mark(
                lay, replace(m, hexes=[h], hp=3, max_hp=3, dazed=True, name=m.name[:-1] + "12"), True
            )
            assert_apart(lay, [piece])


# ------------------------------------------------------------------------------------------ words
def _check_words(placed: list[Placed], size: tuple[int, int]) -> None:
    for p in placed:
        x0, y0, x1, y1 = p.box
        a0, b0, a1, b1 = p.ink
        # 3 px of slack: text starts on whole pixels, and some glyphs overhang their advance ("J")
        assert a0 >= x0 - 3 and a1 <= x1 + 3, (
            f"{p.text!r} ({p.size}px) is wider than its box: {p.ink} in {p.box}"
        )
        assert b0 >= y0 - 2 and b1 <= y1 + 2, (
            f"{p.text!r} ({p.size}px) is taller than its box: {p.ink} in {p.box}"
        )
        assert a0 >= 0 and a1 <= size[0] and b0 >= 0 and b1 <= size[1], f"{p.text!r} leaves the picture"
        assert not p.text.endswith("…"), f"{p.text!r} was cut"
    for a, b in combinations(placed, 2):
        if a.ink[0] < b.ink[2] and b.ink[0] < a.ink[2] and a.ink[1] < b.ink[3] and b.ink[1] < a.ink[3]:
            raise AssertionError(f"{a.text!r} at {a.ink} overlaps {b.text!r} at {b.ink}")


def test_every_word_stays_in_its_box_on_boards_and_hands() -> None:
    long_names = ["Bartholomew-Maximilian Featherstonehaugh", "Zoë", "Ümit Åkesson-Lindqvist the Third"]
    for game in GAMES:
        for state in played(*game)[::3]:
            for view in views(state):
                with recording() as placed:
                    canvas: Any = (
                        render_board(view, long_names)
                        if view.viewer is None
                        else render_hand(view, long_names)
                    )
                if canvas is not None:
                    _check_words(placed, canvas.image.size)


# ------------------------------------------------------------------------------------------ panels
PREVIEW_W = 550  # about the width Discord shows an attachment at in the chat, before it is opened


def test_the_board_is_landscape_so_discord_preview_shrinks_it_least() -> None:
    """Discord fits a picture into a box about 550 px wide and 400-550 tall: a tall board shrinks twice."""
    for game in GAMES:
        for state in played(*game)[::4]:
            view = RULESET.view(state, None)
            image = render_board(view, ["Ann", "Ben", "Cy", "Di", "Ed"]).image
            assert image.size == layout(view, ["Ann", "Ben", "Cy", "Di", "Ed"]).size
            width, height = image.size
            assert width == 1400 and height < width, f"{game}: {image.size} is not landscape"
            # at preview width the whole board stays within the preview box's height
            assert height * PREVIEW_W / width <= 480, f"{game}: {height} px tall"


def test_board_panels_do_not_overlap_and_stay_inside_the_picture() -> None:
    checked = 0
    for game in GAMES:
        for state in played(*game)[::3]:
            view = RULESET.view(state, None)
            plan = layout(view, ["Bartholomew-Maximilian Featherstonehaugh", "Zoë"])
            for name, (x0, y0, x1, y1) in plan.panels.items():
                assert 0 <= x0 < x1 <= plan.width and 0 <= y0 < y1 <= plan.height, name
            for (a, p), (b, q) in combinations(plan.panels.items(), 2):
                apart = p[2] <= q[0] or q[2] <= p[0] or p[3] <= q[1] or q[3] <= p[1]
                assert apart, f"{a} {p} overlaps {b} {q}"
            # every hex lies inside the map's panel, clear of the rosters beside it
            x0, y0, x1, y1 = plan.panels["map"]
            for h in view.board:
                for x, y in plan.map.corners(h):
                    assert x0 - 1 <= x <= x1 + 1 and y0 - 1 <= y <= y1 + 1, (h, x, y)
            checked += 1
    assert checked > 10


def test_pieces_stay_large_enough_to_read_at_preview_width() -> None:
    """At Discord's preview width a hex stays at least 24 px wide and a Character's disc 14 px across."""
    view = _sample_view()
    lay = board_layout(view)
    scale = PREVIEW_W / 1400
    assert lay.width * scale >= 24
    assert 2 * R_CHAR * lay.size * scale >= 14


# ------------------------------------------------------------------------------------------ hands
def _full_controller(view: EtView, cards: int) -> EtView:
    """``view`` (the Controller's) holding ``cards`` Strategy cards, every Skill and Character Empowered."""
    from engines.eternia.content import content

    models = [
        replace(m, empowered=True) if m.side == "ctrl" and m.kind == "character" else m for m in view.models
    ]
    hand = list(content().strategy)[:cards]
    return replace(view, strategy_hand=hand, ctrl_empowered=list(view.ctrl_skills), models=models)


def _hand_views() -> list[tuple[str, EtView]]:
    """Every seat's view of both modes (middle and end of each scene game), and full Controller hands."""
    found = []
    for game in GAMES:
        states = played(*game)
        for state in (states[len(states) // 2], states[-1]):
            found += [(f"{game} seat {v.viewer} ({v.side})", v) for v in views(state)[1:]]
    ctrl = next(v for label, v in found if v.side == "ctrl")
    found += [(f"a Controller holding {n} Strategy cards", _full_controller(ctrl, n)) for n in (8, 12)]
    return found


def test_every_dashboard_is_landscape_and_its_words_never_overlap() -> None:
    """Discord previews a picture ~550 px wide: a seat's dashboards stand side by side, wider than tall.

    Realistic hands (up to 8 Strategy cards) stay at least 3:2 wide (at most 933 px tall, as a
    photo is); a Controller holding all 12 still stays landscape. Every word stays in its box and
    no two words overlap, long names included.
    """
    from render.eternia.hand import hand_layout

    names = ["Bartholomew-Maximilian Featherstonehaugh", "Zoë", "Ümit Åkesson-Lindqvist the Third", "Al"]
    for label, view in _hand_views():
        with recording() as placed:
            canvas = render_hand(view, names)
        assert canvas is not None, label
        width, height = canvas.image.size
        assert width == 1400 and height < width, f"{label}: {canvas.image.size} is not landscape"
        if len(view.strategy_hand) <= 8:
            assert height * 3 <= width * 2, f"{label}: {height} px tall"
        _check_words(placed, canvas.image.size)
        plan = hand_layout(view)
        assert plan is not None and plan.height == height
        for a, b in combinations([spot.box for spot in plan.blocks], 2):
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], f"{label}: {a} overlaps {b}"
        for x0, y0, x1, y1 in (spot.box for spot in plan.blocks):
            assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height, label
