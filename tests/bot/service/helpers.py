"""Small helpers shared by the service tests."""

from __future__ import annotations

from types import ModuleType

from bot.service import Delivery, Services, TableInfo

GUILD = 1
CHANNEL = 10
ANN, BOB, CAT = 100, 200, 300


async def lobby(
    services: Services, *people: tuple[int, str], channel: int = CHANNEL, **kw: object
) -> TableInfo:
    """Open a tiny table hosted by Ann and seat ``people`` after her."""
    table = await services.tables.open_table(GUILD, channel, ANN, "Ann", "tiny", **kw)  # type: ignore[arg-type]
    for user_id, name in people:
        table = await services.tables.join(table.id, user_id, name)
    return table


async def duel(services: Services, channel: int = CHANNEL) -> Delivery:
    """A started two-person tiny game (Ann vs Bob)."""
    table = await lobby(services, (BOB, "Bob"), channel=channel)
    return await services.tables.start(table.id, ANN)


def asked(delivery: Delivery) -> tuple[int, int, str]:
    """(seat, user id, first legal action key) of the seat being asked now."""
    seat = delivery.public.waiting_on[0]
    user = delivery.table.seats[seat].user_id
    assert user is not None
    update = next(s for s in delivery.seats if s.seat == seat)
    return seat, user, update.actions[0].key


async def play_out(services: Services, delivery: Delivery) -> Delivery:
    """Play the first legal action for whoever is asked until the game ends."""
    while delivery.outcome is None:
        _, user, key = asked(delivery)
        delivery = await services.tables.act(delivery.table.id, user, tok(delivery, user), key)
    return delivery


def tok(delivery: Delivery, user: int, seat: int | None = None) -> str:
    """The token on ``user``'s choices in ``delivery`` (the seat asked, or ``seat``)."""
    mine = [s for s in delivery.seats if s.user_id == user and (seat is None or s.seat == seat)]
    asked_now = [s for s in mine if s.prompt is not None]
    return (asked_now or mine)[0].token if mine else "0"


async def moves(services: Services, table_id: int) -> int:
    """How many moves the table's log holds."""
    return len(await services.tables.log(table_id))


def make_tables_script() -> ModuleType:
    """The bulk maker of stored tables (``bot.bench.tables``, which ``scripts/make_tables.py`` runs)."""
    from bot.bench import tables

    return tables
