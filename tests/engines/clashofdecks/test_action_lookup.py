"""Phase 2 (Summoning): only the 4 leftmost cards may be played, whichever way a choice is looked up.

``apply`` finds a choice by its key without labelling every other choice; these tests hold that
fast path to the full list of legal actions.
"""

from __future__ import annotations

import pytest

from engines.clashofdecks import RULESET
from engines.clashofdecks.state import STRONGHOLD
from engines.core import GameConfig, Rejected, Rng


def _states(mode: str, players: int, seeds: range):  # type: ignore[no-untyped-def]
    for seed in seeds:
        state = RULESET.setup(GameConfig(mode, players), seed)
        rng = Rng(seed)
        for _ in range(60):
            prompts = RULESET.prompts(state)
            if not prompts:
                break
            seat = min(prompts)
            yield state, seat
            state = RULESET.apply(state, seat, rng.choice(RULESET.legal_actions(state, seat))).state


@pytest.mark.parametrize(("mode", "players"), [("duel", 2), ("ffa", 4), ("solo", 1)])
def test_every_legal_key_is_found_and_cards_beyond_the_leftmost_four_are_refused(
    mode: str, players: int
) -> None:
    checked = 0
    for state, seat in _states(mode, players, range(1, 6)):
        legal = {a.key: a for a in RULESET.legal_actions(state, seat)}
        for key, action in legal.items():
            assert RULESET._find_action(state, seat, key) == action
        if state.phase != "summon":
            continue
        kingdom = state.kingdoms[state.active]
        cards = [c for c in kingdom.hand if c != STRONGHOLD]
        for iid in cards[4:]:
            for key in (f"p.{iid}.u", f"p.{iid}.l"):
                assert key not in legal
                with pytest.raises(Rejected) as err:
                    RULESET.apply(state, seat, key)
                assert err.value.code == "illegal"
                checked += 1
    assert checked > 0


def test_draft_keys_must_be_exactly_d_dot_card() -> None:
    """Draft: a card is taken only by its own key; look-alike keys naming the same card are refused."""
    state = RULESET.setup(GameConfig("duel", 2, {"format": "draft"}), 3)
    assert state.phase == "draft" and state.draft is not None
    seat = min(RULESET.prompts(state))
    iid = state.draft.row[0]
    assert RULESET._find_action(state, seat, f"d.{iid}") is not None
    for key in (f"dx.{iid}", f"d.{iid}.x", f"draft.{iid}"):
        assert RULESET._find_action(state, seat, key) is None
        with pytest.raises(Rejected) as err:
            RULESET.apply(state, seat, key)
        assert err.value.code == "illegal"
