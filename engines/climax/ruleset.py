"""The climax TCG Ruleset: modes and options, prompts from the agenda, apply, views, outcome."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engines.climax.content import CARDS_PATH, LANGS, catalog, load_catalog
from engines.climax.effects import KEYWORDS
from engines.climax.play import ClimaxChoices
from engines.climax.setup import deck_choice, setup
from engines.climax.state import ClimaxState, ClimaxView, copy_state
from engines.climax.twins import redeal
from engines.climax.view import build_view
from engines.core.bots import Bot
from engines.core.keywords import Use
from engines.core.rng import Rng
from engines.core.ruleset import Ruleset
from engines.core.types import (
    Action,
    CatalogueEntry,
    DeckEntry,
    GameConfig,
    ModeSpec,
    OptionSpec,
    Outcome,
)

BOOK, FAMILY = "book", "family"


def mode_specs() -> tuple[ModeSpec, ...]:
    """The one mode, ``duel`` (B3), with the book as default and family rules as options (B2.8)."""
    decks = tuple(d.id for d in catalog().decks)
    options = (
        OptionSpec(
            "lang", "Language of cards, prompts and narration (never changes play).", "en", choices=LANGS
        ),
        OptionSpec(
            "front_bonus",
            "book: +1 AP when a character stands in front; family: +1 AP when nobody does.",
            BOOK,
            choices=(BOOK, FAMILY),
        ),
        OptionSpec(
            "cancel_colour",
            "book: a climax cancels damage only if its colour is met; family: any climax cancels.",
            BOOK,
            choices=(BOOK, FAMILY),
        ),
        OptionSpec(
            "counter_colour",
            "book: backup characters need their colour; family: backup ignores colour.",
            BOOK,
            choices=(BOOK, FAMILY),
        ),
        OptionSpec(
            "triggers",
            "book: only the soul icon acts; family: the designed icons (pool, comeback, draw, shot) act too.",
            BOOK,
            choices=(BOOK, FAMILY),
        ),
        OptionSpec(
            "encore_cost", "Stock an encore costs (the book: 3).", 3, kind="int", minimum=0, maximum=7
        ),
        OptionSpec("deck", "A ready-made deck.", "", choices=decks, per_seat=True),
        OptionSpec("deck_code", "A constructed deck's code (CX1-...).", "", kind="text", per_seat=True),
    )
    return (
        ModeSpec(
            "duel",
            "Duel",
            (2,),
            "Two players, 50-card decks: bring your opponent to level 4.",
            options,
        ),
    )


class ClimaxGame(ClimaxChoices, Ruleset[ClimaxState, ClimaxView]):
    """The level/clock/climax trading card game of the book (seed 004)."""

    slug = "climax"
    languages = LANGS
    title = "Climax"
    rules_version = "1"
    content_version = "2"
    modes = mode_specs()
    state_type = ClimaxState
    view_type = ClimaxView
    think_seconds = 60

    # ------------------------------------------------------------------ setup
    def _check_seat(self, config: GameConfig, seat: int) -> None:
        deck_choice(catalog(), config, seat)

    def _setup(self, config: GameConfig, seed: int) -> ClimaxState:
        return setup(catalog(), config, seed)

    # ------------------------------------------------------------------ asking
    # Prompts, legal actions, key lookups and answers come from the pending choice (``ClimaxChoices``).

    # ------------------------------------------------------------------ acting
    def clone(self, state: ClimaxState) -> ClimaxState:
        """A deep, independent copy of ``state``."""
        return copy_state(state)

    def default_action(self, state: ClimaxState, seat: int) -> Action:
        """B8: keep / pass / end, the first level-up card, no encore, discard the newest card."""
        actions = self.legal_actions(state, seat)
        if not actions:
            return super().default_action(state, seat)
        for key in ("keep", "pass", "end", "no"):
            for action in actions:
                if action.key == key:
                    return action
        choice = state.agenda.pending
        if choice is not None and choice.kind == "discard":
            return actions[-1]
        return actions[0]

    # ------------------------------------------------------------------ seeing
    def _view(self, state: ClimaxState, viewer: int | None) -> ClimaxView:
        return build_view(state, viewer)

    def _outcome(self, state: ClimaxState) -> Outcome | None:
        if state.phase != "over":
            return None
        loser = 1 - state.winner
        return Outcome((state.winner,), ((state.winner,), (loser,)), state.result)

    def twin(self, state: ClimaxState, viewer: int | None, rng: Rng) -> ClimaxState:
        """A state ``viewer`` cannot tell apart: unseen cards dealt afresh, a new RNG state."""
        twin = self.clone(state)
        redeal(twin, viewer, rng)
        twin.rng = rng.next_u64()
        return twin

    def secrets(self, state: ClimaxState, viewer: int | None) -> Iterable[str]:
        """Deck and stock cards (both seats) and other seats' hands."""
        for seat, p in enumerate(state.players):
            yield from p.deck
            yield from p.stock
            if seat != viewer:
                yield from p.hand

    def conserved(self, state: ClimaxState) -> Mapping[str, int]:
        """Every one of a player's 50 cards is in exactly one zone."""
        counts: dict[str, int] = {}
        for seat, p in enumerate(state.players):
            on_stage = sum(1 for s in p.stage if s.card)
            zones = (p.deck, p.hand, p.clock, p.level, p.stock, p.waiting, p.held, p.playing)
            counts[f"seat{seat}"] = sum(len(z) for z in zones) + on_stage + (1 if p.climax else 0)
        return counts

    def seat_name(self, state: ClimaxState, seat: int) -> str:
        """Player 1 / Player 2 in the table's language."""
        return f"プレイヤー{seat + 1}" if state.lang == "ja" else f"Player {seat + 1}"

    # ------------------------------------------------------------------ extras
    def bots(self) -> Mapping[str, Bot]:
        """Random, greedy and search bots, weakest first."""
        from engines.climax.bots import BOTS

        return BOTS

    def check_content(self) -> None:
        """Load ``cards.toml`` afresh and check every ability keyword against the handlers."""
        cards = load_catalog().cards.values()
        KEYWORDS.check(
            Use(CARDS_PATH, c.id, f"abilities[{i}].kw", a.kw)
            for c in cards
            for i, a in enumerate(c.abilities)
        )

    def catalogue(self, lang: str = "en") -> list[CatalogueEntry]:
        """Every card, with its text generated from its keywords, in English or Japanese."""
        from engines.climax.catalogue import entries

        return entries(lang=self.language(lang))

    def decks(self, lang: str = "en") -> list[DeckEntry]:
        """The four ready-made decks with their deck codes, in English or Japanese."""
        from engines.climax.catalogue import decks

        return decks(lang=self.language(lang))


RULESET = ClimaxGame()
