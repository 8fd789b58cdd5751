"""Ability keywords (B4.2): what each keyword is, when it acts, and the card text made from them.

``KEYWORDS`` binds each keyword of ``data/cards.toml`` to a :class:`Keyword`: when it acts
(``timing``), what it does (``run`` for one-shot effects, ``power``/``soul`` for continuous ones)
and its rules text in English and Japanese. The handlers live by the book section where they act
(``continuous``, ``played``, ``attacking``) and register here; a card's text is put together from
these templates and its numbers (:func:`card_text`), so the two languages always say the same
thing as the rules do (B4.2: ability text generated from keywords, never stored free text).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.climax.content import Ability, Card
from engines.climax.ctx import Ctx
from engines.climax.state import Job
from engines.climax.words import icon_name, say
from engines.core.keywords import Registry

Runner = Callable[[Ctx, int, str, Ability, Job], None]

Bonus = Callable[[Ctx, int, int, int, Ability], int]


@dataclass(frozen=True)
class Keyword:
    """An ability keyword: its timing, its effect and its text in both languages.

    ``timing``: continuous | climax | on_play | on_attack | activated | counter | backup | event |
    on_reverse | encore. ``power``/``soul`` take (ctx, seat, source slot (-1 = climax zone),
    target slot, ability) and return the bonus the source gives the target.
    """

    timing: str
    en: str
    ja: str
    run: Runner | None = None
    power: Bonus | None = None
    soul: Bonus | None = None

    def text(self, ability: Ability, lang: str, ref: str = "") -> str:
        """This keyword's rules text with the ability's numbers filled in."""
        template = self.ja if lang == "ja" else self.en
        return template.format(n=ability.n, soul=ability.soul, cost=ability.cost, ref=ref)


KEYWORDS: Registry[Keyword] = Registry("Climax", "ability keyword")


def keyword(name: str, timing: str, en: str, ja: str, **hooks: Runner | Bonus) -> None:
    """Register one keyword."""
    KEYWORDS.add(name, Keyword(timing, en, ja, **hooks))  # type: ignore[arg-type]


def abilities(card: Card, timing: str) -> list[Ability]:
    """The card's abilities that act at ``timing``."""
    return [ab for ab in card.abilities if KEYWORDS[ab.kw].timing == timing]


def is_counter(card: Card) -> bool:
    """True for cards usable in the counter step (backup characters and counter events)."""
    return any(KEYWORDS[ab.kw].timing in ("backup", "counter") for ab in card.abilities)


def card_text(card: Card, lang: str, names: Callable[[str], str]) -> str:
    """A card's rules text, generated from its keywords (``names`` turns a card id into a name)."""
    parts = [KEYWORDS[ab.kw].text(ab, lang, names(ab.ref) if ab.ref else "") for ab in card.abilities]
    if card.kind == "climax":
        parts = [
            _boost_text(ab, lang) if ab.kw == "climax_boost" else t
            for ab, t in zip(card.abilities, parts, strict=True)
        ]
    if card.triggers:
        icons = (
            "・".join(icon_name(i, lang) for i in card.triggers)
            if lang == "ja"
            else ", ".join(icon_name(i, lang) for i in card.triggers)
        )
        parts.append(say(lang, "trigger_text", icons=icons))
    if not parts:
        return say(lang, "vanilla")
    return " ".join(parts)


def _boost_text(ab: Ability, lang: str) -> str:
    """Climax boosts with only power or only AP read without the missing half."""
    if ab.n and ab.soul:
        return KEYWORDS["climax_boost"].text(ab, lang)
    key = "boost_soul" if ab.soul else "boost_power"
    return say(lang, key, n=ab.n, soul=ab.soul)
