"""The HackClad ruleset object: modes, prompts, legal actions, apply and outcome.

The deal is in ``setup.py``, the views (the one place secrets are stripped) in ``view.py``.

Why this module imports every rule module: task, answer and effect handlers register themselves
in ``ctx.TASKS``, ``ctx.ANSWERS`` and ``effects.EFFECTS`` when their module is imported. The ruleset
sits on top of the package and imports them all at load time, so the runner in ``ctx`` never imports
a handler's module and no import goes back down the chain.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from engines.core.bots import Bot, RandomBot
from engines.core.rng import Rng
from engines.core.ruleset import Ruleset
from engines.core.types import (
    Action,
    CatalogueEntry,
    Event,
    GameConfig,
    ModeSpec,
    OptionSpec,
    Outcome,
    Prompt,
)
from engines.hackclad import clad as _clad  # noqa: F401  (registers its task and answer handlers)
from engines.hackclad import deck as _deck  # noqa: F401  (the same)
from engines.hackclad import deck_effects as _deck_effects  # noqa: F401  (registers its effects and answers)
from engines.hackclad import field_effects as _field_effects  # noqa: F401  (the same)
from engines.hackclad.bots import WitchBot
from engines.hackclad.catalogue import entries
from engines.hackclad.choices import HackChoices, named
from engines.hackclad.content import content, effect_uses, read_files, validate
from engines.hackclad.ctx import Ctx
from engines.hackclad.effects import EFFECTS
from engines.hackclad.scoring import outcome as final_outcome
from engines.hackclad.scoring import sides
from engines.hackclad.search import SearchBot
from engines.hackclad.seats import acting, asked_seats
from engines.hackclad.setup import WITCHES, begin, check_seat, deal
from engines.hackclad.state import HackState, HackView, copy_state, upgrade
from engines.hackclad.twins import twin_state
from engines.hackclad.view import build_view, secrets

_OPTIONS = (
    OptionSpec(
        "expert",
        "Expert mode: three harder Clad cards replace Veer Left, Veer Right and Rush.",
        False,
        kind="bool",
    ),
    OptionSpec(
        "missions",
        "How missions are dealt: a draft from ten, or each witch's first-game pair.",
        "draft",
        choices=("draft", "first_game"),
    ),
    OptionSpec(
        "witch",
        "Which witch you play (auto: one nobody picked, dealt at random when several witches play).",
        "auto",
        choices=("auto", *WITCHES),
        per_seat=True,
    ),
)
_TEAM_OPTIONS = (
    *_OPTIONS,
    OptionSpec(
        "witch2",
        "Your second witch in a two-player team match (auto: one nobody picked, dealt at random).",
        "auto",
        choices=("auto", *WITCHES),
        per_seat=True,
    ),
)


#: VP a solo witch needs for her game to count as a win against the Clad in ratings. Designed,
#: not from the book (solo is "as many VP as you can"): the easy bot scores 10-27, normal 33-53.
SOLO_PAR = 40


class HackClad(HackChoices, Ruleset[HackState, HackView]):
    """HackClad: witches race each other for shards while fighting the Clad automaton."""

    slug = "hackclad"
    title = "HackClad"
    # 1.1: seats left on "auto" are dealt their witches at random, so a 1.0 record's seed and config
    # no longer give the same witches.
    rules_version = "1.1"
    content_version = "1.0"
    modes = (
        ModeSpec(
            "basic",
            "Basic",
            (2, 3, 4),
            "Two to four witches compete for shards against the Clad.",
            _OPTIONS,
            automata="the Clad",
        ),
        ModeSpec(
            "solo",
            "Solo",
            (1,),
            "One witch against a harsher Clad: score as many VP as you can.",
            _OPTIONS,
            automata="the Clad",
        ),
        ModeSpec(
            "team",
            "Team match",
            (2, 4),
            "Two teams of two witches, VP added up: seats 1+3 against 2+4, or two people running two "
            "witches each.",
            _TEAM_OPTIONS,
            automata="the Clad",
        ),
    )
    state_type = HackState
    view_type = HackView
    think_seconds = 90
    # Timed out: end the turn, pass a reaction, decline optional choices, else the first choice.
    default_keys = ("end", "pass", "none", "stop", "keep", "top")

    # ------------------------------------------------------------------------------- setup
    def _check_seat(self, config: GameConfig, seat: int) -> None:
        check_seat(config, seat)

    def _setup(self, config: GameConfig, seed: int) -> HackState:
        return deal(config, seed)

    # ------------------------------------------------------------------------------- play
    # Play-phase choices come from the agenda's pending choice (``choices.HackChoices``); the mission
    # draft and the secret enhanced pick are phases off the agenda, asked here. ``HackChoices`` is
    # named rather than reached through ``super()``, which costs an object on every action.
    def _prompts(self, state: HackState) -> dict[int, Prompt]:
        if state.phase == "play":  # asked at every step: at most one witch is waited on
            return HackChoices._prompts(self, state)
        return {seat: self._prompt(state, seat, witch) for seat, witch in asked_seats(state).items()}

    @staticmethod
    def _prompt(state: HackState, seat: int, witch: int) -> Prompt:
        if state.phase == "missions":
            return Prompt(seat, "mission", named(state, witch, "Choose a mission card."))
        text = named(state, witch, "Secretly choose the enhanced card that starts in your deck.")
        return Prompt(seat, "enhanced", text, private=True, sealed=True)

    def _legal_actions(self, state: HackState, seat: int) -> list[Action]:
        if state.phase == "play":
            return HackChoices._legal_actions(self, state, seat)
        witch = acting(state, seat)
        assert witch is not None
        if state.phase == "missions":
            return [_mission_action(m) for m in state.offer]
        return [_enhanced_action(Ctx(state), x) for x in sorted(state.witches[witch].enhanced)]

    def _find_action(self, state: HackState, seat: int, key: str) -> Action | None:
        # Build only the choice the key names: apply need not label every other choice just to check
        # one key (the fuzz harness and test_action_lookup hold this to ``_legal_actions``).
        if state.phase == "play":
            return HackChoices._find_action(self, state, seat, key)
        witch = acting(state, seat)
        if witch is None:
            return None
        if state.phase == "missions":
            return _mission_action(key[2:]) if key[:2] == "m." and key[2:] in state.offer else None
        ok = key[:2] == "e." and key[2:] in state.witches[witch].enhanced
        return _enhanced_action(Ctx(state), key[2:]) if ok else None

    def _apply(self, state: HackState, seat: int, action: Action) -> list[Event]:
        if state.phase == "play":
            return HackChoices._apply(self, state, seat, action)
        witch = acting(state, seat)
        assert witch is not None
        ctx = Ctx(state)
        if state.phase == "missions":
            mid = action.key[2:]
            state.offer.remove(mid)
            state.draft_order.pop(0)
            state.witches[witch].missions.append(mid)
            ctx.say("mission", f"{ctx.who(witch)} takes the mission {content().missions[mid].title}.")
            if not state.draft_order:
                state.offer = []
                state.phase = "enhanced"
        else:
            chosen = state.witches[witch]
            chosen.enhanced.remove(action.card)
            chosen.deck.append(action.card)
            chosen.chose_enhanced = True
            ctx.split(
                witch,
                "enhanced",
                f"You shuffle {ctx.card(action.card).name} into your deck.",
                f"{ctx.who(witch)} has chosen an enhanced card.",
            )
            if all(x.chose_enhanced for x in state.witches):
                begin(ctx)
        ctx.run()
        return ctx.events

    def decode(self, data: bytes) -> HackState:
        """Rebuild a state from ``encode`` output (a snapshot stored before the agenda is upgraded)."""
        return upgrade(super().decode(data), data)

    def clone(self, state: HackState) -> HackState:
        """A deep, independent copy of ``state``, made field by field (see ``state.copy_state``)."""
        return copy_state(state)

    def _view(self, state: HackState, viewer: int | None) -> HackView:
        return build_view(state, viewer)

    # ------------------------------------------------------------------------------- ratings
    def teams(self, config: GameConfig) -> tuple[tuple[int, ...], ...]:
        """Seats 1+3 against 2+4 in a four-seat team match; otherwise every seat alone."""
        return sides(config.mode, config.players)

    def automaton(self, config: GameConfig) -> str:
        """The Clad is rated only in solo: elsewhere the witches race each other, not it."""
        return "the Clad (solo)" if config.mode == "solo" else ""

    def automaton_result(self, config: GameConfig, outcome: Outcome) -> int:
        """The book's solo game has no target, so a designed par decides: SOLO_PAR VP beats the Clad."""
        return -1 if outcome.scores.get(0, 0) >= SOLO_PAR else 1

    def _outcome(self, state: HackState) -> Outcome | None:
        return final_outcome(state) if state.phase == "over" else None

    # ------------------------------------------------------------------------------- extras
    def secrets(self, state: HackState, viewer: int | None) -> Iterable[str]:
        """Hidden card ids for ``viewer``."""
        return secrets(state, viewer)

    def twin(self, state: HackState, viewer: int | None, rng: Rng) -> HackState | None:
        """A state ``viewer`` cannot tell from ``state``: every card it cannot see dealt afresh."""
        return twin_state(state, viewer, rng)

    def conserved(self, state: HackState) -> Mapping[str, int]:
        """Every witch always owns 16 skill cards across her zones."""
        out: dict[str, int] = {}
        for seat, w in enumerate(state.witches):
            turn = sum(1 for s in (*state.turn_slots, *state.standby) if s.seat == seat and s.card)
            playing = sum(1 for p in state.plays if p.seat == seat and p.source != "cp")
            out[f"cards{seat}"] = (
                len(w.hand) + len(w.deck) + len(w.discard) + len(w.enhanced) + turn + playing
            )
        return out

    def bots(self) -> Mapping[str, Bot]:
        """Bots weakest first (easy, normal, hard): random, the witch heuristic, the search."""
        return {"random": RandomBot(), "witch": WitchBot(), "search": SearchBot(self)}

    def check_content(self) -> None:
        """Read the data files afresh: every effect keyword must have a handler; then check the rest."""
        files = read_files()
        # Keywords first, so a misspelt 'deal' is named as such rather than as a missing 'deal'.
        EFFECTS.check(effect_uses(files.cards, files.cps))
        validate(*files)

    def catalogue(self, lang: str = "en") -> list[CatalogueEntry]:
        """Skill cards by witch, the witches, CP actions, missions and the Clad deck, from the data."""
        return entries()


@cache
def _mission_action(mid: str) -> Action:
    # Each choice is made once and shared (Actions are frozen).
    m = content().missions[mid]
    return Action(f"m.{mid}", f"{m.title} ({m.vp} VP): {m.text}", group="mission")


def _enhanced_action(ctx: Ctx, cid: str) -> Action:
    card = ctx.card(cid)
    return _enhanced_choice(cid, card.name, card.vp)


@cache
def _enhanced_choice(cid: str, name: str, vp: int) -> Action:
    return Action(f"e.{cid}", f"{name} ({vp} VP)", group="enhanced", card=cid)


RULESET = HackClad()
