"""Hidden information: who is asked, and what the table sees, never depends on a hidden hand.

Two positions that differ only in the cards of one seat's hand (same count) must give every
other seat and every spectator identical views and the same set of seats being waited on.
"""

from __future__ import annotations

from engines.arclash.state import ADVANCE, SUPPORT, SWAP, ArclashState
from engines.arclash.turn import recover
from engines.core import GameConfig, Rng
from tests.engines.arclash.helpers import (
    R,
    at_advance,
    at_battle,
    clear_pending,
    opened,
    run,
    set_hand,
    set_stack,
)


def assert_same_to_the_table(a: ArclashState, b: ArclashState, hidden_seat: int) -> None:
    """Spectators and every other seat see the same, and the same seats are asked."""
    assert set(R.prompts(a)) == set(R.prompts(b))
    for viewer in [None, *range(a.players)]:
        if viewer != hidden_seat:
            assert R.view(a, viewer) == R.view(b, viewer), f"viewer {viewer} can tell the hands apart"


def twins(hand_a: tuple[str, ...], hand_b: tuple[str, ...]) -> tuple[ArclashState, ArclashState]:
    """The same position twice; seat 1 holds ``hand_a`` in one and ``hand_b`` in the other."""
    base = opened(3, seed=31)
    set_stack(base, 0, "AC-001")
    set_hand(base, 0, "AC-005", "AC-013")
    set_stack(base, 1, "AC-023")  # Ashen Recruit [Knight]
    set_stack(base, 2, "AC-041")
    set_hand(base, 2, "AC-054")
    made = []
    for hand in (hand_a, hand_b):
        state = R.clone(base)
        # the same instance ids in both twins: only the cards behind them differ
        state.seats[1].hand = [f"h1-{k}" for k in range(len(hand))]
        state.ids.update({f"h1-{k}": card_id for k, card_id in enumerate(hand)})
        made.append(state)
    return made[0], made[1]


def test_advance_a_seat_that_cannot_advance_is_asked_like_one_that_can() -> None:
    # Cinder Knight can advance from the Knight; the Wave Barrier hand cannot advance at all.
    able, unable = twins(("AC-025", "AC-033"), ("AC-054", "AC-033"))
    at_advance(able)
    at_advance(unable)
    assert able.phase == unable.phase == ADVANCE and set(R.prompts(able)) == {0, 1, 2}
    assert_same_to_the_table(able, unable, 1)
    assert [a.key for a in R.legal_actions(unable, 1)] == ["pass"]
    # everyone passes in both: still indistinguishable, also after the reveal
    for seat in (2, 0, 1):
        able, unable = R.apply(able, seat, "pass").state, R.apply(unable, seat, "pass").state
    assert able.phase == SUPPORT
    assert_same_to_the_table(able, unable, 1)


def test_support_a_seat_with_no_support_is_asked_like_one_with_some() -> None:
    some, none = twins(("AC-033", "AC-025"), ("AC-029", "AC-025"))
    for state in (some, none):
        at_battle(state)
    assert some.phase == none.phase == SUPPORT
    assert_same_to_the_table(some, none, 1)
    # play on until seat 1's go: both positions ask seat 1
    while some.current != 1:
        seat = some.current
        some, none = R.apply(some, seat, "pass").state, R.apply(none, seat, "pass").state
    assert_same_to_the_table(some, none, 1)
    assert [a.key for a in R.legal_actions(none, 1)] == ["pass"]


def test_recover_a_seat_without_a_level_one_is_asked_to_start_over_like_one_with() -> None:
    holding, without = twins(("AC-021", "AC-033"), ("AC-025", "AC-033"))
    for state in (holding, without):
        for zone in state.seats:
            zone.deck = zone.deck[:10]
        run(state, recover)
    assert holding.phase == without.phase == SWAP
    assert set(R.prompts(holding)) == {0, 1, 2}
    assert_same_to_the_table(holding, without, 1)
    assert [a.key for a in R.legal_actions(without, 1)][:1] == ["keep"]


def hidden(state: ArclashState, seat: int, *iids: str) -> bool:
    """True while every one of ``iids`` is in ``seat``'s hand or deck (seen by nobody else)."""
    zone = state.seats[seat]
    return all(i in zone.hand or i in zone.deck for i in iids)


def public_texts(step_events: tuple[object, ...]) -> list[str | None]:
    return [e.text_for(None) for e in step_events]  # type: ignore[attr-defined]


def test_random_games_hidden_hand_swaps_are_invisible_to_the_table() -> None:
    """In real positions, a hand card swapped with a deck card changes nothing the others see.

    The twins are compared as they are, and again after the next move by another seat, so a
    phase change that treats the two hands differently (asking one seat, skipping the other)
    shows up. Only moves that keep both swapped cards hidden are compared afterwards.
    """
    now = after = 0
    for seed in range(8):
        state = R.setup(GameConfig("standard", 2 + seed % 3, {"score": 8}), 400 + seed)
        rng = Rng(seed)
        while R.prompts(state):
            who = rng.choice(sorted(R.prompts(state)))
            action = rng.choice(R.legal_actions(state, who))
            for seat, zone in enumerate(state.seats):
                pick = state.agenda.pending
                busy = {zone.choice, *zone.paying, *(pick.looked if pick else ())}
                hand = [i for i in zone.hand if i not in busy]
                deck = [i for i in zone.deck if i not in busy]
                if not hand or not deck or seat == who:
                    continue
                a, b = hand[rng.below(len(hand))], deck[rng.below(len(deck))]
                if state.ids[a] == state.ids[b]:
                    continue
                twin = R.clone(state)
                tz = twin.seats[seat]
                tz.hand[tz.hand.index(a)], tz.deck[tz.deck.index(b)] = b, a
                assert_same_to_the_table(state, twin, seat)
                now += 1
                step, twin_step = R.apply(state, who, action), R.apply(twin, who, action)
                if hidden(step.state, seat, a, b) and hidden(twin_step.state, seat, a, b):
                    assert public_texts(step.events) == public_texts(twin_step.events)
                    assert_same_to_the_table(step.state, twin_step.state, seat)
                    after += 1
            state = R.apply(state, who, action).state
    assert now > 400 and after > 400


def test_dice_and_coins_show_on_the_table_not_only_in_the_narration() -> None:
    """A roll that changes nothing else (a failed level-down, a coin on tails) is still seen by all.

    Everyone watches the die fall, so every view carries this turn's results; the narration then
    never tells a viewer something its view does not show.
    """
    from engines.arclash.content import Effect
    from engines.arclash.ctx import Ctx
    from engines.arclash.effects import resolve
    from engines.arclash.turn import begin_turn

    state = opened(3, seed=34)
    clear_pending(state)
    before = [R.view(state, v) for v in (None, 0, 1, 2)]
    ctx = Ctx(state)
    for effect in (Effect("play", "level_down", odds=6), Effect("play", "coin_power", amount=50)):
        for _ in range(6):
            resolve(ctx, 0, "Test Card", effect)
    told = [e.text_for(None) or "" for e in ctx.events]
    ctx.finish()
    rolls = [t for t in told if "rolls" in t or "tosses" in t]
    assert rolls and any("no effect" in t or "tails" in t for t in rolls)
    for viewer, old in zip((None, 0, 1, 2), before, strict=True):
        view = R.view(state, viewer)
        assert view.rolls == [*old.rolls, *rolls]
    run(state, begin_turn)  # a new turn starts a new record
    clear_pending(state)
    assert all(line not in R.view(state, None).rolls for line in rolls)
