"""Reading the replay viewer in SimCord tests: its step, pictures, buttons and menus."""

from __future__ import annotations

import re
from typing import Any

from tests.bot.discord.simharness import Actor, World


def words(message: Any) -> str:
    """Everything a message says in words: content, embed texts, fields and footers."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f"{f.name}: {f.value}" for f in embed.fields]
    return "\n".join(parts)


def one_line(text: str) -> str:
    """``text`` with its line breaks read as spaces (the live table message folds them)."""
    return " ".join(text.split())


def files(message: Any) -> list[str]:
    """The names of a message's attachments."""
    return sorted(a.filename for a in message.attachments)


def step_of(message: Any) -> tuple[int, int]:
    """(step, last step) the viewer shows, read from its headline."""
    found = re.search(r"step (\d+) of (\d+)", message.embeds[0].description or "", re.I)
    assert found, message.embeds[0].description
    return int(found[1]), int(found[2])


def shown(result: Any) -> Any:
    """The message the bot answered an interaction with (a deferred answer's first follow-up)."""
    return result.followups[-1] if result.followups else result.response


def button(w: World, message: Any, label: str) -> dict[str, Any]:
    """The component labelled ``label``."""
    return next(c for c in w.components(message) if c.get("label") == label)


def select(w: World, message: Any, pattern: str) -> dict[str, Any] | None:
    """The select whose custom_id matches ``pattern``, if the message has one."""
    return next((c for c in w.components(message) if re.fullmatch(pattern, c.get("custom_id", ""))), None)


def place(message: Any) -> tuple[int, int]:
    """(channel id, message id) of a message."""
    return getattr(message, "channel_id", None) or message.channel.id, message.id


async def click_to(w: World, actor: Actor, viewer: Any, label: str) -> Any:
    """Click a viewer button; the same private message is redrawn (returned as it is now)."""
    result = await w.click(actor, viewer, custom_id=button(w, viewer, label)["custom_id"])
    assert not result.followups, w.said(result)
    return w.message(*place(viewer))
