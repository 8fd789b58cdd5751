"""Failures: a refusal is a private note; a surprise is logged without secrets; nothing is lost."""

from __future__ import annotations

from bot.discord.replies import NOT_ALL_SHOWN, scrubbed_traceback
from bot.service.truth import SOMETHING_WRONG
from engines.core import ContentError
from tests.bot.discord.helpers import latest_dm_with_choices, news, started_table, table_message
from tests.bot.discord.simharness import World


async def test_an_engine_crash_is_a_private_note_and_a_scrubbed_log(w: World) -> None:
    alice, _bob = await started_table(w, game="tinybroken")
    hand = (await w.bot.services.tables.hand(1, alice.id)).view.hand
    dm = latest_dm_with_choices(w, alice)
    result = await w.choose(alice, dm, w.choices(dm)[0])
    assert result.followups[-1].ephemeral
    assert w.said(result) == SOMETHING_WRONG
    logs = w.take_error_logs()
    assert len(logs) == 1 and "KeyError" in logs[0] and "action failed" in logs[0]
    assert " ".join(hand) not in logs[0]  # the exception's message carried the hand
    assert not any(card in logs[0] for card in hand)
    assert await w.bot.services.tables.log(1) == []  # nothing was applied
    assert "alice is choosing" in table_message(w).embeds[0].description  # the table did not move on


async def test_a_refused_discord_edit_loses_nothing(w: World) -> None:
    alice, bob = await started_table(w)
    message = table_message(w)
    # Discord refuses the next edit of the table message (e.g. a permission was just removed).
    w.env.inject_error(
        "PATCH",
        f"/channels/{w.channel.id}/messages/{message.id}",
        status=403,
        code=50013,
        message="Missing Permissions",
    )
    dm = latest_dm_with_choices(w, alice)
    result = await w.choose(alice, dm, w.choices(dm)[0])
    assert w.said(result) == NOT_ALL_SHOWN
    assert len(await w.bot.services.tables.log(1)) == 1  # the move counted
    assert not news(w)  # the table message is behind...
    bob_dm = latest_dm_with_choices(w, bob)  # ...but Bob was still handed his move
    assert bob_dm is not None
    await w.choose(bob, bob_dm, w.choices(bob_dm)[0])
    assert "bob plays" in news(w)  # and the next change catches up


def test_a_broken_data_file_is_logged_with_its_file_entry_and_field() -> None:
    fault = ContentError("engines/arclash/data/cards.toml", "AC-001", "power", "Expected `int` >= 0")
    try:
        try:
            raise fault
        except ContentError as exc:
            raise KeyError(" ".join(["secret", "hand"])) from exc
    except KeyError as outer:
        logged = scrubbed_traceback(outer)
    first = logged.splitlines()[0]
    where = "engines/arclash/data/cards.toml: entry 'AC-001', field 'power'"
    assert first == f"builtins.KeyError: {where}: Expected `int` >= 0"
    assert "secret hand" not in logged  # other messages stay out of the log
    assert scrubbed_traceback(ValueError("hidden")).splitlines()[0] == "builtins.ValueError"
