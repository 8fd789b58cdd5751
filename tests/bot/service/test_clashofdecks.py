"""A whole Clash of Decks duel played through the service, by two people choosing in turn."""

from __future__ import annotations

import pytest

from bot.service import FINISHED, Delivery, Services
from engines import registry
from engines.core import Rng
from engines.core.driver import bot_for
from render import registry as renderers
from tests.bot.service.helpers import ANN, BOB, GUILD, tok

MAX_ACTIONS = 400


def _clash_available() -> bool:
    try:
        registry.get("clashofdecks")
        renderers.get("clashofdecks")
    except Exception:
        return False
    return True


@pytest.mark.skipif(
    not _clash_available(), reason="engines/clashofdecks or its renderer is not importable yet"
)
async def test_a_clash_of_decks_duel_plays_to_the_end_through_the_service(services: Services) -> None:
    table = await services.tables.open_table(GUILD, 31, ANN, "Ann", "clashofdecks", "duel")
    await services.tables.join(table.id, BOB, "Bob")
    delivery: Delivery = await services.tables.start(table.id, ANN)
    ruleset = registry.get("clashofdecks")
    chooser = bot_for(ruleset, "hard")  # stands in for each person, seeing only that seat's view
    rng = Rng(7)
    for _ in range(MAX_ACTIONS):
        if delivery.outcome is not None:
            break
        seat = delivery.public.waiting_on[0]
        update = next(s for s in delivery.seats if s.seat == seat)
        actions = update.actions or delivery.public.actions[seat]
        user = delivery.table.seats[seat].user_id
        assert user is not None and actions and update.prompt is not None
        choice = chooser.choose(update.view, update.prompt, actions, rng)
        delivery = await services.tables.act(table.id, user, tok(delivery, user), choice.key)
    assert delivery.outcome is not None and delivery.table.status == FINISHED
    assert delivery.public.board_png.startswith(b"\x89PNG")
    assert await services.tables.replay_check(table.id)
    assert sum(s.played for s in await services.stats.player(ANN)) == 1
