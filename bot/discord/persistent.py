"""The base of every persistent button and select: its state is its custom_id's named groups.

As discord.py's dynamic-item example reads ``int(match["count"])`` out of its template, a
:class:`PersistentButton` or :class:`PersistentSelect` subclass declares one typed field per named
group of its template, in the order its constructor takes them, and names the ``bot.discord.ids``
function that writes the id::

    class HandButton(PersistentButton, template=ids.HAND, make_id=ids.hand_id):
        table: int
        _: KW_ONLY
        label: str = "Show my hand"

The base then builds the component, and rebuilds the item from a click's custom_id with each
field read as its type says (``int``; ``str``, "" for a group that did not take part; ``int |
None``, where "-" stands for None), carrying over the clicked button's label or the select's
options. How it looks (label, style, placeholder, ...) are keyword-only fields after ``KW_ONLY``;
a subclass redeclares one there to change its default. Type checkers see the constructor as a
dataclass's (``dataclass_transform``), so every call site is checked.
"""

from __future__ import annotations

import inspect
import re
import typing
from collections.abc import Callable
from dataclasses import KW_ONLY, MISSING
from typing import Any, ClassVar, Self, TypeVar, dataclass_transform

import discord

from bot.discord.layout import BUTTON_LABEL, clip

ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])

#: how a group's text becomes a field of each type a template carries
READERS: dict[object, Callable[[str | None], object]] = {
    int: lambda text: int(text or 0),
    str: lambda text: text or "",
    int | None: lambda text: None if text in (None, "-") else int(text),
}


@dataclass_transform()
class Persistent(discord.ui.DynamicItem[ItemT], template=r"(?!)"):  # a template that matches no id
    """A DynamicItem whose fields are its template's named groups (see the module's description)."""

    #: the custom_id of an item with these fields, taken by name
    make_id: ClassVar[Callable[..., str]]
    #: the id's fields in constructor order, each with how it is read from its group
    id_fields: ClassVar[dict[str, Callable[[str | None], object]]] = {}
    #: every field the constructor takes, in order, with its default (``MISSING`` for none)
    _fields: ClassVar[dict[str, object]] = {}
    #: the fields' types, and which of them are keyword-only (the look, not the id)
    _types: ClassVar[dict[str, object]] = {}
    _keyword: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(
        cls, *, template: str | None = None, make_id: Callable[..., str] | None = None, **kwargs: Any
    ) -> None:
        # this class's own annotations, evaluated in its module (the base classes' need not be)
        hints = inspect.get_annotations(cls, eval_str=True)
        fields, kinds, keyword = dict(cls._fields), dict(cls._types), set(cls._keyword)
        after_marker = False
        for name, kind in hints.items():
            if kind is KW_ONLY:
                after_marker = True
                continue
            if typing.get_origin(kind) is ClassVar:
                continue
            fields[name], kinds[name] = cls.__dict__.get(name, MISSING), kind
            if after_marker or name in keyword:
                keyword.add(name)
            if name in cls.__dict__:  # the default lives in _fields; a class attribute would shadow `row`
                delattr(cls, name)
        cls._fields, cls._types, cls._keyword = fields, kinds, frozenset(keyword)
        if template is None:  # a middle class (a button, a select): no id of its own
            return
        super().__init_subclass__(template=template, **kwargs)
        if make_id is not None:
            cls.make_id = staticmethod(make_id)
        groups = list(re.compile(template).groupindex)
        declared = [name for name in fields if name not in keyword]
        if sorted(groups) != sorted(declared):
            raise TypeError(f"{cls.__name__}: fields {declared} do not match the template's groups {groups}")
        unreadable = [name for name in declared if kinds[name] not in READERS]
        if unreadable:
            raise TypeError(f"{cls.__name__}: no reader for the type of {unreadable}")
        cls.id_fields = {name: READERS[kinds[name]] for name in declared}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        values = self._bound(args, kwargs)
        for name in self.id_fields:
            setattr(self, name, values[name])
        custom_id = self.make_id(**{name: values[name] for name in self.id_fields})
        super().__init__(self.component(custom_id, values), row=values.get("row"))
        for name, value in values.items():
            if name not in self.id_fields and name != "row":  # the row is the component's own
                setattr(self, name, value)

    @classmethod
    def _bound(cls, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
        """The constructor's arguments by field name, defaults filled in, as a dataclass binds them."""
        positional = [name for name in cls._fields if name not in cls._keyword]
        if len(args) > len(positional):
            raise TypeError(f"{cls.__name__} takes {len(positional)} positional arguments, not {len(args)}")
        values = dict(zip(positional, args, strict=False))
        for name, value in kwargs.items():
            if name not in cls._fields or name in values:
                raise TypeError(f"{cls.__name__} got an unexpected or repeated argument {name!r}")
            values[name] = value
        for name, default in cls._fields.items():
            if name not in values:
                if default is MISSING:
                    raise TypeError(f"{cls.__name__} is missing the argument {name!r}")
                values[name] = default
        return values

    def component(self, custom_id: str, values: dict[str, Any]) -> ItemT:
        """The button or select this item is sent as."""
        raise NotImplementedError

    @classmethod
    def carried(cls, item: discord.ui.Item[Any]) -> dict[str, Any]:
        """What a rebuilt item keeps of the component that was clicked (its label, its options)."""
        return {}

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Rebuild the item from its custom_id, each field read as its type says."""
        fields = {name: read(match[name]) for name, read in cls.id_fields.items()}
        return cls(**fields, **cls.carried(item))


class PersistentButton(Persistent[discord.ui.Button[Any]]):
    """A persistent button (the label is clipped to Discord's limit)."""

    _: KW_ONLY
    label: str = "Page"
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    emoji: str | None = None
    disabled: bool = False
    row: int | None = None

    def component(self, custom_id: str, values: dict[str, Any]) -> discord.ui.Button[Any]:
        """The button with this item's label, style, emoji and state."""
        return discord.ui.Button(
            label=clip(values["label"], BUTTON_LABEL),
            custom_id=custom_id,
            style=values["style"],
            emoji=values["emoji"],
            disabled=values["disabled"],
        )

    @classmethod
    def carried(cls, item: discord.ui.Item[Any]) -> dict[str, Any]:
        """The clicked button's label (the class's default if it had none)."""
        label = getattr(item, "label", None)
        return {"label": label} if label else {}


class PersistentSelect(Persistent[discord.ui.Select[Any]]):
    """A persistent select menu (the placeholder is clipped to Discord's limit)."""

    _: KW_ONLY
    options: list[discord.SelectOption] | None = None
    placeholder: str = "Choose…"
    row: int | None = None

    def component(self, custom_id: str, values: dict[str, Any]) -> discord.ui.Select[Any]:
        """The select with this item's options (one placeholder option if none) and placeholder."""
        return discord.ui.Select(
            custom_id=custom_id,
            options=values["options"] or [discord.SelectOption(label="…", value="-")],  # none is refused
            placeholder=clip(values["placeholder"], 150),
        )

    def chosen(self, default: str = "") -> str:
        """The value the clicker picked (``default`` when Discord sent none)."""
        return self.item.values[0] if self.item.values else default

    @classmethod
    def carried(cls, item: discord.ui.Item[Any]) -> dict[str, Any]:
        """The clicked select's options (a select's values are checked against none of them)."""
        return {"options": list(getattr(item, "options", []) or [])}
