"""The search bot's worlds come from the View alone and give it back exactly; the bot keeps its move
budget, chooses the same way every time, plays as the witch bot where it does not search, and
raises the mean score over the witch bot (slow)."""

from __future__ import annotations

from collections.abc import Iterator

import msgspec
import pytest

from engines.core import GameConfig, Rng
from engines.hackclad import RULESET as R
from engines.hackclad.bots import WitchBot
from engines.hackclad.scoring import breakdown
from engines.hackclad.search import BUDGET, SearchBot, candidates, evaluate
from engines.hackclad.state import HackState, HackView
from engines.hackclad.view import build_view
from engines.hackclad.worlds import determinize, rebuildable
from tests.decided import in_order, tally

_enc = msgspec.msgpack.Encoder()
CONFIGS = [
    GameConfig("basic", 2),
    GameConfig("basic", 4, {"expert": True}),
    GameConfig("solo", 1),
    GameConfig("team", 2),
    GameConfig("team", 4),
]


def positions(config: GameConfig, seed: int, every: int = 1) -> Iterator[tuple[HackState, int, HackView]]:
    """Every ``every``-th state of a witch-bot game where a seat is asked, with that seat and its view."""
    state = R.setup(config, seed)
    rng = Rng(seed)
    bot = WitchBot()
    n = 0
    while prompts := R.prompts(state):
        seat = min(prompts)
        view = R.view(state, seat)
        if n % every == 0:
            yield state, seat, view
        n += 1
        state = R.apply(state, seat, bot.choose(view, prompts[seat], R.legal_actions(state, seat), rng)).state


def rebuildable_positions(
    config: GameConfig, seed: int, every: int = 1
) -> list[tuple[HackState, int, HackView]]:
    """The positions of ``positions`` at which a world can be rebuilt (turns and draft picks)."""
    return [(s, seat, v) for s, seat, v in positions(config, seed, every) if rebuildable(v)]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.mode}{c.players}")
def test_determinize_gives_back_the_same_view_choices_and_card_counts(config: GameConfig) -> None:
    found = rebuildable_positions(config, 3)
    kinds = {v.asking_kind for _, _, v in found}
    assert kinds == {"turn", "draft"}
    for k, (state, seat, view) in enumerate(found):
        world = determinize(view, Rng(k))
        assert _enc.encode(build_view(world, seat)) == _enc.encode(view)
        assert [a.key for a in R.legal_actions(world, seat)] == [a.key for a in R.legal_actions(state, seat)]
        assert R.conserved(world) == R.conserved(state)
        # The rest of the round is queued as in the real game.
        assert world.agenda.tasks == state.agenda.tasks and world.agenda.pending == state.agenda.pending


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.mode}{c.players}")
def test_determinize_reads_nothing_the_viewer_cannot_see(config: GameConfig) -> None:
    for k, (state, seat, view) in enumerate(rebuildable_positions(config, 5, every=7)):
        twin = R.twin(state, seat, Rng(100 + k))  # differs only in what `seat` cannot see
        assert twin is not None
        sampled = determinize(view, Rng(k))
        assert R.encode(determinize(build_view(twin, seat), Rng(k))) == R.encode(sampled)


def test_determinize_samples_the_hidden_cards_and_keeps_the_known_ones() -> None:
    state, _, view = rebuildable_positions(GameConfig("basic", 3), 2)[12]
    other = (view.me + 1) % 3
    hands = set()
    for k in range(12):
        world = determinize(view, Rng(k))
        assert world.witches[view.me].hand == state.witches[view.me].hand  # her own hand is known
        assert world.witches[other].discard == state.witches[other].discard  # discard piles are open
        hands.add(tuple(sorted(world.witches[other].hand)))
    assert len(hands) > 3  # another witch's hand is drawn afresh, not copied


def test_determinize_refuses_a_spectator_and_a_reaction_window() -> None:
    state = rebuildable_positions(GameConfig("basic", 2), 1)[0][0]
    with pytest.raises(ValueError, match="spectator"):
        determinize(build_view(state, None), Rng(1))
    react = next(v for _, _, v in positions(GameConfig("basic", 2), 1) if v.asking_kind == "react")
    with pytest.raises(ValueError, match="turn or draft"):
        determinize(react, Rng(1))


def test_the_evaluation_is_the_sides_vp_less_the_best_rivals_and_her_own_vp_in_solo() -> None:
    state = next(s for s, _, v in positions(GameConfig("basic", 3), 4) if v.round == 5)
    vp = [breakdown(state, x)["total"] for x in range(3)]
    assert evaluate(state, 0) == vp[0] - max(vp[1], vp[2])
    team = next(s for s, _, v in positions(GameConfig("team", 4), 4) if v.round == 5)
    tvp = [breakdown(team, x)["total"] for x in range(4)]
    assert evaluate(team, 1) == tvp[1] + tvp[3] - tvp[0] - tvp[2]
    solo = next(s for s, _, v in positions(GameConfig("solo", 1), 4) if v.round == 5)
    assert evaluate(solo, 0) == breakdown(solo, 0)["total"]


def test_candidates_start_with_the_witch_bots_choice_and_differ_in_kind() -> None:
    for state, seat, view in rebuildable_positions(GameConfig("basic", 2), 6, every=3):
        prompt = R.prompts(state)[seat]
        actions = R.legal_actions(state, seat)
        first = WitchBot().choose(view, prompt, actions, Rng(1))
        pool = candidates(view, prompt, actions, first)
        assert pool[0] == first and all(a in actions for a in pool)
        assert len({a.key for a in pool}) == len(pool) <= 5


@pytest.mark.slow(seconds=12)
def test_search_keeps_its_move_budget_and_chooses_the_same_every_time() -> None:
    bot = SearchBot(R)
    weighed = 0
    for state, seat, view in rebuildable_positions(GameConfig("basic", 4), 8, every=9):
        prompt = R.prompts(state)[seat]
        actions = R.legal_actions(state, seat)
        first = WitchBot().choose(view, prompt, actions, Rng(1))
        pool = candidates(view, prompt, actions, first)
        if len(pool) < 2:
            continue
        found = bot.sampling.weigh(view, pool, Rng(3))
        # The budget is checked between worlds: at most one world's playouts past it.
        per_world = found.moves / found.worlds
        assert found.moves < BUDGET + per_world and found.worlds >= 1
        assert bot.choose(view, prompt, actions, Rng(3)) == bot.choose(view, prompt, actions, Rng(3))
        weighed += 1
    assert weighed >= 5


def test_search_plays_as_the_witch_bot_where_it_does_not_search() -> None:
    search, witch = SearchBot(R), WitchBot()
    seen = 0
    for state, seat, view in positions(GameConfig("basic", 2), 2):
        if view.phase != "play" or view.asking_kind in ("turn", "draft"):
            continue
        prompt, actions = R.prompts(state)[seat], R.legal_actions(state, seat)
        assert search.suggest(view, prompt, actions, Rng(4)) == witch.suggest(view, prompt, actions, Rng(4))
        seen += 1
    assert seen > 5


# ------------------------------------------------------------------------------------------- slow
def _mean_score(args: tuple[str, int, str, int]) -> float:
    """One deal played by one level in every seat: the sides' mean score (as the ladder counts it)."""
    mode, players, level, seed = args
    from engines.core.driver import Match, bot_for

    outcome = Match(R, GameConfig(mode, players), seed).play_out(bot_for(R, level))
    return sum(outcome.scores.values()) / len(outcome.scores)


def _search_scores_more(args: tuple[str, int, int]) -> bool:
    """Whether search in every seat outscores the witch bot in every seat on one deal."""
    mode, players, seed = args
    return _mean_score((mode, players, "hard", seed)) > _mean_score((mode, players, "normal", seed))


@pytest.mark.slow(seconds=600)
@pytest.mark.parametrize(("mode", "players"), [("basic", 2), ("solo", 1)])
def test_issue_25_search_outscores_the_witch_bot_on_at_least_9_of_12_deals(mode: str, players: int) -> None:
    # The ladder compares mean scores with their noise; per deal, the same deal played by each level
    # in every seat. Ladder runs put the gap near 10 VP; the run stops once 9 wins (or 4 losses) are in.
    deals = [(mode, players, seed) for seed in range(1, 13)]
    with in_order(_search_scores_more, deals) as results:
        found = tally(results, needed=9, total=len(deals))
    print(f"\nsearch vs witch, {mode} {players}: {found}")
    assert found.passed, found
