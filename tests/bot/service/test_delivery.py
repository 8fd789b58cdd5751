"""Delivery hands the seats' display names to the renderer, for the board and every seat's hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.service import Services
from render import registry as renderers
from tests.bot.service.helpers import ANN, asked, duel, tok
from tests.bot.service.tinyrender import RENDERER


class NameRecorder:
    """The tiny renderer, noting the names each picture was asked to draw."""

    slug = "tiny"

    def __init__(self) -> None:
        self.boards: list[tuple[str, ...]] = []
        self.hands: list[tuple[int, tuple[str, ...]]] = []

    def board(self, view: Any, names: Sequence[str] = ()) -> bytes:
        self.boards.append(tuple(names))
        return RENDERER.board(view, names)

    def hand(self, view: Any, names: Sequence[str] = ()) -> bytes | None:
        self.hands.append((view.viewer, tuple(names)))
        return RENDERER.hand(view, names)

    def describe(self, view: Any) -> str:
        return RENDERER.describe(view)


async def test_board_and_hands_are_drawn_with_the_seat_names(services: Services) -> None:
    delivery = await duel(services)
    recorder = NameRecorder()
    with renderers.registered("tiny", recorder):
        seat, user, key = asked(delivery)
        await services.tables.act(delivery.table.id, user, tok(delivery, user), key, seat=seat)
        assert recorder.boards == [("Ann", "Bob")]
        assert sorted(recorder.hands) == [(0, ("Ann", "Bob")), (1, ("Ann", "Bob"))]
        recorder.hands.clear()
        await services.tables.hand(delivery.table.id, ANN)  # "show my hand" draws with names too
        assert recorder.hands == [(0, ("Ann", "Bob"))]
