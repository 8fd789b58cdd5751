"""Tokens and teleports (A1.10 #57, A1.3 #20): placing a terrain token, clearing one, reappearing
elsewhere; the choices the Skills that do so open.

One token fits a space (#57); a token is cleared by a Skill or by the fallback Action (#20). A teleport
is a placement, not a walk. The AI Controller decides its own by the "worst for the Players" rule
(A3.9-10).
"""

from __future__ import annotations

from engines.core.types import Action
from engines.eternia import hexes
from engines.eternia.ctx import CHOICES, TASKS, Ctx, choice, key, paged, turn_page, unkey
from engines.eternia.damage import wound
from engines.eternia.state import EtTask, Model, Pending


def place_cells(ctx: Ctx, m: Model, n: int, what: str) -> list[hexes.Hex]:
    """Spaces within ``n`` of ``m``: free ones to teleport to, or ones holding a token to clear."""
    board = set(ctx.state.board)
    near = [h for h in hexes.within(m.hexes[0], n) if h in board and h != m.hexes[0]]
    if what == "clear":
        return [h for h in near if key(h) in ctx.state.tokens]
    taken = ctx.occupied()
    return [h for h in near if h not in taken and ctx.passable(h)]


@TASKS.register("place_ask")
def _place_ask(ctx: Ctx, t: EtTask) -> None:
    m = ctx.model(t.model)
    cells = place_cells(ctx, m, t.n, t.s) if m.hexes else []
    if not cells:
        return
    if ctx.is_ai(m):
        _ai_place(ctx, m, cells, t.s)
        return
    ctx.ask(Pending(kind="place", seat=m.seat, model=m.id, n=t.n, skill=t.s))


def _ai_place(ctx: Ctx, m: Model, cells: list[hexes.Hex], what: str) -> None:
    """[interp] The book gives the AI no teleport rule beyond "worst for the Players" (A3.9-10):
    it reappears on the free space nearest the nearest Enemy, avoiding Terrain Penalties, then by
    hex order; a token it clears is the one nearest an Enemy."""
    foes = [h for e in ctx.enemies(m) for h in e.hexes]
    if not foes:
        return
    near = {h: min(hexes.distance(h, f) for f in foes) for h in cells}
    if what == "clear":
        remove_token(ctx, m, min(cells, key=lambda h: (near[h], h)))
        return
    best = min(cells, key=lambda h: (ctx.penalty(h), near[h], h))
    ctx.say("ai", f"AI: {ctx.name(m)} reappears nearest the Enemy.")
    _teleport_to(ctx, m, best)


def _place_actions(ctx: Ctx, p: Pending) -> list[Action]:
    m = ctx.model(p.model)
    verb = "Clear the token at" if p.skill == "clear" else "Reappear at"
    opts = [
        Action(f"at.{key(h)}", f"{verb} {hexes.label(h)}", group="place", params=(h[0], h[1]))
        for h in place_cells(ctx, m, p.n, p.skill)
    ]
    return paged(opts, p.page, [Action("skip", "Do nothing", group="skip")])


def _place_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    if turn_page(ctx, p, a):
        return
    if a.key == "skip":
        return
    m = ctx.model(p.model)
    h = (int(a.params[0]), int(a.params[1]))
    if p.skill == "clear":
        remove_token(ctx, m, h)
        return
    _teleport_to(ctx, m, h)


def _teleport_to(ctx: Ctx, m: Model, h: hexes.Hex) -> None:
    """Place ``m`` on ``h`` at once (a teleport)."""
    # [interp] A teleport is a placement, not a walk: no steps, no Escape Damage; the space's Terrain
    # Penalty still applies on arrival.
    frm = m.hexes[0]
    m.hexes = [h]
    ctx.say("teleport", f"{ctx.who(m)} vanishes from {hexes.label(frm)} and reappears at {hexes.label(h)}.")
    pen = ctx.penalty(h)
    if pen:
        wound(ctx, m, pen, f"Terrain Penalty at {hexes.label(h)}")


CHOICES.add(
    "place",
    choice(
        _place_actions,
        _place_answer,
        lambda ctx, p: "Choose the token to clear." if p.skill == "clear" else "Choose where to reappear.",
    ),
)


# ------------------------------------------------------------------------------ token choice
def token_cells(ctx: Ctx, m: Model, n: int) -> list[hexes.Hex]:
    """Empty spaces within ``n`` of ``m`` that can take a token (one token per space, A1.10 #57)."""
    taken = ctx.occupied()
    board = set(ctx.state.board)
    return [
        h
        for h in hexes.within(m.hexes[0], n)
        if h in board and h not in taken and key(h) not in ctx.state.tokens and ctx.passable(h)
    ]


@TASKS.register("token_ask")
def _token_ask(ctx: Ctx, t: EtTask) -> None:
    m = ctx.model(t.model)
    if m.hexes and token_cells(ctx, m, t.n):
        ctx.ask(Pending(kind="token", seat=m.seat, model=m.id, n=t.n, skill=t.s))


def _token_actions(ctx: Ctx, p: Pending) -> list[Action]:
    m = ctx.model(p.model)
    name = ctx.content.terrain[p.skill].name
    opts = [
        Action(f"at.{key(h)}", f"Place {name} at {hexes.label(h)}", group="token", params=(h[0], h[1]))
        for h in token_cells(ctx, m, p.n)
    ]
    return paged(opts, p.page)


def _token_answer(ctx: Ctx, p: Pending, a: Action) -> None:
    if turn_page(ctx, p, a):
        return
    h = (int(a.params[0]), int(a.params[1]))
    ctx.state.tokens[key(h)] = p.skill
    ctx.say(
        "token",
        f"{ctx.who(ctx.model(p.model))} places {ctx.content.terrain[p.skill].name} at {hexes.label(h)}.",
    )


CHOICES.add(
    "token",
    choice(
        _token_actions,
        _token_answer,
        lambda ctx, p: f"Choose where to place {ctx.content.terrain[p.skill].name}.",
    ),
)


def remove_token(ctx: Ctx, m: Model, h: hexes.Hex) -> None:
    """The fallback Action: clear one adjacent terrain token (A1.3 #20)."""
    kind = ctx.state.tokens.pop(key(h))
    ctx.say(
        "token", f"{ctx.who(m)} clears the {ctx.content.terrain[kind].name} at {hexes.label(unkey(key(h)))}."
    )
