"""Solo (and co-op) custom play: turning a difficulty level into AI parameters, point by point."""

from __future__ import annotations

from typing import Any

import msgspec

from engines.clashofdecks.content import Catalog
from engines.clashofdecks.state import AiSettings
from engines.core.errors import SetupError

MAX_FIXED_MANA = 10


def parse_abilities(cat: Catalog, text: str) -> tuple[str, ...]:
    """Read a comma-separated ability list ("rage, price of blood") into keywords for sale."""
    prices = cat.solo.costs.abilities
    chosen: list[str] = []
    for part in text.split(","):
        name = part.strip().lower().replace(" ", "_").replace("-", "_")
        if not name:
            continue
        if name not in prices:
            raise SetupError(
                f"The AI cannot buy {part.strip()!r}; abilities for sale: {', '.join(sorted(prices))}.",
                option="ai_abilities",
            )
        if name not in chosen:
            chosen.append(name)
    return tuple(chosen)


def price(cat: Catalog, settings: AiSettings) -> int:
    """How many difficulty points a set of AI parameters costs."""
    costs = cat.solo.costs
    total = (settings.fixed_mana - cat.solo.quick_fixed_mana) * costs.fixed_mana_step
    total += costs.mana_per_creature_2 if settings.mana_per_creature == 2 else 0
    total += costs.ai_first if settings.first else 0
    total += costs.resistance if settings.resistance else 0
    return total + sum(costs.abilities[a] for a in settings.abilities)


def _buy(settings: AiSettings, step: str) -> AiSettings:
    """``settings`` with one more ladder step bought."""
    if step == "fixed_mana":
        return msgspec.structs.replace(settings, fixed_mana=settings.fixed_mana + 1)
    if step == "mana_per_creature_2":
        return msgspec.structs.replace(settings, mana_per_creature=2)
    if step == "ai_first":
        return msgspec.structs.replace(settings, first=True)
    if step == "resistance":
        return msgspec.structs.replace(settings, resistance=True)
    return msgspec.structs.replace(settings, abilities=(*settings.abilities, step))


def auto_spend(cat: Catalog, points: int, level: int, credited: int | None = None) -> AiSettings:
    """Spend exactly ``points`` along the data file's ladder (a step is skipped if it does not fit)."""
    settings = AiSettings(
        cat.solo.quick_fixed_mana,
        cat.solo.quick_mana_per_creature,
        level=level,
        credited=level if credited is None else credited,
    )
    for step in cat.solo.auto.ladder:
        bought = _buy(settings, step)
        if bought.fixed_mana <= MAX_FIXED_MANA and price(cat, bought) <= points:
            settings = bought
    if price(cat, settings) != points:
        raise SetupError(f"The automatic ladder cannot spend {points} points.", option="difficulty")
    return settings


def credited_level(cat: Catalog, level: int, champion: bool) -> int:
    """The level a game counts as: with a Champion, the chosen level less the Champion's points."""
    return max(0, level - cat.solo.champion_discount) if champion else level


def ai_settings(cat: Catalog, options: dict[str, Any], champion: bool) -> AiSettings:
    """The AI's parameters from the table options; ``SetupError`` if the points do not add up.

    The AI receives exactly as many points as the chosen level (never more than 10); playing with a
    Champion does not change what the AI gets but lowers the level the game counts as by 2.
    """
    level = int(options["difficulty"])
    credited = credited_level(cat, level, champion)
    chosen = AiSettings(
        fixed_mana=int(options["ai_fixed_mana"]),
        mana_per_creature=int(options["ai_mana_per_creature"]),
        first=bool(options["ai_first"]),
        resistance=bool(options["ai_resistance"]),
        abilities=parse_abilities(cat, str(options["ai_abilities"])),
        level=level,
        credited=credited,
    )
    spent = price(cat, chosen)
    if level == 0:
        if spent:
            raise SetupError(
                "AI parameters are for custom play: choose a difficulty from 1 to 10 (0 is quick play).",
                option="difficulty",
            )
        if champion:
            raise SetupError(
                "Against the AI, Champions belong to custom play: choose a difficulty from 1 to 10.",
                option="champion",
            )
        return chosen
    if spent == 0:
        return auto_spend(cat, level, level, credited)
    if spent != level:
        raise SetupError(
            f"Difficulty {level} spends exactly {level} points; the parameters chosen cost {spent}.",
            option="difficulty",
        )
    return chosen
