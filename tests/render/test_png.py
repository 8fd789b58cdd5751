"""The hand-written palette PNG: every shipped picture decodes to what Pillow's own PNG decodes to."""

from __future__ import annotations

import io
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from PIL import Image

from bot.bench.samples import bench_config, random_game, spread
from engines import registry
from render import registry as renderers
from render.core import png
from render.core.png import encode_palette_png
from render.core.renderer import MemoRenderer

#: each game and mode at its most seats (in each language), as the bench draws them
CASES = [
    pytest.param(slug, mode.name, lang, id=f"{slug}-{mode.name}" + (f"-{lang}" if lang else ""))
    for slug in registry.slugs()
    for mode in registry.get(slug).modes
    for lang in (registry.get(slug).languages if len(registry.get(slug).languages) > 1 else (None,))
]


def pillow_png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=3)  # what pictures were saved with before
    return buffer.getvalue()


def decoded(data: bytes) -> tuple[str, tuple[int, int], bytes, list[int] | None, Any]:
    """Everything a viewer gets from a PNG: mode, size, pixel indices, palette, transparency."""
    image = Image.open(io.BytesIO(data))
    image.load()  # Pillow checks every chunk's CRC as it reads
    return image.mode, image.size, image.tobytes(), image.getpalette(), image.info.get("transparency")


def pictures(slug: str, mode: str, lang: str | None) -> list[Image.Image]:
    """The palette images of the board and every seat's hand midway through a game and at its end."""
    ruleset = registry.get(slug)
    renderer = renderers.get(slug)
    assert isinstance(renderer, MemoRenderer)
    config = bench_config(ruleset, mode, lang)
    names = [f"Seat {n + 1}" for n in range(config.players)]
    images = []
    for state in spread(random_game(ruleset, config, 3), 3)[1:]:
        images.append(renderer.draw_board(ruleset.view(state, None), names).image)
        for seat in range(config.players):
            part = renderer.hand_part(ruleset.view(state, seat))
            canvas = None if part is None else renderer.draw_hand(part, names)
            if canvas is not None:
                images.append(canvas.image)
    return images


@pytest.mark.parametrize(("slug", "mode", "lang"), CASES)
def test_every_shipped_picture_decodes_to_the_pixels_and_palette_pillow_would_ship(
    slug: str, mode: str, lang: str | None
) -> None:
    new_bytes = old_bytes = 0
    for image in pictures(slug, mode, lang):
        assert image.mode == "P"  # drawn on the palette: the writer's fast path, not its fallback
        ours, pillows = encode_palette_png(image), pillow_png(image)
        assert decoded(ours) == decoded(pillows)
        new_bytes, old_bytes = new_bytes + len(ours), old_bytes + len(pillows)
        assert len(ours) <= 1.12 * len(pillows)  # the worst picture (an Eternia map) is about 1.09×
    assert 0.95 <= new_bytes / old_bytes <= 1.10


def test_the_deflate_is_isal_when_installed() -> None:
    assert png.DEFLATE == "isal" and png.LEVEL in (1, 2)


def test_without_isal_zlib_writes_the_same_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    import zlib

    image = pictures("arclash", "standard", None)[0]
    monkeypatch.setattr(png, "_compress", zlib.compress)
    monkeypatch.setattr(png, "LEVEL", 3)
    assert decoded(encode_palette_png(image)) == decoded(pillow_png(image))


def strip(colours: int) -> Image.Image:
    image = Image.new("P", (40, 3))
    image.putpalette([v for n in range(colours) for v in (n * 7 % 256, n * 3 % 256, 255 - n)])
    image.putdata([n % colours for n in range(120)])
    return image


@pytest.mark.parametrize("transparency", [0, 5, 300, bytes(range(0, 250, 10))])
def test_transparency_comes_through_as_pillow_writes_it(transparency: int | bytes) -> None:
    image = strip(40)
    image.info["transparency"] = transparency
    ours = encode_palette_png(image)
    assert b"tRNS" in ours
    assert decoded(ours) == decoded(pillow_png(image))


def test_short_palettes_and_other_metadata_are_left_to_pillow() -> None:
    small = strip(12)  # Pillow packs 12 colours into 4 bits a pixel
    assert encode_palette_png(small) == pillow_png(small)
    tagged = strip(40)
    tagged.info["icc_profile"] = b"not a real profile"
    assert encode_palette_png(tagged) == pillow_png(tagged)


def test_a_palette_png_needs_a_palette_image() -> None:
    with pytest.raises(ValueError, match="mode P image, not RGB"):
        encode_palette_png(Image.new("RGB", (2, 2)))


def test_the_reused_row_buffer_never_carries_one_picture_into_the_next() -> None:
    # the row stream's image is kept per thread while the size repeats: sizes alternate here and a
    # picture follows a different one of its size, and each still decodes to its own pixels
    shown = []
    for size, fill in (((40, 30), 7), ((40, 30), 200), ((25, 30), 9), ((40, 30), 31), ((40, 31), 64)):
        image = Image.new("P", size, fill)
        image.putpalette(bytes(range(256)) * 3)
        image.putpixel((0, 0), 255 - fill)
        shown.append(decoded(encode_palette_png(image)) == decoded(pillow_png(image)))
    assert shown == [True] * 5


def idat(data: bytes) -> bytes:
    """The IDAT chunk's data of a PNG with one IDAT."""
    start = data.index(b"IDAT") + 4
    return data[start : start + int.from_bytes(data[start - 8 : start - 4], "big")]


def test_the_idat_is_the_rows_deflated_in_one_call_whatever_came_before() -> None:
    # each picture's IDAT is the one-call deflate of its rows, each after a zero filter byte, built
    # here row by row; the sizes shrink and grow so the kept buffer holds an earlier picture's
    # pixels where this one's filter bytes go
    for size in ((60, 40), (33, 20), (60, 12), (17, 45), (60, 40)):
        image = Image.new("P", size)
        image.putpalette(bytes(range(256)) * 3)
        image.putdata([(7 * n + size[0]) % 251 + 1 for n in range(size[0] * size[1])])
        rows = image.tobytes()
        stream = b"".join(b"\0" + rows[y * size[0] : (y + 1) * size[0]] for y in range(size[1]))
        assert idat(encode_palette_png(image)) == png._compress(memoryview(stream), png.LEVEL)


def test_two_threads_encoding_at_once_each_deflate_their_own_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    # the deflate is held until both threads have laid out their rows: were the scratch buffer
    # shared, the second paste would overwrite the first picture's rows before they are deflated
    images = []
    for shift in (0, 101):
        image = Image.new("P", (120, 80))
        image.putpalette(bytes(range(256)) * 3)
        image.putdata([(n + shift) % 256 for n in range(120 * 80)])
        images.append(image)
    alone = [encode_palette_png(image) for image in images]
    both_laid_out = threading.Barrier(2)
    deflate = png._compress

    def deflate_once_both_are_laid_out(rows: memoryview, level: int) -> bytes:
        both_laid_out.wait(timeout=30)
        return deflate(rows, level)

    monkeypatch.setattr(png, "_compress", deflate_once_both_are_laid_out)
    with ThreadPoolExecutor(2) as pool:
        together = list(pool.map(encode_palette_png, images))
    assert together == alone
