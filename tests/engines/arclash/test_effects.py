"""Each effect keyword: one test per handler, asserting what it does to the state."""

from __future__ import annotations

import pytest

from engines.arclash import zones
from engines.arclash.content import Effect
from engines.arclash.ctx import Ctx
from engines.arclash.effects import KEYWORDS, describe, resolve
from engines.arclash.state import ArclashState
from engines.core.rng import Rng
from tests.engines.arclash.helpers import R, clear_pending, give, opened, set_hand, set_stack


def board(players: int = 3) -> ArclashState:
    state = opened(players, seed=11)
    clear_pending(state)
    for seat in range(players):
        set_stack(state, seat, "AC-023", "AC-025")  # Knights, 550 power
        set_hand(state, seat, "AC-013", "AC-014", "AC-033")
        state.seats[seat].mods = []
    return state


def fire(state: ArclashState, effect: Effect, seed: int = 1, seat: int = 0) -> list[str]:
    ctx = Ctx(state, Rng(seed))
    resolve(ctx, seat, "Test Card", effect)
    return [e.text for e in ctx.events]


def test_every_keyword_has_a_test_here() -> None:
    tested = {name[len("test_keyword_") :] for name in globals() if name.startswith("test_keyword_")}
    assert tested == set(KEYWORDS)


def test_keyword_power() -> None:
    state = board()
    fire(state, Effect("battle", "power", amount=50))
    assert zones.power(state, 0) == 600 and zones.power(state, 1) == 550


def test_keyword_weaken() -> None:
    state = board()
    fire(state, Effect("battle", "weaken", amount=50))
    assert [zones.power(state, s) for s in range(3)] == [550, 500, 500]


def test_keyword_die_power() -> None:
    seen = set()
    for seed in range(30):
        state = board()
        texts = fire(state, Effect("play", "die_power", amount=25), seed)
        gain = zones.power(state, 0) - 550
        rolled = int(texts[0].split("rolls ")[1].split(":")[0])
        assert gain == 25 * rolled
        seen.add(rolled)
    assert seen == {1, 2, 3, 4, 5, 6}


def test_die_power_halved_rounds_up() -> None:
    gains = set()
    for seed in range(30):
        state = board()
        fire(state, Effect("battle", "die_power", amount=25, half=True), seed)
        gains.add(zones.power(state, 0) - 550)
    assert gains == {25, 50, 75}


def test_keyword_die_weaken() -> None:
    state = board()
    texts = fire(state, Effect("play", "die_weaken", amount=25), 3)
    rolled = int(texts[0].split("rolls ")[1].split(":")[0])
    assert zones.power(state, 1) == zones.power(state, 2) == 550 - 25 * rolled
    assert zones.power(state, 0) == 550


def test_keyword_coin_power() -> None:
    results = set()
    for seed in range(20):
        state = board()
        texts = fire(state, Effect("play", "coin_power", amount=100), seed)
        heads = "heads" in texts[0]
        assert zones.power(state, 0) == (650 if heads else 550)
        results.add(heads)
    assert results == {True, False}


def test_keyword_count_power() -> None:
    state = board()
    set_stack(state, 1, "AC-021", "AC-026")  # two [Ember]
    set_stack(state, 2, "AC-024")  # one [Ember]
    set_stack(state, 0, "AC-002")  # no [Ember]
    fire(state, Effect("battle", "count_power", amount=25, count=4, tag="Ember"))
    assert zones.power(state, 0) == 380 + 25 * 3
    state = board()
    for seat in range(3):
        set_stack(state, seat, "AC-021", "AC-026")
    fire(state, Effect("battle", "count_power", amount=25, count=4, tag="Ember"))
    assert zones.power(state, 0) == 600 + 25 * 4  # six in play, capped at four


def test_keyword_draw() -> None:
    state = board()
    top_two = state.seats[0].deck[-2:]
    fire(state, Effect("play", "draw", count=2))
    assert state.seats[0].hand[-2:] == list(reversed(top_two))


def test_keyword_search() -> None:
    state = board()
    state.seats[0].deck = []
    wanted = give(state, 0, "AC-054", "deck")  # deep in the deck
    for _ in range(5):
        give(state, 0, "AC-023", "deck")
    texts = fire(state, Effect("play", "search", count=1, depth=5, kind="support"))
    assert texts == [] and R.prompts(state)[0].kind == "search"
    assert [a.key for a in R.legal_actions(state, 0)] == ["done"]  # AC-054 is beyond the top 5
    state = R.apply(state, 0, "done").state
    fire(state, Effect("advance", "search", count=1, kind="support"))
    assert [a.key for a in R.legal_actions(state, 0)] == ["take:AC-054", "done"]
    state = R.apply(state, 0, "take:AC-054").state
    assert wanted in state.seats[0].hand and wanted not in state.seats[0].deck
    assert state.agenda.pending is None and len(state.seats[0].deck) == 5


def test_keyword_recycle() -> None:
    state = board()
    state.seats[0].discard = []
    old = give(state, 0, "AC-021", "discard")
    give(state, 0, "AC-033", "discard")
    fire(state, Effect("play", "recycle", count=2, kind="character"))
    assert R.prompts(state)[0].kind == "recycle"
    assert [a.key for a in R.legal_actions(state, 0)] == ["take:AC-021", "done"]
    step = R.apply(state, 0, "take:AC-021")
    state = step.state
    assert old in state.seats[0].hand and len(state.seats[0].discard) == 1
    assert any("takes back Cinder Squire" in e.text for e in step.events if e.visibility == "public")


def test_keyword_discard_random() -> None:
    state = board()
    fire(state, Effect("play", "discard_random", count=1))
    assert [len(z.hand) for z in state.seats] == [3, 2, 2]
    assert len(state.seats[1].discard) == 1


def test_keyword_mill() -> None:
    state = board()
    top = state.seats[1].deck[-1]
    fire(state, Effect("play", "mill", count=2))
    assert top in state.seats[1].discard and len(state.seats[1].discard) == 2
    assert len(state.seats[0].discard) == 0


@pytest.mark.parametrize("seed", range(12))
def test_keyword_level_down(seed: int) -> None:
    state = board()
    set_stack(state, 2, "AC-023")  # a level 1 is never levelled down
    texts = fire(state, Effect("play", "level_down", odds=5), seed)
    rolled = int(texts[0].split("rolls ")[1].split(",")[0])
    assert len(state.seats[1].stack) == (1 if rolled >= 5 else 2)
    assert len(state.seats[2].stack) == 1 and len(state.seats[0].stack) == 2


def test_keyword_self_discard() -> None:
    state = board()
    fire(state, Effect("battle", "self_discard", count=1))
    assert len(state.seats[0].hand) == 2 and len(state.seats[0].discard) == 1


def test_bracket_condition_checks_your_current_character() -> None:
    state = board()
    texts = fire(state, Effect("play", "power", amount=100, need="Serpent"))
    assert zones.power(state, 0) == 550 and "is not [Serpent]" in texts[0]
    fire(state, Effect("play", "power", amount=100, need="Knight"))
    assert zones.power(state, 0) == 650
    fire(state, Effect("play", "power", amount=10, need="Cinder Knight"))  # a name works as well
    assert zones.power(state, 0) == 660


def test_card_text_says_what_the_rules_do() -> None:
    assert describe(Effect("play", "power", amount=50)) == "Your character gets +50 power."
    assert describe(Effect("play", "weaken", amount=25, need="Serpent")).startswith(
        "If your character is [Serpent]"
    )
    assert "5 or more" in describe(Effect("play", "level_down", odds=5))
