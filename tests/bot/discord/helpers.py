"""Steps many tests share: opening a table, finding the message that offers choices, playing on."""

from __future__ import annotations

from typing import Any

from tests.bot.discord.simharness import Actor, World


async def open_two_player_table(w: World, game: str = "tiny", **options: Any) -> tuple[Actor, Actor, Any]:
    """Alice opens a lobby, Bob joins with the button; returns them and the lobby message."""
    alice, bob = w.member("alice"), w.member("bob")
    await w.slash(alice, "table new", game=game, **options)
    lobby = w.messages()[-1]
    await w.click(bob, lobby, label="Join")
    return alice, bob, w.messages()[-1]


async def started_table(w: World, game: str = "tiny", **options: Any) -> tuple[Actor, Actor]:
    """A two-player game of ``game``, started by Alice."""
    alice, bob, lobby = await open_two_player_table(w, game, **options)
    await w.click(alice, lobby, label="Start")
    return alice, bob


def table_message(w: World) -> Any:
    """The table message (the first message of the channel: the lobby turned table)."""
    return w.messages()[0]


def latest_dm_with_choices(w: World, actor: Actor) -> Any:
    """The newest DM that offers choices (older ones have had their controls stripped)."""
    for message in reversed(w.dms(actor)):
        if w.choices(message):
            return message
    return None


async def play_by_dm(w: World, players: list[Actor], limit: int = 400) -> int:
    """Whoever is offered choices in their DMs takes the first; returns the moves made by the end."""
    moves = 0
    while moves < limit:
        for player in players:
            message = latest_dm_with_choices(w, player)
            if message is None:
                continue
            result = await w.choose(player, message, w.choices(message)[0])
            assert not result.followups, [f.content for f in result.followups]
            moves += 1
            break
        else:
            return moves
    raise AssertionError(f"the game did not end within {limit} moves")


def news(w: World) -> str:
    """The "What just happened" field of the table message ("" when it has none)."""
    fields = table_message(w).embeds[0].fields
    return next((f.value or "" for f in fields if f.name == "What just happened"), "")


def only_replay(w: World, message: Any) -> bool:
    """Whether a finished game's message offers nothing but its "Replay" button (no game choice)."""
    return [c.get("label") for c in w.components(message)] == ["Replay"]
