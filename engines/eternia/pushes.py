"""Pushes, pulls and moves made by an Enemy's effect (A1.10 #58): where a model may be pushed, and the
choice of where it ends.

A push follows a line away from (or, for a pull, towards) the model pushing; Mind Control moves an
Enemy freely. Other models and impassable spaces stop it; it suffers no Escape Damage and Daze does
not shorten it, but every space entered still applies its Terrain Penalty (A5-8). The AI Controller
pushes as is worst for the Players (A3.10).
"""

from __future__ import annotations

from engines.core.types import Action
from engines.eternia import hexes
from engines.eternia.ctx import CHOICES, TASKS, Ctx, choice, key
from engines.eternia.hexes import Hex
from engines.eternia.mounted import mount_fits, settle_mount
from engines.eternia.moves import step
from engines.eternia.state import EtTask, Model, Pending


def push_options(ctx: Ctx, target: Model, source: Model, n: int, mode: str) -> dict[Hex, tuple[Hex, ...]]:
    """Where ``source`` may push ``target`` (A1.10 #58; other models and impassable spaces stop it)."""
    taken = ctx.occupied() - set(target.hexes)
    return hexes.push_destinations(
        target.hexes[0],
        source.hexes[0],
        n,
        mode,
        set(ctx.state.board),
        may_enter=lambda h: h not in taken and ctx.passable(h) and mount_fits(ctx, target, h, False),
    )


def push(ctx: Ctx, target: Model, path: tuple[Hex, ...], by: Model) -> None:
    """Push ``target`` along ``path`` (no Escape Damage, not shortened by Daze)."""
    if not path:
        return
    start = target.hexes[0]
    ctx.state.last_path = [start]
    for h in path:
        if not step(ctx, target, h, "push"):
            return
    settle_mount(ctx, target)
    ctx.say(
        "push",
        f"{ctx.who(by)} pushes {ctx.who(target)} {hexes.label(start)} → {hexes.label(target.hexes[0])}.",
    )


@TASKS.register("push_ask")
def _push_ask(ctx: Ctx, t: EtTask) -> None:
    target, by = ctx.model(t.model), ctx.model(t.target)
    if not target.hexes or not by.hexes:
        return
    opts = push_options(ctx, target, by, t.n, t.s)
    if len(opts) <= 1:
        return
    if t.s == "any" and not ctx.is_ai(by):
        ctx.ask(Pending(kind="push", seat=by.seat, model=target.id, skill=by.id, n=t.n, page=-1))
        return
    if ctx.is_ai(by):
        # [interp] Worst for the Players (A3.10): into a Terrain Penalty first; then as far from its
        # own model as it can (a pull, "towards": as close); then the hex order. The book has no
        # rule of its own for the AI's pushes, pulls or Mind Control.
        sign = -1 if t.s == "towards" else 1
        best = max(
            opts,
            key=lambda h: (ctx.penalty(h), sign * hexes.distance(h, by.hexes[0]), tuple(-x for x in h)),
        )
        push(ctx, target, opts[best], by)
        return
    ctx.ask(
        Pending(
            kind="push", seat=by.seat, model=target.id, skill=by.id, n=t.n * (1 if t.s != "towards" else -1)
        )
    )


def _push_mode(p: Pending) -> tuple[int, str]:
    # Pending.n carries the distance, its sign the direction; page -1 marks a free move (Mind Control).
    if p.page == -1:
        return (p.n, "any")
    return (abs(p.n), "towards" if p.n < 0 else "away")


def _push_actions(ctx: Ctx, p: Pending) -> list[Action]:
    target, by = ctx.model(p.model), ctx.model(p.skill)
    n, mode = _push_mode(p)
    opts = push_options(ctx, target, by, n, mode)
    return [
        Action(
            "stay" if not path else f"to.{key(h)}",
            "Leave it where it is" if not path else f"Push to {hexes.label(h)}",
            group="push",
            params=(h[0], h[1]),
        )
        for h, path in sorted(opts.items(), key=lambda kv: (len(kv[1]), kv[0]))
    ]


def _push_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    target, by = ctx.model(p.model), ctx.model(p.skill)
    n, mode = _push_mode(p)
    h = (int(a.params[0]), int(a.params[1]))
    push(ctx, target, push_options(ctx, target, by, n, mode)[h], by)


CHOICES.add(
    "push",
    choice(
        _push_actions,
        _push_answer,
        lambda ctx, p: f"Push {ctx.name(ctx.model(p.model))}: choose where it ends.",
    ),
)
