"""Fitting a list of choices into Discord's component limits (5 rows, 5 buttons a row, 25 options).

Up to :data:`BUTTONS_MAX` choices become buttons; more become a select menu showing one page of
25 at a time with Prev/Next buttons below it. The layout is pure arithmetic over the actions so
it is tested on its own; :mod:`bot.discord.items` turns it into discord.py components.
"""

from __future__ import annotations

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


def clip(text: str, limit: int) -> str:
    """Shorten ``text`` to ``limit`` characters, marking the cut with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
