"""Carrying fields of the same name from one record to another.

A View repeats many of its state's fields, and a sampled world (``determinize``) rebuilds a state
from the fields its View repeats. :func:`carry` reads those fields once, by name, so that each game
lists only what it carries (and the secrets stay out because they are never named), and writes
by hand only the fields that change on the way: renamed, redacted or worked out.
"""

from __future__ import annotations

from typing import Any


def carry(src: object, same: str = "", *, lists: str = "", dicts: str = "") -> dict[str, Any]:
    """Keyword arguments taking ``src``'s fields named in ``same`` as they are, ``lists``/``dicts`` as fresh copies."""
    # Names are space-separated words; a list or dict is copied so that the new record shares no
    # mutable part with ``src`` (a View must not change with its state, nor a world with its View).
    out = {name: getattr(src, name) for name in same.split()}
    for name in lists.split():
        out[name] = list(getattr(src, name))
    for name in dicts.split():
        out[name] = dict(getattr(src, name))
    return out
