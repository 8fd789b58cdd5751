"""Animations in the service (``services.animations``): what they show, who may ask, and that
nothing hidden reaches them.
"""

from __future__ import annotations

import asyncio
import io
import itertools
from collections.abc import Sequence
from typing import Any

import pytest
from PIL import Image

from bot.bench.samples import bench_config
from bot.service import Services, animations
from bot.service.animations import animation_of, frame_steps
from bot.service.game import resolve
from bot.service.values import ServiceError
from engines import registry
from engines.core import Code, GameConfig, RandomBot
from engines.core.driver import Match
from engines.core.timeline import build
from render import registry as renderers
from render.core.animation import Caption, band_height, captioned
from tests.bot.service.helpers import ANN, BOB, CAT, CHANNEL, asked, duel, lobby, play_out, tok
from tests.bot.service.tinyrender import TinyRenderer


def frames_of(data: bytes) -> list[Image.Image]:
    image = Image.open(io.BytesIO(data))
    found = []
    for index in range(image.n_frames):
        image.seek(index)
        found.append(image.convert("RGB"))
    return found


async def _timeline_of(services: Services, table_id: int) -> Any:
    record = await services.replays.record(table_id, ANN)
    return build(registry.get(record.game), record.config, record.seed, record.moves)


class SpyRenderer(TinyRenderer):
    """The tiny renderer, noting every board it draws and refusing to draw a hand."""

    def __init__(self) -> None:
        self.boards: list[Any] = []

    def board(self, view: Any, names: Sequence[str] = ()) -> bytes:
        self.boards.append(view)
        return super().board(view, names)

    def hand(self, view: Any, names: Sequence[str] = ()) -> bytes | None:
        raise AssertionError("an animation drew a hand")


async def test_a_finished_games_animation_has_a_frame_per_chosen_step(services: Services) -> None:
    done = await play_out(services, await duel(services))
    table_id = done.table.id
    made = await services.animations.make(table_id)  # the bot itself, for the final message
    timeline = await _timeline_of(services, table_id)
    steps = frame_steps(timeline)
    assert steps[0] == 0 and steps[-1] == timeline.steps
    assert made.frames == len(steps) == len(frames_of(made.data))
    ext = Image.open(io.BytesIO(made.data)).format.lower()  # type: ignore[union-attr]
    assert made.filename == f"tablekeeper-tiny-table-{table_id}.{ext}"
    assert made.cpu_seconds > 0


async def test_every_frame_is_the_public_board_of_its_step_and_no_hand_is_drawn(services: Services) -> None:
    done = await play_out(services, await duel(services))
    timeline = await _timeline_of(services, done.table.id)
    spy = SpyRenderer()
    renderers.register("tiny", spy)  # the autouse fixture unregisters it after the test
    made = await services.animations.make(done.table.id, BOB)
    ruleset = registry.get("tiny")
    public = [ruleset.view(timeline.step(n)[0], None) for n in frame_steps(timeline)]
    assert spy.boards == public  # every board drawn is the spectator's view at a frame's step
    names = ("Ann", "Bob")
    frames = frames_of(made.data)
    width = frames[0].width
    board_box = (0, 0, width, frames[0].height - band_height(width))
    boards = [TinyRenderer().board(view, names) for view in public]
    alone = captioned(boards, [Caption("")] * len(boards), width)  # the same boards, uncaptioned
    for frame, expected in zip(frames, alone, strict=True):
        assert frame.crop(board_box).tobytes() == expected.convert("RGB").crop(board_box).tobytes()


async def test_only_the_players_and_the_tables_channel_may_ask(services: Services) -> None:
    running = await duel(services)
    table_id = running.table.id
    with pytest.raises(ServiceError) as refused:
        await services.animations.make(table_id, CAT, channel_id=CHANNEL + 5)
    assert refused.value.code == Code.NOT_PLAYER and "channel" in refused.value.message
    watched = await services.animations.make(table_id, CAT, channel_id=CHANNEL)
    played = await services.animations.make(table_id, BOB)  # a player, from anywhere
    assert watched == played and watched.frames == 1  # the deal, nothing else seen yet


async def test_a_lobby_has_nothing_to_animate(services: Services) -> None:
    table = await lobby(services, (BOB, "Bob"))
    with pytest.raises(ServiceError) as refused:
        await services.animations.make(table.id, ANN)
    assert refused.value.code == Code.NOT_STARTED


async def test_a_running_game_animates_as_far_as_the_table_has_seen(services: Services) -> None:
    running = await duel(services)
    first = await services.animations.make(running.table.id)
    _seat, user, key = asked(running)
    running = await services.tables.act(running.table.id, user, tok(running, user), key)
    second = await services.animations.make(running.table.id)
    assert (first.frames, second.frames) == (1, 2)


async def test_one_animation_per_table_at_a_time_and_asking_again_costs_nothing(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = await play_out(services, await duel(services))
    jobs: list[tuple[Any, ...]] = []

    real = animations.animation_of

    def counted(*args: Any, **kwargs: Any) -> animations.Animation:
        jobs.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(animations, "animation_of", counted)
    both = await asyncio.gather(
        services.animations.make(done.table.id), services.animations.make(done.table.id, ANN)
    )
    again = await services.animations.make(done.table.id, BOB)
    assert len(jobs) == 1 and both[0] == both[1] == again


def _asked_in_public(ruleset: Any, state: Any) -> list[tuple[int, str, bool]]:
    """Who is asked after a move, as everyone may know it (whether a seat is still choosing is public)."""
    return sorted((seat, p.public_line(), p.sealed) for seat, p in ruleset.prompts(state).items())


def _twin_moves(slug: str, mode: str) -> tuple[Any, GameConfig, Match, int, list[str]]:
    """A game of ``slug`` stopped where several seats choose in secret, and two choices of one
    of them that leave the table asked alike (both finish the seat's choice, or neither does)."""
    ruleset = registry.get(slug)
    config = bench_config(ruleset, mode)
    match = Match(ruleset, config, 5)
    for _ in range(3000):
        sealed = [seat for seat, prompt in match.prompts().items() if prompt.sealed]
        if match.seq > 5 and len(sealed) >= 2:
            seat = sealed[0]
            by_effect: dict[str, list[str]] = {}
            for action in match.choices(seat):
                after = ruleset.apply(match.state, seat, action.key).state
                by_effect.setdefault(repr(_asked_in_public(ruleset, after)), []).append(action.key)
            pair = next((keys[:2] for keys in by_effect.values() if len(keys) >= 2), None)
            if pair is not None:
                return ruleset, config, match, seat, pair
        match.advance(RandomBot(), steps=1)
    raise AssertionError(f"{slug} {mode}: no moment where several seats choose in secret")


@pytest.mark.parametrize(
    ("slug", "mode"), [("arclash", "standard"), ("hackclad", "basic"), ("eternia", "versus")]
)
def test_twin_games_that_differ_only_in_a_sealed_choice_animate_alike(slug: str, mode: str) -> None:
    ruleset, config, match, seat, keys = _twin_moves(slug, mode)
    game = resolve(slug)
    names = tuple(f"Seat {n + 1}" for n in range(config.players))
    made = []
    for key in keys:
        timeline = build(ruleset, config, 5, [*match.log, (match.seq, seat, key)])
        assert not timeline.over
        made.append(animation_of(game, timeline, names, source="table 3"))
    # the seat's choice is still sealed (others have yet to choose): the animations are the same
    assert made[0].data == made[1].data
    # ...and they are of the game so far: the moves before it show
    assert made[0].frames >= 2


async def test_captions_tell_the_public_story_and_the_result_never_a_private_line(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = await play_out(services, await duel(services))
    told: list[Caption] = []
    real = animations.animate

    def spied(boards: Any, captions: Sequence[Caption], **kwargs: Any) -> Any:
        told.extend(captions)
        return real(boards, captions, **kwargs)

    monkeypatch.setattr(animations, "animate", spied)
    await services.animations.make(done.table.id, ANN)
    timeline = await _timeline_of(services, done.table.id)
    chapter = [m.chapter for m in timeline.moments]
    assert [c.title for c in told] == [
        f"{chapter[n]} · step {n}/{timeline.steps}" if chapter[n] else f"step {n}/{timeline.steps}"
        for n in frame_steps(timeline)
    ]
    lines = [line for caption in told for line in caption.lines]
    assert any(line.startswith(("Ann plays", "Bob plays")) for line in lines)
    assert any(line.endswith(("Ann draws a card.", "Bob draws a card.")) for line in lines)
    assert not any("You draw" in line for line in lines)  # a player's own draw stays theirs
    assert told[-1].lines[-1] in (
        "Game over: Ann wins (target reached).",
        "Game over: Bob wins (target reached).",
    )
    assert told[0].lines == ()  # nothing has happened at the deal


def _timeline(slug: str, mode: str, seed: int = 3) -> Any:
    ruleset = registry.get(slug)
    config = bench_config(ruleset, mode)
    match = Match(ruleset, config, seed)
    match.advance(RandomBot(), steps=5000, random_order=True)
    return build(ruleset, config, seed, match.log)


def test_a_game_of_many_turns_gets_a_frame_at_the_end_of_each() -> None:
    timeline = _timeline("clashofdecks", "ffa")
    chapters = timeline.chapters()
    assert 12 <= len(chapters) < 60
    ends = [c.step - 1 for c in chapters[1:]] + [timeline.steps]
    assert frame_steps(timeline) == (0, *[end for end in ends if end > 0])


def test_a_game_of_few_rounds_gets_frames_through_its_steps_at_most_sixty() -> None:
    timeline = _timeline("hackclad", "basic")
    assert len(timeline.chapters()) < 12 and timeline.steps > 60
    steps = frame_steps(timeline)
    assert len(steps) == 60 and steps[0] == 0 and steps[-1] == timeline.steps
    gaps = {b - a for a, b in itertools.pairwise(steps)}
    assert max(gaps) - min(gaps) <= 1  # evenly through the game
    short = _timeline("clashofdecks", "duel")
    assert len(short.chapters()) < 12 and frame_steps(short) == tuple(range(short.steps + 1))
