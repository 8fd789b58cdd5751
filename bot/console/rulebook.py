"""The rules in the terminal: the same pages as Discord's ``/rules``, and the page for the step at hand.

The pages are each game's ``rules.md`` (``rules.<lang>.md`` for another language), split at its
``## `` headings by :func:`engines.core.content.load_rules_pages`, the loader ``/rules`` uses.

Which page explains a decision is data, not code: :data:`PHASE_PAGES` maps a game's prompt kinds
(``Prompt.kind``) to the heading of its English page. A translated summary keeps the English
pages' order (the climax content tests hold them together), so the same page number serves every
language. A kind with no entry gets the list of pages instead of a guess.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.lookup import Hit
from engines.core import AnyRuleset, SetupError
from engines.core.content import load_rules_pages

#: game -> prompt kind -> heading of the English rules page that explains that decision
PHASE_PAGES: dict[str, dict[str, str]] = {
    "clashofdecks": {
        "summon": "A turn",
        "draft": "Formats",
    },
    "arclash": {
        "opening": "Getting started",
        "swap": "Start and Advance",
        "advance": "Start and Advance",
        "advance_pay": "Start and Advance",
        "support": "Battle",
        "support_pay": "Battle",
        "search": "Card words",
        "recycle": "Card words",
    },
    "hackclad": {
        "mission": "Setting up",
        "enhanced": "Setting up",
        "draft": "A round",
        "turn": "Your turn",
        "react": "Reactions and damage",
    },
    "climax": {
        "mulligan": "Setting up",
        "clock": "A turn",
        "main": "Playing a card",
        "climax": "A turn",
        "attack": "One attack",
        "counter": "One attack",
        "level": "Levels, refresh and running out",
        "encore": "Encore",
        "discard": "A turn",
    },
    "eternia": {
        "order": "A Round",
        "act": "A Round",
        "move": "Moving",
        "push": "Moving",
        "target": "Attacks",
        "atk_boost": "Attacks",
        "def_boost": "Attacks",
        "power": "Power",
        "ctrl_power": "Power",
        "unlock": "Power",
        "ctrl_skills": "Strategy cards",
        "card_window": "Strategy cards",
        "empower": "Power",
        "spawn": "Minions, Elites, NPCs",
        "elite": "Minions, Elites, NPCs",
        "minion_attack": "Minions, Elites, NPCs",
    },
}


def rules_language(ruleset: AnyRuleset, lang: str) -> str:
    """``lang`` if the game is written in it; else a ``SetupError`` naming the games that are."""
    wanted = lang.strip().lower()
    if wanted in ruleset.languages:
        return wanted
    from engines import registry

    others = [slug for slug in registry.slugs() if wanted in _languages(slug)]
    if len(ruleset.languages) == 1:
        only = _ENGLISH_NAMES.get(ruleset.languages[0], ruleset.languages[0])
        where = f"; --lang {wanted} is for {', '.join(others)}." if others else "."
        raise SetupError(f"{ruleset.title} is in {only} only{where}", option="lang")
    known = ", ".join(ruleset.languages)
    raise SetupError(f"{ruleset.title} comes in {known}, not {lang!r}.", option="lang")


#: a language's name in English, for sentences written in English
_ENGLISH_NAMES = {"en": "English", "ja": "Japanese"}


def _languages(slug: str) -> tuple[str, ...]:
    from engines import registry

    try:
        return tuple(registry.get(slug).languages)
    except Exception:  # a game still being written has no ruleset yet
        return ()


def rules_pages(ruleset: AnyRuleset, lang: str = "en") -> list[tuple[str, str]]:
    """The game's rules pages (heading, text) in ``lang``; a ``SetupError`` if it has none."""
    try:
        pages = load_rules_pages(f"engines.{ruleset.slug}", lang)
    except (ModuleNotFoundError, FileNotFoundError):
        pages = []
    if not pages:
        raise SetupError(f"{ruleset.title} has no rules summary yet.", option="game")
    return pages


def phase_page(ruleset: AnyRuleset, kind: str) -> int | None:
    """The index of the page that explains a decision of ``kind`` (None when no page is tied to it)."""
    heading = PHASE_PAGES.get(ruleset.slug, {}).get(kind)
    if heading is None:
        return None
    english = [title for title, _ in rules_pages(ruleset, "en")]
    return english.index(heading) if heading in english else None


def show_page(ruleset: AnyRuleset, pages: Sequence[tuple[str, str]], index: int) -> str:
    """One page as the terminal prints it: a heading line with its number, then the text."""
    heading, body = pages[index]
    return f"{ruleset.title} rules, page {index + 1} of {len(pages)}: {heading}\n\n{body}"


def contents(pages: Sequence[tuple[str, str]]) -> str:
    """The numbered list of page headings."""
    return "\n".join(f"  {number:>2}. {heading}" for number, (heading, _) in enumerate(pages, 1))


def describe_hits(ruleset: AnyRuleset, search: str, hits: Sequence[Hit]) -> list[str]:
    """The pages a search found, best first: number, heading (and language if several), the words around."""
    several = len({h.lang for h in hits}) > 1
    pages = "page" if len(hits) == 1 else "pages"
    lines = [f"“{search}” in {ruleset.title}'s rules: {len(hits)} {pages}, best match first"]
    for hit in hits:
        where = f" ({_ENGLISH_NAMES.get(hit.lang, hit.lang)})" if several else ""
        found = f"[{hit.found}]" if hit.found else ""
        lines.append(f"  {hit.page + 1:>2}. {hit.heading}{where}: {hit.before}{found}{hit.after}")
    return lines
