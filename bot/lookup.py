"""Finding what a player wants to read: the rules pages that mention a word, and one card by name.

Both adapters call these (``/rules search:``, ``/card`` and its autocomplete on Discord;
``tablekeeper rules --search`` and ``tablekeeper cards GAME NAME`` in the terminal), so a search
means the same thing everywhere. Nothing here reads a table: pages and catalogues in, hits out.
A refusal is a ``SetupError`` whose one-line message both adapters show as it is.

Ranking: a whole word beats the start of a word, which beats a match inside a word; then a page
whose heading holds the match, then the page with more matches. Japanese is
written without spaces, so a search holding Japanese (or other wide) characters matches anywhere
and counts as a whole word; a Latin word inside Japanese text ends where the Japanese starts.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from engines.core import AnyRuleset, SetupError
from engines.core.content import load_rules_pages
from engines.core.types import CatalogueEntry

#: how a hit matches, best first
WHOLE, PREFIX, INSIDE = 0, 1, 2
#: characters of context shown on each side of a hit
CONTEXT = 40
#: the longest search a person may type (it travels in a Discord custom_id)
SEARCH_MAX = 40
#: how many names the card autocomplete offers (Discord's limit)
SUGGESTIONS = 25


def wide(ch: str) -> bool:
    """A character of a script written without spaces between words (Japanese, Chinese)."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _wordy(ch: str) -> bool:
    """A character that continues a spaced word (a letter or digit of a script with spaces)."""
    return (ch.isalnum() or ch == "_") and not wide(ch)


#: Markdown emphasis and code marks in the rules pages: left out of what is searched and shown
_MARKS = re.compile(r"\*\*|`")


def flatten(body: str) -> str:
    """A page as one plain line: lines joined by a space (by nothing between wide characters), no marks."""
    out = ""
    for raw in _MARKS.sub("", body).splitlines():
        line = raw.strip()
        if not line:
            continue
        if out and not (wide(out[-1]) and wide(line[0])):
            out += " "
        out += line
    return out


@dataclass(frozen=True)
class Hit:
    """A rules page that mentions the search: where, how well, and the words around the first hit."""

    page: int  # index into the pages of ``lang``
    heading: str
    lang: str
    match: int  # WHOLE, PREFIX or INSIDE
    count: int  # hits on the page of that best kind
    titled: bool  # the page's heading holds such a hit: the page is about it
    before: str
    found: str
    after: str

    @property
    def snippet(self) -> str:
        """The words around the hit, as plain text."""
        return f"{self.before}{self.found}{self.after}"


def _pattern(search: str) -> re.Pattern[str]:
    words = search.split()
    return re.compile(r"\s*".join(re.escape(w) for w in words) if words else "", re.IGNORECASE)


def _kind(text: str, start: int, end: int, spaced: bool) -> int:
    if not spaced:
        return WHOLE
    left = start == 0 or not _wordy(text[start - 1])
    right = end == len(text) or not _wordy(text[end])
    return WHOLE if left and right else PREFIX if left else INSIDE


def _columns(ch: str) -> int:
    return 2 if wide(ch) else 1


def _around(text: str, start: int, end: int) -> tuple[str, str, str]:
    """The hit with about ``CONTEXT`` columns each side (a wide character is two), cut at a space."""
    left, used = start, 0
    while left > 0 and used < CONTEXT:
        left -= 1
        used += _columns(text[left])
    right, used = end, 0
    while right < len(text) and used < CONTEXT:
        used += _columns(text[right])
        right += 1
    head, tail = text[left:start], text[end:right]
    if left > 0:
        space = head.find(" ")
        head = "…" + (head[space + 1 :] if 0 <= space < len(head) // 2 else head)
    if right < len(text):
        space = tail.rfind(" ")
        tail = (tail[:space] if space > len(tail) // 2 else tail) + "…"
    return head, text[start:end], tail


def checked_search(search: str) -> str:
    """The search with its spaces tidied; a ``SetupError`` when it is empty or too long."""
    tidy = " ".join(search.split())
    if not tidy:
        raise SetupError("Type a word to search for.", option="search")
    if len(tidy) > SEARCH_MAX:
        raise SetupError(f"Search for at most {SEARCH_MAX} characters.", option="search")
    return tidy


def search_pages(pages: Sequence[tuple[str, str]], search: str, lang: str = "en") -> list[Hit]:
    """The pages whose heading or text mention ``search``: best match first, a heading naming it next."""
    wanted = checked_search(search)
    pattern = _pattern(wanted)
    spaced = not any(wide(ch) for ch in wanted)
    hits: list[Hit] = []
    for index, (heading, body) in enumerate(pages):
        title, text = flatten(heading), flatten(body)
        found = [(m.start(), m.end()) for m in pattern.finditer(text)]
        named = [_kind(title, m.start(), m.end(), spaced) for m in pattern.finditer(title)]
        kinds = [_kind(text, start, end, spaced) for start, end in found]
        if not kinds and not named:
            continue
        best = min(kinds + named)
        count = (kinds + named).count(best)
        if best in kinds:
            before, hit, after = _around(text, *found[kinds.index(best)])
        else:  # the heading names it: the page's first words show what it says
            before, hit, after = _around(text, 0, 0)
        hits.append(Hit(index, heading, lang, best, count, best in named, before, hit, after))
    return sorted(hits, key=lambda h: (h.match, not h.titled, -h.count, h.page))


def search_rules(ruleset: AnyRuleset, search: str, lang: str | None = None, prefer: str = "") -> list[Hit]:
    """Hits in ``lang``'s rules, or in every language the game is written in when ``lang`` is None.

    Across languages, equal matches list ``prefer``'s first. A search with no hit anywhere is a
    ``SetupError`` saying so, in the searched languages.
    """
    langs = [lang] if lang is not None else list(ruleset.languages)
    hits: list[Hit] = []
    for code in langs:
        try:
            pages = load_rules_pages(f"engines.{ruleset.slug}", code)
        except (ModuleNotFoundError, FileNotFoundError):
            pages = []
        if not pages:
            raise SetupError(f"{ruleset.title} has no rules summary yet.", option="game")
        hits += search_pages(pages, search, code)
    if not hits:
        raise SetupError(
            f"No page of {ruleset.title}'s rules mentions “{checked_search(search)}”.", option="search"
        )
    return sorted(hits, key=lambda h: (h.match, not h.titled, h.lang != prefer, -h.count, h.page, h.lang))


# ---------------------------------------------------------------------------------------- cards


@dataclass(frozen=True)
class Found:
    """One catalogue entry a name picked, in the language it should be shown in."""

    entry: CatalogueEntry
    lang: str


def _fold(text: str) -> str:
    """Text as names are compared: case, punctuation and spacing ignored ("He-Man" is "he man")."""
    return " ".join(re.sub(r"[\W_]+", " ", text.casefold()).split())


def _score(entry: CatalogueEntry, wanted: str) -> int | None:
    """How well ``wanted`` names ``entry`` (lower is better; None: not at all)."""
    name = _fold(entry.name)
    if wanted == name:
        return 0
    if name.startswith(wanted):
        return 1
    if any(word.startswith(wanted) for word in name.split()):
        return 2
    if wanted in name:
        return 3
    return None


def card_label(entry: CatalogueEntry, entries: Sequence[CatalogueEntry]) -> str:
    """The entry's name, with its group (and id) added when another entry has the same name."""
    twins = [e for e in entries if _fold(e.name) == _fold(entry.name)]
    if len(twins) < 2:
        return entry.name
    if len({e.group for e in twins}) == len(twins):
        return f"{entry.name} · {entry.group}"
    return f"{entry.name} · {entry.group} · {entry.id}"


def suggest_cards(entries: Sequence[CatalogueEntry], typed: str) -> list[CatalogueEntry]:
    """Up to 25 entries for an autocomplete, best matches first (the catalogue's order when empty)."""
    wanted = _fold(typed)
    if not wanted:
        return list(entries[:SUGGESTIONS])
    scored = [(s, i, e) for i, e in enumerate(entries) if (s := _score(e, wanted)) is not None]
    return [e for _, _, e in sorted(scored, key=lambda t: (t[0], t[1]))][:SUGGESTIONS]


def find_card(ruleset: AnyRuleset, name: str, lang: str | None = None, prefer: str = "en") -> Found:
    """The one entry ``name`` means: its id, its exact name, or the only name it starts.

    Names are read in ``lang`` only when given, else in every language the game is written in
    (``prefer``'s first); the entry is shown in the language its name matched in (an id: in
    ``lang`` or ``prefer``). Anything else is one ``SetupError`` line: no such card, or which
    cards the name could mean.
    """
    wanted, exact = _fold(name), name.strip().casefold()
    if not wanted:
        raise SetupError(f"Name a {ruleset.title} card.", option="name")
    first = ruleset.language(lang or prefer)
    langs = [first] if lang is not None else [first, *(c for c in ruleset.languages if c != first)]
    catalogues = {code: ruleset.catalogue(code) for code in langs}
    if not catalogues[first]:
        raise SetupError(f"{ruleset.title} has no card catalogue yet.", option="game")
    for code, entries in catalogues.items():
        for entry in entries:
            if exact in (entry.id.casefold(), entry.pick.casefold() or None):
                return Found(entry, first)
            if wanted == _fold(card_label(entry, entries)) != _fold(entry.name):
                return Found(entry, code)  # a label the autocomplete showed, typed out
    for code, entries in catalogues.items():
        for best in (0, 1, 2, 3):
            matched = [e for e in entries if _score(e, wanted) == best]
            if len(matched) == 1:
                return Found(matched[0], code)
            if matched:
                labels = [card_label(e, entries) for e in matched[:5]]
                if len(matched) > len(labels):
                    some = f"{', '.join(labels)} or {len(matched) - len(labels)} more"
                else:
                    some = f"{', '.join(labels[:-1])} or {labels[-1]}"
                raise SetupError(f"“{name.strip()}” could be {some}; name one.", option="name")
    raise SetupError(f"{ruleset.title} has no card called “{name.strip()}”.", option="name")
