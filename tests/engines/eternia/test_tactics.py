"""Hard's careful rules of thumb against the AI Controller (``engines.eternia.tactics``): each rule's
effect on a built position, and that they change nothing in ``versus`` (normal's play stays)."""

from __future__ import annotations

from engines.core import GameConfig
from engines.core.driver import Match
from engines.eternia import RULESET
from engines.eternia.bots import GreedyBot
from engines.eternia.hexes import distance
from engines.eternia.state import CTRL, TEAM, EtView, ModelView, Strike
from engines.eternia.tactics import danger, spare_boost, target_rank, threat
from tests.engines.eternia.helpers import at, put, scene

HERO = (5, 6)


def _cell_at(spaces: int) -> tuple[int, int]:
    """A cell ``spaces`` away from the hero's cell."""
    return next((c, r) for r in range(10) for c in range(12) if distance(at(c, r), at(*HERO)) == spaces)


def _view(**placed: tuple[int, int]) -> tuple[EtView, ModelView]:
    """The lone hero's view with He-Man at ``HERO`` and the named models at their cells."""
    ctx = scene("ai", 1)
    put(ctx, "t.he_man", *HERO)
    for mid, cell in placed.items():
        put(ctx, mid.replace("_", ".", 1), *cell)
    view = RULESET.view(ctx.state, 0)
    return view, next(m for m in view.models if m.id == "t.he_man")


def test_threat_counts_two_attacks_in_range_one_a_move_away_none_beyond() -> None:
    # Skeletor's Life Siphon: 4 dice, range 4, half of them Successes; He-Man has no Armor.
    for spaces, wounds in ((3, 4.0), (6, 2.0), (8, 0.0)):
        view, hero = _view(c_skeletor=_cell_at(spaces))
        assert threat(view, hero, hero.hexes[0]) == wounds, spaces


def test_an_enemy_that_can_reach_a_weaker_ally_threatens_the_ally_not_the_hero() -> None:
    # The AI strikes the lowest HP in its reach: Man-at-Arms (6 HP) beside He-Man (10) draws Skeletor.
    ctx = scene("ai", 2)
    put(ctx, "t.he_man", *HERO)
    put(ctx, "c.skeletor", *_cell_at(3))
    ally = put(ctx, "t.man_at_arms", *_cell_at(1))
    view = RULESET.view(ctx.state, 0)
    hero = next(m for m in view.models if m.id == "t.he_man")
    guard = next(m for m in view.models if m.id == "t.man_at_arms")
    assert threat(view, hero, hero.hexes[0]) == 0.0
    assert threat(view, guard, guard.hexes[0]) > 0  # the ally's own danger is still counted
    ally.hp = 10  # no fewer HP than the hero: Skeletor may strike either, so both count it
    view = RULESET.view(ctx.state, 0)
    hero = next(m for m in view.models if m.id == "t.he_man")
    assert threat(view, hero, hero.hexes[0]) == 4.0


def test_a_space_that_could_ko_the_hero_weighs_more_than_a_safe_one() -> None:
    view, hero = _view(c_skeletor=_cell_at(3), c_beast_man=_cell_at(2))
    hero.hp = 3  # 4 + 4 expected Wounds in reach: a KO
    killing = danger(view, hero, hero.hexes[0], 0)
    hero.hp = 10
    assert killing > 4 * danger(view, hero, hero.hexes[0], 0) > 0


def test_in_the_last_round_level_on_vp_the_hero_charges() -> None:
    view, hero = _view(c_skeletor=_cell_at(3))
    assert danger(view, hero, hero.hexes[0], 0) > 0
    view.round = view.round_limit
    view.vp = {TEAM: 2, CTRL: 2}
    assert danger(view, hero, hero.hexes[0], 0) == 0  # a draw wins nothing: no reason to hold back
    view.vp = {TEAM: 3, CTRL: 2}
    assert danger(view, hero, hero.hexes[0], 0) > 0  # ahead: keep the lead


def test_targets_a_character_it_can_ko_then_whoever_its_dice_can_wound() -> None:
    view, _ = _view(c_mer_man=_cell_at(1), m_1=_cell_at(1), c_skeletor=_cell_at(2))
    by_id = {m.id: m for m in view.models}
    mer_man, robot, skeletor = by_id["c.mer_man"], by_id["m.1"], by_id["c.skeletor"]

    def first(dice: int, *models: ModelView) -> str:
        return min(models, key=lambda m: target_rank(view, dice, m, m.id)).id

    # 2 dice: 1 Success expected, all of it stopped by Mer-Man's Armor; the Minion falls to it
    assert first(2, mer_man, robot) == "m.1"
    assert first(4, mer_man, robot) == "c.mer_man"  # 4 dice wound through the Armor: a Character first
    skeletor.hp = 2
    assert first(4, mer_man, robot, skeletor) == "c.skeletor"  # a KO now (a VP) before all else


def test_no_boost_on_an_attack_that_all_but_surely_kos_unarmoured_minions() -> None:
    view, _ = _view(m_1=_cell_at(1), c_skeletor=_cell_at(1))
    view.strike = Strike(attacker="t.he_man", skill="sword_of_power", kind="melee", targets=["m.1"], dice=3)
    assert spare_boost(view)
    view.strike.dice = 2
    assert not spare_boost(view)  # 3 in 4 to hit: the boost may decide it
    view.strike.dice, view.strike.targets = 3, ["c.skeletor"]
    assert not spare_boost(view)  # a Character: every Wound counts


def test_the_careful_rules_leave_versus_exactly_as_greedy_plays_it() -> None:
    config = GameConfig("versus", 3, {"scenario": "crossroads"})
    games = [Match(RULESET, config, 2) for _ in range(2)]
    games[0].play_out(GreedyBot())
    games[1].play_out(GreedyBot(careful=True))
    assert RULESET.encode(games[0].state) == RULESET.encode(games[1].state)


def test_the_careful_rules_change_the_lone_heros_game_against_the_ai() -> None:
    config = GameConfig("ai", 1, {"scenario": "crossroads"})
    games = [Match(RULESET, config, 2) for _ in range(2)]
    games[0].play_out(GreedyBot())
    games[1].play_out(GreedyBot(careful=True))
    assert RULESET.encode(games[0].state) != RULESET.encode(games[1].state)
