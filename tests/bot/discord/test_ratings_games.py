"""Rated games of the real games through the real client: a free-for-all, a team game, a solo game
against an automaton and an Eternia versus game each finish rated, and /leaderboard shows them.

People open and join the tables by clicks; then their turn timers run out (the server hands a
timed-out seat to a bot, which still plays it for its person) so easy bots play each game out at
once. A seat a bot finished for its person is still that person's result and rating. The solo
game (about 10 clicks) runs by default; the three games bots play out take 3.5-6 s each (slow set).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.service.rating import shown
from tests.bot.discord.helpers import table_message
from tests.bot.discord.simharness import Actor, World, world

START = shown(25.0, 25.0 / 3)
#: every game here is dealt from this seed (see the ``w`` fixture)
SEED = 2


@pytest.fixture
async def w(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[World]:
    """A simulated Discord whose bots are the quick easy ones, dealing from a fixed seed.

    The seed makes each game (and so its result) the same every run: a random deal now and then
    ended a team game in a draw, which these checks of a winning side do not describe.
    """
    monkeypatch.setattr("bot.service.playing.new_seed", lambda: SEED)
    async with world(tmp_path, default_difficulty="easy") as here:
        yield here


def _reply(result: Any) -> Any:
    return result.followups[-1] if result.followups else result.response


def _fields(message: Any) -> dict[str, str]:
    return {f.name: f.value for f in message.embeds[0].fields}


async def _rank_everyone(w: World) -> None:
    """An admin ranks players from their first rated game, and hands timed-out seats to bots."""
    mod = w.member("mod", admin=True)
    await w.slash(mod, "config leaderboard", enabled=True, provisional_games=1)
    await w.slash(mod, "config timeout", seconds=120)
    await w.slash(mod, "config timeout_action", action="bot")


async def _open(w: World, host: Actor, game: str, mode: str, guests: list[Actor], bots: int = 0) -> int:
    await w.slash(host, "table new", game=game, mode=mode)
    table_id = max(t.id for t in await w.bot.services.tables.tables_of(host.id))
    for guest in guests:
        await w.click(guest, w.messages()[-1], label="Join")
    for _ in range(bots):
        shown_ = await w.click(host, w.messages()[-1], label="Add bot")
        await w.select(host, shown_.response, f"tk:b:{table_id}", "easy")
    await w.click(host, w.messages()[-1], label="Start")
    return table_id


async def _bots_finish(w: World, table_id: int) -> Any:
    """Let every person's timer run out: bots play the game out; the final result."""
    w.patient(60)
    for _ in range(40):
        public = await w.bot.services.tables.public(table_id)
        if public.outcome is not None:
            return public.outcome
        await w.advance(130)
    raise AssertionError(f"table {table_id} did not finish")


async def _ladder(w: World, actor: Actor, game: str, **options: Any) -> list[str]:
    board = _reply(await w.slash(actor, "leaderboard", game=game, **options)).embeds[0]
    return str(board.description).splitlines()


def _line(rank: int, who: Actor, rating: int, won: int) -> str:
    return f"{rank}. <@{who.id}> — **{rating}** ({won}/1 won)"


@pytest.mark.slow  # 3.5-6 s: a whole game of bots on the loaded machine
async def test_a_free_for_all_is_rated_as_a_ranking_of_every_seat(w: World) -> None:
    await _rank_everyone(w)
    alice, bob, carol = w.member("alice"), w.member("bob"), w.member("carol")
    seated = [alice, bob, carol]
    table_id = await _open(w, alice, "clashofdecks", "ffa", [bob, carol], bots=1)  # four seats
    outcome = await _bots_finish(w, table_id)
    changes = await w.bot.services.stats.table_rating_changes(table_id)
    assert set(changes) == {a.id for a in seated}
    assert all(before == START for before, _ in changes.values())
    # places: each finishing place rates above the next (a tie rates alike)
    place = {seat: n for n, group in enumerate(outcome.ranking) for seat in group}
    after = {seat: changes[who.id][1] for seat, who in enumerate(seated)}
    for a in after:
        for b in after:
            if place[a] < place[b]:
                assert after[a] > after[b], (outcome, changes)
    lines = await _ladder(w, alice, "clashofdecks")
    by_rating = sorted(range(3), key=lambda s: (-after[s], -seated[s].id))
    assert [line.split(" <@")[1].split(">")[0] for line in lines] == [str(seated[s].id) for s in by_rating]
    final = _fields(table_message(w))["Rating changes"]
    assert all(f"<@{a.id}> {START} → {changes[a.id][1]}" in final for a in seated)
    # the bot in the fourth seat is rated too, on the bots' board, not the people's
    bots = await _ladder(w, alice, "clashofdecks", bots=True)
    assert len(bots) == 1 and bots[0].startswith("1. Easy bot — **")


@pytest.mark.slow  # 3.5-6 s: a whole game of bots on the loaded machine
async def test_a_two_against_two_game_rates_partners_as_one_team(w: World) -> None:
    await _rank_everyone(w)
    alice, bob, carol, dave = (w.member(n) for n in ("alice", "bob", "carol", "dave"))
    seated = [alice, bob, carol, dave]
    table_id = await _open(w, alice, "clashofdecks", "2v2", [bob, carol, dave])
    outcome = await _bots_finish(w, table_id)
    changes = await w.bot.services.stats.table_rating_changes(table_id)
    winners = {seated[s].id for s in outcome.winners}
    assert len(winners) == 2  # a team wins together
    won = {changes[u][1] for u in winners}
    lost = {after for u, (_, after) in changes.items() if u not in winners}
    # partners start alike and move alike: one number per team, the winners' above
    assert len(won) == len(lost) == 1 and won.pop() > START > lost.pop()
    lines = await _ladder(w, carol, "clashofdecks", mode="2v2")
    assert [line.split(".")[0] for line in lines] == ["1", "1", "3", "3"]  # teammates share a rank
    assert {line.split(" <@")[1].split(">")[0] for line in lines[:2]} == {str(u) for u in winners}


async def test_a_solo_game_rates_the_player_against_the_automaton(w: World) -> None:
    alice = w.member("alice")
    await w.slash_dm(alice, "solo", game="clashofdecks", mode="solo", deck="stormwing")
    table_id = (await w.bot.services.tables.tables_of(alice.id))[0].id
    for _ in range(400):
        message = next(m for m in reversed(w.dms(alice)) if m.attachments)
        choices = w.choices(message)
        if not choices:
            break
        await w.choose(alice, message, choices[0])
    outcome = (await w.bot.services.tables.public(table_id)).outcome
    assert outcome is not None
    before, after = (await w.bot.services.stats.table_rating_changes(table_id))[alice.id]
    assert before == START and (after > START if outcome.winners else after < START)
    # the automaton is on the bots' board everywhere, moved the other way
    [automaton] = await _ladder(w, alice, "clashofdecks", bots=True, scope="everywhere")
    rating = int(automaton.split("**")[1])
    assert automaton.startswith("1. AI kingdom (level 0) — **")
    assert (rating < START) if outcome.winners else (rating > START)


@pytest.mark.slow  # 3.5-6 s: a whole game of bots on the loaded machine
async def test_an_eternia_versus_game_rates_the_team_against_the_controller(w: World) -> None:
    await _rank_everyone(w)
    alice, bob, carol = w.member("alice"), w.member("bob"), w.member("carol")
    await w.slash(alice, "table new", game="eternia", mode="versus", options="scenario=crossroads")
    await w.click(bob, w.messages()[-1], label="Join")
    await w.click(carol, w.messages()[-1], label="Join")
    shown_ = await w.click(alice, w.messages()[-1], label="Add bot")
    await w.select(alice, shown_.response, "tk:b:1", "easy")
    await w.click(alice, w.messages()[-1], label="Start")
    outcome = await _bots_finish(w, 1)
    changes = await w.bot.services.stats.table_rating_changes(1)
    # Alice is the Controller (seat 1); Bob and Carol play on the team with a bot
    controller_won = 0 in outcome.winners
    assert (changes[alice.id][1] > START) == controller_won
    assert changes[bob.id][1] == changes[carol.id][1]  # one team, one move
    assert (changes[bob.id][1] > START) != controller_won
    lines = await _ladder(w, bob, "eternia")
    firsts = {alice.id} if controller_won else {bob.id, carol.id}
    top = lines[: len(firsts)]
    assert {line.split(" <@")[1].split(">")[0] for line in top} == {str(u) for u in firsts}
    assert all(line.startswith("1. ") for line in top)  # partners level share the first place
