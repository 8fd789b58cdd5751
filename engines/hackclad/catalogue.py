"""The readable HackClad catalogue: skill cards by witch, the witches, CP actions, missions and the Clad.

Every entry is built from the same content data the engine plays by (``engines/hackclad/data``):
the rules text of a skill card, mission or CP action is its ``text`` field (the words the hand
image shows), and the one-line stats are derived from its numbers. Skill cards keep their data id;
the other kinds are prefixed (``witch:``, ``cp:``, ``mission:``, ``clad:``) because the Clad has a
"Tail Whip" just as Rosette does.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core.types import CatalogueEntry
from engines.hackclad.content import Card, CladCard, Content, CpAction, Mission, Witch, content

SHARED = "Shared cards"
WITCHES = "Witches"
CP_ACTIONS = "CP actions"
MISSIONS = "Missions"
CLAD = "Clad"

TYPE_NAMES = {
    "attack": "Attack",
    "attack_magic": "Attack Magic",
    "support": "Support",
    "support_magic": "Support Magic",
    "reaction": "Reaction",
    "reaction_magic": "Reaction Magic",
}
NEED_WORDS = {"adjacent_clad": "next to the Clad", "adjacent_witch": "next to a witch"}
TURN_WORDS = {"left": "turns left", "right": "turns right", "back": "turns around"}
TIMING_WORDS = {"turn": "own turn", "reaction": "reaction"}
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


def _count(n: int, noun: str) -> str:
    word = _NUMBERS[n] if n < len(_NUMBERS) else str(n)
    return f"{word} {noun}{'' if n == 1 else 's'}"


def _row_width(xs: Sequence[int]) -> str:
    """How a row of range cells spreads sideways: "" for the middle cell alone, "3 wide", "left+right"."""
    if list(xs) == [0]:
        return ""
    if list(xs) == list(range(min(xs), max(xs) + 1)) and min(xs) == -max(xs):
        return f"{len(xs)} wide"
    return "+".join("left" if x < 0 else "right" if x > 0 else "middle" for x in xs)


def range_summary(cells: Sequence[tuple[int, int]]) -> str:
    """A skill card's range in words: distances ahead, with the width of each ("range 1-2 (3 wide)")."""
    rows: dict[int, list[int]] = {}
    for x, y in cells:
        rows.setdefault(y, []).append(x)
    # consecutive distances with the same spread merge into one span ("1-2")
    spans: list[tuple[int, int, str]] = []
    for y in sorted(rows):
        width = _row_width(sorted(rows[y]))
        if spans and spans[-1][1] == y - 1 and spans[-1][2] == width:
            spans[-1] = (spans[-1][0], y, width)
        else:
            spans.append((y, y, width))
    parts = [
        (f"{lo}" if lo == hi else f"{lo}-{hi}") + (f" ({width})" if width else "") for lo, hi, width in spans
    ]
    return "range " + " + ".join(parts)


def _copies(witch: Witch, card_id: str) -> str:
    """Which of the witch's two piles holds the card, and how many copies when more than one."""
    pile = "basic" if card_id in witch.basic else "enhanced"
    n = (*witch.basic, *witch.enhanced).count(card_id)
    return f"{pile} x{n}" if n > 1 else pile


def card_stats(card: Card, pile: str) -> str:
    """Type, ATK, MP, range, extra cost, needs, tags, VP and pile of a skill card, in one line."""
    parts = [TYPE_NAMES[card.type]]
    if card.is_attack:
        parts.append(f"ATK {card.atk}")
    if card.x_cost:
        parts.append(f"{card.mp}+X MP" if card.mp else "X MP")
    elif card.mp:
        parts.append(f"{card.mp} MP")
    if card.range:
        parts.append(range_summary(card.range))
    extra = []
    if card.extra_discard:
        extra.append(f"discard {card.extra_discard}")
    if card.extra_shards:
        extra.append(f"leave {card.extra_shards} shard")
    if extra:
        parts.append(f"extra cost {' + '.join(extra)}{' (optional)' if card.extra_optional else ''}")
    if card.need:
        parts.append(f"only {NEED_WORDS[card.need]}")
    if card.from_discard:
        parts.append("usable from discard")
    if card.passive:
        parts.append("passive while in discard")
    if card.tags:
        parts.append(", ".join(tag.capitalize() for tag in card.tags))
    parts += [f"{card.vp} VP", pile]
    return " · ".join(parts)


def _skill_entries(data: Content) -> list[CatalogueEntry]:
    """Cards in every witch's deck first, then each witch's own cards, basic then enhanced."""
    owners: dict[str, list[Witch]] = {}
    for wid in data.witch_order:
        witch = data.witches[wid]
        for card_id in dict.fromkeys((*witch.basic, *witch.enhanced)):
            owners.setdefault(card_id, []).append(witch)
    shared = [cid for cid, ws in owners.items() if len(ws) > 1]
    found: list[CatalogueEntry] = []
    for cid in shared:
        ws = owners[cid]
        piles = {_copies(w, cid) for w in ws}
        everyone = "every witch" if len(ws) == len(data.witch_order) else ", ".join(w.name for w in ws)
        pile = f"{'/'.join(sorted(piles))}, {everyone}"
        found.append(_card_entry(data.cards[cid], SHARED, pile))
    for wid in data.witch_order:
        witch = data.witches[wid]
        for cid in dict.fromkeys((*witch.basic, *witch.enhanced)):
            if len(owners[cid]) == 1:
                found.append(_card_entry(data.cards[cid], f"{witch.name}'s cards", _copies(witch, cid)))
    # a design no witch holds would still be content worth reading (none ship today)
    for cid, card in data.cards.items():
        if cid not in owners:
            found.append(_card_entry(card, "Other cards", "in no witch's deck"))
    return found


def _card_entry(card: Card, group: str, pile: str) -> CatalogueEntry:
    return CatalogueEntry(
        id=card.id, name=card.name, group=group, stats=card_stats(card, pile), text=card.text
    )


def witch_stats(witch: Witch) -> str:
    """The per-round limits of the three basic actions (+1 move, +1 MP, -1 DMG)."""
    move, mp, guard = witch.limits
    return f"per round: +1 move x{move} · +1 MP x{mp} · -1 DMG x{guard}"


def _witch_entry(witch: Witch, data: Content) -> CatalogueEntry:
    innate = data.cp[witch.innate]
    first = ", ".join(data.missions[m].title for m in witch.first_game)
    passives = [
        data.cards[c].name for c in dict.fromkeys((*witch.basic, *witch.enhanced)) if data.cards[c].passive
    ]
    text = (
        f"Innate CP action {innate.name} ({innate.cost} CP, {TIMING_WORDS[innate.timing]}): {innate.text}"
        + (f" Passive cards: {', '.join(passives)}." if passives else "")
        + (f" First-game missions: {first}." if first else "")
    )
    return CatalogueEntry(
        id=f"witch:{witch.id}", name=witch.name, group=WITCHES, stats=witch_stats(witch), text=text
    )


def _cp_entry(cp: CpAction, data: Content) -> CatalogueEntry:
    owner = f" · {data.witches[cp.witch].name} only" if cp.witch else ""
    return CatalogueEntry(
        id=f"cp:{cp.id}",
        name=cp.name,
        group=CP_ACTIONS,
        stats=f"{cp.cost} CP · {TIMING_WORDS[cp.timing]}{owner}",
        text=cp.text,
    )


def mission_stats(mission: Mission) -> str:
    """What a mission scores: its VP, or the MP gauge for the one worth no printed VP (Mage)."""
    if mission.kind == "final_mp":
        return "VP = your MP at the end"
    return f"{mission.vp} VP"


def _mission_entry(mission: Mission) -> CatalogueEntry:
    return CatalogueEntry(
        id=f"mission:{mission.id}",
        name=mission.title,
        group=MISSIONS,
        stats=mission_stats(mission),
        text=mission.text,
    )


def _spaces(cells: Sequence[tuple[int, int]]) -> str:
    """How many spaces a Clad card marks and where they lie: ahead, beside, behind or to one side."""
    counted = _count(len(cells), "space")
    if all(x > 0 for x, _ in cells):
        return f"{counted} on its right"
    if all(x < 0 for x, _ in cells):
        return f"{counted} on its left"
    where = [
        (label, n)
        for label, n in (
            ("ahead", sum(1 for _, y in cells if y > 0)),
            ("beside", sum(1 for _, y in cells if y == 0)),
            ("behind", sum(1 for _, y in cells if y < 0)),
        )
        if n
    ]
    if len(where) == 1:
        return f"{counted} {where[0][0]}"
    return f"{counted} ({', '.join(f'{n} {label}' for label, n in where)})"


def clad_text(card: CladCard) -> str:
    """The card's icons in the order the Clad acts them: attack, drop, move, turn."""
    steps = []
    if card.attack:
        steps.append(f"attacks {_spaces(card.attack)}")
    if card.drop:
        steps.append(f"drops a shard on {_spaces(card.drop)}")
    if card.move:
        steps.append(f"moves {_count(card.move, 'space')} forward")
    if card.face:
        steps.append(TURN_WORDS[card.face])
    said = ", then ".join(steps) if steps else "does nothing"
    return said[0].upper() + said[1:] + "."


def _clad_entry(card: CladCard, data: Content) -> CatalogueEntry:
    stats = f"Voltage {card.voltage}"
    if card.expert:
        stats += f" · expert, replaces {data.clad[card.replaces].name}"
    return CatalogueEntry(id=f"clad:{card.id}", name=card.name, group=CLAD, stats=stats, text=clad_text(card))


def entries() -> list[CatalogueEntry]:
    """Every entry in browsing order: skill cards, witches, CP actions, missions, then the Clad deck."""
    data = content()
    found = _skill_entries(data)
    found += [_witch_entry(data.witches[w], data) for w in data.witch_order]
    found += [_cp_entry(cp, data) for cp in data.cp.values() if not cp.witch]
    found += [_mission_entry(data.missions[m]) for m in data.mission_order]
    found += [_clad_entry(data.clad[k], data) for k in data.clad_order]
    return found
