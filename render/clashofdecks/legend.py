"""The key to the ability badges drawn on an image (only the ones that appear), wrapped to fit.

The board's key names each badge; a hand's key also says in a line what each ability does (the
explanation ``/rules`` gives, read from the game's rules), since that is where a player decides
what to play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.clashofdecks.catalogue import ability_help
from render.clashofdecks.abilities import badge, normalise, title
from render.clashofdecks.tiles import BADGE_H, BADGE_W, WHITE
from render.core.canvas import line_step, wrap_lines
from render.core.palette import INK, MUTED
from render.core.stamps import StampCanvas, text_width

ROW_H = 30
_NOTE = "solid: own · pale: borrowed · hollow: lent by Aura"


def _entries(keywords: list[str]) -> list[tuple[str, float]]:
    return [(k, BADGE_W + 6 + text_width(title(k), 16) + 18) for k in keywords]


def legend_height(keywords: list[str], w: float) -> int:
    """Height of the legend for these keywords in ``w`` px (0 when there is nothing to explain)."""
    if not keywords:
        return 0
    rows, x = 1, text_width(_NOTE, 16) + 24
    for _, width in _entries(keywords):
        if x + width > w:
            rows, x = rows + 1, 0.0
        x += width
    return rows * ROW_H + 8


def draw_legend(canvas: StampCanvas, x0: float, y: float, w: float, keywords: list[str]) -> float:
    """Draw the legend; return the y below it."""
    if not keywords:
        return y
    canvas.text((x0, y + BADGE_H / 2), _NOTE, size=16, fill=MUTED, anchor="lm")
    x = x0 + text_width(_NOTE, 16) + 24
    for keyword, width in _entries(keywords):
        if x + width > x0 + w:
            x, y = x0, y + ROW_H
        code, colour = badge(keyword)
        canvas.chip((x, y, x + BADGE_W, y + BADGE_H), code, 16, colour, WHITE, "condensed")
        canvas.text((x + BADGE_W + 6, y + BADGE_H / 2), title(keyword), size=16, fill=INK, anchor="lm")
        x += width
    return y + ROW_H + 8


# ---------------------------------------------------------------- the key on a hand picture

KEY_GAP = 24  # between the two columns
KEY_STEP = line_step(16)
_HAND_NOTES = {"own": "solid: the card's own ability", "lent": "hollow: lent by Aura to its neighbours"}


@dataclass(frozen=True)
class KeyEntry:
    """One badge of a hand's key: its keyword, whether it is drawn hollow, its name and explanation."""

    keyword: str
    hollow: bool  # drawn hollow here: no card on the picture has it as its own
    lent: bool  # some card on the picture lends it (shown hollow on that card)
    name: str
    lines: list[str]  # the explanation, wrapped; the first line follows the name

    @property
    def height(self) -> int:
        """The entry's height."""
        return max(BADGE_H, KEY_STEP * len(self.lines))


def _explain(keyword: str) -> tuple[str, str]:
    """An ability's printed name and its one-line explanation from the rules (none for AI-only keys)."""
    found = ability_help().get(normalise(keyword))
    return (f"{found[0]}:", found[1]) if found else (title(keyword), "")


def _column_w(w: float) -> float:
    return (w - KEY_GAP) / 2


def hand_key(own: Sequence[str], lent: Sequence[str], w: float) -> list[KeyEntry]:
    """The entries for the badges on a hand: ``own`` abilities solid, those only ``lent`` hollow."""
    solid, lends = {normalise(k) for k in own}, {normalise(k) for k in lent}
    keywords = sorted(solid | lends)
    text_w = _column_w(w) - BADGE_W - 8
    entries = []
    for keyword in keywords:
        name, explanation = _explain(keyword)
        first = text_w - text_width(name + " ", 16, "bold")
        lines = wrap_lines(explanation, 16, text_w, first=first).lines if explanation else [""]
        entries.append(KeyEntry(keyword, keyword not in solid, keyword in lends, name, lines))
    return entries


def _key_note(entries: list[KeyEntry]) -> str:
    """The line over the key: what solid and hollow badges mean, for the kinds on this hand."""
    styles = []
    if any(not e.hollow for e in entries):
        styles.append(_HAND_NOTES["own"])
    if any(e.lent for e in entries):
        styles.append(_HAND_NOTES["lent"])
    return "Badges on these cards — " + " · ".join(styles)


def _columns(entries: list[KeyEntry]) -> list[list[KeyEntry]]:
    """The entries in two columns, in order down the left one and then the right one."""
    half = -(-len(entries) // 2)
    return [entries[:half], entries[half:]]


def _column_h(column: list[KeyEntry]) -> int:
    return sum(entry.height + 8 for entry in column)


def hand_key_height(entries: list[KeyEntry]) -> int:
    """The key's height (0 when the hand shows no badge)."""
    if not entries:
        return 0
    return 30 + max(_column_h(column) for column in _columns(entries))


def draw_hand_key(canvas: StampCanvas, x0: float, y: float, w: float, entries: list[KeyEntry]) -> float:
    """Draw a hand's key in two columns; return the y below it."""
    if not entries:
        return y
    canvas.text((x0, y), _key_note(entries), size=16, fill=MUTED, max_width=w, min_size=16)
    y += 30
    width = _column_w(w)
    for index, column in enumerate(_columns(entries)):
        x, row_y = x0 + index * (width + KEY_GAP), y
        for entry in column:
            _key_entry(canvas, x, row_y, entry)
            row_y += entry.height + 8
    return y + max(_column_h(column) for column in _columns(entries))


def _key_entry(canvas: StampCanvas, x: float, y: float, entry: KeyEntry) -> None:
    """One badge, its name in bold and what it does."""
    code, colour = badge(entry.keyword)
    box = (x, y, x + BADGE_W, y + BADGE_H)
    if entry.hollow:
        canvas.chip(box, code, 16, WHITE, colour, "condensed", outline=colour, width=2)
    else:
        canvas.chip(box, code, 16, colour, WHITE, "condensed")
    tx = x + BADGE_W + 8
    canvas.put((tx, y + 2), entry.name, 16, INK, "bold", "la")
    canvas.put(
        (tx + text_width(entry.name + " ", 16, "bold"), y + 2), entry.lines[0], 16, INK, "regular", "la"
    )
    canvas.lines((tx, y + 2 + KEY_STEP), entry.lines[1:], 16, INK)
