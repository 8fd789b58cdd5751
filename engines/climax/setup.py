"""Setting up a game (B2.2): deck checks, instance ids, shuffles, first player, 5 cards, mulligans."""

from __future__ import annotations

from engines.climax.content import Catalog, deck_problem
from engines.climax.ctx import Ctx
from engines.climax.deckcode import decode_deck
from engines.climax.flow import ASKS, asking, task
from engines.climax.state import SCHEMA_VERSION, SLOTS, Choice, ClimaxState, Job, Player, Slot
from engines.climax.words import say
from engines.core.errors import SetupError
from engines.core.rng import Rng, seed_state
from engines.core.types import Action, GameConfig, seat_ref

OPENING_HAND = 5  # B2.2-6
#: the ready-made decks seats get when they choose none
DEFAULT_DECKS = ("festival", "tides")


def deck_choice(cat: Catalog, config: GameConfig, seat: int) -> tuple[str, list[str]]:
    """The seat's deck: (deck name, design ids); ``SetupError(seat=seat)`` names what is wrong."""
    code = str(config.seat_option(seat, "deck_code", "") or "").strip()
    name = str(config.seat_option(seat, "deck", "") or "").strip()
    if code:
        if name:
            raise SetupError(
                f"Seat {seat + 1}: choose a ready-made deck or a deck code, not both.",
                option="deck_code",
                seat=seat,
            )
        try:
            return "constructed", decode_deck(cat, code, f"Seat {seat + 1}'s deck code")
        except SetupError as error:
            raise SetupError(error.message, option="deck_code", seat=seat) from None
    name = name or DEFAULT_DECKS[seat % 2]
    try:
        deck = cat.deck(name)
    except KeyError:
        known = ", ".join(d.id for d in cat.decks)
        raise SetupError(
            f"Seat {seat + 1}: there is no ready-made deck {name!r}; choose one of: {known}.",
            option="deck",
            seat=seat,
        ) from None
    ids = deck.card_ids()
    problem = deck_problem(cat.cards, ids)
    if problem:  # the shipped decks are checked on load; this guards content overrides
        raise SetupError(f"Seat {seat + 1}: {problem}.", option="deck", seat=seat)
    return deck.id, ids


def setup(cat: Catalog, config: GameConfig, seed: int) -> ClimaxState:
    """Deal a new game: shuffled decks, a random first player, 5 cards each, then the mulligans."""
    rng = Rng(seed_state(seed))
    state = ClimaxState(
        schema_version=SCHEMA_VERSION,
        lang=str(config.option("lang")),
        front_bonus=str(config.option("front_bonus")),
        cancel_colour=str(config.option("cancel_colour")),
        counter_colour=str(config.option("counter_colour")),
        triggers=str(config.option("triggers")),
        encore_cost=int(config.option("encore_cost")),
    )
    chosen = [deck_choice(cat, config, seat) for seat in range(2)]
    # Instance ids are handed out in random order so an id says nothing about its card.
    numbers = list(range(1, 1 + sum(len(ids) for _, ids in chosen)))
    rng.shuffle(numbers)
    for name, designs in chosen:
        deck = []
        for design in designs:
            iid = f"c{numbers.pop():03d}"
            state.cards[iid] = design
            deck.append(iid)
        rng.shuffle(deck)
        state.players.append(
            Player(deck=deck, stage=[Slot() for _ in range(SLOTS)], deck_name=name, decklist=list(designs))
        )
    ctx = Ctx(state, rng, cat)
    state.first = rng.below(2)  # B2.2-6: a random first player
    for seat in range(2):
        state.players[seat].hand = [state.players[seat].deck.pop() for _ in range(OPENING_HAND)]
    first, second = state.first, 1 - state.first
    state.active = first
    # B2.2-7: the first player's mulligan, then the second's, then the first turn.
    state.agenda.then(
        Job(kind="mulligan", seat=first), Job(kind="mulligan", seat=second), Job(kind="turn", seat=first)
    )
    ctx.run()  # writes the generator back into the state
    return state


@task("mulligan")
def mulligan(ctx: Ctx, job: Job) -> None:
    """B2.2-7: ask the seat which cards to replace."""
    ctx.state.phase = "mulligan"
    ctx.ask(Choice(kind="mulligan", seat=job.seat))


def _mulligan_offers(ctx: Ctx, choice: Choice) -> list[Action]:
    actions = []
    for iid in ctx.p(choice.seat).hand:
        key = "mulligan_unmark" if iid in choice.marked else "mulligan_mark"
        actions.append(Action(f"m.{iid}", say(ctx.lang, key, card=ctx.name(iid)), "mark", iid, ("m", iid)))
    actions.append(
        Action("keep", say(ctx.lang, "mulligan_done", n=len(choice.marked)), "done", params=("keep",))
    )
    return actions


def _mulligan_answer(ctx: Ctx, choice: Choice, action: Action) -> None:
    seat = choice.seat
    if action.key != "keep":
        # Marking stays a secret part of the pending choice until the seat confirms.
        marked = list(choice.marked)
        if action.card in marked:
            marked.remove(action.card)
        else:
            marked.append(action.card)
        ctx.ask(Choice(kind="mulligan", seat=seat, marked=tuple(marked)))
        return
    p = ctx.p(seat)
    for iid in choice.marked:
        p.hand.remove(iid)
        p.waiting.append(iid)
    if choice.marked:
        names = ", ".join(ctx.name(i) for i in choice.marked)
        ctx.say("mulligan", who=seat_ref(seat), n=len(choice.marked), cards=names)
        ctx.draw(seat, len(choice.marked))
    else:
        ctx.say("mulligan_keep", who=seat_ref(seat))


ASKS.add("mulligan", asking(_mulligan_offers, _mulligan_answer))
