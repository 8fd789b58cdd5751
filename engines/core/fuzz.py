"""A generic harness that plays random legal games and checks the engine contract at every step.

Every game's test suite calls :func:`fuzz_games`. It checks, for each step: the input state is
never mutated; ``clone`` gives an equal state; the state round-trips through encode/decode;
``seq`` grows by one; an unknown
action and a seat that is not asked are both rejected with a code and change nothing; every
seat's and the spectator's view encodes and holds none of the ruleset's declared secrets;
conserved counts stay fixed; and that every game ends within ``max_steps`` with an outcome and
replays exactly from its seed and log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from engines.core.driver import Match
from engines.core.errors import Code, Rejected
from engines.core.replay import ReplayError, replay
from engines.core.rng import Rng
from engines.core.ruleset import AnyRuleset
from engines.core.types import Action, GameConfig

_json = msgspec.json.Encoder()


class ContractViolation(AssertionError):
    """The engine broke the contract; the message says which game, seed and step."""


@dataclass
class FuzzReport:
    """What a fuzz run saw."""

    games: int = 0
    steps: int = 0
    longest: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    wins: dict[int, int] = field(default_factory=dict)


Chooser = Callable[[Any, int, Sequence[Action], Rng], Action]


def _random_choice(state: Any, seat: int, actions: Sequence[Action], rng: Rng) -> Action:
    return rng.choice(actions)


def _check_views(ruleset: AnyRuleset, state: Any, where: str, players: int) -> None:
    viewers: list[int | None] = [None, *range(players)]
    for viewer in viewers:
        view = ruleset.view(state, viewer)
        text = _json.encode(view).decode()
        for secret in ruleset.secrets(state, viewer):
            if secret and secret in text:
                raise ContractViolation(f"{where}: view for {viewer} leaks {secret!r}")


def _players(ruleset: AnyRuleset, state: Any) -> int:
    return int(ruleset.view(state, None).players)


def play_one(
    ruleset: AnyRuleset,
    config: GameConfig,
    seed: int,
    *,
    max_steps: int = 5000,
    check: bool = True,
    chooser: Chooser = _random_choice,
) -> tuple[Any, list[tuple[int, int, str]]]:
    """Play one random game to the end; return the final state and the action log."""
    match = Match(ruleset, config, seed)
    state = match.state
    conserved = ruleset.conserved(state) if check else None
    players = _players(ruleset, state)
    for _ in range(max_steps):
        state = match.state
        where = f"{ruleset.slug} {config.mode} seed={seed} seq={state.seq}"
        prompts = match.prompts()
        if not prompts:
            break
        rng = match.rng()
        seat = rng.choice(sorted(prompts))
        actions = match.choices(seat)
        if not actions:
            raise ContractViolation(f"{where}: seat {seat} is prompted but has no legal action")
        keys = [a.key for a in actions]
        if len(set(keys)) != len(keys):
            raise ContractViolation(f"{where}: duplicate action keys {keys}")
        action = chooser(state, seat, actions, rng)
        if check:
            if ruleset._find_action(state, seat, action.key) != action:
                raise ContractViolation(f"{where}: _find_action disagrees with legal_actions: {action.key!r}")
            before = ruleset.encode(state)
            if ruleset.encode(ruleset.clone(state)) != before:  # games may override clone for speed
                raise ContractViolation(f"{where}: clone is not equal to the state it copies")
            _expect_rejected(ruleset, state, seat, "\x00no-such-action", where)
            idle = [s for s in range(players) if s not in prompts]
            if idle:
                _expect_rejected(ruleset, state, idle[0], action.key, where)
            _check_views(ruleset, state, where, players)
        step = match.apply(seat, action)
        if check:
            if ruleset.encode(state) != before:
                raise ContractViolation(f"{where}: apply mutated its input")
            encoded = ruleset.encode(step.state)
            if ruleset.encode(ruleset.decode(encoded)) != encoded:
                raise ContractViolation(f"{where}: state does not round-trip")
            if step.state.seq != state.seq + 1:
                raise ContractViolation(f"{where}: seq did not grow by one")
            for event in step.events:
                if event.visibility != "public" and event.seat is None:
                    raise ContractViolation(f"{where}: hidden event {event.kind} names no seat")
            if conserved is not None and ruleset.conserved(step.state) != conserved:
                raise ContractViolation(
                    f"{where}: conserved counts changed {conserved} -> {ruleset.conserved(step.state)}"
                )
    else:
        raise ContractViolation(f"{ruleset.slug} {config.mode} seed={seed}: no end within {max_steps} steps")
    state, log = match.state, match.log
    if ruleset.outcome(state) is None:
        raise ContractViolation(f"{ruleset.slug} seed={seed}: no prompts but no outcome")
    if check:
        _check_views(ruleset, state, f"{ruleset.slug} seed={seed} final", players)
        try:
            replayed = replay(ruleset, config, seed, log)
        except ReplayError as exc:
            raise ContractViolation(f"{ruleset.slug} {config.mode} seed={seed}: {exc}") from exc
        if ruleset.encode(replayed) != ruleset.encode(state):
            raise ContractViolation(f"{ruleset.slug} {config.mode} seed={seed}: replay differs")
    return state, log


def _expect_rejected(ruleset: AnyRuleset, state: Any, seat: int, key: str, where: str) -> None:
    try:
        ruleset.apply(state, seat, key)
    except Rejected as exc:
        if not isinstance(exc.code, Code) or not exc.message:
            raise ContractViolation(f"{where}: rejection without a Code or a message") from exc
        return
    raise ContractViolation(f"{where}: seat {seat} action {key!r} should have been rejected")


def fuzz_games(
    ruleset: AnyRuleset,
    configs: Sequence[GameConfig],
    games: int,
    *,
    first_seed: int = 1,
    max_steps: int = 5000,
    check: bool = True,
) -> FuzzReport:
    """Play ``games`` random games cycling through ``configs``; raise on any contract breach."""
    report = FuzzReport()
    for i in range(games):
        config = configs[i % len(configs)]
        seed = first_seed + i
        state, log = play_one(ruleset, config, seed, max_steps=max_steps, check=check)
        outcome = ruleset.outcome(state)
        assert outcome is not None
        report.games += 1
        report.steps += len(log)
        report.longest = max(report.longest, len(log))
        report.reasons[outcome.reason] = report.reasons.get(outcome.reason, 0) + 1
        for seat in outcome.winners:
            report.wins[seat] = report.wins.get(seat, 0) + 1
    return report
