"""Arclash pictures: public board and private hand render for many random states, 2 to 6 players."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines.arclash import RULESET
from engines.arclash.state import SUPPORT, ArclashState
from engines.core import GameConfig, Rng, fill_names
from render.arclash import RENDERER
from render.core.palette import seat_colour
from render.registry import get


def states(players: int, seed: int, every: int = 15) -> list[ArclashState]:
    state = RULESET.setup(GameConfig("standard", players), seed)
    rng = Rng(seed)
    found = [state]
    while RULESET.prompts(state):
        seat = rng.choice(sorted(RULESET.prompts(state)))
        state = RULESET.apply(state, seat, rng.choice(RULESET.legal_actions(state, seat))).state
        if state.seq % every == 0:
            found.append(state)
    found.append(state)
    return found


def image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_registered_under_its_slug() -> None:
    assert get("arclash") is RENDERER


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_board_and_hand_render_for_random_states(players: int) -> None:
    for state in states(players, players * 11):
        spectator = RULESET.view(state, None)
        board = RENDERER.board(spectator)
        assert board.startswith(b"\x89PNG") and len(board) <= 300_000
        picture = image(board)
        assert picture.width >= 1200
        assert RENDERER.hand(spectator) is None
        for seat in range(players):
            view = RULESET.view(state, seat)
            hand = RENDERER.hand(view)
            assert hand is not None and len(hand) <= 300_000 and image(hand).width >= 1200
        assert len(RENDERER.describe(RULESET.view(state, 0))) <= 1500


def test_board_shows_public_facts_only_whoever_asks() -> None:
    state = states(3, 5)[4]
    assert RENDERER.board(RULESET.view(state, None)) == RENDERER.board(RULESET.view(state, 1))


def test_seat_colours_come_from_the_shared_palette() -> None:
    state = states(4, 2)[3]
    picture = image(RENDERER.board(RULESET.view(state, None)))
    colours = {c for _, c in picture.getcolors(1 << 20) or []}
    assert all(seat_colour(s) in colours for s in range(4))


def test_describe_names_sealed_seats_and_waiting_count() -> None:
    state = RULESET.setup(GameConfig("standard", 3), 1)
    state = RULESET.apply(state, 0, RULESET.legal_actions(state, 0)[0]).state
    text = RENDERER.describe(RULESET.view(state, None))
    # seats stay {P1} placeholders so the table shows each player's name, never "Player 1"
    assert "Waiting for 2 players; sealed: {P1}." in text
    assert "Player 1" not in text and fill_names(text, ["Ann", "Bo", "Cy"]).count("Ann") == 2


def test_hand_marks_choices_during_the_support_stage() -> None:
    for state in states(2, 8, every=1):
        if state.phase == SUPPORT:
            seat = state.current
            view = RULESET.view(state, seat)
            assert view.choices and RENDERER.hand(view) is not None
            # the text leaves the choices to the buttons or the terminal's list (they were shown twice)
            assert "Choices:" not in RENDERER.describe(view)
            return
    raise AssertionError("no support stage reached")


def _drawn(state: ArclashState, names: list[str]) -> list[tuple[str, int, str]]:
    """Every piece of text the board puts on the picture: (text, size, weight)."""
    from render.arclash.board import render_board
    from render.core.indexed_canvas import IndexedCanvas

    drawn: list[tuple[str, int, str]] = []
    put = IndexedCanvas.put

    def spy(self: IndexedCanvas, xy: tuple[float, float], text: str, size: int, *rest: str) -> None:
        drawn.append((text, size, rest[1]))
        put(self, xy, text, size, *rest)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(IndexedCanvas, "put", spy)
        render_board(RULESET.view(state, None), names)
    return drawn


def _a_name(text: str, names: list[str]) -> bool:
    """Whether ``text`` is one of ``names``, whole or shortened with "…"."""
    cut = text.removesuffix("…").rstrip()
    return text in names or (text.endswith("…") and any(name.startswith(cut) for name in names))


def test_names_are_fitted_apart_so_the_words_around_them_keep_their_size() -> None:
    """Issue 27: a name's size does not depend on its line, nor the line's on the names."""
    short = ["Ada", "Bo", "Cy", "Di", "Ed", "Fy"]
    long = ["Bartholomew Fitzgerald", "Ada", "Cassandra Montgomery", "Di", "Ed", "Fy"]
    sizes: dict[str, set[int]] = {}
    for state in states(6, 5, every=9)[1:]:
        with_short, with_long = _drawn(state, short), _drawn(state, long)
        # the words around the names are the same pieces at the same sizes whatever the names
        words = [piece for piece in with_short if not _a_name(piece[0], short)]
        assert words == [piece for piece in with_long if not _a_name(piece[0], long)]
        for text, size, weight in with_short + with_long:
            if text in short + long:
                sizes.setdefault(f"{text} {weight}", set()).add(size)
    # only the steps of the lines that carry names (footer 21/18/16 px, header 19/17/16 px; the
    # panel title 27/22/18 bold), never a size of a name's own: "Ada" beside long names or short
    steps = {21, 18, 16, 19, 17}
    assert sizes["Ada bold"] == {27} and sizes["Ada regular"] <= steps
    assert sizes["Bartholomew Fitzgerald regular"] <= steps
