"""Eternia's resolution context (the kit's, with the content and Battlefield queries) and its registries.

Rules that pause for a decision are queued as :class:`~engines.eternia.state.EtTask` values on the
kit's :class:`~engines.core.agenda.Agenda` inside the state. Each task kind has one handler in
``TASKS``; each pending choice kind is one kit :class:`~engines.core.choices.Ask` in ``CHOICES``
(made by :func:`choice`), which lists its legal actions and takes the answer. Modules register
their own kinds, so this module imports none of them (and the package has no import cycle).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache, lru_cache

import msgspec

from engines.core.choices import Ask
from engines.core.context import ChoiceKind, Context
from engines.core.keywords import Registry
from engines.core.rng import Rng
from engines.core.types import Action, seat_ref
from engines.eternia import hexes
from engines.eternia.content import Content, content
from engines.eternia.hexes import Hex, TerrainRule
from engines.eternia.pieces import Skill
from engines.eternia.state import AI_SEAT, CTRL, TEAM, EtState, EtTask, Model, Pending

#: A task handler gets the context and the task.
TaskHandler = Callable[["Ctx", EtTask], None]
TASKS: Registry[TaskHandler] = Registry("Eternia", "task kind")
#: each pending choice kind, bound to how it lists, finds and takes its answer
CHOICES: Registry[ChoiceKind[Ctx, Pending]] = Registry("eternia", "choice kind")

PAGE = 22  # options per page: with "more", "back" and one fixed option a prompt stays within 25


def key(h: Hex) -> str:
    """A hex as a mapping key of the state (msgspec maps need string keys)."""
    return f"{h[0]},{h[1]}"


# The keys are the board's spaces: few, and parsed again for every map built from them.
@lru_cache(maxsize=4096)
def unkey(s: str) -> Hex:
    """The hex a state key names."""
    q, r = s.split(",")
    return (int(q), int(r))


@cache
def terrain_rules() -> dict[str, TerrainRule]:
    """Movement facts of every terrain kind, for ``hexes``."""
    return {
        t.id: TerrainRule(t.enter, t.leave, t.passable, t.penalty_wounds) for t in content().terrain.values()
    }


@lru_cache(maxsize=256)
def _blocking(terrain: tuple[tuple[str, str], ...], tokens: tuple[tuple[str, str], ...]) -> frozenset[Hex]:
    """``Ctx.blocking`` by value: the pieces rarely change, and every Line of Sight asks."""
    t = content().terrain
    return frozenset(unkey(k) for k, v in (*terrain, *tokens) if t[v].blocks_los)


class Ctx(Context[EtState, EtTask, Pending]):
    """One apply's working set: the kit's context with the content and the Battlefield's queries."""

    __slots__ = ("content",)
    tasks = TASKS

    def __init__(self, state: EtState, rng: Rng | None = None) -> None:
        super().__init__(state, rng)
        self.content: Content = content()

    def halted(self) -> bool:
        """Rule work waits while both sides place their sealed orders, and stops once the game is over."""
        return self.state.phase in ("over", "order")

    def tell(self, seat: int, kind: str, text: str | None = None, /, **params: object) -> None:
        """A private event (nothing for the AI, which has no seat)."""
        if seat >= 0:
            super().tell(seat, kind, text, **params)

    # ------------------------------------------------------------------ models
    def model(self, mid: str) -> Model:
        """The model with id ``mid``."""
        for m in self.state.models:
            if m.id == mid:
                return m
        raise KeyError(mid)

    def name(self, m: Model) -> str:
        """A model's display name."""
        if m.kind == "character":
            return self.content.characters[m.design].name
        if m.kind == "minion":
            return f"{self.content.minions[m.design].name} {m.id.rsplit('.', 1)[-1]}"
        return f"{self.content.npcs[m.design].name} {m.id.rsplit('.', 1)[-1]}"

    def who(self, m: Model) -> str:
        """A model's name and, for a person's model, whose it is."""
        return self.name(m) if m.seat < 0 else f"{self.name(m)} ({seat_ref(m.seat)})"

    def on_board(self, side: str | None = None) -> list[Model]:
        """Models on the Battlefield, optionally of one side, in the state's stable order."""
        return [m for m in self.state.models if m.hexes and (side is None or m.side == side)]

    def characters(self, side: str) -> list[Model]:
        """Every Character of a side, on the Battlefield or KO'ed."""
        return [m for m in self.state.models if m.kind == "character" and m.side == side]

    def minions_on_board(self) -> list[Model]:
        """The Controller's Minions on the Battlefield."""
        return [m for m in self.state.models if m.kind == "minion" and m.side == CTRL and m.hexes]

    def enemies(self, m: Model) -> list[Model]:
        """Enemy models on the Battlefield (NPCs are no one's enemy in this release)."""
        return [e for e in self.state.models if e.hexes and e.side != m.side and e.kind != "npc"]

    def occupant(self, h: Hex) -> Model | None:
        """The model on ``h``, if any."""
        for m in self.state.models:
            if h in m.hexes:
                return m
        return None

    def occupied(self) -> set[Hex]:
        """Every hex holding a model."""
        return {h for m in self.state.models for h in m.hexes}

    def is_ai(self, m: Model) -> bool:
        """True for the AI Controller's models (rules decide for them)."""
        return m.side == CTRL and self.state.ai

    def seat_of_side(self, side: str) -> int:
        """The seat deciding a side's shared choices (the team leader, or the Controller seat)."""
        return self.state.leader if side == TEAM else self.state.ctrl_seat

    # ------------------------------------------------------------------ battlefield
    def terrain_map(self) -> dict[Hex, str]:
        """Terrain pieces by hex."""
        return {unkey(k): v for k, v in self.state.terrain.items()}

    def token_map(self) -> dict[Hex, str]:
        """Effect-placed tokens by hex."""
        return {unkey(k): v for k, v in self.state.tokens.items()}

    def blocking(self) -> frozenset[Hex]:
        """Hexes whose terrain or token blocks Line of Sight."""
        return _blocking(tuple(self.state.terrain.items()), tuple(self.state.tokens.items()))

    def passable(self, h: Hex) -> bool:
        """True when neither terrain nor token on ``h`` is impassable."""
        t = self.content.terrain
        for kind in (self.state.terrain.get(key(h)), self.state.tokens.get(key(h))):
            if kind and not t[kind].passable:
                return False
        return True

    def step_cost(self, a: Hex, b: Hex, fly: bool = False) -> int:
        """Movement points for one step: the terrain piece's costs plus the token's (A1.10 #56)."""
        if fly:
            return 1
        rules = terrain_rules()
        cost = hexes.step_cost(a, b, self.terrain_map(), rules)
        return cost + hexes.step_cost(a, b, self.token_map(), rules) - 1

    def penalty(self, h: Hex) -> int:
        """Terrain Penalty Wounds for entering ``h``."""
        t = self.content.terrain
        return sum(
            t[k].penalty_wounds for k in (self.state.terrain.get(key(h)), self.state.tokens.get(key(h))) if k
        )

    def distance(self, a: Model, b: Model) -> int:
        """Spaces between two models (nearest hexes, for mounted models)."""
        return hexes.footprint_distance(a.hexes, b.hexes)

    def los(self, a: Model, b: Model) -> bool:
        """Line of Sight between two models (any hex of each)."""
        blocking = self.blocking()
        return any(hexes.line_of_sight(x, y, blocking) for x in a.hexes for y in b.hexes)

    def adjacent(self, a: Model, b: Model) -> bool:
        """The book's adjacency between two models."""
        return hexes.footprint_adjacent(a.hexes, b.hexes, self.blocking())

    def adjacent_enemies(self, m: Model, at: Hex) -> int:
        """Enemies adjacent to ``at`` (Escape Damage for leaving it)."""
        blocking = self.blocking()
        return sum(1 for e in self.enemies(m) if any(hexes.adjacent(at, h, blocking) for h in e.hexes))

    # ------------------------------------------------------------------ skills
    def skill(self, sid: str) -> Skill:
        """A Skill's design."""
        return self.content.skills[sid]

    def passive(self, m: Model, do: str) -> int:
        """The sum of ``n`` of a model's always-on effects of keyword ``do`` (Empowered effects)."""
        if m.kind != "character" or not m.empowered:
            return 0
        eff = self.content.characters[m.design].controller.empowered
        return sum(e.n for e in self.skill(eff).effects if e.do == do and e.when == "always")

    def armor(self, m: Model) -> int:
        """A model's Armor now (0 while Dazed, A1.9 #51)."""
        if m.dazed:
            return 0
        return m.armor + self.passive(m, "armor")


def paged(options: list[Action], page: int, fixed: Iterable[Action] = ()) -> list[Action]:
    """Cut a long option list into pages of ``PAGE`` with "more"/"back" actions (<= 25 per prompt)."""
    extra = list(fixed)
    if len(options) + len(extra) <= 25:
        return [*options, *extra]
    pages = max(1, -(-len(options) // PAGE))
    page = min(page, pages - 1)
    out = options[page * PAGE : (page + 1) * PAGE]
    if page + 1 < pages:
        out.append(Action("more", f"More choices (page {page + 2} of {pages})", group="page"))
    if page > 0:
        out.append(Action("back", "Previous choices", group="page"))
    return [*out, *extra]


def team_seat_ok(state: EtState, seat: int) -> bool:
    """True for a seat of the Player Team."""
    return seat in state.team_seats and seat != AI_SEAT


def turn_page(ctx: Ctx, pending: Pending, action: Action) -> bool:
    """Answer "more" or "back" by asking ``pending`` again on the next or previous page (True);
    False for any other answer."""
    if action.key not in ("more", "back"):
        return False
    ctx.ask(msgspec.structs.replace(pending, page=pending.page + (1 if action.key == "more" else -1)))
    return True


def _controller_decides(ctx: Ctx, pending: Pending) -> bool:
    # The Controller's prompts may list its hidden hand: taken in private.
    return pending.seat == ctx.state.ctrl_seat


def _controller_line(ctx: Ctx, pending: Pending) -> str:
    # What the table reads while the Controller decides depends only on public facts.
    return f"{seat_ref(pending.seat)} (Controller) is deciding" if _controller_decides(ctx, pending) else ""


def choice(
    actions: Callable[[Ctx, Pending], list[Action]],
    answer: Callable[[Ctx, Pending, Action], None],
    text: Callable[[Ctx, Pending], str],
    find: Callable[[Ctx, Pending, str], Action | None] | None = None,
) -> Ask[Ctx, Pending]:
    """A choice kind: taken in private (with a public line) when the Controller decides.

    ``find`` (optional) builds only the action a key names, or None when no legal action has that
    key; ``apply`` uses it to check an answer without labelling every choice (the fuzz harness
    holds it equal to looking the key up in ``actions``).
    """
    return Ask(actions, answer, text, find=find, private=_controller_decides, public=_controller_line)
