"""Who sits where: seat colours in the embeds, and leaving a running game to a bot."""

from __future__ import annotations

import discord

from bot.discord.colours import nearest_square, seat_swatch
from render.core.palette import SEAT_COLOURS, seat_colour
from tests.bot.discord.helpers import (
    latest_dm_with_choices,
    open_two_player_table,
    started_table,
    table_message,
)
from tests.bot.discord.simharness import World


def field(message: discord.Message, name: str) -> str:
    return str(next(f.value for f in message.embeds[0].fields if f.name == name))


def test_each_seat_colour_has_its_nearest_square_and_a_name() -> None:
    assert [seat_swatch(seat) for seat in range(4)] == ["🟦 blue", "🟧 vermilion", "🟩 green", "🟪 pink"]
    assert nearest_square((250, 0, 0)) == "🟥" and nearest_square((250, 250, 240)) == "⬜"
    # Every seat colour of the palette gets a distinct name, even where two share a square.
    names = [seat_swatch(seat).split(" ", 1)[1] for seat in range(len(SEAT_COLOURS))]
    assert len(set(names)) == len(SEAT_COLOURS)


async def test_lobby_table_and_hand_show_each_players_colour(w: World) -> None:
    alice, bob, lobby = await open_two_player_table(w)
    players = field(lobby, "Players")
    assert f"1. 🟦 blue · <@{alice.id}>" in players and f"2. 🟧 vermilion · <@{bob.id}>" in players
    await w.click(alice, lobby, label="Start")
    seats = field(table_message(w), "Seats").splitlines()
    assert seats == [f"🟦 blue · <@{alice.id}>", f"🟧 vermilion · <@{bob.id}>"]
    # Each hand message wears its seat's exact picture colour and names it.
    for seat, player in enumerate((alice, bob)):
        hand = w.dms(player)[-1].embeds[0]
        assert hand.colour == discord.Colour.from_rgb(*seat_colour(seat))
        assert f"seat {seat + 1} ({('blue', 'vermilion')[seat]})" in str(hand.footer.text)


async def test_leaving_a_running_game_hands_the_seat_to_a_bot_and_says_so(w: World) -> None:
    alice, bob = await started_table(w)
    assert latest_dm_with_choices(w, alice) is not None
    result = await w.slash(alice, "table leave")
    said = w.said(result)
    assert "A normal bot plays your seat until the game ends" in said and "can't take the seat back" in said
    message = table_message(w)
    # the news is a line of its own in the channel: a line on the table message would be taken
    # off by the next move, hidden ones included, in an edit everyone could count
    said_in_channel = [m.content for m in w.messages()[1:]]
    assert "alice left the game; a normal bot plays their seat from now on." in said_in_channel
    assert f"🟦 blue · <@{alice.id}> — left; a bot plays on" in field(message, "Seats")
    # The bot moved for Alice, so Bob is asked; Alice's old choices are gone from her DMs.
    assert latest_dm_with_choices(w, alice) is None
    assert latest_dm_with_choices(w, bob) is not None
    assert len(await w.bot.services.tables.log(1)) == 1
    refused = await w.slash(alice, "table rejoin")
    assert "You left this game" in w.said(refused)
