"""The values every engine speaks in: configs, actions, prompts, events, views and outcomes."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import msgspec

from engines.core.errors import SetupError

OptionValue = str | int | bool

PUBLIC = "public"
PRIVATE = "private"
SPLIT = "split"


class Action(msgspec.Struct, frozen=True):
    """One legal choice. ``key`` is short and unique among the legal actions of a prompt.

    ``params`` carries the structured meaning so engines need not parse ``key``; ``group``
    lets interfaces cluster and paginate choices; ``card`` names the card instance concerned.
    """

    key: str
    label: str
    group: str = ""
    card: str = ""
    params: tuple[str | int, ...] = ()


class Prompt(msgspec.Struct, frozen=True):
    """A decision a seat must make now.

    ``text`` is what the deciding seat reads. ``private`` decisions are taken in the player's
    DMs; ``sealed`` decisions are simultaneous and stay hidden from everyone else until every
    sealed prompt has been answered. ``public`` is what everyone else may read about it (see
    :meth:`public_line`): for a private or sealed decision it must never depend on anything the
    others cannot see, so engines leave it empty unless the table really knows more.
    """

    seat: int
    kind: str
    text: str
    private: bool = False
    sealed: bool = False
    public: str = ""

    def public_line(self) -> str:
        """The line anyone at the table may read about this decision (names as ``{P1}``)."""
        if self.public:
            return self.public
        who = seat_ref(self.seat)
        if self.sealed:
            return f"{who} is choosing in secret"
        if self.private:
            return f"{who} is choosing in private"
        return f"{who}: {self.text}"


class Event(msgspec.Struct, frozen=True):
    """Something that happened, with who may read it.

    ``public``: everyone reads ``text``. ``private``: only ``seat`` reads ``text``.
    ``split``: ``seat`` reads ``text``, everyone else reads ``redacted``.
    """

    kind: str
    text: str
    visibility: str = PUBLIC
    seat: int | None = None
    redacted: str = ""

    def text_for(self, viewer: int | None) -> str | None:
        """Return the text ``viewer`` may read (``None`` for spectators), or None if hidden."""
        if self.visibility == PUBLIC:
            return self.text
        if viewer is not None and viewer == self.seat:
            return self.text
        if self.visibility == SPLIT:
            return self.redacted or None
        return None


def seat_ref(seat: int) -> str:
    """A placeholder for a seat's name in event text; adapters put the player's name there."""
    return f"{{P{seat + 1}}}"


_SEAT_REF = re.compile(r"\{P(\d)\}")


def fill_names(text: str, names: Sequence[str]) -> str:
    """Replace ``{P1}``-style placeholders with display names (unknown seats stay as 'Player N')."""

    def name(match: re.Match[str]) -> str:
        index = int(match.group(1)) - 1
        return names[index] if 0 <= index < len(names) else f"Player {index + 1}"

    return _SEAT_REF.sub(name, text)


def public(kind: str, text: str) -> Event:
    """Build an event everyone reads."""
    return Event(kind, text)


def private(seat: int, kind: str, text: str) -> Event:
    """Build an event only ``seat`` reads."""
    return Event(kind, text, PRIVATE, seat)


def split(seat: int, kind: str, text: str, redacted: str) -> Event:
    """Build an event ``seat`` reads in full and everyone else reads redacted."""
    return Event(kind, text, SPLIT, seat, redacted)


class Outcome(msgspec.Struct, frozen=True):
    """How a finished game ended. ``ranking`` lists groups of tied seats, best first.

    ``automaton`` names the rules' own opponent (a ModeSpec's ``automata``, e.g. "the AI
    Controller") when it won and no seat did; it stays empty when seats won and in a draw, so
    "no winning seat" is never mistaken for a draw. Its default keeps stored outcomes decoding.
    """

    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    reason: str
    scores: dict[int, int] = {}
    automaton: str = ""

    def who_won(self, label: Callable[[int], str]) -> str:
        """Who won, as people read it: the winning seats (named by ``label``), else the automaton
        that won, else "" (nobody won: a draw, or a lone seat that forfeited)."""
        if self.winners:
            return listed([label(seat) for seat in self.winners])
        return self.automaton


class StateBase(msgspec.Struct, kw_only=True):
    """Fields every game state carries; games subclass it with their own fields."""

    schema_version: int = 1
    seq: int = 0
    rng: int = 0


class ViewBase(msgspec.Struct, kw_only=True):
    """Fields every view carries; games subclass it. Never holds RNG, deck order or secrets.

    A view holds no move number either: the number of moves made so far counts hidden ones
    (a sealed payment, a private search), so showing it would tell others about them.
    """

    viewer: int | None
    players: int
    over: bool = False


class GameConfig(msgspec.Struct, frozen=True):
    """What a game is set up with: mode, seat count, table options and per-seat choices."""

    mode: str
    players: int
    options: dict[str, OptionValue] = {}
    seat_options: tuple[dict[str, OptionValue], ...] = ()

    def option(self, name: str) -> Any:
        """Return a resolved option value (use after ``Ruleset.resolve_config``)."""
        return self.options[name]

    def seat_option(self, seat: int, name: str, default: OptionValue | None = None) -> Any:
        """Return a per-seat choice, or ``default`` when that seat made none."""
        if seat < len(self.seat_options):
            return self.seat_options[seat].get(name, default)
        return default


class OptionSpec(msgspec.Struct, frozen=True):
    """A table option: its type, default and limits, parsed from text or native values."""

    name: str
    help: str
    default: OptionValue
    kind: str = "choice"  # choice | int | bool | text
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    per_seat: bool = False

    def parse(self, raw: OptionValue) -> OptionValue:
        """Validate and convert a raw value, raising ``SetupError`` with a readable reason."""
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in {"true", "yes", "on", "1"}:
                return True
            if text in {"false", "no", "off", "0"}:
                return False
            raise SetupError(f"Option {self.name} takes true or false, not {raw!r}.", option=self.name)
        if self.kind == "int":
            try:
                value = int(raw) if not isinstance(raw, bool) else None
            except (TypeError, ValueError):
                value = None
            if value is None:
                raise SetupError(f"Option {self.name} takes a whole number, not {raw!r}.", option=self.name)
            if self.minimum is not None and value < self.minimum:
                raise SetupError(f"Option {self.name} must be at least {self.minimum}.", option=self.name)
            if self.maximum is not None and value > self.maximum:
                raise SetupError(f"Option {self.name} must be at most {self.maximum}.", option=self.name)
            return value
        if self.kind == "choice":
            text = str(raw).strip().lower()
            if text not in self.choices:
                raise SetupError(
                    f"Option {self.name} must be one of {', '.join(self.choices)}; got {raw!r}.",
                    option=self.name,
                )
            return text
        return str(raw).strip()


class ModeSpec(msgspec.Struct, frozen=True):
    """A way to play: allowed seat counts, rule-driven opponents and the options it takes."""

    name: str
    title: str
    players: tuple[int, ...]
    summary: str
    options: tuple[OptionSpec, ...] = ()
    automata: str = ""  # who the rules play against the seats, if anyone

    def option_spec(self, name: str) -> OptionSpec | None:
        """Return the option called ``name``, if this mode has one."""
        for spec in self.options:
            if spec.name == name:
                return spec
        return None


class CatalogueEntry(msgspec.Struct, frozen=True):
    """One card (or other piece of content) as the readable catalogue lists it.

    ``group`` clusters entries for display (card kind, level, owner); ``stats`` is a one-line
    summary of its numbers; ``text`` is generated from the same data the engine plays by, so
    it cannot drift from the rules; ``decks`` names the ready-made decks that hold it.
    ``options`` names the game options that choose this entry by the value ``pick`` (a
    Character's ``characters=he_man``, a Scenario's ``scenario=crossroads``), so a reader can
    type it.
    """

    id: str
    name: str
    group: str
    stats: str
    text: str
    decks: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    pick: str = ""

    def matches(self, needle: str) -> bool:
        """True when ``needle`` (case-insensitive) occurs in the id, name, group, stats or text."""
        wanted = needle.strip().casefold()
        if not wanted:
            return True
        fields = (self.id, self.name, self.group, self.stats, self.text)
        return any(wanted in part.casefold() for part in fields)


class DeckEntry(msgspec.Struct, frozen=True):
    """A ready-made deck: its option name, title, a line about it, its cards and its share code.

    ``cards`` and ``card_ids`` list one entry per copy, in the same order; ``code`` is empty for
    games without deck codes.
    """

    name: str
    title: str
    cards: tuple[str, ...]
    card_ids: tuple[str, ...]
    code: str = ""
    summary: str = ""


class Step(NamedTuple):
    """What ``apply`` returns: the new state and the events it produced."""

    state: Any
    events: tuple[Event, ...]


def counted(count: int, noun: str, plural: str = "") -> str:
    """'1 creature', '2 creatures', '1 injury' (``plural`` for nouns that do not just add an s)."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def allowed_counts(counts: Sequence[int], noun: str, plural: str = "") -> str:
    """'1 player', '2 or 4 players', '2 to 6 players': the counts a rule allows, as a sentence reads them."""
    ordered = sorted(set(counts))
    if len(ordered) == 1:
        return counted(ordered[0], noun, plural)
    many = plural or noun + "s"
    if len(ordered) > 2 and ordered[-1] - ordered[0] == len(ordered) - 1:
        return f"{ordered[0]} to {ordered[-1]} {many}"
    return f"{', '.join(str(n) for n in ordered[:-1])} or {ordered[-1]} {many}"


def listed(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c': a list as a sentence reads it."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"
