"""Free-for-all, 2 vs 2, Co-op, the three Formats, deck codes and the Champion module."""

from __future__ import annotations

import pytest

from engines.clashofdecks import RULESET
from engines.clashofdecks.assault import assault
from engines.clashofdecks.content import catalog
from engines.clashofdecks.deckcode import decode_deck, encode_deck, parse_deck
from engines.clashofdecks.formats import DRAFT_PATTERNS
from engines.clashofdecks.modes import layout
from engines.clashofdecks.state import STRONGHOLD, ClashState
from engines.clashofdecks.summoning import cost
from engines.core import GameConfig, SetupError
from engines.core.content import load_rules_pages
from tests.engines.clashofdecks.helpers import ctx, hand, side, table, unit


def test_ffa_lines_a_top_with_b_bottom_with_d_and_c_top_with_d_bottom_with_b() -> None:
    table_ = layout("ffa")
    pairs = {frozenset(p) for p in table_.lines}
    a, b, c, d = 0, 1, 2, 3
    upper = {k: frozenset(table_.lines[table_.kingdom_lines[k][0]]) for k in range(4)}
    lower = {k: frozenset(table_.lines[table_.kingdom_lines[k][1]]) for k in range(4)}
    assert upper[a] == {a, b} and lower[a] == {a, d} and upper[c] == {c, d} and lower[c] == {c, b}
    assert len(pairs) == 4


def test_ffa_first_turn_mana_six_seven_eight_then_normal() -> None:
    state = RULESET.setup(GameConfig("ffa", 4), 9)
    order = [state.ring[(state.ring.index(state.active) + i) % 4] for i in range(4)]
    assert [state.kingdoms[k].first_mana for k in order] == [6, 7, 8, 0]


def test_ffa_owner_of_the_card_that_destroys_a_fort_wins() -> None:
    state = table("ffa")
    line = state.kingdoms[0].lines[0]  # A's upper line faces B
    unit(state, line, 0, "colossus")
    hand(state, 1, [], ["scribe"], fort=True)
    for k in (2, 3):
        hand(state, k, [], ["scribe"] * 3)
    state.active = 0
    state = RULESET.apply(state, 0, "end").state
    assert state.winners == [0]


def test_2v2_partners_sit_opposite_and_the_team_wins() -> None:
    table_ = layout("2v2")
    for a, b in table_.lines:
        assert table_.teams[a] != table_.teams[b]
    state = table("2v2")
    line = state.kingdoms[0].lines[0]
    unit(state, line, 0, "colossus")
    hand(state, 1, [], ["scribe"], fort=True)
    for k in (2, 3):
        hand(state, k, [], ["scribe"] * 3)
    state = RULESET.apply(state, 0, "end").state
    assert state.winners == [0, 2]


def test_coop_two_players_face_two_ai_kingdoms_each_with_24_cards() -> None:
    state = RULESET.setup(GameConfig("coop", 2, {"format": "draft"}), 3)
    while state.phase == "draft":
        seat = next(iter(RULESET.prompts(state)))
        state = RULESET.apply(state, seat, RULESET.legal_actions(state, seat)[0]).state
    ais = [kd for kd in state.kingdoms if kd.is_ai]
    assert len(ais) == 2
    for line in state.lines:
        kinds = {state.kingdoms[k].is_ai for k in line.kingdoms}
        assert kinds == {True, False}
    assert len(state.cards) == 64


def test_coop_ai_fort_falling_wins_for_both_players() -> None:
    state = table("coop")
    line = state.kingdoms[0].lines[0]
    ai = next(k for k in state.lines[line].kingdoms if k != 0)
    unit(state, line, 0, "colossus")
    state.kingdoms[ai].fort = True
    state.kingdoms[ai].deck = []
    from engines.clashofdecks.stronghold import damage
    from tests.engines.clashofdecks.helpers import new_id, run

    state.kingdoms[ai].deck = [new_id(state, "scribe")]
    assert run(damage, ctx(state), ai, 3, 0, "test") and state.winners == [0, 1]


def test_formats_precon_each_deck_used_once() -> None:
    with pytest.raises(SetupError, match="both chose Ironclad"):
        RULESET.setup(GameConfig("duel", 2, {}, ({"deck": "ironclad"}, {"deck": "ironclad"})), 1)
    state = RULESET.setup(GameConfig("ffa", 4), 1)
    seen = {frozenset(state.cards[i] for i in kd.hand if i != STRONGHOLD) for kd in state.kingdoms}
    assert len(seen) == 4


def _deck_of_each_seat(state: ClashState) -> list[str]:
    by_card = {card: deck.id for deck in catalog().decks for card in deck.cards}
    hands = sorted((kd.seat, kd.hand) for kd in state.kingdoms)
    return [by_card[state.cards[next(i for i in hand if i != STRONGHOLD)]] for _, hand in hands]


def test_formats_precon_auto_decks_are_dealt_at_random_at_four_kingdoms() -> None:
    # A fixed order tied each seat to one deck and one pair of neighbours (issue 12, item 14).
    order = [d.id for d in catalog().decks]
    for mode in ("ffa", "2v2"):
        dealt = {tuple(_deck_of_each_seat(RULESET.setup(GameConfig(mode, 4), seed))) for seed in range(1, 41)}
        assert len(dealt) > 6 and all(sorted(d) == sorted(order) for d in dealt)
        assert {d[0] for d in dealt} == set(order)  # seat 1 is dealt every deck over 40 deals
    # A seat's own choice stands; the others share out what is left.
    seats = ({}, {"deck": "blightmarch"})
    for seed in range(1, 11):
        decks = _deck_of_each_seat(RULESET.setup(GameConfig("ffa", 4, {}, seats), seed))
        assert decks[1] == "blightmarch" and sorted(decks) == sorted(order)
    # At two kingdoms "auto" still means the first free decks, as before.
    assert _deck_of_each_seat(RULESET.setup(GameConfig("duel", 2), 3)) == order[:2]


def test_formats_precon_decks_one_and_two_use_the_sourced_names() -> None:
    cat = catalog()
    assert {cat.card(c).name for c in cat.deck("ironclad").cards} == {
        "Annihilation",
        "Baron",
        "Boom!",
        "Brute",
        "Carapace",
        "Partisan",
        "Revenant",
        "Troll",
    }
    assert {cat.card(c).name for c in cat.deck("tidecallers").cards} == {
        "Abomination",
        "Alpha",
        "Combustion",
        "Lieutenant",
        "Microctopus",
        "Ogre",
        "Scribe",
        "Shaman",
    }


def test_formats_draft_duel_a1_b2_a1_alternating() -> None:
    assert DRAFT_PATTERNS["duel"] == ("ABBA", "BAAB", "ABBA", "BAAB")
    state = RULESET.setup(GameConfig("duel", 2, {"format": "draft"}), 5)
    pickers = []
    while state.phase == "draft":
        seat = next(iter(RULESET.prompts(state)))
        assert RULESET.prompts(state)[seat].private
        pickers.append(seat)
        state = RULESET.apply(state, seat, RULESET.legal_actions(state, seat)[0]).state
    assert pickers[:6] == [0, 1, 1, 1, 0, 0]  # A, B, B | (A takes the last) | B, A, A
    assert all(len(kd.hand) == 9 for kd in state.kingdoms)


def test_formats_draft_four_players_book_patterns() -> None:
    assert DRAFT_PATTERNS["ffa"] == ("ABCDDCBA", "BCDAADCB", "CDABBADC", "DABCCBAD")
    state = RULESET.setup(GameConfig("ffa", 4, {"format": "draft"}), 5)
    pickers = []
    while state.phase == "draft" and len(pickers) < 7:
        seat = next(iter(RULESET.prompts(state)))
        pickers.append(seat)
        state = RULESET.apply(state, seat, RULESET.legal_actions(state, seat)[0]).state
    assert pickers == [0, 1, 2, 3, 3, 2, 1]


def test_formats_draft_picks_stay_visible_and_pile_is_secret() -> None:
    state = RULESET.setup(GameConfig("duel", 2, {"format": "draft"}), 5)
    seat = next(iter(RULESET.prompts(state)))
    action = RULESET.legal_actions(state, seat)[0]
    state = RULESET.apply(state, seat, action).state
    view = RULESET.view(state, 1 - seat)
    assert view.draft is not None and action.card in {c.id for c in view.draft.picks[seat]}
    text = str(view)
    assert state.draft is not None and not any(i in text for i in state.draft.pile)


def test_formats_draft_solo_one_of_four_rest_to_ai() -> None:
    state = RULESET.setup(GameConfig("solo", 1, {"format": "draft"}), 5)
    while state.phase == "draft":
        assert len(RULESET.legal_actions(state, 0)) == 4
        state = RULESET.apply(state, 0, RULESET.legal_actions(state, 0)[0]).state
    ai = state.kingdoms[1]
    in_play = sum(len(u.cards) for line in state.lines for u in line.sides[1])
    assert len(state.kingdoms[0].hand) == 9 and len(ai.deck) + len(ai.discard) + in_play == 24


def test_formats_constructed_deck_is_revealed_before_play() -> None:
    code = encode_deck(catalog(), list(catalog().deck("stormwing").cards))
    state = RULESET.setup(
        GameConfig(
            "duel",
            2,
            {"format": "constructed"},
            (
                {"deck_code": code},
                {"deck_code": "Golem, Leech, Assassin, Lancer, Spitter, Wraith, Hex, Venom"},
            ),
        ),
        1,
    )
    view = RULESET.view(state, None)
    assert view.kingdoms[0].revealed_deck[0].name == "Aberration"
    assert all(c.id == "" for c in view.kingdoms[0].revealed_deck)


def test_formats_constructed_needs_a_deck_code() -> None:
    with pytest.raises(SetupError, match="Seat 1 needs a deck code"):
        RULESET.setup(GameConfig("duel", 2, {"format": "constructed"}), 1)


def test_formats_a_deck_code_outside_constructed_is_refused_not_ignored() -> None:
    code = encode_deck(catalog(), list(catalog().deck("stormwing").cards))
    with pytest.raises(SetupError, match="Seat 2 gave a deck code, but deck codes are for the Constructed"):
        RULESET.setup(GameConfig("duel", 2, {"format": "precon"}, ({}, {"deck_code": code})), 1)
    with pytest.raises(SetupError, match="Seat 1 chose a preconstructed deck, but this table plays draft"):
        RULESET.setup(GameConfig("duel", 2, {"format": "draft"}, ({"deck": "stormwing"},)), 1)


def test_deck_code_round_trip_and_precise_errors() -> None:
    cat = catalog()
    cards = list(cat.deck("ironclad").cards)
    code = encode_deck(cat, cards)
    assert decode_deck(cat, code) == cards and decode_deck(cat, code.lower()) == cards
    with pytest.raises(SetupError, match="starts with 'CD1-'"):
        decode_deck(cat, "XX" + code)
    with pytest.raises(SetupError, match="check character"):
        decode_deck(cat, code[:-1] + ("0" if code[-1] != "0" else "1"))
    with pytest.raises(SetupError, match="17 characters"):
        decode_deck(cat, code[:-2])
    with pytest.raises(SetupError, match="appears twice"):
        parse_deck(cat, "Golem, Golem, Leech, Assassin, Lancer, Spitter, Wraith, Hex")
    with pytest.raises(SetupError, match="exactly 8 cards, not 7"):
        parse_deck(cat, "Golem, Leech, Assassin, Lancer, Spitter, Wraith, Hex")
    with pytest.raises(SetupError, match="no card called 'Dragon'"):
        parse_deck(cat, "Dragon, Leech, Assassin, Lancer, Spitter, Wraith, Hex, Golem")


def test_champion_module_refused_with_precon() -> None:
    with pytest.raises(SetupError, match="Champion module"):
        RULESET.setup(GameConfig("duel", 2, {"champion": True}), 1)


def test_champion_always_playable_with_discount_per_creature_sharing_its_cost() -> None:
    state = table()
    hand(state, 0, ["scribe"] * 5, ["scribe"])
    from tests.engines.clashofdecks.helpers import new_id

    champ = new_id(state, "warmaiden")  # cost 4
    state.kingdoms[0].champion, state.kingdoms[0].champion_status = champ, "ready"
    unit(state, 0, 1, "golem")  # cost 4
    unit(state, 1, 0, "berserker")  # cost 4
    state.kingdoms[0].mana = 2
    assert cost(ctx(state), 0, champ) == 2
    assert f"p.{champ}.u" in {a.key for a in RULESET.legal_actions(state, 0)}


def test_champion_destroyed_is_exhausted_then_readied_by_a_card_of_the_same_cost() -> None:
    state = table()
    from tests.engines.clashofdecks.helpers import new_id

    champ = new_id(state, "stormcaller")  # cost 3
    state.kingdoms[1].champion, state.kingdoms[1].champion_status = champ, "in_play"
    from engines.clashofdecks.state import Unit

    side(state, 1, 1).append(Unit([champ], 1, 1))
    unit(state, 1, 0, "colossus")
    hand(state, 1, [], ["golem"])
    assault(ctx(state), 0)
    assert state.kingdoms[1].champion_status == "exhausted" and champ not in state.kingdoms[1].hand
    card = hand(state, 0, ["alchemist"], ["golem"])[0]  # cost 3
    state.kingdoms[0].mana = 5
    state = RULESET.apply(state, 0, f"p.{card}.u").state
    assert state.kingdoms[1].champion_status == "ready"


def test_ffa_fort_felled_by_an_instinct_answer_wins_for_the_answering_kingdom() -> None:
    state = table("ffa")
    a_upper = state.kingdoms[0].lines[0]  # A-B
    b_other = state.kingdoms[1].lines[0]  # B's upper line faces C
    assert state.lines[b_other].kingdoms == [1, 2]
    unit(state, a_upper, 0, "spitter")  # A's Splash reaches B's Warden on the B-C line
    unit(state, a_upper, 1, "bulwark")
    unit(state, b_other, 1, "warden")
    hand(state, 0, [], ["scribe"] * 5)
    hand(state, 1, [], ["scribe"] * 5)
    hand(state, 2, [], ["scribe"], fort=True)  # C has no creature on the B-C line and 1 HP left
    hand(state, 3, [], ["scribe"] * 5)
    state = RULESET.apply(state, 0, "end").state
    assert state.phase == "over" and state.winners == [1]


def test_2v2_first_turn_mana_six_seven_eight_then_normal() -> None:
    for seed in (3, 4):
        state = RULESET.setup(GameConfig("2v2", 4), seed)
        order = [state.ring[(state.ring.index(state.active) + i) % 4] for i in range(4)]
        assert [state.kingdoms[k].first_mana for k in order] == [6, 7, 8, 0]
        assert state.kingdoms[state.active].mana == 6


def test_coop_first_turn_mana_follows_turn_position_the_ais_skipped() -> None:
    state = RULESET.setup(GameConfig("coop", 2), 3)
    order = [state.ring[(state.ring.index(state.active) + i) % 4] for i in range(4)]
    firsts = [state.kingdoms[k].first_mana for k in order]
    assert [state.kingdoms[k].is_ai for k in order] == [False, True, False, True]
    assert firsts == [6, 0, 8, 0]


def test_sudden_death_house_rule_is_off_by_default_and_says_so() -> None:
    for mode in RULESET.modes:
        spec = mode.option_spec("sudden_death")
        assert spec is not None and spec.default == 0 and spec.help.startswith("House rule")
    assert RULESET.setup(GameConfig("duel", 2), 1).sudden_death == 0
    pages = dict(load_rules_pages("engines.clashofdecks"))
    assert "not part of the game's rules" in pages["House rule: sudden death"].lower()


def test_sudden_death_when_chosen_each_turn_starts_with_one_damage() -> None:
    state = RULESET.setup(GameConfig("duel", 2, {"sudden_death": 2}), 3)
    first = state.active
    assert state.kingdoms[first].hand.index(STRONGHOLD) == 0  # turn 1: not yet
    state = RULESET.apply(state, state.kingdoms[first].seat, "end").state
    second = state.active
    assert state.kingdoms[second].hand.index(STRONGHOLD) == 1


def test_setup_two_bridges_two_lines_player_a_left_player_b_right() -> None:
    state = RULESET.setup(GameConfig("duel", 2), 1)
    assert [line.kingdoms for line in state.lines] == [[0, 1], [0, 1]]
    assert all(kd.lines == [0, 1] for kd in state.kingdoms)


def test_setup_four_player_modes_use_four_bridges() -> None:
    for mode in ("ffa", "2v2", "coop"):
        state = RULESET.setup(GameConfig(mode, 4 if mode != "coop" else 2), 1)
        assert len(state.lines) == 4 and len({frozenset(line.kingdoms) for line in state.lines}) == 4


def test_formats_draft_2v2_uses_the_four_player_patterns() -> None:
    assert DRAFT_PATTERNS["2v2"] == DRAFT_PATTERNS["ffa"]


def test_formats_constructed_refused_in_coop() -> None:
    with pytest.raises(SetupError, match="Constructed"):
        RULESET.setup(GameConfig("coop", 2, {"format": "constructed"}), 1)


def test_coop_precon_two_ai_piles_of_24_from_the_cards_outside_both_decks() -> None:
    state = RULESET.setup(GameConfig("coop", 2, {}, ({"deck": "ironclad"}, {"deck": "stormwing"})), 2)
    ais = [kd for kd in state.kingdoms if kd.is_ai]
    assert not state.kingdoms[state.active].is_ai  # a player opens, so the AI piles are untouched
    assert [len(kd.deck) for kd in ais] == [24, 24]
    decks = set(catalog().deck("ironclad").cards) | set(catalog().deck("stormwing").cards)
    assert not decks & {state.cards[c] for kd in ais for c in kd.deck} and len(state.cards) == 64


def test_champion_setup_revealed_beside_the_table_ready_not_in_hand() -> None:
    state = RULESET.setup(
        GameConfig("duel", 2, {"format": "draft", "champion": True}, ({"champion_card": "tidelord"}, {})), 4
    )
    kd = state.kingdoms[0]
    assert state.cards[kd.champion] == "tidelord" and kd.champion_status == "ready"
    assert kd.champion not in kd.hand
    view = RULESET.view(state, 1)
    assert view.kingdoms[0].champion is not None and view.kingdoms[0].champion.card.name == "Tidelord"
