"""The Arclash ruleset: modes, prompts, legal actions, applying them, outcome.

The deal is in ``setup.py``, the views (the one place secrets are stripped) in ``view.py``.

Why every import is at the top: this is the package's top module, nothing in it imports this
one back (the search bot is handed the ruleset), and importing ``battle`` and ``turn`` here also
registers their agenda task handlers (see triggers.py) before any action is applied.
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.arclash import picks, zones
from engines.arclash.battle import pass_support, play_support, playable
from engines.arclash.bots import GreedyBot
from engines.arclash.catalogue import decks as starter_entries
from engines.arclash.catalogue import entries
from engines.arclash.chart import load_chart
from engines.arclash.content import CARDS_FILE, Card, load_catalogue
from engines.arclash.decks import load_starters, starters
from engines.arclash.effects import KEYWORDS
from engines.arclash.search import SearchBot
from engines.arclash.setup import deal, deck_for
from engines.arclash.state import (
    ADVANCE,
    OPENING,
    SUPPORT,
    SWAP,
    ArclashState,
    ArclashView,
)
from engines.arclash.triggers import proceed
from engines.arclash.turn import advance_options, asked, seal
from engines.arclash.twins import make_twin
from engines.arclash.view import build_view
from engines.core.bots import Bot, RandomBot
from engines.core.errors import ContentError
from engines.core.keywords import Use
from engines.core.rng import Rng
from engines.core.ruleset import Ruleset
from engines.core.types import (
    Action,
    CatalogueEntry,
    DeckEntry,
    Event,
    GameConfig,
    ModeSpec,
    OptionSpec,
    Outcome,
    Prompt,
    counted,
    private,
)

SCORE_HELP = (
    "Points needed to win. 10 is a short game, 15 the usual, 20 a long one; "
    "any whole number from 3 to 100 may be agreed instead."
)


def _modes() -> tuple[ModeSpec, ...]:
    names = ("auto", *starters())
    return (
        ModeSpec(
            "standard",
            "Standard",
            (2, 3, 4, 5, 6),
            "Everyone plays at once: seal advancements, back your character with supports, "
            "and the strongest character in each battle scores.",
            (
                OptionSpec("score", SCORE_HELP, 15, kind="int", minimum=3, maximum=100),
                OptionSpec(
                    "deck",
                    "Your starter deck: "
                    + ", ".join(f"{d.name} ({d.title})" for d in starters().values())
                    + "; auto gives each seat a different one.",
                    "auto",
                    kind="choice",
                    choices=names,
                    per_seat=True,
                ),
                OptionSpec(
                    "deck_code",
                    "A shared deck code (ARC1-...) for a deck of your own; it takes the place of deck.",
                    "",
                    kind="text",
                    per_seat=True,
                ),
            ),
        ),
    )


class ArclashRules(Ruleset[ArclashState, ArclashView]):
    """Arclash: simultaneous turns, 30-card decks, character stacks L1-L4 and support cards."""

    slug = "arclash"
    title = "Arclash"
    rules_version = "0.1.6-tk3"
    content_version = "2"
    modes = _modes()
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

    # ------------------------------------------------------------------ prompts
    def _prompts(self, state: ArclashState) -> dict[int, Prompt]:
        pick = state.agenda.pending
        if pick is not None:
            kind = "search" if pick.zone == picks.DECK else "recycle"
            return {pick.seat: Prompt(pick.seat, kind, picks.prompt_text(state), private=True)}
        if state.phase == SUPPORT:
            seat = state.current
            zone = state.seats[seat]
            if zone.choice:
                need = zones.card(state, zone.choice).discard - len(zone.paying)
                name = zones.card(state, zone.choice).name
                text = f"Pick {counted(need, 'more card')} to discard for {name}."
                return {seat: Prompt(seat, "support_pay", text, private=True)}
            return {
                seat: Prompt(seat, "support", "Play a support card, or pass for this battle.", private=True)
            }
        texts = {
            OPENING: ("opening", "Choose a level 1 character from your deck to start with (sealed)."),
            ADVANCE: ("advance", "Advance your character with a card from your hand, or pass (sealed)."),
            SWAP: ("swap", "Keep your character, or start over with a new level 1 from your hand (sealed)."),
        }
        if state.phase not in texts:
            return {}
        kind, text = texts[state.phase]
        prompts: dict[int, Prompt] = {}
        for seat in asked(state):
            zone = state.seats[seat]
            if state.phase == ADVANCE and zone.choice:
                need = zones.card(state, zone.choice).discard - len(zone.paying)
                prompts[seat] = Prompt(
                    seat,
                    "advance_pay",
                    f"Pick {counted(need, 'more card')} to discard for the advancement.",
                    True,
                    True,
                )
            else:
                prompts[seat] = Prompt(seat, kind, text, private=True, sealed=True)
        return prompts

    def _legal_actions(self, state: ArclashState, seat: int) -> list[Action]:
        zone = state.seats[seat]
        pick = state.agenda.pending
        if pick is not None:
            return picks.actions(state) if seat == pick.seat else []
        if zone.choice and state.phase in (ADVANCE, SUPPORT):
            taken = {zone.choice, *zone.paying}
            rest = zones.first_of_each(state, [i for i in zone.hand if i not in taken])
            return [
                *(Action(f"pay:{i}", f"Discard {zones.card(state, i).name}", "pay", i) for i in rest),
                Action("back", "Take the card back", "back"),
                Action("pass", "Take the card back and pass", "pass"),
            ]
        if state.phase == OPENING:
            return [
                Action(f"open:{state.ids[i]}", _character_label(state, i), "opening", params=(state.ids[i],))
                for i in zones.level_ones(state, zone.deck)
            ]
        if state.phase == ADVANCE:
            actions = [Action("pass", "Pass (no more advancing this turn)", "pass")]
            for iid in advance_options(state, seat):
                design = zones.card(state, iid)
                label = "Advance to " + _character_label(state, iid)
                if design.discard > len(zone.hand) - 1:
                    label += " - cannot pay, it would be discarded"
                actions.append(Action(f"adv:{iid}", label, "advance", iid))
            return actions
        if state.phase == SUPPORT:
            actions = [Action("pass", "Pass (no more supports this battle)", "pass")]
            for iid in playable(state, seat):
                design = zones.card(state, iid)
                cost = f" (discard {design.discard})" if design.discard else ""
                actions.append(Action(f"sup:{iid}", f"Play {design.name}{cost}", "support", iid))
            return actions
        if state.phase == SWAP:
            return [Action("keep", "Keep your character", "keep")] + [
                Action(f"swap:{i}", "Start over with " + _character_label(state, i), "swap", i)
                for i in zones.level_ones(state, zone.hand)
            ]
        return []

    # ------------------------------------------------------------------ apply
    def _apply(self, state: ArclashState, seat: int, action: Action) -> Iterable[Event]:
        rng = self.rng(state)
        events = list(self._act(state, seat, action, rng))
        # The action only queued what follows it (effects, the next step): run that now, up to
        # the next card choice or the next decision of the phase.
        events.extend(proceed(state, rng))
        state.rng = rng.state
        return events

    def _act(self, state: ArclashState, seat: int, action: Action, rng: Rng) -> Iterable[Event]:
        zone = state.seats[seat]
        key = action.key
        if state.agenda.pending is not None:
            # Once the choice ends, ``_apply`` runs the agenda on from where it paused.
            if key == "done":
                yield from picks.finish(state, rng)
            else:
                yield from picks.take(state, str(action.params[0]), rng)
            return
        if key == "pass":
            zone.choice, zone.paying = "", []
        if key == "back":
            zone.choice, zone.paying = "", []
            yield private(seat, "back", "You take the card back.")
            return
        if key.startswith("pay:"):
            zone.paying.append(action.card)
            if len(zone.paying) < zones.card(state, zone.choice).discard:
                return
            if state.phase == SUPPORT:
                yield from play_support(state, seat, rng)
            else:
                yield from seal(state, seat, rng)
            return
        if state.phase == OPENING:
            zone.choice = next(i for i in zone.deck if state.ids[i] == action.params[0])
            yield from seal(state, seat, rng)
        elif state.phase == ADVANCE:
            zone.choice = action.card
            cost = zones.card(state, zone.choice).discard if zone.choice else 0
            # An unpayable cost seals at once: the card will be discarded at the reveal.
            if cost == 0 or cost > len(zone.hand) - 1:
                yield from seal(state, seat, rng)
        elif state.phase == SUPPORT:
            if key == "pass":
                yield from pass_support(state, seat, rng)
                return
            zone.choice = action.card
            if zones.card(state, zone.choice).discard == 0:
                yield from play_support(state, seat, rng)
        elif state.phase == SWAP:
            zone.choice = action.card
            yield from seal(state, seat, rng)

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


def _character_label(state: ArclashState, iid: str) -> str:
    design = zones.card(state, iid)
    cost = f"; discard {design.discard}" if design.discard else ""
    return f"{design.name} (L{design.level}, {design.power} power{cost})"
