"""Carrying fields of the same name from one record to another.

A View repeats many of its state's fields, and a sampled world (``determinize``) rebuilds a state
from the fields its View repeats. :func:`carry` reads those fields once, by name, so that each game
lists only what it carries (and the secrets stay out because they are never named), and writes
by hand only the fields that change on the way: renamed, redacted or worked out.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any


def carry(src: object, same: str = "", *, lists: str = "", dicts: str = "") -> dict[str, Any]:
    """``src``'s fields named in ``same`` as keyword arguments, and ``lists``/``dicts`` as fresh copies."""
    # A list or dict is copied so that the new record shares no mutable part with ``src`` (a View
    # must not change with its state, nor a world with its View).
    return _reader(same, lists, dicts)(src)


@cache
def _reader(same: str, lists: str, dicts: str) -> Callable[[Any], dict[str, Any]]:
    """One function reading the named fields, built once per list of names.

    Views are built after every action and worlds for every sampled playout, so the reader is
    written out as plain attribute reads, as fast as the same dict written by hand (a loop of
    ``getattr`` costs about three times as much); every name must be a plain identifier.
    """
    items = [(name, "{}") for name in same.split()]
    items += [(name, "list({})") for name in lists.split()]
    items += [(name, "dict({})") for name in dicts.split()]
    for name, _ in items:
        if not name.isidentifier():
            raise ValueError(f"carry: {name!r} is not a field name")
    body = ", ".join(f"{name!r}: {how.format('src.' + name)}" for name, how in items)
    reader: Callable[[Any], dict[str, Any]] = eval(f"lambda src: {{{body}}}", {})
    return reader
