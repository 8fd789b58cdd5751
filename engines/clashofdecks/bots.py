"""Bots for human seats (placeholder until written)."""

from engines.core.bots import Bot, RandomBot

BOTS: dict[str, Bot] = {"random": RandomBot()}
