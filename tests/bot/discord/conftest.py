"""Fixtures: the tiny test game registered for the platform tests, and a running simulated Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from engines import registry
from render import registry as renderers
from tests.bot.discord.simharness import World, world
from tests.bot.discord.variants import BROKEN, DOUBLE, PAID, PUBLIC, SEALED, WIDE
from tests.bot.tinyrender import RENDERER
from tests.engines.core.tinygame import RULESET


@pytest.fixture(autouse=True)
def tiny_registered() -> Iterator[None]:
    """The tiny game and its variants next to the real games, for fast platform tests."""
    with (
        registry.registered("tiny", RULESET),
        renderers.registered("tiny", RENDERER),
        registry.registered("tinypub", PUBLIC),
        renderers.registered("tinypub", RENDERER),
        registry.registered("tinywide", WIDE),
        renderers.registered("tinywide", RENDERER),
        registry.registered("tinybroken", BROKEN),
        renderers.registered("tinybroken", RENDERER),
        registry.registered("tinysealed", SEALED),
        renderers.registered("tinysealed", RENDERER),
        registry.registered("tinydouble", DOUBLE),
        renderers.registered("tinydouble", RENDERER),
        registry.registered("tinypaid", PAID),
        renderers.registered("tinypaid", RENDERER),
    ):
        yield


@pytest.fixture
async def w(tmp_path: Path) -> AsyncIterator[World]:
    """A simulated Discord with Tablekeeper running on a fresh database."""
    async with world(tmp_path) as here:
        yield here
