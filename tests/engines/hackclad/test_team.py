"""Book section 11.2.2, the team match: two teams of two witches.

With two people, each runs both witches of a team, is asked for each of them and sees both of their
hands (and nothing of the other team's).
"""

from __future__ import annotations

import msgspec
import pytest

from engines.core import GameConfig, Rng
from engines.core.errors import SetupError
from engines.core.fuzz import fuzz_games
from engines.hackclad import RULESET as R
from engines.hackclad import grid
from engines.hackclad.scoring import breakdown
from engines.hackclad.seats import acting
from engines.hackclad.state import HackState, Task
from tests.engines.hackclad.helpers import at, attack, clear_field, hand, run_tasks, started


def _json(state: HackState, viewer: int | None) -> str:
    return msgspec.json.encode(R.view(state, viewer)).decode()


def test_11_2_2_two_player_team_match_deals_four_witches_two_per_person() -> None:
    state = R.setup(GameConfig("team", 2), 3)
    assert state.players == 2 and len(state.witches) == 4
    assert state.owners == [0, 1, 0, 1]
    assert [w.pos for w in state.witches] == list(grid.ENTRIES)
    assert len({w.witch for w in state.witches}) == 4
    assert R.view(state, None).players == 2
    # The four-player team match keeps one witch per person.
    four = R.setup(GameConfig("team", 4), 3)
    assert four.owners == [0, 1, 2, 3] and len(four.witches) == 4


def test_11_2_2_each_person_picks_both_witches() -> None:
    config = GameConfig("team", 2, {}, ({"witch": "mia", "witch2": "luna"}, {"witch2": "rosette"}))
    state = R.setup(config, 1)
    assert [w.witch for w in state.witches] == ["mia", "flare", "luna", "rosette"]


def test_11_2_2_a_second_witch_is_refused_where_nobody_runs_two() -> None:
    with pytest.raises(SetupError, match="witch2"):
        R.setup(GameConfig("team", 4, {}, ({"witch2": "mia"},)), 1)
    with pytest.raises(SetupError, match="witch2"):
        R.setup(GameConfig("basic", 2, {}, ({"witch2": "mia"},)), 1)


def test_4_step_11_two_player_team_missions_snake_over_the_four_witches() -> None:
    state = R.setup(GameConfig("team", 2), 5)
    asked = []
    while state.phase == "missions":
        (seat,) = R.prompts(state)
        asked.append((seat, acting(state, seat)))
        state = R.apply(state, seat, R.legal_actions(state, seat)[0]).state
    assert asked == [(0, 0), (1, 1), (0, 2), (1, 3), (1, 3), (0, 2), (1, 1), (0, 0)]
    assert all(len(w.missions) == 2 for w in state.witches)


def test_4_step_12_each_person_secretly_picks_an_enhanced_card_for_each_witch() -> None:
    state = R.setup(GameConfig("team", 2, {"missions": "first_game"}), 5)
    prompts = R.prompts(state)
    assert sorted(prompts) == [0, 1] and all(p.sealed for p in prompts.values())
    assert prompts[0].text.startswith(state_name(state, 0))
    first = R.legal_actions(state, 0)
    assert all(a.card[1] == "0" for a in first)  # witch 0's enhanced cards
    state = R.apply(state, 0, first[0]).state
    second = R.legal_actions(state, 0)
    assert all(a.card[1] == "2" for a in second)  # then witch 2's
    step = R.apply(state, 0, second[0])
    hidden = [e for e in step.events if e.kind == "enhanced"]
    assert hidden and all(e.seat == 0 and e.visibility == "split" for e in hidden)
    assert second[0].card not in _json(step.state, 1)


def state_name(state: HackState, witch: int) -> str:
    """A witch's display name."""
    return R.view(state, None).witches[witch].name


def _play_round(state: HackState) -> tuple[HackState, list[tuple[int, int, str]]]:
    """Play on with the witch bot until round 2 starts; record (seat, witch, prompt kind)."""
    bot = R.bots()["witch"]
    rng = Rng(1)
    seen = []
    while state.round < 2 and (prompts := R.prompts(state)):
        seat = min(prompts)
        view = R.view(state, seat)
        seen.append((seat, view.me, prompts[seat].kind))
        state = R.apply(state, seat, bot.choose(view, prompts[seat], R.legal_actions(state, seat), rng)).state
    return state, seen


def test_11_2_2_seat_0_is_prompted_for_both_its_witches() -> None:
    state = started("team", 2, seed=4)
    _, seen = _play_round(state)
    for kind in ("draft", "turn"):
        assert {(s, w) for s, w, k in seen if k == kind} == {(0, 0), (0, 2), (1, 1), (1, 3)}
    # Never is a seat asked about a witch it does not run.
    assert all(w % 2 == s for s, w, _ in seen)


def test_11_2_2_turn_prompts_name_the_witch_and_the_view_centres_on_her() -> None:
    state = started("team", 2, seed=4)
    while state.agenda.pending is None or state.agenda.pending.kind != "turn":
        (seat,) = R.prompts(state)
        state = R.apply(state, seat, R.default_action(state, seat)).state
    witch = state.agenda.pending.seat
    seat = state.owners[witch]
    prompt = R.prompts(state)[seat]
    assert prompt.text.startswith(f"{state_name(state, witch)}: ")
    view = R.view(state, seat)
    assert view.me == witch and view.asking == witch and view.asking_player == seat
    assert {c.id for c in view.hand} == set(state.witches[witch].hand)


def test_11_2_2_a_seat_sees_both_its_witches_cards_and_none_of_the_other_team() -> None:
    state = started("team", 2, seed=6)
    state, _ = _play_round(state)
    for seat in (0, 1):
        view = R.view(state, seat)
        mine = [w for w in range(4) if state.owners[w] == seat]
        assert [o.seat for o in view.own] == mine
        for own in view.own:
            w = state.witches[own.seat]
            assert {c.id for c in own.hand} == set(w.hand)
            assert {c.id for c in own.enhanced} == set(w.enhanced)
        text = _json(state, seat)
        for other in range(4):
            if state.owners[other] == seat:
                continue
            w = state.witches[other]
            assert not any(c in text for c in w.hand + w.enhanced + w.deck)
            assert not any(s.card in text for s in (*state.turn_slots, *state.standby) if s.seat == other)
        assert set(R.secrets(state, seat)).isdisjoint(
            c for x in mine for c in state.witches[x].hand + state.witches[x].enhanced
        )
    spectator = _json(state, None)
    assert not any(c in spectator for w in state.witches for c in w.hand)


def test_11_2_2_a_clad_attack_on_a_second_witch_asks_her_person_to_react() -> None:
    state = started("team", 2)
    clear_field(state)
    state.witches[2].pos, state.witches[2].slot = at(2, 1), 0
    hand(state, 2, "block")
    state = attack(state, [(0, 1)])
    ask = state.agenda.pending
    assert ask is not None and ask.kind == "react" and ask.seat == 2
    assert set(R.prompts(state)) == {0}
    assert any(a.key.startswith("r.") for a in R.legal_actions(state, 0))
    assert R.legal_actions(state, 1) == []


def test_11_2_2_private_events_go_to_the_person_running_the_witch() -> None:
    state = started("team", 2)
    state.witches[3].hand = []
    after, events = run_tasks(state, Task(kind="draw", seat=3, n=2))
    draws = [e for e in events if e.kind == "draw"]
    assert draws and all(e.seat == 1 for e in draws)
    name = state_name(state, 3)
    assert draws[0].text.startswith(f"{name}: You draw") and draws[0].redacted.startswith(f"{name} ({{P2}})")
    assert len(after.witches[3].hand) == 2


def test_11_2_2_two_player_team_score_is_the_sum_of_both_witches() -> None:
    state = started("team", 2)
    for witch, shards in enumerate((10, 1, 10, 30)):
        state.witches[witch].shards = shards
    state.round = 9
    after, events = run_tasks(state, Task(kind="end_round"))
    result = R.outcome(after)
    assert result is not None and set(result.ranking) == {(0,), (1,)}
    totals = {s: sum(breakdown(after, w)["total"] for w in range(4) if after.owners[w] == s) for s in (0, 1)}
    assert result.scores == totals and result.winners == (max(totals, key=lambda s: totals[s]),)
    assert any("{P1}'s witches score" in e.text for e in events)


def test_11_2_2_two_player_team_tiebreak_counts_both_witches_injuries() -> None:
    state = started("team", 2)
    for w in state.witches:
        w.shards = 0
        w.missions = []
    # Same deck VP for both sides is not guaranteed, so equalise totals through shards.
    base = {s: sum(breakdown(state, w)["total"] for w in range(4) if state.owners[w] == s) for s in (0, 1)}
    state.witches[0].shards += 20 - base[0] + 2
    state.witches[0].injuries = 2  # seat 0: +2 shards, 2 injuries -> same total, more injuries
    state.witches[1].shards += 20 - base[1]
    state.round = 9
    after, _ = run_tasks(state, Task(kind="end_round"))
    result = R.outcome(after)
    assert result is not None and result.scores[0] == result.scores[1] and result.winners == (1,)


def test_11_2_2_two_player_team_match_plays_to_the_end_in_the_fuzz_harness() -> None:
    report = fuzz_games(R, [GameConfig("team", 2), GameConfig("team", 2, {"expert": True})], 6)
    assert report.games == 6 and report.reasons == {"nine rounds played": 6}
    assert set(report.wins) <= {0, 1}
