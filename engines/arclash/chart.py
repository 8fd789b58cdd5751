"""The book's card-design chart as data, and the check that holds every card to it."""

from __future__ import annotations

from functools import cache

import msgspec

from engines.arclash.content import CHARACTER, Card
from engines.arclash.effects import KEYWORDS, Reach
from engines.core.content import NonNegative, load_content


class LevelBand(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a character of one level may be: power band, buff/debuff, card reach, advance cost."""

    level: NonNegative
    power_min: NonNegative
    power_max: NonNegative
    buff_multiplier: NonNegative
    debuff_multiplier: NonNegative
    buff_max: NonNegative
    debuff_max: NonNegative
    cards_max: NonNegative
    full_search: bool
    discard_min: NonNegative
    discard_max: NonNegative


class SupportLimits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The book's support-card guidance turned into numbers (see chart.toml)."""

    plain_buff_max: NonNegative
    conditional_buff_max: NonNegative
    plain_debuff_max: NonNegative
    conditional_debuff_max: NonNegative
    debuff_share_percent: NonNegative
    buff_with_draw_below: NonNegative
    plain_cards_max: NonNegative
    conditional_cards_max: NonNegative
    plain_opponent_discard_max: NonNegative
    level_down_min_odds: NonNegative


class Chart(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The whole chart."""

    level: list[LevelBand]
    support: SupportLimits


@cache
def chart() -> Chart:
    """The design chart, loaded once."""
    return load_chart()


def load_chart() -> Chart:
    """The design chart, loaded afresh."""
    return load_content("engines.arclash.data", "chart.toml", Chart)


def _reaches(card: Card) -> list[tuple[Reach, bool]]:
    """Each effect's reach and whether it is behind a condition (chance, [bracket] or a cost)."""
    found = []
    for effect in card.effects:
        reach = KEYWORDS[effect.do].reach(effect)
        found.append((reach, reach.chance or bool(effect.need) or card.discard > 0))
    return found


def violations(card: Card) -> list[str]:
    """Every way ``card`` breaks the design chart (empty when it keeps to it)."""
    reaches = _reaches(card)
    buff = sum(r.buff for r, _ in reaches)
    debuff = sum(r.debuff for r, _ in reaches)
    cards = sum(r.cards for r, _ in reaches)
    limits = chart().support
    problems: list[str] = []
    for reach, _ in reaches:
        if reach.level_down and not reach.chance:
            problems.append("a level-down must be left to chance")
    for effect in card.effects:
        if effect.do == "level_down" and effect.odds < limits.level_down_min_odds:
            problems.append(f"level-down succeeds too easily (needs {effect.odds}+)")
    for reach, conditional in reaches:
        if reach.opponent_discard > limits.plain_opponent_discard_max and not conditional:
            problems.append(f"makes opponents discard {reach.opponent_discard} with no condition")
    if card.kind == CHARACTER:
        band = next(b for b in chart().level if b.level == card.level)
        if not band.power_min <= card.power <= band.power_max:
            problems.append(f"power {card.power} is outside {band.power_min}-{band.power_max}")
        if not band.discard_min <= card.discard <= band.discard_max:
            problems.append(f"advance cost {card.discard} is outside {band.discard_min}-{band.discard_max}")
        if buff > band.buff_max:
            problems.append(f"buff up to {buff} exceeds +{band.buff_max}")
        if debuff > band.debuff_max:
            problems.append(f"debuff up to {debuff} exceeds -{band.debuff_max}")
        for reach, _ in reaches:
            if reach.buff_multiplier > band.buff_multiplier:
                problems.append(f"buff multiplier x{reach.buff_multiplier} exceeds x{band.buff_multiplier}")
            if reach.debuff_multiplier > band.debuff_multiplier:
                limit = band.debuff_multiplier
                problems.append(f"debuff multiplier x{reach.debuff_multiplier} exceeds x{limit}")
            if reach.full_search and not band.full_search:
                problems.append("searches the whole deck below level 3")
        if cards > band.cards_max:
            problems.append(f"moves {cards} cards to hand; level {card.level} allows {band.cards_max}")
        return problems
    plain_buff = sum(r.buff for r, c in reaches if not c)
    plain_debuff = sum(r.debuff for r, c in reaches if not c)
    if plain_buff > limits.plain_buff_max or buff > limits.conditional_buff_max:
        problems.append(f"buff {plain_buff} plain / {buff} in all is too strong")
    if plain_debuff > limits.plain_debuff_max or debuff > limits.conditional_debuff_max:
        problems.append(f"debuff {plain_debuff} plain / {debuff} in all is too strong")
    if buff and debuff * 100 > buff * limits.debuff_share_percent:
        problems.append(f"debuff {debuff} is more than {limits.debuff_share_percent}% of its buff {buff}")
    if buff and cards and buff >= limits.buff_with_draw_below:
        below = limits.buff_with_draw_below
        problems.append(f"buffs {buff} and also draws; the buff must stay below {below}")
    plain_cards = sum(r.cards for r, c in reaches if not c)
    if plain_cards > limits.plain_cards_max or cards > limits.conditional_cards_max:
        problems.append(f"moves {cards} cards to hand ({plain_cards} with no condition)")
    if any(r.full_search for r, _ in reaches):
        problems.append("a support may not search the whole deck")
    return problems
