"""The engine contract and the renderer contract, run over every registered game by itself.

No game opts in: each slug in ``engines.registry`` is fuzzed in every mode and player count it
declares (random legal play to the end, checking at every step that the input is never mutated,
states round-trip, ``seq`` grows by one, illegal and idle-seat actions are refused with a code,
no view holds a declared secret, conserved counts hold, and the game replays from its log), and
its renderer draws the board and every hand of states along the way: by default in each mode's
fewest and most seats, every count between in the slow set. The per-game files add their own
option variations and long runs on top.
"""

from __future__ import annotations

import pytest

from engines import registry
from engines.core import GameConfig, RandomBot, Rng
from engines.core.driver import Match
from engines.core.fuzz import fuzz_games
from engines.core.lesson import dry_run, explained, holds, lesson, walk
from engines.core.tutorial import LEARNER, has_tutorial
from engines.core.tutorial import read as read_tutorial
from render import registry as renderers
from tests.cases import every_mode

#: by default each mode's fewest and most seats; the counts between in the slow set
CASES = every_mode()
PNG = b"\x89PNG\r\n\x1a\n"


def test_every_game_has_a_renderer_and_every_renderer_a_game() -> None:
    assert sorted(registry.slugs()) == sorted(renderers.slugs())


@pytest.mark.parametrize(("slug", "mode", "players"), CASES)
def test_every_mode_keeps_the_engine_contract(slug: str, mode: str, players: int) -> None:
    """DESIGN "Testing" 1: the generic fuzz harness, for every game and mode, with no opt-in."""
    report = fuzz_games(registry.get(slug), [GameConfig(mode, players)], 2, first_seed=7_000)
    assert report.games == 2 and report.steps > 0 and sum(report.reasons.values()) == 2


#: games whose own slow tests already play long, fully checked random games in every mode and
#: player count, with the same contract checks (``fuzz_games`` / ``play_one`` with ``check=True``);
#: the long run below would only repeat them. A game not listed here gets it with no opt-in.
LONG_FUZZ_ELSEWHERE = {
    "arclash": "tests/engines/arclash/test_fuzz.py::test_fuzz_two_hundred_fully_checked_games",
    "clashofdecks": "tests/engines/clashofdecks/test_fuzz.py::test_fuzz_two_thousand_games",
    "hackclad": "tests/engines/hackclad/test_fuzz.py::test_fuzz_four_hundred_fifty_games",
    "eternia": "tests/engines/eternia/test_golden.py::"
    "test_a5_17_every_mode_and_seat_count_ends_in_time_under_the_fuzz_checks",
}
LONG_CASES = [case for case in CASES if case.values[0] not in LONG_FUZZ_ELSEWHERE]


def test_games_left_out_of_the_long_run_have_their_own() -> None:
    # each named test exists (a rename must update the table above)
    import importlib

    for slug, test in LONG_FUZZ_ELSEWHERE.items():
        assert slug in registry.slugs()
        path, name = test.split("::")
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        assert callable(getattr(module, name)), test


@pytest.mark.slow(seconds=40)  # climax: about 0.9 CPU seconds a checked random game
@pytest.mark.parametrize(("slug", "mode", "players"), LONG_CASES)
def test_every_mode_keeps_the_engine_contract_over_many_games(slug: str, mode: str, players: int) -> None:
    games = 40
    report = fuzz_games(registry.get(slug), [GameConfig(mode, players)], games, first_seed=8_000)
    assert report.games == games


@pytest.mark.parametrize(("slug", "mode", "players"), CASES)
def test_every_renderer_draws_every_mode(slug: str, mode: str, players: int) -> None:
    """DESIGN "Testing" 2: the board and every seat's hand render for states all through a game."""
    ruleset, renderer = registry.get(slug), renderers.get(slug)
    state = ruleset.setup(GameConfig(mode, players), 11)
    rng, bot = Rng(11), RandomBot()
    names = [f"Seat {n + 1}" for n in range(players)]
    for step in range(400):
        if step % 40 == 0 or not ruleset.prompts(state):
            assert renderer.board(ruleset.view(state, None), names).startswith(PNG)
            assert renderer.describe(ruleset.view(state, None))
            for seat in range(players):
                hand = renderer.hand(ruleset.view(state, seat), names)
                assert hand is None or hand.startswith(PNG)
        prompts = ruleset.prompts(state)
        if not prompts:
            break
        seat = rng.choice(sorted(prompts))
        action = bot.choose(ruleset.view(state, seat), prompts[seat], ruleset.legal_actions(state, seat), rng)
        state = ruleset.apply(state, seat, action).state


def _tutorial_games() -> list[str]:
    """The games that ship a tutorial (a game still being written counts as having none)."""
    found = []
    for slug in registry.slugs():
        try:
            ruleset = registry.get(slug)
        except (ImportError, AttributeError):
            continue
        if has_tutorial(ruleset):
            found.append(slug)
    return found


@pytest.mark.parametrize("slug", _tutorial_games())
def test_every_tutorial_plays_to_its_end_showing_each_explanation_once_at_its_moment(slug: str) -> None:
    ruleset = registry.get(slug)
    tutorial = read_tutorial(ruleset)
    rehearsal = dry_run(ruleset, tutorial)  # the game ends and every explanation shows, or it raises
    config, seed = tutorial.config(ruleset), tutorial.header.seed
    # the file lists its explanations in the order the learner meets them
    order = [rehearsal.shown[e.key] for e in tutorial.explains]
    assert order == sorted(order)
    replayed = Match(ruleset, config, seed)
    for _, seat, key in rehearsal.log:
        replayed.apply(seat, key)
    assert replayed.outcome() is not None
    # a scripted learner makes the rehearsal's moves; before each of them the learner is told
    # what the log says is due there, so every explanation appears once, at the decision where
    # its condition first held
    told: dict[str, list[int]] = {}
    decisions = [at for at, (_, seat, _) in enumerate(rehearsal.log) if seat == LEARNER]
    last = max(rehearsal.shown.values())
    # each lesson replays the log so far: the decisions after the last explanation (two of them
    # checked here) are covered by the walk below, which finds nothing more due to the end
    for number, at in enumerate(decisions[: last + 3]):
        lesson_now = lesson(ruleset, tutorial, config, seed, rehearsal.log[:at], "en", with_note=False)
        assert lesson_now.asked
        for text in lesson_now.explains:
            told.setdefault(text, []).append(number)
    assert told == {explained(e, ruleset, "en"): [rehearsal.shown[e.key]] for e in tutorial.explains}
    walked = list(walk(ruleset, tutorial, config, seed, rehearsal.log))
    assert len(walked) == len(decisions) and not any(d.explains for d in walked[last + 1 :])
    for item in tutorial.explains:
        decision = walked[rehearsal.shown[item.key]]
        if item.prompt or item.view:
            assert holds(item, decision.prompt, (), ruleset.view(decision.state, LEARNER)), item.key
    assert not lesson(ruleset, tutorial, config, seed, rehearsal.log, "en", with_note=False).asked
