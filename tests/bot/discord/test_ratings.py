"""``/leaderboard`` and the rating part of ``/stats`` through the real client: rated and casual tables."""

from __future__ import annotations

from tests.bot.discord.helpers import play_by_dm, started_table, table_message
from tests.bot.discord.simharness import World


def _reply(result: object) -> object:
    followups = result.followups  # type: ignore[attr-defined]
    return followups[-1] if followups else result.response  # type: ignore[attr-defined]


def _fields(message: object) -> dict[str, str]:
    return {f.name: f.value for f in message.embeds[0].fields}  # type: ignore[attr-defined]


async def test_a_rated_duel_moves_the_board_and_the_record_and_a_casual_one_does_not(w: World) -> None:
    alice, bob = await started_table(w)
    await play_by_dm(w, [alice, bob])
    final = await w.bot.services.tables.current(1)
    assert final.outcome is not None
    winner, loser = (alice, bob) if final.outcome.winners == (0,) else (bob, alice)
    # the final table message tells each person's rating change
    changes = _fields(table_message(w))["Rating changes"]
    assert f"<@{winner.id}> 1000 → " in changes and f"<@{loser.id}> 1000 → " in changes

    shown = await w.slash(winner, "leaderboard", game="tiny")
    board = _reply(shown).embeds[0]
    assert board.title == "Leaderboard · Tiny · this server, season 1"
    # one game each: both provisional (5 games by default), so nobody is ranked; the caller sees
    # their own line anyway
    assert board.description == "Nobody is ranked here yet."
    assert _fields(_reply(shown))["You"].startswith(f"provisional · <@{winner.id}> — **")

    shown = await w.slash(winner, "stats", game="tiny", versus=loser)
    reply = _reply(shown)
    fields = _fields(reply)
    rating = int(fields["Rating"].split("**")[1])
    assert rating > 1000 and "(provisional)" in fields["Rating"]
    assert fields["Head to head"] == "1 games together: placed better 1, worse 0"
    assert fields["Last rated games"].startswith(f"won race · 1000 → {rating} (+{rating - 1000})")
    assert [a.filename for a in reply.attachments] == ["rating.png"]
    assert 5_000 < reply.attachments[0].size < 200_000  # a real picture, light enough for Discord

    # the same two play a casual game: no rating moves
    await w.slash(alice, "table new", game="tiny", options="rated=false")
    lobby = w.messages()[-1]
    await w.click(bob, lobby, label="Join")
    await w.click(alice, w.messages()[-1], label="Start")
    await play_by_dm(w, [alice, bob])
    again = _fields(_reply(await w.slash(winner, "stats", game="tiny")))
    assert int(again["Rating"].split("**")[1]) == rating
    assert len(again["Last rated games"].splitlines()) == 1


async def test_bad_board_requests_are_one_clear_line(w: World) -> None:
    alice = w.member("alice")
    assert w.said(await w.slash(alice, "leaderboard", game="chess")).startswith("There is no game 'chess'")
    assert w.said(await w.slash(alice, "leaderboard", game="tiny", mode="blitz")).startswith(
        "Tiny has no mode 'blitz'"
    )
    assert w.said(await w.slash(alice, "leaderboard", game="tiny", page=2)) == (
        "Page 2 is past the end: this board has 1 page."
    )
    assert w.said(await w.slash(alice, "leaderboard", game="tiny", season="winter")) == (
        "This server has no season 'winter'; its seasons are: 1."
    )
    assert (
        w.said(await w.slash(alice, "stats", game="tiny"))
        == f"<@{alice.id}> has no finished games of Tiny yet."
    )


async def test_the_lobby_shows_each_joined_persons_rating_at_the_game(w: World) -> None:
    alice, bob = await started_table(w)
    await play_by_dm(w, [alice, bob])
    ratings = await w.bot.services.stats.lobby_ratings("tiny", [alice.id, bob.id])
    after = {user: shown for user, (shown, _) in ratings[0].items()}
    carol = w.member("carol")
    await w.slash(alice, "table new", game="tiny")
    lobby = w.messages()[-1]
    await w.click(bob, lobby, label="Join")
    await w.click(carol, w.messages()[-1], label="Join")
    players = _fields(w.messages()[-1])["Players"].splitlines()
    # one rated game each (provisional below 5); Carol has none
    assert f"<@{alice.id}> — {after[alice.id]} (provisional, 1 rated game)" in players[0]
    assert f"<@{bob.id}> — {after[bob.id]} (provisional, 1 rated game)" in players[1]
    assert players[2].endswith(f"<@{carol.id}> — new to the game")
    assert after[alice.id] != after[bob.id]  # the numbers are each person's own


async def _seed_board(w: World, people: list[tuple[int, int]], board: str) -> None:
    """Store ``(user id, shown rating)`` ladder rows of Tiny on ``board``, 6 games each (ranked)."""
    from bot.service.rating import ALPHA, TARGET, Z
    from bot.store import ratings_repo

    rows = []
    for user_id, shown in people:
        for mode in ("", "race"):
            rows.append(
                {
                    "board": board,
                    "game": "tiny",
                    "mode": mode,
                    "entity": f"u{user_id}",
                    "kind": "person",
                    "user_id": user_id,
                    "name": f"P{user_id}",
                    "mu": (shown - TARGET) / ALPHA + Z * 2.0,
                    "sigma": 2.0,
                    "shown": shown,
                    "games": 6,
                    "wins": 3,
                    "updated_at": 1.0,
                }
            )
    async with w.bot.services.db.begin() as connection:
        await ratings_repo.insert_ratings(connection, rows)


async def test_the_leaderboard_pages_with_prev_and_next_and_keeps_the_callers_rank_in_view(w: World) -> None:
    alice = w.member("alice")
    # 24 others rated 1900, 1900 (a tie), 1880, ... and Alice 1500: 25th, on page 3 of 3
    others = [(9000 + i, 1900 - 10 * i) for i in range(24)]
    others[1] = (9001, 1900)
    await _seed_board(w, [*others, (alice.id, 1500)], f"g{w.guild.id}:s1")
    shown = await w.slash(alice, "leaderboard", game="tiny")
    message = _reply(shown)
    where, which = message.channel_id, message.id  # type: ignore[attr-defined]
    first = message.embeds[0]  # type: ignore[attr-defined]
    assert first.description.splitlines()[:3] == [  # a tie shares its rank
        "1. <@9001> — **1900** (3/6 won)",
        "1. <@9000> — **1900** (3/6 won)",
        "3. <@9002> — **1880** (3/6 won)",
    ]
    assert first.footer.text.startswith("Page 1 of 3")
    assert _fields(message)["You"] == f"25. <@{alice.id}> — **1500** (3/6 won)"  # off the page
    labels = {c.get("label"): c.get("disabled", False) for c in w.components(message)}
    assert labels == {"◀ Prev": True, "Next ▶": False}

    await w.click(alice, message, label="Next ▶")
    message = w.message(where, which)
    second = message.embeds[0]
    assert second.description.splitlines()[0] == "11. <@9010> — **1800** (3/6 won)"
    assert second.footer.text.startswith("Page 2 of 3")
    assert _fields(message)["You"] == f"25. <@{alice.id}> — **1500** (3/6 won)"

    await w.click(alice, message, label="Next ▶")
    message = w.message(where, which)
    last = message.embeds[0]
    assert last.description.splitlines()[-1] == f"25. <@{alice.id}> — **1500** (3/6 won)"
    assert "You" not in _fields(message)  # on the page itself
    labels = {c.get("label"): c.get("disabled", False) for c in w.components(message)}
    assert labels == {"◀ Prev": False, "Next ▶": True}

    await w.click(alice, message, label="◀ Prev")
    message = w.message(where, which)
    assert message.embeds[0].footer.text.startswith("Page 2 of 3")


def test_every_leaderboard_button_id_fits_discord() -> None:
    from bot.discord.ids import leaderboard_id

    longest = leaderboard_id("g" * 32, "m" * 32, False, 10**6, True, 10**7)
    assert len(longest) <= 100


async def test_a_hidden_player_is_not_shown_by_stats_asked_outside_the_servers_they_play_in(w: World) -> None:
    alice, bob = await started_table(w)
    await play_by_dm(w, [alice, bob])
    said = w.said(await w.slash_dm(alice, "stats", privacy="hide"))
    assert said == "You are now left off the boards, and out of /stats, in servers you do not play in."
    other = w.server("Board Club", shard=0)
    elsewhere = other.create_text_channel("lounge")
    carol = other.add_member(w.env.create_user("carol"))
    alice_there = other.add_member(alice.user)  # the same person, a member of both servers
    refused = f"<@{alice.id}> shows their statistics only in the servers they play in, and this is not one."
    # another server, with a game or without, and a DM: one line, nothing of Alice's
    assert w.said(await w.slash(carol, "stats", channel=elsewhere, user=alice_there, game="tiny")) == refused
    assert w.said(await w.slash(carol, "stats", channel=elsewhere, user=alice_there)) == refused
    assert w.said(await w.slash_dm(carol, "stats", user=alice.user)) == refused
    # where she plays, and to herself anywhere, her record shows
    here = _fields(_reply(await w.slash(bob, "stats", user=alice, game="tiny")))
    assert "Rating" in here
    mine = _fields(_reply(await w.slash_dm(alice, "stats", game="tiny")))
    assert "Rating" in mine
    # shown again: Carol sees her record
    await w.slash_dm(alice, "stats", privacy="show")
    again = _fields(_reply(await w.slash(carol, "stats", channel=elsewhere, user=alice_there, game="tiny")))
    assert "Rating" in again
