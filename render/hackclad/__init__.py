"""HackClad pictures: the public field and sequence board, a seat's hand, and a text account."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from engines.hackclad.state import HackView
from render.core.names import seat_names
from render.core.renderer import MemoRenderer
from render.hackclad.board import render_board
from render.hackclad.describe import describe_view
from render.hackclad.hand import render_hand
from render.hackclad.palette import palette_image
from render.hackclad.sheet import draw_card
from render.hackclad.words import player_of


def _named(view: HackView, names: Sequence[str]) -> tuple[str, ...]:
    """Drawable names for every seat a witch on this view may belong to."""
    seats = max([view.players, *(player_of(w) + 1 for w in view.witches)])
    return seat_names(names, seats)


def hand_part(view: HackView) -> HackView | None:
    """``view`` with everything the hand image does not draw blanked: it draws the same picture.

    Kept: the viewer's witch (name, MP, CP), hand, turn card, enhanced pile and peeked Clad card.
    None for a spectator, and while missions are drafted (that choice is the prompt, not a hand).
    """
    if view.viewer is None or view.phase == "missions":
        return None
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


#: implements ``render.core.Renderer``; pictures are remembered by what they draw
RENDERER = MemoRenderer(
    "hackclad", "HackClad", HackView,
    draw_board=render_board, hand_part=hand_part, draw_hand=render_hand,
    palette=palette_image, describe=describe_view, names=_named, draw_card=draw_card,
)  # fmt: skip
