"""The adapter's controllers: built once per bot over its services, and never loaded as cogs."""

from __future__ import annotations

import importlib
import pkgutil

import bot.discord.cogs as cogs
from bot.discord.cogs import COGS
from tests.bot.discord.simharness import World


async def test_the_bot_builds_one_set_of_controllers_sharing_its_courier(w: World) -> None:
    controls = w.bot.controls
    assert controls.lobby.courier is controls.courier
    assert controls.play.courier is controls.courier
    assert controls.solo.courier is controls.courier
    assert controls.lobby.tables is w.bot.services.tables
    assert controls.play.tables is w.bot.services.tables


def test_only_the_listed_cogs_are_extensions() -> None:
    # load_extension executes a module anew, so a controller must never be one: the class the
    # client built would not be the class the cog's module defines.
    extensions = set()
    for found in pkgutil.iter_modules(cogs.__path__, f"{cogs.__name__}."):
        if hasattr(importlib.import_module(found.name), "setup"):
            extensions.add(found.name)
    assert extensions == set(COGS)
