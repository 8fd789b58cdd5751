"""Mission cards: which are completed during play and which are judged at the end (book 3, 9 ③).

Why this sits below the context (``ctx``): gaining CP, moving, hitting and picking up shards all
check the in-play missions at once, from the context and from the rule modules. These checks only
read the witch and say what was completed, so they need nothing above the card ids (``cards``); the
context is passed in as the little of it they use (:class:`Told`), and imports this module.
"""

from __future__ import annotations

from functools import cache
from typing import Protocol

from engines.hackclad.cards import card_id, card_of
from engines.hackclad.content import Content, Mission, content
from engines.hackclad.state import HackState, WitchState


class Told(Protocol):
    """What a mission check reads of the working context (``ctx.Ctx``): witches, names, content, log."""

    @property
    def content(self) -> Content:
        """The game's content."""

    def witch(self, seat: int) -> WitchState:
        """The witch at ``seat``."""

    def who(self, seat: int) -> str:
        """The name the log gives ``seat``."""

    def say(self, kind: str, text: str | None = None, /, **params: object) -> None:
        """Log a public event."""


# The witch's tally each in-play mission kind is judged on (the other kinds are judged elsewhere).
_TALLIES = {
    "round_attacks": "attacks_round",
    "round_moved": "moved_round",
    "round_damage": "dealt_round",
    "round_picked": "picked_round",
    "cp_reached": "cp",
}


@cache
def _in_play() -> dict[str, tuple[str, int]]:
    # Checked after every move, hit and gain: each in-play mission's tally and threshold, by mission id.
    return {m.id: (_TALLIES[m.kind], m.n) for m in content().missions.values() if m.kind in _TALLIES}


def _complete(ctx: Told, seat: int, m: Mission) -> None:
    w = ctx.witch(seat)
    if m.id in w.missions and m.id not in w.completed:
        w.completed.append(m.id)
        ctx.say("mission", f"{ctx.who(seat)} completes the mission {m.title} ({m.vp} VP).")


def check_now(ctx: Told, seat: int) -> None:
    """Complete any held mission whose in-play condition (this round's tallies, CP) is now met."""
    w = ctx.witch(seat)
    rules = _in_play()
    for mid in w.missions:
        rule = rules.get(mid)
        if rule is not None and mid not in w.completed and getattr(w, rule[0]) >= rule[1]:
            _complete(ctx, seat, ctx.content.missions[mid])


def note_single_damage(ctx: Told, seat: int, amount: int) -> None:
    """A single skill card dealt ``amount`` in total."""
    for mid in ctx.witch(seat).missions:
        m = ctx.content.missions[mid]
        if m.kind == "single_damage" and amount >= m.n:
            _complete(ctx, seat, m)


def note_reduce(ctx: Told, seat: int, amount: int) -> None:
    """One Clad attack on the witch was cut by ``amount``."""
    for mid in ctx.witch(seat).missions:
        m = ctx.content.missions[mid]
        if m.kind == "single_reduce" and amount >= m.n:
            _complete(ctx, seat, m)


def deck_vp(state: HackState, seat: int) -> int:
    """VP printed on the nine cards the witch owns outside her enhanced pile."""
    w = state.witches[seat]
    owned = [card_id(seat, i) for i in range(16)]
    return sum(card_of(state, c).vp for c in owned if c not in w.enhanced)


def final_missions(state: HackState, seat: int) -> list[tuple[str, int]]:
    """Every mission the witch has completed by the end, with the VP each is worth now."""
    w = state.witches[seat]
    done: list[tuple[str, int]] = []
    for mid in w.missions:
        m = content().missions[mid]
        if (
            mid in w.completed
            or (m.kind == "final_injuries_at_most" and w.injuries <= m.n)
            or (m.kind == "final_deck_vp" and deck_vp(state, seat) >= m.n)
        ):
            done.append((mid, m.vp))
        elif m.kind == "final_mp":
            done.append((mid, w.mp))
    return done
