"""Stepping through a recorded game in the terminal (``bot.console.replay``): the commands, what each
step shows to whom, and how the record's end is told.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import pytest

from bot.console.replay import Replay
from engines.core import GameConfig
from engines.core.driver import Match, bot_for
from engines.core.timeline import build
from tests.bot.service.tinyrender import RENDERER
from tests.engines.core.tinygame import RULESET

CONFIG = GameConfig(mode="race", players=2)
NAMES = ("Ann", "Bob")


def _log(seed: int = 4) -> list[tuple[int, int, str]]:
    match = Match(RULESET, CONFIG, seed)
    match.play_out(bot_for(RULESET, "normal"))
    return match.log


def _replay(log: Sequence[tuple[int, int, str]], seats: tuple[int, ...] = (), seed: int = 4) -> Replay:
    timeline = build(RULESET, CONFIG, seed, log)
    return Replay(RULESET, RENDERER, timeline, NAMES, seats)


def test_the_commands_move_through_the_steps_and_say_why_when_they_cannot() -> None:
    replay = _replay(_log())
    last = replay.timeline.steps
    assert replay.command("", 0) == 1 and replay.command("n", 2) == 3
    assert replay.command("n", last) == f"This is the last step ({last}); q quits."
    assert replay.command("p", 3) == 2 and replay.command("p", 0) == "This is the first step (0, the deal)."
    assert replay.command("f", 3) == 0 and replay.command("L", 0) == last
    assert replay.command("2", 0) == 2
    assert replay.command("99", 0) == f"There is no step 99; the steps go from 0 to {last}."
    assert replay.command("q", 1) is None
    said = replay.command("dance", 1)
    assert isinstance(said, str) and said.startswith("'dance' is not a command here.")


def test_a_round_named_again_jumps_to_its_next_appearance() -> None:
    replay = _replay(_log())
    turns = [c.step for c in replay.timeline.chapters() if c.label == "Turn 1"]
    assert len(turns) >= 2  # the tiny game calls every second seat's turn "Turn 1"
    assert replay.command("r 1", 0) == turns[0]
    assert replay.command("r turn 1", turns[0]) == turns[1]
    starts = [c.step for c in replay.timeline.chapters() if c.label == "Start"]
    assert starts[0] == 0 and replay.command("r start", 0) == starts[1]
    assert replay.command("r 1", replay.timeline.steps) == turns[0]  # past the last: the first again
    missing = replay.command("r 7", 0)
    assert isinstance(missing, str) and missing.startswith("There is no round or turn '7' here; c lists")


def test_a_step_shows_the_public_side_only_unless_a_seat_is_asked_for() -> None:
    log = _log()
    public = _replay(log).page(1)
    assert public.startswith(f"Step 1 of {_replay(log).timeline.steps} · ")
    assert "Ann plays" in public and "Your hand" not in public and "You draw" not in public
    annes = _replay(log, seats=(0,)).page(1)
    assert "-- Ann (seat 1) alone sees:" in annes and "You draw a" in annes and "Your hand" in annes
    bobs_own = _replay(log, seats=(1,)).page(1)
    # Ann moved at step 1: Bob sees his hand but not what Ann drew
    assert "Bob (seat 2) alone sees:" in bobs_own and "You draw a" not in bobs_own
    assert bobs_own.count("Your hand") == 1 and "Ann (seat 1)" not in bobs_own


def test_the_last_step_tells_the_result_or_that_the_game_did_not_finish() -> None:
    log = _log()
    finished = _replay(log)
    outcome = finished.timeline.outcome
    assert outcome is not None
    winner, loser = NAMES[outcome.winners[0]], NAMES[1 - outcome.winners[0]]
    last = finished.page(finished.timeline.steps)
    assert last.endswith(f"Game over: {winner} wins (target reached).\nRanking: 1. {winner}; 2. {loser}.")
    assert "Game over" not in finished.page(finished.timeline.steps - 1)
    cut = _replay(log[:2])
    assert cut.page(cut.timeline.steps).endswith("The record ends here: the game was not finished.")


def test_piped_commands_are_followed_until_the_input_ends() -> None:
    replay = _replay(_log())
    out = io.StringIO()
    assert replay.run(io.StringIO("l\nf\nzz\nc\n"), out) == 0
    text = out.getvalue()
    headers = [line.split(" · ")[0] for line in text.splitlines() if line.startswith("Step ")]
    steps = replay.timeline.steps
    assert headers == [f"Step 0 of {steps}", f"Step {steps} of {steps}", f"Step 0 of {steps}"]
    assert "'zz' is not a command here." in text and "Turn 1: step " in text


@pytest.mark.parametrize("seat", [0, 1])
def test_no_step_ever_shows_the_other_seats_hand(seat: int) -> None:
    log = _log(seed=9)
    replay = _replay(log, seats=(seat,), seed=9)
    other = 1 - seat
    shown = 0
    for number in range(replay.timeline.steps + 1):
        state, _events = replay.timeline.step(number)
        page = replay.page(number)
        mine, theirs = (RULESET.view(state, s).hand for s in (seat, other))
        if mine:
            assert f"Your hand: {', '.join(mine)}." in page
            shown += 1
        if theirs:  # card names are unique, so the other hand's list never shows by chance
            assert f"Your hand: {', '.join(theirs)}." not in page
    assert shown > 0
