"""Draw/search ability: where a card searches the deck or the discard pile, its player chooses.

The book says a player searching their deck (a part of it, or all of it at higher levels) or
discard pile is prompted to search; only effects that say "random" are left to the dice.
"""

from __future__ import annotations

import msgspec

from engines.arclash import picks
from engines.arclash.content import Effect
from engines.arclash.ctx import Ctx
from engines.arclash.effects import resolve
from engines.arclash.state import ADVANCE, START, SUPPORT, ArclashState
from engines.arclash.triggers import EFFECT
from engines.arclash.turn import begin_turn
from engines.core.agenda import Task
from tests.engines.arclash.helpers import (
    R,
    act,
    at_advance,
    at_battle,
    clear_pending,
    deck_search,
    give,
    key_for,
    opened,
    run,
    seen,
    set_hand,
    set_stack,
    told,
)


def searching(*deck: str, players: int = 2) -> ArclashState:
    """A position whose seat 0 has exactly ``deck`` (bottom first) and nothing pending."""
    state = opened(players, seed=12)
    clear_pending(state)
    for seat in range(players):
        set_stack(state, seat, "AC-023")
        set_hand(state, seat)
    state.seats[0].deck = []
    state.seats[0].discard = []
    for card_id in deck:
        give(state, 0, card_id, "deck")
    return state


def fire(state: ArclashState, effect: Effect, seat: int = 0) -> None:
    ctx = Ctx(state)
    resolve(ctx, seat, "Test Card", effect)
    ctx.finish()


def ids(state: ArclashState, iids: list[str]) -> list[str]:
    return sorted(state.ids[i] for i in iids)


def test_search_ability_the_player_chooses_among_the_matching_cards() -> None:
    state = searching("AC-055", "AC-023", "AC-013", "AC-054", "AC-013", "AC-025")
    fire(state, Effect("advance", "search", count=2, kind="support"))
    # one entry per design, in set-number order (never deck order), plus stopping
    assert [a.key for a in R.legal_actions(state, 0)] == ["take:AC-013", "take:AC-054", "take:AC-055", "done"]
    state, _ = act(state, 0, "take:AC-055")
    assert ids(state, state.seats[0].hand) == ["AC-055"] and state.agenda.pending is not None
    assert [a.key for a in R.legal_actions(state, 0)] == ["take:AC-013", "take:AC-054", "done"]
    state, _ = act(state, 0, "take:AC-013")
    # back to the phase it paused
    assert state.agenda.pending is None and R.prompts(state)[0].kind == "advance"
    assert ids(state, state.seats[0].hand) == ["AC-013", "AC-055"]
    assert ids(state, state.seats[0].deck) == ["AC-013", "AC-023", "AC-025", "AC-054"]


def test_search_ability_up_to_means_the_player_may_stop_early() -> None:
    state = searching("AC-013", "AC-054", "AC-055")
    fire(state, Effect("advance", "search", count=2, kind="support"))
    state, _ = act(state, 0, "take:AC-054")
    step = R.apply(state, 0, "done")
    state = step.state
    assert ids(state, state.seats[0].hand) == ["AC-054"] and len(state.seats[0].deck) == 2
    event = next(e for e in step.events if e.kind == "search")
    assert event.text_for(0) == "Test Card: you take Wave Barrier from your deck and shuffle it."
    assert event.text_for(1) == "Test Card: {P1} takes 1 card from their deck and shuffles it."


def test_search_ability_partial_search_looks_only_at_the_top_cards() -> None:
    # top of the deck is the end of the list: the top 3 are AC-013, AC-023, AC-054
    state = searching("AC-055", "AC-014", "AC-054", "AC-023", "AC-013")
    fire(state, Effect("start", "search", count=2, depth=3, kind="support"))
    assert [a.key for a in R.legal_actions(state, 0)] == ["take:AC-013", "take:AC-054", "done"]
    assert "the top 3 cards of your deck" in R.prompts(state)[0].text
    state, _ = act(state, 0, "take:AC-013")
    # taking a card does not bring deeper cards into the search
    assert [a.key for a in R.legal_actions(state, 0)] == ["take:AC-054", "done"]


def test_search_ability_tag_and_kind_both_filter() -> None:
    state = searching("AC-002", "AC-013", "AC-023", "AC-005", "AC-001")
    fire(state, Effect("start", "search", count=1, tag="Serpent", kind="character"))
    assert [a.key for a in R.legal_actions(state, 0)] == ["take:AC-001", "take:AC-002", "take:AC-005", "done"]
    labels = [a.label for a in R.legal_actions(state, 0)]
    assert labels[0] == "Take Coilspawn Hatchling (L1, 300 power)"


def test_search_is_asked_even_when_nothing_matches_so_no_deck_secret_shows() -> None:
    state = searching("AC-023", "AC-025")
    fire(state, Effect("start", "search", count=1, kind="support"))
    prompt = R.prompts(state)[0]
    assert prompt.kind == "search" and prompt.private and not prompt.sealed
    assert "nothing" in prompt.text
    assert [a.key for a in R.legal_actions(state, 0)] == ["done"]
    rich = searching("AC-023", "AC-054")
    fire(rich, Effect("start", "search", count=1, kind="support"))
    # the table sees the same thing whether the deck held a match or not
    for viewer in (None, 1):
        poor_view, rich_view = R.view(state, viewer), R.view(rich, viewer)
        assert [s.waiting for s in poor_view.seats] == [s.waiting for s in rich_view.seats]
    assert set(R.prompts(state)) == set(R.prompts(rich))


def test_search_choices_name_set_numbers_never_hidden_instances() -> None:
    state = searching("AC-013", "AC-054", "AC-013")
    fire(state, Effect("start", "search", count=1, kind="support"))
    deck = set(state.seats[0].deck)
    own = msgspec.json.encode(R.view(state, 0)).decode()
    assert not any(iid in own for iid in deck)
    assert all(not a.card for a in R.legal_actions(state, 0))
    rival = R.view(state, 1)
    assert rival.choices == [] and rival.seats[0].waiting


def test_take_back_from_the_public_discard_asks_only_when_something_matches() -> None:
    state = searching()
    give(state, 0, "AC-033", "discard")
    fire(state, Effect("play", "recycle", count=1, kind="character"))
    # nothing there, and everyone can see that: no question is asked
    assert state.agenda.pending is None and R.prompts(state)[0].kind == "advance"
    first = give(state, 0, "AC-021", "discard")
    give(state, 0, "AC-021", "discard")
    give(state, 0, "AC-023", "discard")
    fire(state, Effect("play", "recycle", count=1, kind="character"))
    assert [a.key for a in R.legal_actions(state, 0)] == ["take:AC-021", "take:AC-023", "done"]
    state, public = act(state, 0, "take:AC-021")
    assert public == ["Test Card: {P1} takes back Cinder Squire."]
    assert ids(state, state.seats[0].hand) == ["AC-021"] and first in state.seats[0].discard


def test_search_timeout_takes_the_first_card_listed() -> None:
    state = searching("AC-055", "AC-054")
    fire(state, Effect("start", "search", count=1, kind="support"))
    assert R.default_action(state, 0).key == "take:AC-054"
    empty = searching("AC-023")
    fire(empty, Effect("start", "search", count=1, kind="support"))
    assert R.default_action(empty, 0).key == "done"


def test_start_phase_search_pauses_the_turn_until_its_player_chooses() -> None:
    state = searching("AC-013", "AC-002", "AC-014", "AC-001", "AC-054", "AC-033")
    set_stack(state, 0, "AC-003")  # start of turn: top 5 cards, up to 1 [Serpent] character
    run(state, begin_turn)
    assert state.phase == START and set(R.prompts(state)) == {0}
    assert state.agenda.waiting and [t.kind for t in state.agenda.tasks] == ["advance"]
    assert [a.key for a in R.legal_actions(state, 0)] == ["take:AC-001", "take:AC-002", "done"]
    state, _ = act(state, 0, "take:AC-002")
    assert state.phase == ADVANCE and set(R.prompts(state)) == {0, 1}
    assert ids(state, state.seats[0].hand) == ["AC-002"]
    assert not state.agenda.waiting and state.agenda.tasks == []


def test_the_agenda_pauses_for_a_search_and_resumes_with_what_was_queued_after_it() -> None:
    state = searching("AC-013", "AC-002", "AC-014", "AC-001", "AC-054", "AC-033")
    acolyte = set_stack(state, 0, "AC-003")[0]  # start of turn: top 5 cards, up to 1 [Serpent] character
    scryer = set_stack(state, 1, "AC-044")[0]  # start of turn: draw a card
    run(state, begin_turn)
    # Seat 0's search pauses the agenda; seat 1's start effect and the advance step wait behind it.
    pick = state.agenda.pending
    assert pick is not None and (pick.seat, pick.source, pick.zone) == (0, "Abyss Acolyte", picks.DECK)
    assert state.agenda.tasks == [Task(kind=EFFECT, seat=1, s=scryer, n=0), Task(kind="advance")]
    assert acolyte not in {t.s for t in state.agenda.tasks}  # the search itself is no longer queued
    hand = len(state.seats[1].hand)
    # The paused agenda is part of the stored state: the game resumes from a snapshot.
    stored = R.decode(R.encode(state))
    assert stored.agenda == state.agenda
    step = R.apply(stored, 0, "take:AC-002")
    state = step.state
    # The answer ends the search, then the queued tasks run in order: the draw, then the advance round.
    kinds = [e.kind for e in step.events]
    assert kinds.index("search") < kinds.index("draw")
    assert len(state.seats[1].hand) == hand + 1
    assert state.phase == ADVANCE and state.round == 1 and set(R.prompts(state)) == {0, 1}
    assert state.agenda.pending is None and state.agenda.tasks == []


def test_arrival_search_resolves_after_the_reveal_then_the_next_round_opens() -> None:
    state = opened(2, seed=13)
    set_stack(state, 0, "AC-003", "AC-007")  # Abyss Chanter, level 2 [Abyss]
    oracle, cost = set_hand(state, 0, "AC-011", "AC-033")  # Deep Oracle: on advancing, search 2 supports
    set_stack(state, 1, "AC-023")
    set_hand(state, 1)
    state.seats[0].deck = []
    for card_id in ("AC-014", "AC-023", "AC-054"):
        give(state, 0, card_id, "deck")
    at_advance(state)
    state, _ = act(state, 0, f"adv:{oracle}")
    state, _ = act(state, 0, f"pay:{cost}")
    state, public = act(state, 1, "pass")
    assert any("advances to level 3" in t for t in public)
    assert set(R.prompts(state)) == {0} and R.prompts(state)[0].kind == "search"
    state, _ = act(state, 0, "take:AC-014")
    state, _ = act(state, 0, "take:AC-054")
    assert state.phase == ADVANCE and state.round == 2 and set(R.prompts(state)) == {0}


def test_support_search_resolves_before_the_next_player_goes() -> None:
    state = opened(2, seed=14)
    set_stack(state, 0, "AC-043")  # 200 + 50, lowest: goes first
    pool = set_hand(state, 0, "AC-056")[0]  # Scrying Pool: top 5, up to 1 character
    set_stack(state, 1, "AC-023")
    set_hand(state, 1, "AC-054")
    state.seats[0].deck = []
    for card_id in ("AC-045", "AC-054", "AC-041"):
        give(state, 0, card_id, "deck")
    at_battle(state)
    assert state.phase == SUPPORT and state.current == 0
    state, _ = act(state, 0, f"sup:{pool}")
    assert set(R.prompts(state)) == {0} and R.prompts(state)[0].kind == "search"
    assert [a.key for a in R.legal_actions(state, 0)] == ["take:AC-041", "take:AC-045", "done"]
    state, _ = act(state, 0, "take:AC-045")
    assert state.current == 1 and R.prompts(state)[1].kind == "support"
    assert key_for(state, 1, "AC-054", "sup:")


# ------------------------------------------------------------------ hidden information


def run_search(state: ArclashState, keys: list[str]) -> tuple[int, list[object], list[str]]:
    """Answer the search with ``keys`` (then 'done' while asked); count the owner's prompts."""
    scenes: list[object] = [seen(state, 1)]
    asked, narration = 0, []
    keys = list(keys)
    while state.agenda.pending is not None:
        asked += 1
        key = keys.pop(0) if keys else "done"
        step = R.apply(state, 0, key)
        state = step.state
        narration += told(step.events, 1)
        scenes.append(seen(state, 1))
    return asked, scenes, narration


def test_a_search_asks_its_owner_the_same_number_of_times_whatever_the_deck_holds() -> None:
    # Up to 2 supports; the owner takes Wave Barrier and then stops, whether or not more matched.
    rich = deck_search("AC-055", "AC-023", "AC-054", "AC-025")
    poor = deck_search("AC-025", "AC-023", "AC-054", "AC-021")
    results = [run_search(s, ["take:AC-054"]) for s in (rich, poor)]
    assert results[0] == results[1]
    assert results[0][0] == 2  # one take and one "done", in both
    # nothing left to take still waits for the owner's word
    after_take = R.apply(poor, 0, "take:AC-054").state
    assert after_take.agenda.pending is not None
    assert [a.key for a in R.legal_actions(after_take, 0)] == ["done"]
    assert "nothing else" in R.prompts(after_take)[0].text
    # taking nothing: asked once however many matched
    assert run_search(deck_search("AC-023", "AC-025"), [])[:1] == run_search(rich, [])[:1] == (1,)


def test_a_search_reaching_its_count_ends_alike_whatever_the_deck_holds() -> None:
    # Reaching the printed count ends the search at once: a public number, not the deck's contents.
    two = deck_search("AC-055", "AC-054")
    more = deck_search("AC-055", "AC-054", "AC-057", "AC-013")
    a = run_search(two, ["take:AC-054", "take:AC-055"])
    b = run_search(more, ["take:AC-054", "take:AC-055"])
    assert a[0] == b[0] == 2 and a[2] == b[2]
