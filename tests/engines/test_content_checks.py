"""Every game's real data files, broken in memory: the start-up check names game, file, entry and field.

Each case takes a shipped file's text, changes one thing (a wrong type, a negative number, an
unknown keyword, an unknown field) and feeds it to ``registry.check_all`` through the
``overridden`` seam, so nothing is written into the package. The refusal must be one line naming
the game's title, the file's path from the repository root, the entry and the field.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from engines import registry
from engines.core import ContentError
from engines.core.content import overridden, shipped_text


class Break(NamedTuple):
    game: str  # the title the message must name
    file: str  # path from the repository root
    old: str  # text replaced (its first occurrence)
    new: str
    entry: str  # "" for a file-level field
    field: str
    problem: str  # part of the problem statement


CASES = {
    # ---- Clash of Decks
    "cod-negative-power": Break(
        "Clash of Decks", "engines/clashofdecks/data/cards.toml", "power = 4", "power = -4",
        "annihilation", "power", ">= 0",
    ),
    "cod-negative-cost": Break(
        "Clash of Decks", "engines/clashofdecks/data/cards.toml", "cost = 3", "cost = -1",
        "annihilation", "cost", ">= 0",
    ),
    "cod-wrong-type": Break(
        "Clash of Decks", "engines/clashofdecks/data/cards.toml", "hp = 5", 'hp = "five"',
        "baron", "hp", "Expected `int`",
    ),
    "cod-unknown-ability": Break(
        "Clash of Decks", "engines/clashofdecks/data/cards.toml", 'abilities = ["perforation"]',
        'abilities = ["perforation", "levitation"]', "annihilation", "abilities[1]", "levitation",
    ),
    "cod-unknown-effect": Break(
        "Clash of Decks", "engines/clashofdecks/data/cards.toml", 'effect = "strike"', 'effect = "smite"',
        "annihilation", "effect", "strike",
    ),
    "cod-unknown-field": Break(
        "Clash of Decks", "engines/clashofdecks/data/cards.toml", "power = 4", "power = 4\npowr = 5",
        "annihilation", "powr", "unknown field",
    ),
    "cod-solo-wrong-type": Break(
        "Clash of Decks", "engines/clashofdecks/data/solo.toml", "ai_first = 1", 'ai_first = "yes"',
        "", "costs.ai_first", "Expected `int`",
    ),
    "cod-solo-table-value": Break(
        "Clash of Decks", "engines/clashofdecks/data/solo.toml", "berserk = 2", 'berserk = "two"',
        "", "costs.abilities.berserk", "Expected `int`",
    ),
    "cod-solo-negative": Break(
        "Clash of Decks", "engines/clashofdecks/data/solo.toml", "quick_fixed_mana = 6",
        "quick_fixed_mana = -6", "", "quick_fixed_mana", ">= 0",
    ),
    "cod-solo-ladder": Break(
        "Clash of Decks", "engines/clashofdecks/data/solo.toml", '"fixed_mana", "ai_first"',
        '"fixed_mana", "ai_last"', "", "auto.ladder[1]", "ai_last",
    ),
    # ---- Arclash
    "arc-negative-power": Break(
        "Arclash", "engines/arclash/data/cards.toml", "power = 300", "power = -300",
        "AC-001", "power", ">= 0",
    ),
    "arc-wrong-type": Break(
        "Arclash", "engines/arclash/data/cards.toml", "level = 1", 'level = "one"',
        "AC-001", "level", "Expected `int`",
    ),
    "arc-unknown-keyword": Break(
        "Arclash", "engines/arclash/data/cards.toml", 'do = "weaken"', 'do = "wither"',
        "AC-001", "effects[0].do", "wither",
    ),
    "arc-negative-amount": Break(
        "Arclash", "engines/arclash/data/cards.toml", "amount = 25", "amount = -25",
        "AC-001", "effects[0].amount", ">= 0",
    ),
    "arc-unknown-field": Break(
        "Arclash", "engines/arclash/data/cards.toml", "power = 300", "power = 300\npowre = 1",
        "AC-001", "powre", "unknown field",
    ),
    "arc-deck-count": Break(
        "Arclash", "engines/arclash/data/decks.toml", '"AC-001" = 2', '"AC-001" = -2',
        "serpent", "cards.AC-001", ">= 1",
    ),
    "arc-chart": Break(
        "Arclash", "engines/arclash/data/chart.toml", "power_max = 400", "power_max = -400",
        "#1", "power_max", ">= 0",
    ),
    # ---- HackClad
    "hc-attack-effect-key": Break(
        "HackClad", "engines/hackclad/data/cards.toml", 'effects = [{ key = "deal" }]',
        'effects = [{ key = "deall" }]', "shot", "effects[0].key", "deall",
    ),
    "hc-negative-vp": Break(
        "HackClad", "engines/hackclad/data/cards.toml", "vp = 1\nrange", "vp = -1\nrange",
        "shot", "vp", ">= 0",
    ),
    "hc-wrong-type": Break(
        "HackClad", "engines/hackclad/data/cards.toml", "atk = 1\n", 'atk = "one"\n',
        "shot", "atk", "Expected `int`",
    ),
    "hc-cp-effect-key": Break(
        "HackClad", "engines/hackclad/data/witches.toml", '{ key = "move", n = 1 }',
        '{ key = "warp", n = 1 }', "cp_move", "effects[0].key", "warp",
    ),
    "hc-negative-cp-cost": Break(
        "HackClad", "engines/hackclad/data/witches.toml", "cost = 1\ntiming", "cost = -1\ntiming",
        "cp_move", "cost", ">= 0",
    ),
    "hc-mission": Break(
        "HackClad", "engines/hackclad/data/missions.toml", "n = 2\nvp = 3", "n = 2\nvp = -3",
        "striker", "vp", ">= 0",
    ),
    "hc-clad-unknown-field": Break(
        "HackClad", "engines/hackclad/data/clad.toml", "voltage = 1\nmove = 1",
        "voltage = 1\nmove = 1\nmoves = 2",
        "veer_left", "moves", "unknown field",
    ),
}  # fmt: skip


def _broken(case: Break) -> str:
    package, _, name = case.file.rpartition("/")
    text = shipped_text(package.replace("/", "."), name)
    assert case.old in text, f"{case.file} no longer holds {case.old!r}: update the test"
    return text.replace(case.old, case.new, 1)


@pytest.mark.parametrize("name", list(CASES))
def test_a_broken_file_is_one_line_naming_game_file_entry_and_field(name: str) -> None:
    case = CASES[name]
    with overridden(case.file, _broken(case)), pytest.raises(ContentError) as err:
        registry.check_all()
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith((f"{case.game} content: {case.file}: ", f"{case.game} content: {case.file}, "))
    assert case.problem in message
    if case.entry:
        assert err.value.entry == case.entry and f"entry {case.entry!r}" in message
    if case.field:
        assert err.value.field == case.field and f"field {case.field!r}" in message


def test_an_attack_card_with_a_misspelt_deal_names_the_card_and_key() -> None:
    file = "engines/hackclad/data/cards.toml"
    text = shipped_text("engines.hackclad.data", "cards.toml")
    first = text.index('effects = [{ key = "deal" }]')
    card = text.rfind('id = "', 0, first)
    card_id = text[card + 6 : text.index('"', card + 6)]
    broken = (
        text[:first] + 'effects = [{ key = "dael" }]' + text[first + len('effects = [{ key = "deal" }]') :]
    )
    with overridden(file, broken), pytest.raises(ContentError) as err:
        registry.check_all()
    assert (err.value.file, err.value.entry, err.value.field) == (file, card_id, "effects[0].key")
    # the message names the game, file, entry, field and keyword, then lists the known keywords
    assert str(err.value).startswith(
        f"HackClad content: {file}: entry {card_id!r}, field 'effects[0].key': "
        "unknown effect keyword 'dael' (known: "
    )


def test_shipped_content_passes_and_play_caches_are_untouched() -> None:
    registry.check_all()  # every real data file keeps to every limit
    from engines.clashofdecks.content import catalog

    before = catalog()
    with overridden("engines/clashofdecks/data/cards.toml", "not = [toml"), pytest.raises(ContentError):
        registry.check_all()
    assert catalog() is before  # the check loads afresh; the game's cached content is not replaced


def test_a_checker_that_trips_is_still_one_line_naming_the_game() -> None:
    from tests.engines.core.tinygame import TinyRules

    class Broken(TinyRules):
        title = "Broken Game"

        def check_content(self) -> None:
            raise KeyError("AC-999")

    with registry.registered("broken", Broken()), pytest.raises(ContentError) as err:
        registry.check_all()
    assert str(err.value) == "Broken Game content: cannot be loaded (KeyError: 'AC-999')"
