"""Building a viewer's View from the state: the one place hidden information is filtered out.

The View types live in ``state.py``.
"""

from __future__ import annotations

from functools import lru_cache

from engines.clashofdecks.content import catalog
from engines.clashofdecks.ctx import Ctx, Loc
from engines.clashofdecks.state import (
    STRONGHOLD,
    CardInfo,
    ChampionView,
    ClashState,
    ClashView,
    DraftView,
    EffectRecord,
    HandView,
    KingdomView,
    LineView,
    Record,
    SideView,
    UnitView,
)
from engines.clashofdecks.summoning import affordable, cost, playable
from engines.core.carry import carry


def card_info(ctx: Ctx, iid: str, *, anonymous: bool = False) -> CardInfo:
    """A card's face; ``anonymous`` drops the instance id (for cards now hidden in a hand)."""
    return _face("" if anonymous else iid, ctx.state.cards[iid])


@lru_cache(maxsize=4096)
def _face(iid: str, design: str) -> CardInfo:
    """Card faces are immutable, so each (instance, design) pair is built once."""
    card = catalog().cards[design]
    return CardInfo(
        **carry(card, "name kind cost hp av abilities aura effect power text"),
        id=iid,
    )


def _unit(ctx: Ctx, loc: Loc) -> UnitView:
    unit = ctx.at(loc)
    found = ctx.abilities(loc)
    own = {a for iid in unit.cards for a in ctx.card(iid).abilities}
    return UnitView(
        id=unit.cards[0],
        name=ctx.unit_name(unit),
        cards=tuple(card_info(ctx, i) for i in unit.cards),
        owner=unit.owner,
        position=loc.pos,
        cost=sum(ctx.card(i).cost for i in unit.cards),
        hp=ctx.hp(unit),
        av=ctx.av(unit),
        damage=unit.damage,
        abilities=tuple(sorted(found)),
        granted=tuple(sorted(found - own)),
        sprint_bonus=unit.sprint,
        protection_spent=unit.shielded,
        summoned_this_turn=unit.entered == ctx.state.turn,
        champion=any(ctx.card(i).kind == "champion" for i in unit.cards),
    )


def _record(r: Record) -> EffectRecord:
    return EffectRecord(r.kind, r.text, r.source, r.target, r.kingdom, r.amount, r.line)


def build_view(state: ClashState, viewer: int | None) -> ClashView:
    """What ``viewer`` (a seat, or None for a spectator) may see."""
    ctx = Ctx(state)
    kingdoms = []
    for k, kd in enumerate(state.kingdoms):
        champion = None
        if kd.champion:
            champion = ChampionView(
                card_info(ctx, kd.champion), kd.champion_status, cost(ctx, k, kd.champion)
            )
        kingdoms.append(
            KingdomView(
                index=k,
                name=ctx.name(k),
                seat=None if kd.is_ai else kd.seat,
                team=kd.team,
                is_ai=kd.is_ai,
                hand_size=len(kd.hand),
                stronghold_pos=kd.hand.index(STRONGHOLD) if kd.hand else -1,
                side="fort" if kd.fort else "bastion",
                hp=ctx.stronghold_hp(k) if (kd.hand or kd.is_ai) else 0,
                mana=kd.mana if state.active == k else 0,
                upper_line=kd.lines[0],
                lower_line=kd.lines[1],
                creatures=ctx.creatures_in_play(k),
                champion=champion,
                deck_size=len(kd.deck),
                discard=tuple(card_info(ctx, i) for i in kd.discard),
                revealed_deck=tuple(_face("", design) for design in kd.revealed),
                lost=kd.lost,
            )
        )
    lines = []
    for li, ln in enumerate(state.lines):
        sides = []
        for si, k in enumerate(ln.kingdoms):
            units = tuple(_unit(ctx, Loc(li, si, pi)) for pi in range(len(ln.sides[si])))
            sides.append(SideView(k, ctx.is_upper(k, li), units))
        lines.append(LineView(li, sides[0], sides[1]))
    hand = None
    mine = _kingdom_of(state, viewer)
    if mine is not None and state.kingdoms[mine].hand:
        kd = state.kingdoms[mine]
        cards = [i for i in kd.hand if i != STRONGHOLD]
        can_play = playable(state, mine)
        can_pay = [
            i
            for i in can_play
            if state.active == mine and state.phase == "summon" and affordable(ctx, mine, i)
        ]
        hand = HandView(
            tuple(card_info(ctx, i) for i in cards),
            kd.hand.index(STRONGHOLD),
            "fort" if kd.fort else "bastion",
            tuple(can_play),
            tuple(can_pay),
        )
    draft = None
    if state.draft is not None:
        d = state.draft
        picker = d.order[0] if d.order and d.order[0] >= 0 else None
        picks = [tuple(card_info(ctx, i) for i in p) for p in d.picks]
        for k, kd in enumerate(state.kingdoms):
            if kd.is_ai:
                picks[k] = tuple(card_info(ctx, i) for i in d.ai_pool) if k == _first_ai(state) else ()
        draft = DraftView(
            pattern=d.patterns[d.round] if 0 <= d.round < len(d.patterns) else "",
            round=d.round + 1,
            row=tuple(card_info(ctx, i) for i in d.row),
            picks=tuple(picks),
            picker=picker,
            picks_now=d.order.count(picker) if picker is not None else 0,
            pile_left=len(d.pile),
        )
    active_seat = None
    if state.active >= 0 and not state.kingdoms[state.active].is_ai:
        active_seat = state.kingdoms[state.active].seat
    return ClashView(
        **carry(state, "players mode format phase turn active champions result ai sudden_death"),
        viewer=viewer,
        over=state.phase == "over",
        active_seat=active_seat,
        kingdoms=tuple(kingdoms),
        lines=tuple(lines),
        last_assault=tuple(_record(r) for r in state.last_assault),
        this_turn=tuple(_record(r) for r in state.this_turn),
        hand=hand,
        draft=draft,
        winners=tuple(state.winners),
    )


def _kingdom_of(state: ClashState, seat: int | None) -> int | None:
    """The kingdom a seat plays, if any."""
    if seat is None:
        return None
    for k, kd in enumerate(state.kingdoms):
        if kd.seat == seat:
            return k
    return None


def _first_ai(state: ClashState) -> int:
    """The first AI kingdom (where the shared AI draft pool is shown)."""
    return next((k for k, kd in enumerate(state.kingdoms) if kd.is_ai), -1)
