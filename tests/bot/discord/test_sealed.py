"""Sealed simultaneous decisions: the table counts who is still choosing; each chooses in DMs."""

from __future__ import annotations

from engines.core import GameConfig
from engines.core.fuzz import fuzz_games
from tests.bot.discord.helpers import latest_dm_with_choices, started_table, table_message
from tests.bot.discord.simharness import World
from tests.bot.discord.variants import SEALED


def test_the_sealed_test_game_keeps_the_engine_contract() -> None:
    report = fuzz_games(SEALED, [GameConfig("race", 2), GameConfig("race", 3)], 40)
    assert report.games == 40


async def test_table_shows_how_many_are_still_choosing(w: World) -> None:
    alice, bob = await started_table(w, game="tinysealed")
    now = table_message(w).embeds[0].description
    assert "Waiting for 2 players to choose in secret" in now
    assert latest_dm_with_choices(w, alice) is not None and latest_dm_with_choices(w, bob) is not None
    assert w.choices(table_message(w)) == []  # nothing to click in public

    dm = latest_dm_with_choices(w, alice)
    picked = w.choices(dm)[0]
    await w.choose(alice, dm, picked)
    message = table_message(w)
    assert "Waiting for 1 player to choose in secret" in message.embeds[0].description
    assert f"<@{bob.id}>" in message.embeds[0].description
    happened = next(f.value for f in message.embeds[0].fields if f.name == "What just happened")
    assert "alice has chosen." in happened
    assert picked.label.split()[-1] not in happened.replace("alice", "")  # the pick stays secret
    assert latest_dm_with_choices(w, alice) is None  # Alice has sealed her choice
    # Bob was pinged once when the round began, not again when Alice sealed her choice.
    assert sum(f"<@{bob.id}>" in m.content for m in w.messages()) == 1

    dm = latest_dm_with_choices(w, bob)
    await w.choose(bob, dm, w.choices(dm)[0])
    happened = next(f.value for f in table_message(w).embeds[0].fields if f.name == "What just happened")
    assert "Revealed: alice" in happened and "bob" in happened


def test_a_sealed_decision_with_open_text_is_offered_in_the_deciders_dm() -> None:
    """A sealed prompt that is not private (the question may be read) still gets its choices privately.

    The table never shows sealed choices, so the decider's own message must carry them.
    """
    from bot.discord.views import seat_actions
    from bot.service.values import SeatUpdate
    from engines.core import Action, Prompt

    picks = (Action("a", "Pick A"), Action("b", "Pick B"))
    prompt = Prompt(0, "order", "Seal your order.", private=False, sealed=True)
    update = SeatUpdate(0, 1, None, "", (), prompt, picks, None, "token")
    assert seat_actions(update, solo=False) == picks
    public_prompt = Prompt(0, "move", "Move.", private=False, sealed=False)
    update = SeatUpdate(0, 1, None, "", (), public_prompt, picks, None, "token")
    assert seat_actions(update, solo=False) == ()  # an open decision is clicked on the table
