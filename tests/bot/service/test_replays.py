"""Replays in the service (``services.replays``): who may watch, what each viewer sees at a step,
and the record a finished game's players can export.
"""

from __future__ import annotations

import pytest

from bot.service import Services
from bot.service.replays import ago
from bot.service.values import ServiceError
from engines import registry
from engines.core import Code
from engines.core.record import RecordError, dump, load
from engines.core.timeline import build
from tests.bot.service.helpers import ANN, BOB, CAT, CHANNEL, asked, duel, lobby, play_out, tok


def _versions() -> dict[str, tuple[str, str]]:
    return {r.slug: (r.rules_version, r.content_version) for r in registry.all_rulesets()}


async def test_a_finished_game_replays_from_the_deal_to_its_result_for_a_player(services: Services) -> None:
    done = await play_out(services, await duel(services))
    table_id = done.table.id
    last = await services.replays.frame(table_id, ANN)
    log = await services.tables.log(table_id)
    assert last.over and last.outcome is not None and last.step == last.steps == len(log)
    assert last.seat == 0 and last.hand_png is not None
    assert last.may_show == (0, 1)  # the game is over and the table reveals hands by default
    first = await services.replays.frame(table_id, ANN, step=0)
    assert first.step == 0 and first.outcome is None and first.narration == () and first.mover is None
    middle = await services.replays.frame(table_id, ANN, step=2, seat=1)
    assert middle.seat == 1 and middle.mover is not None
    assert "Your hand" in middle.text  # Bob's hand, opened by Ann after the game


async def test_a_running_game_shows_a_spectator_the_public_view_only(services: Services) -> None:
    running = await duel(services)
    _seat, user, key = asked(running)
    running = await services.tables.act(running.table.id, user, tok(running, user), key)
    frame = await services.replays.frame(running.table.id, CAT, channel_id=CHANNEL)
    assert frame.seat is None and frame.hand_png is None and frame.may_show == ()
    assert not frame.over and frame.steps == 1
    assert "Your hand" not in frame.text
    with pytest.raises(ServiceError) as refused:
        await services.replays.frame(running.table.id, ANN, step=1, seat=1)
    assert refused.value.code == Code.NOT_PLAYER  # no other seat's hand while the game runs


async def test_only_the_channel_and_the_players_may_watch(services: Services) -> None:
    running = await duel(services)
    with pytest.raises(ServiceError) as refused:
        await services.replays.frame(running.table.id, CAT, channel_id=CHANNEL + 5)
    assert refused.value.code == Code.NOT_PLAYER and "channel" in refused.value.message


async def test_a_lobby_has_nothing_to_replay(services: Services) -> None:
    table = await lobby(services, (BOB, "Bob"))
    with pytest.raises(ServiceError) as refused:
        await services.replays.frame(table.id, ANN)
    assert refused.value.code == Code.NOT_STARTED


async def test_the_record_goes_to_a_finished_games_players_and_replays_to_its_result(
    services: Services,
) -> None:
    running = await duel(services)
    with pytest.raises(ServiceError):
        await services.replays.record(running.table.id, ANN)  # not over yet: the seed shows every hand
    done = await play_out(services, running)
    with pytest.raises(ServiceError):
        await services.replays.record(done.table.id, CAT)  # not a player
    record = await services.replays.record(done.table.id, BOB)
    again = load(dump(record), _versions())
    assert again == record and again.names == ("Ann", "Bob")
    timeline = build(registry.get(again.game), again.config, again.seed, again.moves)
    assert timeline.outcome == again.outcome


async def test_an_edited_record_is_refused_in_one_line(services: Services) -> None:
    done = await play_out(services, await duel(services))
    data = dump(await services.replays.record(done.table.id, ANN)).replace(b'"Bob"', b'"Rob"')
    with pytest.raises(RecordError, match="changed after it was exported"):
        load(data, _versions())


async def test_a_host_who_keeps_hands_private_keeps_them_private_after_the_game(services: Services) -> None:
    table = await lobby(services, (BOB, "Bob"))
    await services.tables.set_option(table.id, ANN, "reveal", "off")
    done = await play_out(services, await services.tables.start(table.id, ANN))
    frame = await services.replays.frame(done.table.id, ANN)
    assert frame.may_show == (0,)
    with pytest.raises(ServiceError):
        await services.replays.record(done.table.id, ANN)


def test_a_suggestion_says_how_long_ago_as_a_person_would() -> None:
    assert [ago(s) for s in (5, 60, 125, 3 * 3600 + 5, 86_400, 9 * 86_400)] == [
        "just now",
        "1 minute ago",
        "2 minutes ago",
        "3 hours ago",
        "1 day ago",
        "9 days ago",
    ]


async def test_recent_lists_a_players_games_anywhere_and_a_channels_games(services: Services) -> None:
    done = await play_out(services, await duel(services))
    assert [g.table_id for g in await services.replays.recent(ANN)] == [done.table.id]
    assert await services.replays.recent(CAT) == ()  # Cat played nothing
    here = await services.replays.recent(CAT, CHANNEL)
    assert [(g.table_id, g.status) for g in here] == [(done.table.id, "finished")]
    assert here[0].label.startswith(f"Tiny #{done.table.id} · finished ")
    assert await services.replays.last_in(CHANNEL) == done.table.id
    with pytest.raises(ServiceError) as refused:
        await services.replays.last_in(CHANNEL + 5)
    assert refused.value.message == "No game has been played in this channel yet."
