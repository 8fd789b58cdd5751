"""Building the component sets of each message: lobby, public table, a seat's hand, rules pages.

Every view is made only of persistent items (:mod:`bot.discord.items`), so discord.py keeps no
per-message state for them and they survive restarts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.discord.choices import deck_titles
from bot.discord.hint_view import HintButton, hint_row
from bot.discord.items import (
    ActionButton,
    ActionSelect,
    BotSelect,
    HandButton,
    PageButton,
    ReclaimButton,
    RulesButton,
    SeatChoiceSelect,
    TableChoiceSelect,
    action_option,
    lobby_button,
)
from bot.discord.layout import OPTION_TEXT, OPTIONS_PER_SELECT, ROWS, ChoiceLayout, clip, lay_out
from bot.discord.replay_view import open_view
from bot.discord.seat_text import button_label, text_specs
from bot.service.hints import offers_hints
from bot.service.values import PublicTable, SeatUpdate, TableInfo
from bot.words import language_name
from engines.core import Action, OptionSpec
from engines.core.driver import DIFFICULTIES
from engines.core.ruleset import LANGUAGE_OPTION

#: where a seat's controls live: "d" a message we edit (DM or table), "e" an ephemeral answer
IN_MESSAGE = "d"
EPHEMERAL = "e"


def choice_items(
    table: int,
    token: str,
    seat: int,
    actions: Sequence[Action],
    *,
    page: int = 0,
    where: str = IN_MESSAGE,
    first_row: int = 0,
    rows: int = ROWS,
) -> tuple[list[discord.ui.Item[Any]], ChoiceLayout]:
    """The buttons, or the paged select, offering ``actions`` to ``seat``."""
    layout = lay_out(actions, page, first_row, rows)
    items: list[discord.ui.Item[Any]] = []
    for action, row in layout.buttons:
        items.append(ActionButton(table, token, seat, action.key, label=action.label, row=row))
    if layout.select:
        options = [action_option(a.key, a.label, a.group) for a in layout.select]
        start = layout.page * OPTIONS_PER_SELECT + 1
        placeholder = (
            f"Choose ({start}–{start + len(layout.select) - 1} of {len(actions)})…"
            if layout.pages > 1
            else "Choose…"
        )
        items.append(
            ActionSelect(
                table,
                token,
                seat,
                layout.page,
                options=options,
                placeholder=placeholder,
                row=layout.select_row,
            )
        )
    if layout.nav_row is not None:
        items.append(
            PageButton(
                table,
                token,
                seat,
                max(layout.page - 1, 0),
                where,
                label="◀ Prev",
                row=layout.nav_row,
                disabled=layout.page == 0,
            )
        )
        items.append(
            PageButton(
                table,
                token,
                seat,
                min(layout.page + 1, layout.pages - 1),
                where,
                label="Next ▶",
                row=layout.nav_row,
                disabled=layout.page >= layout.pages - 1,
            )
        )
    return items, layout


def _view(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def table_view(public: PublicTable, pages: dict[int, int] | None = None) -> discord.ui.View | None:
    """Public decisions as controls, plus "Show my hand"; once the game is over, "Replay"."""
    if public.outcome is not None:
        return open_view(public.table.id)
    if not public.asked:
        return None
    table = public.table
    items: list[discord.ui.Item[Any]] = []
    row = 0
    for seat, actions in sorted(public.actions.items()):
        rows_left = ROWS - 1 - row  # the last row is kept for "Show my hand"
        if not actions or rows_left < 1:
            continue
        made, layout = choice_items(
            table.id,
            public.token,
            seat,
            actions,
            page=(pages or {}).get(seat, 0),
            first_row=row,
            rows=rows_left,
        )
        items.extend(made)
        row += max(layout.rows_used, 1)
    items.append(HandButton(table.id, row=ROWS - 1))
    if row and offers_hints(table.options):  # beside "Show my hand": for the clicker's asked seat
        items.append(HintButton(table.id, public.token, None, row=ROWS - 1, lang=_lang(table)))
    return _view(items)


def _lang(table: TableInfo) -> str:
    return str(table.options.get(LANGUAGE_OPTION, "en"))


def seat_actions(update: SeatUpdate, solo: bool) -> tuple[Action, ...]:
    """The choices a seat makes on its private message (public ones are on the table, except solo).

    A sealed decision is made privately even when its text is not secret (Eternia's team order:
    the team may read the question, but the table must not see the pick): the table message
    never offers sealed choices, so without this they would be offered nowhere.
    """
    if update.prompt is None:
        return ()
    if solo or update.prompt.private or update.prompt.sealed:
        return update.actions
    return ()


def seat_view(
    table: TableInfo, update: SeatUpdate, *, where: str = IN_MESSAGE, page: int = 0
) -> discord.ui.View | None:
    """A seat's private controls (DM, solo table message, or the ephemeral "Show my hand")."""
    actions = seat_actions(update, table.solo)
    if not actions:
        return None
    items, layout = choice_items(table.id, update.token, update.seat, actions, page=page, where=where)
    if offers_hints(table.options):
        items.append(HintButton(table.id, update.token, update.seat, row=hint_row(layout), lang=_lang(table)))
    return _view(items)


def seat_choice_specs(table: TableInfo) -> list[OptionSpec]:
    """Per-player options with a short list of choices (shown as lobby selects)."""
    mode = table.spec
    if mode is None:  # an unloadable game shows a lobby without choice menus
        return []
    return [s for s in mode.options if s.per_seat and s.kind == "choice" and 0 < len(s.choices) <= 25]


def language_spec(table: TableInfo) -> OptionSpec | None:
    """The table's language option, for a game that speaks more than one (the host's lobby select)."""
    ruleset, mode = table.rules, table.spec
    if ruleset is None or mode is None:  # an unloadable game shows a lobby without the menu
        return None
    spec = mode.option_spec(LANGUAGE_OPTION)
    if spec is None or spec.per_seat or len(ruleset.languages) < 2 or len(spec.choices) > 25:
        return None
    return spec


def choice_labels(table: TableInfo, spec: OptionSpec) -> dict[str, str]:
    """How a lobby select reads each value: a ready-made deck by its title in the table's language."""
    if spec.name != "deck":
        return {}
    lang = table.options.get(LANGUAGE_OPTION)
    return deck_titles(table.rules, str(lang) if lang else None)


def lobby_view(table: TableInfo) -> discord.ui.View:
    """The lobby's buttons, a select per per-player choice, and the host's language select if any."""
    items: list[discord.ui.Item[Any]] = [
        lobby_button(table.id, verb, row=0) for verb in ("join", "leave", "bot", "start")
    ]
    items.append(lobby_button(table.id, "options", row=1))
    texts = text_specs(table)
    if texts:
        items.append(lobby_button(table.id, "mine", row=1, label=button_label(texts)))
    items.append(lobby_button(table.id, "abort", row=1))
    row = 2
    for spec in seat_choice_specs(table)[: ROWS - row]:
        labels = choice_labels(table, spec)
        options = [
            discord.SelectOption(label=clip(labels.get(choice, choice), OPTION_TEXT), value=choice)
            for choice in spec.choices
        ]
        items.append(
            SeatChoiceSelect(
                table.id, spec.name, options=options, placeholder=f"Your {spec.name}: {spec.help}", row=row
            )
        )
        row += 1
    language = language_spec(table)
    if language is not None and row < ROWS:
        current = str(table.options.get(language.name, language.default))
        options = [
            discord.SelectOption(label=language_name(code), value=code, default=code == current)
            for code in language.choices
        ]
        placeholder = f"Language (the host's choice): {language_name(current)}"
        items.append(
            TableChoiceSelect(table.id, language.name, options=options, placeholder=placeholder, row=row)
        )
    return _view(items)


def bot_levels(table: TableInfo) -> list[str]:
    """Difficulties and named bots a host can add at ``table``."""
    names = list(DIFFICULTIES)
    # An unloadable game still offers the standard difficulties.
    if table.rules is not None:
        names += [name for name in table.rules.bots() if name not in names]
    return names[:25]


def bot_view(table: TableInfo) -> discord.ui.View:
    """The host's "which bot?" select."""
    options = [discord.SelectOption(label=name, value=name) for name in bot_levels(table)]
    return _view([BotSelect(table.id, options=options)])


def rules_view(slug: str, page: int, pages: int, lang: str = "") -> discord.ui.View | None:
    """Prev/Next buttons for a rules summary, keeping its language ``lang`` (None for a single page)."""
    if pages <= 1:
        return None
    return _view(
        [
            RulesButton(slug, max(page - 1, 0), lang, label="◀ Prev", disabled=page == 0),
            RulesButton(slug, min(page + 1, pages - 1), lang, label="Next ▶", disabled=page >= pages - 1),
        ]
    )


def reclaim_view(table_id: int) -> discord.ui.View:
    """The "Take my seat back" button sent to a player whose seat a bot took on timeout."""
    return _view([ReclaimButton(table_id)])
