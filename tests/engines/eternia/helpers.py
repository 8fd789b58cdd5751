"""Exact positions for the Eternia rule tests: deal, clear the Battlefield, place models, script dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engines.core import Action, GameConfig
from engines.eternia import RULESET, attack
from engines.eternia.ctx import CHOICES, Ctx
from engines.eternia.hexes import Hex, offset_to_axial
from engines.eternia.state import EtState, Model


def dealt(
    mode: str = "ai", players: int = 1, seed: int = 1, seats: tuple[dict[str, Any], ...] = (), **options: Any
) -> EtState:
    """A freshly dealt game (still in its first Order Phase)."""
    return RULESET.setup(GameConfig(mode, players, dict(options), seats), seed)


def scene(mode: str = "ai", players: int = 1, seed: int = 1, **options: Any) -> Ctx:
    """A mid-Activation table with a bare Battlefield: every model off, no terrain, nothing queued."""
    seats = options.pop("seats", ())
    st = dealt(mode, players, seed, seats, **options)
    for m in st.models:
        m.hexes = []
    st.tokens = {}
    st.terrain = {}
    st.objectives = []
    st.agenda.clear()
    st.phase = "activation"
    return Ctx(st)


def at(col: int, row: int) -> Hex:
    """The axial hex of an offset cell [col, row]."""
    return offset_to_axial(col, row)


def put(ctx: Ctx, mid: str, col: int, row: int, **fields: Any) -> Model:
    """Place model ``mid`` on cell [col, row], setting any other fields given."""
    m = ctx.model(mid)
    m.hexes = [at(col, row)]
    for name, value in fields.items():
        setattr(m, name, value)
    return m


def options(ctx: Ctx) -> list[Action]:
    """The legal actions of the pending choice."""
    p = ctx.state.agenda.pending
    assert p is not None, "nothing is pending"
    return CHOICES[p.kind].actions(ctx, p)


def keys(ctx: Ctx) -> list[str]:
    """The keys of the pending choice's actions."""
    return [a.key for a in options(ctx)]


def pending_kind(ctx: Ctx) -> str:
    """The kind of the pending choice, or "" when nothing waits."""
    p = ctx.state.agenda.pending
    return p.kind if p is not None else ""


def choose(ctx: Ctx, key: str) -> None:
    """Answer the pending choice with the action ``key`` and run on."""
    p = ctx.state.agenda.pending
    assert p is not None, f"nothing is pending for {key!r}"
    found = [a for a in CHOICES[p.kind].actions(ctx, p) if a.key == key]
    assert found, f"{key!r} is not among {[a.key for a in CHOICES[p.kind].actions(ctx, p)]}"
    ctx.answer(CHOICES[p.kind], found[0])


def settle(ctx: Ctx, answers: tuple[str, ...] = ("done", "auto", "stay", "skip", "end")) -> None:
    """Run on, answering every pending choice with the first of ``answers`` it offers."""
    ctx.run()
    for _ in range(200):
        if ctx.state.agenda.pending is None:
            return
        offered = keys(ctx)
        choose(ctx, next((k for k in answers if k in offered), offered[0]))
    raise AssertionError("the agenda never settled")


def script_dice(monkeypatch: pytest.MonkeyPatch, *faces: str) -> list[int]:
    """Make every roll return the next ``faces``; returns the list of dice counts asked for."""
    queue = list(faces)
    asked: list[int] = []

    def fake(ctx: Ctx, n: int) -> list[str]:
        n = min(n, ctx.content.rules.max_dice)
        asked.append(n)
        out, queue[:n] = queue[:n], []
        assert len(out) == n, f"the script ran out of dice ({n} asked)"
        return out

    monkeypatch.setattr(attack, "roll", fake)
    return asked


def events(ctx: Ctx, kind: str) -> list[str]:
    """The text of every event of ``kind`` so far."""
    return [e.text for e in ctx.events if e.kind == kind]


Answer = Callable[[Ctx], None]
