"""The adapter's controllers, built once per bot: the one place that wires them to the services.

Cogs and persistent items never build a controller; they read theirs off the bot's
:class:`Controllers` as a typed attribute, so every controller shares the bot's one :class:`Courier`.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.discord.cogs.learn_control import LearnControl
from bot.discord.cogs.lobby_control import LobbyControl
from bot.discord.cogs.play_control import PlayControl
from bot.discord.cogs.replay_control import ReplayControl
from bot.discord.cogs.review_control import ReviewControl
from bot.discord.cogs.rules_control import RulesControl
from bot.discord.cogs.solo_control import SoloControl
from bot.discord.courier import Courier
from bot.service import Services
from bot.work import WorkQueue


@dataclass(frozen=True)
class Controllers:
    """One of each controller, and the courier they (and the timer loop) send through."""

    courier: Courier
    learn: LearnControl
    lobby: LobbyControl
    play: PlayControl
    replay: ReplayControl
    review: ReviewControl
    rules: RulesControl
    solo: SoloControl

    @classmethod
    def build(cls, client: discord.Client, services: Services, queue: WorkQueue | None = None) -> Controllers:
        """Every controller of ``client`` over ``services``; clicks go to ``queue`` (default: inline)."""
        courier = Courier(client, services)
        return cls(
            courier=courier,
            learn=LearnControl(client, services, courier),
            lobby=LobbyControl(services, courier),
            play=PlayControl(services.tables, courier, queue),
            replay=ReplayControl(services),
            review=ReviewControl(services),
            rules=RulesControl(services.guilds),
            solo=SoloControl(client, services.tables, courier),
        )
