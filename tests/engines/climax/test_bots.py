"""Bots: legal choices from their own view only; greedy beats random; the greedy habits that used to
favour one deck over another (issue 13.6); the search bot's bounded work and its share against
greedy (slow: under about 30 deals a share says nothing)."""

from __future__ import annotations

import pytest

from engines.climax import RULESET
from engines.climax.bots import BOTS, SEARCHED, Greedy, Search
from engines.climax.selfplay import config, winner
from engines.climax.state import ClimaxState, ClimaxView, Job
from engines.core import Action, Bot, GameConfig, Prompt, Rng
from engines.core.driver import bot_for
from tests.decided import in_order, tally
from tests.engines.climax.helpers import do, put, stage, start, table


def _match(first: Bot, second: Bot, games: int, seed: int = 500) -> dict[str, int]:
    """Play ``games`` games, seats alternating; wins by bot name."""
    wins = {first.name: 0, second.name: 0}
    for game in range(games):
        seats = {game % 2: first, 1 - game % 2: second}
        state = RULESET.setup(GameConfig("duel", 2), seed + game)
        rng = Rng(game)
        while prompts := RULESET.prompts(state):
            seat = next(iter(prompts))
            actions = RULESET.legal_actions(state, seat)
            action = seats[seat].choose(RULESET.view(state, seat), prompts[seat], actions, rng)
            assert action in actions
            state = RULESET.apply(state, seat, action).state
        outcome = RULESET.outcome(state)
        assert outcome is not None
        wins[seats[outcome.winners[0]].name] += 1
    return wins


def _greedy(state: ClimaxState, seat: int) -> Action:
    """What the greedy bot plays for ``seat`` now, from its own view."""
    prompt = RULESET.prompts(state)[seat]
    return Greedy().choose(RULESET.view(state, seat), prompt, RULESET.legal_actions(state, seat), Rng(1))


def test_bots_are_listed_weakest_first() -> None:
    assert list(RULESET.bots()) == ["random", "greedy", "search"]


def test_greedy_beats_random() -> None:
    bots = RULESET.bots()
    wins = _match(bots["greedy"], bots["random"], 10)
    assert wins["greedy"] >= 9


@pytest.mark.slow(seconds=6)
def test_search_bot_plays_a_legal_game() -> None:
    bots = RULESET.bots()
    wins = _match(bots["search"], bots["random"], 1)
    assert sum(wins.values()) == 1


def test_greedy_never_rallies_from_the_front_row_where_resting_costs_the_attack() -> None:
    state = table()
    stage(state, 0, 0, "Y07")  # rally +1500, front left
    stage(state, 0, 1, "Y02")
    stage(state, 1, 1, "G02")  # 3000 against 3000: the bonus would win this battle
    put(state, 0, "stock", "Y02", "Y02")
    start(state, Job(kind="main", seat=0))
    assert "a.0" in [a.key for a in RULESET.legal_actions(state, 0)]
    assert _greedy(state, 0).key == "end"


def test_greedy_rallies_from_the_back_row_onto_the_battle_the_bonus_wins() -> None:
    state = table()
    stage(state, 0, 3, "Y07")  # back left
    helped = stage(state, 0, 1, "Y02")  # 3000 against 3000 in front centre
    stage(state, 0, 0, "Y09")  # 5500 against 3000: wins anyway
    stage(state, 1, 0, "G02")
    stage(state, 1, 1, "G02")
    put(state, 0, "stock", "Y02", "Y02")
    start(state, Job(kind="main", seat=0))
    assert _greedy(state, 0).key == "a.3"
    state = do(state, 0, "a.3")
    assert _greedy(state, 0).card == helped


def test_greedy_counters_only_when_the_counter_changes_the_battle() -> None:
    def attacked(defender: str) -> ClimaxState:
        state = table()
        put(state, 0, "deck", *["Y02"] * 10)
        put(state, 1, "deck", *["G02"] * 10)
        stage(state, 0, 0, "Y02")  # 3000 attacks
        stage(state, 1, 0, defender)
        put(state, 1, "hand", "Y03")  # backup +1000, level 0, no cost
        start(state, Job(kind="attack", seat=0))
        return do(state, 0, "f.0")

    assert _greedy(attacked("G02"), 1).key.startswith("k.")  # 3000 tie: the backup saves it
    assert _greedy(attacked("G10"), 1).key == "pass"  # 7500: safe without it
    assert _greedy(attacked("G01"), 1).key == "pass"  # 1000: lost even with it


def test_greedy_does_not_battle_a_revenge_character_with_a_bigger_one() -> None:
    def facing(design: str) -> str:
        state = table()
        stage(state, 0, 0, "Y10")  # level 2, 7500
        stage(state, 1, 0, design)
        start(state, Job(kind="attack", seat=0))
        return _greedy(state, 0).key

    assert facing("G02") == "f.0"  # a plain 3000: beat it
    assert facing("G03") == "s.0"  # revenge would take the level 2 down with it: go past


def test_search_bot_weighs_every_candidate_in_the_same_worlds_within_its_move_budget() -> None:
    state = RULESET.setup(GameConfig("duel", 2), 7)
    greedy = BOTS["greedy"]
    while (prompt := RULESET.prompts(state)) and next(iter(prompt.values())).kind != "attack":
        seat = next(iter(prompt))
        actions = RULESET.legal_actions(state, seat)
        action = greedy.choose(RULESET.view(state, seat), prompt[seat], actions, Rng(3))
        state = RULESET.apply(state, seat, action).state
    seat, asked = next(iter(prompt.items()))
    view, actions = RULESET.view(state, seat), RULESET.legal_actions(state, seat)
    roomy = Search(samples=4, budget=10**9)
    action, worlds, moves = roomy.plan(view, asked, actions, Rng(5))
    assert action in actions and worlds == 4 and moves > 0
    tight = Search(samples=4, budget=1)  # the budget is checked between worlds: one world, then stop
    assert tight.plan(view, asked, actions, Rng(5))[1] == 1
    assert roomy.plan(view, asked, actions, Rng(5)) == (action, worlds, moves)  # same dice, same move


def _searched_positions(
    seed: int, every: int = 4, limit: int = 8
) -> list[tuple[ClimaxView, Prompt, list[Action]]]:
    """Every ``every``-th decision the search bot weighs, met along a greedy game from ``seed``."""
    state = RULESET.setup(GameConfig("duel", 2), seed)
    found: list[tuple[ClimaxView, Prompt, list[Action]]] = []
    n = 0
    while (prompts := RULESET.prompts(state)) and len(found) < limit:
        seat = next(iter(prompts))
        actions = RULESET.legal_actions(state, seat)
        view = RULESET.view(state, seat)
        if prompts[seat].kind in SEARCHED and len(actions) > 1:
            n += 1
            if n % every == 0:
                found.append((view, prompts[seat], actions))
        state = RULESET.apply(state, seat, Greedy().choose(view, prompts[seat], actions, Rng(n))).state
    return found


#: (prompt kind, choice, worlds, playout moves) of ``Search(samples=2, width=4, budget=150)`` on
#: the positions above, recorded with the search loop climax had before it moved onto the kit
BEFORE_THE_KIT = [
    ("main", "end", 2, 76),
    ("main", "end", 2, 106),
    ("main", "m.0.3", 2, 179),
    ("attack", "end", 2, 48),
    ("main", "end", 2, 185),
    ("clock", "pass", 2, 247),
    ("main", "end", 2, 212),
    ("attack", "s.2", 2, 155),
]


def test_search_bot_on_the_kit_makes_the_choices_it_made_before() -> None:
    made = []
    for i, (view, prompt, actions) in enumerate(_searched_positions(7)):
        action, worlds, moves = Search(samples=2, width=4, budget=150).plan(view, prompt, actions, Rng(i))
        made.append((prompt.kind, action.key, worlds, moves))
    assert made == BEFORE_THE_KIT


def level_wins(game: tuple[str, str, int, int]) -> bool:
    """Whether the ``strong`` level beats the ``weak`` one in the deal ``seed`` with ``strong`` in
    ``seat`` (one game of ``selfplay.bot_share``, with the defaults the README measures)."""
    strong, weak, seed, seat = game
    bots = {seat: bot_for(RULESET, strong), 1 - seat: bot_for(RULESET, weak)}
    return winner(config(), seed, bots) == seat


@pytest.mark.slow(seconds=1150)
@pytest.mark.parametrize(("strong", "weak"), [("hard", "normal"), ("normal", "easy")])
def test_issue_25_3_each_level_beats_the_one_below_in_60_percent_of_200_games(strong: str, weak: str) -> None:
    # Issue 13.6 fixed the games (200: 100 deals, both seats) and the bot (the default Search, 4-7
    # CPU seconds a game), so neither is cut; issue 25 asks the same 60% of normal against easy.
    # The games run on every core, in order, and the run stops once 120 wins are in (or 81 games
    # lost): the games left cannot change the verdict, and at the README's 70% the 120th win comes
    # near the 170th game (greedy against random: near the 125th).
    games = [(strong, weak, seed, seat) for seed in range(1, 101) for seat in (0, 1)]
    with in_order(level_wins, games) as results:
        found = tally(results, needed=120, total=len(games))
    print(f"\n{strong} vs {weak} (100 deals, both seats): {found}")
    assert found.passed, found
