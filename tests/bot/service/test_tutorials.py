"""Tutorials in the service (``services.tutorials``): what the learner reads, worked out from the log."""

from __future__ import annotations

import pytest

from bot.service import Services
from bot.service.tutorials import tutorial_level
from bot.service.values import Delivery, ServiceError
from engines import registry
from engines.core import Code
from engines.core.lesson import dry_run, explained
from engines.core.tutorial import load
from tests.bot.service.helpers import ANN, BOB, CAT, tok

DM = 77


async def _tutorial(services: Services, game: str = "clashofdecks", user: int = ANN) -> Delivery:
    begun = await services.tutorials.begin(user, DM + user, game, name="Ann")
    assert not begun.resumed
    return begun.delivery


async def test_the_learner_reads_each_explanation_at_its_moment_and_a_note_after_a_weak_move(
    services: Services,
) -> None:
    ruleset = registry.get("clashofdecks")
    tutorial = load(ruleset)
    rehearsal = dry_run(ruleset, tutorial)
    delivery = await _tutorial(services)
    table_id = delivery.table.id
    assert delivery.table.options.get("rated") is False
    due_at = {
        explained(e, ruleset, "en"): n for e, n in ((e, rehearsal.shown[e.key]) for e in tutorial.explains)
    }
    told: dict[str, int] = {}
    notes = 0
    for number, key in enumerate(rehearsal.learner_keys()):
        lesson = await services.tutorials.lesson(table_id, ANN)
        assert lesson.asked
        notes += bool(lesson.note)
        for text in lesson.explains:
            assert text not in told
            told[text] = number
        # the table's opponent is the script: the same deal and moves as the rehearsal's
        delivery = await services.tables.act(table_id, ANN, tok(delivery, ANN), key)
    assert delivery.outcome is not None
    assert told == due_at
    assert notes >= 1
    finished = await services.tutorials.lesson(table_id, ANN)
    assert not finished.asked and finished.explains == ()


async def test_only_the_learner_of_a_tutorial_table_is_told(services: Services) -> None:
    delivery = await _tutorial(services)
    with pytest.raises(ServiceError) as refused:
        await services.tutorials.lesson(delivery.table.id, BOB)
    assert refused.value.code == Code.NOT_PLAYER
    ordinary = await services.tables.open_solo(BOB, DM + 1, "clashofdecks", None, "easy")
    with pytest.raises(ServiceError) as refused:
        await services.tutorials.lesson(ordinary.table.id, BOB)
    assert refused.value.code == Code.NOT_FOUND and "not a tutorial" in refused.value.message
    # a rated game typed with tutorial=on gets no explanations and no strongest-bot notes
    rated = await services.tables.open_solo(CAT, DM + 2, "climax", None, "easy", {"tutorial": "on"})
    assert rated.table.options["tutorial"] is True
    with pytest.raises(ServiceError) as refused:
        await services.tutorials.lesson(rated.table.id, CAT)
    assert refused.value.code == Code.NOT_FOUND


async def test_a_tutorial_is_dealt_from_its_deal_against_its_script_unrated_and_taken_up_again(
    services: Services,
) -> None:
    header = load(registry.get("clashofdecks")).header
    first = await _tutorial(services)
    table = first.table
    assert table.mode == header.mode and len(table.seats) == header.players
    assert table.options["rated"] is False and table.options["tutorial"] is True
    assert [s.name for s in table.seats] == ["Ann", "Tutor"]
    assert table.seats[1].bot == tutorial_level("clashofdecks")
    first = await services.tables.act(table.id, ANN, tok(first, ANN), "end")
    played = await services.tables.log(table.id)
    again = await services.tutorials.begin(ANN, DM + ANN, "clashofdecks")
    assert again.resumed and again.delivery.table.id == table.id
    # nothing dealt again, nothing lost: the same moves, the same choice waiting
    assert await services.tables.log(table.id) == played and len(played) > 1
    assert tok(again.delivery, ANN) == tok(first, ANN)
    # another learner gets a tutorial of their own
    other = await _tutorial(services, user=BOB)
    assert other.table.id != table.id


async def test_a_japanese_learner_gets_climax_in_japanese(services: Services) -> None:
    begun = await services.tutorials.begin(ANN, DM, "climax", lang="ja")
    assert begun.delivery.table.options["lang"] == "ja"
    lesson = await services.tutorials.lesson(begun.delivery.table.id, ANN)
    assert lesson.explains and lesson.explains[0].endswith("（ルール：準備）")
