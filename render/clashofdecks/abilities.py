"""Special-ability badges: a two-letter code on a colour that says what family the ability is in.

Pictures of the printed icons were lost, so the board shows short codes instead and a legend
lists only the codes that appear on the image. Colours group the abilities by what they do, so
a glance tells attackers from defenders; the letters carry the meaning, not the colour alone.
"""

from __future__ import annotations

from render.clashofdecks.palette import ATTACK, GUARD, MALUS, MANA, MOVE, UNKNOWN
from render.core.palette import RGB

_ATTACK = ATTACK
_GUARD = GUARD
_MOVE = MOVE
_MANA = MANA
_MALUS = MALUS

# keyword -> (code, colour, short meaning for the legend)
ABILITIES: dict[str, tuple[str, RGB, str]] = {
    "aerial": ("AE", _MOVE, "Aerial"),
    "aquatic": ("AQ", _ATTACK, "Aquatic"),
    "aura": ("AU", _MANA, "Aura"),
    "berserk": ("BK", _ATTACK, "Berserk"),
    "catalyst": ("CA", _MANA, "Catalyst"),
    "defender": ("DF", _MALUS, "Defender"),
    "indestructible": ("IN", _GUARD, "Indestructible"),
    "instinct": ("IS", _ATTACK, "Instinct"),
    "mercenary": ("ME", _MALUS, "Mercenary"),
    "perforation": ("PF", _ATTACK, "Perforation"),
    "price_of_blood": ("PB", _MALUS, "Price of Blood"),
    "protection": ("PR", _GUARD, "Protection"),
    "rage": ("RG", _ATTACK, "Rage"),
    "regeneration": ("RE", _GUARD, "Regeneration"),
    "sharpening": ("SH", _ATTACK, "Sharpening"),
    "splash": ("SP", _ATTACK, "Splash"),
    "sprint": ("SR", _MOVE, "Sprint"),
    "symbiote": ("SY", _MANA, "Symbiote"),
    "vanish": ("VA", _MOVE, "Vanish"),
    "vulnerability": ("VU", _ATTACK, "Vulnerability"),
    "aim": ("AI", _ATTACK, "Aim"),
    "focus": ("FO", _MOVE, "Focus"),
}

_UNKNOWN = UNKNOWN


def normalise(keyword: str) -> str:
    """The registry key for an ability name in any spelling ("Price of Blood", "price-of-blood")."""
    return keyword.strip().lower().replace("-", "_").replace(" ", "_")


def badge(keyword: str) -> tuple[str, RGB]:
    """The code and colour for one ability keyword; unknown keywords get their first letters."""
    found = ABILITIES.get(normalise(keyword))
    if found is None:
        return normalise(keyword)[:2].upper(), _UNKNOWN
    return found[0], found[1]


def title(keyword: str) -> str:
    """The readable name of an ability keyword."""
    found = ABILITIES.get(normalise(keyword))
    return found[2] if found else keyword.replace("_", " ").title()
