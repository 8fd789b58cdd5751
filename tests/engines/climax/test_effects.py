"""One test per ability keyword (effects.py) and per designed trigger icon (B2.8 `triggers`)."""

from __future__ import annotations

import pytest

from engines.climax import RULESET
from engines.climax.content import catalog
from engines.climax.ctx import Ctx
from engines.climax.effects import KEYWORDS, card_text, power_of, soul_of
from engines.climax.state import Job
from engines.core import Rng
from tests.engines.climax.helpers import battle, do, keys, names, put, stage, start, table


def _ctx(state):  # type: ignore[no-untyped-def]
    return Ctx(state, Rng(0))


def test_assist_backs_the_two_front_slots_before_it_only_from_the_back_row() -> None:
    state = table()
    for index in range(3):
        stage(state, 0, index, "Y02")
    stage(state, 0, 3, "R01")  # assist +1000 for front 0 and 1
    ctx = _ctx(state)
    assert [power_of(ctx, 0, i) for i in range(3)] == [4000, 4000, 3000]
    state.players[0].stage[2], state.players[0].stage[3] = (
        state.players[0].stage[3],
        state.players[0].stage[2],
    )
    assert power_of(_ctx(state), 0, 0) == 3000  # in the front row it backs nobody


def test_climax_boost_and_combo_apply_while_the_climax_is_in_the_zone() -> None:
    state = table()
    stage(state, 0, 0, "Y06")  # combo with Y16: +1500
    stage(state, 0, 1, "Y02")
    (cx,) = put(state, 0, "waiting", "Y16")
    state.players[0].waiting.clear()
    assert power_of(_ctx(state), 0, 0) == 2500
    state.players[0].climax = cx
    ctx = _ctx(state)
    assert power_of(ctx, 0, 0) == 2500 + 1000 + 1500 and power_of(ctx, 0, 1) == 4000
    assert soul_of(ctx, 0, 1) == 2


def test_play_stock_puts_the_deck_top_into_stock() -> None:
    state = table()
    (top,) = put(state, 0, "deck", "Y02", "Y03")[1:]
    (crane,) = put(state, 0, "hand", "Y05")
    start(state, Job(kind="main", seat=0))
    state = do(state, 0, f"p.{crane}.3")
    assert state.players[0].stock == [top]


def test_play_salvage_may_return_a_low_level_character_or_nothing() -> None:
    state = table()
    low, high = put(state, 0, "waiting", "R02", "R12")
    (ash,) = put(state, 0, "hand", "R05")  # level <= 1
    start(state, Job(kind="main", seat=0))
    state = do(state, 0, f"p.{ash}.0")
    assert keys(state, 0) == [f"t.{low}", "pass"]
    state = do(state, 0, f"t.{low}")
    assert low in state.players[0].hand and high in state.players[0].waiting


def test_attack_soul_and_attack_draw_when_it_attacks() -> None:
    state = table()
    put(state, 0, "deck", *["G02"] * 5)
    put(state, 1, "deck", *["Y02"] * 5)
    put(state, 0, "level", "G02", "G02")
    stage(state, 0, 0, "G11")  # +1 AP when it attacks
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "d.0")
    assert len(state.players[1].clock) == 2
    state = table()
    put(state, 0, "deck", *["B02"] * 5)
    put(state, 1, "deck", *["Y02"] * 5)
    stage(state, 0, 0, "B04")  # draw 1 then discard 1
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "d.0")
    assert RULESET.prompts(state)[0].kind == "discard" and len(state.players[0].hand) == 1
    state = do(state, 0, keys(state, 0)[0])
    assert state.players[0].hand == [] and len(state.players[1].clock) == 1


def test_rally_rests_itself_pays_and_powers_another_character() -> None:
    state = table()
    chanter = stage(state, 0, 3, "G05")  # [1 stock, rest]: +1000 to another
    friend = stage(state, 0, 0, "G02")
    put(state, 0, "stock", "G02")
    start(state, Job(kind="main", seat=0))
    state = do(state, 0, "a.3")
    assert keys(state, 0) == [f"t.{friend}"]
    state = do(state, 0, f"t.{friend}")
    assert state.players[0].stage[3].pose == "rest" and state.players[0].stock == []
    assert power_of(_ctx(state), 0, 0) == 4000 and chanter == state.players[0].stage[3].card
    assert "a.3" not in keys(state, 0)  # rested: not again


def test_counter_power_event_strengthens_the_defender() -> None:
    state = table()
    put(state, 0, "deck", *["Y02"] * 5)
    put(state, 1, "deck", *["G02"] * 5)
    stage(state, 0, 0, "Y02")
    stage(state, 1, 0, "G03")  # 2500 against 3000
    put(state, 1, "level", "G02")
    put(state, 1, "stock", "G02")
    (shield,) = put(state, 1, "hand", "G15")  # +3000
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "f.0")
    state = do(state, 1, f"k.{shield}")
    assert state.players[0].stage[0].pose == "reverse" and state.players[1].stage[0].pose == "stand"


def test_revenge_reverses_the_character_it_battled() -> None:
    state = table()
    put(state, 0, "deck", *["Y02"] * 5)
    put(state, 1, "deck", *["G02"] * 5)
    stage(state, 0, 0, "Y02")
    stage(state, 1, 0, "G03")  # 2500, revenge
    start(state, Job(kind="attack", seat=0))
    state = battle(state)
    assert state.players[1].stage[0].pose == "reverse" and state.players[0].stage[0].pose == "reverse"


@pytest.mark.parametrize("design", ["Y14", "G14"])
def test_bounce_and_destroy_events_need_a_low_enough_target(design: str) -> None:
    state = table()
    put(state, 0, "level", "Y02", "G02")
    put(state, 0, "stock", "Y02")
    (event,) = put(state, 0, "hand", design)  # opposing level <= 1
    small = stage(state, 1, 0, "Y02")
    stage(state, 1, 1, "Y10")  # level 2: not a target
    start(state, Job(kind="main", seat=0))
    state = do(state, 0, f"e.{event}")
    assert keys(state, 0) == [f"t.{small}"]
    state = do(state, 0, f"t.{small}")
    where = state.players[1].hand if design == "Y14" else state.players[1].waiting
    assert small in where and state.players[1].stage[0].card == ""


def test_burn_event_is_damage_a_climax_can_cancel() -> None:
    state = table()
    put(state, 0, "level", "R02")
    put(state, 0, "stock", "R02")
    (rain,) = put(state, 0, "hand", "R14")
    put(state, 1, "clock", "G02")
    put(state, 1, "deck", "G02", "G16")  # green climax on top: cancelled
    start(state, Job(kind="main", seat=0))
    state = do(state, 0, f"e.{rain}")
    assert names(state, state.players[1].clock) == ["G02"] and names(state, state.players[1].waiting) == [
        "G16"
    ]


def test_salvage_event_returns_a_character() -> None:
    state = table()
    (back,) = put(state, 0, "waiting", "R12")
    (rekindle,) = put(state, 0, "hand", "R15")
    start(state, Job(kind="main", seat=0))
    state = do(state, 0, f"e.{rekindle}")
    state = do(state, 0, f"t.{back}")
    assert back in state.players[0].hand and rekindle in state.players[0].waiting


def test_family_trigger_icons_act_only_with_the_option() -> None:
    for option, expected in (("book", 0), ("family", 1)):
        state = table(triggers=option)
        put(state, 0, "deck", *["G02"] * 5, "G16")  # soul + pool on top
        put(state, 1, "deck", *["Y02"] * 5)
        stage(state, 0, 0, "G02")
        start(state, Job(kind="attack", seat=0))
        state = do(state, 0, "d.0")
        assert len(state.players[0].stock) == 1 + expected


def test_shot_icon_deals_one_damage_after_a_cancel() -> None:
    state = table(triggers="family")
    put(state, 0, "deck", *["Y02"] * 5, "Y16")  # soul + shot
    put(state, 1, "clock", "G02")
    put(state, 1, "deck", "G02", "G02", "G02", "G16")
    stage(state, 0, 0, "Y02")
    start(state, Job(kind="attack", seat=0))
    state = do(state, 0, "d.0")
    assert names(state, state.players[1].clock) == ["G02", "G02"]


def test_card_text_is_generated_in_both_languages_from_the_keywords() -> None:
    cat = catalog()
    for card in cat.cards.values():
        en = card_text(card, "en", lambda ref: cat.cards[ref].name_en)
        ja = card_text(card, "ja", lambda ref: cat.cards[ref].name_ja)
        assert en and ja and en != ja
        for ability in card.abilities:
            if ability.n:
                assert str(ability.n) in en and str(ability.n) in ja
    combo = cat.cards["Y06"]
    assert "Sunrise Festival" in card_text(combo, "en", lambda r: cat.cards[r].name_en)
    assert "日の出の祭" in card_text(combo, "ja", lambda r: cat.cards[r].name_ja)


def test_every_keyword_used_by_the_content_has_a_handler_and_text() -> None:
    used = {a.kw for c in catalog().cards.values() for a in c.abilities}
    assert used == KEYWORDS.names()
    RULESET.check_content()
