"""The engine contract: one ``Ruleset`` per game, pure functions over plain values.

Games subclass :class:`Ruleset` and fill in the ``_``-prefixed hooks. The public methods here
do the checks every game needs in the same way (config validation, whose turn it is, legality,
copying the state before it changes, the ``seq`` counter) so no engine can forget them.

Two optional hooks let people read a game's content outside play: ``catalogue()`` lists every
card as a :class:`CatalogueEntry` (id, name, group, one-line stats, rules text generated from the
data the engine plays by, and the ready-made decks holding it) and ``decks()`` lists the
ready-made decks as :class:`DeckEntry` values (cards, and the share code a player can paste into
the game's deck-code option, for games that have codes). Both default to empty.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Generic, TypeVar, cast

import msgspec

from engines.core.bots import Bot
from engines.core.errors import Code, Rejected, SetupError
from engines.core.rng import Rng
from engines.core.types import (
    Action,
    CatalogueEntry,
    DeckEntry,
    Event,
    GameConfig,
    ModeSpec,
    Outcome,
    Prompt,
    StateBase,
    Step,
    ViewBase,
    allowed_counts,
)

S = TypeVar("S", bound=StateBase)
V = TypeVar("V", bound=ViewBase)


#: the option a game with more than one language reads its table's language from
LANGUAGE_OPTION = "lang"


class Ruleset(Generic[S, V]):
    """Base class of every game's rules object (see DESIGN.md, "The engine contract")."""

    slug: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[str]
    content_version: ClassVar[str]
    modes: ClassVar[tuple[ModeSpec, ...]]
    state_type: ClassVar[type[StateBase]]
    view_type: ClassVar[type[ViewBase]]
    #: seconds a typical decision takes a person; used for default turn timers
    think_seconds: ClassVar[int] = 120
    #: the languages its cards, prompts and narration come in, default first; a game with more
    #: than one takes the table's choice from its ``lang`` option (see ``LANGUAGE_OPTION``)
    languages: ClassVar[tuple[str, ...]] = ("en",)
    #: the keys a timed-out seat answers with, most wanted first (``default_action``)
    default_keys: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        self._encoder = msgspec.msgpack.Encoder()
        self._decoder = msgspec.msgpack.Decoder(self.state_type)
        # the layout version new states carry: the default of the state type's schema_version
        self._schema_version = next(
            f.default for f in msgspec.structs.fields(self.state_type) if f.name == "schema_version"
        )

    # ------------------------------------------------------------------ configuration
    def mode(self, name: str) -> ModeSpec:
        """Return the mode called ``name`` or raise ``SetupError`` listing the real ones."""
        for mode in self.modes:
            if mode.name == name:
                return mode
        names = ", ".join(m.name for m in self.modes)
        raise SetupError(f"{self.title} has no mode {name!r}; choose one of: {names}.", option="mode")

    def resolve_config(self, config: GameConfig) -> GameConfig:
        """Validate a config and fill every option's default; raise ``SetupError`` if refused."""
        mode = self.mode(config.mode)
        if config.players not in mode.players:
            counts = allowed_counts(mode.players, "player")
            raise SetupError(
                f"{self.title} {mode.title} is for {counts}, not {config.players}.",
                option="players",
            )
        options = self._table_options(mode, config.options)
        if len(config.seat_options) > config.players:
            raise SetupError("More seat choices than seats.", option="seat_options")
        seats = tuple(
            self._seat_choices(mode, index, chosen) for index, chosen in enumerate(config.seat_options)
        )
        return GameConfig(config.mode, config.players, options, seats)

    def check_seat(self, config: GameConfig, seat: int) -> None:
        """Check one seat's own choices without dealing a game; ``SetupError`` if they are refused.

        ``config`` is the table as it stands: other seats may not have chosen yet, and the seat
        count need not be final. A refusal of this seat's choices carries ``seat``; a refusal of
        the table's options carries ``seat=None``. Other seats' choices are read (a game may
        refuse two seats taking the same deck) but never refused here: a value of theirs that
        does not parse is left out. ``setup`` runs the same check for every seat, so the lobby
        and the deal share one rule.
        """
        mode = self.mode(config.mode)
        options = self._table_options(mode, config.options)
        seats: list[dict[str, Any]] = []
        for index in range(max(len(config.seat_options), seat + 1)):
            chosen = config.seat_options[index] if index < len(config.seat_options) else {}
            if index == seat:
                seats.append(self._seat_choices(mode, index, chosen))
                continue
            parsed: dict[str, Any] = {}
            for name, raw in chosen.items():
                try:
                    parsed.update(self._seat_choices(mode, index, {name: raw}))
                except SetupError:
                    continue  # another seat's fault is theirs to hear about, not this seat's
            seats.append(parsed)
        self._check_seat(GameConfig(config.mode, config.players, options, tuple(seats)), seat)

    def _table_options(self, mode: ModeSpec, given: Mapping[str, Any]) -> dict[str, Any]:
        """The table options of ``mode`` parsed, defaults filled in; unknown names refused."""
        table_specs = {s.name: s for s in mode.options if not s.per_seat}
        for name in given:
            if name not in table_specs:
                known = ", ".join(sorted(table_specs)) or "none"
                raise SetupError(f"{mode.title} has no option {name!r} (options: {known}).", option=name)
        return {
            name: spec.parse(given[name]) if name in given else spec.default
            for name, spec in table_specs.items()
        }

    def _seat_choices(self, mode: ModeSpec, index: int, chosen: Mapping[str, Any]) -> dict[str, Any]:
        """One seat's per-player options parsed; every refusal names that seat."""
        seat_specs = {s.name: s for s in mode.options if s.per_seat}
        parsed: dict[str, Any] = {}
        for name, raw in chosen.items():
            if name not in seat_specs:
                known = ", ".join(sorted(seat_specs)) or "none"
                raise SetupError(
                    f"Seat {index + 1}: {mode.title} has no per-player option {name!r} "
                    f"(per-player options: {known}).",
                    option=name,
                    seat=index,
                )
            try:
                parsed[name] = seat_specs[name].parse(raw)
            except SetupError as error:
                raise SetupError(error.message, option=error.option, seat=index) from None
        return parsed

    def setup(self, config: GameConfig, seed: int) -> S:
        """Validate ``config`` (the table, then each seat's choices) and deal a new game from ``seed``."""
        resolved = self.resolve_config(config)
        for seat in range(resolved.players):
            self._check_seat(resolved, seat)
        return self._setup(resolved, seed)

    # ------------------------------------------------------------------ play
    def prompts(self, state: S) -> dict[int, Prompt]:
        """Who must decide now; several entries are a sealed simultaneous decision."""
        if self.outcome(state) is not None:
            return {}
        return self._prompts(state)

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """The actions ``seat`` may take now (empty when it is not asked anything)."""
        if seat not in self.prompts(state):
            return []
        return self._legal_actions(state, seat)

    def apply(self, state: S, seat: int, action: Action | str) -> Step:
        """Apply one action by ``seat``; the input is never changed; illegal → ``Rejected``."""
        if self._outcome(state) is not None:  # the hook itself: this runs for every action
            raise Rejected(Code.GAME_OVER, "The game is already over.")
        if not self._asked(state, seat):
            raise Rejected(Code.NOT_YOUR_TURN, "You are not being asked to decide anything right now.")
        key = action if isinstance(action, str) else action.key
        legal = self._find_action(state, seat, key)
        if legal is None:
            raise Rejected(Code.ILLEGAL, f"{key!r} is not one of your choices right now.")
        new_state: S = self.clone(state)
        events = list(self._apply(new_state, seat, legal))
        new_state.seq = state.seq + 1
        return Step(new_state, tuple(events))

    def default_action(self, state: S, seat: int) -> Action:
        """What a seat that ran out of time does: the first legal action named in ``default_keys``,
        else the first legal action; games override it when that is not a sensible choice."""
        actions = self.legal_actions(state, seat)
        if not actions:
            raise Rejected(Code.NOT_YOUR_TURN, "That seat has nothing to decide.")
        for key in self.default_keys:
            for action in actions:
                if action.key == key:
                    return action
        return actions[0]

    def view(self, state: S, viewer: int | None) -> V:
        """What ``viewer`` may know (``None`` is a spectator)."""
        return self._view(state, viewer)

    def outcome(self, state: S) -> Outcome | None:
        """The result, once the game is over."""
        return self._outcome(state)

    # ------------------------------------------------------------------ sides, for ratings
    def teams(self, config: GameConfig) -> tuple[tuple[int, ...], ...]:
        """The sides the seats play on, each a tuple of seats: every seat alone unless the mode has teams."""
        return tuple((seat,) for seat in range(config.players))

    def automaton(self, config: GameConfig) -> str:
        """The rated name of the opponent the rules play in ``config`` ("" when there is none).

        Games name the difficulty in it where the rules have one, so each level is rated apart.
        """
        return ""

    def automaton_result(self, config: GameConfig, outcome: Outcome) -> int:
        """How the automaton did against the seats: 1 it beat them, 0 a tie, -1 they beat it.

        By default it beat them when no seat won; games with ties or scores override this.
        """
        return -1 if outcome.winners else 1

    # ------------------------------------------------------------------ values
    def encode(self, state: S) -> bytes:
        """Serialise a state to bytes (msgpack)."""
        return self._encoder.encode(state)

    def decode(self, data: bytes) -> S:
        """Rebuild a state from ``encode`` output."""
        return cast(S, self._decoder.decode(data))

    def decode_stored(self, data: bytes) -> S | None:
        """Decode a stored snapshot, or None when it was written in another layout of the state.

        A game that changes its state's layout raises its ``schema_version`` (and may migrate old
        snapshots in ``decode``); a snapshot that still does not decode to the current layout is
        rebuilt by the caller from the match record (seed and move log) instead.
        """
        try:
            state = self.decode(data)
        except msgspec.MsgspecError:
            return None
        return state if state.schema_version == self._schema_version else None

    def clone(self, state: S) -> S:
        """A deep, independent copy of ``state``.

        A game may override this with a field-by-field copy (cheaper than a msgpack round trip);
        the fuzz harness then holds it equal to the original and ``apply`` never mutating its input.
        """
        return self.decode(self.encode(state))

    def rng(self, state: S) -> Rng:
        """A generator positioned at the state's RNG; write ``.state`` back into ``state.rng``."""
        return Rng(state.rng)

    # ------------------------------------------------------------------ extras
    def bots(self) -> Mapping[str, Bot]:
        """Bots by name, weakest first; the platform maps difficulty settings onto them."""
        from engines.core.bots import RandomBot

        return {"random": RandomBot()}

    def secrets(self, state: S, viewer: int | None) -> Iterable[str]:
        """Strings that must never appear in ``viewer``'s view (used by leak tests)."""
        return ()

    def twin(self, state: S, viewer: int | None, rng: Rng) -> S | None:
        """Another state ``viewer`` cannot tell from ``state`` (hidden parts dealt afresh), or None.

        Used by the hidden-information test (:mod:`engines.core.twins`): everything ``viewer``
        may not know is drawn again from ``rng`` while everything it may know is kept: deck
        orders, the cards in other seats' hands (swapped with other unseen cards, sizes kept),
        other seats' sealed choices not yet revealed (and any payment under way for them), and
        the RNG state. The harness then holds every output for ``viewer`` equal on both. A game
        that hides something must override this; None means "nothing is hidden from ``viewer``".
        """
        return None

    def conserved(self, state: S) -> Mapping[str, int] | None:
        """Counts that must never change during a game (card conservation), if any."""
        return None

    def check_content(self) -> None:
        """Load and check every content file afresh; ``ContentError`` names the first fault."""

    def catalogue(self, lang: str = "en") -> list[CatalogueEntry]:
        """Every card a player can read about, in display order, in ``lang`` (one of ``languages``)."""
        return []

    def decks(self, lang: str = "en") -> list[DeckEntry]:
        """The ready-made decks with their share codes where the game has codes, in ``lang``."""
        return []

    def language(self, wanted: str | None) -> str:
        """The game's language closest to ``wanted`` (a code such as "ja" or a locale such as "ja-JP")."""
        code = (wanted or "").split("-")[0].lower()
        return code if code in self.languages else self.languages[0]

    def chapter(self, view: V) -> str:
        """The round or turn ``view`` is in, as a replay's jump menu names it ("Round 3"; "" for none).

        By default the view's ``round`` (else its ``turn``) number; a game overrides this to name
        its own parts (whose turn, its language).
        """
        for field, label in (("round", "Round"), ("turn", "Turn")):
            number = getattr(view, field, None)
            if isinstance(number, int) and not isinstance(number, bool) and number > 0:
                return f"{label} {number}"
        return ""

    def seat_name(self, state: S, seat: int) -> str:
        """A default name for a seat when the platform has none."""
        return f"Player {seat + 1}"

    # ------------------------------------------------------------------ game hooks
    def _check_seat(self, config: GameConfig, seat: int) -> None:
        """Game-specific checks of ``seat``'s choices (deck codes, deck legality...); none by default.

        ``config`` has its options parsed; raise ``SetupError(..., seat=seat)`` for this seat's
        own fault, and ``seat=None`` for a fault of the table's options. Another seat's choices
        may be read but must not be refused here.
        """

    def _setup(self, config: GameConfig, seed: int) -> S:
        raise NotImplementedError

    def _prompts(self, state: S) -> dict[int, Prompt]:
        raise NotImplementedError

    def _legal_actions(self, state: S, seat: int) -> list[Action]:
        raise NotImplementedError

    def _asked(self, state: S, seat: int) -> bool:
        """Whether ``seat`` is asked to decide now; games may answer without building the prompts."""
        return seat in self._prompts(state)

    def _find_action(self, state: S, seat: int, key: str) -> Action | None:
        """The legal action called ``key``, or None. Games may override this to build only that
        one action instead of every labelled choice; the fuzz harness checks both agree."""
        for legal in self._legal_actions(state, seat):
            if legal.key == key:
                return legal
        return None

    def _apply(self, state: S, seat: int, action: Action) -> Iterable[Event]:
        """Change ``state`` in place (it is already a private copy) and yield events."""
        raise NotImplementedError

    def _view(self, state: S, viewer: int | None) -> V:
        raise NotImplementedError

    def _outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError


#: any game's ruleset, for code that handles every game alike (the service, the harnesses)
AnyRuleset = Ruleset[Any, Any]
