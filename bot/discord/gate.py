"""The door every interaction passes: it counts those being handled and, when stopping, turns new ones away.

Why here, at the parser: discord.py hands each interaction to the command tree or the component
store, which start a task per interaction; there is no public hook around that task. Wrapping the
``INTERACTION_CREATE`` parser sees every interaction before any handler runs, and the tasks it
starts are the ones to wait for when the process stops (a click is saved when its change commits,
so a click that finishes is whole and one never started is nothing lost).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord

from engines.core import counted

log = logging.getLogger("tablekeeper.discord")

RESTARTING = "The bot is restarting; try again in a moment."
#: interaction types that may be answered with a message (an autocomplete may not)
ANSWERABLE = (2, 3, 5)  # a command, a component, a modal submission
EVENT = "INTERACTION_CREATE"


class InteractionGate:
    """Wraps a connection state's interaction parser: tracks handlers, refuses new work when closed."""

    def __init__(self, state: Any) -> None:
        self._state = state
        self._parse = state.parsers[EVENT]
        # the websocket reads this same dict, so replacing the entry reroutes every interaction
        state.parsers[EVENT] = self._receive
        self.open = True
        self.running: set[asyncio.Task[Any]] = set()
        self.turned_away = 0
        self._replies: set[asyncio.Task[Any]] = set()

    def _receive(self, data: Any) -> None:
        if not self.open:
            self.turned_away += 1
            if data.get("type") in ANSWERABLE:
                interaction = discord.Interaction(data=data, state=self._state)
                reply = asyncio.create_task(self._turn_away(interaction))
                self._replies.add(reply)
                reply.add_done_callback(self._replies.discard)
            return
        before = asyncio.all_tasks()
        self._parse(data)  # starts the interaction's handler task(s) without awaiting them
        for task in asyncio.all_tasks() - before:
            self.running.add(task)
            task.add_done_callback(self.running.discard)

    @staticmethod
    async def _turn_away(interaction: discord.Interaction) -> None:
        with contextlib.suppress(discord.HTTPException):  # the click simply does nothing then
            await interaction.response.send_message(RESTARTING, ephemeral=True)

    async def close(self, grace: float) -> int:
        """Take no new interactions; wait up to ``grace`` s for those running; return how many still run."""
        self.open = False
        running = set(self.running)
        if running:
            log.info("waiting for %s in flight", counted(len(running), "interaction"))
            await asyncio.wait(running, timeout=grace)
        if self._replies:
            await asyncio.wait(set(self._replies), timeout=1.0)
        left = sum(not task.done() for task in running)
        if left:
            log.warning("%s still running after %.0f s; stopping anyway", counted(left, "interaction"), grace)
        return left
