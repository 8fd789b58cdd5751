"""``compose.yaml`` works as written, as far as Tablekeeper is concerned.

Every Tablekeeper service's environment loads as settings (no unknown variable, no bad value),
the gateways split the shards between them with nothing run twice or left out, and every
process shares one database and the click queue; one service builds the image the others run,
and the image runs ``tablekeeper`` itself as PID 1, so ``docker stop`` reaches its SIGTERM
handler. (The slow end-to-end test starts its worker processes with the worker service's
environment; ``docker compose config`` checks the rest.)
"""

from __future__ import annotations

from bot.settings import Settings, load_settings
from tests.bot.compose import COMPOSE, environment, services


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


def test_one_service_builds_the_image_and_the_others_run_it_as_built() -> None:
    ours = {name: s for name, s in services().items() if s.get("command", [""])[0] == "tablekeeper"}
    builders = [name for name, s in ours.items() if "build" in s]
    assert len(builders) == 1, builders  # four services, one build
    assert len({s["image"] for s in ours.values()}) == 1  # the built image is the one they all run
    # the others must not try to pull it: no registry has it
    assert {s.get("pull_policy") for name, s in ours.items() if name not in builders} == {"never"}


def test_the_image_runs_tablekeeper_as_pid_1_so_docker_stop_reaches_it() -> None:
    # the exec form (a JSON list): no shell between docker's SIGTERM and the bot's handler
    lines = (COMPOSE.parent / "Dockerfile").read_text(encoding="utf-8").splitlines()
    cmd = [line for line in lines if line.startswith("CMD ")]
    assert cmd == ['CMD ["tablekeeper", "run"]']
    assert all(s["command"][0] == "tablekeeper" for s in services().values() if "command" in s)
