"""What each game's renderer module exports as ``RENDERER``, and the remembering one they use."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from PIL import Image

from engines.core.types import CatalogueEntry, ViewBase
from render.core.canvas import Canvas, encode_png_indexed
from render.core.cardsheet import CardLook, draw_card_sheet
from render.core.indexed import IndexedPalette
from render.core.memo import ImageMemo, picture_key
from render.core.names import seat_names
from render.core.palette import INK
from render.core.pen import Pen


class Renderer(Protocol):
    """Turns a game's View into pictures and text. Reads Views only, never states.

    ``names[seat]`` is the display name of that seat for pictures; a missing or empty entry is
    drawn as "Player N". Text from :meth:`describe` keeps ``{P1}`` placeholders for adapters.
    """

    slug: str

    def board(self, view: Any, names: Sequence[str] = ()) -> bytes:
        """The public table image (PNG) for a spectator view."""
        ...

    def hand(self, view: Any, names: Sequence[str] = ()) -> bytes | None:
        """The private image (PNG) for a seat's view, or None if the seat holds nothing secret."""
        ...

    def describe(self, view: Any) -> str:
        """A plain-text account of the view for terminals and embeds (at most ~1500 chars)."""
        ...

    def card(self, entry: CatalogueEntry, lang: str = "en") -> bytes:
        """One catalogue entry drawn large (PNG), its text in ``lang``: public content only."""
        ...


V = TypeVar("V", bound=ViewBase)


class MemoRenderer(Generic[V]):
    """A ``Renderer`` that remembers its pictures, built from a game's drawing functions alone.

    A game supplies its View type and: ``draw_board(view, names)`` and ``draw_hand(part, names)``
    (a Canvas, or None for no hand picture), ``hand_part(view)`` (the view with all the hand
    picture does not draw blanked, or None when the viewer has no hand picture), the fixed
    ``palette`` its pictures are saved in, ``describe(view)``, and ``draw_card(entry, lang)`` (a
    catalogue entry drawn large, see ``render.core.cardsheet``). Pictures are keyed by exactly
    what they draw (see ``render.core.memo``): the board by its view, a hand by its part, both
    with the names drawn, and a card by its entry and language.
    """

    def __init__(
        self,
        slug: str,
        title: str,
        view_type: type[V],
        *,
        draw_board: Callable[[V, Sequence[str]], Canvas],
        hand_part: Callable[[V], V | None],
        draw_hand: Callable[[V, Sequence[str]], Canvas | None],
        palette: Callable[[], Image.Image],
        describe: Callable[[V], str],
        names: Callable[[V, Sequence[str]], tuple[str, ...]] | None = None,
        draw_card: Callable[[CatalogueEntry, str], Pen] | None = None,
    ) -> None:
        self.slug = slug
        self.title = title  # the game's name in error messages
        self.view_type = view_type
        self.draw_board = draw_board
        self.hand_part = hand_part
        self.draw_hand = draw_hand
        self.palette = palette
        self.describe_view = describe
        # which seats get a drawable name: every seat of the view unless the game says otherwise
        self.names = names or (lambda view, given: seat_names(given, view.players))
        # a game without a card drawing of its own gets the kit's sheet in plain ink
        self.draw_card = draw_card or (
            lambda entry, lang: draw_card_sheet(entry, lang, CardLook(IndexedPalette(palette()), INK), title)
        )
        self.memo = ImageMemo()

    def checked(self, view: Any) -> V:
        """``view`` if it is this game's View; a TypeError naming both types otherwise."""
        if not isinstance(view, self.view_type):
            wanted = self.view_type.__name__
            article = "an" if wanted[0] in "AEIOU" else "a"
            raise TypeError(f"the {self.title} renderer draws {article} {wanted}, not {type(view).__name__}")
        return view

    def board(self, view: Any, names: Sequence[str] = ()) -> bytes:
        """The public table as PNG (only public facts are drawn, whoever the viewer is)."""
        checked = self.checked(view)
        drawn = self.names(checked, names)
        picture = self.memo.get(
            picture_key("board", drawn, checked),
            lambda: encode_png_indexed(self.draw_board(checked, drawn).image, self.palette()),
        )
        assert picture is not None  # a board always has a picture
        return picture

    def hand(self, view: Any, names: Sequence[str] = ()) -> bytes | None:
        """The seat's private picture as PNG; None when it has none (spectators, for one)."""
        checked = self.checked(view)
        part = self.hand_part(checked)
        if part is None:
            return None
        drawn = self.names(checked, names)

        def draw() -> bytes | None:
            canvas = self.draw_hand(part, drawn)
            return None if canvas is None else encode_png_indexed(canvas.image, self.palette())

        return self.memo.get(picture_key("hand", drawn, part), draw)

    def describe(self, view: Any) -> str:
        """A plain-text account for terminals and embeds."""
        return self.describe_view(self.checked(view))

    def card(self, entry: CatalogueEntry, lang: str = "en") -> bytes:
        """``entry`` drawn large as PNG, remembered by exactly what it draws."""

        def draw() -> bytes:
            return encode_png_indexed(self.draw_card(entry, lang).canvas.image, self.palette())

        picture = self.memo.get(picture_key("card", (lang,), entry), draw)
        assert picture is not None  # an entry always has a picture
        return picture
