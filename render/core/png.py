"""Palette PNG bytes written by hand over a fast deflate; Pillow only draws.

Every shipped picture is a "P" image with a 256-colour palette, saved with filter 0 on every row,
so its IDAT stream is just each row's palette indices after a zero byte. Pillow compresses that
stream with zlib at level 3, about a third of a board's drawing cost; ISA-L (the ``isal`` package)
deflates the same stream in an eighth of the time for a few per cent more bytes. The chunks are
the ones Pillow writes for such an image (IHDR, PLTE, tRNS when the image has transparency, one
IDAT, IEND), so a decoder reads back the very same pixels and palette. Without ``isal`` the
stdlib's zlib at Pillow's level does the deflate, so nothing breaks, it is only slower.
"""

from __future__ import annotations

import io
import struct
import threading
import zlib
from collections.abc import Callable, Iterator
from typing import Any

from PIL import Image

try:
    from isal import isal_zlib

    #: ISA-L's level 2: as small as its level 1 for board art and as fast (level 3 is 4× slower)
    _compressor: Callable[[int], Any] = isal_zlib.compressobj
    _crc32: Callable[[bytes, int], int] = isal_zlib.crc32  # several times zlib's speed over an IDAT
    DEFLATE, LEVEL = "isal", 2
except ImportError:  # pragma: no cover - isal is a dependency; this keeps a bare install working
    _compressor = zlib.compressobj
    _crc32 = zlib.crc32
    DEFLATE, LEVEL = "zlib", 3  # Pillow's own level for these pictures

SIGNATURE = b"\x89PNG\r\n\x1a\n"
_scratch = threading.local()  # each thread's row-stream images by width (see ``_wide``)
#: widths whose row-stream image a thread keeps (the shipped pictures come in a handful)
_WIDTHS = 4
#: bytes of rows handed to the deflate at a time
_CHUNK = 1 << 18
_INFO_WRITTEN = frozenset({"transparency"})  # any other info (an ICC profile...) goes to Pillow


def _chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data and the CRC of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", _crc32(data, zlib.crc32(kind)))


def _pillow_png(image: Image.Image) -> bytes:
    """Pillow's PNG of ``image`` at level 3 (for what the hand-written writer does not cover)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


def palette_colours(image: Image.Image) -> int:
    """How many palette entries Pillow writes for ``image`` (its palette's length, 1 to 256)."""
    if image.palette is None:
        return 256
    # the palette as it was given (a list or bytes): ``getdata`` would convert a list to bytes first
    return max(min(len(image.palette.palette) // 3, 256), 1)


def _wide(image: Image.Image) -> Image.Image:
    """This thread's "L" image one column wider than ``image`` and at least as tall, ``image`` pasted
    one column in: each of its first rows is then a scanline after its zero filter byte.

    The interleaving is one paste in C (a join of row slices in Python costs four times as much).
    The wide image is kept per thread and width and only grows: boards of one game differ in
    height from click to click, and a fresh 1.4 MB image each time cost about 350 page faults, a
    third of a board's encode. Its first column is never pasted over, so it stays zero.
    """
    width, height = image.size
    kept: dict[int, Image.Image] = getattr(_scratch, "wide", None) or {}
    _scratch.wide = kept
    wide = kept.pop(width, None)  # popped and put back: the dict's order is least recent first
    if wide is None or wide.height < height:
        wide = Image.new("L", (width + 1, height), 0)
    kept[width] = wide
    while len(kept) > _WIDTHS:
        del kept[next(iter(kept))]
    wide.im.paste(image.im, (1, 0, width + 1, height))
    return wide


def _row_chunks(image: Image.Image) -> Iterator[bytes]:
    """The filtered scanlines of an 8-bit image (each row after a zero byte), in pieces of whole rows."""
    width, height = image.size
    encoder = Image._getencoder("L", "raw", ("L",))
    # only the rows of this picture: the kept image may be taller
    encoder.setimage(_wide(image).im, (0, 0, width + 1, height))
    while True:
        _, done, data = encoder.encode(max(_CHUNK, width + 1))
        yield data
        if done:
            return


def row_stream(image: Image.Image) -> bytes:
    """The filtered scanlines of an 8-bit image: each row's bytes after a zero (filter "None") byte."""
    return b"".join(_row_chunks(image))


def deflated_rows(image: Image.Image, level: int | None = None) -> bytes:
    """The zlib stream of :func:`row_stream` (the IDAT data), deflated piece by piece as it is read.

    Never holding the whole stream saves a megabyte of fresh memory (page faults) a board.
    """
    compressor = _compressor(LEVEL if level is None else level)
    parts = [compressor.compress(chunk) for chunk in _row_chunks(image)]
    parts.append(compressor.flush())
    return b"".join(parts)


def encode_palette_png(image: Image.Image) -> bytes:
    """PNG bytes of a "P" image, decoding to exactly the pixels and palette Pillow's save would give.

    Palettes of 16 colours or fewer (which Pillow packs into fewer bits a pixel), RGBA palettes
    and images carrying other metadata than transparency are left to Pillow.
    """
    if image.mode != "P":
        raise ValueError(f"a palette PNG is written from a mode P image, not {image.mode}")
    image.load()
    colours = palette_colours(image)
    rgb = image.palette is None or image.palette.mode == "RGB"  # an RGBA palette carries its alpha
    if colours <= 16 or not rgb or not _INFO_WRITTEN.issuperset(image.info):
        return _pillow_png(image)
    width, height = image.size
    palette = image.im.getpalette("RGB")[: colours * 3].ljust(colours * 3, b"\0")
    chunks = [
        SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
        _chunk(b"PLTE", palette),
    ]
    transparency = image.info.get("transparency")
    if isinstance(transparency, bytes):
        chunks.append(_chunk(b"tRNS", transparency[:colours]))
    elif isinstance(transparency, int):  # one transparent index, as Pillow writes it
        chunks.append(_chunk(b"tRNS", (b"\xff" * max(0, min(255, transparency)) + b"\0")[:colours]))
    chunks += [_chunk(b"IDAT", deflated_rows(image)), _chunk(b"IEND", b"")]
    return b"".join(chunks)
