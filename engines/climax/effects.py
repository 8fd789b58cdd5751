"""One handler per ability keyword, shared by every card that bears it, and the generated card text.

``KEYWORDS`` binds each keyword of ``data/cards.toml`` to a :class:`Keyword`: when it acts
(``timing``), what it does (``run`` for one-shot effects, ``power``/``soul`` for continuous ones)
and its rules text in English and Japanese. A card's text is put together from these templates and
its numbers (:func:`card_text`), so the two languages always say the same thing as the rules do.

Choices an effect needs (a target, a card to discard) pause the agenda through ``flow.ask``; their
answers are registered here as the ``pick`` and ``discard`` choices.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.climax.content import Ability, Card
from engines.climax.ctx import Ctx
from engines.climax.flow import ASKS, asking, task
from engines.climax.state import REVERSE, Choice, Job
from engines.climax.words import icon_name, say
from engines.core.keywords import Registry
from engines.core.types import Action, seat_ref

#: back slot -> the front slots "in front of" it (B4.1: back row supports the front row)
BACKED = {3: (0, 1), 4: (1, 2)}

Runner = Callable[[Ctx, int, str, Ability, Job], None]
Bonus = Callable[[Ctx, int, int, int, Ability], int]


@dataclass(frozen=True)
class Keyword:
    """An ability keyword: its timing, its effect and its text in both languages.

    ``timing``: continuous | climax | on_play | on_attack | activated | counter | backup | event |
    on_reverse | encore. ``power``/``soul`` take (ctx, seat, source slot (-1 = climax zone),
    target slot, ability) and return the bonus the source gives the target.
    """

    timing: str
    en: str
    ja: str
    run: Runner | None = None
    power: Bonus | None = None
    soul: Bonus | None = None

    def text(self, ability: Ability, lang: str, ref: str = "") -> str:
        """This keyword's rules text with the ability's numbers filled in."""
        template = self.ja if lang == "ja" else self.en
        return template.format(n=ability.n, soul=ability.soul, cost=ability.cost, ref=ref)


KEYWORDS: Registry[Keyword] = Registry("Climax", "ability keyword")


def keyword(name: str, timing: str, en: str, ja: str, **hooks: Runner | Bonus) -> None:
    """Register one keyword."""
    KEYWORDS.add(name, Keyword(timing, en, ja, **hooks))  # type: ignore[arg-type]


# ------------------------------------------------------------------------------ continuous
def _assist(ctx: Ctx, seat: int, source: int, target: int, ab: Ability) -> int:
    return ab.n if target in BACKED.get(source, ()) else 0


def _boost_power(ctx: Ctx, seat: int, source: int, target: int, ab: Ability) -> int:
    return ab.n if source == -1 else 0


def _boost_soul(ctx: Ctx, seat: int, source: int, target: int, ab: Ability) -> int:
    return ab.soul if source == -1 else 0


def _combo(ctx: Ctx, seat: int, source: int, target: int, ab: Ability) -> int:
    climax = ctx.p(seat).climax
    return ab.n if source == target and climax and ctx.state.cards[climax] == ab.ref else 0


def _combo_soul(ctx: Ctx, seat: int, source: int, target: int, ab: Ability) -> int:
    climax = ctx.p(seat).climax
    return ab.soul if source == target and climax and ctx.state.cards[climax] == ab.ref else 0


keyword(
    "assist",
    "continuous",
    "[Back row] Your characters in the front slots before this one get +{n} power.",
    "【後列】このカードの前にいるあなたの前列のキャラすべてに、パワーを＋{n}。",
    power=_assist,
)
keyword(
    "climax_boost",
    "climax",
    "While this is in your climax zone, all your characters get +{n} power and +{soul} AP.",
    "このカードがクライマックス置場にある間、あなたのキャラすべてに、パワーを＋{n}し、APを＋{soul}。",
    power=_boost_power,
    soul=_boost_soul,
)
keyword(
    "combo",
    "continuous",
    "While your climax zone holds {ref}, this gets +{n} power.",
    "あなたのクライマックス置場に「{ref}」があるなら、このカードのパワーを＋{n}。",
    power=_combo,
    soul=_combo_soul,
)


def power_of(ctx: Ctx, seat: int, index: int) -> int:
    """A stage character's power now: printed, bonuses for the turn, and continuous effects."""
    p = ctx.p(seat)
    slot = p.stage[index]
    total = ctx.card(slot.card).power + slot.power
    for source, other in enumerate(p.stage):
        if other.card:
            for ab in ctx.card(other.card).abilities:
                kw = KEYWORDS[ab.kw]
                if kw.power is not None and kw.timing == "continuous":
                    total += kw.power(ctx, seat, source, index, ab)
    if p.climax:
        for ab in ctx.card(p.climax).abilities:
            kw = KEYWORDS[ab.kw]
            if kw.power is not None:
                total += kw.power(ctx, seat, -1, index, ab)
    return max(0, total)


def soul_of(ctx: Ctx, seat: int, index: int) -> int:
    """A stage character's AP now; never below 0 (B2.5-22)."""
    p = ctx.p(seat)
    slot = p.stage[index]
    total = ctx.card(slot.card).soul + slot.soul
    for source, other in enumerate(p.stage):
        if other.card:
            for ab in ctx.card(other.card).abilities:
                kw = KEYWORDS[ab.kw]
                if kw.soul is not None and kw.timing == "continuous":
                    total += kw.soul(ctx, seat, source, index, ab)
    if p.climax:
        for ab in ctx.card(p.climax).abilities:
            kw = KEYWORDS[ab.kw]
            if kw.soul is not None:
                total += kw.soul(ctx, seat, -1, index, ab)
    return max(0, total)


# ------------------------------------------------------------------------------ triggered
def _attack_power(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    index = ctx.slot_of(seat, iid)
    if index >= 0:
        ctx.p(seat).stage[index].power += ab.n
        ctx.say("gain_power", card=ctx.name(iid), n=ab.n)


def _attack_soul(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    index = ctx.slot_of(seat, iid)
    if index >= 0:
        ctx.p(seat).stage[index].soul += ab.n
        ctx.say("gain_soul", card=ctx.name(iid), n=ab.n)


def _attack_draw(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    ctx.draw(seat, 1)
    ctx.ask(Choice(kind="discard", seat=seat, n=1, s="effect"))


def _play_stock(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    top = ctx.take_top(seat)
    ctx.to_stock(seat, top)
    ctx.say("to_stock", who=seat_ref(seat), card=ctx.name(iid))


def salvage_targets(ctx: Ctx, seat: int, level: int) -> tuple[str, ...]:
    """Characters of level ``level`` or lower in the seat's waiting room (oldest first, one per design)."""
    seen: dict[str, str] = {}
    for iid in ctx.p(seat).waiting:
        card = ctx.card(iid)
        if card.kind == "character" and card.level <= level and card.id not in seen:
            seen[card.id] = iid
    return tuple(seen.values())


def _salvage(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    targets = salvage_targets(ctx, seat, ab.n)
    if targets:
        # n=1: may decline ("up to one")
        ctx.ask(Choice(kind="pick", seat=seat, s="salvage", cards=targets, n=1))


def opposing(ctx: Ctx, seat: int, level: int) -> tuple[str, ...]:
    """The opponent's stage characters of level ``level`` or lower, in slot order."""
    foe = ctx.other(seat)
    return tuple(s.card for s in ctx.p(foe).stage if s.card and ctx.card(s.card).level <= level)


def _bounce(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    targets = opposing(ctx, seat, ab.n)
    if targets:
        ctx.ask(Choice(kind="pick", seat=seat, s="bounce", cards=targets))


def _destroy(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    targets = opposing(ctx, seat, ab.n)
    if targets:
        ctx.ask(Choice(kind="pick", seat=seat, s="destroy", cards=targets))


def _burn(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    ctx.push(Job(kind="damage", seat=ctx.other(seat), n=ab.n, s="effect"))


def _ev_draw(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    ctx.draw(seat, ab.n)
    ctx.ask(Choice(kind="discard", seat=seat, n=1, s="effect"))


def _rally(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    mine = tuple(s.card for s in ctx.p(seat).stage if s.card and s.card != iid)
    if mine:
        ctx.ask(Choice(kind="pick", seat=seat, s="rally", cards=mine, n=ab.n))  # n: the bonus to give


def _counter_power(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    attack = ctx.state.attack
    if attack is None or not attack.facing:
        return
    index = ctx.slot_of(seat, attack.facing)
    if index >= 0:
        ctx.p(seat).stage[index].power += ab.n
        ctx.say("gain_power", card=ctx.name(attack.facing), n=ab.n)


def _counter_soul(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    attack = ctx.state.attack
    if attack is None:
        return
    index = ctx.slot_of(attack.seat, attack.card)
    if index >= 0:
        ctx.p(attack.seat).stage[index].soul -= ab.n
        ctx.say("lose_soul", card=ctx.name(attack.card), n=ab.n)


def _revenge(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    # job.s is the character it battled (on the other side)
    foe = ctx.other(seat)
    index = ctx.slot_of(foe, job.s)
    if index >= 0 and ctx.p(foe).stage[index].pose != REVERSE:
        ctx.p(foe).stage[index].pose = REVERSE
        ctx.say("revenge", card=ctx.name(iid), target=ctx.name(job.s))


def _noop(ctx: Ctx, seat: int, iid: str, ab: Ability, job: Job) -> None:
    """Keywords whose rule is read where it applies (encore price, backup value)."""


keyword(
    "attack_power",
    "on_attack",
    "When this attacks, it gets +{n} power for the turn.",
    "このカードが攻撃した時、そのターン中、このカードのパワーを＋{n}。",
    run=_attack_power,
)
keyword(
    "attack_soul",
    "on_attack",
    "When this attacks, it gets +{n} AP for the turn.",
    "このカードが攻撃した時、そのターン中、このカードのAPを＋{n}。",
    run=_attack_soul,
)
keyword(
    "attack_draw",
    "on_attack",
    "When this attacks, draw 1 card, then put 1 card from your hand into your waiting room.",
    "このカードが攻撃した時、カードを1枚引き、手札を1枚選び控え室に置く。",
    run=_attack_draw,
)
keyword(
    "play_stock",
    "on_play",
    "When this is played, put the top card of your deck face down on your stock.",
    "このカードがプレイされた時、あなたの山札の上から1枚をストック置場に置く。",
    run=_play_stock,
)
keyword(
    "play_salvage",
    "on_play",
    "When this is played, you may return 1 character of level {n} or lower from your waiting room to "
    "your hand.",
    "このカードがプレイされた時、あなたは自分の控え室のレベル{n}以下のキャラを1枚選び、手札に戻してよい。",
    run=_salvage,
)
keyword(
    "rally",
    "activated",
    "[Act] Pay {cost} stock and rest this: another of your characters gets +{n} power for the turn.",
    "【起動】ストックを{cost}枚払い、このカードをレストする：このカード以外のあなたのキャラ1枚に、"
    "そのターン中、パワーを＋{n}。",
    run=_rally,
)
keyword(
    "backup",
    "backup",
    "[Backup +{n}] In the counter step, pay this card's cost and put it from your hand into your "
    "waiting room: your defending character gets +{n} power for the turn.",
    "【助太刀＋{n}】助太刀ステップに、コストを払い手札のこのカードを控え室に置く：防御中のあなたの"
    "キャラに、そのターン中、パワーを＋{n}。",
    run=_counter_power,
)
keyword(
    "counter_power",
    "counter",
    "[Counter] Your defending character gets +{n} power for the turn.",
    "【防御中】防御中のあなたのキャラに、そのターン中、パワーを＋{n}。",
    run=_counter_power,
)
keyword(
    "counter_soul",
    "counter",
    "[Counter] The attacking character gets -{n} AP for the turn.",
    "【防御中】攻撃中のキャラに、そのターン中、APを－{n}。",
    run=_counter_soul,
)
keyword(
    "ev_draw",
    "event",
    "Draw {n} cards, then put 1 card from your hand into your waiting room.",
    "カードを{n}枚引き、手札を1枚選び控え室に置く。",
    run=_ev_draw,
)
keyword(
    "ev_salvage",
    "event",
    "Return 1 character of level {n} or lower from your waiting room to your hand.",
    "あなたの控え室のレベル{n}以下のキャラを1枚選び、手札に戻す。",
    run=_salvage,
)
keyword(
    "ev_bounce",
    "event",
    "Return 1 opposing character of level {n} or lower to its owner's hand.",
    "相手のレベル{n}以下のキャラを1枚選び、持ち主の手札に戻す。",
    run=_bounce,
)
keyword(
    "ev_burn",
    "event",
    "Deal {n} damage to your opponent (a climax can cancel it).",
    "相手に{n}ダメージを与える（クライマックスでキャンセルできる）。",
    run=_burn,
)
keyword(
    "ev_destroy",
    "event",
    "Put 1 opposing character of level {n} or lower into its owner's waiting room.",
    "相手のレベル{n}以下のキャラを1枚選び、控え室に置く。",
    run=_destroy,
)
keyword(
    "revenge",
    "on_reverse",
    "When this is reversed in battle, reverse the character it battled.",
    "このカードがバトルでリバースした時、バトルしているキャラをリバースする。",
    run=_revenge,
)
keyword(
    "cheap_encore",
    "encore",
    "Encore for this card costs {n} stock instead.",
    "このカードの大活躍のコストは、ストック{n}枚になる。",
    run=_noop,
)


def abilities(card: Card, timing: str) -> list[Ability]:
    """The card's abilities that act at ``timing``."""
    return [ab for ab in card.abilities if KEYWORDS[ab.kw].timing == timing]


def fire(ctx: Ctx, seat: int, iid: str, timing: str, context: str = "") -> None:
    """Queue the card's abilities of ``timing`` to run next, in printed order."""
    jobs = [
        Job(kind="ability", seat=seat, s=context, cards=(iid, ab.kw), n=i)
        for i, ab in enumerate(ctx.card(iid).abilities)
        if KEYWORDS[ab.kw].timing == timing
    ]
    if jobs:
        ctx.push(*jobs)


@task("ability")
def run_ability(ctx: Ctx, job: Job) -> None:
    """Resolve one ability of a card: ``cards`` = (instance, keyword), ``n`` = its index on the card."""
    iid, _ = job.cards
    ab = ctx.card(iid).abilities[job.n]
    runner = KEYWORDS[ab.kw].run
    if runner is not None:
        runner(ctx, job.seat, iid, ab, job)


def encore_price(ctx: Ctx, iid: str) -> int:
    """B2.7-32: the stock an encore costs (the table's price, or a cheaper one printed on the card)."""
    prices = [ab.n for ab in ctx.card(iid).abilities if ab.kw == "cheap_encore"]
    return min([ctx.state.encore_cost, *prices])


def is_counter(card: Card) -> bool:
    """True for cards usable in the counter step (backup characters and counter events)."""
    return any(KEYWORDS[ab.kw].timing in ("backup", "counter") for ab in card.abilities)


# ------------------------------------------------------------------------------ card text
def card_text(card: Card, lang: str, names: Callable[[str], str]) -> str:
    """A card's rules text, generated from its keywords (``names`` turns a card id into a name)."""
    parts = [KEYWORDS[ab.kw].text(ab, lang, names(ab.ref) if ab.ref else "") for ab in card.abilities]
    if card.kind == "climax":
        parts = [
            _boost_text(ab, lang) if ab.kw == "climax_boost" else t
            for ab, t in zip(card.abilities, parts, strict=True)
        ]
    if card.triggers:
        icons = (
            "・".join(icon_name(i, lang) for i in card.triggers)
            if lang == "ja"
            else ", ".join(icon_name(i, lang) for i in card.triggers)
        )
        parts.append(say(lang, "trigger_text", icons=icons))
    if not parts:
        return say(lang, "vanilla")
    return " ".join(parts)


def _boost_text(ab: Ability, lang: str) -> str:
    """Climax boosts with only power or only AP read without the missing half."""
    if ab.n and ab.soul:
        return KEYWORDS["climax_boost"].text(ab, lang)
    key = "boost_soul" if ab.soul else "boost_power"
    return say(lang, key, n=ab.n, soul=ab.soul)


# ------------------------------------------------------------------------------ effect choices
def _pick_offers(ctx: Ctx, choice: Choice) -> list[Action]:
    actions = [
        Action(f"t.{iid}", say(ctx.lang, f"pick_{choice.s}", card=ctx.name(iid)), "pick", iid, ("t", iid))
        for iid in choice.cards
    ]
    if choice.s == "salvage":
        actions.append(Action("pass", say(ctx.lang, "pick_none"), "pass", params=("pass",)))
    return actions


def _pick_answer(ctx: Ctx, choice: Choice, action: Action) -> None:
    if action.key == "pass":
        return
    iid = action.card
    seat = choice.seat
    if choice.s == "salvage":
        ctx.p(seat).waiting.remove(iid)
        ctx.p(seat).hand.append(iid)
        ctx.say("salvaged", who=seat_ref(seat), card=ctx.name(iid))
    elif choice.s == "rally":
        index = ctx.slot_of(seat, iid)
        ctx.p(seat).stage[index].power += choice.n
        ctx.say("gain_power", card=ctx.name(iid), n=choice.n)
    elif choice.s == "bounce":
        foe = ctx.other(seat)
        ctx.clear_slot(foe, ctx.slot_of(foe, iid))
        ctx.p(foe).hand.append(iid)
        ctx.say("bounced", card=ctx.name(iid), who=seat_ref(foe))
    elif choice.s == "destroy":
        foe = ctx.other(seat)
        ctx.push(Job(kind="leave", seat=foe, s=iid))


def _discard_offers(ctx: Ctx, choice: Choice) -> list[Action]:
    return [
        Action(f"h.{iid}", say(ctx.lang, "discard_card", card=ctx.name(iid)), "discard", iid, ("h", iid))
        for iid in ctx.p(choice.seat).hand
    ]


def _discard_answer(ctx: Ctx, choice: Choice, action: Action) -> None:
    seat = choice.seat
    ctx.p(seat).hand.remove(action.card)
    ctx.p(seat).waiting.append(action.card)
    ctx.say("discarded", who=seat_ref(seat), card=ctx.name(action.card))
    if choice.n > 1 and ctx.p(seat).hand:
        ctx.ask(Choice(kind="discard", seat=seat, n=choice.n - 1, s=choice.s))


ASKS.add("pick", asking(_pick_offers, _pick_answer, private=False))
ASKS.add("discard", asking(_discard_offers, _discard_answer))
