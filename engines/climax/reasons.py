"""What a climax search bot found, said in the table's language (``words``: English or Japanese).

A reason gives what the sampled playouts gave the chosen action — games won, or the average
evaluation (damage taken by each side, then stock and board) — beside the next best option's.
Every figure comes from the worlds the search drew from the seat's own View; the sentence is the
kit's (:func:`engines.core.search.search_reason`) in the words of this game's message table.
"""

from __future__ import annotations

from functools import cache

from engines.climax.words import templates
from engines.core.search import Weighing, Words
from engines.core.search import search_reason as kit_reason

#: an evaluation this far from zero is a finished game (the evaluation gives +-1000 for one)
DECIDED = 500.0


@cache
def words(lang: str) -> Words:
    """The search reason's pieces in ``lang`` (the ``why_`` messages of the table)."""
    return Words.of(templates(lang, "why_"))


def search_reason(weighing: Weighing, lang: str) -> str:
    """Why the search kept its choice: playouts won, else the average evaluation, beside the next best."""
    return kit_reason(weighing, DECIDED, words(lang))
