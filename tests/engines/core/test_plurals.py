"""Counts read as English does: '1 card', '3 cards', '2 to 5 players', never 'card(s)'."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

from engines.climax.words import say
from engines.core.types import allowed_counts, counted

ROOT = Path(__file__).resolve().parents[3]
#: a word with "(s)" glued on, inside a string a player may read
HEDGED = re.compile(r"[A-Za-z]\(s\)")
CODE = re.compile(r"\{[^{}]*\}")


def test_counts_agree_with_their_noun() -> None:
    assert counted(1, "Action") == "1 Action" and counted(2, "Action") == "2 Actions"
    assert counted(0, "card") == "0 cards" and counted(1, "injury", "injuries") == "1 injury"
    assert allowed_counts([1], "player") == "1 player"
    assert allowed_counts([2, 4], "player") == "2 or 4 players"
    assert allowed_counts([2, 3, 4, 5], "player") == "2 to 5 players"
    assert allowed_counts([1, 2, 4], "player") == "1, 2 or 4 players"


def test_climax_counts_cards_in_english_and_with_mai_in_japanese() -> None:
    assert say("en", "ask_discard", n=1) == "Discard 1 card from your hand."
    assert say("en", "ask_discard", n=2) == "Discard 2 cards from your hand."
    assert say("ja", "ask_discard", n=2) == "手札を2枚捨ててください。"
    assert say("en", "mulligan_done", n=1) == "Done: replace 1 card"


def test_no_string_in_the_game_or_the_bot_hedges_a_plural_with_s_in_brackets() -> None:
    """Issue: 'draws 3 card(s)', '2 Action(s) left'; a string literal written that way comes back here."""
    found = []
    for folder in ("engines", "render", "bot"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
            for token in tokens:
                if token.type != tokenize.STRING or token.string.lstrip("rbufRBUF").startswith('"""'):
                    continue  # docstrings are for programmers
                text = token.string
                while CODE.search(text):  # an f-string's {expressions} are code, not words
                    text = CODE.sub("", text)
                if HEDGED.search(text):
                    found.append(f"{path.relative_to(ROOT)}:{token.start[0]}")
    assert found == []
