"""Render cost: public and private images (time, size, width) beside the cost of only encoding them."""

from __future__ import annotations

import io
import itertools
import resource
import time
from collections.abc import Sequence
from dataclasses import dataclass
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
    encode_floor_ms_p50: float  # re-encoding the very pixels shipped, in the PNG mode shipped
    to_floor: float
    cpu_ms_p50: float  # the drawing's thread CPU time: what a busy machine cannot inflate
    cpu_ms_p95: float
    cpu_floor_ms_p50: float  # the floor's thread CPU time
    cpu_to_floor: float
    pillow_encode_ms_p50: float  # for context: Pillow's own PNG encoder (zlib level 3), same pixels
    rgb_encode_ms_p50: float  # for context: the shared RGB encoder on the same pixels
    mode: str  # PNG colour mode shipped (RGB, P for an indexed palette...)
    kb_p50: float
    kb_max: float
    width_min: int
    height_max: int
    floor_faults_p50: float = 0.0  # page faults in one floor encoding (0 when its buffers were reused)


def encode_floor_ms(png: bytes) -> float:
    """Milliseconds to encode the very picture ``png`` holds, in its own colour mode.

    That is the least any renderer must spend to ship those pixels in that format, with the
    encoder the pictures are shipped with (``render.core.png`` for palette pictures); converting
    the drawn RGB canvas to a palette is a choice the renderer makes, so it counts as rendering.
    """
    return encode_floor(png)[0]


def encode_floor(png: bytes) -> tuple[float, float]:
    """``encode_floor_ms`` and the same encoding's thread CPU time, both in milliseconds."""
    wall, cpu, _ = _floor_measured(png)
    return wall, cpu


def _floor_measured(png: bytes) -> tuple[float, float, int]:
    """``encode_floor`` and the page faults the encoding took (its fresh buffers' first touch).

    On a cold heap most of a board's floor is those faults, not compression; the count says
    which kind of floor a ratio was measured against.
    """
    image = Image.open(io.BytesIO(png))
    image.load()
    encode = encode_palette_png if image.mode == "P" else encode_png
    faults, wall, cpu = _minor_faults(), time.perf_counter(), time.thread_time()
    encode(image)
    wall, cpu = (time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000
    return wall, cpu, _minor_faults() - faults


def _minor_faults() -> int:
    """This thread's minor page faults so far (the process's where threads are not told apart)."""
    return resource.getrusage(getattr(resource, "RUSAGE_THREAD", resource.RUSAGE_SELF)).ru_minflt


def _pillow_encode(png: bytes) -> float:
    """Milliseconds for Pillow's PNG encoder on the same pixels and mode (what was shipped before)."""
    image = Image.open(io.BytesIO(png))
    image.load()
    start = time.perf_counter()
    encode_png(image)
    return (time.perf_counter() - start) * 1000


def _rgb_encode(png: bytes) -> float:
    """Milliseconds for the shared RGB encoder on the same pixels (context beside the floor)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    start = time.perf_counter()
    encode_png(image)
    return (time.perf_counter() - start) * 1000


@dataclass
class _Samples:
    """One kind of picture's measurements: wall and thread CPU time, each beside its floor's."""

    times: list[float]
    floors: list[float]
    cpu: list[float]
    cpu_floors: list[float]
    pngs: list[bytes]
    floor_faults: list[int]

    def add(self, wall: float, cpu: float, png: bytes) -> None:
        """Record one drawing and, straight after it, its encode floor."""
        floor_wall, floor_cpu, faults = _floor_measured(png)
        self.floor_faults.append(faults)
        self.times.append(wall)
        self.cpu.append(cpu)
        self.floors.append(floor_wall)
        self.cpu_floors.append(floor_cpu)
        self.pngs.append(png)


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
        pillow_encode_ms_p50=median([_pillow_encode(p) for p in every]),
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
    boards, hands = _Samples([], [], [], [], [], []), _Samples([], [], [], [], [], [])
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
