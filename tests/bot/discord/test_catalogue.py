"""Every real game is reachable from Discord: /rules pages, autocomplete, and lobby choice menus."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core.content import load_rules_pages
from tests.bot.discord.simharness import World

GAMES = ["clashofdecks", "arclash", "hackclad"]


def test_the_real_games_are_all_registered() -> None:
    assert set(GAMES) <= set(registry.slugs())


@pytest.mark.parametrize("game", GAMES)
async def test_rules_open_and_page_to_the_end_for_each_game(w: World, game: str) -> None:
    pages = load_rules_pages(f"engines.{game}")
    assert len(pages) >= 2
    alice = w.member("alice")
    shown = await w.slash(alice, "rules", game=game)
    message = shown.response
    where, which = message.channel_id, message.id
    title = registry.get(game).title
    assert message.embeds[0].title == f"{title} rules · {pages[0][0]}"
    for number in range(2, len(pages) + 1):
        await w.click(alice, message, label="Next ▶")
        message = w.message(where, which)
        assert message.embeds[0].footer.text == f"Page {number} of {len(pages)}"
        assert str(message.embeds[0].title).endswith(pages[number - 1][0])
    labels = {c.get("label"): c.get("disabled", False) for c in w.components(message)}
    assert labels == {"◀ Prev": False, "Next ▶": True}


async def test_autocomplete_offers_every_game_and_its_modes(w: World) -> None:
    alice = w.member("alice")
    offered = await w.autocomplete(alice, "table new", "game", "")
    assert set(GAMES) <= set(offered)
    # "clash" is in three games' names: Clash of Decks, Arclash, Masters of the Universe: Clash for Eternia
    assert await w.autocomplete(alice, "table new", "game", "clash") == ["clashofdecks", "arclash", "eternia"]
    assert await w.autocomplete(alice, "table new", "game", "Hack") == ["hackclad"]
    for game in GAMES:
        modes = await w.autocomplete(alice, "table new", "mode", "", game=game)
        assert modes == [m.name for m in registry.get(game).modes], game
    assert await w.autocomplete(alice, "table new", "mode", "tea", game="hackclad") == ["team"]


@pytest.mark.parametrize(
    ("game", "option", "pick"),
    [("clashofdecks", "deck", "tidecallers"), ("arclash", "deck", "ember"), ("hackclad", "witch", "luna")],
)
async def test_each_games_lobby_offers_its_per_player_choices(
    w: World, game: str, option: str, pick: str
) -> None:
    alice = w.member("alice")
    await w.slash(alice, "table new", game=game)
    lobby = w.messages()[-1]
    spec = registry.get(game).modes[0].option_spec(option)
    assert spec is not None and spec.per_seat
    select = next(c for c in w.components(lobby) if c.get("custom_id") == f"tk:c:1:{option}")
    assert [o["value"] for o in select["options"]] == list(spec.choices)
    result = await w.select(alice, lobby, f"tk:c:1:{option}", pick)
    assert f"Your {option} is now {pick}" in w.said(result)
    table = await w.bot.services.tables.get(1)
    assert table.seats[0].seat == 0
    stored = await w.bot.services.tables.rt.load(1, fresh=True)
    assert stored.seats[0].seat_options[option] == pick
