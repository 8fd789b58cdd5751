"""The Clash for Eternia Ruleset: prompts, legal actions, apply, views, outcome, secrets."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engines.core.bots import Bot
from engines.core.choices import ChoiceRules
from engines.core.errors import ContentError
from engines.core.rng import Rng
from engines.core.ruleset import Ruleset
from engines.core.types import Action, CatalogueEntry, Event, GameConfig, Outcome, Prompt, seat_ref
from engines.eternia import (  # noqa: F401  (they register tasks and choices)
    activation,
    attack,
    controller,
    moves,
    pushes,
    rounds,
    scenario,
    skills,
    tokens,
)
from engines.eternia.bots import BOTS
from engines.eternia.catalogue import entries
from engines.eternia.content import ai_uses, load, uses
from engines.eternia.ctx import CHOICES, Ctx
from engines.eternia.modes import AI_CONTROLLER, mode_specs
from engines.eternia.rounds import order_actions, place_order
from engines.eternia.setup import check_seat, setup
from engines.eternia.skills import EFFECTS
from engines.eternia.state import CTRL, TEAM, EtState, EtView, copy_state
from engines.eternia.twins import redeal
from engines.eternia.view import build_view, side_of

AI_LINES = ("attack", "advance", "skill", "retreat", "hold", "spawn", "fuel", "heal", "pass")


class EterniaChoices(ChoiceRules[EtState, Ctx]):
    """Prompts, legal actions and answers from the pending choice and ``CHOICES``."""

    choices = CHOICES

    context = Ctx


class Eternia(EterniaChoices, Ruleset[EtState, EtView]):
    """Masters of the Universe: Clash for Eternia — the Player Team against the Controller."""

    slug = "eternia"
    title = "Masters of the Universe: Clash for Eternia"
    rules_version = "4"
    content_version = "5"
    modes = mode_specs()
    state_type = EtState
    view_type = EtView
    think_seconds = 60
    # A timed-out seat: the first order, no boosts, automatic Power, end the Activation.
    default_keys = ("end", "done", "auto", "stay", "skip")

    def _check_seat(self, config: GameConfig, seat: int) -> None:
        check_seat(config, seat)

    def _setup(self, config: GameConfig, seed: int) -> EtState:
        return setup(config, seed)

    # ------------------------------------------------------------------ asking
    # Activation choices come from the agenda's pending choice (``ChoiceRules``); the Order Phase
    # is a sealed phase off the agenda, asked here.
    def _prompts(self, state: EtState) -> dict[int, Prompt]:
        if state.phase != "order":
            return super()._prompts(state)
        out: dict[int, Prompt] = {}
        for side, seat in ((CTRL, state.ctrl_seat), (TEAM, state.leader)):
            if seat >= 0 and side not in state.orders:
                out[seat] = Prompt(
                    seat,
                    "order",
                    "Order Phase: place your Activation cards face down (first slot first).",
                    private=side == CTRL,
                    sealed=True,
                    public=f"{seat_ref(seat)} is placing Activation cards face down",
                )
        return out

    def _legal_actions(self, state: EtState, seat: int) -> list[Action]:
        if state.phase == "order":
            return order_actions(Ctx(state), CTRL if seat == state.ctrl_seat else TEAM)
        return super()._legal_actions(state, seat)

    def _find_action(self, state: EtState, seat: int, key: str) -> Action | None:
        # Only the one choice the key names is built where its kind can (a single step needs no
        # route to every destination); the fuzz harness checks this agrees with ``_legal_actions``.
        if state.phase == "order":
            return next((a for a in self._legal_actions(state, seat) if a.key == key), None)
        return super()._find_action(state, seat, key)

    # ------------------------------------------------------------------ acting
    def clone(self, state: EtState) -> EtState:
        """A deep, independent copy of ``state`` (the same value an encode + decode gives)."""
        return copy_state(state)

    def _apply(self, state: EtState, seat: int, action: Action) -> list[Event]:
        if state.phase == "order":
            ctx = Ctx(state)
            ctx.tell(seat, "order", f"You place: {action.label}.")
            place_order(ctx, CTRL if seat == state.ctrl_seat else TEAM, [str(c) for c in action.params])
            ctx.run()
            events = ctx.events
        else:
            events = super()._apply(state, seat, action)
        state.last_los = state.last_los[-2:]
        return events

    # ------------------------------------------------------------------ seeing
    def _view(self, state: EtState, viewer: int | None) -> EtView:
        return build_view(state, viewer)

    def twin(self, state: EtState, viewer: int | None, rng: Rng) -> EtState:
        """Another state ``viewer`` cannot tell apart: the hidden cards and orders dealt afresh."""
        twin = self.clone(state)
        redeal(twin, viewer, rng)
        twin.rng = rng.next_u64()
        return twin

    # ------------------------------------------------------------------ ratings
    def teams(self, config: GameConfig) -> tuple[tuple[int, ...], ...]:
        """Versus: the Controller (seat 1) against the Player Team; AI mode: everyone on one side."""
        if config.mode == "ai":
            return (tuple(range(config.players)),)
        return ((0,), tuple(range(1, config.players)))

    def automaton(self, config: GameConfig) -> str:
        """The book's AI Controller in AI mode, rated per Escalation power setting."""
        if config.mode != "ai":
            return ""
        escalation = config.options.get("ai_escalation", 0)
        return f"AI Controller (escalation +{escalation})" if escalation else "AI Controller"

    def automaton_result(self, config: GameConfig, outcome: Outcome) -> int:
        """A tie at the round limit is a draw; otherwise the Controller won when the team did not."""
        if outcome.winners:
            return -1
        return 0 if outcome.reason.endswith(f"({rounds.DRAWN})") else 1

    def _outcome(self, state: EtState) -> Outcome | None:
        if state.phase != "over":
            return None
        team = tuple(state.team_seats)
        ctrl = (state.ctrl_seat,) if state.ctrl_seat >= 0 else ()
        if state.winner == "draw":
            return Outcome((), (tuple(sorted(team + ctrl)),), state.result)
        winners, losers = (team, ctrl) if state.winner == TEAM else (ctrl, team)
        # In the ``ai`` mode no seat plays the Controller: when it wins, the result names it.
        automaton = AI_CONTROLLER if state.winner == CTRL and not ctrl else ""
        return Outcome(winners, tuple(g for g in (winners, losers) if g), state.result, automaton=automaton)

    def secrets(self, state: EtState, viewer: int | None) -> Iterable[str]:
        """What ``viewer`` may not see: the hidden Strategy hand and deck, and the other side's
        face-down cards and sealed order (as they would read in a view)."""
        side = side_of(state, viewer)
        if side != CTRL:
            yield from (f'"{c}"' for c in state.strategy_hand)
            yield from (f'"{c}"' for c in state.strategy_deck)
        shown = {s.card for s in state.track if s.flipped or s.card == "any"}
        for s in state.track:
            if s.side != side and s.card and s.card not in shown:
                yield f'"card":"{s.card}"'  # a face-down card of the other side, as a SlotView holds it
        for other_side, order in state.orders.items():
            if other_side != side and order:
                yield '"my_order":[' + ",".join(f'"{c}"' for c in order) + "]"

    def conserved(self, state: EtState) -> Mapping[str, int]:
        """Strategy cards are always in the deck, the hand or played; models never appear or vanish."""
        cards = len(state.strategy_deck) + len(state.strategy_hand) + len(state.strategy_played)
        return {"strategy": cards, "models": len(state.models)}

    def bots(self) -> Mapping[str, Bot]:
        """Random and greedy bots."""
        return BOTS

    def catalogue(self, lang: str = "en") -> list[CatalogueEntry]:
        """Characters (both sides and AI cards), Skills, Controller Skills, Strategy and AI cards,
        Minions, NPCs, terrain and Scenarios (English only)."""
        return entries()

    def check_content(self) -> None:
        """Load every data file afresh and check every effect and AI keyword."""
        c = load()
        EFFECTS.check(uses(c))
        for use in ai_uses(c):
            if use.name not in AI_LINES:
                raise ContentError(use.file, use.entry, use.field, f"unknown AI action {use.name!r}")


RULESET = Eternia()
