"""The captioned animation of a game's boards (``render.core.animation``), checked by decoding it."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.core.animation import (
    MIN_WIDTH,
    WIDTH,
    AnimationTooLarge,
    Caption,
    animate,
    band_height,
    board_image,
    captioned,
    encodings,
    thin,
)
from render.core.canvas import Canvas, encode_png_indexed, fixed_palette
from render.core.palette import INK, MUTED, PANEL, PAPER, SEAT_COLOURS

GREYS = [(v, v, v) for v in range(0, 256, 17)]
PALETTE = fixed_palette([PAPER, PANEL, INK, MUTED, *SEAT_COLOURS, *GREYS])


def board(number: int, width: int = 1200, height: int = 700) -> bytes:
    """A board-like picture in a fixed palette: a title and a seat's token that moves each frame."""
    canvas = Canvas(width, height)
    canvas.text((20, 16), f"Board {number}", size=40, weight="bold")
    x = 60 + number * 90 % (width - 160)
    canvas.draw.ellipse((x, 300, x + 100, 400), fill=SEAT_COLOURS[number % len(SEAT_COLOURS)])
    canvas.box((20, 500, width - 20, 680), fill=PANEL)
    canvas.text((40, 560), f"score {number * 3}", size=30)
    return encode_png_indexed(canvas.image, PALETTE)


def captions(count: int) -> list[Caption]:
    return [Caption(f"Round {i + 1} · step {i}/{count - 1}", (f"Seat {i} moves.",)) for i in range(count)]


def frames_of(data: bytes) -> list[Image.Image]:
    """Every frame of an animation, decoded to RGB."""
    image = Image.open(io.BytesIO(data))
    found = []
    for index in range(image.n_frames):
        image.seek(index)
        found.append(image.convert("RGB"))
    return found


def test_both_formats_hold_every_frame_exactly_as_drawn() -> None:
    boards = [board(i) for i in range(6)]
    shown = captioned(boards, captions(6))
    for data, ext in encodings(shown, [1200] * 5 + [4000]):
        assert Image.open(io.BytesIO(data)).format == {"webp": "WEBP", "gif": "GIF"}[ext]
        decoded = frames_of(data)
        assert len(decoded) == 6
        for got, want in zip(decoded, shown, strict=True):
            assert got.tobytes() == want.convert("RGB").tobytes(), ext  # lossless, both


def test_the_smaller_of_the_two_encodings_is_returned() -> None:
    boards = [board(i) for i in range(5)]
    made = animate(boards, captions(5))
    sizes = {ext: len(data) for data, ext in encodings(captioned(boards, captions(5)), [1200] * 4 + [4000])}
    assert sizes["webp"] != sizes["gif"]  # so choosing one is a real choice
    assert made.ext == min(sizes, key=lambda ext: sizes[ext]) and len(made.data) == min(sizes.values())
    assert made.frames == 5 and made.width == WIDTH


def test_frames_are_scaled_for_a_chat_preview_and_captioned_under_the_board() -> None:
    boards = [board(i) for i in range(3)]
    told = [Caption("Round 1 · step 0/2"), *captions(3)[1:]]
    made = animate(boards, told)
    frames = frames_of(made.data)
    band = band_height(WIDTH)
    assert frames[0].size == (WIDTH, round(700 * WIDTH / 1200) + band)
    top = frames[0].height - band

    def ink(image: Image.Image, box: tuple[int, int, int, int]) -> int:
        """Pixels in ``box`` as dark as the band's text (its grey title, its black lines)."""
        return sum(count for count, p in image.crop(box).getcolors(1 << 16) or [] if sum(p) < 450)

    # the title line is drawn on every frame; the "what happened" lines only where there are some
    assert all(ink(f, (0, top, WIDTH, top + 30)) > 50 for f in frames)
    assert ink(frames[0], (0, top + 32, WIDTH, frames[0].height)) == 0
    assert ink(frames[1], (0, top + 32, WIDTH, frames[1].height)) > 50
    # the same board under another caption: the band changes, the board does not
    other = frames_of(animate(boards, [Caption("Round 9 · step 2/2", ("Something else.",))] * 3).data)
    assert other[1].crop((0, 0, WIDTH, top)).tobytes() == frames[1].crop((0, 0, WIDTH, top)).tobytes()
    band_box = (0, top, WIDTH, frames[1].height)
    assert other[1].crop(band_box).tobytes() != frames[1].crop(band_box).tobytes()


def test_every_frame_shows_for_its_time_and_the_last_one_longer() -> None:
    made = animate([board(i) for i in range(4)], captions(4), frame_ms=1000, last_ms=3000)
    image = Image.open(io.BytesIO(made.data))
    durations = []
    for index in range(image.n_frames):
        image.seek(index)
        image.load()  # WebP reads a frame's duration as it decodes it
        durations.append(image.info["duration"])
    assert durations == [1000, 1000, 1000, 3000]


def test_every_frame_keeps_to_the_boards_palette() -> None:
    made = animate([board(i) for i in range(4)], captions(4))
    allowed = set(zip(*[iter(PALETTE.getpalette() or [])] * 3, strict=True))
    for frame in frames_of(made.data):
        used = {colour for _, colour in frame.getcolors(1 << 16) or []}
        assert used <= allowed


def test_boards_of_different_heights_share_one_frame_size() -> None:
    made = animate([board(0, height=700), board(1, height=900)], captions(2))
    frames = frames_of(made.data)
    assert frames[0].size == frames[1].size == (WIDTH, round(900 * WIDTH / 1200) + band_height(WIDTH))


def test_thinning_keeps_the_first_and_the_last_frame() -> None:
    assert thin(5) == [0, 2, 4]
    assert thin(6) == [0, 2, 4, 5]
    assert thin(1) == [0]


def test_over_the_limit_it_drops_frames_before_it_narrows() -> None:
    boards = [board(i, width=WIDTH, height=400) for i in range(16)]
    full = animate(boards, captions(16))
    fewer = animate(boards, captions(16), limit=len(full.data) - 1)
    assert len(fewer.data) <= len(full.data) - 1
    assert fewer.width == WIDTH and fewer.frames == len(thin(16)) == 9
    # the deal and the end are still there: the first and last frames are those of the full one
    whole, kept = frames_of(full.data), frames_of(fewer.data)
    assert len(kept) == fewer.frames
    assert kept[0].tobytes() == whole[0].tobytes() and kept[-1].tobytes() == whole[-1].tobytes()


def test_a_tight_limit_narrows_the_picture_and_still_fits() -> None:
    boards = [board(i, width=WIDTH, height=400) for i in range(12)]
    twelve_at_full = animate(boards, captions(12))
    made = animate(boards, captions(12), limit=len(twelve_at_full.data) * 2 // 3)
    assert len(made.data) <= len(twelve_at_full.data) * 2 // 3
    assert MIN_WIDTH <= made.width < WIDTH
    assert frames_of(made.data)[0].width == made.width


def test_an_animation_that_cannot_fit_is_one_clear_error() -> None:
    with pytest.raises(AnimationTooLarge) as refused:
        animate([board(i) for i in range(3)], captions(3), limit=100)
    message = str(refused.value)
    assert "\n" not in message and "limit" in message and f"{MIN_WIDTH} px" in message


def test_frames_and_captions_must_pair_up() -> None:
    with pytest.raises(ValueError, match="2 frames but 1 captions"):
        animate([board(0), board(1)], captions(1))
    with pytest.raises(ValueError, match="at least one frame"):
        animate([], [])


def test_a_board_frame_is_the_shipped_board_s_pixels_drawn_outside_the_picture_cache() -> None:
    from bot.bench.samples import bench_config
    from engines import registry
    from engines.core.driver import Match
    from render import registry as renderers
    from render.core.renderer import MemoRenderer

    ruleset, renderer = registry.get("clashofdecks"), renderers.get("clashofdecks")
    assert isinstance(renderer, MemoRenderer)
    view = ruleset.view(Match(ruleset, bench_config(ruleset, "duel"), 2).state, None)
    renderer.memo.clear()
    frame = board_image(renderer, view, ("Ann", "Bob"))
    assert isinstance(frame, Image.Image) and len(renderer.memo) == 0  # nothing remembered
    shipped = Image.open(io.BytesIO(renderer.board(view, ("Ann", "Bob"))))
    assert frame.mode == shipped.mode == "P" and frame.getpalette() == shipped.getpalette()
    assert frame.tobytes() == shipped.tobytes()
