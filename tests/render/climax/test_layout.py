"""Geometry: every text lies inside its box and clear of other text, zones do not overlap, nothing is cut."""

from __future__ import annotations

import pytest

from engines.climax import RULESET
from render.climax.board import draw_board
from render.climax.hand import draw_hand
from render.climax.names import drawn_names
from render.core.pen import Pen
from render.core.text import NO_START, face, width, wrap
from tests.render.climax.scenes import LANGS, every_card_tables, sample, views
from tests.render.layout import inside, overlap, problems


def zone_problems(pen: Pen) -> list[str]:
    """Zones of one layer that overlap: slots, panel parts, cards in hand, revealed cards, bars."""
    layers = {
        "slot": "stage",
        "level": "panel",
        "level zone": "panel",
        "clock": "panel",
        "count": "panel",
        "waiting room": "panel",
        "climax zone": "panel",
        "hand card": "hand",
        "mini": "attack",
        "header": "frame",
        "name bar": "frame",
        "attack": "frame",
    }
    found = []
    zones = [(name, box) for name, box in pen.zones]
    for index, (name, box) in enumerate(zones):
        layer = layers.get(name.split(" ")[0] if name.startswith("slot") else name)
        for other, other_box in zones[index + 1 :]:
            other_layer = layers.get(other.split(" ")[0] if other.startswith("slot") else other)
            same = layer is not None and layer == other_layer
            # slots and panel parts share the half's body: they must not meet either
            beside = {layer, other_layer} == {"stage", "panel"}
            if (same or beside) and overlap(box, other_box, 0):
                found.append(f"{name} {box} overlaps {other} {other_box}")
    slots = {name.split(" ")[1]: box for name, box in zones if name.startswith("slot ")}
    for name, box in zones:
        if name.startswith("card ") and not inside(box, slots[name.split(" ")[1]], 0):
            found.append(f"{name} {box} leaves its slot")
    tiles = [box for name, box in zones if name == "hand card"]
    for name, box in zones:
        if name == "badge" and not any(inside(box, tile, 0) for tile in tiles):
            found.append(f"badge {box} leaves its card")
    attack = next((box for name, box in zones if name == "attack"), None)
    for name, box in zones:
        if name == "mini" and attack is not None and not inside(box, attack, 0):
            found.append(f"revealed card {box} leaves the attack strip")
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_random_game_boards_have_no_overlap_and_nothing_cut(lang: str) -> None:
    for state in sample(lang):
        pen = draw_board(RULESET.view(state, None), drawn_names(["Ann", "Bo"], 2, lang))
        assert not problems(pen) + zone_problems(pen), state.seq


@pytest.mark.parametrize("lang", LANGS)
def test_random_game_hands_have_no_overlap_and_nothing_cut(lang: str) -> None:
    for state in sample(lang)[::2]:
        for view in views(state)[1:]:
            pen = draw_hand(view, drawn_names(["Ann", "Bo"], 2, lang))
            assert pen is not None
            assert not problems(pen) + zone_problems(pen), state.seq


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_fits_every_box_in_every_state(lang: str) -> None:
    # crafted tables put every design on the stage standing, rested and reversed, in the hands,
    # clock, level zone, waiting room, climax zone, and among the revealed trigger and damage cards
    names = drawn_names(["Ann", "Bo"], 2, lang)
    for state in every_card_tables(lang):
        board = draw_board(RULESET.view(state, None), names)
        assert not problems(board) + zone_problems(board)
        for seat in (0, 1):
            hand = draw_hand(RULESET.view(state, seat), names)
            assert hand is not None and not problems(hand) + zone_problems(hand)


@pytest.mark.parametrize("lang", LANGS)
def test_long_and_foreign_names_stay_in_their_boxes(lang: str) -> None:
    state = sample(lang)[20]
    for given in (
        ["W" * 32, "Ж" * 32],
        ["さくらさくらさくらさくらさくらさくらさくら", "Bo Bo Bo Bo Bo Bo Bo Bo Bo Bo"],
    ):
        names = drawn_names(given, 2, lang)
        board = draw_board(RULESET.view(state, None), names)
        # a name may be shortened with "…" (it is all a name can give way with); no card text may
        shortened = {text for text in (p.text for p in board.placed) if any(n in text for n in names)}
        assert not problems(board, cut_ok=shortened)
        hand = draw_hand(RULESET.view(state, 0), names)
        assert hand is not None
        assert not problems(hand, cut_ok={p.text for p in hand.placed if names[0] in p.text})


@pytest.mark.parametrize("lang", LANGS)
def test_wrapped_card_text_keeps_words_whole_and_follows_kinsoku(lang: str) -> None:
    from engines.climax.content import catalog
    from engines.climax.view import face as card_face

    weight = face(lang)
    for design in catalog().cards:
        text = card_face("x", design, lang).text
        for max_width in (180, 260, 378):
            lines = wrap(text, 21, max_width, weight)
            assert "".join(lines).replace(" ", "") == text.replace(" ", "")
            if lang == "en":
                assert " ".join(lines).split() == text.split()  # no word split across lines
            for line in lines[1:]:
                assert line[0] not in NO_START, (design, line)
            for line in lines:
                assert width(line, 21, weight) <= max_width or " " not in line


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_fuzz_many_games_for_layout_problems(lang: str) -> None:
    # every state of games between random players (encores, refreshes, events under way, big clocks)
    from tests.render.climax.scenes import played

    names = drawn_names(["Ann", "Bo"], 2, lang)
    for seed in range(12):
        for state in played(lang, 100 + seed, "random", 300)[::3]:
            for view in views(state):
                pen = draw_board(view, names) if view.viewer is None else draw_hand(view, names)
                assert pen is not None
                assert not problems(pen) + zone_problems(pen), (seed, state.seq)
