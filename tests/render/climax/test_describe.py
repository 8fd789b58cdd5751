"""The text account: every zone named, seats kept as placeholders, within the length limit."""

from __future__ import annotations

import pytest

from engines.climax import RULESET
from engines.core import fill_names
from render.climax import RENDERER
from tests.render.climax.scenes import LANGS, every_card_tables, sample, views

ZONES = {
    "en": ("level zone", "clock", "stock", "deck", "hand", "waiting room", "climax zone", "stage"),
    "ja": ("レベル置場", "クロック", "ストック", "山札", "手札", "控え室", "クライマックス置場", "舞台"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_describe_names_every_zone_of_both_sides(lang: str) -> None:
    for state in sample(lang)[::4]:
        for view in views(state):
            text = RENDERER.describe(view)
            assert 0 < len(text) <= 1500
            for zone in ZONES[lang]:
                assert zone in text.lower(), (zone, text)
            assert "{P1}" in text and "{P2}" in text and "Player 1" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_describe_tells_the_attack_its_trigger_and_the_cancelled_damage(lang: str) -> None:
    state = every_card_tables(lang)[0]
    view = RULESET.view(state, None)
    text = RENDERER.describe(view)
    assert view.attack is not None and view.attack.trigger is not None
    assert view.attack.attacker.name in text and view.attack.trigger.name in text
    assert all(card.name in text for card in view.attack.damage)
    assert ("cancelled" if lang == "en" else "キャンセル") in text


def test_describe_lists_only_the_viewers_own_hand() -> None:
    state = sample("en")[15]
    spectator, first, _ = views(state)
    assert "Your hand" not in RENDERER.describe(spectator)
    mine = RENDERER.describe(first)
    assert "Your hand" in mine and all(held.card.name in mine for held in first.hand)
    assert fill_names(mine, ["Ann", "Bo"]).count("Ann") >= 2


def test_describe_of_a_finished_game_says_who_won() -> None:
    for lang in LANGS:
        state = sample(lang)[-1]
        view = RULESET.view(state, None)
        assert view.over and view.result in RENDERER.describe(view)


def test_a_long_account_names_the_clock_by_colour_and_keeps_the_hand() -> None:
    from msgspec.structs import replace

    state = every_card_tables("en")[0]
    view = RULESET.view(state, 0)
    crowded = replace(view, hand=view.hand * 3)  # 27 cards: the full account runs long
    text = RENDERER.describe(crowded)
    assert len(text) <= 1500 and "Your hand" in text and "×" in text and not text.endswith("…")
