"""Render cost: public and private images (time, size, width) beside the cost of only encoding them.

A picture's floor is the reference encode of the very pixels shipped (DESIGN.md, "Performance
figures"): Pillow's PNG encoder at level 3, in the picture's own colour mode, as every benchmark
since the first has measured it. The encoder we ship (``render.core.png``, over ISA-L's deflate)
is faster; that lowers a picture's cost, not its floor. So each picture is timed whole (drawing
and the shipped encode), beside the reference floor, and the shipped encode is timed apart on the
same pixels, which gives the drawing alone as the difference.
"""

from __future__ import annotations

import io
import itertools
import resource
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from bot.bench.samples import Names
from bot.bench.stats import median, percentile, ratio
from engines.core import AnyRuleset
from render.core import encode_png
from render.core.memo import clear_all
from render.core.png import encode_palette_png
from render.core.renderer import Renderer

#: New names for every picture measured in the process, whatever the mode: a fresh ``Names`` per
#: mode handed the next mode the names (and so the cached word masks) of the one before. The
#: count starts far above the pipeline's, which draws its own new names from 1.
_NEW_NAMES = Names("")
_NEW_NAMES.count = itertools.count(1_000_000)
_WARM_NAMES = Names("Warm ")


@dataclass(frozen=True)
class ImageFigures:
    """Figures for one kind of image (public board or private hand)."""

    images: int
    ms_p50: float
    ms_p95: float
    encode_floor_ms_p50: float  # the reference encode (Pillow, level 3) of the very pixels shipped
    to_floor: float
    cpu_ms_p50: float  # a picture's thread CPU (drawing + shipped encode): a busy machine cannot inflate it
    cpu_ms_p95: float
    cpu_floor_ms_p50: float  # the reference floor's thread CPU time
    cpu_to_floor: float
    shipped_cpu_ms_p50: float  # the shipped encoder (ISA-L palette PNG) alone on the same pixels, thread CPU
    drawing_cpu_ms_p50: float  # each picture's thread CPU less its shipped encode: the drawing alone
    rgb_encode_ms_p50: float  # for context: the shared RGB encoder on the same pixels
    mode: str  # PNG colour mode shipped (RGB, P for an indexed palette...)
    kb_p50: float
    kb_max: float
    width_min: int
    height_max: int
    floor_faults_p50: float = 0.0  # page faults in one floor encoding (0 when its buffers were reused)


def reference_encode(image: Image.Image) -> bytes:
    """The floor's encoding: Pillow's PNG encoder at level 3, in the image's own mode (DESIGN.md)."""
    return encode_png(image, compress_level=3)


def shipped_encode(image: Image.Image) -> bytes:
    """The encoding pictures are shipped with: the palette writer over ISA-L for "P" images."""
    return encode_palette_png(image) if image.mode == "P" else encode_png(image)


def encode_floor_ms(png: bytes) -> float:
    """Milliseconds of the reference encode of the very picture ``png`` holds, in its own colour mode.

    Converting a drawn RGB canvas to a palette is a choice the renderer makes, so it counts as
    rendering; the encoding of the pixels it chose is the floor.
    """
    return encode_floor(png)[0]


def encode_floor(png: bytes) -> tuple[float, float]:
    """``encode_floor_ms`` and the same encoding's thread CPU time, both in milliseconds."""
    wall, cpu, _ = _floor_measured(png)
    return wall, cpu


def _decoded(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _floor_measured(png: bytes) -> tuple[float, float, int]:
    """``encode_floor`` and the page faults the encoding took (its fresh buffers' first touch).

    On a cold heap much of a floor can be those faults, not compression; the count says which
    kind of floor a ratio was measured against.
    """
    image = _decoded(png)
    faults, wall, cpu = _minor_faults(), time.perf_counter(), time.thread_time()
    reference_encode(image)
    wall, cpu = (time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000
    return wall, cpu, _minor_faults() - faults


def shipped_cpu_ms(png: bytes) -> float:
    """Thread CPU milliseconds of the shipped encoder on the very pixels ``png`` holds."""
    image = _decoded(png)
    cpu = time.thread_time()
    shipped_encode(image)
    return (time.thread_time() - cpu) * 1000


def _minor_faults() -> int:
    """This thread's minor page faults so far (the process's where threads are not told apart)."""
    return resource.getrusage(getattr(resource, "RUSAGE_THREAD", resource.RUSAGE_SELF)).ru_minflt


def _rgb_encode(png: bytes) -> float:
    """Milliseconds for the shared RGB encoder on the same pixels (context beside the floor)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    start = time.perf_counter()
    encode_png(image)
    return (time.perf_counter() - start) * 1000


@dataclass
class _Samples:
    """One kind of picture's measurements: wall and thread CPU time, each beside its floor's, and
    the shipped encode's thread CPU time on the same pixels."""

    times: list[float] = field(default_factory=list)
    floors: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    cpu_floors: list[float] = field(default_factory=list)
    pngs: list[bytes] = field(default_factory=list)
    floor_faults: list[int] = field(default_factory=list)
    shipped: list[float] = field(default_factory=list)

    def add(self, wall: float, cpu: float, png: bytes) -> None:
        """Record one drawing and, straight after it, its reference floor and its shipped encode."""
        floor_wall, floor_cpu, faults = _floor_measured(png)
        self.floor_faults.append(faults)
        self.times.append(wall)
        self.cpu.append(cpu)
        self.floors.append(floor_wall)
        self.cpu_floors.append(floor_cpu)
        self.pngs.append(png)
        self.shipped.append(shipped_cpu_ms(png))


def _figures(found: _Samples) -> ImageFigures | None:
    pngs = found.pngs
    if not pngs:
        return None
    every = pngs[:: max(1, len(pngs) // 8)]
    sizes = [len(p) / 1024 for p in pngs]
    dims = [Image.open(io.BytesIO(p)).size for p in pngs]
    return ImageFigures(
        images=len(pngs),
        ms_p50=median(found.times),
        ms_p95=percentile(found.times, 95),
        encode_floor_ms_p50=median(found.floors),
        to_floor=ratio(median(found.times), median(found.floors)),
        cpu_ms_p50=median(found.cpu),
        cpu_ms_p95=percentile(found.cpu, 95),
        cpu_floor_ms_p50=median(found.cpu_floors),
        cpu_to_floor=ratio(median(found.cpu), median(found.cpu_floors)),
        kb_p50=median(sizes),
        kb_max=max(sizes),
        shipped_cpu_ms_p50=median(found.shipped),
        drawing_cpu_ms_p50=median(
            [cpu - shipped for cpu, shipped in zip(found.cpu, found.shipped, strict=True)]
        ),
        rgb_encode_ms_p50=median([_rgb_encode(p) for p in every]),
        mode=Image.open(io.BytesIO(pngs[0])).mode,
        width_min=min(w for w, _ in dims),
        height_max=max(h for _, h in dims),
        floor_faults_p50=median([float(f) for f in found.floor_faults]),
    )


def private_seat(ruleset: AnyRuleset, state: Any) -> int:
    """The seat whose private image to draw: one being asked, else seat 0."""
    prompts = ruleset.prompts(state)
    return min(prompts) if prompts else 0


def measure_render(
    ruleset: AnyRuleset,
    renderer: Renderer,
    states: list[Any],
    rounds: int = 1,
    warm: Sequence[Any] = (),
) -> tuple[ImageFigures | None, ImageFigures | None]:
    """Render every state's public and private image ``rounds`` times, each followed at once by
    its encode floor; return (public, private) figures.

    Renderers remember pictures (``render.core.memo``); every cache is emptied before each
    drawing so these figures are the cost of drawing, and the pipeline shows what the cache saves.
    The ``warm`` states (from other games than ``states``) are drawn first, untimed: a running bot
    has long since loaded its fonts and rasterised the labels every board repeats, so a figure
    from a cold process would mostly measure its first minute. Every picture is drawn with
    player names never drawn before in the process (warm-up ones and other modes' included): a
    busy bot meets new players all the time, and a name already rasterised would flatter the
    figure. Each drawing is timed in wall and in thread CPU time, and so is its floor.
    """
    for state in warm:
        clear_all()
        spectator = ruleset.view(state, None)
        names = _WARM_NAMES.seats(spectator.players)
        renderer.board(spectator, names)
        renderer.hand(ruleset.view(state, private_seat(ruleset, state)), names)
    views = [
        (ruleset.view(state, None), ruleset.view(state, private_seat(ruleset, state))) for state in states
    ]
    boards, hands = _Samples(), _Samples()
    for _ in range(rounds):
        for public_view, seat_view in views:
            names = _NEW_NAMES.seats(public_view.players)  # every picture meets new players
            clear_all()
            wall, cpu = time.perf_counter(), time.thread_time()
            png = renderer.board(public_view, names)
            boards.add((time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000, png)
            clear_all()
            wall, cpu = time.perf_counter(), time.thread_time()
            hand = renderer.hand(seat_view, names)
            if hand is not None:
                hands.add((time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000, hand)
    return _figures(boards), _figures(hands)
