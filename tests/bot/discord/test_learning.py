"""``/rules search:`` and ``/card`` through SimCord: the right page or card; one clear line for bad input."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines import registry
from engines.core.content import load_rules_pages
from render import registry as renderers
from render.core.cardsheet import WIDTH
from render.core.memo import clear_all
from tests.bot.discord.simharness import World


def _fields(message: object) -> dict[str, str]:
    embed = message.embeds[0]  # type: ignore[attr-defined]
    return {str(f.name): str(f.value) for f in embed.fields}


async def test_rules_search_opens_the_best_page_and_lists_the_others(w: World) -> None:
    alice = w.member("alice")
    pages = load_rules_pages("engines.hackclad")
    shown = await w.slash(alice, "rules", game="hackclad", search="shard")
    message = shown.response
    assert message.ephemeral
    mentions = [i for i, (title, body) in enumerate(pages) if "shard" in f"{title} {body}".lower()]
    assert len(mentions) > 1
    embed = message.embeds[0]
    # the page shown mentions the word, and it is page-numbered like any /rules page
    page = int(embed.footer.text.split()[1]) - 1
    assert page in mentions and embed.title.endswith(pages[page][0])
    listed = next(v for k, v in _fields(message).items() if "mention “shard”" in k)
    assert listed.startswith(f"▸ p. {page + 1} · ")
    assert "**shard" in listed.lower()
    # the jump menu holds every page that mentions it; picking one shows it, the menu kept
    menu = next(c for c in w.components(message) if c.get("type") == 3)
    values = [o["value"] for o in menu["options"]]
    assert sorted(int(v.split(":")[1]) for v in values) == mentions
    other = next(v for v in values if int(v.split(":")[1]) != page)
    await w.select(alice, message, menu["custom_id"], other)
    again = w.message(message.channel_id, message.id)
    target = int(other.split(":")[1])
    assert again.embeds[0].title.endswith(pages[target][0])
    assert any(c.get("type") == 3 for c in w.components(again))
    # Prev/Next still page through the rules from there
    labels = {c.get("label") for c in w.components(again) if c.get("type") == 2}
    assert labels == {"◀ Prev", "Next ▶"}


async def test_rules_search_reads_both_languages_and_opens_the_match_in_its_language(w: World) -> None:
    alice = w.member("alice")
    japanese = load_rules_pages("engines.climax", "ja")
    shown = await w.slash(alice, "rules", game="climax", search="大活躍")
    embed = shown.response.embeds[0]
    page = int(embed.footer.text.split()[1]) - 1
    assert "大活躍" in japanese[page][0] + japanese[page][1]
    assert embed.title.endswith(japanese[page][0])
    # a word in both languages: the reader's language first, the other language's pages listed too
    shown = await w.slash(alice, "rules", game="climax", search="AP")
    english = load_rules_pages("engines.climax", "en")
    embed = shown.response.embeds[0]
    assert embed.title.endswith(english[int(embed.footer.text.split()[1]) - 1][0])
    menu = next(c for c in w.components(shown.response) if c.get("type") == 3)
    assert {o["value"].split(":")[0] for o in menu["options"]} == {"en", "ja"}
    # asking for one language searches that one only
    shown = await w.slash(alice, "rules", game="climax", search="AP", language="ja")
    menu = next(c for c in w.components(shown.response) if c.get("type") == 3)
    assert {o["value"].split(":")[0] for o in menu["options"]} == {"ja"}


async def test_rules_search_refusals_are_one_line(w: World) -> None:
    alice = w.member("alice")
    nothing = await w.slash(alice, "rules", game="hackclad", search="xylophone")
    assert w.said(nothing) == "No page of HackClad's rules mentions “xylophone”."
    assert nothing.ephemeral
    empty = await w.slash(alice, "rules", game="hackclad", search="   ")
    assert w.said(empty) == "Type a word to search for."
    assert w.said(await w.slash(alice, "rules", game="chess", search="dice")) == "There is no game 'chess'."
    assert w.take_error_logs() == []


async def test_rules_search_menu_survives_a_restart(w: World) -> None:
    alice = w.member("alice")
    shown = await w.slash_dm(alice, "rules", game="hackclad", search="shard")
    message = shown.response
    menu = next(c for c in w.components(message) if c.get("type") == 3)
    last = menu["options"][-1]["value"]
    await w.restart()
    await w.select(alice, message, menu["custom_id"], last)
    pages = load_rules_pages("engines.hackclad")
    again = w.message(message.channel_id, message.id)
    assert again.embeds[0].title.endswith(pages[int(last.split(":")[1])][0])


async def test_card_shows_one_entry_whole(w: World) -> None:
    alice = w.member("alice")
    entry = next(e for e in registry.get("eternia").catalogue() if e.id == "char.he_man")
    shown = await w.slash(alice, "card", game="eternia", name="he-man")
    assert shown.ephemeral
    embed = shown.response.embeds[0]
    assert embed.title == "He-Man"
    assert embed.description == entry.text  # the whole text, line breaks kept
    fields = _fields(shown.response)
    assert fields["Numbers"] == entry.stats and fields["Kind"] == "Heroes"
    assert fields["Choose it at a table with"] == "`characters=he_man`, `ai_characters=he_man`"
    assert embed.footer.text.endswith("char.he_man")
    # beside the text, the entry drawn large: the embed's image is the attached picture
    assert [a.filename for a in shown.response.attachments] == ["card.png"]
    assert embed.image.url.endswith("card.png")
    with Image.open(io.BytesIO(await shown.response.attachments[0].read())) as picture:
        assert picture.format == "PNG" and picture.width == WIDTH
    # a card in a ready-made deck names the deck
    shown = await w.slash(alice, "card", game="climax", name="Lantern Girl")
    assert _fields(shown.response)["In the ready-made decks"] == "Festival Flames"


async def test_card_text_still_answers_when_its_picture_cannot_be_drawn(
    w: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(entry: object, lang: str) -> object:
        raise RuntimeError("no ink")

    monkeypatch.setattr(renderers.get("arclash"), "draw_card", broken)
    clear_all()
    shown = await w.slash(w.member("alice"), "card", game="arclash", name="Coilspawn Hatchling")
    assert shown.response.embeds[0].title == "Coilspawn Hatchling"
    assert shown.response.attachments == [] and not shown.response.embeds[0].image
    logged = w.take_error_logs()
    assert len(logged) == 1 and "AC-001" in str(logged[0])


async def test_card_autocomplete_offers_names_in_the_readers_language(w: World) -> None:
    alice = w.member("alice")
    offered = await w.autocomplete(alice, "card", "name", "lantern", game="climax")
    lanterns = [e.id for e in registry.get("climax").catalogue() if "Lantern" in e.name]
    assert offered == lanterns and len(lanterns) == 2
    assert len(await w.autocomplete(alice, "card", "name", "", game="eternia")) == 25
    # names twice in the catalogue are told apart by their ids as values
    twins = await w.autocomplete(alice, "card", "name", "tail whip", game="hackclad")
    assert set(twins) == {"tail_whip", "clad:tail_whip"}
    w.speaks(alice, "ja")
    offered = await w.autocomplete(alice, "card", "name", "提灯", game="climax")
    assert "Y01" in offered
    shown = await w.slash(alice, "card", game="climax", name=offered[0])
    assert shown.response.embeds[0].title == registry.get("climax").catalogue("ja")[0].name
    assert await w.autocomplete(alice, "card", "name", "x", game="chess") == []


async def test_card_refusals_are_one_line(w: World) -> None:
    alice = w.member("alice")
    unknown = await w.slash(alice, "card", game="clashofdecks", name="Dragon Emperor")
    assert w.said(unknown) == "Clash of Decks has no card called “Dragon Emperor”."
    assert unknown.ephemeral
    twins = await w.slash(alice, "card", game="hackclad", name="Tail Whip")
    assert w.said(twins) == "“Tail Whip” could be Tail Whip · Rosette's cards or Tail Whip · Clad; name one."
    assert w.said(await w.slash(alice, "card", game="chess", name="king")) == "There is no game 'chess'."
    assert w.said(await w.slash(alice, "card", game="tiny", name="x")) == "Tiny has no card catalogue yet."
    assert w.take_error_logs() == []
