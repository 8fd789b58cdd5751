"""One registry of names bound to handlers: effect keywords, and the task kinds of an agenda.

Why one class: every game maps names found in its data files (an effect keyword on a card) or in
its stored state (a task waiting on the agenda) to small Python handlers. Registering them the
same way everywhere gives one place that refuses a duplicate name and one message, naming the
file, entry and field, for content that uses a name no handler answers to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, TypeVar, cast

from engines.core.errors import ContentError

H = TypeVar("H")
F = TypeVar("F", bound=Callable[..., Any])


class Use:
    """Where content uses a name: the data file, the entry, the field, and the name itself."""

    __slots__ = ("entry", "field", "file", "name")

    def __init__(self, file: str, entry: str, field: str, name: str) -> None:
        self.file = file
        self.entry = entry
        self.field = field
        self.name = name


class Registry(Generic[H]):
    """Names bound to handlers for one game (``what`` says what a name is, for messages)."""

    def __init__(self, game: str, what: str) -> None:
        self.game = game
        self.what = what
        self._handlers: dict[str, H] = {}

    def register(self, name: str) -> Callable[[F], F]:
        """A decorator binding ``name`` to the decorated function, which keeps its own type."""

        def bind(handler: F) -> F:
            self.add(name, cast(H, handler))
            return handler

        return bind

    def add(self, name: str, handler: H) -> None:
        """Bind ``name`` to ``handler``; a name is bound once."""
        if name in self._handlers:
            raise ValueError(f"{self.game}: {self.what} {name!r} is registered twice")
        self._handlers[name] = handler

    def __getitem__(self, name: str) -> H:
        try:
            return self._handlers[name]
        except KeyError:
            raise LookupError(f"{self.game}: no handler for {self.what} {name!r}") from None

    def __contains__(self, name: object) -> bool:
        return name in self._handlers

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._handlers))

    def __len__(self) -> int:
        return len(self._handlers)

    def names(self) -> frozenset[str]:
        """Every bound name."""
        return frozenset(self._handlers)

    def check(self, uses: Iterable[Use]) -> None:
        """Refuse the first use of a name nothing is bound to, naming its file, entry and field."""
        for use in uses:
            if use.name not in self._handlers:
                known = ", ".join(sorted(self._handlers))
                raise ContentError(
                    use.file,
                    use.entry,
                    use.field,
                    f"unknown {self.what} {use.name!r} (known: {known})",
                    game=self.game,
                )
