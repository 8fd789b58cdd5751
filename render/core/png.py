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
from collections.abc import Callable

from PIL import Image

try:
    from isal import isal_zlib

    #: ISA-L's level 2: as small as its level 1 for board art and as fast (level 3 is 4× slower)
    _compress: Callable[[memoryview, int], bytes] = isal_zlib.compress
    _crc32: Callable[[bytes, int], int] = isal_zlib.crc32  # several times zlib's speed over an IDAT
    DEFLATE, LEVEL = "isal", 2
except ImportError:  # pragma: no cover - isal is a dependency; this keeps a bare install working
    _compress = zlib.compress
    _crc32 = zlib.crc32
    DEFLATE, LEVEL = "zlib", 3  # Pillow's own level for these pictures

SIGNATURE = b"\x89PNG\r\n\x1a\n"
_scratch = threading.local()  # each thread's own row-stream buffer (see ``_rows``)
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


def _rows(image: Image.Image) -> memoryview:
    """The filtered scanlines of an 8-bit image (each row after a zero "None" filter byte), as a view
    of this thread's scratch buffer: valid only until this thread encodes its next picture.

    An "L" image mapped onto the buffer, one column wider than ``image``, takes ``image`` in one
    paste (the interleaving done in C; a join of row slices in Python costs four times as much),
    so the deflate reads the rows where the paste wrote them. The buffer is kept per thread and
    only grows: a fresh 1.4 MB image and a 1.4 MB byte string for each board (whose height changes
    from click to click) cost about 700 page faults, most of the encode.
    """
    width, height = image.size
    size = (width + 1) * height
    buffer: bytearray | None = getattr(_scratch, "buffer", None)
    if buffer is None or len(buffer) < size:
        buffer = bytearray(size)
        _scratch.buffer = buffer
    # mapping is cheap (a row table, no pixels); the mapped image exports the buffer while it lives
    wide = Image.frombuffer("L", (width + 1, height), buffer, "raw", "L", 0, 1).im
    # the core's paste, not the Image's: a mapped image is read-only to Pillow, which would copy it
    wide.paste(0, (0, 0, 1, height))  # the filter bytes (an earlier, other width left pixels there)
    wide.paste(image.im, (1, 0, width + 1, height))
    return memoryview(buffer)[:size]


def row_stream(image: Image.Image) -> bytes:
    """The filtered scanlines of an 8-bit image: each row's bytes after a zero (filter "None") byte."""
    return bytes(_rows(image))


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
    # deflated in one call, straight from the scratch buffer: the same bytes as deflating a copy
    chunks += [_chunk(b"IDAT", _compress(_rows(image), LEVEL)), _chunk(b"IEND", b"")]
    return b"".join(chunks)
