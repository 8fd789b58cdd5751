"""Setting up a game: the layout, instance ids, decks by format, Champions, hands, first player."""

from __future__ import annotations

from engines.clashofdecks.content import Catalog
from engines.clashofdecks.ctx import Ctx
from engines.clashofdecks.formats import (
    DEALT_DECK_MODES,
    DRAFT_PILE,
    advance_draft,
    constructed_decks,
    precon_decks,
    start_draft,
)
from engines.clashofdecks.formats import (
    check_seat as check_deck_choice,
)
from engines.clashofdecks.modes import layout
from engines.clashofdecks.solo import ai_settings
from engines.clashofdecks.state import SCHEMA_VERSION, STRONGHOLD, AiSettings, ClashState, Kingdom, Line
from engines.clashofdecks.turns import open_game
from engines.core.errors import SetupError
from engines.core.rng import Rng, seed_state
from engines.core.types import GameConfig

#: mana on the first turn by position in turn order (two-kingdom games use only the first)
FIRST_TURN_MANA = (6, 7, 8)


def validate(config: GameConfig) -> tuple[str, bool]:
    """The format and Champion choice, refused where the book forbids them."""
    fmt = str(config.option("format"))
    champion = bool(config.option("champion"))
    if fmt == "constructed" and config.mode in ("solo", "coop"):
        raise SetupError(
            "The Constructed format cannot be played against the AI: choose precon or draft.", option="format"
        )
    if champion and fmt == "precon":
        raise SetupError(
            "The Champion module is played with the Draft or Constructed format.", option="champion"
        )
    return fmt, champion


def check_seat(cat: Catalog, config: GameConfig, seat: int) -> None:
    """The table's options, then ``seat``'s own choices (``Ruleset.check_seat``'s game hook)."""
    fmt, champion = validate(config)
    if config.mode in ("solo", "coop"):
        ai_settings(cat, dict(config.options), champion)  # the table's faults come before a seat's
    check_deck_choice(cat, config, seat, fmt)


def new_state(cat: Catalog, config: GameConfig, seed: int) -> tuple[ClashState, Rng]:
    """An empty table for ``config`` (kingdoms, lines, turn ring) with its RNG."""
    fmt, champion = validate(config)
    settings = (
        ai_settings(cat, dict(config.options), champion) if config.mode in ("solo", "coop") else AiSettings()
    )
    table = layout(config.mode)
    kingdoms = [
        Kingdom(seat=table.seats[k], team=table.teams[k], lines=list(table.kingdom_lines[k]))
        for k in range(len(table.seats))
    ]
    lines = [Line(kingdoms=[a, b], sides=[[], []]) for a, b in table.lines]
    state = ClashState(
        schema_version=SCHEMA_VERSION,
        rng=seed_state(seed),
        mode=config.mode,
        format=fmt,
        champions=champion,
        players=config.players,
        cards={},
        kingdoms=kingdoms,
        lines=lines,
        ring=list(table.ring),
        ai=settings,
        sudden_death=int(config.option("sudden_death")),
    )
    return state, Rng(state.rng)


def assign_ids(state: ClashState, rng: Rng, design_ids: list[str]) -> list[str]:
    """Give each card a fresh instance id; ids are handed out in random order so they reveal nothing."""
    start = len(state.cards)
    numbers = list(range(start + 1, start + len(design_ids) + 1))
    rng.shuffle(numbers)
    iids = []
    for number, design in zip(numbers, design_ids, strict=True):
        iid = f"c{number:03d}"
        state.cards[iid] = design
        iids.append(iid)
    return iids


def setup(cat: Catalog, config: GameConfig, seed: int) -> ClashState:
    """Deal a new game; a draft stops at the first pick a player must make."""
    state, rng = new_state(cat, config, seed)
    ctx = Ctx(state, rng)
    player_ks = [k for k, kd in enumerate(state.kingdoms) if not kd.is_ai]
    ai_ks = [k for k, kd in enumerate(state.kingdoms) if kd.is_ai]
    if state.format == "draft":
        pool = list(cat.collection)
        rng.shuffle(pool)
        pile = assign_ids(state, rng, pool[: DRAFT_PILE[state.mode]])
        start_draft(state, pile)
        _champions(ctx, config)
        if advance_draft(ctx):
            ctx.act(finish_draft)
        ctx.finish()
        return state
    state.phase = "deal"
    if state.format == "precon":
        dealt = rng if state.mode in DEALT_DECK_MODES else None
        decks = precon_decks(cat, config, len(player_ks), dealt)
    else:
        decks = constructed_decks(cat, config, len(player_ks))
        for k, deck in zip(player_ks, decks, strict=True):
            state.kingdoms[k].revealed = list(deck)
        ctx.report(
            "reveal",
            "Constructed decks are revealed: "
            + "; ".join(
                f"{ctx.name(k)}: {', '.join(cat.card(c).name for c in deck)}"
                for k, deck in zip(player_ks, decks, strict=True)
            ),
        )
    owned = [assign_ids(state, rng, deck) for deck in decks]
    ai_cards: list[str] = []
    if ai_ks:
        used = {c for deck in decks for c in deck}
        rest = [c for c in cat.collection if c not in used]
        if state.mode == "solo":
            rest = [c for d in cat.decks for c in d.cards if c not in used]  # the three other decks
        ai_cards = assign_ids(state, rng, rest)
    _champions(ctx, config)
    ctx.act(deal, dict(zip(player_ks, owned, strict=True)), ai_cards)
    return state


def _champions(ctx: Ctx, config: GameConfig) -> None:
    """Each player reveals one Champion, set beside the play area, ready."""
    state = ctx.state
    if not state.champions:
        return
    cat = ctx.cat
    for k, kingdom in enumerate(state.kingdoms):
        if kingdom.is_ai:
            continue
        pick = config.seat_option(kingdom.seat, "champion_card", "auto")
        design = cat.champions[kingdom.seat % len(cat.champions)] if pick in (None, "auto") else str(pick)
        kingdom.champion = assign_ids(state, ctx.rng, [design])[0]
        kingdom.champion_status = "ready"
        ctx.report("champion", f"{ctx.name(k)} reveals the Champion {cat.card(design).name}.", kingdom=k)


def finish_draft(ctx: Ctx) -> None:
    """Turn the draft picks into decks (the AI pool split into deck piles) and deal."""
    state = ctx.state
    draft = state.draft
    assert draft is not None
    hands = {k: list(draft.picks[k]) for k, kd in enumerate(state.kingdoms) if not kd.is_ai}
    state.box = list(draft.pile)
    state.draft = None
    deal(ctx, hands, list(draft.ai_pool))


def deal(ctx: Ctx, decks: dict[int, list[str]], ai_cards: list[str]) -> None:
    """Shuffle decks into hands (Stronghold leftmost, Bastion up), build AI piles, pick the first player."""
    state = ctx.state
    rng = ctx.rng
    for k, deck in decks.items():
        cards = list(deck)
        rng.shuffle(cards)
        state.kingdoms[k].hand = [STRONGHOLD, *cards]
    ai_ks = [k for k, kd in enumerate(state.kingdoms) if kd.is_ai]
    rng.shuffle(ai_cards)
    share = len(ai_cards) // max(1, len(ai_ks))
    for i, k in enumerate(ai_ks):
        state.kingdoms[k].deck = ai_cards[i * share : (i + 1) * share]
    players = [k for k in state.ring if not state.kingdoms[k].is_ai]
    if state.mode == "solo":
        first = 1 if state.ai.first else 0
    else:
        first = players[rng.below(len(players))]  # the coin toss
        if state.ai.first and ai_ks:
            first = state.ring[state.ring.index(first) - 1]  # the AI seated before that player opens
    start = state.ring.index(first)
    order = [state.ring[(start + i) % len(state.ring)] for i in range(len(state.ring))]
    caps = FIRST_TURN_MANA if len(state.ring) == 4 else FIRST_TURN_MANA[:1]
    for position, k in enumerate(order[: len(caps)]):
        if not state.kingdoms[k].is_ai:
            state.kingdoms[k].first_mana = caps[position]
    ctx.report("first", f"{ctx.name(first)} plays first.", kingdom=first)
    open_game(ctx, first)
