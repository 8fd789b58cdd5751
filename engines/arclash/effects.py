"""The effect vocabulary: one small handler per keyword, shared by every card that uses it.

Each keyword also says which values it needs, how it reads as card text, and what it can do at
most (its ``Reach``), which the design-chart check compares against the chart.

Why card text is made here (``card_text``), not in ``content``: it reads each keyword's text, and
``content`` sits below this module, so it cannot import the keywords without a cycle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from engines.arclash import picks, zones
from engines.arclash.content import CHARACTER, SUPPORT, Card, Effect, matches
from engines.arclash.state import ArclashState
from engines.core.keywords import Registry
from engines.core.rng import Rng
from engines.core.types import Event, public, seat_ref


@dataclass
class Ctx:
    """Who an effect belongs to and where it happens."""

    state: ArclashState
    seat: int
    rng: Rng
    source: str


@dataclass(frozen=True)
class Reach:
    """The most an effect can do, for checking cards against the design chart."""

    buff: int = 0
    debuff: int = 0
    buff_multiplier: int = 0
    debuff_multiplier: int = 0
    cards: int = 0
    full_search: bool = False
    chance: bool = False
    opponent_discard: int = 0
    level_down: bool = False


Run = Callable[[Ctx, Effect], Iterator[Event]]


@dataclass(frozen=True)
class Keyword:
    """A keyword: its handler, its text, the values it needs and its reach."""

    name: str
    run: Run
    text: Callable[[Effect], str]
    needs: tuple[str, ...]
    reach: Callable[[Effect], Reach]

    def check(self, effect: Effect) -> str:
        """A problem with ``effect``'s values for this keyword, or ''."""
        for name in self.needs:
            if not getattr(effect, name):
                return f"keyword {self.name!r} needs a value for {name!r}"
        if effect.odds and not 2 <= effect.odds <= 6:
            return "odds is the least d6 roll that succeeds, 2 to 6"
        if effect.kind not in ("", "character", "support"):
            return "kind filters by character or support"
        return ""


# The kit's registry: it refuses a keyword registered twice, and ``KEYWORDS.check`` names the file,
# card and field of content that uses an unknown one (see ``ruleset.check_effects``).
KEYWORDS: Registry[Keyword] = Registry("Arclash", "keyword")


def keyword(
    name: str, text: Callable[[Effect], str], needs: tuple[str, ...], reach: Callable[[Effect], Reach]
) -> Callable[[Run], Run]:
    """Register a handler under ``name``, with its text, needed values and reach."""

    def register(run: Run) -> Run:
        KEYWORDS.add(name, Keyword(name, run, text, needs, reach))
        return run

    return register


def describe(effect: Effect) -> str:
    """The card text of one effect, condition included."""
    text = KEYWORDS[effect.do].text(effect)
    if effect.need:
        return f"If your character is [{effect.need}], {text[0].lower()}{text[1:]}"
    return text


def card_text(card: Card) -> str:
    """The rules text of a card, generated from its data so it always says what the engine does."""
    parts: list[str] = []
    if card.kind == CHARACTER and card.level > 1:
        cost = f" and discard {card.discard} card{'s' * (card.discard != 1)}" if card.discard else ""
        parts.append(f"Advance from a [{card.from_}] Level {card.level - 1}{cost}.")
    if card.kind == SUPPORT and card.discard:
        parts.append(f"To play, discard {card.discard} card{'s' * (card.discard != 1)}.")
    labels = {"start": "Start of turn", "advance": "On advancing", "battle": "Start of battle", "play": ""}
    for effect in card.effects:
        label = labels[effect.when]
        text = describe(effect)
        parts.append(f"{label}: {text}" if label else text)
    if card.kind == CHARACTER and card.level == 4:
        parts.append("Levels down after every battle.")
    if card.kind == CHARACTER and not card.effects and card.level > 0:
        parts.append("No ability.")
    return " ".join(parts)


def resolve(ctx: Ctx, effect: Effect) -> Iterator[Event]:
    """Run one effect if its [bracket] condition holds."""
    if effect.need:
        current = zones.top(ctx.state, ctx.seat)
        if current is None or not matches(current, effect.need):
            yield public("fizzle", f"{ctx.source}: {seat_ref(ctx.seat)}'s character is not [{effect.need}].")
            return
    yield from KEYWORDS[effect.do].run(ctx, effect)


def _die(ctx: Ctx, effect: Effect) -> tuple[int, str]:
    """Roll for a die effect; return the value used and how it was reached."""
    rolled = zones.roll(ctx.rng)
    if effect.half:
        value = (rolled + 1) // 2
        return value, f"rolls {rolled}, halved to {value}"
    return rolled, f"rolls {rolled}"


def _cards(count: int) -> str:
    return f"{count} card{'s' * (count != 1)}"


def _hurt(ctx: Ctx, amount: int) -> None:
    for other in zones.opponents(ctx.state, ctx.seat):
        zones.modify(ctx.state, other, -amount, ctx.source)


# ------------------------------------------------------------------ power
@keyword(
    "power",
    lambda e: f"Your character gets +{e.amount} power.",
    ("amount",),
    lambda e: Reach(buff=e.amount, chance=bool(e.need)),
)
def _power(ctx: Ctx, effect: Effect) -> Iterator[Event]:
    zones.modify(ctx.state, ctx.seat, effect.amount, ctx.source)
    yield public("power", f"{ctx.source}: {seat_ref(ctx.seat)} +{effect.amount} power.")


@keyword(
    "weaken",
    lambda e: f"Every opposing character gets -{e.amount} power.",
    ("amount",),
    lambda e: Reach(debuff=e.amount, chance=bool(e.need)),
)
def _weaken(ctx: Ctx, effect: Effect) -> Iterator[Event]:
    _hurt(ctx, effect.amount)
    yield public("weaken", f"{ctx.source}: every rival of {seat_ref(ctx.seat)} -{effect.amount} power.")


@keyword(
    "die_power",
    lambda e: f"Roll a die{', halve it (round up)' if e.half else ''}: +{e.amount} power per pip.",
    ("amount",),
    lambda e: Reach(buff=e.amount * (3 if e.half else 6), buff_multiplier=e.amount, chance=True),
)
def _die_power(ctx: Ctx, effect: Effect) -> Iterator[Event]:
    value, how = _die(ctx, effect)
    zones.modify(ctx.state, ctx.seat, value * effect.amount, ctx.source)
    yield zones.rolled(
        ctx.state, "roll", f"{ctx.source}: {seat_ref(ctx.seat)} {how}: +{value * effect.amount} power."
    )


@keyword(
    "die_weaken",
    lambda e: (
        f"Roll a die{', halve it (round up)' if e.half else ''}: "
        f"every opposing character gets -{e.amount} power per pip."
    ),
    ("amount",),
    lambda e: Reach(debuff=e.amount * (3 if e.half else 6), debuff_multiplier=e.amount, chance=True),
)
def _die_weaken(ctx: Ctx, effect: Effect) -> Iterator[Event]:
    value, how = _die(ctx, effect)
    _hurt(ctx, value * effect.amount)
    yield zones.rolled(
        ctx.state, "roll", f"{ctx.source}: {seat_ref(ctx.seat)} {how}: rivals -{value * effect.amount} power."
    )


@keyword(
    "coin_power",
    lambda e: f"Toss a coin: on heads your character gets +{e.amount} power.",
    ("amount",),
    lambda e: Reach(buff=e.amount, chance=True),
)
def _coin_power(ctx: Ctx, effect: Effect) -> Iterator[Event]:
    heads = ctx.rng.chance(1, 2)
    if heads:
        zones.modify(ctx.state, ctx.seat, effect.amount, ctx.source)
    result = f"heads: +{effect.amount} power" if heads else "tails: nothing"
    yield zones.rolled(ctx.state, "coin", f"{ctx.source}: {seat_ref(ctx.seat)} tosses a coin, {result}.")


@keyword(
    "count_power",
    lambda e: f"+{e.amount} power for each [{e.tag}] character card in play (at most {e.count}).",
    ("amount", "count", "tag"),
    lambda e: Reach(buff=e.amount * e.count, buff_multiplier=e.amount, chance=True),
)
def _count_power(ctx: Ctx, effect: Effect) -> Iterator[Event]:
    found = sum(
        1 for seat in ctx.state.seats for iid in seat.stack if matches(zones.card(ctx.state, iid), effect.tag)
    )
    counted = min(found, effect.count)
    zones.modify(ctx.state, ctx.seat, counted * effect.amount, ctx.source)
    yield public(
        "count",
        f"{ctx.source}: {counted} [{effect.tag}] in play, "
        f"{seat_ref(ctx.seat)} +{counted * effect.amount} power.",
    )


# ------------------------------------------------------------------ cards
@keyword(
    "draw",
    lambda e: f"Draw {_cards(e.count)}.",
    ("count",),
    lambda e: Reach(cards=e.count, chance=bool(e.need)),
)
def _draw(ctx: Ctx, effect: Effect) -> Iterator[Event]:
    yield from zones.draw(ctx.state, ctx.seat, effect.count, ctx.rng)


@keyword(
    "search",
    lambda e: (
        (
            f"Search your whole deck for up to {e.count} {picks.wanted(e)}"
            if not e.depth
            else f"Look at the top {e.depth} cards of your deck for up to {e.count} {picks.wanted(e)}"
        )
        + f" and take {'it' if e.count == 1 else 'them'} into your hand; then shuffle your deck."
    ),
    ("count",),
    lambda e: Reach(cards=e.count, full_search=not e.depth, chance=bool(e.need)),
)
def _search(ctx: Ctx, effect: Effect) -> Iterator[Event]:
    deck = ctx.state.seats[ctx.seat].deck
    # Top first (the deck's top is its end); the owner picks from what matches.
    looked = list(reversed(deck[-effect.depth :] if effect.depth else deck))
    yield from picks.begin(ctx.state, ctx.seat, ctx.source, effect, picks.DECK, looked)


@keyword(
    "recycle",
    lambda e: f"Take up to {e.count} {picks.wanted(e)} from your discard pile into your hand.",
    ("count",),
    lambda e: Reach(cards=e.count, chance=bool(e.need)),
)
def _recycle(ctx: Ctx, effect: Effect) -> Iterator[Event]:
    looked = list(reversed(ctx.state.seats[ctx.seat].discard))
    yield from picks.begin(ctx.state, ctx.seat, ctx.source, effect, picks.DISCARD, looked)


# ------------------------------------------------------------------ harm
@keyword(
    "discard_random",
    lambda e: f"Every opponent discards {_cards(e.count)} from their hand at random.",
    ("count",),
    lambda e: Reach(opponent_discard=e.count, chance=bool(e.need)),
)
def _discard_random(ctx: Ctx, effect: Effect) -> Iterator[Event]:
    for other in zones.opponents(ctx.state, ctx.seat):
        gone = zones.discard_random(ctx.state, other, effect.count, ctx.rng)
        yield public("discard", f"{ctx.source}: {seat_ref(other)} discards {zones.names(ctx.state, gone)}.")


@keyword(
    "mill",
    lambda e: f"Every opponent discards the top {_cards(e.count)} of their deck.",
    ("count",),
    lambda e: Reach(opponent_discard=e.count, chance=bool(e.need)),
)
def _mill(ctx: Ctx, effect: Effect) -> Iterator[Event]:
    for other in zones.opponents(ctx.state, ctx.seat):
        zone = ctx.state.seats[other]
        gone = [zone.deck.pop() for _ in range(min(effect.count, len(zone.deck)))]
        zone.discard.extend(gone)
        yield public(
            "mill", f"{ctx.source}: {seat_ref(other)} loses {zones.names(ctx.state, gone)} off their deck."
        )


@keyword(
    "level_down",
    lambda e: f"Roll a die: on {e.odds} or more, every opposing character above level 1 levels down.",
    ("odds",),
    lambda e: Reach(chance=True, level_down=True),
)
def _level_down(ctx: Ctx, effect: Effect) -> Iterator[Event]:
    rolled = zones.roll(ctx.rng)
    if rolled < effect.odds:
        yield zones.rolled(
            ctx.state,
            "roll",
            f"{ctx.source}: {seat_ref(ctx.seat)} rolls {rolled}, needing {effect.odds}: no effect.",
        )
        return
    yield zones.rolled(
        ctx.state,
        "roll",
        f"{ctx.source}: {seat_ref(ctx.seat)} rolls {rolled}, needing {effect.odds}: success!",
    )
    for other in zones.opponents(ctx.state, ctx.seat):
        gone = zones.level_down(ctx.state, other)
        if gone is not None:
            yield public("level_down", f"{seat_ref(other)}'s {gone.name} levels down.")


@keyword(
    "self_discard",
    lambda e: f"You discard {_cards(e.count)} from your hand at random.",
    ("count",),
    lambda e: Reach(),
)
def _self_discard(ctx: Ctx, effect: Effect) -> Iterator[Event]:
    gone = zones.discard_random(ctx.state, ctx.seat, effect.count, ctx.rng)
    yield public("discard", f"{ctx.source}: {seat_ref(ctx.seat)} discards {zones.names(ctx.state, gone)}.")
