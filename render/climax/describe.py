"""A plain-text account of a climax view, in the table's language, with ``{P1}`` placeholders for seats."""

from __future__ import annotations

from engines.climax.state import REST, REVERSE, AttackView, CardFace, ClimaxView, PlayerView, SlotView
from engines.core.types import seat_ref
from render.climax.words import colour_name, phase_name, slot_name, term

LIMIT = 1500

#: key -> (English, Japanese)
LINES: dict[str, tuple[str, str]] = {
    "head": (
        "Climax, turn {n}: {who}'s turn, {phase}.",
        "クライマックス 第{n}ターン：{who}のターン、{phase}。",
    ),
    "head_setup": ("Climax: setting up ({phase}).", "クライマックス：準備中（{phase}）。"),
    "over": ("Game over: {result}", "ゲーム終了：{result}"),
    "deciding": ("Waiting for {who}.", "{who}の選択待ち。"),
    "side": (
        "{who}: level {level} (level zone: {levels}); clock {clock}/7: {clocks}; stock {stock}, "
        "deck {deck}, hand {hand}; waiting room {waiting} (top: {top}); climax zone: {climax}.",
        "{who}：レベル{level}（レベル置場：{levels}）、クロック{clock}/7：{clocks}、ストック{stock}、"
        "山札{deck}、手札{hand}、控え室{waiting}枚（一番上：{top}）、クライマックス置場：{climax}。",
    ),
    "stage": ("{who}'s stage: {slots}.", "{who}の舞台：{slots}。"),
    "slot": ("{slot} {card} {power}/AP{soul}{pose}", "{slot}{card} {power}/AP{soul}{pose}"),
    "empty": ("none", "なし"),
    "attack": (
        "{title}: {who}'s {card} ({slot}) {against}, AP {ap}; trigger: {trigger}; damage: {damage}.",
        "{title}：{who}の{card}（{slot}）{against}、AP{ap}；トリガー：{trigger}；ダメージ：{damage}。",
    ),
    "attack_now": ("Attack", "アタック中"),
    "attack_last": ("Last attack", "直前のアタック"),
    "battle": ("battles {card}", "が{card}とバトル"),
    "no_battle": ("attacks past {card}", "が{card}とバトルせず攻撃"),
    "direct": ("attacks with nobody in front", "が正面にキャラなしで攻撃"),
    "cancelled": ("{cards} (cancelled)", "{cards}（キャンセル）"),
    "not_yet": ("not yet", "まだ"),
    "hand": ("Your hand: {cards}.", "あなたの手札：{cards}。"),
    "usable": ("usable now: {cards}", "今使える：{cards}"),
    "marked": ("marked to replace: {cards}", "引き直す予定：{cards}"),
}


def _t(key: str, lang: str, **params: object) -> str:
    en, ja = LINES[key]
    return (ja if lang == "ja" else en).format(**params)


def _names(cards: tuple[CardFace, ...], lang: str) -> str:
    sep = "、" if lang == "ja" else ", "
    return sep.join(card.name for card in cards) or _t("empty", lang)


def _slot(slot: SlotView, lang: str) -> str:
    where = slot_name(lang, slot.index)
    if slot.card is None:
        return f"{where} —"
    pose = f" ({term('rest', lang)})" if slot.pose == REST else ""
    pose = f" ({term('reverse', lang)})" if slot.pose == REVERSE else pose
    return _t("slot", lang, slot=where, card=slot.card.name, power=slot.power, soul=slot.soul, pose=pose)


def _colours(cards: tuple[CardFace, ...], lang: str) -> str:
    """Cards as counts by colour ("green×4, blue×2"): the short form when the text runs long."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.colour] = counts.get(card.colour, 0) + 1
    sep = "、" if lang == "ja" else ", "
    return sep.join(f"{colour_name(c, lang)}×{n}" for c, n in counts.items()) or _t("empty", lang)


def _side(side: PlayerView, lang: str, full: bool = True) -> list[str]:
    top = side.waiting[-1].name if side.waiting else _t("empty", lang)
    climax = side.climax.name if side.climax else _t("empty", lang)
    sep = "、" if lang == "ja" else "; "
    return [
        _t(
            "side",
            lang,
            who=side.name,
            level=side.level,
            levels=_names(side.level_cards, lang),
            clock=len(side.clock),
            clocks=_names(side.clock, lang) if full else _colours(side.clock, lang),
            stock=side.stock,
            deck=side.deck,
            hand=side.hand,
            waiting=len(side.waiting),
            top=top,
            climax=climax,
        ),
        _t("stage", lang, who=side.name, slots=sep.join(_slot(s, lang) for s in side.stage)),
    ]


def _attack(attack: AttackView, current: bool, lang: str) -> str:
    if attack.facing is None:
        against = _t("direct", lang)
    else:
        against = _t("battle" if attack.battle else "no_battle", lang, card=attack.facing.name)
    damage = _names(attack.damage, lang) if attack.damage else _t("not_yet", lang)
    if attack.cancelled:
        damage = _t("cancelled", lang, cards=damage)
    return _t(
        "attack",
        lang,
        title=_t("attack_now" if current else "attack_last", lang),
        who=seat_ref(attack.seat),
        card=attack.attacker.name,
        slot=slot_name(lang, attack.slot),
        against=against,
        ap=attack.ap,
        trigger=attack.trigger.name if attack.trigger else _t("not_yet", lang),
        damage=damage,
    )


def describe_view(view: ClimaxView) -> str:
    """Turn, phase and who decides; each side's zones and stage; the attack; the viewer's own hand."""
    text = _account(view, full=True)
    if len(text) > LIMIT:  # name the clock cards by colour only, then cut as a last resort
        text = _account(view, full=False)
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"


def _account(view: ClimaxView, full: bool) -> str:
    lang = view.lang
    phase = phase_name(view.phase, lang)
    if view.over:
        lines = [_t("over", lang, result=view.result)]
    elif view.turn > 0:
        lines = [_t("head", lang, n=view.turn, who=seat_ref(view.active), phase=phase)]
    else:
        lines = [_t("head_setup", lang, phase=phase)]
    if view.deciding and not view.over:
        lines.append(_t("deciding", lang, who=", ".join(seat_ref(s) for s in view.deciding)))
    for side in view.sides:
        lines.extend(_side(side, lang, full))
    attack, current = (view.attack, True) if view.attack is not None else (view.last, False)
    if attack is not None:
        lines.append(_attack(attack, current, lang))
    if view.viewer is not None:
        hand = _names(tuple(h.card for h in view.hand), lang)
        usable = tuple(h.card for h in view.hand if h.playable)
        marked = tuple(h.card for h in view.hand if h.card.id in set(view.marked))
        extra = [_t("usable", lang, cards=_names(usable, lang))] if usable else []
        extra += [_t("marked", lang, cards=_names(marked, lang))] if marked else []
        text = hand + (f" ({'; '.join(extra)})" if extra else "")
        lines.append(_t("hand", lang, cards=text))
    return "\n".join(lines)
