"""The one secret filter: what the table may see, and what each seat may see, of a game.

Everything shown to anyone but a seat's owner (the table message and its buttons, ``/table
status``, pings, narration in the channel, the terminal's spectator lines) is a
:class:`~bot.service.values.PublicTable`, and :func:`public_table` builds it from three things only:
the spectator's View, the public lines of the pending prompts (:func:`public_prompts`) and the
public text of events (:func:`narration`). It never receives a state or a prompt, so no public
output can reach a secret, and since views hold no move number, neither can a hidden move's
count. Each seat's own message is a :class:`~bot.service.values.SeatUpdate` from that seat's View.

Tokens replace move numbers on buttons. A seat's token changes only with what that seat can see
or do (its view, its question and choices, and how many moves it has made itself); the table's
only with the public picture and the number of public moves. A click carrying a token that is
no longer current is stale, and a duplicate click is refused because the first one changed the
mover's own move count. Hidden moves of others therefore neither change a token nor make anyone's
buttons stale, and the table message is edited only when its ``digest`` changes.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

import msgspec

from bot.service.values import PublicPrompt, PublicTable, SeatUpdate, TableInfo
from engines.core import Action, AnyRuleset, Event, Outcome, Prompt, ViewBase, fill_names
from render.core.renderer import Renderer

_msgpack = msgspec.msgpack.Encoder()
TOKEN_LENGTH = 10


class Facts(Protocol):
    """A state's prompts, each seat's choices and tokens, each worked out once."""

    def prompts(self) -> Mapping[int, Prompt]:
        """The pending decisions, by seat."""
        ...

    def actions(self, seat: int) -> tuple[Action, ...]:
        """``seat``'s legal choices (empty when it is not asked)."""
        ...

    def token(self, seat: int, moves: int, view: ViewBase | None = None) -> str:
        """What ``seat`` is shown, as :func:`seat_token` names it."""
        ...


def fingerprint(*parts: object) -> str:
    """A SHA-256 of ``parts`` (bytes as they are, anything else by its repr), for tokens and digests."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part if isinstance(part, bytes) else repr(part).encode())
        digest.update(b"\x1f")
    return digest.hexdigest()


def public_prompts(prompts: Mapping[int, Prompt], names: Sequence[str]) -> tuple[PublicPrompt, ...]:
    """The pending decisions as the table may know them: public lines, never private text."""
    return tuple(
        PublicPrompt(seat, fill_names(prompt.public_line(), names), prompt.private, prompt.sealed)
        for seat, prompt in sorted(prompts.items())
    )


def narration(events: Iterable[Event], viewer: int | None, names: Sequence[str]) -> tuple[str, ...]:
    """The lines of ``events`` that ``viewer`` may read (``None``: the table), names filled in."""
    lines = []
    for event in events:
        text = event.text_for(viewer)
        if text:
            lines.append(fill_names(text, names))
    return tuple(lines)


def sealed_progress(asked: Sequence[PublicPrompt], players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(seats still to choose, seats that have sealed their choice), in seat order.

    While any decision is sealed, a seat no longer asked has sealed its choice. Both lists are in
    seat order, so the order in which people choose never shows in them.
    """
    waiting = tuple(sorted(p.seat for p in asked))
    if not any(p.sealed for p in asked):
        return waiting, ()
    return waiting, tuple(s for s in range(players) if s not in waiting)


def public_token(
    spectator: ViewBase,
    asked: Sequence[PublicPrompt],
    actions: Mapping[int, Sequence[Action]],
    outcome: Outcome | None,
    public_moves: int,
) -> str:
    """The name of the public picture the table's buttons are drawn on."""
    choices = [(seat, [(a.key, a.label) for a in acts]) for seat, acts in sorted(actions.items())]
    return fingerprint(b"table", _msgpack.encode(spectator), asked, choices, outcome, public_moves)[
        :TOKEN_LENGTH
    ]


def seat_token(view: ViewBase, prompt: Prompt | None, actions: Sequence[Action], moves: int) -> str:
    """The name of what a seat was shown; its choices carry it.

    For a sealed decision the view is left out: while it is open, only the seat's own moves can
    change what it may choose, so the others' hidden picks never make its buttons stale.
    """
    asked = None if prompt is None else (prompt.kind, prompt.text, prompt.sealed, prompt.private)
    seen = b"" if prompt is not None and prompt.sealed else _msgpack.encode(view)
    choices = [(a.key, a.label, a.group) for a in actions]
    return fingerprint(b"seat", view.viewer, moves, asked, choices, seen)[:TOKEN_LENGTH]


def public_table(
    table: TableInfo,
    spectator: ViewBase,
    renderer: Renderer,
    names: Sequence[str],
    *,
    asked: tuple[PublicPrompt, ...],
    actions: dict[int, tuple[Action, ...]],
    lines: tuple[str, ...],
    outcome: Outcome | None,
    public_moves: int,
    deadline_ts: float | None,
) -> PublicTable:
    """The table's picture, text, pending decisions and buttons, from public facts only."""
    if spectator.viewer is not None:
        raise ValueError("the public table is drawn from the spectator's view only")
    waiting, sealed = sealed_progress(asked, spectator.players)
    token = public_token(spectator, asked, actions, outcome, public_moves)
    if outcome is not None:  # the reason names seats as {P1}: people read names
        outcome = msgspec.structs.replace(outcome, reason=fill_names(outcome.reason, names))
    public = PublicTable(
        table=table,
        token=token,
        text=fill_names(renderer.describe(spectator), names),
        narration=lines,
        board_png=renderer.board(spectator, names),
        asked=asked,
        actions=actions,
        outcome=outcome,
        waiting_on=waiting,
        sealed_done=sealed,
        deadline_ts=deadline_ts,
    )
    return dataclasses.replace(public, digest=table_digest(public))


def table_digest(public: PublicTable) -> str:
    """A fingerprint of what the table message shows; unchanged means nothing to edit or ping.

    A change that tells the table nothing new (no news, the same picture, choices and deadline)
    leaves the message alone, so hidden moves cost no edit anyone could count.
    """
    table = public.table
    seats = [(s.seat, s.name, s.user_id, s.bot, s.has_left) for s in table.seats]
    return fingerprint(public.token, public.narration, public.deadline_ts, seats, table.status, public.text)[
        :40
    ]


def seat_view_of(
    ruleset: AnyRuleset,
    renderer: Renderer,
    state: Any,
    seat: int,
    user_id: int,
    names: Sequence[str],
    *,
    moves: int,
    events: Sequence[Event] = (),
    deadline_ts: float | None = None,
    facts: Facts | None = None,
) -> SeatUpdate:
    """What ``seat`` alone is shown: its hand picture, its view's text, its question and choices.

    ``facts``: the state's prompts, choices and tokens worked out once (see ``bot.service.facts``).
    """
    view = ruleset.view(state, seat)
    if facts is not None:
        prompt = facts.prompts().get(seat)
        actions = facts.actions(seat)
        token = facts.token(seat, moves, view)
    else:
        prompt = ruleset.prompts(state).get(seat)
        actions = tuple(ruleset.legal_actions(state, seat)) if prompt is not None else ()
        token = seat_token(view, prompt, actions, moves)
    return SeatUpdate(
        seat=seat,
        user_id=user_id,
        view=view,
        text=fill_names(renderer.describe(view), names),
        narration=narration(events, seat, names),
        prompt=prompt,
        actions=actions,
        image=renderer.hand(view, names),
        token=token,
        deadline_ts=deadline_ts,
    )
