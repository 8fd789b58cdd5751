"""The readable catalogue: every piece of content once, grouped, with text from the play data."""

from __future__ import annotations

from engines.core.catalogue import select
from engines.eternia import RULESET
from engines.eternia.catalogue import GROUPS, TRIGGER_TEXT
from engines.eternia.content import STRATEGY_TRIGGERS, content


def test_every_piece_of_content_appears_once() -> None:
    c = content()
    ids = [e.id for e in RULESET.catalogue()]
    assert len(ids) == len(set(ids))
    expected = (
        {f"char.{i}" for i in c.characters}
        | {f"ctrl.{i}" for i in c.characters}
        | {f"aichar.{i}" for i in c.characters}
        | {f"skill.{i}" for i in c.skills}
        | {f"cskill.{i}" for i in c.controller_skills}
        | {f"strategy.{i}" for i in c.strategy}
        | {f"ai.{i}" for i in c.ai}
        | {f"minion.{i}" for i in c.minions}
        | {f"npc.{i}" for i in c.npcs}
        | {f"terrain.{i}" for i in c.terrain}
        | {f"scenario.{i}" for i in c.scenarios}
    )
    assert set(ids) == expected


def test_groups_come_in_display_order() -> None:
    groups = [e.group for e in RULESET.catalogue()]
    assert groups == sorted(groups, key=GROUPS.index)
    assert set(groups) == set(GROUPS)


def test_characters_show_both_sides_and_the_ai_card() -> None:
    c = content()
    by_id = {e.id: e for e in RULESET.catalogue()}
    heman = c.characters["he_man"]
    player = by_id["char.he_man"]
    assert player.group == "Heroes" and f"{heman.player.hp} HP" in player.stats
    for sid in (*heman.player.skills, *heman.player.green, *heman.player.yellow, *heman.player.red):
        assert c.skills[sid].name in player.text
    ctrl = by_id["ctrl.he_man"]
    assert (
        f"{heman.controller.hp} HP" in ctrl.stats and c.skills[heman.controller.empowered].name in ctrl.text
    )
    ai = by_id["aichar.he_man"]
    assert c.skills[heman.ai.attack].name in ai.text and c.skills[heman.ai.skill].name in ai.text
    assert by_id["char.skeletor"].group == "Villains"


def test_strategy_cards_name_their_trigger() -> None:
    assert set(TRIGGER_TEXT) == set(STRATEGY_TRIGGERS)
    for card in content().strategy.values():
        entry = next(e for e in RULESET.catalogue() if e.id == f"strategy.{card.id}")
        assert entry.text == card.text and TRIGGER_TEXT[card.trigger] in entry.stats


def test_scenarios_carry_their_round_limit_and_target() -> None:
    for sc in content().scenarios.values():
        entry = next(e for e in RULESET.catalogue() if e.id == f"scenario.{sc.id}")
        assert f"{sc.round_limit} Rounds" in entry.stats and f"{sc.vp_target} VP" in entry.stats


def test_search_finds_content_by_word() -> None:
    found = select(RULESET, "harpoon")
    assert {e.id for e in found.entries} >= {"skill.harpoon", "char.trap_jaw"}
    assert select(RULESET).total == len(RULESET.catalogue())
