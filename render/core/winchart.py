"""A game review's chart: each side's chance of winning along the game, with its turning points marked.

Drawn at 1100 x 520 like the rating chart (:mod:`render.core.chart`), so Discord's ~550 px preview
keeps every label readable. Each side's line is in its seat colour (the first seat of a team; grey
for the rules' own opponent), the y axis runs 0-100 %, x counts the game's steps, and each turning
point is a dashed upright with its number in a ring above the plot, where no line can cover it.
"""

from __future__ import annotations

from collections.abc import Sequence

from render.core.canvas import Canvas, text_width
from render.core.palette import INK, MUTED, PANEL, PAPER, RGB, tint

WIDTH, HEIGHT = 1100, 520
_LEFT, _RIGHT, _TOP, _BOTTOM = 100, 40, 132, 62
_LINE = 6
_MARK_RADIUS = 17
#: the x axis's name in the languages the games are shown in (the title names the y axis)
_STEP = {"en": "step", "ja": "ステップ"}


def _weight(lang: str, bold: bool = False) -> str:
    if lang == "ja":
        return "ja-bold" if bold else "ja"
    return "bold" if bold else "regular"


def _ticks(last: int) -> list[int]:
    """Round step numbers for the x axis (about six of them, the last step included)."""
    step = next((s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000) if last / s <= 6), 2000)
    ticks = list(range(0, last + 1, step))
    if last - ticks[-1] > step / 2:
        ticks.append(last)
    elif ticks[-1] != last:
        ticks[-1] = last
    return ticks


def win_chart(
    points: Sequence[tuple[int, Sequence[float]]],
    sides: Sequence[tuple[str, RGB]],
    marks: Sequence[int],
    last: int,
    title: str,
    lang: str = "en",
) -> bytes:
    """A PNG of each side's chance (0..1 per point, ``(step, chances)`` in step order) over 0..``last``.

    ``sides`` are (label, colour) in the order of the chances; ``marks`` the turning points'
    steps, numbered 1, 2, 3 in that order.
    """
    canvas = Canvas(WIDTH, HEIGHT, PAPER)
    canvas.text(
        (_LEFT, 18), title, size=30, fill=INK, weight=_weight(lang, True), max_width=WIDTH - _LEFT - _RIGHT
    )
    _legend(canvas, sides, lang)
    plot_w = WIDTH - _LEFT - _RIGHT
    plot_h = HEIGHT - _TOP - _BOTTOM
    span = max(last, 1)

    def x_of(step: int) -> float:
        return _LEFT + step / span * plot_w

    def y_of(chance: float) -> float:
        return _TOP + plot_h - chance * plot_h

    canvas.draw.rectangle((_LEFT, _TOP, _LEFT + plot_w, _TOP + plot_h), fill=tint(PANEL, 0.5))
    for percent in (0, 25, 50, 75, 100):
        y = y_of(percent / 100)
        canvas.draw.line((_LEFT, y, _LEFT + plot_w, y), fill=PANEL, width=3 if percent == 50 else 2)
        canvas.text((_LEFT - 12, y), f"{percent}%", size=22, fill=MUTED, anchor="rm")
    for tick in _ticks(span):
        x = x_of(tick)
        canvas.draw.line((x, _TOP + plot_h, x, _TOP + plot_h + 8), fill=MUTED, width=2)
        canvas.text((x, _TOP + plot_h + 12), str(tick), size=22, fill=MUTED, anchor="ma")
    plain = _weight(lang)
    canvas.text(
        (_LEFT + plot_w / 2, HEIGHT - 4),
        _STEP.get(lang, _STEP["en"]),
        size=20,
        fill=MUTED,
        weight=plain,
        anchor="md",
    )
    for step in marks:
        _dashed(canvas, x_of(step), _TOP, _TOP + plot_h)
    # drawn last side first, so the first side's line is on top where they cross
    for index in reversed(range(len(sides))):
        colour = sides[index][1]
        xy = [(x_of(step), y_of(chances[index])) for step, chances in points]
        if len(xy) > 1:
            canvas.draw.line(xy, fill=colour, width=_LINE, joint="curve")
        x, y = xy[-1] if xy else (x_of(0), y_of(0.5))
        canvas.draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=colour, outline=PAPER, width=3)
    r = _MARK_RADIUS
    y = _TOP - r - 6
    for number, (x, at) in enumerate(_mark_places([x_of(step) for step in marks], _LEFT, WIDTH - 4), start=1):
        if at != x:  # moved aside from a neighbour: a short lead back to its step
            canvas.draw.line((x, y, at, _TOP), fill=INK, width=2)
        canvas.draw.ellipse((x - r, y - r, x + r, y + r), fill=INK, outline=PAPER, width=2)
        canvas.text((x, y), str(number), size=22, fill=PAPER, weight="bold", anchor="mm")
    return canvas.png()


def _mark_places(xs: Sequence[float], low: float, high: float) -> list[tuple[float, float]]:
    """Where each numbered ring goes (its centre, then its step's x): rings of close steps are set
    side by side instead of on top of each other, kept inside ``low``..``high``."""
    gap = 2 * _MARK_RADIUS + 4
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    placed = [0.0] * len(xs)
    previous = low - gap
    for i in order:
        placed[i] = max(xs[i], previous + gap, low + _MARK_RADIUS)
        previous = placed[i]
    overflow = max((placed[i] - (high - _MARK_RADIUS) for i in order), default=0.0)
    if overflow > 0:  # pushed past the right edge: move the whole run back left
        for i in order:
            placed[i] -= overflow
    return [(placed[i], xs[i]) for i in range(len(xs))]


def _dashed(canvas: Canvas, x: float, top: float, bottom: float) -> None:
    """An upright dashed line at ``x``: a turning point's step."""
    y = top
    while y < bottom:
        canvas.draw.line((x, y, x, min(y + 10, bottom)), fill=INK, width=2)
        y += 18


def _legend(canvas: Canvas, sides: Sequence[tuple[str, RGB]], lang: str) -> None:
    """Each side's colour and label in one row under the title (labels shrink to share the row)."""
    room = (WIDTH - _LEFT - _RIGHT) / max(len(sides), 1)
    x = float(_LEFT)
    for label, colour in sides:
        canvas.draw.rounded_rectangle((x, 62, x + 34, 78), radius=6, fill=colour)
        canvas.text(
            (x + 44, 70), label, size=24, fill=INK, weight=_weight(lang), anchor="lm", max_width=room - 60
        )
        x += min(room, 44 + text_width(label, 24, _weight(lang)) + 40)
