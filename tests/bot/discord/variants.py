"""Two variants of the tiny test game that exercise what the adapter must handle.

``tinypub``: every decision is public, so choices sit on the table message for all to see.
``tinybroken``: any move crashes inside the engine, to check how surprises are handled.
``tinywide``: each card can be played in twelve styles, so a seat has up to 36 choices, more
than one select menu holds (25), which forces paging.
"""

from __future__ import annotations

from engines.core import Action, Event, Prompt
from tests.engines.core.tinygame import TinyRules, TinyState, value

STYLES = 12


class PublicTiny(TinyRules):
    slug = "tinypub"
    title = "Tiny in public"

    def _prompts(self, state: TinyState) -> dict[int, Prompt]:
        return {state.turn: Prompt(state.turn, "play", "Play a card onto the pile.", private=False)}


class WideTiny(TinyRules):
    slug = "tinywide"
    title = "Tiny with flourishes"

    def _legal_actions(self, state: TinyState, seat: int) -> list[Action]:
        return [
            Action(
                f"p{card}.{style}",
                f"Play {value(card)} with flourish {style}",
                group=f"card {value(card)}",
                card=card,
            )
            for card in sorted(state.hands[seat])
            for style in range(STYLES)
        ]


PUBLIC = PublicTiny()
WIDE = WideTiny()


class BrokenTiny(TinyRules):
    """Crashes when a card is played, with the player's hand in the error text (an engine bug)."""

    slug = "tinybroken"
    title = "Tiny, broken"

    def _apply(self, state: TinyState, seat: int, action: Action) -> list[Event]:
        raise KeyError(f"secret hand {' '.join(state.hands[seat])}")


BROKEN = BrokenTiny()
