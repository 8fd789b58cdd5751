"""``/cards`` end to end through SimCord: paged ephemeral catalogue, search, deck, autocomplete, refusals."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.cards import MAX_EMBED, MAX_FIELDS
from engines import registry
from tests.bot.discord.simharness import World

NEXT = "Next ▶"


async def _read_all_pages(w: World, actor: Any, first: Any) -> list[Any]:
    """Every page's embed, clicking Next from the first until it is disabled."""
    where, which = first.channel_id, first.id
    embeds = [first.embeds[0]]
    while True:
        message = w.message(where, which)
        buttons = {c.get("label"): c.get("disabled", False) for c in w.components(message)}
        if not buttons or buttons[NEXT]:
            return embeds
        await w.click(actor, message, label=NEXT)
        embeds.append(w.message(where, which).embeds[0])


def _card_fields(embeds: list[Any]) -> list[str]:
    return [f.name for e in embeds if " · Decks" not in e.title for f in e.fields]


@pytest.mark.parametrize("game", ["clashofdecks", "arclash"])
async def test_cards_pages_through_every_card_once_then_the_decks(w: World, game: str) -> None:
    alice = w.member("alice")
    shown = await w.slash(alice, "cards", game=game)
    first = shown.response
    assert first.ephemeral
    ruleset = registry.get(game)
    entries = ruleset.catalogue()
    embeds = await _read_all_pages(w, alice, first)
    assert embeds[0].footer.text == f"Page 1 of {len(embeds)} · {len(entries)} cards"
    assert embeds[-1].footer.text.startswith(f"Page {len(embeds)} of {len(embeds)}")
    assert _card_fields(embeds) == [e.name for e in entries]
    for embed in embeds:
        assert len(embed.fields) <= MAX_FIELDS and len(embed) <= MAX_EMBED
    # each page shows one group, named in its title
    for embed in embeds[:-1]:
        groups = {e.group for e in entries if e.name in {f.name for f in embed.fields}}
        assert len(groups) == 1 and embed.title.endswith(groups.pop())
    decks = embeds[-1]
    assert decks.title == f"{ruleset.title} cards · Decks"
    for deck in ruleset.decks():
        field = next(f for f in decks.fields if f.name == f"{deck.title} ({deck.name})")
        assert f"`{deck.code}`" in field.value
    assert "deck_code" in (decks.description or "")


async def test_hackclad_pages_through_every_entry_once_group_by_group(w: World) -> None:
    alice = w.member("alice")
    shown = await w.slash(alice, "cards", game="hackclad")
    entries = registry.get("hackclad").catalogue()
    embeds = await _read_all_pages(w, alice, shown.response)
    assert embeds[0].footer.text == f"Page 1 of {len(embeds)} · {len(entries)} cards"
    assert [f.name for e in embeds for f in e.fields] == [e.name for e in entries]
    shown_groups = []
    for embed in embeds:
        assert len(embed.fields) <= MAX_FIELDS and len(embed) <= MAX_EMBED
        shown_groups.append(embed.title.split(" · ", 1)[1])
    # pages follow the groups in order, and a page title names its group
    assert list(dict.fromkeys(shown_groups)) == list(dict.fromkeys(e.group for e in entries))
    at = 0
    for embed, group in zip(embeds, shown_groups, strict=True):
        for field in embed.fields:
            assert entries[at].group == group and entries[at].name == field.name
            assert entries[at].stats in field.value and entries[at].text[:40] in field.value
            at += 1


async def test_search_shows_only_matching_cards(w: World) -> None:
    alice = w.member("alice")
    shown = await w.slash(alice, "cards", game="arclash", search="gear")
    embeds = await _read_all_pages(w, alice, shown.response)
    expected = [e.name for e in registry.get("arclash").catalogue() if e.matches("gear")]
    assert _card_fields(embeds) == expected and 0 < len(expected) < 80
    assert embeds[0].footer.text.endswith(f"{len(expected)} of 80 cards")
    assert "“gear”" in embeds[0].title


async def test_a_search_that_matches_nothing_says_so(w: World) -> None:
    alice = w.member("alice")
    shown = await w.slash(alice, "cards", game="clashofdecks", search="zzzz")
    embed = shown.response.embeds[0]
    assert "No cards match" in (embed.description or "")
    assert embed.footer.text == "Page 1 of 1 · 0 of 68 cards"
    assert w.components(shown.response) == []


async def test_deck_shows_its_cards_and_code_and_pages_keep_the_filter(w: World) -> None:
    alice = w.member("alice")
    shown = await w.slash(alice, "cards", game="arclash", deck="Abyss Coil")
    embeds = await _read_all_pages(w, alice, shown.response)
    serpent = registry.get("arclash").decks()[0]
    held = [e.name for e in registry.get("arclash").catalogue() if "serpent" in e.decks]
    assert _card_fields(embeds) == held
    assert all("(deck Abyss Coil)" in e.title for e in embeds)
    assert [f.name for f in embeds[-1].fields] == [f"{serpent.title} ({serpent.name})"]
    assert serpent.code in embeds[-1].fields[0].value


async def test_in_dms_too_and_buttons_survive_a_restart(w: World) -> None:
    alice = w.member("alice")
    shown = await w.slash_dm(alice, "cards", game="clashofdecks", deck="ironclad")
    message = shown.response
    await w.restart()
    await w.click(alice, message, label=NEXT)
    again = w.message(message.channel_id, message.id)
    assert str(again.embeds[0].footer.text).startswith("Page 2 of")


async def test_autocomplete_offers_games_and_that_games_decks(w: World) -> None:
    alice = w.member("alice")
    assert {"clashofdecks", "arclash"} <= set(await w.autocomplete(alice, "cards", "game", ""))
    decks = await w.autocomplete(alice, "cards", "deck", "", game="arclash")
    assert decks == ["serpent", "ember", "tide", "clockwork"]
    assert await w.autocomplete(alice, "cards", "deck", "storm", game="clashofdecks") == ["stormwing"]
    assert await w.autocomplete(alice, "cards", "deck", "", game="chess") == []


async def test_unknown_game_deck_or_catalogue_is_a_clear_private_note(w: World) -> None:
    alice = w.member("alice")
    result = await w.slash(alice, "cards", game="chess")
    assert w.said(result) == "There is no game 'chess'."
    result = await w.slash(alice, "cards", game="clashofdecks", deck="dragons")
    assert "Clash of Decks has no deck 'dragons'; choose one of: ironclad" in w.said(result)
    assert result.ephemeral
    assert "Tiny has no card catalogue yet." in w.said(await w.slash(alice, "cards", game="tiny"))
    assert w.take_error_logs() == []
