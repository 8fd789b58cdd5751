"""``tablekeeper replay`` of games the service kept: archived games from the archive file, and an
exported record of a game a forfeit ended (a result the rules never reached).
"""

from __future__ import annotations

import gzip
import io
import json
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest

from bot import cli
from bot.service import Services
from bot.store.archive import archive
from engines import registry
from engines.core import GameConfig
from engines.core.record import dump
from engines.core.timeline import build
from tests.bot.service.conftest import Clock
from tests.bot.service.helpers import BOB, GUILD, duel, play_out

DAY = 86_400.0


def _steps(log: list[tuple[int, int, str]], seed: int, config: object) -> int:
    """The number of the last step of the tiny game ``log`` (the deal is step 0)."""
    return build(registry.get("tiny"), msgspec.convert(config, GameConfig), seed, log).steps


async def test_an_archived_game_replays_from_the_archive_file(
    services: Services,
    clock: Clock,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = await play_out(services, await duel(services, channel=11))
    second = await play_out(services, await duel(services, channel=12))
    log = await services.tables.log(first.table.id)
    clock.now += 31 * DAY
    path = tmp_path / "tablekeeper-archive.jsonl.gz"
    assert (await archive(services.db, clock.now - 30 * DAY, path)).games == 2
    capsys.readouterr()

    # two games and no --table: each listed on a line, the choice asked for on stderr
    assert cli.main(["replay", str(path)]) == 2
    listed = capsys.readouterr()
    lines = listed.out.splitlines()
    assert [line.split(":")[0] for line in lines] == [f"table {first.table.id}", f"table {second.table.id}"]
    assert "tiny" in lines[0] and "Ann, Bob" in lines[0] and f"{len(log)} moves" in lines[0]
    assert listed.err == "tablekeeper: This archive holds 2 games; pick one with --table ID.\n"

    # --table picks one: it steps through to the result the table had
    monkeypatch.setattr(sys, "stdin", io.StringIO("l\nq\n"))
    assert cli.main(["replay", str(path), "--table", str(first.table.id)]) == 0
    out = capsys.readouterr().out
    archived = _archived(path, first.table.id)
    steps = _steps(log, archived["table"]["seed"], archived["table"]["config"])
    assert f"(table {first.table.id} (archived))" in out and f"Step {steps} of {steps}" in out
    assert out.count("Game over:") == 1 and "Ann" in out and "Bob" in out

    # and draws a board per step
    frames = tmp_path / "frames"
    assert cli.main(["replay", str(path), "--table", str(first.table.id), "--out", str(frames)]) == 0
    assert len(list(frames.glob("step-*.png"))) == steps + 1

    assert cli.main(["replay", str(path), "--table", "999"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("tablekeeper: Table 999 is not in this archive; it holds table ")


def _archived(path: Path, table_id: int) -> dict[str, Any]:
    with gzip.open(path, "rt") as lines:
        found = [json.loads(line) for line in lines]
    return next(entry for entry in found if entry["table"]["id"] == table_id)


async def test_an_archive_of_one_game_replays_it_and_a_damaged_line_is_one_line(
    services: Services,
    clock: Clock,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    done = await play_out(services, await duel(services))
    clock.now += 31 * DAY
    path = tmp_path / "one.jsonl.gz"
    await archive(services.db, clock.now - 30 * DAY, path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert cli.main(["replay", str(path)]) == 0
    assert "Step 0 of" in capsys.readouterr().out

    entry = _archived(path, done.table.id)
    del entry["table"]["seed"]
    damaged = tmp_path / "damaged.jsonl.gz"
    damaged.write_bytes(gzip.compress(json.dumps(entry).encode() + b"\n"))
    assert cli.main(["replay", str(damaged)]) == 2
    assert capsys.readouterr().err == (
        f"tablekeeper: Archived table {done.table.id} is damaged: it has no 'seed'.\n"
    )
    empty = tmp_path / "empty.jsonl.gz"
    empty.write_bytes(gzip.compress(b""))
    assert cli.main(["replay", str(empty)]) == 2
    assert capsys.readouterr().err == f"tablekeeper: The archive {empty} holds no games.\n"


async def test_a_game_ended_by_a_forfeit_replays_to_where_it_stopped(
    services: Services,
    clock: Clock,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await services.guilds.set_turn_timeout(GUILD, 100, is_admin=True)
    await services.guilds.set_timeout_action(GUILD, "forfeit", is_admin=True)
    delivery = await duel(services)
    clock.now += 100
    [expired] = await services.timers.expire()
    assert expired.outcome is not None and expired.outcome.winners == (1,)
    path = tmp_path / "forfeit.json"
    path.write_bytes(dump(await services.replays.record(delivery.table.id, BOB)))
    monkeypatch.setattr(sys, "stdin", io.StringIO("l\nq\n"))
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "The game was stopped here. Game over: Bob wins (Ann ran out of time and forfeits)." in out
