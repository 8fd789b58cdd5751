"""The effect vocabulary: one small handler per keyword (or per pair of keywords that differ only in
whom they hit), shared by every card that uses it.

A handler reports on the context (``ctx.say``, ``ctx.rolled``...) like every other rule. Each
keyword also says which values it needs, how it reads as card text, and what it can do at
most (its ``Reach``), which the design-chart check compares against the chart.

Why card text is made here (``card_text``), not in ``content``: it reads each keyword's text, and
``content`` sits below this module, so it cannot import the keywords without a cycle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.arclash import picks, zones
from engines.arclash.content import CHARACTER, SUPPORT, Card, Effect, matches
from engines.arclash.ctx import Ctx
from engines.arclash.state import RECYCLE, SEARCH
from engines.core.keywords import Registry
from engines.core.types import seat_ref


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


#: a keyword's handler: the context, the seat whose card it is, the card's name, and the effect
Run = Callable[[Ctx, int, str, Effect], None]


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


def resolve(ctx: Ctx, seat: int, source: str, effect: Effect) -> None:
    """Run one effect of ``seat``'s card ``source`` if its [bracket] condition holds."""
    if effect.need:
        current = zones.top(ctx.state, seat)
        if current is None or not matches(current, effect.need):
            ctx.say("fizzle", f"{source}: {seat_ref(seat)}'s character is not [{effect.need}].")
            return
    KEYWORDS[effect.do].run(ctx, seat, source, effect)


def _cards(count: int) -> str:
    return f"{count} card{'s' * (count != 1)}"


def _rivals(effect: Effect) -> bool:
    """True for the keywords that weaken every rival rather than power up the player's own character."""
    return effect.do.endswith("weaken")


def _change(ctx: Ctx, seat: int, source: str, effect: Effect, amount: int) -> str:
    """Give ``seat`` +``amount`` power, or every rival -``amount`` (``_rivals``); say how much."""
    if not _rivals(effect):
        zones.modify(ctx.state, seat, amount, source)
        return f"+{amount} power"
    for other in zones.opponents(ctx.state, seat):
        zones.modify(ctx.state, other, -amount, source)
    return f"-{amount} power"


def _swing(effect: Effect, most: int, multiplier: int, chance: bool) -> Reach:
    """The reach of a power change: a buff of the player's own, or a debuff of every rival."""
    if _rivals(effect):
        return Reach(debuff=most, debuff_multiplier=multiplier, chance=chance)
    return Reach(buff=most, buff_multiplier=multiplier, chance=chance)


# ------------------------------------------------------------------ power
# ``power`` and ``weaken`` share one handler, as do their die versions: they differ only in whom.
def _flat(ctx: Ctx, seat: int, source: str, effect: Effect) -> None:
    said = _change(ctx, seat, source, effect, effect.amount)
    whom = f"every rival of {seat_ref(seat)}" if _rivals(effect) else seat_ref(seat)
    ctx.say(effect.do, f"{source}: {whom} {said}.")


def _flat_reach(effect: Effect) -> Reach:
    return _swing(effect, effect.amount, 0, bool(effect.need))


def _die(ctx: Ctx, seat: int, source: str, effect: Effect) -> None:
    rolled = ctx.roll()
    value = (rolled + 1) // 2 if effect.half else rolled
    how = f"rolls {rolled}, halved to {value}" if effect.half else f"rolls {rolled}"
    said = _change(ctx, seat, source, effect, value * effect.amount)
    ctx.rolled("roll", f"{source}: {seat_ref(seat)} {how}: {'rivals ' * _rivals(effect)}{said}.")


def _die_text(effect: Effect) -> str:
    gets = "every opposing character gets -" if _rivals(effect) else "+"
    return f"Roll a die{', halve it (round up)' if effect.half else ''}: {gets}{effect.amount} power per pip."


def _die_reach(effect: Effect) -> Reach:
    return _swing(effect, effect.amount * (3 if effect.half else 6), effect.amount, True)


keyword("power", lambda e: f"Your character gets +{e.amount} power.", ("amount",), _flat_reach)(_flat)
keyword("weaken", lambda e: f"Every opposing character gets -{e.amount} power.", ("amount",), _flat_reach)(
    _flat
)
keyword("die_power", _die_text, ("amount",), _die_reach)(_die)
keyword("die_weaken", _die_text, ("amount",), _die_reach)(_die)


@keyword(
    "coin_power",
    lambda e: f"Toss a coin: on heads your character gets +{e.amount} power.",
    ("amount",),
    lambda e: Reach(buff=e.amount, chance=True),
)
def _coin_power(ctx: Ctx, seat: int, source: str, effect: Effect) -> None:
    heads = ctx.rng.chance(1, 2)
    if heads:
        zones.modify(ctx.state, seat, effect.amount, source)
    result = f"heads: +{effect.amount} power" if heads else "tails: nothing"
    ctx.rolled("coin", f"{source}: {seat_ref(seat)} tosses a coin, {result}.")


@keyword(
    "count_power",
    lambda e: f"+{e.amount} power for each [{e.tag}] character card in play (at most {e.count}).",
    ("amount", "count", "tag"),
    lambda e: Reach(buff=e.amount * e.count, buff_multiplier=e.amount, chance=True),
)
def _count_power(ctx: Ctx, seat: int, source: str, effect: Effect) -> None:
    state = ctx.state
    found = sum(
        1 for zone in state.seats for iid in zone.stack if matches(zones.card(state, iid), effect.tag)
    )
    counted = min(found, effect.count)
    zones.modify(state, seat, counted * effect.amount, source)
    ctx.say(
        "count",
        f"{source}: {counted} [{effect.tag}] in play, {seat_ref(seat)} +{counted * effect.amount} power.",
    )


# ------------------------------------------------------------------ cards
def _to_hand(effect: Effect) -> Reach:
    return Reach(cards=effect.count, chance=bool(effect.need))


@keyword("draw", lambda e: f"Draw {_cards(e.count)}.", ("count",), _to_hand)
def _draw(ctx: Ctx, seat: int, source: str, effect: Effect) -> None:
    ctx.draw(seat, effect.count)


def _search_text(e: Effect) -> str:
    where = (
        f"Search your whole deck for up to {e.count} {picks.wanted(e)}"
        if not e.depth
        else f"Look at the top {e.depth} cards of your deck for up to {e.count} {picks.wanted(e)}"
    )
    return where + f" and take {'it' if e.count == 1 else 'them'} into your hand; then shuffle your deck."


def _look(ctx: Ctx, seat: int, source: str, effect: Effect) -> None:
    # A search looks at the top of the deck (or all of it), a take-back at the discard pile; the
    # owner picks from what matches, top first (a pile's top is its end). The pick's kind is the
    # keyword's name.
    zone = ctx.state.seats[seat]
    if effect.do == SEARCH:
        looked = zone.deck[-effect.depth :] if effect.depth else zone.deck
    else:
        looked = zone.discard
    picks.begin(ctx, seat, source, effect, effect.do, list(reversed(looked)))


keyword(
    SEARCH,
    _search_text,
    ("count",),
    lambda e: Reach(cards=e.count, full_search=not e.depth, chance=bool(e.need)),
)(_look)
keyword(
    RECYCLE,
    lambda e: f"Take up to {e.count} {picks.wanted(e)} from your discard pile into your hand.",
    ("count",),
    _to_hand,
)(_look)


# ------------------------------------------------------------------ harm
def _from_rivals(effect: Effect) -> Reach:
    return Reach(opponent_discard=effect.count, chance=bool(effect.need))


def _discard(ctx: Ctx, seat: int, source: str, effect: Effect) -> None:
    # Every opponent in turn, or the player's own hand for ``self_discard``.
    hit = [seat] if effect.do == "self_discard" else zones.opponents(ctx.state, seat)
    for other in hit:
        gone = ctx.discard_random(other, effect.count)
        ctx.say("discard", f"{source}: {seat_ref(other)} discards {zones.names(ctx.state, gone)}.")


keyword(
    "discard_random",
    lambda e: f"Every opponent discards {_cards(e.count)} from their hand at random.",
    ("count",),
    _from_rivals,
)(_discard)
keyword(
    "self_discard",
    lambda e: f"You discard {_cards(e.count)} from your hand at random.",
    ("count",),
    lambda e: Reach(),
)(_discard)


@keyword(
    "mill",
    lambda e: f"Every opponent discards the top {_cards(e.count)} of their deck.",
    ("count",),
    _from_rivals,
)
def _mill(ctx: Ctx, seat: int, source: str, effect: Effect) -> None:
    for other in zones.opponents(ctx.state, seat):
        zone = ctx.state.seats[other]
        gone = [zone.deck.pop() for _ in range(min(effect.count, len(zone.deck)))]
        zone.discard.extend(gone)
        ctx.say("mill", f"{source}: {seat_ref(other)} loses {zones.names(ctx.state, gone)} off their deck.")


@keyword(
    "level_down",
    lambda e: f"Roll a die: on {e.odds} or more, every opposing character above level 1 levels down.",
    ("odds",),
    lambda e: Reach(chance=True, level_down=True),
)
def _level_down(ctx: Ctx, seat: int, source: str, effect: Effect) -> None:
    rolled = ctx.roll()
    result = "success!" if rolled >= effect.odds else "no effect."
    ctx.rolled("roll", f"{source}: {seat_ref(seat)} rolls {rolled}, needing {effect.odds}: {result}")
    if rolled < effect.odds:
        return
    for other in zones.opponents(ctx.state, seat):
        gone = zones.level_down(ctx.state, other)
        if gone is not None:
            ctx.say("level_down", f"{seat_ref(other)}'s {gone.name} levels down.")
