"""``tablekeeper games``, ``rules GAME [--search WORD]`` and ``cards GAME [NAME]``: reading the games.

The pages, the search and the card lookup are the ones Discord's ``/rules``, ``/cards`` and
``/card`` use (:mod:`bot.lookup`, :mod:`engines.core.catalogue`), so both places answer alike.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from bot.cli.stderr import fail

if TYPE_CHECKING:
    from engines.core import AnyRuleset


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``games``, ``rules`` and ``cards``."""
    sub.add_parser("games", help="list the games, their modes and options").set_defaults(run=cmd_games)
    rules = sub.add_parser("rules", help="read a game's rules, the same pages as /rules on Discord")
    rules.add_argument("game", help="game slug (see `tablekeeper games`)")
    rules.add_argument(
        "--lang",
        default=None,
        metavar="LANG",
        help="en or ja, for a game written in both (default: en; a search reads every language)",
    )
    which = rules.add_mutually_exclusive_group()
    which.add_argument(
        "--page", default="all", metavar="N", help="only page N (default: all, after a list of the pages)"
    )
    which.add_argument(
        "--search", metavar="WORD", help="list the pages that mention WORD, then show the best one"
    )
    rules.set_defaults(run=cmd_rules)

    cards = sub.add_parser(
        "cards", help="read a game's cards and its ready-made decks with their codes, or one card whole"
    )
    cards.add_argument("game", help="game slug (see `tablekeeper games`)")
    cards.add_argument("name", nargs="?", default="", help="one card (its name, the start of it, or its id)")
    cards.add_argument("--deck", default="", help="only the cards of this ready-made deck")
    cards.add_argument("--search", default="", help="only cards whose name, numbers or text hold this")
    cards.add_argument(
        "--lang",
        default=None,
        metavar="LANG",
        help="names and text in this language, for a game that has several (en, ja; default en)",
    )
    cards.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="with NAME: also write the card drawn large (the /card picture) into this folder",
    )
    cards.set_defaults(run=cmd_cards)


def cmd_games(args: argparse.Namespace) -> int:
    """``tablekeeper games``: every game with its modes and options (broken content: exit 1)."""
    from bot.console.catalogue import describe_game
    from engines import registry

    registry.check_all()
    for slug in registry.slugs():
        try:
            ruleset = registry.get(slug)
        except (ImportError, AttributeError):  # a game still being written has no RULESET yet
            print(f"{slug}: not available in this build\n")
            continue
        print("\n".join(describe_game(ruleset)) + "\n")
    print("Start one with `tablekeeper play GAME [--mode MODE] [--option KEY=VALUE]`.")
    return 0


def language(ruleset: AnyRuleset, wanted: str | None) -> str:
    """``--lang`` checked: a language Tablekeeper knows, and one this game is written in (default en)."""
    from bot.console.rulebook import rules_language
    from bot.words import LANGUAGE_NAMES
    from engines.core import SetupError

    lang = (wanted or "en").strip().lower()
    if lang not in LANGUAGE_NAMES:
        raise SetupError(f"--lang must be one of {', '.join(LANGUAGE_NAMES)}, not {wanted!r}.", option="lang")
    return rules_language(ruleset, lang)


def cmd_rules(args: argparse.Namespace) -> int:
    """``tablekeeper rules``: every page, one page, or the pages a search finds and the best of them."""
    from bot.console.rulebook import contents, describe_hits, rules_pages, show_page
    from bot.lookup import checked_search, search_rules
    from engines import registry

    ruleset = registry.get(args.game)
    if args.search is not None:
        asked = language(ruleset, args.lang) if args.lang is not None else None
        hits = search_rules(ruleset, args.search, asked, prefer=ruleset.languages[0])
        best = hits[0]
        print("\n".join(describe_hits(ruleset, checked_search(args.search), hits)))
        print("\n" + show_page(ruleset, rules_pages(ruleset, best.lang), best.page))
        return 0
    pages = rules_pages(ruleset, language(ruleset, args.lang))
    wanted = args.page.strip().lower()
    if wanted == "all":
        print(f"{ruleset.title} rules, {len(pages)} pages:\n{contents(pages)}")
        for index in range(len(pages)):
            print("\n" + show_page(ruleset, pages, index))
        return 0
    if not wanted.isdigit() or not 1 <= int(wanted) <= len(pages):
        return fail(f"--page must be a number from 1 to {len(pages)} or all, not {args.page!r}.")
    print(show_page(ruleset, pages, int(wanted) - 1))
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    """``tablekeeper cards``: the catalogue (narrowed by --deck or --search), or one card whole."""
    from bot.console.cards import describe_card, describe_cards, write_card
    from bot.lookup import find_card
    from engines import registry
    from engines.core import SetupError
    from engines.core.catalogue import select
    from render import registry as renderers

    ruleset = registry.get(args.game)
    if args.name.strip():
        if args.deck or args.search:
            raise SetupError("Name one card, or narrow the list with --deck or --search; not both.")
        asked = language(ruleset, args.lang) if args.lang is not None else None
        found = find_card(ruleset, args.name, asked, prefer=ruleset.languages[0])
        print("\n".join(describe_card(ruleset, found.entry, ruleset.decks(found.lang))))
        if args.out is not None:
            path = write_card(renderers.get(ruleset.slug), found.entry, found.lang, args.out)
            print(f"\nWrote the card's picture to {path}.")
        return 0
    if args.out is not None:
        raise SetupError("--out writes one card's picture: name the card.", option="out")
    lang = language(ruleset, args.lang)
    chosen = select(ruleset, args.search, args.deck, lang)
    print("\n".join(describe_cards(ruleset, chosen, args.search, args.deck)))
    return 0
