"""What ``run`` and ``work`` log at start: nothing that misleads an admin."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import discord
import pytest

from bot.discord.client import intents
from bot.discord.logs import start_logging


@pytest.fixture
def restored() -> Iterator[None]:
    root, alembic = logging.getLogger(), logging.getLogger("alembic")
    saved = (list(root.handlers), root.level, alembic.level)
    nacl, dave = discord.VoiceClient.warn_nacl, discord.VoiceClient.warn_dave
    yield
    root.handlers[:] = saved[0]
    root.setLevel(saved[1])
    alembic.setLevel(saved[2])
    discord.VoiceClient.warn_nacl, discord.VoiceClient.warn_dave = nacl, dave


def test_no_voice_warning_for_a_bot_that_never_joins_voice(
    restored: None, caplog: pytest.LogCaptureFixture
) -> None:
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = True  # as in a fresh process
    start_logging("INFO")
    with caplog.at_level(logging.INFO):
        discord.Client(intents=intents())
    assert not [r for r in caplog.records if "voice" in r.getMessage()]


@pytest.mark.parametrize(("level", "alembic_info"), [("INFO", False), ("DEBUG", True)])
def test_alembic_steps_are_told_only_when_debugging(restored: None, level: str, alembic_info: bool) -> None:
    start_logging(level)
    assert logging.getLogger("alembic").isEnabledFor(logging.INFO) is alembic_info
