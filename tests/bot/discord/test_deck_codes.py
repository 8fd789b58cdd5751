"""Constructed decks on Discord: each player types their own deck code (or card names) in the lobby."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.cogs.asking import parse_options
from engines.core import SetupError
from tests.bot.discord.helpers import latest_dm_with_choices, table_message
from tests.bot.discord.simharness import World

GAME = "clashofdecks"
IRONCLAD = "CD1-0102030405060708O"
TIDECALLERS = "CD1-090A0B0C0D0E0F0GO"
TIDECALLER_NAMES = "Abomination, Alpha, Combustion, Lieutenant, Microctopus, Ogre, Scribe, Shaman"


def _field(message: Any, name: str) -> str:
    return next(f.value for f in message.embeds[0].fields if f.name == name)


def _modal_inputs(shown: Any) -> dict[str, dict[str, Any]]:
    """The text inputs of a modal the bot showed, by custom_id."""
    modal = shown.modal
    payload = modal if isinstance(modal, dict) else modal.to_dict()
    found: dict[str, dict[str, Any]] = {}
    for row in payload["components"]:
        for child in row.get("components", [row.get("component")]):
            if child:
                found[child["custom_id"]] = child
    return found


async def _constructed_lobby(w: World) -> tuple[Any, Any]:
    alice, bob = w.member("alice"), w.member("bob")
    await w.slash(alice, "table new", game=GAME, mode="duel", options="format=constructed")
    await w.click(bob, w.messages()[-1], label="Join")
    return alice, bob


async def test_constructed_duel_decks_typed_in_the_lobby_modal(w: World) -> None:
    alice, bob = await _constructed_lobby(w)
    lobby = w.messages()[-1]
    labels = [c.get("label") for c in w.components(lobby)]
    assert "My deck code" in labels

    # A spectator has no seat to choose for.
    carol = w.member("carol")
    refused = await w.click(carol, lobby, label="My deck code")
    assert refused.modal is None and "Join the table first" in w.said(refused)

    # Alice pastes a code; the modal opens on her empty choice.
    shown = await w.click(alice, lobby, label="My deck code")
    inputs = _modal_inputs(shown)
    assert list(inputs) == ["deck_code"] and not inputs["deck_code"].get("value")
    saved = await w.submit_modal(alice, shown, {"deck_code": IRONCLAD})
    assert saved.ephemeral and w.said(saved) == "Saved: deck code set."
    players = _field(w.messages()[-1], "Players").splitlines()
    # The lobby shows who is ready (after their rating), never the deck itself.
    assert (
        players[0].endswith(f"<@{alice.id}> — new to the game · deck code set")
        and "deck code" not in players[1]
    )
    assert IRONCLAD not in _field(w.messages()[-1], "Players")

    # Bob types his eight cards by name.
    shown = await w.click(bob, w.messages()[-1], label="My deck code")
    await w.submit_modal(bob, shown, {"deck_code": TIDECALLER_NAMES})

    # A mistyped code is refused in the engine's words, privately; Bob keeps his list.
    shown = await w.click(bob, w.messages()[-1], label="My deck code")
    assert _modal_inputs(shown)["deck_code"].get("value") == TIDECALLER_NAMES
    bad = await w.submit_modal(bob, shown, {"deck_code": TIDECALLERS[:-1] + "X"})
    assert w.said(bad) == "Seat 2's deck: the check character does not match; the code was mistyped."
    assert bad.ephemeral
    shown = await w.click(bob, w.messages()[-1], label="My deck code")
    assert _modal_inputs(shown)["deck_code"].get("value") == TIDECALLER_NAMES
    bad = await w.submit_modal(bob, shown, {"deck_code": "Ogre, Dragon"})
    assert w.said(bad) == "Seat 2's deck: there is no card called 'Dragon'."
    info = await w.bot.services.tables.get(1)
    assert info.seats[1].options == {"deck_code": TIDECALLER_NAMES}
    assert info.seats[0].options == {"deck_code": IRONCLAD}

    await w.click(alice, w.messages()[-1], label="Start")
    message = table_message(w)
    assert message.embeds[0].title == "Clash of Decks — Duel"
    loaded = await w.bot.services.runtime.load(1, fresh=True)
    assert loaded.table.config is not None
    assert loaded.table.config["seat_options"] == [{"deck_code": IRONCLAD}, {"deck_code": TIDECALLER_NAMES}]

    # The decks are in play: a few moves by the players, each from their DMs.
    moves = 0
    for _ in range(6):
        for player in (alice, bob):
            offered = latest_dm_with_choices(w, player)
            if offered is not None:
                result = await w.choose(player, offered, w.choices(offered)[0])
                assert not result.followups, w.said(result)
                moves += 1
                break
    assert moves == 6
    assert len(await w.bot.services.tables.log(1)) == 6
    assert await w.bot.services.tables.replay_check(1)


async def test_join_takes_a_deck_code_as_an_option(w: World) -> None:
    alice, bob = w.member("alice"), w.member("bob")
    await w.slash(alice, "table new", game=GAME, mode="duel", options="format=constructed")
    joined = await w.slash(bob, "table join", options=f"deck_code={TIDECALLER_NAMES}")
    assert w.said(joined) == "You joined table #1."
    info = await w.bot.services.tables.get(1)
    assert info.seats[1].options == {"deck_code": TIDECALLER_NAMES}
    # Only the player's own choices: a table option is the host's.
    carol = w.member("carol")
    refused = await w.slash(carol, "table join", options="format=draft")
    assert "Joining takes only your own choices; format is not one" in w.said(refused)
    assert len((await w.bot.services.tables.get(1)).seats) == 2


async def test_a_refused_code_on_join_still_seats_the_player_and_says_why(w: World) -> None:
    alice, bob = w.member("alice"), w.member("bob")
    await w.slash(alice, "table new", game=GAME, mode="duel", options="format=constructed")
    joined = await w.slash(bob, "table join", options="deck_code=CD1-01")
    assert w.said(joined).startswith("You joined table #1. Your choices were not saved: Seat 2's deck:")
    info = await w.bot.services.tables.get(1)
    assert info.seats[1].user_id == bob.id and info.seats[1].options == {}


async def test_games_without_text_choices_have_no_button(w: World) -> None:
    alice = w.member("alice")
    await w.slash(alice, "table new", game="tiny")
    labels = [c.get("label") for c in w.components(w.messages()[-1])]
    assert "My deck code" not in labels and "My choices" not in labels


def test_option_pairs_split_only_where_a_new_key_starts() -> None:
    assert parse_options("format=constructed champion=true") == {"format": "constructed", "champion": "true"}
    assert parse_options("a=1,b=2") == {"a": "1", "b": "2"}
    # A list of card names keeps its commas and spaces.
    assert parse_options(f"deck_code={TIDECALLER_NAMES} deck=auto") == {
        "deck_code": TIDECALLER_NAMES,
        "deck": "auto",
    }
    assert parse_options("  ") == {}
    with pytest.raises(SetupError, match="KEY=VALUE"):
        parse_options("target")
