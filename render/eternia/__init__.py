"""Clash for Eternia pictures: the public battlefield, a seat's dashboards, and a text account."""

from __future__ import annotations

from msgspec.structs import replace

from engines.eternia.state import EtView, SlotView
from render.core.renderer import MemoRenderer
from render.eternia.board import render_board
from render.eternia.describe import describe_view
from render.eternia.hand import render_hand
from render.eternia.palette import palette_image
from render.eternia.sheet import draw_card
from render.eternia.tiles import own_characters


def hand_part(view: EtView) -> EtView | None:
    """``view`` with everything the hand picture does not draw blanked: it draws the same picture.

    Kept: the viewer and its side, its own Characters, the models its track cards and order name,
    its face-down track cards (where they lie), the Controller's Skills and Strategy hand and deck
    size. Everything else (the board, the rules' bookkeeping the bots read, what the track shows
    the table) goes: the memo keys a hand picture by this part, so a move that leaves the
    dashboard as it was finds the picture drawn before. None for a spectator (and for a seat on no
    side), who has no hand.
    """
    if view.viewer is None or not view.side:
        return None
    named = {s.card for s in view.track if s.side == view.side and not s.flipped} | set(view.my_order)
    mine = {m.id for m in own_characters(view)}
    ctrl = view.side == "ctrl"
    track = [
        SlotView(side=s.side, power=0, card=s.card, flipped=False, active=False)
        if s.side == view.side and not s.flipped and s.card
        else _NO_SLOT
        for s in view.track
    ]
    return replace(
        view,
        over=False,
        scenario="",
        round=0,
        round_limit=0,
        phase="",
        board=[],
        terrain={},
        tokens={},
        objectives=[],
        beacons={},
        team_spawn=[],
        ctrl_spawn=[],
        models=[m for m in view.models if m.id in mine or m.id in named],
        active_model="",
        actions_left=0,
        escalation=0,
        escalation_track=[],
        levels=0,
        vp={},
        vp_target=0,
        ctrl_skills=view.ctrl_skills if ctrl else {},
        ctrl_empowered=view.ctrl_empowered if ctrl else [],
        strategy_hand_size=0,
        strategy_deck_size=view.strategy_deck_size if ctrl else 0,
        strategy_played=[],
        ai_power=0,
        ai_card="",
        last_path=[],
        last_los=[],
        last_roll=[],
        rolls=[],
        result="",
        track=track,
        ctrl_seat=-1,
        team_seats=[],
        leader=0,
        ai_escalation=0,
        minion_type="",
        minion_serial=0,
        slot=-1,
        sealed=[],
        agenda=type(view.agenda)(),  # empty, of the view's own type: renderers import no rule code
        activation=None,
        strike=None,
        in_action=False,
        owed=0,
        winner="",
        ai_character_cards_left=0,
        ai_strategy_cards_left=0,
    )


#: a track slot the hand does not draw (another side's, or flipped for all to see)
_NO_SLOT = SlotView(side="", power=0, card="", flipped=True, active=False)


#: implements ``render.core.Renderer``; pictures are remembered by what they draw
RENDERER = MemoRenderer(
    "eternia", "Clash for Eternia", EtView,
    draw_board=render_board, hand_part=hand_part, draw_hand=render_hand,
    palette=palette_image, describe=describe_view, draw_card=draw_card,
)  # fmt: skip
