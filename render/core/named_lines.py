"""Lines of player names and words, each fitted apart, so a new name never resizes old words.

A sentence such as "{P1}'s turn" shrunk as a whole to fit its box takes a new size for every
name length: each new player then costs masks of the name *and* of every word around it at that
size. Here the words' size comes from the template alone and each name is fitted to its own slot
in at most three steps, so a new name costs one mask per step and old words keep their sizes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from render.core.measure import Measure, fit, text_width

_NAME_REF = re.compile(r"\{P(\d+)\}")
#: a name's room in a line of names and words, in em of the line's size (a typical name is 6)
NAME_EM = 8.0


class Segment(NamedTuple):
    """One piece of a line of names and words: its text, size and where it starts (px from the left)."""

    text: str
    size: int
    x: float


def fitted_name(
    name: str,
    size: int,
    slot: float,
    weight: str = "regular",
    min_size: int = 14,
    measure: Measure = text_width,
) -> tuple[str, int]:
    """``name`` at the first of ``_steps`` (``size``, halfway, ``min_size``) that fits ``slot``.

    Then ellipsised at ``min_size``. It depends on nothing else on its line, and the steps are
    few so a name's words come in at most three sizes per slot, not a new one per name length.
    """
    for step in _steps(size, min_size):
        if measure(name, step, weight) <= slot:
            return name, step
    return fit(name, min(min_size, size), slot, weight, min(min_size, size), measure)


def _steps(size: int, min_size: int) -> tuple[int, ...]:
    """The sizes a line of names and words may take: ``size``, halfway down, ``min_size``."""
    min_size = min(min_size, size)
    return tuple(dict.fromkeys((size, (size + min_size) // 2, min_size)))


@lru_cache(maxsize=4096)
def _literal_plan(
    template: str, size: int, max_width: float, weight: str, min_size: int, measure: Measure
) -> tuple[int, float] | None:
    """The line's size and each name's slot for ``template``, or None when no size leaves room.

    Worked out from the template alone: the first of ``_steps`` at which the words leave each
    name ``NAME_EM`` em (else the smallest, with what is left shared out). So neither the words'
    size nor a name's depends on the other names: a new name costs one mask per size, and old
    words keep theirs.
    """
    parts = _NAME_REF.split(template)
    words, count = parts[0::2], len(parts) // 2
    if not count:
        return None
    for trial in _steps(size, min_size):
        slot = (max_width - sum(measure(part, trial, weight) for part in words if part)) / count
        if slot >= NAME_EM * trial:
            return trial, slot
    return (trial, slot) if slot >= 2 * trial else None  # not even a short name would fit


def named_line(
    template: str,
    names: Sequence[str],
    size: int,
    max_width: float,
    weight: str = "regular",
    min_size: int = 16,
    measure: Measure = text_width,
) -> list[Segment]:
    """A line of ``{P1}``-style name slots and words, each fitted apart (see ``_literal_plan``).

    The words take one of three sizes from the template alone; each name is fitted to its slot
    from that size down. A template that cannot leave a slot for each name is fitted whole.
    """
    plan = _literal_plan(template, size, max_width, weight, min_size, measure)
    parts = _NAME_REF.split(template)
    if plan is None:
        filled = "".join(part if n % 2 == 0 else _name(names, part) for n, part in enumerate(parts))
        text, fitted = fit(filled, size, max_width, weight, min_size, measure)
        return [Segment(text, fitted, 0.0)]
    words_size, slot = plan
    segments: list[Segment] = []
    x = 0.0
    for n, part in enumerate(parts):
        if n % 2 == 0:
            text, at = part, words_size
        else:
            text, at = fitted_name(_name(names, part), words_size, slot, weight, min_size, measure)
        if text:
            segments.append(Segment(text, at, x))
            x += measure(text, at, weight)
    return segments


def _name(names: Sequence[str], number: str) -> str:
    """The name of seat ``number`` (counted from 1), or "Player N"."""
    index = int(number) - 1
    return names[index] if 0 <= index < len(names) and names[index] else f"Player {index + 1}"
