"""``/rules`` pages with Prev/Next, and ``/stats`` per player and per server."""

from __future__ import annotations

from engines.core.content import load_rules_pages
from tests.bot.discord.helpers import play_by_dm, started_table
from tests.bot.discord.simharness import World

RULES_GAME = "hackclad"  # a registered game that ships a rules.md


async def test_rules_are_paged_with_buttons(w: World) -> None:
    pages = load_rules_pages(f"engines.{RULES_GAME}")
    alice = w.member("alice")
    shown = await w.slash(alice, "rules", game=RULES_GAME)
    message = shown.response
    assert message.ephemeral
    assert message.embeds[0].title.endswith(pages[0][0])
    assert message.embeds[0].footer.text == f"Page 1 of {len(pages)}"
    await w.click(alice, message, label="Next ▶")
    again = w.message(message.channel_id, message.id)
    assert again.embeds[0].title.endswith(pages[1][0])
    assert pages[1][1][:40] in again.embeds[0].description
    # Opening at a page, and in DMs.
    shown = await w.slash_dm(alice, "rules", game=RULES_GAME, page=len(pages))
    assert shown.response.embeds[0].footer.text == f"Page {len(pages)} of {len(pages)}"
    labels = {c.get("label"): c.get("disabled", False) for c in w.components(shown.response)}
    assert labels == {"◀ Prev": False, "Next ▶": True}


async def test_rules_for_a_game_without_a_summary(w: World) -> None:
    alice = w.member("alice")
    assert "no rules summary" in w.said(await w.slash(alice, "rules", game="tiny"))
    assert "no game" in w.said(await w.slash(alice, "rules", game="chess"))


async def test_stats_per_player_and_server(w: World) -> None:
    alice, bob = await started_table(w)
    await play_by_dm(w, [alice, bob])
    outcome = await w.bot.services.tables.current(1)
    winner = alice if outcome.outcome and outcome.outcome.winners == (0,) else bob

    shown = await w.slash(winner, "stats")
    fields = {f.name: f.value for f in shown.response.embeds[0].fields}
    assert fields[winner.name] == "**Tiny**: 1 played, 1 won (100%)"
    assert fields["This server"] == "**Tiny**: 1 games, 1 won by people"
    loser = bob if winner is alice else alice
    shown = await w.slash(winner, "stats", user=loser, game="tiny")
    fields = {f.name: f.value for f in shown.response.embeds[0].fields}
    assert fields[loser.name] == "**Tiny**: 1 played, 0 won (0%)"
    assert fields["Leaderboard"].startswith(f"1. <@{winner.id}> — 1/1 won")
    # In DMs: the player's record everywhere, no server section.
    shown = await w.slash_dm(winner, "stats")
    assert [f.name for f in shown.response.embeds[0].fields] == [winner.name]
