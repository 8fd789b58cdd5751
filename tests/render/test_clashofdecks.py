"""Clash of Decks pictures drawn from real games: random legal play from seeds, every mode and format."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageDraw

from engines.clashofdecks.state import STRONGHOLD
from engines.core import GameConfig, Rng
from engines.core.types import fill_names
from engines.registry import get
from render.clashofdecks import RENDERER
from render.clashofdecks import hand as clash_hand
from render.clashofdecks.board import render_board
from render.clashofdecks.describe import LIMIT
from render.clashofdecks.hand import render_hand
from render.clashofdecks.palette import design_colours, palette_image
from render.clashofdecks.tiles import hand_tile
from render.core import stamps
from render.core.canvas import encode_png_indexed
from render.core.indexed import IndexedDraw
from render.core.indexed_canvas import IndexedCanvas
from render.registry import get as get_renderer
from tests.render.reference import draw_in_rgb

RULES = get("clashofdecks")
MAX_BYTES = 300 * 1024

# (mode, players, format): every mode, in the formats it allows
CONFIGS: list[tuple[str, int, str]] = [
    ("solo", 1, "precon"),
    ("solo", 1, "draft"),
    ("duel", 2, "precon"),
    ("duel", 2, "draft"),
    ("coop", 2, "precon"),
    ("coop", 2, "draft"),
    ("ffa", 4, "precon"),
    ("ffa", 4, "draft"),
    ("2v2", 4, "precon"),
    ("2v2", 4, "draft"),
]
SEEDS = range(30)


def play(mode: str, players: int, fmt: str, seed: int, steps: int) -> Any:
    """The state after ``steps`` random legal actions from ``seed`` (or the end of the game)."""
    state = RULES.setup(GameConfig(mode, players, {"format": fmt}), seed)
    rng = Rng(seed * 7919 + steps)
    for _ in range(steps):
        prompts = RULES.prompts(state)
        if not prompts:
            break
        seat = rng.choice(sorted(prompts))
        state = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat))).state
    return state


def check_png(data: bytes) -> Image.Image:
    """Decode a PNG, check it is whole, wide enough and small enough."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) <= MAX_BYTES, f"{len(data)} bytes"
    image = Image.open(io.BytesIO(data))
    image.verify()
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.width >= 1200
    return image


def test_registered_renderer_is_this_one() -> None:
    assert get_renderer("clashofdecks") is RENDERER


@pytest.mark.parametrize(("mode", "players", "fmt"), CONFIGS, ids=[f"{m}-{f}" for m, _, f in CONFIGS])
def test_public_and_private_images_for_random_states(mode: str, players: int, fmt: str) -> None:
    seen_phases: set[str] = set()
    for seed in SEEDS:
        state = play(mode, players, fmt, seed, steps=(seed * 13) % 90)
        spectator = RULES.view(state, None)
        seen_phases.add(spectator.phase)
        check_png(RENDERER.board(spectator))
        assert RENDERER.hand(spectator) is None
        text = RENDERER.describe(spectator)
        assert 0 < len(text) <= LIMIT
        hands = []
        for seat in range(players):
            view = RULES.view(state, seat)
            image = RENDERER.hand(view)
            assert image is not None, "a seated player always has a hand or a draft to see"
            check_png(image)
            hands.append(image)
            assert len(RENDERER.describe(view)) <= LIMIT
        if players > 1:
            assert hands[0] != hands[1], "seat A's private image must differ from seat B's"
    assert "summon" in seen_phases or "over" in seen_phases


# ---------------------------------------------------------------- what is drawn, recorded


class Recorder:
    """Records every text run (box, size) and every colour drawn while a picture is made."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.boxes: list[tuple[int, int, int, int, str]] = []
        self.sizes: list[tuple[int, str]] = []
        self.colours: set[tuple[int, int, int]] = set()
        for cls in (stamps.StampCanvas, IndexedCanvas):  # every line of text goes through ``put``
            monkeypatch.setattr(cls, "put", self._put(cls.put))
        for name in ("rectangle", "rounded_rectangle", "ellipse", "line", "text"):
            real = getattr(ImageDraw.ImageDraw, name)
            monkeypatch.setattr(ImageDraw.ImageDraw, name, self._wrap(real, name))
        # palette canvases turn every RGB colour they draw into an index here
        real_index = IndexedDraw._index

        def index(draw: IndexedDraw, colour: tuple[int, int, int]) -> int:
            self.colours.add(tuple(colour))
            return real_index(draw, colour)

        monkeypatch.setattr(IndexedDraw, "_index", index)
        # hand cards drawn in place, not pasted from patches: every run and colour is then
        # recorded where it lands on the picture (a patch is drawn at its own origin, or not at all)
        monkeypatch.setattr(
            clash_hand,
            "pasted_hand_tile",
            lambda canvas, x, y, w, h, tile, playable: hand_tile(canvas, x, y, w, h, tile, playable=playable),
        )

    def _put(self, real: Any) -> Any:
        recorder = self

        def put(
            canvas: stamps.StampCanvas,
            xy: tuple[float, float],
            text: str,
            size: int,
            fill: Any,
            weight: str,
            anchor: str,
        ) -> None:
            if text:
                mask, left, top = stamps.text_mask(text, size, weight, anchor)
                x, y = int(xy[0]) + left, int(xy[1]) + top
                recorder.boxes.append((x, y, x + mask.width, y + mask.height, text))
                recorder.sizes.append((size, text))
                recorder.colours.add(tuple(fill))
            real(canvas, xy, text, size, fill, weight, anchor)

        return put

    def _wrap(self, real: Any, name: str) -> Any:
        recorder = self

        def method(draw: ImageDraw.ImageDraw, *args: Any, **kwargs: Any) -> Any:
            if draw.mode not in ("RGB", "P"):  # the text-mask cache drawing its masks
                return real(draw, *args, **kwargs)
            for key in ("fill", "outline"):
                if isinstance(kwargs.get(key), tuple):  # ints: palette indices, cached shapes being made
                    recorder.colours.add(tuple(kwargs[key]))
            if name == "text":
                face = kwargs.get("font")
                recorder.sizes.append((int(getattr(face, "size", 0)), str(args[1] if len(args) > 1 else "")))
            return real(draw, *args, **kwargs)

        return method

    def overlaps(self) -> list[tuple[str, str]]:
        """Pairs of text runs whose ink boxes intersect."""
        found = []
        boxes = sorted(self.boxes)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                if b[0] >= a[2]:
                    break
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    found.append((a[4], b[4]))
        return found


SAMPLES = [
    ("duel", 2, "precon", 3, 40),
    ("duel", 2, "draft", 8, 3),
    ("solo", 1, "precon", 6, 20),
    ("coop", 2, "precon", 7, 60),
    ("ffa", 4, "precon", 4, 50),
    ("2v2", 4, "draft", 5, 90),
    ("duel", 2, "draft", 10, 60),
]


@pytest.mark.parametrize(("mode", "players", "fmt", "seed", "steps"), SAMPLES)
def test_text_is_legible_and_never_overlaps(
    monkeypatch: pytest.MonkeyPatch, mode: str, players: int, fmt: str, seed: int, steps: int
) -> None:
    state = play(mode, players, fmt, seed, steps)
    seat_view = RULES.view(state, 0)
    for draw in (lambda: render_board(RULES.view(state, None)), lambda: render_hand(seat_view)):
        recorder = Recorder(monkeypatch)
        draw()
        monkeypatch.undo()
        assert recorder.sizes, "nothing was written"
        small = [(size, text) for size, text in recorder.sizes if size < 16]
        assert not small, f"text under 16 px: {small[:5]}"
        assert not recorder.overlaps(), recorder.overlaps()[:5]


def test_design_colours_survive_the_palette_exactly() -> None:
    colours = design_colours()
    strip = Image.new("RGB", (len(colours), 1))
    for index, colour in enumerate(colours):
        strip.putpixel((index, 0), colour)
    saved = Image.open(io.BytesIO(encode_png_indexed(strip, palette_image()))).convert("RGB")
    assert [saved.getpixel((i, 0)) for i in range(len(colours))] == colours


@pytest.mark.parametrize(("mode", "players", "fmt", "seed", "steps"), SAMPLES)
def test_every_colour_drawn_is_in_the_palette_and_saved_exactly(
    monkeypatch: pytest.MonkeyPatch, mode: str, players: int, fmt: str, seed: int, steps: int
) -> None:
    state = play(mode, players, fmt, seed, steps)
    recorder = Recorder(monkeypatch)
    draw_in_rgb(monkeypatch)  # the colours as drawn, before any mapping to the palette
    canvas = render_board(RULES.view(state, None))
    monkeypatch.undo()
    design = set(design_colours())
    assert recorder.colours <= design, recorder.colours - design
    # a design colour maps to itself: no pixel of it may be lost when the image is saved
    before = dict((colour, count) for count, colour in canvas.image.getcolors(1 << 20) or [])
    saved = Image.open(io.BytesIO(RENDERER.board(RULES.view(state, None)))).convert("RGB")
    after = dict((colour, count) for count, colour in saved.getcolors(1 << 20) or [])
    for colour in design:
        assert after.get(colour, 0) >= before.get(colour, 0), colour


def test_public_board_is_the_same_for_every_viewer() -> None:
    for mode, players, fmt, seed, steps in SAMPLES:
        state = play(mode, players, fmt, seed, steps)
        spectator = RENDERER.board(RULES.view(state, None))
        for seat in range(players):
            assert RENDERER.board(RULES.view(state, seat)) == spectator, (mode, seat)


def _hide_differently(state: Any) -> Any:
    """The same game with every hidden card order changed: hands (Stronghold kept in place), AI piles."""
    other = RULES.clone(state)
    for kingdom in other.kingdoms:
        if kingdom.hand:
            spot = kingdom.hand.index(STRONGHOLD)
            cards = [card for card in kingdom.hand if card != STRONGHOLD][::-1]
            cards.insert(spot, STRONGHOLD)
            kingdom.hand = cards
        kingdom.deck = kingdom.deck[::-1]
    if other.draft is not None:
        other.draft.pile = other.draft.pile[::-1]
    return other


@pytest.mark.parametrize(("mode", "players", "fmt"), CONFIGS[::2], ids=[c[0] for c in CONFIGS[::2]])
def test_public_board_does_not_depend_on_hidden_cards(mode: str, players: int, fmt: str) -> None:
    changed = 0
    for seed in range(8):
        state = play(mode, players, fmt, seed, steps=10 + seed * 5)
        other = _hide_differently(state)
        assert RENDERER.board(RULES.view(state, None)) == RENDERER.board(RULES.view(other, None))
        assert RENDERER.describe(RULES.view(state, None)) == RENDERER.describe(RULES.view(other, None))
        # the change was real: the owner's own picture shows it
        if RENDERER.hand(RULES.view(state, 0)) != RENDERER.hand(RULES.view(other, 0)):
            changed += 1
    assert changed, "no sample had a hidden difference to hide"


def test_overlap_detector_sees_an_overlap(monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = Recorder(monkeypatch)
    canvas = stamps.StampCanvas(300, 100)
    canvas.text((10, 10), "Troll", size=16)
    canvas.text((20, 12), "Ogre", size=16)
    monkeypatch.undo()
    assert recorder.overlaps() == [("Troll", "Ogre")]


def test_describe_tells_turn_mana_strongholds_lines_and_assault() -> None:
    long_names = ["N" * 32] * 4
    for mode, players, fmt in CONFIGS:
        for seed in range(6):
            state = play(mode, players, fmt, seed, steps=8 + seed * 7)
            view = RULES.view(state, None)
            text = RENDERER.describe(view)
            assert len(fill_names(text, long_names)) <= LIMIT
            for kingdom in view.kingdoms:
                assert kingdom.name[:1].upper() + kingdom.name[1:] in text
            if view.phase == "summon":
                active = view.kingdoms[view.active]
                assert "to play" in text
                if not active.is_ai:
                    assert f"mana {active.mana}" in text
                for line in view.lines:
                    assert f"Bridge {line.index + 1} —" in text
                assert "Last assault:" in text
                for kingdom in view.kingdoms:
                    assert f"HP {kingdom.hp}" in text or kingdom.lost
            seat_text = RENDERER.describe(RULES.view(state, 0))
            if RULES.view(state, 0).hand is not None:
                assert "Your hand" in seat_text and "Your hand" not in text


def test_constructed_decks_are_listed_in_the_text_during_the_first_round() -> None:
    from engines.clashofdecks import RULESET as cod
    from engines.core import GameConfig as Config

    codes = ({"deck_code": "CD1-0102030405060708O"}, {"deck_code": "CD1-090A0B0C0D0E0F0GO"})
    state = cod.setup(Config("duel", 2, {"format": "constructed"}, codes), 1)
    text = RENDERER.describe(cod.view(state, None))
    assert "{P1}'s deck: Annihilation, Baron, Boom!, Brute, Carapace, Partisan, Revenant, Troll" in text
    assert "{P2}'s deck: Abomination, Alpha" in text
    precon = cod.setup(Config("duel", 2), 1)
    assert "'s deck:" not in RENDERER.describe(cod.view(precon, None))


def test_team_games_say_who_plays_with_whom() -> None:
    """Issue: 2 vs 2 did not say who was on which team."""
    from engines.clashofdecks import RULESET as CLASH
    from engines.core import GameConfig

    two_v_two = CLASH.setup(GameConfig("2v2", 4), 1)
    assert "Teams: {P1} & {P3} vs {P2} & {P4}" in RENDERER.describe(CLASH.view(two_v_two, None))
    duel = CLASH.setup(GameConfig("duel", 2), 1)
    assert "Teams:" not in RENDERER.describe(CLASH.view(duel, None))  # one each: nothing to say
