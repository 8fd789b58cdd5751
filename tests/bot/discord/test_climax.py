"""End to end with the climax TCG, in English and in Japanese: server duels, a DM game, settings, reading.

The people's choices are the greedy bot's (it sees only their seat, as they would), clicked where
Discord shows them: the table message for public decisions (attacks, encores, level-ups), each
player's DM for private ones (mulligan, clock, main phase, counters), a page of the select and
Prev/Next when the main phase offers more than a select holds. Every label, prompt and line the
engine writes is held to reach Discord exactly as written, in the table's language.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest

from bot.discord import ids
from bot.discord.layout import BUTTON_LABEL, OPTION_TEXT
from engines import registry
from engines.core import Action, GameConfig, Rng
from engines.core.content import load_rules_pages
from engines.core.driver import bot_for
from tests.bot.discord.helpers import latest_dm_with_choices, news, only_replay, table_message
from tests.bot.discord.simharness import Actor, Choice, World
from tests.bot.discord.test_solo import game_message

GAME = "climax"
RULESET = registry.get(GAME)
NEXT, PREV = "Next ▶", "◀ Prev"
SEED = 2026  # each table is dealt from this seed, so every run plays the same duel
KANA = re.compile(r"[\u3040-\u30ff]")


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal every table from ``SEED`` (the greedy choices make the rest of the game the same too)."""
    monkeypatch.setattr("bot.service.playing.new_seed", lambda: SEED)


@dataclass
class Seen:
    """What the players were shown along a game, for the checks at its end."""

    moves: int = 0
    pages_turned: int = 0
    most_choices: int = 0
    prompts: set[str] = field(default_factory=set)  # prompt kinds answered
    counter_dms: int = 0  # counter prompts shown in a DM (with the hand picture)
    dm_prompts: set[str] = field(default_factory=set)  # what the DMs asked, as they said it
    hand_pictures: int = 0
    public_lines: list[str] = field(default_factory=list)  # the "Now:" lines of the table message
    table_words: list[str] = field(default_factory=list)  # everything the table message said
    table_news: list[str] = field(default_factory=list)  # "What just happened" on the table message
    dm_news: dict[int, list[str]] = field(default_factory=dict)  # "What just happened" in each DM
    labels: list[str] = field(default_factory=list)


def _place(message: Any) -> tuple[int, int]:
    """(channel id, message id) of a message, however SimCord handed it over."""
    return getattr(message, "channel_id", None) or message.channel.id, message.id


def _page_button(w: World, message: Any, label: str) -> dict[str, Any] | None:
    """The enabled Prev/Next button of a long list of choices on ``message``, if any."""
    for component in w.components(message):
        custom_id = component.get("custom_id", "")
        if re.fullmatch(ids.PAGE, custom_id) and component.get("label") == label:
            return None if component.get("disabled") else component
    return None


async def _all_pages(w: World, actor: Actor, message: Any, seen: Seen) -> list[Choice]:
    """Every choice of a paged select, read page by page with Next, then back to the first page."""
    where, which = _place(message)
    found = list(w.choices(message))
    turned = 0
    while (button := _page_button(w, w.message(where, which), NEXT)) is not None:
        await w.click(actor, w.message(where, which), custom_id=button["custom_id"])
        found += w.choices(w.message(where, which))
        turned += 1
    while (button := _page_button(w, w.message(where, which), PREV)) is not None:
        await w.click(actor, w.message(where, which), custom_id=button["custom_id"])
    seen.pages_turned += turned
    return found


async def _click(
    w: World, actor: Actor, message: Any, action: Action, offered: list[Action], seen: Seen
) -> None:
    """Click ``action`` on ``message``: a button, or an option of whichever select page holds it."""
    where, which = _place(message)
    paged = _page_button(w, message, NEXT) is not None
    shown = await _all_pages(w, actor, message, seen) if paged else w.choices(message)
    # every choice reaches Discord exactly as the engine wrote it (nothing clipped or folded)
    assert {c.key: c.label for c in shown} == {a.key: a.label for a in offered}
    seen.most_choices = max(seen.most_choices, len(shown))
    seen.labels += [c.label for c in shown]
    for _ in range(len(offered)):
        message = w.message(where, which)
        here = [c for c in w.choices(message) if c.key == action.key]
        if here:
            result = await w.choose(actor, message, here[0])
            assert not result.followups, w.said(result)
            return
        button = _page_button(w, message, NEXT)
        assert button is not None, f"{action.key} is on no page"
        await w.click(actor, message, custom_id=button["custom_id"])
        seen.pages_turned += 1
    raise AssertionError(f"{action.key} was never offered")


async def play_duel(
    w: World, players: list[Actor], limit: int = 400, enough: Callable[[Seen], bool] | None = None
) -> Seen:
    """Play table 1 to its end (or until ``enough`` of it is seen); each choice is clicked where
    Discord shows it to its player."""
    tables = w.bot.services.tables
    chooser, rng, seen = bot_for(RULESET, "greedy"), Rng(3), Seen()
    for _ in range(limit):
        public = await tables.public(1)
        if public.outcome is not None or (enough is not None and enough(seen)):
            return seen
        [seat] = public.waiting_on  # climax asks one player at a time
        player = players[seat]
        mine = await tables.hand(1, player.id, seat)
        assert mine.prompt is not None
        action = chooser.choose(mine.view, mine.prompt, mine.actions, rng)
        now = table_message(w).embeds[0].description or ""
        seen.table_words.append(_words(table_message(w)))
        seen.table_news += news(w).splitlines()
        line = next(p.line for p in public.asked)
        assert line in now  # the prompt's public line, as the engine wrote it (names filled in)
        seen.public_lines.append(line)
        if mine.prompt.private:
            message = latest_dm_with_choices(w, player)
            hand = message.embeds[0]
            # the prompt's own text reaches the DM unchanged, with the player's hand as a picture
            assert (hand.description or "").startswith(f"**Your move:** {mine.prompt.text}")
            mine_news = next((f.value or "" for f in hand.fields if f.name == "What just happened"), "")
            seen.dm_news.setdefault(seat, []).extend(mine_news.splitlines())
            pictures = [a.filename for a in message.attachments]
            seen.hand_pictures += "hand.png" in pictures
            seen.counter_dms += mine.prompt.kind == "counter" and "hand.png" in pictures
            seen.dm_prompts.add(mine.prompt.text)
        else:
            message = table_message(w)
        await _click(w, player, message, action, list(mine.actions), seen)
        seen.prompts.add(mine.prompt.kind)
        seen.moves += 1
    raise AssertionError(f"the duel did not end within {limit} decisions")


async def open_duel(w: World, lang_shown: str) -> tuple[Actor, Actor]:
    """Alice opens a climax table, Bob joins, both pick a deck from the lobby menus, Alice starts."""
    alice, bob = w.member("alice"), w.member("bob")
    await w.slash(alice, "table new", game=GAME)
    lobby = w.messages()[-1]
    assert lobby.embeds[0].title == "Climax — Duel · lobby"
    options = next(f.value for f in lobby.embeds[0].fields if f.name == "Options")
    assert lang_shown in options
    await w.click(bob, lobby, label="Join")
    await w.select(alice, w.messages()[-1], "tk:c:1:deck", "festival")
    await w.select(bob, w.messages()[-1], "tk:c:1:deck", "tides")
    await w.click(alice, w.messages()[-1], label="Start")
    return alice, bob


def _disabled(w: World, message: Any, label: str) -> bool:
    """Whether the button labelled ``label`` on ``message`` is greyed out."""
    return bool(next(c for c in w.components(message) if c.get("label") == label).get("disabled"))


def _words(message: Any) -> str:
    embed = message.embeds[0]
    return "\n".join([embed.description or "", *(f"{f.name}: {f.value}" for f in embed.fields)])


# The slow set plays one whole duel by clicks (in Japanese, below); this English one is clicked
# until every kind of prompt, counters in DMs included, has been answered, and the timers then hand
# both seats to bots, which play it to its end. A Japanese solo game by clicks runs by default.
@pytest.mark.slow(seconds=20)
async def test_a_climax_duel_in_english_through_discord_by_clicks_then_bots(w: World) -> None:
    mod = w.member("mod", admin=True)
    await w.slash(mod, "config timeout", seconds=120)
    await w.slash(mod, "config timeout_action", action="bot")
    alice, bob = await open_duel(w, "`lang=en` (English)")
    message = table_message(w)
    assert message.embeds[0].title == "Climax — Duel"
    assert [a.filename for a in message.attachments] == ["board.png"]
    started = time.perf_counter()

    def enough(seen: Seen) -> bool:
        kinds = {"mulligan", "clock", "main", "attack", "counter"} <= seen.prompts
        return kinds and seen.counter_dms > 1 and seen.moves > 20

    seen = await play_duel(w, [alice, bob], enough=enough)
    elapsed = time.perf_counter() - started
    w.patient(120)  # the last timeout lets the bots play the rest at once
    for _ in range(10):
        if (await w.bot.services.tables.public(1)).outcome is not None:
            break
        await w.advance(130)

    final = table_message(w)
    assert "game over" in final.embeds[0].title and only_replay(w, final)
    assert "level 4" in (final.embeds[0].description or "")
    assert {"mulligan", "clock", "main", "attack", "counter"} <= seen.prompts
    assert seen.counter_dms > 0 and seen.hand_pictures > seen.counter_dms
    assert "Counter step: you may play 1 counter card." in seen.dm_prompts
    assert any(" is in the main phase" in line for line in seen.public_lines)
    assert not any(KANA.search(label) for label in seen.labels)
    log = await w.bot.services.tables.log(1)
    assert len(log) >= seen.moves > 20 and await w.bot.services.tables.replay_check(1)
    assert {seat for _, seat, _ in log} == {0, 1}
    print(f"climax duel (en): {seen.moves} clicks in {elapsed:.1f}s, then bots")


@pytest.mark.slow(seconds=30)  # the one Climax duel played by clicks to its end
async def test_a_whole_climax_duel_in_japanese_in_a_japanese_server(w: World) -> None:
    await w.set_server_locale("ja")
    alice, bob = await open_duel(w, "`lang=ja` (日本語)")
    seen = await play_duel(w, [alice, bob])

    final = table_message(w)
    assert "game over" in final.embeds[0].title
    assert "レベル4になった" in _words(final)  # the engine's result, in Japanese
    assert {"mulligan", "clock", "main", "attack", "counter"} <= seen.prompts
    assert seen.counter_dms > 0
    assert "助太刀ステップ：防御中に使えるカードを1枚使えます。" in seen.dm_prompts
    assert any(line.endswith("はメイン・フェイズ中") for line in seen.public_lines)
    assert any(line.endswith("は助太刀を検討中") for line in seen.public_lines)
    assert all(KANA.search(label) or label.startswith(("alice", "bob")) for label in seen.labels)
    # the main phase offered more choices than one select holds, and its pages were turned
    assert seen.most_choices > 25 and seen.pages_turned > 0
    assert all(len(label) <= BUTTON_LABEL for label in seen.labels)
    # narration arrives line by line, none cut short, every seat named
    assert seen.table_news and not any(line.endswith("…") or "{P" in line for line in seen.table_news)
    # a player's own draws are named to them alone; the table reads how many were drawn
    assert any(re.fullmatch("あなたは.+を引いた。", line) for line in seen.dm_news[0])
    assert any(re.search("^alice(はカードを[0-9]+枚引いた。)$", said, re.M) for said in seen.table_words)
    assert not any("あなたは" in words for words in seen.table_words)
    assert await w.bot.services.tables.replay_check(1)


async def test_a_climax_solo_game_in_japanese_in_dms(w: World) -> None:
    alice = w.member("alice")
    w.speaks(alice, "ja")
    assert await w.autocomplete(alice, "solo", "deck", "月夜", game=GAME) == ["moonlight"]
    result = await w.slash_dm(alice, "solo", game=GAME, deck="moonlight")
    assert "is below" in w.said(result)
    [table] = await w.bot.services.tables.tables_of(alice.id)
    assert table.solo and table.options["lang"] == "ja"
    message = game_message(w, alice)
    assert [e.title for e in message.embeds] == ["Climax — Duel", "Climax — Duel · your hand"]
    assert sorted(a.filename for a in message.attachments) == ["board.png", "hand.png"]
    chooser, rng, seen = bot_for(RULESET, "greedy"), Rng(9), Seen()
    first = message.id
    for _ in range(300):
        delivery = await w.bot.services.tables.current(table.id)
        if delivery.outcome is not None:
            break
        mine = delivery.seats[0]
        assert mine.prompt is not None
        message = game_message(w, alice)
        hand = message.embeds[1]
        assert (hand.description or "").startswith(f"**Your move:** {mine.prompt.text}")
        assert KANA.search(mine.prompt.text)
        action = chooser.choose(mine.view, mine.prompt, mine.actions, rng)
        await _click(w, alice, message, action, list(mine.actions), seen)
        seen.prompts.add(mine.prompt.kind)
    final = game_message(w, alice)
    assert final.id == first and "game over" in final.embeds[0].title
    assert "レベル4" in _words(final)
    assert {"mulligan", "main", "attack"} <= seen.prompts
    assert await w.bot.services.tables.replay_check(table.id)


async def test_config_language_changes_the_default_of_a_new_table(w: World) -> None:
    mod, alice = w.member("mod", admin=True), w.member("alice")
    shown = await w.slash(mod, "config show")
    fields = {f.name: f.value for f in shown.response.embeds[0].fields}
    assert fields["Language"] == "auto (the server's Discord language)"
    result = await w.slash(mod, "config language", language="ja")
    assert {f.name: f.value for f in result.response.embeds[0].fields}["Language"] == "日本語"
    assert (await w.bot.services.guilds.get(w.guild.id)).language == "ja"
    await w.slash(alice, "table new", game=GAME)
    lobby = w.messages()[-1]
    assert "`lang=ja` (日本語)" in _words(lobby)
    # the host's language menu shows the choice, each language by its own name
    menu = next(c for c in w.components(lobby) if c.get("custom_id") == "tk:o:1:lang")
    assert [(o["label"], o["value"], o.get("default", False)) for o in menu["options"]] == [
        ("English", "en", False),
        ("日本語", "ja", True),
    ]
    # the deck menu names each deck in the table's language
    decks = next(c for c in w.components(lobby) if c.get("custom_id") == "tk:c:1:deck")
    assert decks["options"][0]["label"] == "祭りの炎 (festival)"
    # joining with a deck: the suggestions read the decks' names in the table's language
    bob = w.member("bob")
    assert await w.autocomplete(bob, "table join", "deck", "月") == ["moonlight"]
    # a player who is not the host cannot change it; the host can, back to English
    await w.click(bob, lobby, label="Join")
    refused = await w.select(bob, w.messages()[-1], "tk:o:1:lang", "en")
    assert "Only the table's host" in w.said(refused)
    changed = await w.select(alice, w.messages()[-1], "tk:o:1:lang", "en")
    assert "now English" in w.said(changed)
    assert (await w.bot.services.tables.get(1)).options["lang"] == "en"
    assert "`lang=en` (English)" in _words(w.messages()[-1])
    await w.slash(mod, "config language", language="auto")
    assert (await w.bot.services.guilds.get(w.guild.id)).language is None


async def test_rules_climax_in_japanese_keeps_its_language_page_after_page(w: World) -> None:
    pages = load_rules_pages(f"engines.{GAME}", "ja")
    alice = w.member("alice")
    shown = await w.slash(alice, "rules", game=GAME, language="ja")
    message = shown.response
    where, which = message.channel_id, message.id
    assert message.embeds[0].title == f"Climax rules · {pages[0][0]}"
    # a hard-wrapped Japanese paragraph is joined without a space (a space would split a word)
    assert message.embeds[0].description == pages[0][1].replace("\n", "")
    assert all(re.fullmatch(ids.RULES, i) and "climax@ja:" in i for i in w.custom_ids(message))
    for number in range(2, len(pages) + 1):
        await w.click(alice, w.message(where, which), label=NEXT)
        page = w.message(where, which).embeds[0]
        assert page.title == f"Climax rules · {pages[number - 1][0]}"
    # without the argument: the reader's own Discord language, then the server's setting
    english = await w.slash(alice, "rules", game=GAME)
    assert english.response.embeds[0].title == "Climax rules · " + load_rules_pages(f"engines.{GAME}")[0][0]
    w.speaks(alice, "ja")
    assert (await w.slash(alice, "rules", game=GAME)).response.embeds[0].title.endswith(pages[0][0])


async def test_old_rules_and_cards_buttons_without_a_language_still_work(w: World) -> None:
    alice = w.member("alice")
    w.speaks(alice, "ja")
    shown = await w.slash(alice, "rules", game=GAME, language="en")
    message = shown.response
    next_page = next(c for c in w.components(message) if c.get("label") == NEXT)
    assert next_page["custom_id"] == "tk:r:climax@en:1"
    # a rules message the bot sent before languages: its buttons carry no "@lang"
    old = ids.rules_id(GAME, 1)
    assert re.fullmatch(ids.RULES, old) and "@" not in old
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=NEXT, custom_id=old))
    await w.bot.get_partial_messageable(w.channel.id).send("Climax rules", view=view)
    await w.env.settle()
    sent = w.messages()[-1]
    # an old id means the reader's default: alice's Discord speaks Japanese
    await w.click(alice, sent, custom_id=old)
    shown = w.message(*_place(sent)).embeds[0]
    assert shown.title == f"Climax rules · {load_rules_pages(f'engines.{GAME}', 'ja')[1][0]}"
    assert [c["custom_id"] for c in w.components(w.message(*_place(sent)))][1] == "tk:r:climax@ja:2"
    # the same for a /cards page button of before
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=NEXT, custom_id="tk:k:climax:1::"))
    await w.bot.get_partial_messageable(w.channel.id).send("Climax cards", view=view)
    await w.env.settle()
    sent = w.messages()[-1]
    await w.click(alice, sent, custom_id="tk:k:climax:1::")
    page = w.message(*_place(sent))
    assert page.embeds[0].footer.text.startswith("Page 2 of")
    assert page.embeds[0].fields[0].name in {e.name for e in RULESET.catalogue("ja")}
    assert "tk:k:climax@ja:2::" in w.custom_ids(page)


async def test_cards_climax_in_japanese(w: World) -> None:
    alice = w.member("alice")
    entries = RULESET.catalogue("ja")
    shown = await w.slash(alice, "cards", game=GAME, language="ja")
    first = shown.response
    where, which = first.channel_id, first.id
    embeds = [first.embeds[0]]
    assert all("climax@ja:" in i for i in w.custom_ids(first))
    while not _disabled(w, w.message(where, which), NEXT):
        await w.click(alice, w.message(where, which), label=NEXT)
        embeds.append(w.message(where, which).embeds[0])
    names = [f.name for e in embeds[:-1] for f in e.fields]
    assert names == [e.name for e in entries] and all(KANA.search(n) or "" for n in names[:3])
    assert embeds[0].title.startswith("Climax cards · キャラ")
    first_card = next(f for f in embeds[0].fields)
    assert entries[0].text[:20] in first_card.value
    decks = embeds[-1]
    assert [f.name for f in decks.fields] == [f"{d.title} ({d.name})" for d in RULESET.decks("ja")]
    # deck autocomplete names the decks in the language asked for (else the reader's)
    offered = await w.autocomplete(alice, "cards", "deck", "月", game=GAME, language="ja")
    assert offered == ["moonlight"]
    assert await w.autocomplete(alice, "cards", "deck", "moon", game=GAME) == ["moonlight"]
    # a search reads the Japanese names; the deck filter keeps the language page after page
    held = await w.slash(alice, "cards", game=GAME, deck="moonlight", language="ja")
    assert "(deck 月夜の灯籠)" in held.response.embeds[0].title
    # and English is the default for an English reader
    english = await w.slash(alice, "cards", game=GAME)
    assert english.response.embeds[0].fields[0].name == RULESET.catalogue("en")[0].name


def test_every_climax_label_fits_discord_in_both_languages() -> None:
    """Buttons hold 80 characters, select options 100, custom_ids 100: nothing is ever cut."""
    biggest = 10**18  # a snowflake-sized table id
    for lang in ("en", "ja"):
        for seed in range(6):
            state = RULESET.setup(GameConfig("duel", 2, {"lang": lang}), seed)
            rng, bot = Rng(seed), bot_for(RULESET, "random")
            while RULESET.outcome(state) is None:
                [(seat, prompt)] = RULESET.prompts(state).items()
                offered = RULESET.legal_actions(state, seat)
                for action in offered:
                    assert len(action.label) <= BUTTON_LABEL <= OPTION_TEXT, action.label
                    assert len(action.group) <= OPTION_TEXT
                    assert len(ids.action_id(biggest, "f" * 10, seat, action.key)) <= ids.MAX_ID
                assert len(prompt.text) < 1000 and len(prompt.public_line()) < 200
                state = RULESET.apply(state, seat, bot.choose(None, prompt, offered, rng)).state
