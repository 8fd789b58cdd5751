"""The Arclash ruleset: modes, prompts, legal actions, applying them, outcome.

The deal is in ``setup.py``, the views (the one place secrets are stripped) in ``view.py``.

Why every import is at the top: this is the package's top module, nothing in it imports this
one back (the search bot is handed the ruleset), and importing ``decisions`` here (which imports
``battle`` and ``turn``) also registers their agenda task handlers (see triggers.py) before any
action is applied.
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.arclash import decisions
from engines.arclash.bots import GreedyBot
from engines.arclash.catalogue import decks as starter_entries
from engines.arclash.catalogue import entries
from engines.arclash.chart import load_chart
from engines.arclash.content import CARDS_FILE, Card, load_catalogue
from engines.arclash.ctx import Ctx
from engines.arclash.decks import load_starters
from engines.arclash.effects import KEYWORDS
from engines.arclash.picks import CHOICES
from engines.arclash.search import SearchBot
from engines.arclash.setup import deal, deck_for, mode_specs
from engines.arclash.state import ArclashState, ArclashView
from engines.arclash.twins import make_twin
from engines.arclash.view import build_view
from engines.core.bots import Bot, RandomBot
from engines.core.choices import ChoiceRules
from engines.core.errors import ContentError
from engines.core.keywords import Use
from engines.core.rng import Rng
from engines.core.ruleset import Ruleset
from engines.core.types import Action, CatalogueEntry, DeckEntry, Event, GameConfig, Outcome, Prompt


class ArclashRules(ChoiceRules[ArclashState, Ctx], Ruleset[ArclashState, ArclashView]):
    """Arclash: simultaneous turns, 30-card decks, character stacks L1-L4 and support cards."""

    slug = "arclash"
    title = "Arclash"
    rules_version = "0.1.6-tk3"
    content_version = "2"
    modes = mode_specs()
    state_type = ArclashState
    view_type = ArclashView
    think_seconds = 60

    # ------------------------------------------------------------------ setup
    def _check_seat(self, config: GameConfig, seat: int) -> None:
        deck_for(config, seat)

    def chapter(self, view: ArclashView) -> str:
        """A replay's chapters are the book's turns (its ``round`` counts advance rounds within one)."""
        return f"Turn {view.turn}" if view.turn > 0 else ""

    def _setup(self, config: GameConfig, seed: int) -> ArclashState:
        return deal(config, seed)

    # ------------------------------------------------------------------ play
    # A search or take-back pausing the agenda is asked through ``ChoiceRules`` (its kinds in
    # ``picks.CHOICES``); the sealed rounds and support turns are off the agenda (decisions.py).
    choices = CHOICES

    context = Ctx

    def _prompts(self, state: ArclashState) -> dict[int, Prompt]:
        if state.agenda.pending is not None:
            return super()._prompts(state)
        return decisions.prompts(state)

    def _legal_actions(self, state: ArclashState, seat: int) -> list[Action]:
        if state.agenda.pending is not None:
            return super()._legal_actions(state, seat)
        return decisions.actions(state, seat)

    def _find_action(self, state: ArclashState, seat: int, key: str) -> Action | None:
        if state.agenda.pending is not None:
            return super()._find_action(state, seat, key)
        return next((a for a in decisions.actions(state, seat) if a.key == key), None)

    def _apply(self, state: ArclashState, seat: int, action: Action) -> list[Event]:
        if state.agenda.pending is not None:
            return super()._apply(state, seat, action)
        # The decision only queues what follows it (effects, the next step); ``act`` runs that
        # too, up to the next card choice or the next decision of the phase.
        return Ctx(state).act(decisions.decide, seat, action)

    def default_action(self, state: ArclashState, seat: int) -> Action:
        """A timed-out seat passes (dropping a half-paid card) or keeps; at the opening, the first.

        In a search or take-back it takes the first card listed (what the effect is for), else goes on.
        """
        actions = self.legal_actions(state, seat)
        for key in ("pass", "keep"):
            for action in actions:
                if action.key == key:
                    return action
        return super().default_action(state, seat)

    # ------------------------------------------------------------------ view
    def _view(self, state: ArclashState, viewer: int | None) -> ArclashView:
        return build_view(state, viewer, self._prompts, self._legal_actions)

    # ------------------------------------------------------------------ outcome
    def _outcome(self, state: ArclashState) -> Outcome | None:
        if state.winner < 0:
            return None
        scores = {s: z.points for s, z in enumerate(state.seats)}
        rest = sorted({p for s, p in scores.items() if s != state.winner}, reverse=True)
        behind = (tuple(s for s, p in scores.items() if p == points and s != state.winner) for points in rest)
        ranking = ((state.winner,), *behind)
        return Outcome((state.winner,), ranking, f"first to {state.target} points", scores)

    # ------------------------------------------------------------------ checks
    def secrets(self, state: ArclashState, viewer: int | None) -> Iterable[str]:
        """Every deck's instance ids, and the hand (so sealed picks too) of every other seat."""
        for seat, zone in enumerate(state.seats):
            yield from zone.deck
            if seat != viewer:
                yield from zone.hand

    def twin(self, state: ArclashState, viewer: int | None, rng: Rng) -> ArclashState:
        """Deal afresh what ``viewer`` cannot see: deck orders, other hands, others' sealed choices."""
        return make_twin(self.clone(state), viewer, rng, self._legal_actions)

    def conserved(self, state: ArclashState) -> dict[str, int]:
        """Each seat's 30 cards are always somewhere in its own zones."""
        return {
            f"seat{s}": len(z.deck) + len(z.hand) + len(z.discard) + len(z.stack) + len(z.supports)
            for s, z in enumerate(state.seats)
        }

    def bots(self) -> dict[str, Bot]:
        """Random, greedy and search bots, weakest first."""
        return {"random": RandomBot(), "greedy": GreedyBot(), "search": SearchBot(self)}

    def check_content(self) -> None:
        """Load ``cards.toml``, ``chart.toml`` and ``decks.toml`` afresh and check them."""
        check_effects(load_catalogue().values())
        load_chart()
        load_starters()

    def catalogue(self, lang: str = "en") -> list[CatalogueEntry]:
        """Every card of the pool with its level, power, traits, needs and generated text."""
        return entries()

    def decks(self, lang: str = "en") -> list[DeckEntry]:
        """The starter decks with their ARC1- deck codes."""
        return starter_entries()


def check_effects(cards: Iterable[Card], file: str = CARDS_FILE) -> None:
    """Refuse an effect whose keyword is unknown or lacks a value it needs, naming card and field."""
    cards = list(cards)
    KEYWORDS.check(
        Use(file, card.id, f"effects[{index}].do", effect.do)
        for card in cards
        for index, effect in enumerate(card.effects)
    )
    for card in cards:
        for index, effect in enumerate(card.effects):
            problem = KEYWORDS[effect.do].check(effect)
            if problem:
                raise ContentError(file, card.id, f"effects[{index}]", problem, game=KEYWORDS.game)
