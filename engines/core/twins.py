"""The hidden-information test: twin states must look the same to the viewer they are twins for.

At every step of a random game, and for every viewer (each seat and the spectator), the game's
``Ruleset.twin`` deals a second state that differs from the first only in what that viewer may
not know, and moves its move number on, since the count of moves includes hidden ones. Then
everything the viewer is shown must be equal on both:

- the viewer's View and the game's outcome;
- who is asked, and for each other seat only its public line and whether it decides in private
  or in secret (never its text or choices);
- the viewer's own prompt and legal actions;
- after the same action is applied to both, the narration the viewer reads, unless the action
  revealed something (the viewer's views of the two results then differ, as they may, or the
  same lines come in another order: hidden cards turned up one by one in the order they lay);
- anything the caller adds through ``extra`` (pictures, message text and buttons, built by the
  layers above the engine from the same two states).

Each game runs this through the contract test for every registered game and mode; a game whose
declared secrets are non-empty but whose twins never differ from the original fails, so no game
passes by hiding nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from engines.core.errors import Rejected
from engines.core.fuzz import ContractViolation
from engines.core.rng import Rng
from engines.core.ruleset import AnyRuleset
from engines.core.types import Action, Event, GameConfig, Prompt

_msgpack = msgspec.msgpack.Encoder()

#: ``extra(state, twin, viewer, where)``: more comparisons made above the engine (may raise)
Extra = Callable[[Any, Any, "int | None", str], None]
#: a place holding a card a viewer cannot see: (the list that holds it, the index in that list)
Place = tuple[list[str], int]


def deal_again(places: Sequence[Place], rng: Rng) -> dict[str, str]:
    """Deal the cards lying in ``places`` afresh among the same places (in place), for a game's
    ``Ruleset.twin``; return which card now lies where each card lay (old id -> new id).

    The deal never comes out the same when two places hold different cards, so a twin really
    differs whenever anything is hidden.
    """
    before = [cards[i] for cards, i in places]
    after = list(before)
    rng.shuffle(after)
    if after == before and len(after) > 1:
        after[0], after[1] = after[1], after[0]
    for (cards, i), iid in zip(places, after, strict=True):
        cards[i] = iid
    return dict(zip(before, after, strict=True))


@dataclass
class TwinReport:
    """What a twin run saw: pairs compared, pairs that really differed, narrations compared."""

    games: int = 0
    steps: int = 0
    pairs: int = 0
    differing: int = 0
    narrations: int = 0
    reordered: int = 0


def _seen_prompt(prompt: Prompt, viewer: int | None) -> tuple[Any, ...]:
    """What ``viewer`` may know of ``prompt``: all of it when it is theirs, else its public face."""
    if viewer == prompt.seat:
        return (prompt.kind, prompt.text, prompt.private, prompt.sealed, prompt.public)
    return (prompt.public_line(), prompt.private, prompt.sealed)


def _actions(actions: Sequence[Action]) -> list[tuple[Any, ...]]:
    return [(a.key, a.label, a.group, a.card, a.params) for a in actions]


def _narration(events: Sequence[Event], viewer: int | None) -> list[str]:
    return [text for event in events if (text := event.text_for(viewer))]


def _hidden_equal(ruleset: AnyRuleset, a: Any, b: Any) -> bool:
    """True when two states are equal apart from their move numbers."""
    b = ruleset.clone(b)
    b.seq = a.seq
    return bool(ruleset.encode(a) == ruleset.encode(b))


def compare(ruleset: AnyRuleset, state: Any, twin: Any, viewer: int | None, where: str) -> None:
    """Raise :class:`ContractViolation` unless ``viewer`` is shown the same on both states."""
    if _msgpack.encode(ruleset.view(state, viewer)) != _msgpack.encode(ruleset.view(twin, viewer)):
        raise ContractViolation(f"{where}: the view for {viewer} differs between twins")
    if ruleset.outcome(state) != ruleset.outcome(twin):
        raise ContractViolation(f"{where}: the outcome differs between twins")
    asked, asked_twin = ruleset.prompts(state), ruleset.prompts(twin)
    if sorted(asked) != sorted(asked_twin):
        raise ContractViolation(f"{where}: who is asked differs between twins ({viewer=})")
    for seat, prompt in asked.items():
        if _seen_prompt(prompt, viewer) != _seen_prompt(asked_twin[seat], viewer):
            raise ContractViolation(
                f"{where}: {viewer=} reads seat {seat}'s prompt differently: "
                f"{_seen_prompt(prompt, viewer)} vs {_seen_prompt(asked_twin[seat], viewer)}"
            )
    if viewer is not None and viewer in asked:
        mine, theirs = ruleset.legal_actions(state, viewer), ruleset.legal_actions(twin, viewer)
        if _actions(mine) != _actions(theirs):
            raise ContractViolation(f"{where}: seat {viewer}'s choices differ between twins")


def check_twins(
    ruleset: AnyRuleset,
    config: GameConfig,
    seed: int,
    *,
    max_steps: int = 5000,
    every: int = 1,
    extra: Extra | None = None,
    extra_every: int = 1,
    report: TwinReport | None = None,
) -> TwinReport:
    """Play one random game from ``seed``, comparing twins for every viewer every ``every`` steps."""
    report = report if report is not None else TwinReport()
    state = ruleset.setup(config, seed)
    players = int(ruleset.view(state, None).players)
    play_rng, twin_rng = Rng(seed ^ 0x5EED), Rng(seed ^ 0x7141)
    viewers: list[int | None] = [None, *range(players)]
    for step_no in range(max_steps):
        prompts = ruleset.prompts(state)
        where = f"{ruleset.slug} {config.mode} ({config.players}) seed={seed} seq={state.seq}"
        twins: dict[int | None, Any] = {}
        if step_no % every == 0 or not prompts:
            for viewer in viewers:
                twin = ruleset.twin(state, viewer, twin_rng)
                if twin is None:
                    continue
                twin.seq = state.seq + 1 + twin_rng.below(7)
                report.pairs += 1
                if not _hidden_equal(ruleset, state, twin):
                    report.differing += 1
                compare(ruleset, state, twin, viewer, where)
                if extra is not None and step_no % extra_every == 0:
                    extra(state, twin, viewer, where)
                twins[viewer] = twin
        if not prompts:
            break
        seat = play_rng.choice(sorted(prompts))
        action = play_rng.choice(ruleset.legal_actions(state, seat))
        step = ruleset.apply(state, seat, action)
        for viewer, twin in twins.items():
            try:
                other = ruleset.apply(twin, seat, action.key)
            except Rejected:
                continue  # the choice itself rested on what this viewer cannot see
            view_a = _msgpack.encode(ruleset.view(step.state, viewer))
            if view_a != _msgpack.encode(ruleset.view(other.state, viewer)):
                continue  # the move revealed something to this viewer: its news may differ
            report.narrations += 1
            told, told_twin = _narration(step.events, viewer), _narration(other.events, viewer)
            if told != told_twin and sorted(told) == sorted(told_twin):
                # Same lines, another order: the move drew hidden cards in the order they lay
                # (an automaton turning up its deck) and told it; the order is the news.
                report.reordered += 1
                continue
            if told != told_twin:
                raise ContractViolation(
                    f"{where}: seat {seat} {action.key!r} narrates differently to {viewer} on twins: "
                    f"{_narration(step.events, viewer)} vs {_narration(other.events, viewer)}"
                )
        state = step.state
        report.steps += 1
    else:
        raise ContractViolation(f"{ruleset.slug} seed={seed}: no end within {max_steps} steps")
    report.games += 1
    return report
