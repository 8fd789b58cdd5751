"""``compose.yaml`` works as written, as far as Tablekeeper is concerned.

Every Tablekeeper service's environment loads as settings (no unknown variable, no bad value),
the gateways split the shards between them with nothing run twice or left out, and every
process shares one database and the click queue. (The slow end-to-end test starts its worker
processes with the worker service's environment; ``docker compose config`` checks the rest.)
"""

from __future__ import annotations

from bot.settings import Settings, load_settings
from tests.bot.compose import environment, services


def _settings(service: str) -> Settings:
    """The settings the service's process starts with."""
    return load_settings(environment(service, DISCORD_TOKEN="token"), dotenv_path=None)


def test_every_tablekeeper_service_loads_its_environment_as_settings() -> None:
    ours = {name: s for name, s in services().items() if s.get("command", [""])[0] == "tablekeeper"}
    assert {tuple(s["command"]) for s in ours.values()} == {("tablekeeper", "run"), ("tablekeeper", "work")}
    loaded = {name: _settings(name) for name in ours}
    assert len({s.database_url for s in loaded.values()}) == 1
    assert {s.work_queue for s in loaded.values()} == {"procrastinate"}
    assert all(s.discord_token == "token" for s in loaded.values())


def test_the_gateways_split_the_shards_between_them_each_run_once() -> None:
    gateways = [name for name, s in services().items() if s.get("command") == ["tablekeeper", "run"]]
    plans = [_settings(gateway).shard_plan() for gateway in gateways]
    counts = {count for count, _ in plans}
    assert len(counts) == 1 and None not in counts
    (count,) = counts
    held = sorted(shard for _, ids in plans for shard in ids or [])
    assert held == list(range(count or 0)), plans  # shard 0 (every DM) included
