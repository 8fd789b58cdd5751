"""The Review page: where a finished game was won, as a chart and up to three turning points.

Built from a :class:`bot.service.reviews.GameReview` alone (the service refuses running games,
so nothing here can tell anything about a game still being played). The page is private like
the viewer it comes from, whose "Review" button (``replay_view.ReviewOpenButton``) opens it;
its buttons lead back into the replay, at the step the viewer showed or at a turning point,
and carry the seat shown, so it needs no memory in the process either.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import KW_ONLY
from typing import TYPE_CHECKING, Any

import discord

from bot.discord import ids
from bot.discord.clicks import controls
from bot.discord.embeds import DESCRIPTION, DONE_COLOUR, TITLE, game_title
from bot.discord.layout import OPTION_TEXT, OPTIONS_PER_SELECT, clip, clip_block
from bot.discord.persistent import PersistentSelect
from bot.discord.replay_view import ReplayStepButton

if TYPE_CHECKING:
    from bot.service.reviews import GameReview
    from bot.service.values import RatingChange, TableInfo

CHART_FILE = "review-chart.png"
#: what the page says while a review is worked out for the first time
WORKING = "Working out the review… the first look at a game takes a few seconds."


def review_embed(table: TableInfo, review: GameReview) -> discord.Embed:
    """The review's chart (the embed's image) and its turning-point lines."""
    embed = discord.Embed(
        title=clip(f"{game_title(table)} · where it was won", TITLE),
        description=clip_block("\n\n".join(review.lines), DESCRIPTION),
        colour=DONE_COLOUR,
    )
    embed.set_image(url=f"attachment://{CHART_FILE}")
    embed.set_footer(
        text=f"Table #{table.id} · only you see this review · "
        "chances estimated by bots playing on from each step"
    )
    return embed


def review_files(review: GameReview) -> list[discord.File]:
    """The review's chart as a file to upload."""
    return [discord.File(io.BytesIO(review.chart_png), filename=CHART_FILE)]


def review_page_view(
    table_id: int, review: GameReview | None, step: int, seat: int | None
) -> discord.ui.View:
    """ "Back to the replay" (at ``step``, showing ``seat``) and one button per turning point."""
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayStepButton(table_id, "r", step, seat, 0, label="◀ Back to the replay", row=0))
    used: set[int] = set()
    for number, point in enumerate(review.turning if review is not None else (), start=1):
        if point.step in used:  # two turning points in one public step: one button goes there
            continue
        used.add(point.step)
        label = f"Turning point {number} (step {point.step})"
        view.add_item(ReplayStepButton(table_id, "t", point.step, seat, 0, label=label, row=1))
    return view


class ReviewPickSelect(PersistentSelect, template=ids.REVIEW_PICK, make_id=ids.review_pick_id):
    """/stats' menu of a player's last games that can be reviewed (option values are table ids)."""

    _: KW_ONLY
    placeholder: str = "Where was it won? Review one of these games…"

    async def callback(self, interaction: discord.Interaction) -> None:
        """Open the chosen game's review as a new private message."""
        value = self.chosen()
        await controls(interaction).review.open(interaction, int(value) if value.isdigit() else 0)


def review_pick(last: Sequence[RatingChange]) -> ReviewPickSelect | None:
    """/stats' review menu of the games in ``last`` that can be reviewed (None if none can)."""
    options = [
        discord.SelectOption(
            label=clip(f"Table #{c.table_id} · {c.mode} · {'won' if c.won else 'lost'}", OPTION_TEXT),
            value=str(c.table_id),
            description="chances along the game and its turning points",
        )
        for c in last
        if c.review
    ][:OPTIONS_PER_SELECT]
    return ReviewPickSelect(options=options) if options else None


REVIEW_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ReviewPickSelect,)
