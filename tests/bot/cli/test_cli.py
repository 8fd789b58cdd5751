"""The ``tablekeeper`` command line: play, selfplay, render, games, run, db upgrade, refusals."""

from __future__ import annotations

import io
import json
import logging
import os
import subprocess
import sys
import threading
import types
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from bot import cli
from bot.console.play import Chooser
from bot.store.migrate import SHIPPED_HEAD
from engines import registry as engines_registry
from engines.core import Action, Prompt
from render import registry as render_registry
from tests.bot.tinyrender import RENDERER
from tests.engines.core.tinygame import RULESET, TinyRules

ROOT = Path(__file__).resolve().parents[3]
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def tiny() -> Iterator[None]:
    with engines_registry.registered("tiny", RULESET), render_registry.registered("tiny", RENDERER):
        yield


def _cli(
    *args: str, env: dict[str, str] | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    environ["PYTHONPATH"] = str(ROOT)
    environ.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
        env=environ,
        timeout=60,
        check=False,
    )


# ---------------------------------------------------------------- selfplay
def test_selfplay_ends_with_one_summary_line(tiny: None, capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(
        ["selfplay", "tiny", "--mode", "race", "--players", "3", "--games", "40", "--seed", "7"]
    )
    out = capsys.readouterr().out.strip().splitlines()
    assert status == 0
    assert len(out) == 1
    line = out[0]
    assert "games=40" in line and "errors=0" in line and "games_per_s=" in line
    assert "mean_length=" in line and "wins=P1:" in line and "P3:" in line
    wins = dict(part.split(":") for part in line.split("wins=")[1].split()[0].split(","))
    draws = int(line.split("no_winner=")[1].split()[0])
    assert sum(int(v) for v in wins.values()) + draws == 40


def test_selfplay_is_reproducible_from_its_seed(tiny: None, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["selfplay", "tiny", "--mode", "race", "--players", "2", "--games", "30", "--seed", "3"]
    cli.main(args)
    first = capsys.readouterr().out
    cli.main(args)
    second = capsys.readouterr().out
    strip = lambda s: s.split("games_per_s=")[0] + s.split("mean_length=")[1]  # noqa: E731
    assert strip(first) == strip(second)


class _Broken(TinyRules):
    """Tiny, except that one deal (seed 5) breaks on its second move."""

    def _apply(self, state, seat, action):  # type: ignore[no-untyped-def]
        if state.seq == 1 and state.hands[0] and state.hands[0][0] == self._poison:
            raise RuntimeError("the rules broke")
        return super()._apply(state, seat, action)


def test_selfplay_reports_the_failing_seed_and_exits_non_zero(capsys: pytest.CaptureFixture[str]) -> None:
    broken = _Broken()
    broken._poison = RULESET.setup(cli_config(), 5).hands[0][0]  # type: ignore[attr-defined]
    with engines_registry.registered("broken", broken), render_registry.registered("broken", RENDERER):
        status = cli.main(
            ["selfplay", "broken", "--mode", "race", "--players", "2", "--games", "6", "--seed", "1"]
        )
    captured = capsys.readouterr()
    assert status == 1
    assert "seed=5 failed: RuntimeError: the rules broke" in captured.err
    assert "games=6" in captured.out and "errors=0" not in captured.out and "errors=" in captured.out


def cli_config():  # type: ignore[no-untyped-def]
    from engines.core import GameConfig

    return GameConfig("race", 2)


def test_selfplay_refuses_an_unknown_bot(tiny: None, capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(
        ["selfplay", "tiny", "--mode", "race", "--games", "2", "--seed", "1", "--bot", "genius"]
    )
    assert status == 2
    assert "Unknown difficulty 'genius'" in capsys.readouterr().err


# ---------------------------------------------------------------- render
def test_render_writes_public_and_every_private_image(
    tiny: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "shots"
    status = cli.main(
        [
            "render",
            "tiny",
            "--mode",
            "race",
            "--players",
            "3",
            "--seed",
            "4",
            "--steps",
            "2",
            "--out",
            str(out),
        ]
    )
    printed = capsys.readouterr().out.split()
    assert status == 0
    assert [Path(p).name for p in printed] == [
        "tiny-race-p3-s4-k2-board.png",
        "tiny-race-p3-s4-k2-seat1.png",
        "tiny-race-p3-s4-k2-seat2.png",
        "tiny-race-p3-s4-k2-seat3.png",
    ]
    images = [Path(p).read_bytes() for p in printed]
    assert all(image.startswith(PNG) for image in images)
    # each seat sees its own hand, so the private pictures differ
    assert len(set(images[1:])) == 3


def test_render_stops_at_the_end_of_a_short_game(
    tiny: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = cli.main(
        ["render", "tiny", "--mode", "race", "--seed", "2", "--steps", "500", "--out", str(tmp_path)]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert "The game ended after" in out
    assert len(list(tmp_path.glob("*.png"))) == 2


# ---------------------------------------------------------------- play
def _play(monkeypatch: pytest.MonkeyPatch, lines: list[str], *args: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    status = cli.main(["play", "tiny", *args])
    return status, out.getvalue()


def test_play_a_whole_game_from_scripted_input(
    tiny: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    images = tmp_path / "pics"
    status, out = _play(
        monkeypatch,
        ["1"] * 40,
        "--players",
        "2",
        "--seed",
        "11",
        "--difficulty",
        "easy",
        "--images",
        str(images),
    )
    assert status == 0
    assert out.count(str(images)) == 1  # where the pictures go, said once
    assert f"Pictures of the table go to {images}" in out
    assert "Game over:" in out and "(target reached)" in out
    assert "Player 2 (easy bot) plays" in out  # bot moves are narrated with names filled in
    assert "You draw a" in out  # the person's private draw is narrated to them
    assert "{P" not in out
    boards = sorted(images.glob("*-board.png"))
    hands = sorted(images.glob("*-hand.png"))
    assert boards and len(boards) == len(hands)
    assert all(p.read_bytes().startswith(PNG) for p in boards + hands)


def test_play_never_shows_the_bots_hidden_draws(
    tiny: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out = _play(monkeypatch, ["1"] * 40, "--players", "2", "--seed", "11", "--images", str(tmp_path))
    assert "Player 2 (normal bot) draws a card." in out
    assert "Player 2 (normal bot) draws a " not in out.replace("draws a card.", "")


def test_play_accepts_an_action_key(tiny: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    state = RULESET.setup(cli_config(), 11)
    key = RULESET.legal_actions(state, 0)[1].key
    _, out = _play(monkeypatch, [key, "q"], "--players", "2", "--seed", "11", "--images", str(tmp_path))
    label = RULESET.legal_actions(state, 0)[1].label.replace("Play", "plays")
    assert f"Player 1 (you) {label}." in out


def test_play_reasks_on_bad_input_with_a_specific_message(
    tiny: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out = _play(
        monkeypatch, ["", "0", "9", "banana", "n", "p", "?", "q"], "--seed", "2", "--images", str(tmp_path)
    )
    assert status == 0
    assert "Please choose something." in out
    assert "There is no choice 0; pick a number from 1 to 3." in out
    assert "There is no choice 9; pick a number from 1 to 3." in out
    assert "'banana' is neither a choice number nor one of the action keys shown." in out
    assert "This is the last page (1 of 1)." in out and "This is the first page (1 of 1)." in out
    assert "Leaving the game after 0 of your moves. Replay it with: tablekeeper play tiny --mode race" in out
    # the hint deals the same game: every option it was played with comes back (issue: --players)
    assert "--players 1 --option target=15 --difficulty normal --seed 2" in out


def test_play_end_of_input_leaves_cleanly(
    tiny: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out = _play(monkeypatch, ["1"], "--players", "3", "--seed", "8", "--images", str(tmp_path))
    assert status == 0
    assert "Leaving the game after" in out and "Traceback" not in out


def test_play_ctrl_c_leaves_with_the_replay_line_and_status_130(
    tiny: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Interrupting(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", Interrupting())
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(["play", "tiny", "--seed", "1", "--images", str(tmp_path)]) == 130
    assert "Leaving the game after 0 of your moves. Replay it with: tablekeeper play tiny" in out.getvalue()


def test_long_choice_lists_are_paged_and_numbered_across_pages() -> None:
    actions = [Action(f"k{i}", f"Choice {i}", group="odd" if i % 2 else "even") for i in range(30)]
    out = io.StringIO()
    chooser = Chooser(io.StringIO("n\nn\nn\n25\n"), out)
    picked = chooser.ask(Prompt(0, "pick", "Pick one."), actions, "table")
    text = out.getvalue()
    assert picked.key == "k24"
    assert "page 1/3" in text and "page 2/3" in text and "page 3/3" in text
    assert "   13. Choice 12  (k12)" in text  # numbering continues on page 2
    assert "This is the last page (3 of 3)." in text
    assert "[odd]" in text


# ---------------------------------------------------------------- refusals: exit 2 with one line
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "tiny", "--mode", "chaos"], "Tiny has no mode 'chaos'; choose one of: race."),
        (["play", "tiny", "--players", "5"], "Tiny Race is for 1 to 3 players, not 5."),
        (["play", "tiny", "--option", "target=99"], "Option target must be at most 40."),
        (["play", "tiny", "--option", "speed=3"], "Race has no option 'speed' (options: target)."),
        (["play", "tiny", "--option", "target"], "--option takes KEY=VALUE, not 'target'."),
        (["play", "tiny", "--seat-option", "1:deck=red"], "Seat 1: Race has no per-player option 'deck'"),
        (
            ["selfplay", "tiny", "--mode", "race", "--games", "0", "--seed", "1"],
            "--games must be at least 1.",
        ),
        (["render", "tiny", "--mode", "nope", "--seed", "1", "--steps", "1", "--out", "x"], "no mode 'nope'"),
    ],
)
def test_bad_setup_is_one_line_on_stderr_and_exit_2(
    tiny: None, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert cli.main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and message in captured.err


def test_unknown_game_from_the_shell_exits_2() -> None:
    result = _cli("play", "nosuchgame")
    assert result.returncode == 2
    assert (
        result.stderr.strip().splitlines() == [result.stderr.strip()]
        and "There is no game 'nosuchgame'; choose one of:" in result.stderr
    )


# ---------------------------------------------------------------- games
def test_games_lists_modes_and_options(tiny: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    assert "tiny: Tiny" in out
    assert "--mode race: Race, 1 to 3 players." in out
    assert "--option target=<number 5..40>  (default 15)" in out
    assert "tablekeeper play tiny --mode race" in out


# ---------------------------------------------------------------- run
def test_run_without_a_token_exits_at_once_saying_how_to_set_it(tmp_path: Path) -> None:
    result = _cli("run", cwd=tmp_path)
    assert result.returncode != 0
    assert "DISCORD_TOKEN" in result.stderr and ".env" in result.stderr
    assert "tablekeeper play" in result.stderr


def _fake_discord_run(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    calls: list[object] = []
    module = types.ModuleType("bot.discord.run")
    module.run = calls.append  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bot.discord.run", module)
    return calls


def test_run_with_a_token_starts_the_discord_adapter(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls = _fake_discord_run(monkeypatch)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "token-from-env")
    assert cli.main(["run"]) == 0
    assert len(calls) == 1 and calls[0].discord_token == "token-from-env"  # type: ignore[attr-defined]


def test_run_reads_the_token_from_dotenv(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls = _fake_discord_run(monkeypatch)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=token-from-file\n")
    assert cli.main(["run"]) == 0
    assert calls[0].discord_token == "token-from-file"  # type: ignore[attr-defined]


@contextmanager
def _discord_api(status: int | None) -> Iterator[None]:
    """Point discord.py at a local stand-in answering every request with ``status``.

    ``None``: a port nothing listens on, as when Discord cannot be reached at all.
    """
    import discord

    class Answer(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = json.dumps({"message": "401: Unauthorized", "code": 0}).encode()
            self.send_response(status or 500)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    port = server.server_address[1]
    if status is None:
        server.server_close()  # the port is free again: connecting is refused
    else:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    saved = discord.http.Route.BASE
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    try:
        yield
    finally:
        discord.http.Route.BASE = saved
        if status is not None:
            server.shutdown()
            server.server_close()


@pytest.mark.parametrize(
    ("status", "said"),
    [
        (401, "tablekeeper: Discord refused the token in DISCORD_TOKEN. Copy the bot's token again"),
        (None, "tablekeeper: cannot reach Discord: Cannot connect to host 127.0.0.1:"),
    ],
    ids=["token refused", "Discord unreachable"],
)
def test_run_that_discord_turns_away_says_why_in_one_line(
    status: int | None,
    said: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The real discord.py login against a local stand-in: no traceback, exit 1 so a supervisor
    # (compose's restart policy) tries again.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("TABLEKEEPER_DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path}/bot.db")
    monkeypatch.setenv("TABLEKEEPER_SERVICE_DRAW_PROCESSES", "0")
    root = logging.getLogger()
    handlers = list(root.handlers)
    try:
        with _discord_api(status):
            assert cli.main(["run"]) == 1
    finally:  # `run` gives the root logger a console handler on this test's captured stderr
        root.handlers[:] = handlers
    err = capsys.readouterr().err
    assert err.splitlines()[-1].startswith(said), err
    assert "Traceback" not in err and "not-a-real-token" not in err


# ---------------------------------------------------------------- db upgrade
def test_db_upgrade_migrates_the_configured_database(tmp_path: Path) -> None:
    database = tmp_path / "fresh.db"
    result = _cli(
        "db", "upgrade", env={"TABLEKEEPER_DATABASE_URL": f"sqlite+aiosqlite:///{database}"}, cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert (
        result.stdout == f"Database migrated from empty to {SHIPPED_HEAD}: sqlite+aiosqlite:///{database}\n"
    )
    import sqlite3

    with sqlite3.connect(database) as connection:
        names = {row[0] for row in connection.execute("select name from sqlite_master where type='table'")}
    assert {"tables", "seats", "moves", "results", "guild_settings", "alembic_version"} <= names


# ---------------------------------------------------------------- the real first game
def test_clash_of_decks_duel_played_to_the_end_in_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 600))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    status = cli.main(["play", "clashofdecks", "--mode", "duel", "--seed", "3", "--images", str(tmp_path)])
    text = out.getvalue()
    assert status == 0
    assert "Game over" in text and "Leaving the game" not in text
    assert "{P" not in text
    assert sorted(tmp_path.glob("*-board.png")) and sorted(tmp_path.glob("*-hand.png"))


def test_climax_played_to_the_end_in_japanese_in_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 'c' first (the cards in view, in Japanese); then each decision takes the first of these
    # keys it offers (keep the hand, no clock, end the phase, no counter...) or else choice 1
    script = "c\n" + "keep\npass\nend\nno\n1\n" * 400
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    args = ["play", "climax", "--option", "lang=ja", "--seed", "5", "--images", str(tmp_path)]
    status = cli.main(args)
    text = out.getvalue()
    assert status == 0 and "Traceback" not in text
    assert "引き直し：引き直すカードを選び、決定してください。" in text  # the prompt, in Japanese
    assert "  * 第1ターン：" in text and "のターン。" in text  # narration, in Japanese
    assert "コスト" in text.split("\n> ", 2)[1]  # 'c': the cards' stats and text, in Japanese
    assert "Game over:" in text and "はレベル4になった" in text and "Leaving the game" not in text
    assert "{P" not in text
    assert sorted(tmp_path.glob("*-board.png")) and sorted(tmp_path.glob("*-hand.png"))


def test_climax_selfplay_and_render_in_japanese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["selfplay", "climax", "--mode", "duel", "--games", "3", "--seed", "1", "--option", "lang=ja"]
    assert cli.main(args) == 0
    assert "games=3 errors=0" in capsys.readouterr().out
    render = ["render", "climax", "--mode", "duel", "--seed", "2", "--steps", "40", "--option", "lang=ja"]
    assert cli.main([*render, "--out", str(tmp_path)]) == 0
    paths = capsys.readouterr().out.split()
    assert len(paths) == 3 and all(Path(p).read_bytes().startswith(PNG) for p in paths)


def test_clash_of_decks_selfplay_and_render(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["selfplay", "clashofdecks", "--mode", "ffa", "--players", "4", "--games", "3", "--seed", "1"]
    assert cli.main([*args, "--bot", "random"]) == 0
    assert "games=3 errors=0" in capsys.readouterr().out
    render = ["render", "clashofdecks", "--mode", "2v2", "--players", "4", "--seed", "2", "--steps", "15"]
    assert cli.main([*render, "--out", str(tmp_path)]) == 0
    paths = capsys.readouterr().out.split()
    assert len(paths) == 5 and all(Path(p).read_bytes().startswith(PNG) for p in paths)


# ---------------------------------------------------------------- constructed decks from the terminal
def test_selfplay_constructed_without_deck_codes_is_one_clear_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["selfplay", "clashofdecks", "--mode", "duel", "--games", "3", "--seed", "1"]
    assert cli.main([*args, "--option", "format=constructed"]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "needs a deck code" in captured.err


def test_selfplay_constructed_takes_each_seats_deck_code(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["selfplay", "clashofdecks", "--mode", "duel", "--games", "2", "--seed", "1"]
    seats = [
        "--seat-option",
        "1:deck_code=CD1-0102030405060708O",
        "--seat-option",
        "2:deck_code=Alpha, Ogre, Shaman, Scribe, Troll, Brute, Baron, Boom!",
    ]
    assert cli.main([*args, "--option", "format=constructed", *seats]) == 0
    assert "games=2 errors=0" in capsys.readouterr().out


def test_version_and_required_mode_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.startswith("tablekeeper ")
    with pytest.raises(SystemExit):
        cli.main(["selfplay", "--help"])
    usage = capsys.readouterr().out
    assert "mode name (required)" in usage and "default: the game's first mode" not in usage


# ---------------------------------------------------------------- errors are one line, never a traceback


def test_db_upgrade_on_an_unreachable_database_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TABLEKEEPER_DATABASE_URL", "postgresql+asyncpg://someone:secret@127.0.0.1:1/x")
    assert cli.main(["db", "upgrade"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tablekeeper: cannot use the database 127.0.0.1:1/x")
    assert "secret" not in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_an_unsupported_database_url_names_the_setting(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TABLEKEEPER_DATABASE_URL", "mysql://x/y")
    assert cli.main(["db", "upgrade"]) == 2
    assert capsys.readouterr().err == (
        "tablekeeper: Setting TABLEKEEPER_DATABASE_URL is 'mysql://x/y': Tablekeeper has no driver for "
        "mysql://; it must be sqlite+aiosqlite:///FILE (a SQLite file) or "
        "postgresql+asyncpg://USER:PASSWORD@HOST[:PORT]/DATABASE.\n"
    )


def test_run_checks_the_database_before_logging_in(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import bot.discord.run

    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("TABLEKEEPER_DATABASE_URL", "postgresql+asyncpg://u@127.0.0.1:1/x")
    monkeypatch.setattr(bot.discord.run, "run", lambda settings: pytest.fail("Discord was contacted"))
    assert cli.main(["run"]) == 1
    assert "cannot use the database" in capsys.readouterr().err


def test_pictures_into_a_file_instead_of_a_folder_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "board.png"
    a_file.write_bytes(b"")
    args = ["render", "arclash", "--mode", "standard", "--seed", "1", "--steps", "2", "--out", str(a_file)]
    assert cli.main(args) == 2
    assert capsys.readouterr().err == f"tablekeeper: --out must be a folder; {a_file} is a file.\n"
    assert cli.main(["play", "arclash", "--images", str(a_file)]) == 2
    assert capsys.readouterr().err == f"tablekeeper: --images must be a folder; {a_file} is a file.\n"


def test_a_reader_that_goes_away_is_not_an_error() -> None:
    shell = f"{sys.executable} -m bot.cli cards clashofdecks | head -1"
    done = subprocess.run(shell, shell=True, capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() and "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr


def test_the_terminal_shows_card_text_on_request(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue: the terminal showed no card text for any game; 'c' shows the cards in view."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("c\nq\n"))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    args = ["play", "clashofdecks", "--mode", "duel", "--seed", "3", "--images", str(tmp_path)]
    assert cli.main(args) == 0
    text = out.getvalue()
    assert "c shows the text of the cards" in text
    assert "Berserk: after destroying a creature it attacks again" in text  # a card in the hand


def test_the_terminal_game_runs_through_the_session_service(
    tiny: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 11: terminal play goes through the service on an in-memory database, so every move
    # is recorded as a table's log that replays from the seed to the stored snapshot.
    import asyncio

    from bot.service.app import Services

    kept: list[Services] = []
    opened = Services.in_memory

    async def keep_open() -> Services:
        services = await opened()
        kept.append(services)
        monkeypatch.setattr(services, "close", _no_close)
        return services

    async def _no_close() -> None:
        return None

    monkeypatch.setattr(Services, "in_memory", staticmethod(keep_open))
    status, out = _play(monkeypatch, ["1"] * 40, "--players", "2", "--seed", "11", "--images", str(tmp_path))
    assert status == 0 and "Game over:" in out
    services = kept[0]

    async def check() -> tuple[list[tuple[int, int, str]], bool, str]:
        table = await services.tables.get(1)
        return await services.tables.log(1), await services.tables.replay_check(1), table.status

    log, replays, status_now = asyncio.run(check())
    mine = [entry for entry in log if entry[1] == 0]
    assert mine and any(entry[1] == 1 for entry in log)  # both the person's and the bot's moves
    assert out.count("--- your move") == len(mine)
    assert replays and status_now == "finished"
    asyncio.run(services.db.dispose())


def test_db_archive_says_what_it_did_and_refuses_a_bad_folder_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv("TABLEKEEPER_DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path}/tk.db")
    assert cli.main(["db", "upgrade"]) == 0
    assert cli.main(["db", "archive", "--days", "30", "--dry-run"]) == 0
    assert "0 finished games would be archived (0 moves" in capsys.readouterr().out
    folder = tmp_path / "archives"
    folder.mkdir()
    assert cli.main(["db", "archive", "--days", "30", "--to", str(folder)]) == 0
    said = capsys.readouterr().out
    [made] = folder.iterdir()
    assert said.startswith("Archived 0 finished games") and str(made) in said
    assert made.name.startswith("tablekeeper-archive-") and made.name.endswith(".jsonl.gz")
    for args, wanted in (
        (["--days", "30"], "Say where the archive goes with --to FOLDER"),
        (["--days", "30", "--to", str(made)], f"--to {made} is not a folder."),
        (["--days", "-1", "--to", str(folder)], "--days must be 0 or more, not -1."),
    ):
        assert cli.main(["db", "archive", *args]) == 2
        err = capsys.readouterr().err
        assert wanted in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
