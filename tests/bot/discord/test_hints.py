"""The Hint button through the real client (issue 26 item 2): beside the player's choices on
casual tables and in tutorials, never on rated tables; its answer is for the clicker alone."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.layout import ROWS
from bot.discord.views import seat_view
from bot.service.hints import NOT_ASKED, STALE_HINT
from bot.service.values import SeatUpdate, TableInfo
from engines.core import Action, Prompt
from tests.bot.discord.helpers import latest_dm_with_choices, open_two_player_table, table_message
from tests.bot.discord.simharness import Actor, World
from tests.bot.discord.test_solo import game_message

HINT_PREFIX = "tk:i:"


def _hints(w: World, message: Any) -> list[str]:
    return [c for c in w.custom_ids(message) if c.startswith(HINT_PREFIX)]


async def _casual(w: World, game: str = "tiny") -> tuple[Actor, Actor]:
    alice, bob, lobby = await open_two_player_table(w, game, options="rated=false")
    await w.click(alice, lobby, label="Start")
    return alice, bob


def _asked(w: World, players: list[Actor]) -> tuple[Actor, Any]:
    for player in players:
        message = latest_dm_with_choices(w, player)
        if message is not None:
            return player, message
    raise AssertionError("nobody is offered choices in their DMs")


async def test_a_casual_table_offers_a_hint_answered_to_the_clicker_alone(w: World) -> None:
    alice, bob = await _casual(w)
    player, message = _asked(w, [alice, bob])
    [hint_id] = _hints(w, message)
    labels = {choice.label for choice in w.choices(message)}
    in_channel = len(w.messages())
    result = await w.click(player, message, custom_id=hint_id)
    answer = result.response  # the deferred "thinking" answer, then the hint in its place
    assert answer.ephemeral and not result.followups  # for the clicker alone
    said = answer.content
    assert said.startswith("Hint: ")
    label, _, reason = said.removeprefix("Hint: ").partition(" — ")
    assert label in labels and reason
    assert len(w.messages()) == in_channel  # nothing said where others read
    # the hint is the choice the service suggests, and the game did not move
    [table] = await w.bot.services.tables.tables_of(player.id)
    hint = await w.bot.services.hints.hint(table.id, player.id)
    assert hint.label == label
    assert latest_dm_with_choices(w, player).id == message.id and w.choices(message)


@pytest.mark.parametrize("game", ["tiny", "tinypub"])  # choices in DMs; choices on the table
async def test_a_rated_table_offers_no_hint_anywhere(w: World, game: str) -> None:
    alice, bob, lobby = await open_two_player_table(w, game)
    await w.click(alice, lobby, label="Start")
    offering = [m for m in [table_message(w), *w.dms(alice), *w.dms(bob)] if w.choices(m)]
    for player in (alice, bob):
        offering.append((await w.click(player, table_message(w), label="Show my hand")).response)
    assert any(w.choices(m) for m in offering)
    assert not any(_hints(w, m) for m in offering)


async def test_public_decisions_carry_a_hint_beside_show_my_hand_for_the_asked_player(w: World) -> None:
    alice, bob = await _casual(w, "tinypub")
    message = table_message(w)
    [hint_id] = _hints(w, message)
    assert hint_id.endswith(":-")  # the clicker's own asked seat
    asked = {choice.seat for choice in w.choices(message)}
    [table] = await w.bot.services.tables.tables_of(alice.id)
    players = {table.seats[seat].user_id for seat in asked}
    player, other = (alice, bob) if alice.id in players else (bob, alice)
    answered = await w.click(player, message, custom_id=hint_id)
    assert w.said(answered).startswith("Hint: ")
    refused = await w.click(other, message, custom_id=hint_id)
    assert w.said(refused) == NOT_ASKED


async def test_a_hint_on_an_earlier_message_is_refused_in_one_line(w: World) -> None:
    alice, bob = await _casual(w)
    # Alice opens her hand ephemerally (its Hint too), then plays from her DM instead
    shown = (await w.click(alice, table_message(w), label="Show my hand")).response
    assert shown.ephemeral
    [hint_id] = _hints(w, shown)
    dm = latest_dm_with_choices(w, alice)
    await w.choose(alice, dm, w.choices(dm)[0])
    mid_round = await w.click(alice, shown, custom_id=hint_id)
    assert w.said(mid_round) == NOT_ASKED  # Bob is choosing now
    dm = latest_dm_with_choices(w, bob)
    await w.choose(bob, dm, w.choices(dm)[0])
    # Alice is asked again, but that Hint was for her earlier decision
    stale = await w.click(alice, shown, custom_id=hint_id)
    assert w.said(stale) == STALE_HINT


async def test_a_tutorial_offers_a_hint_naming_one_of_its_choices(w: World) -> None:
    alice = w.member("alice")
    await w.slash_dm(alice, "learn", game="clashofdecks")
    message = game_message(w, alice)
    [hint_id] = _hints(w, message)
    result = await w.click(alice, message, custom_id=hint_id)
    said = w.said(result)
    assert said.startswith("Hint: ")
    assert any(said.startswith(f"Hint: {choice.label} — ") for choice in w.choices(message))


def test_the_hint_keeps_within_five_rows_beside_the_page_buttons() -> None:
    table = TableInfo(1, "tiny", "race", "playing", 100, 10, options={"rated": False})
    prompt = Prompt(seat=0, kind="pick", text="Pick a card", private=True)
    for count in (3, 5, 15, 30, 60):
        actions = tuple(Action(f"k{n}", f"Card {n}") for n in range(count))
        update = SeatUpdate(0, 100, None, "", (), prompt, actions, None, "tok")
        view = seat_view(table, update)
        assert view is not None
        rows = [item.row for item in view.children]
        assert max(r for r in rows if r is not None) < ROWS
        hint = next(item for item in view.children if getattr(item, "custom_id", "").startswith(HINT_PREFIX))
        assert sum(1 for item in view.children if item.row == hint.row) <= 5
        if count > 25:  # a paged select: the hint sits with Prev/Next
            assert [i.item.label for i in view.children if i.row == hint.row][:2] == [  # type: ignore[attr-defined]
                "◀ Prev",
                "Next ▶",
            ]
    rated = TableInfo(1, "tiny", "race", "playing", 100, 10)
    update = SeatUpdate(0, 100, None, "", (), prompt, (Action("k", "Card"),), None, "tok")
    view = seat_view(rated, update)
    assert view is not None and not any(
        getattr(i, "custom_id", "").startswith(HINT_PREFIX) for i in view.children
    )
