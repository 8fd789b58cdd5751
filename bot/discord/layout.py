"""Fitting a list of choices into Discord's component limits (5 rows, 5 buttons a row, 25 options).

Up to :data:`BUTTONS_MAX` choices become buttons; more become a select menu showing one page of
25 at a time with Prev/Next buttons below it. The layout is pure arithmetic over the actions so
it is tested on its own; :mod:`bot.discord.items` turns it into discord.py components.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from engines.core import Action

ROWS = 5
PER_ROW = 5
OPTIONS_PER_SELECT = 25
#: more choices than this go into a paged select (three rows of buttons stay readable)
BUTTONS_MAX = 15
BUTTON_LABEL = 80
OPTION_TEXT = 100


#: the whitespace a one-line text folds into single spaces: ASCII only, so an ideographic space
#: (U+3000) or a no-break space, which belong to the text as its author wrote it, stay as they are
_FOLD = re.compile(r"[ \t\r\n\f\v]+")
ELLIPSIS = "…"


def units(text: str) -> int:
    """Discord's length of ``text``: UTF-16 code units, so a character beyond the BMP counts twice."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def _leans_back(ch: str) -> bool:
    """Whether ``ch`` belongs to the character before it (a mark, a variation selector, a joiner...)."""
    code = ord(ch)
    return (
        unicodedata.category(ch) in ("Mn", "Mc", "Me")  # combining marks: dakuten U+3099 and accents
        or 0xFE00 <= code <= 0xFE0F  # variation selectors (☆︎, ▶️)
        or 0xE0100 <= code <= 0xE01EF
        or 0x1F3FB <= code <= 0x1F3FF  # skin-tone modifiers
        or code in (0x200D, 0xFF9E, 0xFF9F)  # zero-width joiner, half-width (han)dakuten
    )


def cut(text: str, limit: int) -> str:
    """The longest start of ``text`` within ``limit`` units that ends after a whole character."""
    used = end = 0
    for ch in text:
        width = 2 if ord(ch) > 0xFFFF else 1
        if used + width > limit:
            break
        used += width
        end += 1
    # back off so that no character loses a mark that belongs to it, nor ends with a joiner
    while 0 < end < len(text) and (_leans_back(text[end]) or text[end - 1] == "\u200d"):
        end -= 1
    return text[:end]


def clip(text: str, limit: int) -> str:
    """``text`` on one line within ``limit`` units (as Discord counts), an ellipsis marking any cut."""
    text = _FOLD.sub(" ", text).strip()
    return text if units(text) <= limit else cut(text, limit - 1).rstrip() + ELLIPSIS


def clip_block(text: str, limit: int) -> str:
    """Like :func:`clip`, but keeping the line breaks; a cut falls at a line's end where it can."""
    text = text.strip()
    if units(text) <= limit:
        return text
    kept = cut(text, limit - 1)
    # a whole last line reads better than half of one, unless that throws away most of the room
    at = kept.rfind("\n")
    if at >= len(kept) // 2:
        kept = kept[:at]
    return kept.rstrip() + ELLIPSIS


@dataclass(frozen=True)
class ChoiceLayout:
    """How one seat's choices are shown: buttons, or one page of a select plus paging."""

    buttons: tuple[tuple[Action, int], ...] = ()  # (action, row)
    select: tuple[Action, ...] = ()
    select_row: int = 0
    page: int = 0
    pages: int = 1
    nav_row: int | None = None

    @property
    def rows_used(self) -> int:
        """How many rows this layout occupies."""
        rows = {row for _, row in self.buttons}
        if self.select:
            rows.add(self.select_row)
        if self.nav_row is not None:
            rows.add(self.nav_row)
        return len(rows)


def page_count(total: int) -> int:
    """Pages a select needs for ``total`` choices."""
    return max(1, -(-total // OPTIONS_PER_SELECT))


def lay_out(actions: Sequence[Action], page: int = 0, first_row: int = 0, rows: int = ROWS) -> ChoiceLayout:
    """Place ``actions`` in ``rows`` rows starting at ``first_row`` (``page`` picks the select page)."""
    if rows < 1:
        raise ValueError("no rows left for choices")
    if not actions:
        return ChoiceLayout()
    if len(actions) <= min(BUTTONS_MAX, PER_ROW * rows):
        placed = tuple((action, first_row + index // PER_ROW) for index, action in enumerate(actions))
        return ChoiceLayout(buttons=placed)
    pages = page_count(len(actions))
    page = min(max(page, 0), pages - 1)
    shown = tuple(actions[page * OPTIONS_PER_SELECT : (page + 1) * OPTIONS_PER_SELECT])
    if pages == 1:
        return ChoiceLayout(select=shown, select_row=first_row)
    if rows < 2:
        raise ValueError("a paged select needs two rows")
    return ChoiceLayout(select=shown, select_row=first_row, page=page, pages=pages, nav_row=first_row + 1)
