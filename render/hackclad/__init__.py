"""HackClad pictures: the public field and sequence board, a seat's hand, and a text account."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from engines.hackclad.state import HackView
from render.core.canvas import encode_png_indexed
from render.core.memo import ImageMemo, picture_key
from render.core.names import seat_names
from render.hackclad.board import render_board
from render.hackclad.common import palette_image, player_of
from render.hackclad.describe import describe_view
from render.hackclad.hand import render_hand


def _hack(view: Any) -> HackView:
    if not isinstance(view, HackView):
        raise TypeError(f"the HackClad renderer draws a HackView, not {type(view).__name__}")
    return view


def _named(view: HackView, names: Sequence[str]) -> tuple[str, ...]:
    """Drawable names for every seat a witch on this view may belong to."""
    seats = max([view.players, *(player_of(w) + 1 for w in view.witches)])
    return seat_names(names, seats)


def hand_part(view: HackView) -> HackView:
    """``view`` with everything the hand image does not draw blanked: it draws the same picture.

    Kept: the viewer's witch (name, MP, CP), hand, turn card, enhanced pile and peeked Clad card.
    """
    me = [
        replace(
            w,
            pos=-1,
            facing=0,
            injuries=0,
            shards=0,
            hand_count=0,
            deck_count=0,
            enhanced_count=0,
            discard=[],
            missions=[],
            completed=[],
            uses=[],
            turn_slot=-1,
            team=0,
        )
        for w in view.witches
        if w.seat in ({o.seat for o in view.own} or {view.me})
    ]
    return replace(
        view,
        seq=0,
        over=False,
        mode="",
        expert=False,
        stage="",
        round=0,
        voltage=0,
        clad_atk=0,
        clad_pos=0,
        clad_facing=0,
        clad_locked=False,
        clad_deck_count=0,
        clad_slots=[],
        clad_slot_state=[],
        next_hits=[],
        turn_slots=[],
        standby=[],
        markers=[],
        field=[],
        witches=me,
        offer=[],
        asking=view.asking if len(view.own) > 1 else -1,  # two hands mark the witch being asked
        asking_player=-1,
        asking_kind="",
        attack_cells=[],
        scores={},
    )


class HackCladRenderer:
    """Implements ``render.core.Renderer`` for HackClad (pictures remembered by what they draw)."""

    slug = "hackclad"

    def __init__(self) -> None:
        self.memo = ImageMemo()

    def board(self, view: Any, names: Sequence[str] = ()) -> bytes:
        """The public table as PNG (only public facts are drawn, whoever the viewer is)."""
        hack = _hack(view)
        drawn = _named(hack, names)
        key = picture_key("board", drawn, replace(hack, seq=0))
        picture = self.memo.get(
            key, lambda: encode_png_indexed(render_board(hack, drawn).image, palette_image())
        )
        assert picture is not None  # a board always has a picture
        return picture

    def hand(self, view: Any, names: Sequence[str] = ()) -> bytes | None:
        """The seat's hand as PNG; None for spectators."""
        hack = _hack(view)
        if hack.viewer is None or hack.phase in ("missions",):
            return None
        drawn = _named(hack, names)
        part = hand_part(hack)
        return self.memo.get(
            picture_key("hand", drawn, part),
            lambda: encode_png_indexed(render_hand(part, drawn).image, palette_image()),
        )

    def describe(self, view: Any) -> str:
        """A plain-text account."""
        return describe_view(_hack(view))


RENDERER = HackCladRenderer()
