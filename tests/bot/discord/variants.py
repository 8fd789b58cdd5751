"""Two variants of the tiny test game that exercise what the adapter must handle.

``tinypub``: every decision is public, so choices sit on the table message for all to see.
``tinybroken``: any move crashes inside the engine, to check how surprises are handled.
``tinysealed``: every round all players pick at once, in secret (a sealed decision).
``tinydouble``: each turn a seat plays two cards, so the other seats sit idle for two moves.
``tinypaid``: the sealed pick of ``tinysealed``, where a boosted pick costs a second secret move
(a discard), as Arclash's costly advancements do.
``tinywide``: each card can be played in twelve styles, so a seat has up to 36 choices, more
than one select menu holds (25), which forces paging.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from engines.core import Action, Event, GameConfig, Prompt, private, public, seat_ref, split
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


class SealedState(TinyState, kw_only=True):
    chosen: list[str] = []  # per seat: the card picked in secret this round ("" = not yet)


class SealedTiny(TinyRules):
    """Every round all players pick a card at once, in secret; the picks are revealed together."""

    slug = "tinysealed"
    title = "Tiny, all at once"
    state_type = SealedState

    def _setup(self, config: GameConfig, seed: int) -> SealedState:
        base = super()._setup(config, seed)
        return SealedState(**msgspec.structs.asdict(base), chosen=[""] * base.players)

    def _prompts(self, state: TinyState) -> dict[int, Prompt]:
        assert isinstance(state, SealedState)
        return {
            seat: Prompt(seat, "pick", "Pick a card in secret.", private=True, sealed=True)
            for seat in range(state.players)
            if not state.chosen[seat] and state.hands[seat]
        }

    def _apply(self, state: TinyState, seat: int, action: Action) -> Iterable[Event]:
        assert isinstance(state, SealedState)
        state.hands[seat].remove(action.card)
        state.chosen[seat] = action.card
        yield split(seat, "pick", f"You pick {value(action.card)}.", f"{seat_ref(seat)} has chosen.")
        if self._prompts(state):
            return
        shown = [(seat, card) for seat, card in enumerate(state.chosen) if card]
        state.pile.extend(card for _, card in shown)
        yield public("reveal", "Revealed: " + ", ".join(f"{seat_ref(s)} {value(c)}" for s, c in shown) + ".")
        state.chosen = [""] * state.players
        for who, _ in shown:
            if state.deck:
                state.hands[who].append(state.deck.pop())
        if sum(value(c) for c in state.pile) >= state.target or not any(state.hands):
            state.winner = max(shown, key=lambda pick: (value(pick[1]), -pick[0]))[0]

    def secrets(self, state: TinyState, viewer: int | None) -> Iterable[str]:
        assert isinstance(state, SealedState)
        yield from super().secrets(state, viewer)
        yield from (card for seat, card in enumerate(state.chosen) if card and seat != viewer)

    def conserved(self, state: TinyState) -> dict[str, int]:
        assert isinstance(state, SealedState)
        return {"cards": super().conserved(state)["cards"] + sum(1 for card in state.chosen if card)}


SEALED = SealedTiny()


class DoubleState(TinyState, kw_only=True):
    played: int = 0  # cards the seat to move has played this turn


class DoubleTiny(TinyRules):
    """Each turn the seat to move plays two cards (one if its hand runs out), then play passes on."""

    slug = "tinydouble"
    title = "Tiny, two at a time"
    state_type = DoubleState

    def _setup(self, config: GameConfig, seed: int) -> DoubleState:
        base = super()._setup(config, seed)
        return DoubleState(**msgspec.structs.asdict(base))

    def _apply(self, state: TinyState, seat: int, action: Action) -> Iterable[Event]:
        assert isinstance(state, DoubleState)
        yield from super()._apply(state, seat, action)
        if state.winner < 0 and state.played == 0 and state.hands[seat]:
            state.turn, state.played = seat, 1  # the same seat plays its second card
        else:
            state.played = 0


DOUBLE = DoubleTiny()


class PaidState(SealedState, kw_only=True):
    boosting: list[str] = []  # per seat: a boosted pick still to be paid for ("" = none)
    paid: list[str] = []  # per seat: the card paid with, kept in hand (out of sight) until the reveal
    spent: list[str] = []  # cards paid with in earlier rounds


class PaidTiny(SealedTiny):
    """A sealed pick may be boosted; the boost is paid by discarding a card: a second secret move."""

    slug = "tinypaid"
    title = "Tiny, paid in secret"
    state_type = PaidState

    def _setup(self, config: GameConfig, seed: int) -> PaidState:
        base = super()._setup(config, seed)
        return PaidState(
            **msgspec.structs.asdict(base), boosting=[""] * base.players, paid=[""] * base.players
        )

    def _prompts(self, state: TinyState) -> dict[int, Prompt]:
        assert isinstance(state, PaidState)
        asked = super()._prompts(state)
        return {
            seat: Prompt(seat, "pay", "Discard a card to pay for the boost.", True, True)
            if state.boosting[seat]
            else prompt
            for seat, prompt in asked.items()
        }

    def _legal_actions(self, state: TinyState, seat: int) -> list[Action]:
        assert isinstance(state, PaidState)
        hand = state.hands[seat]
        if state.boosting[seat]:
            return [Action(f"d{c}", f"Discard {value(c)}", card=c) for c in hand if c != state.boosting[seat]]
        picks = [Action(f"p{c}", f"Play {value(c)}", card=c) for c in hand]
        boosts = [Action(f"b{c}", f"Boost {value(c)}", card=c) for c in hand] if len(hand) > 1 else []
        return picks + boosts

    def _apply(self, state: TinyState, seat: int, action: Action) -> Iterable[Event]:
        assert isinstance(state, PaidState)
        if action.key.startswith("b"):
            state.boosting[seat] = action.card
            return [private(seat, "boost", f"You boost {value(action.card)}; now pay for it.")]
        if action.key.startswith("d"):
            state.paid[seat] = action.card
            pick, state.boosting[seat] = state.boosting[seat], ""
            action = Action(f"p{pick}", "", card=pick)
        events = list(super()._apply(state, seat, action))
        if not any(state.chosen):  # the round was revealed: payments leave the hands now
            for who, card in enumerate(state.paid):
                if card:
                    state.hands[who].remove(card)
                    state.spent.append(card)
            state.paid = [""] * state.players
        return events

    def conserved(self, state: TinyState) -> dict[str, int]:
        assert isinstance(state, PaidState)
        return {"cards": super().conserved(state)["cards"] + len(state.spent)}


PAID = PaidTiny()
