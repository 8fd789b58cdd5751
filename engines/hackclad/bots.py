"""HackClad bots. They read only their own seat's view and the legal actions.

``WitchBot`` is a greedy player: hit the Clad as hard as it can, walk towards a spot from which a
card in hand reaches the Clad, stay out of the next Clad card's area, cut incoming damage with
reactions, and swap its highest-VP enhanced cards into the deck whenever it reforms.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from engines.core.bots import Suggestion
from engines.core.rng import Rng
from engines.core.types import Action, Prompt
from engines.hackclad import grid
from engines.hackclad.content import content
from engines.hackclad.state import CardView, HackView

#: missions best first, by the VP each paid the witch bot that took it (completion rate times VP,
#: seeds 1-100 at three players and 1-60 at four). The old taste put Endurance (4 CP at once,
#: done in 0-5% of games) sixth and Parry and Treasure Hunter (done 55-90%) near the end, so the
#: seat that drafts third and fourth at three players took the traps: it scored a VP less from
#: missions and won 25.75% of 400 games (30.25% with this taste).
_MISSION_TASTE = (
    "vitality",
    "parry",
    "striker",
    "treasure_hunter",
    "magpie",
    "mage",
    "survivor",
    "hard_hitter",
    "indestructible",
    "destroyer",
    "nuclear",
    "flash",
    "overdrive",
    "invincible",
    "machine_gun",
    "lightning",
    "endurance",
    "rapture",
)
_SLOT_TASTE = (0, 1, 3, 2)
_CUT_CARDS = ("block", "fortress", "generate_barrier", "protection_drone", "reflect", "counter_cross")


#: shard VP a card in the deck is expected to bring, per point of ATK above a basic attack's 1 that
#: costs no MP: 1.5 made the four witches' shares closest in four-player bot games (at 1.0 Flare
#: stayed near 15%, at 2.0 Rosette fell to 15% and Mia passed 40%)
ATK_WORTH = 1.5


def keep_worth(card: str) -> float:
    """What a card is worth in the deck: its VP at scoring, plus the shards its extra ATK should win.

    Every point of damage is a shard VP, so an enhanced attack that hits much harder than a basic one
    earns more than the VP printed on it: by VP alone Flare never took Desperate Measures (ATK 7, 1
    VP) and never had an attack among her first picks, and she won the fewest four-player games.
    """
    face = content().cards[card]
    bonus = ATK_WORTH * max(0, face.atk - 1 - face.mp) if face.type in ("attack", "attack_magic") else 0.0
    return face.vp + bonus


def card_value(card: CardView) -> int:
    """How much the bot wants to keep a card in hand this round."""
    if card.type in ("attack", "attack_magic"):
        return 30 + card.atk
    if card.type in ("reaction", "reaction_magic"):
        return 20
    return 10 + card.vp


def firing_cells(view: HackView, card: CardView) -> set[int]:
    """Cells from which this attack card reaches the Clad (with some facing)."""
    out = set()
    for cell in range(grid.CELLS):
        for d in range(4):
            if view.clad_pos in grid.area(cell, d, card.range):
                out.add(cell)
                break
    return out


def _blocked(view: HackView, me: int) -> set[int]:
    cells = {view.clad_pos}
    cells |= {w.pos for w in view.witches if w.pos >= 0 and w.seat != me}
    return cells


def _distances(view: HackView, me: int, start: int) -> dict[int, int]:
    """Steps to every reachable cell (orthogonal, wrapping, around figures)."""
    blocked = _blocked(view, me)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for d in range(4):
            nxt = grid.step(cell, d)
            if nxt not in dist and nxt not in blocked:
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
    return dist


def _targets(view: HackView) -> set[int]:
    """Cells from which some attack card in hand (or the turn card) would hit the Clad."""
    cards = [c for c in view.hand if c.type in ("attack", "attack_magic")]
    out: set[int] = set()
    for c in cards:
        out |= firing_cells(view, c)
    return out


def _cell_score(view: HackView, me: int, cell: int) -> int:
    """Lower is better: danger first, then distance to a firing cell, then shards lying there."""
    danger = 100 if cell in view.next_hits else 0
    targets = _targets(view) - set(view.next_hits)
    if not targets:
        return danger
    dist = _distances(view, me, cell)
    near = min((dist[t] for t in targets if t in dist), default=10)
    return danger + near * 3 - view.field[cell]


def place_reason(view: HackView, me: int, cell: int) -> str:
    """What the witch bot weighs about standing on ``cell``, in words (safety, reach, shards)."""
    safe = "in the Clad's next attack" if cell in view.next_hits else "out of the Clad's next attack"
    targets = _targets(view) - set(view.next_hits)
    dist = _distances(view, me, cell)
    near = min((dist[t] for t in targets if t in dist), default=-1)
    reach = ""
    if near == 0:
        reach = ", and a card in hand hits the Clad from there"
    elif near > 0:
        reach = f", {near} step{'s' if near != 1 else ''} from a space where a card in hand hits the Clad"
    shards = f", {view.field[cell]} shard VP there" if view.field[cell] else ""
    return f"{grid.label(cell)} is {safe}{reach}{shards}"


class WitchBot:
    """A greedy witch that beats random play comfortably (see tests/engines/hackclad/test_bots.py)."""

    name = "witch"

    def choose(self, view: HackView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Action:
        """Pick an action from what this seat can see."""
        return self.suggest(view, prompt, actions, rng).action

    def suggest(self, view: HackView, prompt: Prompt, actions: Sequence[Action], rng: Rng) -> Suggestion:
        """The greedy choice and the rule of thumb behind it."""
        by_key = {a.key: a for a in actions}
        kind = prompt.kind
        if kind == "mission":
            pick = min(actions, key=lambda a: _MISSION_TASTE.index(a.key[2:]))
            m = content().missions[pick.key[2:]]
            why = "of the missions on offer, the one that has paid this bot the most VP in past games"
            return Suggestion(pick, f"Takes {m.title} ({m.vp} VP): {why}.")
        if kind == "enhanced":
            worth = {c.id: keep_worth(c.card) for c in view.enhanced}
            pick = max(actions, key=lambda a: (worth.get(a.card, 0.0), a.key))
            card = content().cards[next(c.card for c in view.enhanced if c.id == pick.card)]
            extra = worth[pick.card] - card.vp
            how = (
                f"its {card.vp} VP plus {extra:.1f} for the shards its extra ATK should win"
                if extra
                else "its VP"
            )
            return Suggestion(
                pick, f"Shuffles in {card.name}: worth {worth[pick.card]:.1f} VP in the deck ({how})."
            )
        if kind == "draft":
            hand = {c.id: c for c in view.hand}
            pick = min(
                actions,
                key=lambda a: (
                    card_value(hand[a.card]) if a.card in hand else 0,
                    _SLOT_TASTE.index(int(a.params[0])),
                ),
            )
            name = hand[pick.card].name if pick.card in hand else "a card"
            slot = int(pick.params[0]) + 1
            return Suggestion(pick, f"Lays {name} on turn slot {slot}: the card it needs least this round.")
        if kind == "turn":
            return self._turn(view, actions, by_key)
        if kind == "react":
            return self._react(view, actions, by_key)
        return self._choice(view, actions, by_key)

    # ------------------------------------------------------------------------------------------------
    def _me(self, view: HackView) -> int:
        # The witch being asked (a person may run two in a two-player team match).
        assert view.viewer is not None and view.me >= 0
        return view.me

    def _turn(self, view: HackView, actions: Sequence[Action], by_key: dict[str, Action]) -> Suggestion:
        me = self._me(view)
        w = view.witches[me]
        hand = {c.id: c for c in view.hand}
        attacks = [a for a in actions if a.group == "attack"]
        if attacks:
            # Biggest hit; the cheaper variant (no optional extra cost) on ties.
            pick = max(attacks, key=lambda a: (int(a.params[1]), -int(a.params[3]), a.key))
            atk = int(pick.params[1])
            why = f"the hardest hit on the Clad from here (ATK {atk}; every point of damage is a shard VP)"
            return Suggestion(pick, f"{_short(pick.label)}: {why}.")
        supports = [
            a
            for a in actions
            if a.group == "support"
            and hand[a.card].card not in ("oi_over_here",)
            and not a.key.endswith(".o")
        ]
        if supports:
            pick = max(supports, key=lambda a: (hand[a.card].vp, a.key))
            vp = hand[pick.card].vp
            why = f"no attack reaches the Clad, and of its support cards this one is worth most ({vp} VP)"
            return Suggestion(pick, f"Plays {hand[pick.card].name}: {why}.")
        here = _cell_score(view, me, w.pos) if w.pos >= 0 else 0
        if w.pos >= 0:
            steps = [grid.step(w.pos, d) for d in range(4) if grid.step(w.pos, d) not in _blocked(view, me)]
            best = min((_cell_score(view, me, c) for c in steps), default=here)
            if best < here:
                goal = min(steps, key=lambda c: _cell_score(view, me, c))
                where = place_reason(view, me, goal)
                junk = [a for a in actions if a.key.startswith("bm.")]
                if junk:
                    pick = min(junk, key=lambda a: card_value(hand[a.card]))
                    return Suggestion(pick, f"Discards {hand[pick.card].name} to move: {where}.")
                if "cp.cp_move" in by_key and w.cp >= 2:
                    return Suggestion(by_key["cp.cp_move"], f"Spends CP to move: {where}.")
        mp_gain = [a for a in actions if a.key.startswith("bp.") and card_value(hand[a.card]) < 20]
        if mp_gain and w.mp < 7:
            pick = min(mp_gain, key=lambda a: card_value(hand[a.card]))
            why = f"no attack reaches the Clad, so it stores MP ({w.mp} now) for a bigger hit later"
            return Suggestion(pick, f"Discards {hand[pick.card].name} for +1 MP: {why}.")
        why = "no attack reaches the Clad, and no step or MP it can still take would help"
        return Suggestion(by_key["end"], f"Ends the turn: {why}.")

    def _react(self, view: HackView, actions: Sequence[Action], by_key: dict[str, Action]) -> Suggestion:
        hand = {c.id: c for c in view.hand}
        names = {c.id: c.name for c in view.hand}
        names.update((c.id, c.name) for c in view.witches[self._me(view)].discard)
        cards = [a for a in actions if a.group == "react"]
        cut = [a for a in cards if a.card in hand and hand[a.card].card in _CUT_CARDS]
        if cut or cards:
            pick = (cut or cards)[0]
            why = "it cuts the damage the Clad's attack deals" if cut else "its reaction card for this attack"
            return Suggestion(pick, f"Reacts with {names.get(pick.card, 'a card')}: {why}.")
        guard = [a for a in actions if a.key.startswith("bd.")]
        if guard:
            pick = min(guard, key=lambda a: card_value(hand[a.card]))
            why = "each point of damage would cost it shards and an injury"
            return Suggestion(
                pick, f"Discards {hand[pick.card].name}, its least useful card, for 1 less damage: {why}."
            )
        if "cp.cp_guard" in by_key:
            return Suggestion(by_key["cp.cp_guard"], "Spends CP to guard: no card is left to cut the damage.")
        return Suggestion(
            by_key["pass"], "Takes the hit: nothing it may still use cuts this attack's damage."
        )

    def _choice(self, view: HackView, actions: Sequence[Action], by_key: dict[str, Action]) -> Suggestion:
        me = self._me(view)
        group = actions[0].group
        mine = view.witches[me]
        if group == "reform_in":
            discard_min = min((keep_worth(c.card) for c in mine.discard), default=99.0)
            worth = {f"in.{c.id}": keep_worth(c.card) for c in view.enhanced}
            best = max(actions, key=lambda a: worth.get(a.key, -1.0))
            if worth.get(best.key, -1.0) > discard_min:
                gain = worth[best.key]
                why = f"worth {gain:.1f} VP in the deck, more than its weakest discard ({discard_min:.1f})"
                return Suggestion(best, f"{_short(best.label)}: {why}.")
            why = "no enhanced card is worth more than its weakest discarded card"
            return Suggestion(by_key["none"], f"Keeps the deck as it is: {why}.")
        if group == "reform_out":
            worth = {f"out.{c.id}": keep_worth(c.card) for c in mine.discard}
            pick = min(actions, key=lambda a: worth.get(a.key, 99.0))
            why = f"the discarded card worth least in the deck ({worth.get(pick.key, 0.0):.1f} VP)"
            return Suggestion(pick, f"{_short(pick.label)}: {why}.")
        if group in ("move", "teleport", "reentry", "jump_entry"):
            pick = min(actions, key=lambda a: self._place_score(view, me, a))
            return Suggestion(
                pick, f"{_short(pick.label)}: {place_reason(view, me, self._cell(view, me, pick))}."
            )
        if group in ("extra_discard", "put_back"):
            hand = {f"c.{c.id}": c for c in view.hand}
            pick = min(actions, key=lambda a: card_value(hand[a.key]) if a.key in hand else 99)
            return Suggestion(pick, f"{_short(pick.label)}: the card it needs least this round.")
        for key in ("keep", "top"):
            if key in by_key:
                return Suggestion(by_key[key], f"{_short(by_key[key].label)}: it keeps the card it has.")
        real = [a for a in actions if a.key != "none"]
        pick = real[0] if real else actions[0]
        why = "the first choice that does something" if real else "nothing else is offered"
        return Suggestion(pick, f"{_short(pick.label)}: {why}.")

    def _cell(self, view: HackView, me: int, action: Action) -> int:
        """The cell a placing choice puts the witch on."""
        w = view.witches[me]
        key = action.key
        if key == "stop":
            return w.pos
        if key[0] == "d" and w.pos >= 0:
            return grid.step(w.pos, int(key[1]))
        if key[0] == "e":
            return grid.ENTRIES[grid.ENTRY_NAMES.index(key[1])]
        return int(key[1:])

    def _place_score(self, view: HackView, me: int, action: Action) -> int:
        return _cell_score(view, me, self._cell(view, me, action))


def _short(text: str, most: int = 60) -> str:
    """A label cut to ``most`` characters, so a reason stays one short sentence."""
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"
