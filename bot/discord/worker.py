"""``tablekeeper work``: a queue worker that applies clicks and delivers them over Discord's REST API.

Why a separate process kind: the gateway process that receives an interaction only acknowledges
it and queues the click (see :mod:`bot.work`); the expensive part (apply, bots, draw, upload) is
done here, by as many of these processes as the load needs, on any machine. A worker never opens
a gateway connection: it logs in over HTTP and edits the table message, sends and edits DMs
through the same :class:`~bot.discord.courier.Courier` the gateway uses, and answers the clicker
through the interaction's webhook (its application id and token travel with the job; Discord
accepts them for 15 minutes after the click).
"""

from __future__ import annotations

import asyncio
import logging
from functools import partial
from typing import Any

import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

from bot.discord.client import intents
from bot.discord.cogs.play_control import refresh_ephemeral, stale_answer
from bot.discord.courier import Courier
from bot.discord.logs import start_logging
from bot.discord.replies import expected, scrubbed_traceback, told
from bot.service import Services
from bot.service.playing import STALE_CLICK
from bot.service.truth import Journal
from bot.service.values import Delivery
from bot.settings import Settings
from bot.stopping import GRACE_SECONDS, StopSignal, finish
from bot.work import Click, ClickWork

log = logging.getLogger("tablekeeper.work")


class RestOutlet:
    """Shows what a queued click did, through a client that is logged in over HTTP only."""

    def __init__(self, client: discord.Client, services: Services) -> None:
        self.client = client
        self.services = services
        self.courier = Courier(client, services)

    def webhook(self, click: Click) -> discord.Webhook:
        """The interaction's webhook, exactly as ``Interaction.followup`` builds it."""
        data = {"id": click.application_id, "type": 3, "token": click.interaction_token}
        return discord.Webhook.from_state(data=data, state=self.client._connection)  # type: ignore[arg-type]

    async def edit_original(self, click: Click, **fields: Any) -> None:
        """Edit the clicked message through the interaction's own endpoint (``…/messages/@original``).

        The same request ``Interaction.edit_original_response`` makes: ``Webhook.edit_message``
        with ``"@original"`` would send the ``@`` percent-encoded in the path, not the
        documented endpoint, so the interaction call of discord.py's adapter is used instead.
        """
        hook = self.webhook(click)
        with handle_message_parameters(
            previous_allowed_mentions=self.client.allowed_mentions, **fields
        ) as params:
            await async_context.get().edit_original_interaction_response(
                click.application_id,
                click.interaction_token,
                session=hook.session,
                proxy=hook.proxy,
                proxy_auth=hook.proxy_auth,
                payload=params.payload,
                multipart=params.multipart,
                files=params.files,
            )

    async def publish(self, click: Click | None, delivery: Delivery) -> None:
        """Show the change everywhere; redraw the clicked message if only its clicker sees it."""
        await self.courier.publish(delivery, actor_id=click.user_id if click is not None else None)
        if click is not None and click.ephemeral and click.seat is not None:
            edit = partial(self.edit_original, click)
            await refresh_ephemeral(edit, self.services.tables, click.table_id, click.user_id, click.seat)

    async def tell(self, click: Click, text: str) -> None:
        """A note only the clicker sees (a followup on their interaction)."""
        answer = await stale_answer(self.services.tables, click) if text == STALE_CLICK else {"content": text}
        try:
            await self.webhook(click).send(ephemeral=True, **answer)
        except discord.HTTPException as exc:  # the token may have expired; nothing else to do
            log.warning("could not answer a queued click: %s %s", type(exc).__name__, exc.code)

    def catch_up(self, table_id: int) -> None:
        """Redraw ``table_id`` once the database answers again."""
        self.courier.catch_up(table_id)

    async def failed(self, click: Click | None, error: Exception, kept: Journal) -> None:
        """Log a surprise without its message (it may name hidden cards); tell the clicker the truth."""
        if not expected(error):
            where = f"table {click.table_id} user {click.user_id}" if click is not None else "redraw"
            log.error("queued click failed (%s): %s", where, scrubbed_traceback(error))
        if click is not None:
            await self.tell(click, told(error, kept))


async def serve(settings: Settings, grace: float = GRACE_SECONDS) -> bool:
    """Work until a stop signal (SIGTERM, SIGINT); True if a signal stopped it.

    On a signal during start-up the start is abandoned; while working, no new job is taken, the
    jobs running get ``grace`` seconds, and any still running then go back to the queue for
    another worker (see :mod:`bot.work.pgqueue`). The queue, the client and the database close.
    """
    stop = StopSignal()
    with stop.installed():
        serving = asyncio.create_task(_serve(settings, grace))
        if not await stop.race(serving):
            return False
        await finish(serving)  # procrastinate stops gracefully when its run is cancelled
    return True


async def _serve(settings: Settings, grace: float) -> None:
    """Log in over HTTP, open the database and the queue, and work until cancelled."""
    from bot.work.pgqueue import ProcrastinateQueue  # procrastinate only where a queue is used

    assert settings.discord_token is not None
    services = await Services.start(settings)
    # The gateway's intents, though a worker never opens a gateway: with none, discord.py warns
    # at start that state may break, which is not true of a client that only sends.
    client = discord.Client(intents=intents(), allowed_mentions=discord.AllowedMentions.none())
    queue = ProcrastinateQueue(settings.database_url, stalled_seconds=settings.work_stalled_seconds)
    outlet = RestOutlet(client, services)
    try:
        await client.login(settings.discord_token)  # REST only: no gateway connection, no shard
        await queue.open()
        await queue.work(
            ClickWork(services.tables, outlet),
            concurrency=settings.work_concurrency,
            install_signal_handlers=False,  # ours (bot.stopping) cover start-up too
            shutdown_graceful_timeout=grace,
        )
    finally:
        await outlet.courier.close()
        await queue.close()
        await client.close()
        await services.close()


def work(settings: Settings) -> None:
    """``tablekeeper work``: work the click queue until SIGTERM or SIGINT (needs a token and PostgreSQL)."""
    if not settings.discord_token:
        raise SystemExit("DISCORD_TOKEN is not set: a worker delivers through Discord's REST API.")
    if settings.work_queue != "procrastinate":
        raise SystemExit(
            "A worker consumes the shared click queue: set TABLEKEEPER_WORK_QUEUE=procrastinate "
            "(and a postgresql+asyncpg:// TABLEKEEPER_DATABASE_URL) for the gateways and the workers."
        )
    start_logging(settings.log_level)
    asyncio.run(serve(settings))
