"""``/learn``: a guided first game in the DMs, through Discord, for every game that has a tutorial.

The learner's clicks are the tutorial's rehearsal (the dry run's learner moves), so the game is the
one the tutorial's checks played; each explanation must stand in the DM message, between the board
and the choices, exactly at the choice where it first applies, and nowhere else.
"""

from __future__ import annotations

from typing import Any

import pytest

from engines import registry
from engines.core.lesson import dry_run, explained
from engines.core.tutorial import has_tutorial, load
from tests.bot.discord.simharness import Actor, World
from tests.bot.discord.test_climax import Seen, _click
from tests.bot.discord.test_solo import game_message
from tests.cases import quick_first

TITLE = "Learning the game"


def _lesson_text(message: Any, title: str = TITLE) -> str:
    """The text of the DM message's tutorial embed ("" when it has none)."""
    found = [e for e in message.embeds if e.title == title]
    return (found[0].description or "") if found else ""


async def _learn_to_the_end(w: World, alice: Actor, game: str, lang: str = "en") -> dict[str, list[int]]:
    """Play the tutorial's rehearsal by clicks; return where each explanation was shown."""
    ruleset = registry.get(game)
    tutorial = load(ruleset)
    rehearsal = dry_run(ruleset, tutorial)
    texts = {explained(e, ruleset, lang): e.key for e in tutorial.explains}
    [table] = await w.bot.services.tables.tables_of(alice.id)
    shown: dict[str, list[int]] = {}
    seen = Seen()
    title = TITLE if lang == "en" else "ゲームを学ぶ"
    for number, key in enumerate(rehearsal.learner_keys()):
        delivery = await w.bot.services.tables.current(table.id)
        mine = delivery.seats[0]
        assert mine.prompt is not None and delivery.outcome is None
        message = game_message(w, alice)
        said = _lesson_text(message, title)
        if said:  # the tutorial's words stand between the board and the hand with its choices
            assert [e.title for e in message.embeds].index(title) == 1 and len(message.embeds) == 3
        for text, item in texts.items():
            if text in said:
                shown.setdefault(item, []).append(number)
        action = next(a for a in mine.actions if a.key == key)
        await _click(w, alice, message, action, list(mine.actions), seen)
    final = game_message(w, alice)
    assert "game over" in final.embeds[0].title
    assert (await w.bot.services.tables.current(table.id)).outcome is not None
    assert shown == {e.key: [rehearsal.shown[e.key]] for e in tutorial.explains}
    return shown


@pytest.mark.parametrize(
    "game", quick_first([g for g in registry.slugs() if has_tutorial(registry.get(g))], quick=0, ids=str)
)
async def test_every_tutorial_is_learnt_to_its_end_through_discord(w: World, game: str) -> None:
    alice = w.member("alice")
    result = await w.slash_dm(alice, "learn", game=game)
    assert "tutorial is below" in w.said(result)
    [table] = await w.bot.services.tables.tables_of(alice.id)
    assert table.solo and table.options["rated"] is False and table.options["tutorial"] is True
    await _learn_to_the_end(w, alice, game)
    assert await w.bot.services.stats.table_rating_changes(table.id) == {}  # never rated


async def test_learn_from_a_server_goes_to_dms_and_is_taken_up_where_it_was_left(w: World) -> None:
    alice = w.member("alice")
    result = await w.slash(alice, "learn", game="clashofdecks")
    assert result.ephemeral and "tutorial is in our direct messages" in w.said(result)
    assert w.messages() == []  # nothing about it in the server channel
    [table] = await w.bot.services.tables.tables_of(alice.id)
    message = game_message(w, alice)
    assert [e.title for e in message.embeds] == [
        "Clash of Decks — Duel",
        TITLE,
        "Clash of Decks — Duel · your hand",
    ]
    first = load(registry.get("clashofdecks")).explains[0]
    assert _lesson_text(message).startswith(first.text["en"])
    choice = next(c for c in w.choices(message) if c.key == "end")
    await w.choose(alice, message, choice)
    log = await w.bot.services.tables.log(table.id)
    again = await w.slash_dm(alice, "learn", game="clashofdecks")
    assert "where you left it" in w.said(again)
    assert [t.id for t in await w.bot.services.tables.tables_of(alice.id)] == [table.id]
    assert await w.bot.services.tables.log(table.id) == log  # nothing dealt again, nothing lost


async def test_climax_is_taught_in_japanese_to_a_japanese_speaker(w: World) -> None:
    alice = w.member("alice")
    w.speaks(alice, "ja")
    await w.slash_dm(alice, "learn", game="climax")
    [table] = await w.bot.services.tables.tables_of(alice.id)
    assert table.options["lang"] == "ja"
    message = game_message(w, alice)
    mulligan = load(registry.get("climax")).explains[0]
    assert _lesson_text(message, "ゲームを学ぶ") == f"{mulligan.text['ja']} （ルール：準備）"


async def test_learn_refuses_an_unknown_game_in_one_line(w: World) -> None:
    alice = w.member("alice")
    said = w.said(await w.slash_dm(alice, "learn", game="chess"))
    assert "no game" in said and "\n" not in said
    assert await w.bot.services.tables.tables_of(alice.id) == []
