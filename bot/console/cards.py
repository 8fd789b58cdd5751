"""The text of ``tablekeeper cards``: a game's catalogue grouped and aligned, then its decks and codes.

Columns and wrapping count terminal columns (:mod:`bot.console.columns`), so a Japanese catalogue
lines up and wraps as an English one does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from bot.console.columns import pad, width, wrap
from bot.words import deck_code_usage, deck_list
from engines.core import AnyRuleset
from engines.core.catalogue import Selection
from engines.core.types import CatalogueEntry, DeckEntry
from render.core.renderer import Renderer

WIDTH = 100
#: what a card's id may not keep in a file name
_UNSAFE = re.compile(r"[^\w.-]")
TEXT_INDENT = " " * 6


def wrap_items(items: Sequence[str], indent: str = TEXT_INDENT) -> list[str]:
    """Comma-separated items over lines of at most ``WIDTH`` characters, never splitting an item."""
    lines: list[str] = []
    line = ""
    for index, item in enumerate(items):
        piece = item + ("," if index < len(items) - 1 else "")
        if line and width(indent) + width(line) + 1 + width(piece) > WIDTH:
            lines.append(indent + line)
            line = piece
        else:
            line = f"{line} {piece}" if line else piece
    if line:
        lines.append(indent + line)
    return lines


def code_hint(ruleset: AnyRuleset) -> str:
    """How to play a deck code from the terminal."""
    usage = deck_code_usage(ruleset)
    if usage is None:
        return ""
    needs, help_text = usage
    flags = "".join(f"--option {n} " for n in needs)
    return f"Play a code with {flags}--seat-option SEAT:deck_code=CODE ({help_text})."


def _wrapped(text: str) -> list[str]:
    return wrap(text, WIDTH, TEXT_INDENT)


def _entry_lines(entries: Sequence[CatalogueEntry], name_width: int, stats_width: int) -> list[str]:
    lines: list[str] = []
    group = None
    # the id column, one width for every group whose entries an option names (no column elsewhere)
    id_width = max(width(e.pick) for e in entries)
    with_ids = {e.group for e in entries if e.pick}
    for entry in entries:
        if entry.group != group:
            group = entry.group
            count = sum(1 for e in entries if e.group == group)
            lines += ["", f"{group} ({count})"]
        held = f"  [{', '.join(entry.decks)}]" if entry.decks else ""
        pick = f"{pad(entry.pick, id_width)}  " if entry.group in with_ids else ""
        lines.append(f"  {pad(entry.name, name_width)}  {pick}{pad(entry.stats, stats_width)}{held}".rstrip())
        lines += _wrapped(entry.text)
    return lines


def pick_usage(ruleset: AnyRuleset, entries: Sequence[CatalogueEntry]) -> list[str]:
    """How to choose the entries that carry an id: one line per option that takes those ids."""
    names = list(dict.fromkeys(name for e in entries if e.pick for name in e.options))
    lines: list[str] = []
    for name in names:
        modes = [m for m in ruleset.modes if m.option_spec(name) is not None]
        if not modes:
            continue
        spec = modes[0].option_spec(name)
        assert spec is not None
        value = "ID" if spec.kind == "choice" else "ID,ID"  # a text option takes a list of ids
        flag = f"--seat-option SEAT:{name}={value}" if spec.per_seat else f"--option {name}={value}"
        only = f" (--mode {', '.join(m.name for m in modes)})" if len(modes) < len(ruleset.modes) else ""
        first, *rest = _wrapped(f"{flag}{only}: {spec.help}")
        lines += [f"  {first.strip()}", *rest]
    return ["", "Choose them by the ids beside their names:", *lines] if lines else []


def _deck_lines(decks: Sequence[DeckEntry], hint: str) -> list[str]:
    lines = ["", f"Decks ({len(decks)})"]
    names = max(width(d.name) for d in decks)
    for deck in decks:
        head = f"  {pad(deck.name, names)}  {deck.title}"
        lines.append(f"{head}: {deck.code}" if deck.code else head)
        if deck.summary:
            lines += _wrapped(deck.summary)
        lines += wrap_items(deck_list(deck))
    if hint and any(d.code for d in decks):
        lines += ["", hint]
    return lines


def describe_cards(
    ruleset: AnyRuleset,
    chosen: Selection,
    search: str = "",
    deck: str = "",
) -> list[str]:
    """Every line ``tablekeeper cards`` prints for one selection."""
    filters = []
    if deck.strip():
        filters.append(f"in deck {chosen.decks[0].title}")
    if search.strip():
        filters.append(f"matching {search.strip()!r}")
    shown = f"{len(chosen.entries)} of {chosen.total} cards" if filters else f"{chosen.total} cards"
    lines = [f"{chosen.title}: {shown}{' ' + ' '.join(filters) if filters else ''}"]
    if chosen.entries:
        name_width = max(width(e.name) for e in chosen.entries)
        stats_width = max(width(e.stats) for e in chosen.entries)
        lines += _entry_lines(chosen.entries, name_width, stats_width)
        lines += pick_usage(ruleset, chosen.entries)
    else:
        lines.append("No cards match; try a shorter search.")
    if chosen.decks:
        lines += _deck_lines(chosen.decks, code_hint(ruleset))
    return lines


def describe_card(ruleset: AnyRuleset, entry: CatalogueEntry, decks: Sequence[DeckEntry] = ()) -> list[str]:
    """Every line ``tablekeeper cards GAME NAME`` prints: one card's name, numbers, whole text and decks."""
    lines = [f"{entry.name}  ({ruleset.title} · {entry.group} · {entry.id})", f"  {entry.stats}", ""]
    for paragraph in entry.text.splitlines():
        lines += wrap(paragraph, WIDTH, "  ")
    held = [d.title for d in decks if d.name in entry.decks] or list(entry.decks)
    if held:
        lines += ["", "In the ready-made decks:", *wrap_items(held, "  ")]
    usage = pick_usage(ruleset, [entry])
    return lines + (["", f"Choose it by its id {entry.pick}:", *usage[2:]] if usage else [])


def write_card(renderer: Renderer, entry: CatalogueEntry, lang: str, out: Path) -> Path:
    """Write ``entry`` drawn large (the ``/card`` picture) into the folder ``out``; return its path.

    The file is named for the game and the entry's id, with characters a file name may not hold
    (an id's ":") made "_", so each entry has a file of its own.
    """
    out.mkdir(parents=True, exist_ok=True)
    name = _UNSAFE.sub("_", entry.id) + ("" if lang == "en" else f"-{lang}")
    path = out / f"{renderer.slug}-{name}.png"
    path.write_bytes(renderer.card(entry, lang))
    return path
