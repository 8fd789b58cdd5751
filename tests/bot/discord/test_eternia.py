"""End to end with Clash for Eternia: a versus table in a server and a solo game against the AI.

The people's choices are the greedy bot's (it sees only their seat, as they would), clicked where
Discord shows them: the Controller decides everything in its DMs, the Player Team's leader seals
the team's order in DMs, and the team's open decisions (moves, attacks, Power) are buttons and
menus on the table message. A few choices are steered so each kind of click is made at least
once: a move by destination, an attack, the automatic Power placement. Along the way every
message is held to Discord's component limits and the secrets to their owners.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.discord.layout import BUTTON_LABEL, OPTION_TEXT, OPTIONS_PER_SELECT, ROWS
from bot.service.values import SeatUpdate
from engines import registry
from engines.core import Action, Rng
from engines.core.driver import bot_for
from render.eternia.words import strategy_name
from tests.bot.discord.helpers import latest_dm_with_choices, only_replay, table_message
from tests.bot.discord.simharness import Actor, World, world
from tests.bot.discord.test_solo import game_message

GAME = "eternia"
RULESET = registry.get(GAME)
SEED = 2026  # every table is dealt from this seed, so each run plays the same game


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal every table from ``SEED`` (the greedy choices make the rest of the game the same too)."""
    monkeypatch.setattr("bot.service.playing.new_seed", lambda: SEED)


PATIENCE = 30  # s: a click that hands over to the bot seat runs its turns; the CI machine is shared


@dataclass
class Seen:
    """What the people were shown and did along a game, for the checks at its end."""

    clicks: int = 0
    kinds: set[str] = field(default_factory=set)  # prompt kinds answered by a person
    steered: set[str] = field(default_factory=set)  # "destination", "attack", "auto power"
    order_dms: dict[int, int] = field(default_factory=dict)  # seat -> Order Phase choices made in DMs
    public_choices: int = 0  # choices clicked on the table message
    hand_seen: int = 0  # times the Controller held Strategy cards while the others were checked
    messages_checked: int = 0
    rounds: set[int] = field(default_factory=set)
    windows: int = 0  # Strategy card windows the Controller was asked about


def words(message: Any) -> str:
    """Everything a message says in words: content, embed titles, descriptions and fields."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{f.name}: {f.value}" for f in embed.fields]
        parts.append(embed.footer.text or "" if embed.footer else "")
    return "\n".join(parts)


def component_words(w: World, message: Any) -> str:
    """Every label, placeholder and option of a message's components."""
    parts: list[str] = []
    for c in w.components(message):
        parts += [c.get("label") or "", c.get("placeholder") or "", c.get("custom_id") or ""]
        parts += [f"{o.get('label', '')} {o.get('description', '')}" for o in c.get("options", [])]
    return "\n".join(parts)


def check_limits(w: World, message: Any) -> None:
    """Discord's component limits: 5 rows, 5 buttons a row, 25 options, 80/100-character labels."""
    rows = message.components
    assert len(rows) <= ROWS, f"{len(rows)} rows"
    for row in rows:
        children = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [])
        assert len(children) <= 5
    for c in w.components(message):
        assert len(c.get("custom_id") or "") <= 100
        if c.get("type") == 2:  # a button
            assert len(c.get("label") or "") <= BUTTON_LABEL, c.get("label")
        options = c.get("options", [])
        assert len(options) <= OPTIONS_PER_SELECT
        for option in options:
            assert len(option["label"]) <= OPTION_TEXT, option["label"]
            assert len(option.get("description") or "") <= OPTION_TEXT
        assert len(c.get("placeholder") or "") <= 150


def steer(mine: SeatUpdate, greedy: Action, seen: Seen) -> Action:
    """The action to click: the greedy bot's, except where a kind of click is still to be made."""
    assert mine.prompt is not None
    kind, offered = mine.prompt.kind, list(mine.actions)
    if kind == "move" and "destination" not in seen.steered:
        far = [a for a in offered if a.key.startswith("to.")]
        if far:
            seen.steered.add("destination")
            return far[-1]
    if kind in ("power", "ctrl_power"):
        auto = [a for a in offered if a.key == "auto"]
        assert auto, "Power placement always offers the automatic default"
        seen.steered.add("auto power")
        return auto[0]
    if kind == "target" and greedy.key.startswith("t."):
        seen.steered.add("attack")
    return greedy


async def click_action(w: World, actor: Actor, message: Any, action: Action) -> None:
    """Click ``action`` on ``message``: a button, or an option of whichever select page holds it."""
    from tests.bot.discord.test_climax import NEXT, _page_button, _place

    where, which = _place(message)
    for _ in range(30):
        message = w.message(where, which)
        check_limits(w, message)
        here = [c for c in w.choices(message) if c.key == action.key]
        if here:
            result = await w.choose(actor, message, here[0])
            assert not result.followups, w.said(result)
            return
        button = _page_button(w, message, NEXT)
        assert button is not None, f"{action.key} ({action.label}) is on no page of {w.choices(message)}"
        await w.click(actor, message, custom_id=button["custom_id"])
    raise AssertionError(f"{action.key} was never offered")


async def check_secrets(w: World, table: int, ctrl: Actor | None, others: list[Actor], seen: Seen) -> None:
    """The Controller's Strategy hand and sealed order reach nobody but the Controller."""
    tables = w.bot.services.tables
    if ctrl is None:  # a solo game against the AI: its one message, within the limits
        check_limits(w, game_message(w, others[0]))
        return
    public = table_message(w)
    check_limits(w, public)
    shown = [words(public) + component_words(w, public)]
    shown += [words(m) + component_words(w, m) for p in others for m in w.dms(p)[-2:]]
    seen.messages_checked += len(shown)
    mine = (await tables.hand(table, ctrl.id, 0)).view
    played = {strategy_name(c) for c in mine.strategy_played}
    secret = {strategy_name(c) for c in mine.strategy_hand} - played
    seen.hand_seen += bool(secret)
    for name in secret:
        assert all(name not in text for text in shown), f"the Strategy card {name} leaked"


async def play(
    w: World, table: int, players: dict[int, Actor], ctrl: Actor | None, *, limit: int, rounds: int = 99
) -> Seen:
    """Play ``table`` until its end (or round ``rounds``), each choice clicked where its player sees it."""
    tables = w.bot.services.tables
    chooser, rng, seen = bot_for(RULESET, "greedy"), Rng(7), Seen()
    others = [p for p in players.values() if p is not ctrl]
    for _ in range(limit):
        public = await tables.public(table)
        if public.outcome is not None:
            return seen
        await check_secrets(w, table, ctrl, others, seen)
        seat = public.waiting_on[0]
        player = players[seat]
        mine = await tables.hand(table, player.id, seat)
        assert mine.prompt is not None
        seen.rounds.add(mine.view.round)
        if mine.view.round > rounds:
            return seen
        if mine.prompt.kind == "card_window":
            # a Strategy window opens on public facts alone (cards held, Battle Plan Power), and
            # the table reads only that the Controller is deciding, whatever the hand holds
            assert [p.line for p in public.asked] == [f"{player.name} (Controller) is deciding"]
            seen.windows += 1
        greedy = chooser.choose(mine.view, mine.prompt, mine.actions, rng)
        action = steer(mine, greedy, seen)
        solo = (await tables.get(table)).solo
        if solo:
            message = game_message(w, player)
        elif mine.prompt.private or mine.prompt.sealed:
            message = latest_dm_with_choices(w, player)
            assert message is not None, f"seat {seat} has no DM to make its {mine.prompt.kind} choice in"
            if mine.prompt.kind == "order":
                seen.order_dms[seat] = seen.order_dms.get(seat, 0) + 1
        else:
            message = table_message(w)
            seen.public_choices += 1
        await click_action(w, player, message, action)
        seen.kinds.add(mine.prompt.kind)
        seen.clicks += 1
    raise AssertionError(f"table {table} did not end within {limit} decisions")


async def open_versus(w: World) -> tuple[Actor, Actor, Actor]:
    """Alice (the Controller), Bob (the team's leader) and Carol join; a bot takes the fourth seat."""
    alice, bob, carol = w.member("alice"), w.member("bob"), w.member("carol")
    await w.slash(alice, "table new", game=GAME, mode="versus", options="scenario=crossroads")
    lobby = w.messages()[-1]
    assert lobby.embeds[0].title == "Masters of the Universe: Clash for Eternia — Versus · lobby"
    await w.click(bob, lobby, label="Join")
    await w.click(carol, w.messages()[-1], label="Join")
    shown = await w.click(alice, w.messages()[-1], label="Add bot")
    await w.select(alice, shown.response, "tk:b:1", "normal")
    await w.click(alice, w.messages()[-1], label="Start")
    return alice, bob, carol


async def the_order_phase_is_sealed(w: World, alice: Actor, bob: Actor, carol: Actor) -> None:
    """Round 1's Order Phase: the Controller and the team's leader seal their orders in DMs, unseen."""
    tables = w.bot.services.tables
    view = (await tables.hand(1, alice.id, 0)).view
    assert view.ctrl_seat == 0 and view.team_seats == [1, 2, 3] and view.leader == 1
    assert [a.filename for a in table_message(w).attachments] == ["board.png"]
    public = await tables.public(1)
    assert public.waiting_on == (0, 1) and all(p.sealed for p in public.asked)
    assert latest_dm_with_choices(w, carol) is None  # the team's order is the leader's to seal
    assert w.choices(table_message(w)) == []  # nothing sealed is offered in public
    before = public.board_png, words(table_message(w))
    ctrl_dm = latest_dm_with_choices(w, alice)
    leader_dm = latest_dm_with_choices(w, bob)
    assert ctrl_dm is not None and leader_dm is not None
    sealed = w.choices(ctrl_dm)[-1]
    await w.choose(alice, ctrl_dm, sealed)
    after = await tables.public(1)
    # the Controller's pick changes neither the picture nor a word anyone else reads but "sealed"
    assert after.board_png == before[0]
    assert sealed.label not in words(table_message(w)) + component_words(w, table_message(w))
    assert all(sealed.label not in words(m) + component_words(w, m) for p in (bob, carol) for m in w.dms(p))
    team = w.choices(latest_dm_with_choices(w, bob))[0]
    await w.choose(bob, latest_dm_with_choices(w, bob), team)
    # Carol is shown the order her leader sealed (the team's face-down cards); the Controller is not
    carols = (await tables.hand(1, carol.id, 2)).view.track
    alices = (await tables.hand(1, alice.id, 0)).view.track
    assert all(s.card for s in carols if s.side == "team")
    assert all(s.card in ("", "any") for s in alices if s.side == "team" and not s.flipped), alices
    assert team.label not in words(table_message(w)) + "".join(words(m) for m in w.dms(alice))
    flipped = (await tables.public(1)).board_png
    assert flipped != before[0]  # both are in: the track is dealt and the first card flips


@pytest.mark.slow(seconds=7)
async def test_a_versus_table_in_a_server_plays_round_one_by_clicks_then_bots_finish(tmp_path: Path) -> None:
    # easy (random) stand-ins finish the game fastest: this test is about the clicks, not the bots
    async with world(tmp_path, default_difficulty="easy") as w:
        await versus_round_one_then_bots(w)


async def versus_round_one_then_bots(w: World) -> None:
    """Round 1 of a versus table by clicks, then the timers hand every seat to a bot."""
    mod = w.member("mod", admin=True)
    await w.slash(mod, "config timeout", seconds=120)
    await w.slash(mod, "config timeout_action", action="bot")
    w.patient(PATIENCE)
    alice, bob, carol = await open_versus(w)
    assert [s.bot is not None for s in (await w.bot.services.tables.get(1)).seats] == [
        False,
        False,
        False,
        True,
    ]
    await the_order_phase_is_sealed(w, alice, bob, carol)
    started = time.perf_counter()
    seen = await play(w, 1, {0: alice, 1: bob, 2: carol}, alice, limit=200, rounds=1)
    elapsed = time.perf_counter() - started
    assert {"destination", "attack", "auto power"} <= seen.steered, seen.steered
    assert seen.public_choices > 0 and seen.clicks > 10
    # the people stop answering: their timers hand each seat to a bot, and the bots play it out
    w.patient(120)  # the last timeout lets the bots play the whole game out at once
    for _ in range(40):
        if (await w.bot.services.tables.public(1)).outcome is not None:
            break
        await w.advance(130)
    final = table_message(w)
    assert "game over" in final.embeds[0].title and only_replay(w, final)
    assert await w.bot.services.tables.replay_check(1)
    print(f"eternia versus: {seen.clicks} clicks in round 1 in {elapsed:.1f}s")


@pytest.mark.slow(seconds=60)  # the one versus game played by clicks to its end (about 400 clicks)
async def test_a_whole_versus_game_in_a_server_by_clicks(w: World) -> None:
    w.patient(PATIENCE)
    alice, bob, carol = await open_versus(w)
    await the_order_phase_is_sealed(w, alice, bob, carol)
    started = time.perf_counter()
    seen = await play(w, 1, {0: alice, 1: bob, 2: carol}, alice, limit=1500)
    elapsed = time.perf_counter() - started
    final = table_message(w)
    assert "game over" in final.embeds[0].title and only_replay(w, final)
    assert {"destination", "attack", "auto power"} <= seen.steered
    assert seen.order_dms.get(1) and 2 not in seen.order_dms  # only the leader seals the team's order
    assert seen.hand_seen > 0  # the Controller held Strategy cards while the others were checked
    log = await w.bot.services.tables.log(1)
    assert {seat for _, seat, _ in log} == {0, 1, 2, 3}
    assert await w.bot.services.tables.replay_check(1)
    print(f"eternia versus: {seen.clicks} clicks, {len(log)} moves in {elapsed:.1f}s")


async def open_solo(w: World) -> tuple[Actor, int]:
    """Alice starts ``/solo eternia ai`` in her DMs; returns her and the table id."""
    w.patient(PATIENCE)
    alice = w.member("alice")
    result = await w.slash_dm(alice, "solo", game=GAME, mode="ai", options="scenario=snake_mountain")
    assert "is below" in w.said(result)
    [table] = await w.bot.services.tables.tables_of(alice.id)
    assert table.solo and table.mode == "ai" and [s.bot for s in table.seats] == [None]
    message = game_message(w, alice)
    title = "Masters of the Universe: Clash for Eternia — Players vs AI"
    assert [e.title for e in message.embeds] == [title, f"{title} · your hand"]
    assert sorted(a.filename for a in message.attachments) == ["board.png", "hand.png"]
    return alice, table.id


async def test_a_solo_game_against_the_ai_controller_in_dms_to_its_end(tmp_path: Path) -> None:
    async with world(tmp_path, solo_turn_timeout_seconds=120, timeout_action="bot") as w:
        alice, table = await open_solo(w)
        first = game_message(w, alice).id
        seen = await play(w, table, {0: alice}, None, limit=150, rounds=1)
        assert {"order", "act", "move", "target"} <= seen.kinds and "destination" in seen.steered
        assert game_message(w, alice).id == first  # one message, edited move after move
        # Alice stops answering: her timer hands the seat to a bot, which plays the game out
        w.patient(120)
        for _ in range(5):
            if (await w.bot.services.tables.public(table)).outcome is not None:
                break
            await w.advance(130)
        final = game_message(w, alice)
        assert final.id == first and "game over" in final.embeds[0].title
        assert only_replay(w, final)
        assert await w.bot.services.tables.replay_check(table)


@pytest.mark.slow
async def test_a_whole_solo_game_against_the_ai_controller_in_dms(w: World) -> None:
    alice, table = await open_solo(w)
    first = game_message(w, alice).id
    started = time.perf_counter()
    seen = await play(w, table, {0: alice}, None, limit=600)
    elapsed = time.perf_counter() - started
    final = game_message(w, alice)
    assert final.id == first and "game over" in final.embeds[0].title and only_replay(w, final)
    assert {"destination", "attack"} <= seen.steered
    stats = await w.bot.services.stats.player(alice.id)
    assert [(s.game, s.played) for s in stats] == [(GAME, 1)]
    assert await w.bot.services.tables.replay_check(table)
    print(f"eternia solo ai: {seen.clicks} clicks in {elapsed:.1f}s")
