"""The strip between the two halves: the attack under way (or the turn's last one).

Who attacks with what, against whom (battle, no battle, or nobody in front), its AP, the trigger
card turned over, and the damage cards turned over with whether a climax cancelled them.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.climax.state import AttackView, ClimaxView
from render.climax.cards import mini_card, small_card
from render.climax.names import name_of
from render.climax.palette import CARD
from render.climax.words import icons_short, word
from render.core.marks import Box
from render.core.palette import DANGER, GOOD, INK, MUTED, PANEL, seat_colour
from render.core.pen import Pen

HEIGHT = 204
TEXT_W = 360  # the left column with the words
TRIGGER_W = 176
ONE_ROW = 5  # damage cards drawn full size in one row; more go into two rows of small ones
MINI_H = 138
MINI_W = 158  # the widest a damage card gets
MINI_GAP = 10


def shown_attack(view: ClimaxView) -> tuple[AttackView | None, bool]:
    """The attack to draw and whether it is the one under way (else the turn's last, or none)."""
    if view.attack is not None:
        return view.attack, True
    return view.last, False


def attack_strip(pen: Pen, view: ClimaxView, names: Sequence[str], box: Box) -> None:
    """Draw the attack strip in ``box``."""
    x0, y0, x1, y1 = box
    pen.zone("attack", box)
    attack, current = shown_attack(view)
    outline = seat_colour(attack.seat) if attack is not None else PANEL
    pen.canvas.draw.rounded_rectangle(box, radius=14, fill=PANEL, outline=outline, width=3)
    if attack is None:
        pen.line(
            (x0 + 20, y0 + 10, x1 - 20, y1 - 10),
            word("attack_none", pen.lang),
            26,
            MUTED,
            bold=True,
            align="centre",
        )
        return
    left = (x0 + 16, y0 + 12, x0 + 16 + TEXT_W, y1 - 12)
    _words(pen, attack, current, names, left)
    tx = left[2] + 16
    _trigger(pen, attack, (tx, y0 + 12, tx + TRIGGER_W, y1 - 12))
    dx = tx + TRIGGER_W + 20
    _damage(pen, attack, current, (dx, y0 + 12, x1 - 16, y1 - 12))


def _words(pen: Pen, attack: AttackView, current: bool, names: Sequence[str], box: Box) -> None:
    x0, y0, x1, y1 = box
    title = word("attack_now" if current else "attack_last", pen.lang)
    colour = seat_colour(attack.seat)
    pen.canvas.draw.rounded_rectangle((x0, y0, x0 + 8, y1), radius=4, fill=colour)
    tx = x0 + 18
    pen.line((tx, y0, x1, y0 + 32), title, 25, colour, bold=True)
    who = name_of(attack.seat, names, pen.lang)
    pen.block(
        (tx, y0 + 34, x1, y0 + 98),
        word("attacker", pen.lang, who=who, card=attack.attacker.name),
        25,
        INK,
        bold=True,
        valign="middle",
        min_size=15,
    )
    if attack.facing is None:
        against = word("direct", pen.lang)
    elif attack.battle:
        against = word("battle", pen.lang, card=attack.facing.name)
    else:
        against = word("no_battle", pen.lang, card=attack.facing.name)
    pen.block((tx, y0 + 98, x1, y0 + 148), against, 22, INK, valign="middle", min_size=14)
    pen.line((tx, y0 + 148, x1, y1), word("ap", pen.lang, n=attack.ap), 28, INK, bold=True)


def _trigger(pen: Pen, attack: AttackView, box: Box) -> None:
    x0, y0, x1, y1 = box
    pen.line((x0, y0, x1, y0 + 28), word("trigger", pen.lang), 21, MUTED, bold=True)
    card_box = (x0, y1 - MINI_H, x1, y1)
    if attack.trigger is None:
        pen.canvas.draw.rounded_rectangle(card_box, radius=8, fill=CARD, outline=MUTED, width=2)
        pen.zone("mini", card_box)
        pen.block(
            (x0 + 10, y1 - MINI_H + 10, x1 - 10, y1 - 10),
            word("trigger_none", pen.lang),
            19,
            MUTED,
            align="centre",
            valign="middle",
            min_size=13,
        )
        return
    # the foot spells out the icons the trigger step acts on (the band may only have room for stars)
    icons = icons_short(attack.trigger.triggers, pen.lang) or word("trigger_blank", pen.lang)
    mini_card(pen, attack.trigger, card_box, mark=icons, mark_fill=MUTED)


def _damage(pen: Pen, attack: AttackView, current: bool, box: Box) -> None:
    x0, y0, x1, y1 = box
    cards = attack.damage
    label_w = pen.line((x0, y0, x0 + 200, y0 + 28), word("damage", pen.lang), 21, MUTED, bold=True)
    result_box = (x0 + label_w + 16, y0, x1, y0 + 28)
    if not cards:
        pen.canvas.draw.rounded_rectangle(
            (x0, y1 - MINI_H, x1, y1), radius=8, fill=CARD, outline=MUTED, width=2
        )
        pen.zone("mini", (x0, y1 - MINI_H, x1, y1))
        pen.line(
            (x0 + 10, y1 - MINI_H, x1 - 10, y1), word("damage_none", pen.lang), 21, MUTED, align="centre"
        )
        return
    if attack.cancelled:
        pen.line(result_box, word("cancelled", pen.lang), 21, DANGER, bold=True, align="right")
    elif current:
        pen.line(result_box, word("damage_so_far", pen.lang, n=len(cards)), 21, INK, bold=True, align="right")
    else:
        pen.line(result_box, word("damage_taken", pen.lang, n=len(cards)), 21, GOOD, bold=True, align="right")
    count = len(cards)
    if count > ONE_ROW:
        # a big attack: two rows of small cards (the words above say where they all went)
        per_row = -(-count // 2)
        card_w = (x1 - x0 - MINI_GAP * (per_row - 1)) / per_row
        row_h = (MINI_H - MINI_GAP) / 2
        for index, card in enumerate(cards):
            row, col = divmod(index, per_row)
            cx, cy = x0 + col * (card_w + MINI_GAP), y1 - MINI_H + row * (row_h + MINI_GAP)
            small_card(pen, card, (cx, cy, cx + card_w, cy + row_h))
        return
    card_w = min(MINI_W, (x1 - x0 - MINI_GAP * (count - 1)) / count)
    for index, card in enumerate(cards):
        cx = x0 + index * (card_w + MINI_GAP)
        mark, fill = "", DANGER
        if attack.cancelled and card.kind == "climax":
            mark = word("cancel_mark", pen.lang)
        elif attack.cancelled:
            mark, fill = word("to_waiting_mark", pen.lang), MUTED
        mini_card(pen, card, (cx, y1 - MINI_H, cx + card_w, y1), mark=mark, mark_fill=fill)
