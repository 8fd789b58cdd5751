"""Loading content data files (TOML) into typed records with precise errors.

Each engine keeps its cards, decks, boards and scenarios as TOML files in its own package and
describes their shape with msgspec Structs. A malformed file raises ``ContentError`` naming the
file, the entry (its ``id`` or ``name`` when it has one) and the field.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from typing import Any, TypeVar

import msgspec

from engines.core.errors import ContentError

T = TypeVar("T")

_PATH = re.compile(r" - at `\$(?P<path>[^`]*)`$")
_STEP = re.compile(r"\.(?P<key>[A-Za-z_][\w-]*)|\[(?P<index>\d+)\]")


def _entry_label(raw: Any, steps: list[str | int]) -> tuple[str, str]:
    """Split a decoded path into (entry label, field path) using the entry's id or name."""
    node = raw
    entry = ""
    consumed = 0
    for consumed, step in enumerate(steps, start=1):
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(step, int) and isinstance(node, dict):
            label = node.get("id") or node.get("name")
            entry = str(label) if label is not None else f"#{step + 1}"
            return entry, ".".join(str(s) for s in steps[consumed:])
    return entry, ".".join(str(s) for s in steps)


def parse_content(text: str | bytes, kind: type[T], file: str) -> T:
    """Decode TOML text into ``kind``; raise ``ContentError`` saying exactly what is wrong."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(file, "", "", f"not valid TOML ({exc})") from exc
    try:
        return msgspec.convert(raw, kind, strict=True)
    except msgspec.ValidationError as exc:
        message = str(exc)
        match = _PATH.search(message)
        if not match:
            raise ContentError(file, "", "", message) from exc
        problem = message[: match.start()]
        steps: list[str | int] = [
            m.group("key") if m.group("key") is not None else int(m.group("index"))
            for m in _STEP.finditer(match.group("path"))
        ]
        entry, field = _entry_label(raw, steps)
        raise ContentError(file, entry, field, problem) from exc


def load_content(package: str, filename: str, kind: type[T]) -> T:
    """Load ``filename`` shipped inside ``package`` (e.g. ``engines.clashofdecks.data``)."""
    data = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    return parse_content(data, kind, f"{package.replace('.', '/')}/{filename}")


def require_unique(file: str, ids: list[str], what: str = "id") -> None:
    """Raise ``ContentError`` if any id appears twice."""
    seen: set[str] = set()
    for item in ids:
        if item in seen:
            raise ContentError(file, item, what, f"duplicate {what}")
        seen.add(item)


def load_rules_pages(package: str, filename: str = "rules.md") -> list[tuple[str, str]]:
    """Split a game's rules summary (Markdown, one ``## `` heading per page) into pages."""
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    pages: list[tuple[str, str]] = []
    title, body = "", list[str]()
    for line in text.splitlines():
        if line.startswith("## "):
            if title:
                pages.append((title, "\n".join(body).strip()))
            title, body = line[3:].strip(), []
        elif title:
            body.append(line)
    if title:
        pages.append((title, "\n".join(body).strip()))
    return pages
