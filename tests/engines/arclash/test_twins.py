"""Hidden information, checked with twin states: what a seat may not know never changes what it sees.

``check_twins`` plays random games and, at sampled steps, compares every viewer's output on the
real state and on a twin whose hidden parts ``RULESET.twin`` dealt afresh (deck orders, other
hands, other seats' sealed or half-paid choices, the dice to come). The named tests below hold the
rules the twins rest on: a sealed advancement paid by discards, a free one and a pass look alike
until the reveal, and a search asks its owner the same number of times whatever the deck holds.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec
import pytest

from engines.arclash import picks, zones
from engines.arclash.content import Effect
from engines.arclash.state import ADVANCE, SUPPORT, ArclashState
from engines.core import GameConfig, Rng
from engines.core.twins import check_twins
from engines.core.types import Event
from tests.engines.arclash.helpers import (
    R,
    at_advance,
    at_battle,
    deck_search,
    opened,
    seen,
    set_hand,
    set_stack,
    told,
)

CASES = [(mode.name, players, seed) for mode in R.modes for players in mode.players for seed in (1, 2, 3, 4)]


@pytest.mark.parametrize(("mode", "players", "seed"), CASES)
def test_twins_every_mode_and_seat_count(mode: str, players: int, seed: int) -> None:
    report = check_twins(R, GameConfig(mode, players, {"score": 10}), 700 + seed, every=2)
    assert report.differing > 0 and report.narrations > 0


@pytest.mark.slow(seconds=5)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_twins_many_more_seeds(players: int) -> None:
    # 20 games a seat count (40 before: 48 CPU seconds, and no fault in the project's history
    # was found by the longer run)
    for seed in range(20):
        report = check_twins(R, GameConfig("standard", players, {"score": 10}), 9_000 + seed, every=2)
        assert report.differing > 0 and report.narrations > 0


# ------------------------------------------------------------------ what others see


def play(
    state: ArclashState, moves: list[tuple[int, str]]
) -> Iterator[tuple[ArclashState, tuple[Event, ...]]]:
    for seat, key in moves:
        step = R.apply(state, seat, key)
        state = step.state
        yield state, step.events


def story(state: ArclashState, moves: list[tuple[int, str]], viewer: int) -> tuple[list[object], list[str]]:
    """What ``viewer`` sees change over ``moves`` (repeats dropped) and all it is told."""
    scenes: list[object] = [seen(state, viewer)]
    narration: list[str] = []
    for after, events in play(state, moves):
        narration += told(events, viewer)
        if seen(after, viewer) != scenes[-1]:
            scenes.append(seen(after, viewer))
    return scenes, narration


def advance_table() -> tuple[ArclashState, dict[str, str]]:
    """Three seats at an advance round; seat 1 can pay for Blazing Lancer, take Cinder Knight free or pass."""
    state = opened(3, seed=31)
    for seat in (0, 2):
        set_stack(state, seat, "AC-041")
        set_hand(state, seat, "AC-054")
    set_stack(state, 1, "AC-023")  # Ashen Recruit [Ember, Knight]
    lancer, knight, stoke, _ = set_hand(state, 1, "AC-026", "AC-025", "AC-033", "AC-054")
    at_advance(state)
    assert state.phase == ADVANCE and set(R.prompts(state)) == {0, 1, 2}
    return state, {"lancer": lancer, "knight": knight, "stoke": stoke}


def test_sealed_advance_paid_by_discards_free_advance_and_pass_look_alike_until_the_reveal() -> None:
    state, cards = advance_table()
    seat_0_first = [(0, "pass")]
    ways = {
        "paid": [(1, f"adv:{cards['lancer']}"), (1, f"pay:{cards['stoke']}")],
        "free": [(1, f"adv:{cards['knight']}")],
        "pass": [(1, "pass")],
        "changed mind": [(1, f"adv:{cards['lancer']}"), (1, "back"), (1, "pass")],
    }
    for viewer in (0, 2):
        stories = {name: story(state, seat_0_first + moves, viewer) for name, moves in ways.items()}
        assert len({repr(s) for s in stories.values()}) == 1, f"seat {viewer} can tell the choices apart"
    # the reveal (seat 2 seals last) then tells everyone
    revealed = {
        name: told(list(play(state, [*seat_0_first, *moves, (2, "pass")]))[-1][1], None)
        for name, moves in ways.items()
    }
    assert any("advances to level 2, discarding Stoke the Flames" in t for t in revealed["paid"])
    assert any("advances to level 2." in t for t in revealed["free"])
    assert "{P2} reveals a pass." in revealed["pass"]


def test_a_seat_half_way_through_paying_looks_like_one_still_choosing() -> None:
    state = opened(3, seed=32)
    for seat in (0, 2):
        set_stack(state, seat, "AC-041")
        set_hand(state, seat, "AC-054")
    set_stack(state, 1, "AC-023", "AC-025")  # Cinder Knight, level 2 [Knight]
    paladin, oath, *_ = set_hand(state, 1, "AC-029", "AC-035", "AC-033", "AC-054")  # Paladin: discard 2
    at_advance(state)
    paying = R.apply(state, 1, f"adv:{paladin}").state
    paying = R.apply(paying, 1, f"pay:{oath}").state
    assert R.prompts(paying)[1].kind == "advance_pay" and R.prompts(state)[1].kind == "advance"
    for viewer in (None, 0, 2):
        assert seen(paying, viewer) == seen(state, viewer)
        assert not R.view(paying, viewer).seats[1].sealed and R.view(paying, viewer).seats[1].waiting
    # sealing by the last discard or by a plain pass is narrated alike
    done = R.apply(paying, 1, next(a.key for a in R.legal_actions(paying, 1) if a.key.startswith("pay:")))
    passed = R.apply(state, 1, "pass")
    for viewer in (None, 0, 2):
        assert told(done.events, viewer) == told(passed.events, viewer)
        assert seen(done.state, viewer) == seen(passed.state, viewer)


def test_support_payment_in_progress_is_private_to_the_supporter() -> None:
    state = opened(2, seed=33)
    set_stack(state, 0, "AC-043")  # lowest power: supports first
    surge, *_ = set_hand(state, 0, "AC-059", "AC-054", "AC-033")  # Spring Surge: discard 1
    set_stack(state, 1, "AC-023")
    set_hand(state, 1, "AC-054")
    at_battle(state)
    assert state.phase == SUPPORT and state.current == 0
    paying = R.apply(state, 0, f"sup:{surge}").state
    assert R.prompts(paying)[0].kind == "support_pay"
    for viewer in (None, 1):
        assert seen(paying, viewer) == seen(state, viewer)


def test_twin_keeps_what_the_viewer_may_know_and_redeals_the_rest() -> None:
    state, cards = advance_table()
    state = R.apply(state, 1, f"adv:{cards['lancer']}").state  # seat 1 is half-way through paying
    rng = Rng(5)
    seen_choices = set()
    for _ in range(40):
        twin = R.twin(state, 0, rng)
        assert R.conserved(twin) == R.conserved(state)
        assert twin.seats[0].hand == state.seats[0].hand
        assert sorted(twin.seats[1].hand + twin.seats[1].deck) == sorted(
            state.seats[1].hand + state.seats[1].deck
        )
        assert len(twin.seats[1].hand) == len(state.seats[1].hand)
        assert not twin.seats[1].sealed and twin.rng != state.rng
        seen_choices.add((twin.ids.get(twin.seats[1].choice, ""), len(twin.seats[1].paying)))
        for seat in (0, 2):
            assert twin.seats[seat].choice == "" and twin.seats[seat].sealed == state.seats[seat].sealed
    # undecided and half-paid (what the table cannot tell apart) both come up
    assert ("", 0) in seen_choices and any(card for card, _ in seen_choices)
    assert R.twin(state, 1, rng).seats[1].choice == state.seats[1].choice  # its own choice is kept


def test_twin_of_a_sealed_advance_varies_among_pass_free_and_paid() -> None:
    state, _ = advance_table()
    state = R.apply(state, 1, "pass").state
    rng = Rng(6)
    found = set()
    for _ in range(60):
        zone = R.twin(state, 2, rng).seats[1]
        assert zone.sealed
        cost = zones.card(state, zone.choice).discard if zone.choice else 0
        found.add("pass" if not zone.choice else "paid" if zone.paying else "free" if not cost else "unpaid")
        assert len(zone.paying) in (0, cost)
    assert {"pass", "free", "paid"} <= found


def test_twin_of_a_search_keeps_what_its_owner_is_looking_at() -> None:
    state = deck_search("AC-055", "AC-023", "AC-054", "AC-025", "AC-013", "AC-057")
    pick = state.agenda.pending
    assert pick is not None
    pick = msgspec.structs.replace(
        pick,
        effect=Effect("start", "search", count=2, depth=3, kind="support"),
        looked=list(reversed(state.seats[0].deck[-3:])),
    )
    state.agenda.pending = pick  # a pending choice is frozen: a changed one replaces it
    rng = Rng(9)
    for _ in range(20):
        own = R.twin(state, 0, rng)
        assert own.agenda.pending is not None and own.agenda.pending.looked == pick.looked
        assert own.seats[0].deck[-3:] == state.seats[0].deck[-3:]
        other = R.twin(state, 1, rng)
        assert other.agenda.pending is not None
        assert other.agenda.pending.looked == list(reversed(other.seats[0].deck[-3:]))
        assert picks.prompt_text(other).startswith("Test Card")


def test_twin_check_would_catch_a_view_showing_another_seats_payment_progress() -> None:
    """The twins really vary half-made payments: a board counting paid cards would be caught."""
    from engines.core.fuzz import ContractViolation

    class Telling(type(R)):  # type: ignore[misc]
        def _view(self, state, viewer):  # type: ignore[no-untyped-def]
            view = super()._view(state, viewer)
            for seat_view, zone in zip(view.seats, state.seats, strict=True):
                seat_view.hand_count -= len(zone.paying)  # "cards already set aside to pay"
            return view

    with pytest.raises(ContractViolation, match="view for"):
        for seed in range(1, 6):
            check_twins(Telling(), GameConfig("standard", 3, {"score": 10}), 700 + seed)
