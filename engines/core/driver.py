"""The one game driver: deal, ask, choose, apply and record — and where bots' dice come from.

Why one driver: the session service, the terminal, self-play, the benchmarks and the fuzz harness
all play games. Doing it through one :class:`Match` means each move is applied and logged the
same way everywhere, and deriving the bots' generator from (match seed, move number) in one
function (:func:`bot_rng`) means a bot makes the same move at the same point of the same game
whichever of them runs it — so a game a bot played in Discord replays in the terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.core.bots import Bot
from engines.core.levels import DIFFICULTIES as DIFFICULTIES  # re-exported: adapters list the levels
from engines.core.levels import level_bot, level_name
from engines.core.rng import Rng
from engines.core.ruleset import AnyRuleset
from engines.core.tutorial import script_bot
from engines.core.types import Action, Event, GameConfig, Outcome, Prompt, Step

_GOLDEN = 0x9E3779B97F4A7C15  # 2^64 / golden ratio: spreads consecutive move numbers apart
_MASK = (1 << 64) - 1

#: ``on_step(seat, action_key, step)``: told of every move a driver loop applies
OnStep = Callable[[int, str, Step], None]


def bot_rng(seed: int, seq: int) -> Rng:
    """The generator a bot (or a random player) uses for the move at ``seq`` of the match ``seed``."""
    return Rng((seed + (seq + 1) * _GOLDEN) & _MASK).fork()


def bot_name(ruleset: AnyRuleset, difficulty: str) -> str:
    """The name of the game's bot a difficulty (easy / normal / hard, or a bot's own name) stands for.

    ``tutorial:<game>`` is the opponent of the game's tutorial (see :mod:`engines.core.tutorial`);
    anything else is one of the game's own bots (see :func:`engines.core.levels.level_name`).
    """
    if script_bot(ruleset, difficulty) is not None:
        return difficulty
    return level_name(ruleset, difficulty)


def bot_for(ruleset: AnyRuleset, difficulty: str) -> Bot:
    """The game's bot for a difficulty (see :func:`bot_name`)."""
    scripted = script_bot(ruleset, difficulty)
    return scripted if scripted is not None else level_bot(ruleset, difficulty)


def bot_choice(ruleset: AnyRuleset, state: Any, seat: int, bot: Bot, seed: int) -> Action:
    """What ``bot`` plays for ``seat`` now, seeing only that seat's view."""
    prompt = ruleset.prompts(state)[seat]
    actions = ruleset.legal_actions(state, seat)
    return bot.choose(ruleset.view(state, seat), prompt, actions, bot_rng(seed, state.seq))


def run_bots(
    ruleset: AnyRuleset,
    state: Any,
    bots: Mapping[int, Bot],
    seed: int,
    *,
    on_step: OnStep | None = None,
    max_steps: int = 10_000,
) -> tuple[Any, list[Event]]:
    """Apply bot moves while only bot seats are asked; stop as soon as a person must decide.

    Bots move lowest seat first. A sealed decision shared by people and bots lets the bots seal
    first, then waits for the people.
    """
    events: list[Event] = []
    for _ in range(max_steps):
        pending = [seat for seat in sorted(ruleset.prompts(state)) if seat in bots]
        if not pending:
            return state, events
        seat = pending[0]
        action = bot_choice(ruleset, state, seat, bots[seat], seed)
        step = ruleset.apply(state, seat, action)
        if on_step is not None:
            on_step(seat, action.key, step)
        events.extend(step.events)
        state = step.state
    raise RuntimeError(f"{ruleset.slug}: bots did not yield to a person within {max_steps} moves")


class Match:
    """One game being played: its match record (config, seed, log) and its current state."""

    def __init__(self, ruleset: AnyRuleset, config: GameConfig, seed: int, state: Any = None) -> None:
        self.ruleset = ruleset
        self.config = config
        self.seed = seed
        self.state: Any = ruleset.setup(config, seed) if state is None else state
        self.log: list[tuple[int, int, str]] = []

    @property
    def seq(self) -> int:
        """The number of moves applied since the deal."""
        return int(self.state.seq)

    def prompts(self) -> Mapping[int, Prompt]:
        """The seats asked to decide now, with what they are asked."""
        return self.ruleset.prompts(self.state)

    def asked(self) -> list[int]:
        """The seats asked to decide now, lowest first."""
        return sorted(self.ruleset.prompts(self.state))

    def choices(self, seat: int) -> list[Action]:
        """``seat``'s legal actions now."""
        return list(self.ruleset.legal_actions(self.state, seat))

    def outcome(self) -> Outcome | None:
        """The result once the game is over."""
        return self.ruleset.outcome(self.state)

    def rng(self) -> Rng:
        """The generator for the next move's bot or random choice (see :func:`bot_rng`)."""
        return bot_rng(self.seed, self.seq)

    def bot_choice(self, seat: int, bot: Bot) -> Action:
        """What ``bot`` plays for ``seat`` now."""
        return bot_choice(self.ruleset, self.state, seat, bot, self.seed)

    def apply(self, seat: int, action: Action | str) -> Step:
        """Apply ``seat``'s move, log it and take the new state (``Rejected`` changes nothing)."""
        key = action if isinstance(action, str) else action.key
        step = self.ruleset.apply(self.state, seat, action)
        self.log.append((self.seq, seat, key))
        self.state = step.state
        return step

    def advance(
        self,
        bots: Mapping[int, Bot] | Bot,
        *,
        steps: int,
        random_order: bool = False,
        on_step: OnStep | None = None,
    ) -> int:
        """Let ``bots`` (one bot for every seat, or one per seat) make up to ``steps`` moves.

        Returns how many were made: fewer when the game ends. ``random_order`` picks which asked
        seat moves first at random (fuzzing sealed decisions); otherwise the lowest asked seat
        moves first, as at a table.
        """
        for made in range(steps):
            asked = self.asked()
            if not asked:
                return made
            rng = self.rng()
            seat = rng.choice(asked) if random_order else asked[0]
            bot = bots[seat] if isinstance(bots, Mapping) else bots
            action = bot.choose(
                self.ruleset.view(self.state, seat), self.prompts()[seat], self.choices(seat), rng
            )
            step = self.apply(seat, action)
            if on_step is not None:
                on_step(seat, action.key, step)
        return steps

    def play_out(
        self,
        bots: Mapping[int, Bot] | Bot,
        *,
        random_order: bool = False,
        on_step: OnStep | None = None,
        max_steps: int = 10_000,
    ) -> Outcome:
        """Let ``bots`` play to the end (see :meth:`advance`); return the outcome."""
        self.advance(bots, steps=max_steps, random_order=random_order, on_step=on_step)
        if self.asked():
            raise RuntimeError(f"{self.ruleset.slug} seed={self.seed}: no end within {max_steps} moves")
        outcome = self.outcome()
        if outcome is None:
            raise RuntimeError(
                f"{self.ruleset.slug} seed={self.seed}: nobody is asked but the game has no outcome"
            )
        return outcome
