"""Loading content data files (TOML) into typed records with precise errors.

Each engine keeps its cards, decks, boards and scenarios as TOML files in its own package and
describes their shape with msgspec Structs. A malformed file raises ``ContentError`` naming the
file, the entry (its ``id`` or ``name`` when it has one) and the field.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from importlib import resources
from typing import Annotated, Any, Protocol, TypeVar

import msgspec

from engines.core.errors import ContentError

T = TypeVar("T")

#: a whole number that cannot be negative (costs, powers, levels, counts, VP...)
NonNegative = Annotated[int, msgspec.Meta(ge=0)]
#: a whole number of at least 1 (copies of a card in a deck...)
Positive = Annotated[int, msgspec.Meta(ge=1)]

_PATH = re.compile(r" - at `\$(?P<path>[^`]*)`$")
_STEP = re.compile(r"\.(?P<key>[A-Za-z_][\w-]*)|\[(?P<index>\d+)\]|(?P<value>\[\.\.\.\])")
_UNKNOWN = re.compile(r"Object contains unknown field `(?P<key>[^`]*)`$")
_ANY_KEY = "[...]"  # msgspec's step for "some value of this table": the key is found by trying each

#: text standing in for a shipped file, by path (see :func:`overridden`); empty outside tests
_OVERRIDES: dict[str, str] = {}


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
            label = node.get("id") or node.get("name") or node.get("key")
            entry = str(label) if label is not None else f"#{step + 1}"
            return entry, _field_path(steps[consumed:])
    return entry, _field_path(steps)


def _field_path(steps: list[str | int]) -> str:
    """A field path as written in a data file: ``effects[0].do``, ``costs.abilities.rage``."""
    text = ""
    for step in steps:
        text += f"[{step}]" if isinstance(step, int) else f".{step}" if text else str(step)
    return text


def _steps(path: str) -> list[str | int]:
    """The keys and indexes of a msgspec error path such as ``.cards[3].power``."""
    steps: list[str | int] = []
    for m in _STEP.finditer(path):
        if m.group("key") is not None:
            steps.append(m.group("key"))
        elif m.group("index") is not None:
            steps.append(int(m.group("index")))
        else:
            steps.append(_ANY_KEY)
    return steps


def _failing_path(raw: Any, kind: type[Any]) -> list[str | int] | None:
    """The steps of the first validation error of ``raw`` as ``kind`` (None when it converts)."""
    try:
        msgspec.convert(raw, kind, strict=True)
    except msgspec.ValidationError as exc:
        match = _PATH.search(str(exc))
        return _steps(match.group("path")) if match else []
    return None


def _name_keys(raw: Any, kind: type[Any], steps: list[str | int]) -> list[str | int]:
    """Replace each ``[...]`` step by the table key whose value fails (msgspec does not say)."""
    for at, step in enumerate(steps):
        if step != _ANY_KEY:
            continue
        node = raw
        try:
            for prior in steps[:at]:
                node = node[prior]
        except (KeyError, IndexError, TypeError):
            return steps
        if not isinstance(node, dict):
            return steps
        for key in node:
            trial = _replace(raw, steps[:at], {key: node[key]})
            failing = _failing_path(trial, kind)
            if failing is not None and failing[: at + 1] == steps[: at + 1]:
                steps = [*steps[:at], key, *steps[at + 1 :]]
                break
    return steps


def _replace(raw: Any, steps: list[str | int], value: Any) -> Any:
    """A copy of ``raw`` with the node at ``steps`` replaced by ``value`` (the rest shared)."""
    if not steps:
        return value
    head, rest = steps[0], steps[1:]
    copy: Any = dict(raw) if isinstance(raw, dict) else list(raw)
    copy[head] = _replace(raw[head], rest, value)
    return copy


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
        steps = _name_keys(raw, kind, _steps(match.group("path")))
        unknown = _UNKNOWN.match(problem)
        if unknown:  # msgspec points at the table; name the stray key as the field
            steps.append(unknown.group("key"))
            problem = "unknown field (not part of this file's schema)"
        entry, field = _entry_label(raw, steps)
        raise ContentError(file, entry, field, problem) from exc


def load_content(package: str, filename: str, kind: type[T]) -> T:
    """Load ``filename`` shipped inside ``package`` (e.g. ``engines.clashofdecks.data``)."""
    path = f"{package.replace('.', '/')}/{filename}"
    if path in _OVERRIDES:
        return parse_content(_OVERRIDES[path], kind, path)
    return parse_content(shipped_text(package, filename), kind, path)


def shipped_text(package: str, filename: str) -> str:
    """The text of a data file shipped inside ``package``, as released."""
    return resources.files(package).joinpath(filename).read_text(encoding="utf-8")


@contextmanager
def overridden(path: str, text: str) -> Iterator[None]:
    """Within the block, :func:`load_content` reads ``text`` for ``path`` (a test seam)."""
    _OVERRIDES[path] = text
    try:
        yield
    finally:
        _OVERRIDES.pop(path, None)


class Named(Protocol):
    """A content entry with an ``id`` (a card design, a deck, a scenario...)."""

    @property
    def id(self) -> str:
        """The entry's id in its data file."""
        ...


N = TypeVar("N", bound=Named)


def by_id(entries: Iterable[N], wanted: str) -> N:
    """The entry whose ``id`` is ``wanted`` (a ``KeyError`` naming it when there is none)."""
    for entry in entries:
        if entry.id == wanted:
            return entry
    raise KeyError(wanted)


def require_unique(file: str, ids: list[str], what: str = "id") -> None:
    """Raise ``ContentError`` if any id appears twice."""
    seen: set[str] = set()
    for item in ids:
        if item in seen:
            raise ContentError(file, item, what, f"duplicate {what}")
        seen.add(item)


def load_rules_pages(package: str, lang: str = "en") -> list[tuple[str, str]]:
    """Split a game's rules summary (Markdown, one ``## `` heading per page) into pages.

    ``rules.md`` is the summary in the game's first language; ``rules.<lang>.md`` holds another
    language's (the English one stands in for a language the game has no summary in).
    """
    folder = resources.files(package)
    translated = folder.joinpath(f"rules.{lang}.md")
    source = translated if translated.is_file() else folder.joinpath("rules.md")
    text = source.read_text(encoding="utf-8")
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
