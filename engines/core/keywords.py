"""One registry of names bound to handlers: effect keywords, and the task kinds of an agenda.

Why one class: every game maps names found in its data files (an effect keyword on a card) or in
its stored state (a task waiting on the agenda) to small Python handlers. Registering them the
same way everywhere gives one place that refuses a duplicate name and one message, naming the
file, entry and field, for content that uses a name no handler answers to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar, cast

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


class Registry(dict[str, H]):
    """Names bound to handlers for one game (``what`` says what a name is, for messages).

    A dict so that looking a handler up is the plain dict lookup: the agenda does it for every task
    and the choice rules for every action. Bind names with ``register`` or ``add`` only, which refuse
    a second binding; a missing name raises ``LookupError`` naming the game and what it is.
    """

    def __init__(self, game: str, what: str) -> None:
        super().__init__()
        self.game = game
        self.what = what

    def register(self, name: str) -> Callable[[F], F]:
        """A decorator binding ``name`` to the decorated function, which keeps its own type."""

        def bind(handler: F) -> F:
            self.add(name, cast(H, handler))
            return handler

        return bind

    def add(self, name: str, handler: H) -> None:
        """Bind ``name`` to ``handler``; a name is bound once."""
        if name in self:
            raise ValueError(f"{self.game}: {self.what} {name!r} is registered twice")
        super().__setitem__(name, handler)

    def __setitem__(self, name: str, handler: H) -> None:
        self.add(name, handler)

    def __missing__(self, name: str) -> H:
        raise LookupError(f"{self.game}: no handler for {self.what} {name!r}")

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(super().__iter__()))

    def names(self) -> frozenset[str]:
        """Every bound name."""
        return frozenset(super().__iter__())

    def check(self, uses: Iterable[Use]) -> None:
        """Refuse the first use of a name nothing is bound to, naming its file, entry and field."""
        for use in uses:
            if use.name not in self:
                known = ", ".join(self)
                raise ContentError(
                    use.file,
                    use.entry,
                    use.field,
                    f"unknown {self.what} {use.name!r} (known: {known})",
                    game=self.game,
                )
