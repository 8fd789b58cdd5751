"""A game's board pictures as one captioned animation (animated WebP or GIF, whichever is smaller).

Each frame is a board picture of one game, scaled to :data:`WIDTH` px (readable in Discord's
~550 px preview, where a 1,400 px board would be shrunk to illegibility) with a caption band
under it: a title line ("Round 3 · step 37/212") and up to two lines of what happened. All
frames are mapped onto one palette, the game's own when the boards carry one (every board of a
game is drawn in its fixed palette), so a seat keeps its colour from the first frame to the
last and the GIF needs no per-frame colour tables.

Both formats are encoded and the smaller is returned. When even that exceeds ``limit`` bytes
the animation degrades instead of failing: first fewer frames (every other one, keeping the
first and the last), then a narrower picture, until it fits.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from render.core.canvas import fit, font, line_step
from render.core.palette import INK, MUTED, PANEL
from render.core.renderer import MemoRenderer, Renderer

#: the animation's width in px before any degradation
WIDTH = 800
#: the narrowest an animation is made while degrading (text is hard to read below this)
MIN_WIDTH = 400
#: the fewest frames degrading keeps before it narrows the picture instead
MIN_FRAMES = 12
#: Discord's upload limit for a bot without a boosted server is 8 MiB; stay clear of it
LIMIT = 8_000_000
#: how long each frame shows, and the last one (the result) for longer
FRAME_MS = 1200
LAST_MS = 4000

TITLE_SIZE = 17
LINE_SIZE = 19
PAD = 10

#: lossless WebP (lossy blurs small text) at the least effort that still finds the repeats
#: between frames: method 0 files are three times larger, higher methods and qualities cost up
#: to half as much again for a few per cent less (measured on a 278-move HackClad game)
_WEBP = {"lossless": True, "method": 1, "quality": 0}


@dataclass(frozen=True)
class Caption:
    """What a frame's band says: a title line and up to two lines of what happened."""

    title: str
    lines: tuple[str, ...] = ()


class Animated(NamedTuple):
    """An encoded animation: its bytes, its file extension, how many frames and how wide."""

    data: bytes
    ext: str
    frames: int
    width: int


class AnimationTooLarge(ValueError):
    """Even the smallest animation degrading allows is over the size limit."""


def board_image(renderer: Renderer, view: Any, names: Sequence[str] = ()) -> bytes | Image.Image:
    """The public board of ``view`` as an animation frame: the renderer's own pixels.

    A :class:`MemoRenderer`'s board is drawn afresh in its palette and kept out of its picture
    cache: a game's worth of frames would push out the boards of the tables being played now, and
    a PNG encoded only to be decoded again is wasted. Any other renderer gives its PNG.
    """
    if not isinstance(renderer, MemoRenderer):
        return renderer.board(view, names)
    checked = renderer.checked(view)
    image = renderer.draw_board(checked, renderer.names(checked, names)).image
    return (
        image if image.mode == "P" else image.quantize(palette=renderer.palette(), dither=Image.Dither.NONE)
    )


def _is_cjk(text: str) -> bool:
    return any("\u2e80" <= char <= "\u9fff" or "\uff00" <= char <= "\uffef" for char in text)


def _weights(captions: Sequence[Caption], lang: str | None) -> tuple[str, str]:
    """(title, line) font weights: the Japanese faces when the captions need them."""
    if lang == "ja" or any(_is_cjk(c.title) or any(_is_cjk(line) for line in c.lines) for c in captions):
        return "ja-bold", "ja"
    return "bold", "regular"


def _image(frame: bytes | Image.Image) -> Image.Image:
    if isinstance(frame, Image.Image):
        return frame
    image = Image.open(io.BytesIO(frame))
    image.load()
    return image


def band_height(width: int) -> int:
    """The caption band's height for an animation ``width`` px wide."""
    scale = width / WIDTH
    return round((2 * PAD + line_step(TITLE_SIZE) + 2 * line_step(LINE_SIZE)) * scale)


def _palette(first: Image.Image) -> Image.Image:
    """The one palette every frame is mapped onto: the boards' own, else one made from the first."""
    if first.mode == "P":
        palette = Image.new("P", (1, 1))
        palette.putpalette(first.getpalette() or [])
        return palette
    return first.convert("RGB").quantize(255, method=Image.Quantize.FASTOCTREE)


def _frame(
    board: Image.Image, caption: Caption, width: int, height: int, weights: tuple[str, str]
) -> Image.Image:
    """One RGB frame: ``board`` scaled to ``width`` over its caption band (``height`` in all)."""
    scale = width / WIDTH
    band = band_height(width)
    frame = Image.new("RGB", (width, height), PANEL)
    shown = board.convert("RGB")
    if shown.width != width:
        # Hamming: small board text stays about as sharp as with Lanczos at half its cost
        high = max(1, round(board.height * width / board.width))
        shown = shown.resize((width, high), Image.Resampling.HAMMING)
    frame.paste(shown, (0, 0))
    draw = ImageDraw.Draw(frame)
    top = height - band
    draw.line((0, top, width, top), fill=MUTED, width=1)
    room = width - 2 * PAD * scale
    title_size, line_size = max(9, round(TITLE_SIZE * scale)), max(9, round(LINE_SIZE * scale))
    title, size = fit(caption.title, title_size, room, weights[0], min_size=9)
    y = top + PAD * scale
    draw.text((PAD * scale, y), title, font=font(size, weights[0]), fill=MUTED)
    y += line_step(title_size)
    for line in caption.lines[:2]:
        text, size = fit(line, line_size, room, weights[1], min_size=max(9, line_size - 4))
        draw.text((PAD * scale, y), text, font=font(size, weights[1]), fill=INK)
        y += line_step(line_size)
    return frame


def encodings(frames: Sequence[Image.Image], durations: Sequence[int]) -> list[tuple[bytes, str]]:
    """``frames`` (``durations`` ms each) as an animated WebP and as a GIF: (bytes, extension) each."""
    durations = list(durations)
    found = []
    webp = io.BytesIO()
    frames[0].save(webp, "WEBP", save_all=True, append_images=frames[1:], duration=durations, loop=0, **_WEBP)
    found.append((webp.getvalue(), "webp"))
    gif = io.BytesIO()
    frames[0].save(gif, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0)
    found.append((gif.getvalue(), "gif"))
    return found


def thin(count: int) -> list[int]:
    """Which of ``count`` frames to keep when halving them: every other one, first and last kept."""
    kept = list(range(0, count, 2))
    if kept[-1] != count - 1:
        kept.append(count - 1)
    return kept


def _plans(count: int) -> list[tuple[list[int], int]]:
    """The (frames kept, width) tries in order: all at full width, then fewer, then narrower."""
    plans = [(list(range(count)), WIDTH)]
    kept = plans[0][0]
    while len(kept) > MIN_FRAMES:
        kept = [kept[i] for i in thin(len(kept))]
        plans.append((kept, WIDTH))
    width = WIDTH
    while width > MIN_WIDTH:
        width = max(MIN_WIDTH, round(width * 0.75))
        plans.append((kept, width))
    while len(kept) > 2:
        kept = [kept[i] for i in thin(len(kept))]
        plans.append((kept, MIN_WIDTH))
    return plans


def animate(
    frames: Sequence[bytes | Image.Image],
    captions: Sequence[Caption],
    *,
    lang: str | None = None,
    limit: int = LIMIT,
    frame_ms: int = FRAME_MS,
    last_ms: int = LAST_MS,
) -> Animated:
    """``frames`` (board pictures of one game, PNG bytes or images) captioned and animated.

    Returns the smaller of an animated WebP and a GIF of the same frames; degrades (fewer frames,
    then narrower) until it is at most ``limit`` bytes, and raises :class:`AnimationTooLarge`
    when even two frames at :data:`MIN_WIDTH` px are over it.
    """
    if not frames:
        raise ValueError("an animation needs at least one frame")
    if len(frames) != len(captions):
        raise ValueError(f"{len(frames)} frames but {len(captions)} captions")
    boards = [_image(frame) for frame in frames]
    smallest: Animated | None = None
    for kept, width in _plans(len(boards)):
        shown = captioned([boards[i] for i in kept], [captions[i] for i in kept], width, lang)
        durations = [frame_ms] * (len(shown) - 1) + [last_ms]
        data, ext = min(encodings(shown, durations), key=lambda pair: len(pair[0]))
        smallest = Animated(data, ext, len(shown), width)
        if len(data) <= limit:
            return smallest
    assert smallest is not None
    raise AnimationTooLarge(
        f"The animation is {len(smallest.data) / 1e6:.1f} MB even at {smallest.frames} frames "
        f"{smallest.width} px wide, over the {limit / 1e6:.1f} MB limit."
    )


def captioned(
    frames: Sequence[bytes | Image.Image],
    captions: Sequence[Caption],
    width: int = WIDTH,
    lang: str | None = None,
) -> list[Image.Image]:
    """The frames of an animation ``width`` px wide: each board scaled, over its caption band.

    Every frame is as tall as the tallest (a shorter board is padded below) and mapped, without
    dithering, onto one palette: the first board's when it has one.
    """
    boards = [_image(frame) for frame in frames]
    palette = _palette(boards[0])
    weights = _weights(captions, lang)
    height = max(round(b.height * width / b.width) for b in boards) + band_height(width)
    return [
        _frame(board, caption, width, height, weights).quantize(palette=palette, dither=Image.Dither.NONE)
        for board, caption in zip(boards, captions, strict=True)
    ]
