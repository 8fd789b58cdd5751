"""Letting bots take their turns: shared by the session service, the terminal and self-play."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engines.core.bots import Bot
from engines.core.rng import Rng
from engines.core.ruleset import AnyRuleset
from engines.core.types import Event, Step

DIFFICULTIES = ("easy", "normal", "hard")


def bot_for(ruleset: AnyRuleset, difficulty: str) -> Bot:
    """Map a difficulty (easy / normal / hard, or a bot's own name) onto the game's bots.

    ``bots()`` lists a game's bots weakest first: easy is the weakest, hard the strongest and
    normal the one in the middle (rounding up towards the stronger).
    """
    bots = list(ruleset.bots().values())
    by_name = ruleset.bots()
    if difficulty in by_name:
        return by_name[difficulty]
    if difficulty == "easy":
        return bots[0]
    if difficulty == "hard":
        return bots[-1]
    if difficulty == "normal":
        return bots[len(bots) // 2]
    names = ", ".join([*DIFFICULTIES, *by_name])
    raise ValueError(f"Unknown difficulty {difficulty!r}; choose one of: {names}.")


def bot_step(ruleset: AnyRuleset, state: object, seat: int, bot: Bot, rng: Rng) -> Step:
    """Ask ``bot`` for ``seat``'s move (from that seat's view only) and apply it."""
    prompt = ruleset.prompts(state)[seat]
    actions = ruleset.legal_actions(state, seat)
    action = bot.choose(ruleset.view(state, seat), prompt, actions, rng)
    return ruleset.apply(state, seat, action)


def run_bots(
    ruleset: AnyRuleset,
    state: object,
    bots: Mapping[int, Bot],
    rng: Rng,
    *,
    on_step: Callable[[int, str, Step], None] | None = None,
    max_steps: int = 10_000,
) -> tuple[object, list[Event]]:
    """Apply bot moves while only bot seats are asked; stop as soon as a person must decide.

    ``on_step(seat, action_key, step)`` sees every applied move (to log it). A sealed decision
    shared by people and bots lets the bots seal first, then waits for the people.
    """
    events: list[Event] = []
    for _ in range(max_steps):
        prompts = ruleset.prompts(state)
        pending = [seat for seat in sorted(prompts) if seat in bots]
        if not pending:
            return state, events
        seat = pending[0]
        prompt = prompts[seat]
        actions = ruleset.legal_actions(state, seat)
        action = bots[seat].choose(ruleset.view(state, seat), prompt, actions, rng)
        step = ruleset.apply(state, seat, action)
        if on_step is not None:
            on_step(seat, action.key, step)
        events.extend(step.events)
        state = step.state
    raise RuntimeError(f"{ruleset.slug}: bots did not yield to a person within {max_steps} moves")
