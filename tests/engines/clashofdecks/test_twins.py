"""Hidden information: twin states differing only in unseen cards look the same to each viewer."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.clashofdecks import RULESET
from engines.clashofdecks.ruleset import ClashOfDecks
from engines.clashofdecks.state import STRONGHOLD, ClashState
from engines.clashofdecks.twins import hidden_slots
from engines.core import GameConfig, Rng
from engines.core.twins import Place as Slot
from engines.core.twins import TwinReport, check_twins, compare
from tests.engines.clashofdecks.test_fuzz import CONFIGS

IDS = [f"{c.mode}-{c.options.get('format', 'precon')}-{i}" for i, c in enumerate(CONFIGS)]


def _every_card(state: ClashState) -> Counter[str]:
    """Every card instance wherever it lies (hands, piles, play, draft, box, casting, Champions)."""
    found: Counter[str] = Counter()
    for kd in state.kingdoms:
        found.update(i for i in kd.hand if i != STRONGHOLD)
        found.update(kd.deck)
        found.update(kd.discard)
        if kd.champion and kd.champion_status != "in_play":
            found[kd.champion] += 1
    for line in state.lines:
        for side in line.sides:
            for unit in side:
                found.update(unit.cards)
    if state.draft is not None:
        d = state.draft
        found.update(d.pile + d.row + d.ai_pool + [i for p in d.picks for i in p])
    found.update(state.box)
    if state.casting:
        found[state.casting] += 1
    return found


def test_every_mode_and_player_count_is_covered() -> None:
    registered = {(m.name, n) for m in RULESET.modes for n in m.players}
    assert registered == {(c.mode, c.players) for c in CONFIGS}


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_twins_look_the_same_to_their_viewer(config: GameConfig) -> None:
    report = TwinReport()
    for seed in range(3):
        check_twins(RULESET, config, seed, report=report)
    assert report.games == 3
    assert report.differing > 0
    assert report.narrations > 0


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_twins_over_many_seeds(config: GameConfig) -> None:
    report = TwinReport()
    for seed in range(100, 160):
        check_twins(RULESET, config, seed, report=report)
    assert report.differing > 0 and report.narrations > 0


class PlayableKept(ClashOfDecks):
    """Twins that keep other hands' 4 playable cards, so the other seats' moves apply on both."""

    def twin(self, state: ClashState, viewer: int | None, rng: Rng) -> ClashState:
        """Deal afresh only the unseen cards no other seat can play now."""
        twin = self.clone(state)
        slots: list[Slot] = []
        for kd in twin.kingdoms:
            if kd.is_ai:
                slots.extend((kd.deck, i) for i in range(len(kd.deck)))
            elif kd.seat != viewer:
                places = [i for i, iid in enumerate(kd.hand) if iid != STRONGHOLD]
                slots.extend((kd.hand, i) for i in places[4:])
        dealt = [cards[i] for cards, i in slots]
        rng.shuffle(dealt)
        for (cards, i), iid in zip(slots, dealt, strict=True):
            cards[i] = iid
        twin.rng = rng.next_u64()
        return twin


@pytest.mark.parametrize("config", CONFIGS[::3], ids=IDS[::3])
def test_the_other_seats_moves_narrate_the_same_on_twins(config: GameConfig) -> None:
    # The full twin rarely leaves another seat's card where it was, so its moves seldom apply on
    # both; this narrower one does, and holds their narration and results equal for every viewer.
    report = check_twins(PlayableKept(), config, 7)
    assert report.narrations > report.steps // 2


def test_the_opponents_hand_is_unknown_two_deals_differing_only_in_it_look_the_same() -> None:
    # The rule: a player's hand is held with its backs to the table; only its size and the
    # Stronghold's place in it are known to the others.
    state = RULESET.setup(GameConfig("duel", 2), 5)
    other = RULESET.clone(state)
    hand = other.kingdoms[1].hand
    cards = [i for i, iid in enumerate(hand) if iid != STRONGHOLD]
    hand[cards[0]], hand[cards[-1]] = hand[cards[-1]], hand[cards[0]]
    assert RULESET.encode(other) != RULESET.encode(state)
    for viewer in (None, 0):
        compare(RULESET, state, other, viewer, "swapped hand")
    assert RULESET.view(state, 1) != RULESET.view(other, 1)  # its owner sees the difference


def test_the_ai_deck_pile_is_face_down_its_order_is_unknown_to_the_player() -> None:
    state = RULESET.setup(GameConfig("solo", 1), 3)
    other = RULESET.clone(state)
    ai = other.kingdoms[1]
    ai.deck[0], ai.deck[-1] = ai.deck[-1], ai.deck[0]
    for viewer in (None, 0):
        compare(RULESET, state, other, viewer, "AI pile reordered")


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_twin_keeps_what_its_viewer_may_know_and_deals_the_rest_afresh(config: GameConfig) -> None:
    state = RULESET.setup(config, 2)
    for step in range(12):
        prompts = RULESET.prompts(state)
        if not prompts:
            break
        seat = min(prompts)
        state = RULESET.apply(state, seat, RULESET.legal_actions(state, seat)[-1]).state
        for viewer in (None, *range(config.players)):
            before = RULESET.encode(state)
            twin = RULESET.twin(state, viewer, Rng(step))
            assert RULESET.encode(state) == before  # the input is never changed
            assert twin.rng != state.rng
            assert _every_card(twin) == _every_card(state)  # the same cards, ids and all
            assert twin.cards == state.cards
            assert RULESET.conserved(twin) == RULESET.conserved(state)
            hidden = hidden_slots(state, viewer)
            if len({cards[i] for cards, i in hidden}) > 1:
                assert RULESET.encode(twin) != RULESET.encode(state)
            for k, (kd, td) in enumerate(zip(state.kingdoms, twin.kingdoms, strict=True)):
                assert td.discard == kd.discard and td.revealed == kd.revealed
                assert len(td.deck) == len(kd.deck) and len(td.hand) == len(kd.hand)
                assert [i == STRONGHOLD for i in td.hand] == [i == STRONGHOLD for i in kd.hand]
                if viewer is not None and kd.seat == viewer:
                    assert td.hand == kd.hand, f"seat {viewer} sees its own hand (kingdom {k})"
            assert twin.lines == state.lines
            if state.draft is not None:
                assert twin.draft is not None
                assert twin.draft.row == state.draft.row and twin.draft.picks == state.draft.picks
                assert twin.draft.ai_pool == state.draft.ai_pool


def test_the_draft_is_face_up_the_table_reads_who_drafts_from_how_many_revealed_cards() -> None:
    state = RULESET.setup(GameConfig("duel", 2, {"format": "draft"}), 4)
    (seat, prompt), *_ = RULESET.prompts(state).items()
    assert state.draft is not None
    assert prompt.private
    line = f"{{P{seat + 1}}} is drafting: 1 of the {len(state.draft.row)} revealed cards"
    assert prompt.public_line() == line
    assert str(len(state.draft.row)) in prompt.text


def test_whose_summoning_and_its_mana_are_public_the_hand_it_reads_is_not() -> None:
    state = RULESET.setup(GameConfig("duel", 2), 6)
    (seat, prompt), *_ = RULESET.prompts(state).items()
    mana = RULESET.view(state, None).kingdoms[state.active].mana
    assert prompt.private and mana > 0
    assert prompt.public_line() == f"{{P{seat + 1}}} is summoning with {mana} mana"
    for viewer in (None, 1 - seat):
        twin = RULESET.twin(state, viewer, Rng(9))
        assert RULESET.prompts(twin)[seat].public_line() == prompt.public_line()
