"""A tiny hidden-information game used to test the shared contract, harness and platform.

Each seat holds three secret number cards; on your turn you play one onto a shared pile; the first
player to push the pile total to 15 or more wins. It has a private hand, a shuffle, split events
and a default action: everything the platform must carry.
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.core import (
    Action,
    Event,
    GameConfig,
    ModeSpec,
    OptionSpec,
    Outcome,
    Prompt,
    Rng,
    Ruleset,
    StateBase,
    ViewBase,
    public,
    seat_ref,
    split,
)


class TinyState(StateBase, kw_only=True):
    players: int
    target: int
    deck: list[str]
    hands: list[list[str]]
    pile: list[str]
    turn: int = 0
    winner: int = -1


class TinyView(ViewBase, kw_only=True):
    hand: list[str]
    hand_sizes: list[int]
    pile_total: int
    turn: int
    target: int


def value(card: str) -> int:
    return int(card.split("-")[0])


class TinyRules(Ruleset[TinyState, TinyView]):
    slug = "tiny"
    title = "Tiny"
    rules_version = "1"
    content_version = "1"
    modes = (
        ModeSpec(
            "race",
            "Race",
            (1, 2, 3),
            "Play cards; reach the target.",
            (OptionSpec("target", "Pile total that wins", 15, kind="int", minimum=5, maximum=40),),
        ),
    )
    state_type = TinyState
    view_type = TinyView

    def _setup(self, config: GameConfig, seed: int) -> TinyState:
        state = TinyState(
            players=config.players, target=config.option("target"), deck=[], hands=[], pile=[], rng=seed
        )
        deck = [f"{v}-{i}" for i in range(4) for v in range(1, 6)]
        rng = self.rng(state)
        rng.shuffle(deck)
        state.rng = rng.state
        state.hands = [[deck.pop() for _ in range(3)] for _ in range(config.players)]
        state.deck = deck
        return state

    def _prompts(self, state: TinyState) -> dict[int, Prompt]:
        return {state.turn: Prompt(state.turn, "play", "Play a card onto the pile.", private=True)}

    def _legal_actions(self, state: TinyState, seat: int) -> list[Action]:
        return [Action(f"p{card}", f"Play {value(card)}", card=card) for card in state.hands[seat]]

    def _apply(self, state: TinyState, seat: int, action: Action) -> Iterable[Event]:
        card = action.card
        state.hands[seat].remove(card)
        state.pile.append(card)
        yield public("play", f"{seat_ref(seat)} plays {value(card)}.")
        if state.deck:
            drawn = state.deck.pop()
            state.hands[seat].append(drawn)
            yield split(seat, "draw", f"You draw a {value(drawn)}.", f"{seat_ref(seat)} draws a card.")
        if sum(value(c) for c in state.pile) >= state.target or not any(state.hands):
            state.winner = seat
            return
        state.turn = (state.turn + 1) % state.players
        while not state.hands[state.turn]:
            state.turn = (state.turn + 1) % state.players

    def _view(self, state: TinyState, viewer: int | None) -> TinyView:
        return TinyView(
            viewer=viewer,
            players=state.players,
            over=state.winner >= 0,
            hand=sorted(state.hands[viewer]) if viewer is not None else [],
            hand_sizes=[len(h) for h in state.hands],
            pile_total=sum(value(c) for c in state.pile),
            turn=state.turn,
            target=state.target,
        )

    def twin(self, state: TinyState, viewer: int | None, rng: Rng) -> TinyState:
        """Deal the cards ``viewer`` cannot see (the deck and other hands) afresh."""
        twin = self.clone(state)
        unseen = [c for s, h in enumerate(twin.hands) if s != viewer for c in h] + twin.deck
        rng.shuffle(unseen)
        for seat, hand in enumerate(twin.hands):
            if seat != viewer:
                twin.hands[seat] = [unseen.pop() for _ in hand]
        twin.deck = unseen
        twin.rng = rng.next_u64()
        return twin

    def _outcome(self, state: TinyState) -> Outcome | None:
        if state.winner < 0:
            return None
        others = tuple(s for s in range(state.players) if s != state.winner)
        return Outcome((state.winner,), ((state.winner,), others), "target reached")

    def secrets(self, state: TinyState, viewer: int | None) -> Iterable[str]:
        for seat, hand in enumerate(state.hands):
            if seat != viewer:
                yield from hand
        yield from state.deck

    def conserved(self, state: TinyState) -> dict[str, int]:
        return {"cards": len(state.deck) + len(state.pile) + sum(len(h) for h in state.hands)}


RULESET = TinyRules()
