"""The one module that knows SimCord: a simulated Discord around the real Tablekeeper bot.

Tests speak only to :class:`World` (arrange a server, act as people, read what they see), so
replacing SimCord means rewriting this file alone. The bot under test is the real
:class:`bot.discord.client.TablekeeperBot` on a real SQLite database; only Discord is simulated.

SimCord is pinned to 3.2.1 (pyproject's test extra); the check below fails loudly if another
version is installed, because its settling and component rules are what these tests rely on.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import simcord
import simcord.interactions as _interactions
from aiohttp import web
from simcord._dpy_internals import install_http
from simcord.backend import serializers
from simcord.backend.errors import BackendError, SetupError
from simcord.http import router
from simcord.http.client import FakeHTTPClient
from simcord.results import to_discord_message

from bot.discord import ids
from bot.discord.client import TablekeeperBot
from bot.settings import Settings
from tests.bot.migrated import migrated_sqlite

SIMCORD_VERSION = "3.2.1"
if simcord.__version__ != SIMCORD_VERSION:  # pragma: no cover - environment guard
    raise RuntimeError(f"tests need simcord=={SIMCORD_VERSION}, found {simcord.__version__}")

Actor = Any  # a SimCord member (in a server) or user (in DMs)
DM_CLOSED = 50007
# interaction callback types: an immediate message, deferred message, deferred update, modal
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, MODAL = 4, 5, 6, 9


@dataclass(frozen=True)
class Choice:
    """One game choice offered on a message: a button, or an option of an action select."""

    key: str
    label: str
    custom_id: str
    table: int
    token: str
    seat: int
    select: bool


class ErrorLog(logging.Handler):
    """Collects ERROR records from Tablekeeper's loggers so no failure passes unnoticed."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class World:
    """A simulated Discord with one server, one table channel and the Tablekeeper bot."""

    def __init__(self, env: simcord.Env, settings: Settings, errors: ErrorLog, shards: int = 1) -> None:
        self.env = env
        self.settings = settings
        self.shards = shards
        self._errors = errors
        self.guild = env.create_guild("Game Night", shard_id=0 if shards > 1 else None)
        self.channel = self.guild.create_text_channel("tables")
        self._admin_role: Any = None
        #: each person's Discord client language, by user id (everyone else: en-US)
        self.locales: dict[int, str] = {}
        #: the logged requests that came over :meth:`rest_api` from another process, by id()
        self._remote: set[int] = set()

    # ------------------------------------------------------------------ arranging
    @property
    def bot(self) -> TablekeeperBot:
        """The bot currently attached (changes after :meth:`restart`)."""
        bot: TablekeeperBot = self.env.bot  # type: ignore[assignment]
        return bot

    def member(self, name: str, *, admin: bool = False) -> Actor:
        """A person in the server (with Manage Server if ``admin``)."""
        roles = []
        if admin:
            if self._admin_role is None:
                self._admin_role = self.guild.create_role(
                    "Admins", permissions=discord.Permissions(manage_guild=True)
                )
            roles.append(self._admin_role)
        return self.guild.add_member(self.env.create_user(name), roles=roles)

    def text_channel(self, name: str) -> Any:
        """Another channel in the server."""
        return self.guild.create_text_channel(name)

    def server(self, name: str, shard: int) -> Any:
        """Another server, one Discord gives to ``shard`` (its id says so: ``(id >> 22) % shards``)."""
        return self.env.create_guild(name, shard_id=shard)

    async def bot_joins(self, name: str, *, welcome: bool = True, writable: bool = True) -> Any:
        """A server that adds the bot now; with ``welcome`` it has a system channel, which the bot
        may write in if ``writable`` (else @everyone is denied Send Messages there).

        SimCord announces a server the moment it is created, before it has channels (and as one
        coming back from an outage); so the server is made and set up, then the bot is removed
        from it (GUILD_DELETE) and added again as Discord adds a bot to a server.
        """
        guild = self.env.create_guild(name)
        await self.env.settle()
        if welcome:
            deny = {guild.default_role: discord.PermissionOverwrite(send_messages=False)}
            channel = guild.create_text_channel("welcome", overwrites=None if writable else deny)
            self.env.backend.edit_guild(guild.id, {"system_channel_id": channel.id})
        backend = self.env.backend
        backend.emit("GUILD_DELETE", {"id": str(guild.id)})
        payload = dict(serializers.guild_create_payload(backend, backend.get_guild(guild.id)))
        # Discord marks ``unavailable: false`` only on a server coming back from an outage (discord.py
        # then says guild_available); a server that adds the bot comes without it (guild_join)
        payload.pop("unavailable", None)
        backend.emit("GUILD_CREATE", payload)
        await self.env.settle()
        return guild

    async def rest_client(self) -> discord.Client:
        """A client logged in over REST only, on this simulated Discord, as a worker process has.

        It opens no gateway connection (SimCord sees no second bot): its requests, including
        interaction webhooks, go to the same simulated Discord the bot talks to.
        """
        quiet = discord.AllowedMentions.none()
        client = discord.Client(intents=discord.Intents.none(), allowed_mentions=quiet)
        install_http(client, FakeHTTPClient(self.env.backend, asyncio.get_running_loop()))
        await client.login("simcord.fake.token")
        return client

    @asynccontextmanager
    async def rest_api(self) -> AsyncIterator[str]:
        """This simulated Discord's REST API served over HTTP at a local address (its base URL).

        For bots in other processes (a ``tablekeeper work`` process pointed here): each request
        goes to the same routes the in-process client uses, interaction webhooks included.
        """

        async def handle(request: web.Request) -> web.StreamResponse:
            body: Any = None
            files: list[discord.File] = []
            if request.content_type.startswith("multipart/"):
                form: list[dict[str, Any]] = []
                async for part in await request.multipart():
                    data = await part.read()  # type: ignore[union-attr]
                    if part.filename:
                        files.append(discord.File(io.BytesIO(data), filename=part.filename))
                    else:
                        form.append({"name": part.name, "value": data.decode()})
                body, files = router.parse_form(form, files)
            elif request.can_read_body:
                raw = await request.read()
                body = json.loads(raw) if raw else None
            mark = len(self.env.http_requests)
            try:
                result = router.dispatch(
                    self.env.backend,
                    request.method,
                    request.path.removeprefix("/api/v10"),
                    json=body,
                    params=dict(request.query),
                    files=files,
                    reason=request.headers.get("X-Audit-Log-Reason"),
                )
            except BackendError as error:
                return answer(error.to_json(), error.status)
            except (router.RouteNotImplemented, router.UnsupportedField) as error:
                return answer({"code": 0, "message": str(error)}, 501)
            finally:  # dispatch is synchronous: what it logged is this request alone
                self._remote.update(id(entry) for entry in self.env.http_requests[mark:])
            if result is None:
                return web.Response(status=204)
            return answer(result, 200)

        def answer(value: Any, status: int) -> web.Response:
            # discord.py decodes a body as JSON only when the content type is exactly this
            body = json.dumps(value, default=str).encode()
            return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})

        app = web.Application(client_max_size=64 << 20)
        app.router.add_route("*", "/{tail:.*}", handle)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        try:
            yield f"http://127.0.0.1:{port}/api/v10"
        finally:
            await runner.cleanup()

    @contextmanager
    def outside_the_bot(self) -> Iterator[None]:
        """Tasks created inside run outside the bot (a worker's), still talking to this Discord."""
        with self.env.time_context():
            yield

    def allow_command(self, name: str, member: Actor) -> None:
        """A server override letting ``member`` see the command ``name`` whatever its default permission."""
        command = self.env.backend.find_command(name, self.guild.id)
        assert command is not None, f"no command /{name}"
        self.guild.set_command_permissions(int(command["id"]), {member: True})

    def can_see(self, actor: Actor, command: str, channel: Any = None) -> bool:
        """Whether Discord offers ``command`` (e.g. "config show") to ``actor`` in a channel."""
        return command in actor.available_commands(channel or self.channel)

    def speaks(self, actor: Actor, locale: str) -> None:
        """From now on ``actor``'s Discord client runs in ``locale`` (e.g. "ja"), as interactions say."""
        self.locales[self.user(actor).id] = locale

    async def set_server_locale(self, locale: str) -> None:
        """The server's own language (Server Settings → Community), as an admin would change it."""
        self.env.backend.edit_guild(self.guild.id, {"preferred_locale": locale})
        await self.env.settle()

    def close_dms(self, member: Actor) -> None:
        """From now on the bot cannot DM ``member`` (Discord answers 403 / 50007)."""
        self.env.inject_error(
            "POST",
            f"/channels/{member.user.dm_channel.id}/messages",
            status=403,
            code=DM_CLOSED,
            message="Cannot send messages to this user",
            times=None,
        )

    async def restart(self) -> None:
        """Stop the bot and start a brand-new one on the same database (and the same Discord)."""
        old = self.env.bot
        await self.env.restart_bot(make_bot(self.settings, self.shards))
        await release(old)

    def patient(self, seconds: float) -> None:
        """Give the bot up to ``seconds`` of wall-clock time to settle after each step.

        SimCord calls a step stuck after 5 s; bots playing a long game out in one go (every
        seat timed out) legitimately take longer on a loaded machine.
        """
        self.env.settle_timeout = seconds

    async def advance(self, seconds: float) -> None:
        """Let simulated time pass (the bot's timer loop runs as it would)."""
        await self.env.advance_time(seconds)

    # ------------------------------------------------------------------ acting
    async def slash(self, actor: Actor, name: str, /, channel: Any = None, **options: Any) -> Any:
        """Run a slash command in a server channel (the table channel by default)."""
        mark = len(self.env.http_requests)
        return self._acknowledged_first(mark, await actor.slash(channel or self.channel, name, **options))

    async def slash_dm(self, actor: Actor, name: str, /, **options: Any) -> Any:
        """Run a slash command in the actor's DM with the bot."""
        mark = len(self.env.http_requests)
        return self._acknowledged_first(mark, await self.user(actor).slash(name, **options))

    def _acknowledged_first(self, mark: int, result: Any) -> Any:
        """Check the bot's first REST call for the interaction was its acknowledgement.

        Discord drops an interaction not answered within 3 seconds; the bot defers (or opens a
        modal, or refuses at once) before doing any work, so the callback comes before every
        other request.
        """
        assert result.acknowledged, "the interaction was never acknowledged"
        # the bot's own requests: other processes (workers) may call the REST API meanwhile
        calls = [c for c in self.env.http_requests[mark:] if id(c) not in self._remote]
        assert calls and calls[0].path.endswith("/callback"), [c.path for c in calls[:3]]
        kind = calls[0].json.get("type") if isinstance(calls[0].json, dict) else None
        assert kind in (MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, MODAL), f"first answer was type {kind}"
        return result

    async def autocomplete(
        self, actor: Actor, name: str, option: str, value: str, **filled: Any
    ) -> list[str]:
        """The values the bot suggests while ``actor`` types ``value`` into ``option``."""
        found = await actor.autocomplete(self.channel, name, option, value, **filled)
        return [choice["value"] for choice in found]

    async def click(
        self, actor: Actor, message: Any, *, custom_id: str | None = None, label: str | None = None
    ) -> Any:
        """Click a button (in a DM the actor's user clicks)."""
        mark = len(self.env.http_requests)
        result = await self._who(actor, message).click(message, custom_id=custom_id, label=label)
        return self._acknowledged_first(mark, result)

    async def select(self, actor: Actor, message: Any, custom_id: str, value: str) -> Any:
        """Pick one option of a select menu."""
        mark = len(self.env.http_requests)
        result = await self._who(actor, message).select(message, [value], custom_id=custom_id)
        return self._acknowledged_first(mark, result)

    async def submit_modal(self, actor: Actor, shown: Any, values: dict[str, str]) -> Any:
        """Fill in and submit a modal the bot showed."""
        mark = len(self.env.http_requests)
        return self._acknowledged_first(mark, await actor.submit_modal(shown, values))

    async def choose(self, actor: Actor, message: Any, choice: Choice) -> Any:
        """Make a game choice read from a message's components."""
        if choice.select:
            return await self.select(actor, message, choice.custom_id, choice.key)
        return await self.click(actor, message, custom_id=choice.custom_id)

    async def choose_if_shown(self, actor: Actor, message: Any, choice: Choice) -> Any | None:
        """:meth:`choose`, or None when the message no longer offers ``choice`` (it was redrawn)."""
        try:
            return await self.choose(actor, message, choice)
        except SetupError:  # SimCord refuses a click on a component the message no longer has
            return None

    def _who(self, actor: Actor, message: Any) -> Any:
        channel = getattr(message, "channel_id", None) or message.channel.id
        user = self.user(actor)
        return user if channel == user.dm_channel.id else actor

    @staticmethod
    def user(actor: Actor) -> Any:
        """The actor as a Discord user (for DMs)."""
        return getattr(actor, "user", actor)

    # ------------------------------------------------------------------ reading
    def messages(self, channel: Any = None, viewer: Actor | None = None) -> list[discord.Message]:
        """Messages in a channel (the table channel by default), oldest first."""
        return (channel or self.channel).history(viewer=viewer)

    def dms(self, actor: Actor) -> list[discord.Message]:
        """The bot's messages in the actor's DMs, oldest first."""
        return self.user(actor).dm_channel.history()

    def message(self, channel_id: int, message_id: int) -> discord.Message:
        """A message by id, as it is now."""
        stored = self.env.backend.messages.get(channel_id, {}).get(message_id)
        if stored is None:
            raise LookupError(f"no message {message_id} in channel {channel_id}")
        return to_discord_message(self.env, stored)

    def thread(self, index: int = -1) -> Any:
        """A thread opened under the table channel."""
        return self.channel.threads[index]

    @staticmethod
    def components(message: Any) -> list[dict[str, Any]]:
        """Every interactive component of a message (buttons and selects, nested rows flattened)."""
        rows = message.components
        found: list[dict[str, Any]] = []
        for row in rows:
            children = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [])
            for child in children:
                found.append(child if isinstance(child, dict) else child.to_dict())
        return found

    def custom_ids(self, message: Any) -> list[str]:
        """The custom_ids of a message's components."""
        return [c["custom_id"] for c in self.components(message) if c.get("custom_id")]

    def choices(self, message: Any) -> list[Choice]:
        """The game choices a message offers, read from its buttons and action selects."""
        found: list[Choice] = []
        for component in self.components(message):
            custom_id = component.get("custom_id", "")
            if component.get("disabled"):
                continue
            button = _match(ids.ACTION, custom_id)
            if button:
                found.append(
                    Choice(
                        button["key"],
                        component.get("label", ""),
                        custom_id,
                        int(button["table"]),
                        button["token"],
                        int(button["seat"]),
                        False,
                    )
                )
            select = _match(ids.ACTION_SELECT, custom_id)
            if select:
                for option in component.get("options", []):
                    found.append(
                        Choice(
                            option["value"],
                            option["label"],
                            custom_id,
                            int(select["table"]),
                            select["token"],
                            int(select["seat"]),
                            True,
                        )
                    )
        return found

    @staticmethod
    def said(result: Any) -> str:
        """The last thing the bot told the user in answer to an interaction (however it answered)."""
        if result.followups:
            return str(result.followups[-1].content)
        return str(result.response.content) if result.response is not None else ""

    def take_error_logs(self) -> list[str]:
        """The ERROR log lines so far (acknowledged: they will not fail the test)."""
        lines = [record.getMessage() for record in self._errors.records]
        self._errors.records.clear()
        return lines


def _match(pattern: str, custom_id: str) -> dict[str, str] | None:
    import re

    found = re.fullmatch(pattern, custom_id)
    return found.groupdict() if found else None


def _with_locales(build: Any, here: World) -> Any:
    """SimCord's interaction payloads with the locales Discord would send.

    SimCord 3.2.1 always sends ``en-US`` for both the person's locale and the server's; Discord
    sends the person's client language and the server's preferred locale, which is what the bot
    reads to pick a table's language.
    """

    def build_with_locales(backend: Any, **fields: Any) -> Any:
        record, payload = build(backend, **fields)
        payload["locale"] = here.locales.get(fields["user_id"], "en-US")
        if fields.get("guild_id") is not None:
            payload["guild_locale"] = backend.get_guild(fields["guild_id"]).preferred_locale
        return record, payload

    return build_with_locales


async def release(bot: discord.Client) -> None:
    """What a stopped bot's process gives back as it exits: its database connections.

    SimCord detaches a bot without closing it; left open, each SQLite connection's thread
    outlives the test's event loop and fails in a later test when it is collected.
    """
    await bot.close()


def make_bot(settings: Settings, shards: int = 1) -> TablekeeperBot:
    """A Tablekeeper bot for the simulation (SimCord needs a known shard count)."""
    return TablekeeperBot(settings, shard_count=shards)


@asynccontextmanager
async def world(
    tmp_path: Path,
    *,
    database_url: str | None = None,
    shards: int = 1,
    settle_timeout: float = 5.0,
    **settings: Any,
) -> AsyncIterator[World]:
    """A running simulated Discord with the bot on a fresh database (SQLite under ``tmp_path``).

    ``shards`` runs the bot as one process holding that many shards; the first server is on shard 0.
    ``settle_timeout`` is how long SimCord waits for the bot to go quiet after each event.
    """
    url = database_url or migrated_sqlite(tmp_path / "tablekeeper.db")
    # Off unless a test asks for it: each finished game's animation costs seconds of CPU, and
    # only the tests about it (test_animations, test_replays_games) look at it.
    settings.setdefault("final_animation", False)
    config = Settings(database_url=url, **settings)
    errors = ErrorLog()
    logger = logging.getLogger("tablekeeper")
    logger.addHandler(errors)
    # Env is started and shut down by hand (not ``simcord.run``): pytest runs an async fixture's
    # set-up and tear-down in different contexts, which a context-manager clock scope can't span.
    env = simcord.Env(make_bot(config, shards), settle_timeout=settle_timeout)
    await env.start()
    unpatched = _interactions.base_payload
    try:
        here = World(env, config, errors, shards)
        _interactions.base_payload = _with_locales(unpatched, here)  # type: ignore[assignment]
        yield here
        left = here.take_error_logs()
        assert not left, f"the bot logged errors: {left}"
    finally:
        _interactions.base_payload = unpatched  # type: ignore[assignment]
        logger.removeHandler(errors)
        await env.shutdown()
        await release(env.bot)
    raised = env.errors
    assert not raised, f"the bot raised: {raised!r}"
