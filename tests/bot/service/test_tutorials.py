"""Tutorials in the service (``services.tutorials``): what the learner reads, worked out from the log."""

from __future__ import annotations

import pytest

from bot.service import Services
from bot.service.api import Delivery, ServiceError
from bot.service.tutorials import tutorial_level
from engines import registry
from engines.core import Code
from engines.core.lesson import dry_run, explained
from engines.core.tutorial import load
from tests.bot.service.helpers import ANN, BOB, tok

DM = 77


async def _tutorial(services: Services, game: str = "clashofdecks") -> Delivery:
    header = load(registry.get(game)).header
    level = tutorial_level(game)
    return await services.tables.open_solo(
        ANN, DM, game, header.mode, level, {"rated": False}, players=header.players, seed=header.seed
    )


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
