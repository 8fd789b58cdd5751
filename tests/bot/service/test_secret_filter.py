"""Hidden information, end to end, for every registered game and mode: twins look the same.

``engines.core.twins`` deals, at every step of a random game, a twin state that differs only in
what one viewer may not know (hands, deck order, sealed picks, the RNG, and the number of moves
made). Here every output built above the engine is added to the comparison: the table's
:class:`PublicTable` (board picture, text, public lines, buttons, token) through the service's
one secret filter, each seat's own :class:`SeatUpdate` (hand picture, text, prompt, choices,
token), what the Discord adapter makes of both (embeds, components, the DM fingerprint), and
what a replay shows that viewer of the same moment (``bot.service.replays.seen_at``).
A new game registered in ``engines.registry`` and ``render.registry`` is covered with no change.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.discord.embeds import hand_embed, table_embed
from bot.discord.shown import dm_digest
from bot.discord.views import seat_view, table_view
from bot.service.delivery import build_public, seat_update
from bot.service.game import resolve
from bot.service.records import SeatRow, TableRow, table_info
from bot.service.replays import seen_at
from bot.service.runtime import Loaded
from engines import registry
from engines.core import AnyRuleset, GameConfig, Prompt
from engines.core.fuzz import ContractViolation
from engines.core.ruleset import LANGUAGE_OPTION
from engines.core.twins import TwinReport, check_twins
from render import registry as renderers
from tests.bot.tinyrender import RENDERER
from tests.cases import every_mode
from tests.engines.core.tinygame import TinyRules, value

CASES = every_mode()
#: the other languages of games that speak several (the cases above play in each game's first)
LANGUAGE_CASES = [
    pytest.param(slug, mode.name, players, lang, id=f"{slug}-{mode.name}-{players}-{lang}")
    for slug in registry.slugs()
    for mode in registry.get(slug).modes
    if mode.option_spec(LANGUAGE_OPTION) is not None
    for players in mode.players
    for lang in registry.get(slug).languages[1:]
]


def loaded_table(slug: str, mode: str, state: Any, players: int) -> Loaded:
    """A table as the service holds it, around ``state`` (no database needed to draw it)."""
    table = TableRow(
        id=1,
        guild_id=1,
        channel_id=10,
        thread_id=None,
        host_id=100,
        solo=False,
        game=slug,
        mode=mode,
        options={},
        status="playing",
        config=None,
        seed=1,
        seq=0,
        outcome=None,
        version=1,
        public_message_id=None,
    )
    seats = tuple(
        SeatRow(
            seat=seat,
            user_id=100 + seat,
            bot=None,
            name=f"Player{seat + 1}",
            dm_open=True,
            dm_message_id=None,
            seat_options={},
            prompted_at=None,
            deadline=None,
            remind_at=None,
            reminded=False,
            has_left=False,
        )
        for seat in range(players)
    )
    return Loaded(table, seats, state)


def _components(view: discord.ui.View | None) -> list[dict[str, Any]]:
    return [] if view is None else [item.to_component_dict() for item in view.children]  # type: ignore[attr-defined]


def _shown(slug: str, mode: str, state: Any, viewer: int | None, players: int) -> tuple[Any, ...]:
    """Everything ``viewer`` is shown of ``state`` by the service and the Discord adapter."""
    loaded = loaded_table(slug, mode, state, players)
    replayed = seen_at(resolve(slug), state, (), viewer, loaded.names())
    if viewer is None:
        public = build_public(loaded)
        return (public, table_embed(public).to_dict(), _components(table_view(public)), replayed)
    update = seat_update(loaded, loaded.seat(viewer))
    table = table_info(loaded.table, loaded.seats)
    return (
        update,
        hand_embed(table, update).to_dict(),
        _components(seat_view(table, update)),
        dm_digest(table, update, ()),
        replayed,
    )


def _extra(slug: str, mode: str, players: int) -> Any:
    def compare(state: Any, twin: Any, viewer: int | None, where: str) -> None:
        mine, theirs = _shown(slug, mode, state, viewer, players), _shown(slug, mode, twin, viewer, players)
        for part, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            if a != b:
                raise ContractViolation(f"{where}: output {part} for viewer {viewer} differs between twins")

    return compare


def _run(ruleset: AnyRuleset, config: GameConfig, seeds: range, every: int, extra_every: int) -> TwinReport:
    report = TwinReport()
    for seed in seeds:
        check_twins(
            ruleset,
            config,
            seed,
            every=every,
            extra=_extra(ruleset.slug, config.mode, config.players),
            extra_every=extra_every,
            report=report,
        )
    return report


@pytest.mark.parametrize(("slug", "mode", "players"), CASES)
async def test_twins_differing_only_in_secrets_look_the_same_to_every_viewer(
    slug: str, mode: str, players: int
) -> None:
    """DESIGN "One secret filter": nothing anyone is shown depends on what they may not know."""
    ruleset = registry.get(slug)
    report = _run(ruleset, GameConfig(mode, players), range(1, 2), every=2, extra_every=10)
    assert report.games == 1 and report.pairs > 0
    # every game here hides something (hands, decks): its twins must really differ
    assert report.differing > 0, f"{slug} {mode}: twin() never changed a hidden part"
    assert report.narrations > 0


@pytest.mark.parametrize(("slug", "mode", "players", "lang"), LANGUAGE_CASES)
async def test_twins_look_the_same_in_every_language(slug: str, mode: str, players: int, lang: str) -> None:
    """The language changes every word shown, never what may be known: the same check in each."""
    ruleset = registry.get(slug)
    config = GameConfig(mode, players, {LANGUAGE_OPTION: lang})
    report = _run(ruleset, config, range(1, 2), every=2, extra_every=10)
    assert report.games == 1 and report.differing > 0 and report.narrations > 0


@pytest.mark.slow(seconds=10)
@pytest.mark.parametrize(("slug", "mode", "players"), CASES)
async def test_twins_look_the_same_over_many_games(slug: str, mode: str, players: int) -> None:
    """The same at every step (pictures and messages every other step), over more random games."""
    ruleset = registry.get(slug)
    # Two more games a mode and seat count (the quick test: one, every other step). Four cost
    # about four CPU minutes over the 25 cases, and no fault in the project's history was found
    # by the longer run. Eternia's pictures are the largest (a 1400 px hex map) and its games the
    # longest: pictures every fourth step keep its share near the other games'.
    games, pictures = (2, 4) if slug == "eternia" else (2, 2)
    report = _run(ruleset, GameConfig(mode, players), range(2, 2 + games), every=1, extra_every=pictures)
    assert report.games == games and report.differing > 0


class _Whispering(TinyRules):
    """The tiny game, with a private prompt whose text names the seat's best card (fine in DMs)."""

    def _prompts(self, state):  # type: ignore[no-untyped-def]
        best = max(state.hands[state.turn], key=value)
        text = f"Play a card onto the pile (your best is a {value(best)})."
        return {state.turn: Prompt(state.turn, "play", text, private=True)}


async def test_a_private_prompt_text_stays_off_the_table() -> None:
    """Issue: the table's "Now:" line printed private prompt texts. Public lines only, now."""
    with registry.registered("tiny", _Whispering()), renderers.registered("tiny", RENDERER):
        report = _run(registry.get("tiny"), GameConfig("race", 3), range(1, 3), every=1, extra_every=1)
        assert report.differing > 0
        public = build_public(
            loaded_table("tiny", "race", registry.get("tiny").setup(GameConfig("race", 2), 1), 2)
        )
        assert [p.line for p in public.asked] == ["Player1 is choosing in private"]


async def test_the_twin_test_catches_a_table_that_shows_private_prompt_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The comparison can fail: put the old behaviour back (prompt text on the table) and it does."""
    from bot.service import delivery
    from bot.service.values import PublicPrompt

    def telling(prompts: Any, names: Any) -> tuple[PublicPrompt, ...]:
        return tuple(PublicPrompt(s, p.text, p.private, p.sealed) for s, p in sorted(prompts.items()))

    monkeypatch.setattr(delivery, "public_prompts", telling)
    with (
        registry.registered("tiny", _Whispering()),
        renderers.registered("tiny", RENDERER),
        pytest.raises(ContractViolation, match="output 0 for viewer None"),
    ):
        _run(registry.get("tiny"), GameConfig("race", 3), range(1, 3), every=1, extra_every=1)
