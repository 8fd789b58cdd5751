"""Bots think off the event loop (issue 25 item 2): a table whose bot is thinking never holds up
another table's click, and where the bot thinks never changes what it plays."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from bot.service import Services, drawing, hints, thinking
from bot.service.pipeline import Change
from bot.service.thinking import bot_moves, run_bot_seats
from engines import registry
from engines.core import GameConfig, RandomBot
from engines.core.driver import Match, bot_for, run_bots
from tests.bot.service.test_secret_filter import loaded_table
from tests.engines.searches import worlds_met


def _change(slug: str, mode: str, levels: dict[int, str], seed: int = 5, after: int = 10) -> Change:
    """A table ``after`` random moves into a game, its seats played by bots of ``levels``."""
    ruleset = registry.get(slug)
    match = Match(ruleset, GameConfig(mode, 2), seed)
    match.advance(RandomBot(), steps=after)
    state = match.state
    loaded = loaded_table(slug, mode, state, 2)
    loaded = dataclasses.replace(loaded, table=dataclasses.replace(loaded.table, seed=seed))
    seats = [dataclasses.replace(s, bot=levels.get(s.seat)) for s in loaded.seats]
    return Change(loaded=loaded, state=state, seats=seats)


def test_the_moves_worked_out_elsewhere_are_the_moves_bots_make_in_place() -> None:
    ruleset = registry.get("climax")
    state = ruleset.setup(GameConfig("duel", 2), 5)
    made: list[tuple[int, str]] = []
    bots = {0: bot_for(ruleset, "normal"), 1: bot_for(ruleset, "normal")}
    run_bots(ruleset, state, bots, 5, on_step=lambda seat, key, _step: made.append((seat, key)))
    assert made and bot_moves("climax", ruleset.encode(state), {0: "normal", 1: "normal"}, 5) == made


async def test_the_event_loop_keeps_serving_while_a_hard_bot_thinks() -> None:
    # The hard search bot's turn here costs about half a second of CPU (nine decisions).
    # Thinking on the event loop would leave the ticker no turn until it ended.
    change = _change("climax", "duel", {1: "hard"})
    ticks = 0
    done = asyncio.Event()

    async def ticker() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            await asyncio.sleep(0.01)

    ticking = asyncio.create_task(ticker())
    await asyncio.sleep(0)
    await run_bot_seats(change)
    done.set()
    await ticking
    assert len(change.moves) > 3 and 0 in registry.get("climax").prompts(change.state)
    assert ticks > 5


async def test_with_a_worker_pool_the_bots_think_in_a_worker_and_play_the_same() -> None:
    levels = {1: "hard"}
    here = _change("climax", "duel", levels)
    await run_bot_seats(here)
    with drawing.started(1, warm=False):
        there = _change("climax", "duel", levels)
        await run_bot_seats(there)
        thinker = drawing.side(drawing.THINKING)
        assert thinker is not None and thinker.fallbacks == 0  # the thinking worker answered
    assert [m.key for m in there.moves] == [m.key for m in here.moves] and there.moves
    assert registry.get("climax").encode(there.state) == registry.get("climax").encode(here.state)


async def test_the_thinking_cap_reaches_each_search_and_the_bots_still_play_legal_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    met = worlds_met(monkeypatch)
    capped = _change("climax", "duel", {1: "hard"})
    await run_bot_seats(capped, think_seconds=1e-9)  # no search can finish a world in that
    assert met and set(met) == {1}  # so each stopped after the one world it always weighs
    assert len(capped.moves) > 3 and 0 in registry.get("climax").prompts(capped.state)
    met.clear()
    await run_bot_seats(_change("climax", "duel", {1: "hard"}))
    assert max(met) > 1


async def test_the_services_give_the_bots_and_hints_the_setting_s_cap(
    make_services: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    given: list[float | None] = []
    work_out, hint = thinking._work_out, hints.work_out

    def moves_seen(*job: Any) -> list[tuple[int, str]]:
        given.append(job[-1])
        return work_out(*job)

    def hint_seen(*job: Any) -> hints.Hint:
        given.append(job[-1])
        return hint(*job)

    monkeypatch.setattr(thinking, "_work_out", moves_seen)
    monkeypatch.setattr(hints, "work_out", hint_seen)
    services: Services = await make_services(bot_think_seconds=0.01)
    delivery = await services.tables.open_solo(
        77, 77, "climax", "duel", difficulty="hard", options={"rated": False}, seed=3
    )
    for _ in range(2):
        own = next(s for s in delivery.seats if s.actions)
        await services.hints.hint(delivery.table.id, own.user_id)
        delivery = await services.tables.act(
            delivery.table.id, own.user_id, own.token, own.actions[-1].key, seat=own.seat
        )
    assert len(given) >= 3 and set(given) == {0.01}  # two hints and the bot's turns
