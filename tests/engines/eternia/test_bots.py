"""Bots: random and greedy finish games from views only; greedy beats random for each side;
determinize rebuilds a state from a view and never reads what the view hides; the search bot
weighs its choices within its move budget, the same way every time, and (slow) beats greedy on
each side of ``versus``."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core import GameConfig, Rng
from engines.core.bots import Bot, RandomBot
from engines.core.driver import Match, bot_for
from engines.eternia import RULESET
from engines.eternia.bots import BOTS, GreedyBot, determinize
from engines.eternia.reasons import explain
from engines.eternia.search import SearchBot, evaluate, round_end
from engines.eternia.selfplay import seats_for, versus_config
from engines.eternia.selfplay import winner as selfplay_winner
from engines.eternia.state import CTRL, TEAM, EtState
from tests.decided import in_order, tally

RANDOM, GREEDY = RandomBot(), GreedyBot()
#: the ``versus`` table the slow test measures the search bot on (see the README's Eternia figures)
SEARCH_SCENARIO, SEARCH_PLAYERS, SEARCH_GAMES = "eternos_village", 5, 30


def winner(config: GameConfig, bots: dict[int, Bot], seed: int) -> str:
    """The winning side of one game ("team", "ctrl" or "draw")."""
    match = Match(RULESET, config, seed)
    match.play_out(bots)
    return str(match.state.winner)


def wins(config: GameConfig, bots: dict[int, Bot], side: str, games: int) -> int:
    """Games ``side`` wins over seeds 0..games-1."""
    return sum(winner(config, bots, seed) == side for seed in range(games))


def test_bots_are_listed_weakest_first() -> None:
    assert list(RULESET.bots()) == ["random", "greedy", "search"]
    assert bot_for(RULESET, "hard").name == "search" and bot_for(RULESET, "easy").name == "random"
    assert bot_for(RULESET, "normal").name == "greedy"


@pytest.mark.parametrize(
    "config",
    [
        GameConfig("versus", 3, {"scenario": "grayskull_gate"}),
        GameConfig("versus", 5, {"scenario": "eternos_village", "selection": "free"}),
        GameConfig("ai", 2, {"scenario": "snake_mountain", "ai_escalation": 1}),
    ],
    ids=lambda c: f"{c.mode}-{c.players}",
)
def test_greedy_answers_every_prompt_legally(config: GameConfig) -> None:
    # play_out refuses an illegal action: a whole game of greedy seats is the check
    outcome = Match(RULESET, config, 4).play_out(GREEDY)
    assert outcome is not None


MATCHUPS: tuple[dict[int, Bot], ...] = (
    {0: GREEDY, 1: RANDOM},
    {0: RANDOM, 1: GREEDY},
    {0: RANDOM, 1: RANDOM},
)


def share(scenario: str, games: int) -> dict[str, tuple[int, int, int, int]]:
    """For each side: (greedy's wins, its opponent's, random's wins, its opponent's) against random."""
    config = GameConfig("versus", 2, {"scenario": scenario})
    ctrl, team, base = (Counter(winner(config, bots, seed) for seed in range(games)) for bots in MATCHUPS)
    return {
        CTRL: (ctrl[CTRL], ctrl[TEAM], base[CTRL], base[TEAM]),
        TEAM: (team[TEAM], team[CTRL], base[TEAM], base[CTRL]),
    }


def _beats(result: tuple[int, int, int, int]) -> bool:
    greedy, opponent, random_side, _ = result
    return greedy > opponent and greedy > random_side


def test_greedy_beats_random_for_each_side_in_a_few_games() -> None:
    result = share("eternos_village", 6)
    assert _beats(result[CTRL]) and _beats(result[TEAM]), result


def test_greedy_team_beats_the_ai_more_often_than_random() -> None:
    config = GameConfig("ai", 1, {"scenario": "crossroads"})
    assert wins(config, {0: GREEDY}, TEAM, 5) > wins(config, {0: RANDOM}, TEAM, 5)


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["crossroads", "eternos_village", "grayskull_gate"])
def test_greedy_beats_random_for_each_side_over_many_games(scenario: str) -> None:
    result = share(scenario, 30)
    # Grayskull Gate favours the team so much that random Players already win there: the Controller
    # only has to do better than a random Controller.
    greedy, opponent, random_side, _ = result[CTRL]
    assert greedy > random_side and (greedy > opponent or scenario == "grayskull_gate"), result
    assert _beats(result[TEAM]), result


# ------------------------------------------------------------------------------ determinize
def _states(config: GameConfig, seed: int, every: int = 9, limit: int = 600) -> list[EtState]:
    """States met along one random game, every ``every`` moves."""
    match = Match(RULESET, config, seed)
    out = []
    rng = Rng(seed)
    for i in range(limit):
        asked = RULESET.prompts(match.state)
        if not asked:
            break
        if i % every == 0:
            out.append(RULESET.clone(match.state))
        seat = min(asked)
        actions = RULESET.legal_actions(match.state, seat)
        match.state = RULESET.apply(match.state, seat, rng.choice(actions)).state
    return out


CONFIGS = [
    GameConfig("versus", 3, {"scenario": "eternos_village", "selection": "free"}),
    GameConfig("ai", 3, {"scenario": "crossroads"}),
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.mode}-{c.players}")
def test_determinize_gives_back_the_same_view(config: GameConfig) -> None:
    for state in _states(config, 5):
        for seat in range(config.players):
            view = RULESET.view(state, seat)
            world = determinize(view, Rng(seat + 1))
            assert RULESET.view(world, seat) == view
            assert RULESET.conserved(world) == RULESET.conserved(state)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.mode}-{c.players}")
def test_determinize_ignores_the_real_hidden_parts(config: GameConfig) -> None:
    # A twin differs from the state only in what the seat cannot see: the samples must be identical.
    for i, state in enumerate(_states(config, 6)):
        for seat in range(config.players):
            twin = RULESET.twin(state, seat, Rng(100 + i))
            assert twin is not None and RULESET.view(twin, seat) == RULESET.view(state, seat)
            first = determinize(RULESET.view(state, seat), Rng(7))
            second = determinize(RULESET.view(twin, seat), Rng(7))
            assert RULESET.encode(first) == RULESET.encode(second)


def test_determinize_samples_the_strategy_hand_for_the_team() -> None:
    config = GameConfig("versus", 2, {"scenario": "crossroads"})
    state = RULESET.setup(config, 3)
    state.strategy_hand, state.strategy_deck = state.strategy_deck[:3], state.strategy_deck[3:]
    view = RULESET.view(state, 1)
    hands = {tuple(determinize(view, Rng(s)).strategy_hand) for s in range(8)}
    assert len(hands) > 1  # sampled afresh, not copied
    for s in range(8):
        world = determinize(view, Rng(s))
        assert sorted(world.strategy_hand + world.strategy_deck) == sorted(
            state.strategy_hand + state.strategy_deck
        )
    mine = determinize(RULESET.view(state, 0), Rng(1))
    assert mine.strategy_hand == state.strategy_hand  # the Controller knows its own hand


def test_determinize_refuses_a_spectator() -> None:
    with pytest.raises(ValueError):
        determinize(RULESET.view(RULESET.setup(GameConfig("versus", 2), 1), None), Rng(1))


# ------------------------------------------------------------------------------ the search bot
def _asked_positions(config: GameConfig, seed: int, kinds: tuple[str, ...], limit: int) -> list[EtState]:
    """States along a greedy game where a seat is asked one of ``kinds`` with a real choice."""
    match = Match(RULESET, config, seed)
    found: list[EtState] = []
    while (asked := match.asked()) and len(found) < limit:
        seat = asked[0]
        prompt = match.prompts()[seat]
        if prompt.kind in kinds and len(match.choices(seat)) > 1:
            found.append(RULESET.clone(match.state))
        match.apply(seat, match.bot_choice(seat, GREEDY))
    return found


def test_search_bot_weighs_fights_within_its_budget_and_the_same_way_every_time() -> None:
    config = GameConfig("versus", 3, {"scenario": "eternos_village"})
    weighed = 0
    for state in _asked_positions(config, 2, ("act", "target", "move"), 3):
        seat = min(RULESET.prompts(state))
        view, prompt = RULESET.view(state, seat), RULESET.prompts(state)[seat]
        actions = RULESET.legal_actions(state, seat)
        bot = SearchBot(GREEDY, determinize, explain, samples=2, budget=10_000)
        action, found = bot.plan(view, prompt, actions, Rng(4))
        assert action in actions
        assert bot.plan(view, prompt, actions, Rng(4)) == (action, found)  # same view and dice, same choice
        if found is not None:
            weighed += 1
            assert found.action == action and found.moves >= len(found.totals)
            # a budget of one move stops after the first world (the budget is checked between worlds)
            tight = SearchBot(GREEDY, determinize, explain, samples=2, budget=1).plan(
                view, prompt, actions, Rng(4)
            )[1]
            assert tight is not None and tight.worlds == 1
    assert weighed > 0


def test_search_bot_stays_greedy_in_the_order_phase() -> None:
    state = RULESET.setup(GameConfig("versus", 2, {"scenario": "crossroads"}), 5)
    for seat in (0, 1):
        view, prompt = RULESET.view(state, seat), RULESET.prompts(state)[seat]
        actions = RULESET.legal_actions(state, seat)
        action, found = BOTS["search"].plan(view, prompt, actions, Rng(1))  # type: ignore[attr-defined]
        assert found is None and action == GREEDY.choose(view, prompt, actions, Rng(1))


def test_search_bot_weighs_the_any_card_against_the_ai_only() -> None:
    # The "any Player Character" card (three Characters) is weighed against the AI Controller, where
    # weighing it gained most; in versus hard plays it as greedy does (its play there is unchanged).
    for mode, weighed in (("ai", True), ("versus", False)):
        config = GameConfig(mode, 3 if mode == "ai" else 4, {"scenario": "crossroads"})
        (state,) = _asked_positions(config, 3, ("any",), 1)
        seat = min(RULESET.prompts(state))
        view, prompt = RULESET.view(state, seat), RULESET.prompts(state)[seat]
        actions = RULESET.legal_actions(state, seat)
        action, found = BOTS["search"].plan(view, prompt, actions, Rng(2))  # type: ignore[attr-defined]
        assert (found is not None) == weighed, mode
        assert action in actions
        if found is not None:
            assert len(found.totals) == len(actions)  # every Character the card may activate


def test_search_evaluation_sees_the_beacons_decide_the_game_at_the_rounds_end() -> None:
    # Eternos: 6 VP wins, a beacon held scores 1 at each Round's end, the team scoring first.
    state = RULESET.setup(versus_config(SEARCH_SCENARIO, SEARCH_PLAYERS), 2)
    keys = sorted(state.beacons)
    state.beacons = {k: (TEAM if i < 2 else CTRL) for i, k in enumerate(keys)}
    state.vp = {TEAM: 4, CTRL: 5}
    assert round_end(state) == TEAM  # the team reaches 6 first, though the Controller leads
    losing = evaluate(state, CTRL)
    state.beacons[keys[0]] = CTRL  # the Controller takes one of the team's beacons
    assert round_end(state) == CTRL and evaluate(state, CTRL) > losing + 100
    state.beacons = dict.fromkeys(keys, "")
    state.vp = {TEAM: 1, CTRL: 1}
    assert round_end(state) == ""  # nobody near the target: the game goes on


def level_wins(game: tuple[str, str, str, int]) -> bool:
    """Whether the ``strong`` level, playing ``side`` against the ``weak`` one, wins the game dealt
    from ``seed`` (one game of ``selfplay.search_share``)."""
    strong, weak, side, seed = game
    config = versus_config(SEARCH_SCENARIO, SEARCH_PLAYERS)
    mine, theirs = bot_for(RULESET, strong), bot_for(RULESET, weak)
    ctrl, team = (mine, theirs) if side == CTRL else (theirs, mine)
    return selfplay_winner(config, seed, seats_for(config, ctrl, team)) == side


@pytest.mark.slow(seconds=45)
@pytest.mark.parametrize("side", [CTRL, TEAM])
@pytest.mark.parametrize(("strong", "weak"), [("hard", "normal"), ("normal", "easy")])
def test_issue_25_3_each_level_beats_the_one_below_on_each_side_of_versus(
    strong: str, weak: str, side: str
) -> None:
    # 60% of the README's 30 games a side (18 wins; issue 14.7 for search against greedy, issue 25
    # for every level against the one below). The games run on every core, in order, and the run
    # stops once 18 wins are in (or 13 games are not won): the games left could not change the
    # verdict. The search team wins every game, so it is settled after 18; the search
    # Controller's 19 of 30 needs nearly all of them.
    needed = round(0.6 * SEARCH_GAMES)
    games = [(strong, weak, side, seed) for seed in range(1, SEARCH_GAMES + 1)]
    with in_order(level_wins, games) as results:
        found = tally(results, needed, SEARCH_GAMES)
    print(f"\n{strong} as {side} against {weak}: {found}")
    assert found.passed, found


#: the ``ai`` tables (Characters against the AI Controller) and the deals the slow test plays
AI_DEALS = range(21, 121)


def ai_config(players: int) -> GameConfig:
    """The ``ai`` table at the Crossroads (the ladder's default Scenario) with ``players`` Characters."""
    return GameConfig("ai", players, {"scenario": "crossroads"})


def ai_won(game: tuple[str, int, int]) -> bool:
    """Whether the ``level`` bot, as the whole team of ``players``, beats the AI Controller on ``seed``."""
    level, players, seed = game
    match = Match(RULESET, ai_config(players), seed)
    match.play_out(bot_for(RULESET, level))
    return match.state.winner == TEAM


def above_the_noise(below: int, deals: int) -> int:
    """The fewest wins of ``deals`` that beat ``below`` wins by more than the noise: twice the
    standard error of the difference of the two win rates (as the ladder prints each one's)."""
    lower = below / deals
    for wins in range(below + 1, deals + 1):
        upper = wins / deals
        spread = (upper * (1 - upper) + lower * (1 - lower)) / (deals - 1)
        if upper - lower > 2 * spread**0.5:
            return wins
    return deals + 1


def test_above_the_noise_asks_about_two_standard_errors_more() -> None:
    assert above_the_noise(109, 200) == 129  # 54.5% against the AI: hard needs 64.5% or more
    assert above_the_noise(200, 200) == 201  # nothing is above a clean sweep


@pytest.mark.slow(seconds=170)
def test_issue_25_hard_wins_more_deals_than_normal_by_more_than_the_noise_against_the_ai() -> None:
    # Issue 25: in a mode against the rules' opponent each level's mean result must beat the one
    # below by more than the noise. Normal's wins over the lone hero's 100 deals are counted first
    # (it is fast); hard's run stops once it has enough, or can no longer get them. Before the
    # careful rules (``engines.eternia.tactics``) hard won about as often as normal.
    with in_order(ai_won, [("normal", 1, seed) for seed in AI_DEALS]) as results:
        below = sum(results)
    needed = above_the_noise(below, len(AI_DEALS))
    with in_order(ai_won, [("hard", 1, seed) for seed in AI_DEALS]) as results:
        found = tally(results, needed, len(AI_DEALS))
    print(f"\nhard against the AI Controller, normal won {below}: {found}")
    assert found.passed, found
