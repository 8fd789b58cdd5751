"""Clash of Decks pictures show every name and every card text whole (issue 12).

Measured, not hashed: each check records the text runs a picture draws (with their ink boxes,
from the same glyph masks the pictures are made of) and compares them with the boxes they must
stay in, and with the full words they must add up to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from msgspec.structs import replace

from engines.clashofdecks.content import catalog
from engines.clashofdecks.state import CardInfo, ClashView, HandView
from engines.core import GameConfig, Rng
from render.clashofdecks import draft as clash_draft
from render.clashofdecks import hand as clash_hand
from render.clashofdecks import lines as clash_lines
from render.clashofdecks.abilities import badge, normalise
from render.clashofdecks.board import plan_header, render_board, status_line
from render.clashofdecks.hand import key_entries, render_hand
from render.clashofdecks.kingdoms import panel_height
from render.clashofdecks.lines import Half, draw_line, plan_line
from render.clashofdecks.palette import indexed_palette
from render.clashofdecks.tiles import Tile
from render.core.canvas import text_width
from render.core.indexed_canvas import IndexedCanvas
from render.core.names import seat_names
from tests.render.test_clashofdecks import CONFIGS, RULES, Recorder, play

#: display names as long as Discord allows (32), with and without spaces to wrap at
LONG = [
    "Bartholomew the Magnificent Jr.",
    "xXx_DragonSlayer_2000_Legend_xXx",
    "Anastasia Featherstone-Smithers",
    "Sir Reginald Worthington III",
]
Box = tuple[float, float, float, float]


def _states(every: int = 9, seeds: int = 3) -> Iterator[Any]:
    """Every ``every``-th state of random games in every mode and format, from the deal to the end."""
    for mode, players, fmt in CONFIGS:
        for seed in range(seeds):
            state = RULES.setup(GameConfig(mode, players, {"format": fmt}), seed)
            rng = Rng(seed * 31 + players)
            for step in range(400):
                prompts = RULES.prompts(state)
                if step % every == 0 or not prompts:
                    yield state
                if not prompts:
                    break
                seat = rng.choice(sorted(prompts))
                state = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat))).state


def _runs_inside(recorder: Recorder, box: Box) -> list[tuple[int, int, int, int, str]]:
    """The text runs whose ink centre lies inside ``box``, top to bottom."""
    x0, y0, x1, y1 = box
    inside = [r for r in recorder.boxes if x0 <= (r[0] + r[2]) / 2 <= x1 and y0 <= (r[1] + r[3]) / 2 <= y1]
    return sorted(inside, key=lambda r: (r[1], r[0]))


def _rejoined(lines: list[str]) -> str:
    """Wrapped lines put back together: a line ending in a hyphen joins the next without a space."""
    text = ""
    for line in lines:
        text += line if not text or text.endswith("-") else f" {line}"
    return text


def _contained(run: tuple[int, int, int, int, str], box: Box) -> bool:
    return box[0] <= run[0] and run[2] <= box[2] and box[1] <= run[1] and run[3] <= box[3]


class Tiles:
    """Records where every card picture is drawn (creature tiles and hand cards), with its tile."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.creatures: list[tuple[Box, Tile]] = []
        self.cards: list[tuple[Box, Tile]] = []
        real_creature, real_card = clash_lines.creature_tile, clash_draft.hand_tile

        def creature(canvas: Any, x: float, y: float, w: float, h: float, tile: Tile) -> None:
            self.creatures.append(((x, y, x + w, y + h), tile))
            real_creature(canvas, x, y, w, h, tile)

        def card(canvas: Any, x: float, y: float, w: float, h: float, tile: Tile, **kw: Any) -> None:
            self.cards.append(((x, y, x + w, y + h), tile))
            real_card(canvas, x, y, w, h, tile, **kw)

        monkeypatch.setattr(clash_lines, "creature_tile", creature)
        monkeypatch.setattr(
            clash_hand,
            "pasted_hand_tile",
            lambda canvas, x, y, w, h, tile, playable: card(canvas, x, y, w, h, tile, playable=playable),
        )
        monkeypatch.setattr(clash_draft, "hand_tile", card)


def _drawn(monkeypatch: pytest.MonkeyPatch, draw: Callable[[], Any]) -> tuple[Recorder, Tiles]:
    recorder = Recorder(monkeypatch)
    tiles = Tiles(monkeypatch)
    draw()
    monkeypatch.undo()
    return recorder, tiles


# ---------------------------------------------------------------- 1. the winner's name


def _finished(mode: str, players: int) -> Any:
    for seed in range(40):
        state = play(mode, players, "precon", seed, 900)
        if RULES.view(state, None).winners:
            return state
    raise AssertionError(f"no {mode} game ended with a winner")


@pytest.mark.parametrize(("mode", "players"), [("duel", 2), ("2v2", 4), ("ffa", 4), ("coop", 2)])
def test_the_final_board_names_every_winner_in_full(
    monkeypatch: pytest.MonkeyPatch, mode: str, players: int
) -> None:
    """Issue 12: the result on the final board was cut off with an ellipsis mid-name."""
    view = RULES.view(_finished(mode, players), None)
    names = seat_names(LONG, players)
    status, _ = status_line(view, names)
    plan = plan_header(view, names)
    assert _rejoined(plan.status.lines) == status  # nothing of the result is dropped
    room = 1280 - 2 * 20
    for line in plan.status.lines:
        assert text_width(line, plan.status.size, "bold") <= room, line
    recorder, _ = _drawn(monkeypatch, lambda: render_board(view, names))
    drawn = [run for run in recorder.boxes if run[4] in plan.status.lines]
    assert [run[4] for run in drawn] == plan.status.lines  # drawn in order, one run a line
    assert all(run[0] >= 0 and run[2] <= 1280 for run in drawn)
    shown = _rejoined([run[4] for run in drawn])
    for seat in view.winners:
        assert names[seat] in shown, names[seat]
    # the winner's panel names them whole too
    for seat in view.winners:
        kingdom = next(k for k in view.kingdoms if k.seat == seat)
        assert names[seat].replace(" ", "") in "".join(r[4] for r in recorder.boxes).replace(" ", ""), kingdom


def test_no_text_on_any_picture_is_cut_with_an_ellipsis(monkeypatch: pytest.MonkeyPatch) -> None:
    """Names (players', cards'), facts and records wrap or shrink: none ends in "…" any more."""
    for names in ((), LONG):
        for state in _states(every=23):
            view = RULES.view(state, None)
            players = view.players
            drawn = seat_names(names, players)
            seat_view = RULES.view(state, 0)
            for draw in (
                lambda view=view, drawn=drawn: render_board(view, drawn),
                lambda seat_view=seat_view, drawn=drawn: render_hand(seat_view, drawn),
            ):
                recorder, _ = _drawn(monkeypatch, draw)
                cut = [run[4] for run in recorder.boxes if "…" in run[4] and "more …" not in run[4]]
                assert not cut, cut[:5]
                assert not recorder.overlaps(), recorder.overlaps()[:3]


# ---------------------------------------------------------------- 2. card names on tiles


def _pieces(recorder: Recorder, box: Box, whole: str) -> list[str]:
    """The runs drawn in ``box`` that are parts of ``whole`` (not its cost, stats or badges), in order."""
    return [run[4] for run in _runs_inside(recorder, box) if len(run[4]) > 1 and run[4] in whole]


def _assert_names_whole(recorder: Recorder, placed: list[tuple[Box, Tile]]) -> int:
    """Every tile's name is drawn inside its tile, whole; returns how many tiles were checked."""
    for box, tile in placed:
        inside = _runs_inside(recorder, box)
        spilt = [run for run in inside if not _contained(run, box)]
        assert not spilt, (tile.name, spilt)
        assert _rejoined(_pieces(recorder, box, tile.name)) == tile.name, (tile.name, [r[4] for r in inside])
    return len(placed)


def test_creature_names_on_board_tiles_are_whole_and_inside_their_tiles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 12: crowded lines cut names ("Microctop…", "Abominat…", "Standard-B…")."""
    checked = 0
    for state in _states():
        view = RULES.view(state, None)
        recorder, tiles = _drawn(monkeypatch, partial(render_board, view, seat_names(LONG, view.players)))
        checked += _assert_names_whole(recorder, tiles.creatures)
    assert checked > 200


def _tile(name: str, colour: tuple[int, int, int] = (40, 110, 180)) -> Tile:
    card = next(c for c in catalog().cards.values() if c.name == name)
    return Tile(
        name=card.name, cost=card.cost, colour=colour, hp=card.hp, av=card.av, abilities=list(card.abilities)
    )


def test_a_crowded_line_of_long_names_gives_them_room(monkeypatch: pytest.MonkeyPatch) -> None:
    """Six creatures with the longest names on one side: each name whole, no tile over another."""
    longest = ["Standard-Bearer", "Abomination", "Microctopus", "Executioner", "Bloodletter", "Lieutenant"]
    left: Half = ("Bartholomew the Magnificent Jr. · upper line", (40, 110, 180), [_tile(n) for n in longest])
    right: Half = (
        "xXx_DragonSlayer_2000_Legend_xXx · lower line",
        (200, 90, 30),
        [_tile(n) for n in longest[:3]],
    )
    plan = plan_line("Bridge 1", left, right, 1240)
    canvas = IndexedCanvas(1280, plan.height + 40, indexed_palette())
    recorder, tiles = _drawn(monkeypatch, lambda: draw_line(canvas, 20, 0, 1240, plan))
    assert _assert_names_whole(recorder, tiles.creatures) == 9
    boxes = [box for box, _ in tiles.creatures]
    for i, a in enumerate(boxes):
        assert a[0] >= 0 and a[2] <= 1280 and a[3] <= plan.height
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    assert not recorder.overlaps()


def test_panel_facts_and_names_fit_their_panels(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12: four panels abreast cut "Team 1 · Mana 6 · Hand 9 · Crea…" and long player names."""
    state = play("2v2", 4, "precon", 1, 12)
    view = RULES.view(state, None)
    names = seat_names(LONG, 4)
    recorder, _ = _drawn(monkeypatch, lambda: render_board(view, names))
    texts = [run[4] for run in recorder.boxes]
    assert any(t.endswith(f"Creatures {view.kingdoms[0].creatures}") for t in texts)
    panel_w = (1240 - 3 * 12) / 4
    top = plan_header(view, names).height
    bottom = top + panel_height(view, names, panel_w)
    for index in range(4):
        x0 = 20 + index * (panel_w + 12)
        panel = _runs_inside(recorder, (x0, top, x0 + panel_w, bottom))
        assert all(_contained(run, (x0, top, x0 + panel_w, bottom)) for run in panel), panel
        # a name with no space to wrap at is split between letters, never shortened
        assert "".join(r[4] for r in panel if r[4] in names[index]).replace(" ", "") == names[index].replace(
            " ", ""
        )


# ---------------------------------------------------------------- 3. the badge key on hands


def test_a_hand_picture_explains_exactly_the_badges_it_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12: hand pictures showed ability badges with no key to them."""
    seen = 0
    for state in _states(every=17):
        view = RULES.view(state, 0)
        if view.hand is None:
            continue
        cards = [*view.hand.cards, *(view.draft.row if view.phase == "draft" and view.draft else ())]
        shown = {normalise(a) for c in cards for a in c.abilities if normalise(a) != "aura"}
        shown |= {normalise(c.aura) for c in cards if c.aura}
        entries = key_entries(view)
        assert {e.keyword for e in entries} == shown
        recorder, _ = _drawn(monkeypatch, partial(render_hand, view))
        texts = [run[4] for run in recorder.boxes]
        for entry in entries:
            assert entry.name in texts and badge(entry.keyword)[0] in texts
            for line in entry.lines[1:]:
                assert text_width(line, 16) <= (1240 - 24) / 2 - 38, line
        if entries:
            key = [run for run in recorder.boxes if run[4].startswith("Badges on these cards")]
            assert len(key) == 1 and key[0][2] <= 1260
            seen += 1
    assert seen > 20


# ---------------------------------------------------------------- 4. incantation text in full


def _face(name: str, iid: str) -> CardInfo:
    card = next(c for c in catalog().cards.values() if c.name == name)
    return CardInfo(
        id=iid,
        name=card.name,
        kind=card.kind,
        cost=card.cost,
        hp=card.hp,
        av=card.av,
        abilities=card.abilities,
        aura=card.aura,
        effect=card.effect,
        power=card.power,
        text=card.text,
    )


def _assert_texts_whole(recorder: Recorder, placed: list[tuple[Box, Tile]]) -> int:
    """Every incantation's effect text is drawn inside its card, word for word; returns the count."""
    count = 0
    for box, tile in placed:
        inside = _runs_inside(recorder, box)
        assert all(_contained(run, box) for run in inside), tile.name
        if tile.kind != "incantation":
            continue
        assert _rejoined(_pieces(recorder, box, tile.text)) == tile.text, (tile.text, [r[4] for r in inside])
        count += 1
    return count


def test_incantation_text_is_shown_in_full_on_hands_and_in_drafts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12: spell text was always cut after three lines ("to its twin on…")."""
    checked = 0
    for state in _states(every=11):
        view = RULES.view(state, 0)
        recorder, tiles = _drawn(monkeypatch, partial(render_hand, view))
        checked += _assert_texts_whole(recorder, tiles.cards)
    assert checked > 50


def test_a_full_hand_of_narrow_cards_keeps_every_name_and_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Eleven cards make the narrowest cards; the longest names and effect texts still fit whole."""
    state = RULES.setup(GameConfig("duel", 2), 1)
    view: ClashView = RULES.view(state, 0)
    assert view.hand is not None
    names = [
        "Firestorm", "Standard-Bearer", "Thunderclap", "Abomination", "Combustion", "Microctopus",
        "Banish", "Executioner", "Annihilation", "Aberration", "Skewer",
    ]  # fmt: skip
    cards = tuple(_face(name, f"c{index:03d}") for index, name in enumerate(names))
    hand = HandView(cards, 3, "bastion", tuple(c.id for c in cards[:3]), tuple(c.id for c in cards[:1]))
    full = replace(view, hand=hand)
    recorder, tiles = _drawn(monkeypatch, lambda: render_hand(full))
    placed = [(box, tile) for box, tile in tiles.cards if tile.kind != "stronghold"]
    assert len(placed) == 11 and max(box[2] - box[0] for box, _ in placed) < 120  # the narrow layout
    assert _assert_names_whole(recorder, placed) == 11
    assert _assert_texts_whole(recorder, placed) == 6
    assert not recorder.overlaps(), recorder.overlaps()[:3]
    assert not [size for size, _ in recorder.sizes if size < 16]
