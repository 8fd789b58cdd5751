"""The search bot (issue 25): sampled worlds built from the View alone, the search's budget, and the
reasons every Clash of Decks bot gives; slow: hard beats normal and normal beats easy."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.clashofdecks import RULESET
from engines.clashofdecks.content import catalog
from engines.clashofdecks.search import HIDDEN, SearchBot, determinize, evaluate, life
from engines.clashofdecks.state import STRONGHOLD, ClashState, ClashView
from engines.clashofdecks.view import build_view
from engines.core import GameConfig, Rng
from engines.core.driver import Match, bot_name
from engines.core.types import Action, Prompt
from tests.cases import quick_first
from tests.decided import in_order, tally
from tests.engines.clashofdecks.helpers import hand, table, unit
from tests.engines.clashofdecks.test_fuzz import CONFIGS

IDS = [f"{c.mode}-{c.options.get('format', 'precon')}-{i}" for i, c in enumerate(CONFIGS)]

Position = tuple[ClashState, int, ClashView, Prompt, list[Action]]


def _positions(config: GameConfig, seed: int, every: int = 3, limit: int = 5) -> list[Position]:
    """Every ``every``-th summoning decision of a tactician game, up to ``limit`` of them."""
    tactician = RULESET.bots()["tactician"]
    match = Match(RULESET, config, seed)
    found: list[Position] = []
    n = 0
    while match.asked() and len(found) < limit:
        seat = match.asked()[0]
        state = match.state
        view, prompt = RULESET.view(state, seat), RULESET.prompts(state)[seat]
        actions = RULESET.legal_actions(state, seat)
        if prompt.kind == "summon":
            n += 1
            if n % every == 0:
                found.append((state, seat, view, prompt, actions))
        match.apply(seat, tactician.choose(view, prompt, actions, Rng(n)))
    return found


def _hidden_ids(state: ClashState, viewer: int) -> set[str]:
    """The ids of the cards ``viewer`` cannot see: other players' hands and the AI deck piles."""
    return set(RULESET.secrets(state, viewer)) - {STRONGHOLD}


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_determinize_draws_a_world_that_shows_the_seat_exactly_its_view(config: GameConfig) -> None:
    positions = _positions(config, 2)
    assert positions
    for i, (state, seat, view, _, _) in enumerate(positions):
        world = determinize(view, Rng(i))
        assert build_view(world, seat) == view
        # sizes kept, and every card the world holds is a card it can name
        for kingdom, true in zip(world.kingdoms, state.kingdoms, strict=True):
            assert len(kingdom.hand) == len(true.hand) and len(kingdom.deck) == len(true.deck)
        assert all(
            iid in world.cards for kd in world.kingdoms for iid in kd.hand + kd.deck if iid != STRONGHOLD
        )


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_determinize_never_copies_a_hidden_value_of_the_true_state(config: GameConfig) -> None:
    twin_rng = Rng(11)
    for i, (state, seat, view, _, _) in enumerate(_positions(config, 3)):
        world = determinize(view, Rng(i))
        hidden = _hidden_ids(state, seat)
        me = next(k for k, kd in enumerate(state.kingdoms) if kd.seat == seat)
        unseen = [
            i for k, kd in enumerate(world.kingdoms) if k != me for i in kd.hand + kd.deck if i != STRONGHOLD
        ]
        # every unseen place holds a fresh id, never one of the true hidden cards
        assert unseen and all(iid.startswith(HIDDEN) for iid in unseen)
        assert not hidden & set(world.cards)
        # the world depends on the View alone: a twin the seat cannot tell apart gives the same world
        twin = RULESET.twin(state, seat, twin_rng)
        assert twin is not None
        assert RULESET.encode(determinize(RULESET.view(twin, seat), Rng(i))) == RULESET.encode(world)


def _shown_ids(view: ClashView) -> set[str]:
    """Every card id the view shows."""
    ids = {c.id for c in view.hand.cards} if view.hand else set()
    ids |= {
        c.id for line in view.lines for side in (line.left, line.right) for u in side.units for c in u.cards
    }
    ids |= {c.id for k in view.kingdoms for c in k.discard}
    ids |= {k.champion.card.id for k in view.kingdoms if k.champion}
    return ids


def test_determinize_reads_a_preconstructed_deck_off_the_cards_its_kingdom_has_in_play() -> None:
    state = table("duel")
    mine = catalog().decks[0].cards
    theirs = catalog().decks[2].cards
    hand(state, 0, list(mine[:4]), list(mine[4:7]))
    hand(state, 1, [], ["scribe"] * 5)  # what they hold is hidden; only its size shows
    unit(state, 0, 1, theirs[0])  # one of their cards in play names their deck
    view = RULESET.view(state, 0)
    for seed in range(5):
        world = determinize(view, Rng(seed))
        held = [world.cards[i] for i in world.kingdoms[1].hand if i != STRONGHOLD]
        assert len(held) == 5 and set(held) <= set(theirs[1:])  # their own deck, less what is in play


def test_determinize_deals_the_unseen_draft_cards_from_the_collection_less_what_is_seen() -> None:
    config = GameConfig("duel", 2, {"format": "draft"})
    for _, seat, view, _, _ in _positions(config, 4):
        world = determinize(view, Rng(1))
        shown = Counter(world.cards[i] for i in _shown_ids(view))
        other = world.kingdoms[1 - seat]
        held = Counter(world.cards[i] for i in other.hand if i != STRONGHOLD)
        assert not shown & held  # each collection card exists once: none is both seen and dealt
        assert set(held) <= set(catalog().collection)


def test_determinize_refuses_a_draft_view() -> None:
    state = RULESET.setup(GameConfig("duel", 2, {"format": "draft"}), 1)
    seat = next(iter(RULESET.prompts(state)))
    with pytest.raises(ValueError, match="summoning phase"):
        determinize(RULESET.view(state, seat), Rng(1))


def test_evaluate_counts_health_and_a_won_game_above_any_lead() -> None:
    state = table("duel")
    hand(state, 0, ["scribe"], ["scribe"] * 4)
    hand(state, 1, ["scribe"], ["scribe"] * 2)
    assert life(state, 0) == 4 + 5 and life(state, 1) == 2 + 3  # Bastion HP plus the Fort behind it
    even = evaluate(state, 0)
    assert even == -evaluate(state, 1) and even > 0
    unit(state, 0, 0, "brute")
    assert evaluate(state, 0) > even  # a creature in play adds to its side
    state.phase, state.winners = "over", [0]
    assert evaluate(state, 0) > even + 20 and evaluate(state, 1) < -20


def test_search_bot_weighs_the_candidates_within_its_move_budget_and_repeats_itself() -> None:
    _, _, view, prompt, actions = _positions(GameConfig("duel", 2), 5, every=2, limit=2)[-1]
    roomy = SearchBot(RULESET, samples=3, budget=10**9)
    action, found, candidates = roomy.plan(view, prompt, actions, Rng(5))
    assert action in actions and found is not None and found.worlds == 3 and len(candidates) >= 2
    assert candidates[0] == RULESET.bots()["tactician"].choose(view, prompt, actions, Rng(5))
    assert any(c.key == "end" for c in candidates)
    tight = SearchBot(RULESET, samples=3, budget=1)  # checked between worlds: one world, then stop
    assert tight.plan(view, prompt, actions, Rng(5))[1].worlds == 1  # type: ignore[union-attr]
    assert roomy.plan(view, prompt, actions, Rng(5))[0] == action  # same dice, same move


# ------------------------------------------------------------------ reasons (issue 25 item 5)
LEVELS = ("random", "greedy", "tactician", "search")


def _named(view: ClashView, action: Action) -> list[str]:
    """Names the reason for ``action`` must contain: its card (and its target creature)."""
    if action.key == "end":
        return ["End the summoning"]
    faces = [c for c in (view.hand.cards if view.hand else ())] + [
        k.champion.card for k in view.kingdoms if k.champion
    ]
    if view.draft is not None:
        faces += list(view.draft.row)
    names = [c.name for c in faces if c.id == action.card]
    if action.key.startswith(("i.", "s.")):
        names += [
            u.name
            for line in view.lines
            for side in (line.left, line.right)
            for u in side.units
            if u.id == action.params[1]
        ]
    return names


# the free-for-all costs seconds of search per bot: it joins the slow set, solo and duel stay
@pytest.mark.parametrize(
    "config",
    quick_first([CONFIGS[0], CONFIGS[5], CONFIGS[10]], quick=2, ids=lambda c: f"{c.mode}-{c.players}"),
)
def test_every_bot_suggests_its_own_choice_with_a_short_true_reason_the_same_on_twins(
    config: GameConfig,
) -> None:
    bots = RULESET.bots()
    twin_rng = Rng(3)
    checked = 0
    match = Match(RULESET, config, 6)
    while match.asked() and checked < 12:
        seat = match.asked()[0]
        state = match.state
        view, prompt = RULESET.view(state, seat), RULESET.prompts(state)[seat]
        actions = RULESET.legal_actions(state, seat)
        twin = RULESET.twin(state, seat, twin_rng)
        for level in LEVELS:
            bot = bots[level]
            said = bot.suggest(view, prompt, actions, Rng(checked))  # type: ignore[attr-defined]
            assert said.action == bot.choose(view, prompt, actions, Rng(checked))
            assert 0 < len(said.reason) <= 160, said.reason
            if level != "random":
                assert all(name in said.reason for name in _named(view, said.action)), (level, said)
            if twin is not None:
                again = bot.suggest(RULESET.view(twin, seat), prompt, actions, Rng(checked))  # type: ignore[attr-defined]
                assert again == said
        checked += 1
        match.apply(seat, bots["tactician"].choose(view, prompt, actions, Rng(checked)))
    assert checked == 12


def test_search_reason_gives_the_sampled_scores_of_its_choice_and_the_next_best() -> None:
    _, _, view, prompt, actions = _positions(GameConfig("duel", 2), 5, every=2, limit=2)[-1]
    bot = SearchBot(RULESET, samples=4)
    said = bot.suggest(view, prompt, actions, Rng(2))
    _, found, candidates = bot.plan(view, prompt, actions, Rng(2))
    assert found is not None
    mean = found.totals[candidates.index(said.action)] / found.worlds
    assert f"in {found.worlds} sampled futures it scored {mean:+.1f} health" in said.reason


def test_bots_are_listed_weakest_first_with_the_search_bot_as_hard() -> None:
    assert list(RULESET.bots()) == ["random", "greedy", "tactician", "search"]
    assert [bot_name(RULESET, level) for level in ("easy", "normal", "hard")] == [
        "random",
        "tactician",
        "search",
    ]


# ------------------------------------------------------------------ strength (slow)
def _wins(game: tuple[str, str, int, int]) -> bool:
    """Whether level ``strong`` wins the duel ``seed`` against ``weak`` from seat ``seat``."""
    strong, weak, seed, seat = game
    bots = RULESET.bots()
    match = Match(RULESET, GameConfig("duel", 2), seed)
    outcome = match.play_out({seat: bots[strong], 1 - seat: bots[weak]})
    return seat in outcome.winners


@pytest.mark.slow(seconds=300)
@pytest.mark.parametrize(("strong", "weak"), [("search", "tactician"), ("tactician", "random")])
def test_issue_25_each_level_beats_the_one_below_in_60_percent_of_duels(strong: str, weak: str) -> None:
    # 30 deals from both seats; the run stops once 36 wins are in (or 25 games are lost).
    games = [(strong, weak, seed, seat) for seed in range(1, 31) for seat in (0, 1)]
    with in_order(_wins, games) as results:
        found = tally(results, needed=36, total=len(games))
    print(f"\n{strong} vs {weak} (30 deals, both seats): {found}")
    assert found.passed, found
