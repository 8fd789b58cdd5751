"""``tablekeeper selfplay --save`` and ``tablekeeper replay``: records written, stepped through, drawn,
and every file that cannot be replayed refused in one line with exit status 2.
"""

from __future__ import annotations

import gzip
import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from PIL import Image

from bot import cli
from bot.cli.records import write_extras
from bot.console.selfplay import match_record, play_match
from bot.service.game import resolve
from engines import registry
from engines.core import GameConfig
from engines.core.record import Record, dump, load
from engines.core.timeline import build
from render import registry as render_registry
from tests.bot.tinyrender import RENDERER as TINY_RENDERER
from tests.cases import quick_first
from tests.engines.core.tinygame import RULESET as TINY

ROOT = Path(__file__).resolve().parents[3]
#: one mode of each game and a seed whose game is short enough to draw in a few seconds
GAMES = [
    ("clashofdecks", "duel", 2),
    ("arclash", "standard", 1),
    ("hackclad", "basic", 1),
    ("climax", "duel", 1),
    ("eternia", "ai", 5),
]


def _versions() -> dict[str, tuple[str, str]]:
    return {r.slug: (r.rules_version, r.content_version) for r in registry.all_rulesets()}


def _saved(tmp_path: Path, game: str, mode: str, seed: int, *extra: str) -> Path:
    """Run ``selfplay --save`` for one game; return the record file it wrote."""
    folder = tmp_path / "records"
    args = ["selfplay", game, "--mode", mode, "--games", "1", "--seed", str(seed), "--save", str(folder)]
    assert cli.main([*args, *extra]) == 0
    path = folder / f"{game}-{mode}-seed{seed}.json"
    assert [p.name for p in folder.iterdir()] == [path.name]
    return path


def _pngs(folder: Path, pattern: str) -> list[Path]:
    found = sorted(folder.glob(pattern))
    for path in found:
        with Image.open(path) as image:
            assert image.format == "PNG" and image.width >= 400
    return found


@pytest.mark.parametrize(("game", "mode", "seed"), quick_first(GAMES, ids=lambda v: v[0]))
def test_every_game_saved_by_selfplay_replays_into_one_board_picture_per_step(
    game: str,
    mode: str,
    seed: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = _saved(tmp_path, game, mode, seed)
    record = load(path.read_bytes(), _versions())
    ruleset = registry.get(game)
    assert record.source == f"selfplay seed {seed}" and record.outcome is not None
    bot = record.seats[0].bot
    assert bot and record.names == tuple(f"Player {s + 1} ({bot})" for s in range(record.config.players))
    steps = build(ruleset, record.config, record.seed, record.moves).steps
    capsys.readouterr()

    out = tmp_path / "out"
    assert cli.main(["replay", str(path), "--out", str(out), "--steps-only"]) == 0
    boards = _pngs(out, "step-*.png")
    digits = max(3, len(str(steps)))
    assert [p.name for p in boards] == [f"step-{n:0{digits}d}.png" for n in range(steps + 1)]
    said = capsys.readouterr().out
    assert f"of {steps + 1} steps into {out}" in said


def test_hands_adds_each_seats_own_picture_beside_the_board(tmp_path: Path) -> None:
    path = _saved(tmp_path, "clashofdecks", "duel", 2)
    out = tmp_path / "out"
    assert cli.main(["replay", str(path), "--out", str(out), "--hands", "--steps-only"]) == 0
    boards = _pngs(out, "step-???.png")
    for seat in (1, 2):
        hands = _pngs(out, f"step-*-seat{seat}.png")
        assert [p.name for p in hands] == [p.name.replace(".png", f"-seat{seat}.png") for p in boards]
    only = tmp_path / "only"
    assert cli.main(["replay", str(path), "--out", str(only), "--seat", "2", "--steps-only"]) == 0
    assert _pngs(only, "step-*-seat2.png") and not list(only.glob("*-seat1.png"))


def test_replaying_into_the_same_folder_again_leaves_one_games_steps(
    tmp_path: Path,
) -> None:
    longer = _saved(tmp_path / "a", "clashofdecks", "duel", 2)
    shorter = _saved(tmp_path / "b", "clashofdecks", "solo", 1)
    out = tmp_path / "out"
    assert cli.main(["replay", str(longer), "--out", str(out), "--hands", "--steps-only"]) == 0
    (out / "notes.txt").write_text("mine")
    assert cli.main(["replay", str(shorter), "--out", str(out), "--steps-only"]) == 0
    record = load(shorter.read_bytes(), _versions())
    steps = build(registry.get("clashofdecks"), record.config, record.seed, record.moves).steps
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["notes.txt", *(f"step-{n:03d}.png" for n in range(steps + 1))]
    )


def test_piped_stepping_walks_every_step_in_order_to_the_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _saved(tmp_path, "clashofdecks", "duel", 2)
    record = load(path.read_bytes(), _versions())
    steps = build(registry.get("clashofdecks"), record.config, record.seed, record.moves).steps
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n" * (steps + 1)))  # one Enter past the end
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    headers = [line.split(" · ")[0] for line in out.splitlines() if line.startswith("Step ")]
    assert headers == [f"Step {n} of {steps}" for n in range(steps + 1)]
    assert out.count("Game over:") == 1 and out.index("Game over:") > out.index(f"Step {steps} of")
    assert f"This is the last step ({steps})" in out
    assert "Your hand" not in out  # the spectator's account: no seat's hand


def test_a_seat_asked_for_shows_its_own_hand_and_no_other(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _saved(tmp_path, "clashofdecks", "duel", 2)
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert cli.main(["replay", str(path), "--seat", "2"]) == 0
    out = capsys.readouterr().out
    assert "-- Player 2 (tactician) (seat 2) alone sees:" in out and out.count("Your hand") == 1
    assert "Player 1 (tactician) (seat 1)" not in out


def test_climax_replays_in_japanese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _saved(tmp_path, "climax", "duel", 1)
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO("l\nq\n"))
    assert cli.main(["replay", str(path), "--lang", "ja"]) == 0
    last = capsys.readouterr().out.split("\nStep ")[-1]
    assert any("\u3040" <= ch <= "\u30ff" for ch in last)  # kana in the table's account
    monkeypatch.setattr(sys, "stdin", io.StringIO("l\nq\n"))
    assert cli.main(["replay", str(path), "--lang", "en"]) == 0
    last = capsys.readouterr().out.split("\nStep ")[-1]
    assert not any("\u3040" <= ch <= "\u30ff" for ch in last)


def test_out_writes_the_games_animation_and_review_chart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _saved(tmp_path, "clashofdecks", "duel", 2)
    record = load(path.read_bytes(), _versions())
    timeline = build(registry.get("clashofdecks"), record.config, record.seed, record.moves)
    out = tmp_path / "out"
    out.mkdir()
    # the review rough and quick: a few playouts per step (the command's own are the bot's)
    said = write_extras(resolve("clashofdecks"), timeline, record.names, None, out, playouts=2, budget=2_000)
    [animation] = [p for p in out.iterdir() if p.name.startswith("animation.")]
    with Image.open(animation) as image:
        assert image.format in ("WEBP", "GIF") and image.width >= 400 and image.n_frames >= 2
        frames = image.n_frames
    with Image.open(out / "review.png") as chart:
        assert chart.format == "PNG" and chart.width >= 400
    assert said[:2] == [
        f"Wrote the animation ({frames} frames) to {animation}.",
        f"Wrote the review chart to {out / 'review.png'}.",
    ]
    turning = said[2:]
    assert 1 <= len(turning) <= 3 and all(line.startswith("  ") for line in turning)
    # --steps-only leaves both out; without it the command writes both after the steps
    only = tmp_path / "only"
    assert cli.main(["replay", str(path), "--out", str(only), "--steps-only"]) == 0
    assert not [p for p in only.iterdir() if not p.name.startswith("step-")]
    capsys.readouterr()
    assert cli.main(["replay", str(path), "--steps-only"]) == 2
    assert capsys.readouterr().err.strip() == "tablekeeper: --steps-only goes with --out DIR."


def test_a_game_that_did_not_end_gets_an_animation_but_no_review(tmp_path: Path) -> None:
    ruleset = registry.get("clashofdecks")
    config = GameConfig(mode="duel", players=2, options={"format": "precon"})
    log = play_match(ruleset, config, 2, "normal").log
    timeline = build(ruleset, config, 2, log[: len(log) // 2])
    said = write_extras(resolve("clashofdecks"), timeline, ("A", "B"), None, tmp_path)
    assert said[0].startswith("Wrote the animation (") and said[1:] == [
        "No review chart written: the game did not reach its end by the rules."
    ]
    assert sorted(p.suffix for p in tmp_path.iterdir()) in ([".webp"], [".gif"])


# ---------------------------------------------------------------- refusals
@pytest.fixture(scope="module")
def record() -> Iterator[Record]:
    """A finished Clash of Decks duel, as selfplay saves it."""
    ruleset = registry.get("clashofdecks")
    config = GameConfig(mode="duel", players=2, options={"format": "precon"})
    yield match_record(play_match(ruleset, config, 2, "normal"), "normal")


def _changed(record: Record, **fields: object) -> bytes:
    """``record`` with ``fields`` replaced, resealed (as someone who knows the format would)."""
    return dump(msgspec.structs.replace(record, **fields))  # type: ignore[arg-type]


def _bad_files(record: Record) -> dict[str, tuple[bytes, str]]:
    moves = list(record.moves)
    wrong = [*moves[:5], (moves[5][0], moves[5][1], "nonsense"), *moves[6:]]
    assert record.outcome is not None
    other = msgspec.structs.replace(record.outcome, winners=tuple(1 - w for w in record.outcome.winners))
    return {
        "not JSON": (b"\x00\x01 not json", "it is not JSON"),
        "JSON, not a record": (b'{"game": "clashofdecks"}', "not a game record"),
        "edited by hand": (
            dump(record).replace(b'"seed": 2,', b'"seed": 3,'),
            "changed after it was exported",
        ),
        "other rules": (_changed(record, rules_version="0"), "played under clashofdecks rules 0"),
        "unknown game": (_changed(record, game="chess"), "a game this Tablekeeper does not have: 'chess'"),
        "newer format": (dump(record).replace(b'"format": 1', b'"format": 9'), "newer than this"),
        "moves that do not replay": (_changed(record, moves=tuple(wrong)), "Move 6 (seat"),
        "another result": (_changed(record, outcome=other), "tampered with: its moves end the game with"),
        "no result": (_changed(record, outcome=None), "tampered with: its moves end the game, but"),
        "moves cut short": (_changed(record, moves=record.moves[:10]), "tampered with: its moves stop"),
        "a bad mode": (
            _changed(record, config=msgspec.structs.replace(record.config, mode="chaos")),
            "cannot be set up",
        ),
        "seats missing": (_changed(record, seats=record.seats[:1]), "its seats do not match"),
        "a gzip that is no archive": (gzip.compress(b"hello\n"), "neither a game record nor"),
    }


BAD = (
    "not JSON",
    "JSON, not a record",
    "edited by hand",
    "other rules",
    "unknown game",
    "newer format",
    "moves that do not replay",
    "another result",
    "no result",
    "moves cut short",
    "a bad mode",
    "seats missing",
    "a gzip that is no archive",
)


def test_every_bad_file_is_tried(record: Record) -> None:
    assert sorted(_bad_files(record)) == sorted(BAD)


@pytest.mark.parametrize("case", BAD)
def test_a_file_that_cannot_be_replayed_is_one_line_and_status_2(
    case: str, record: Record, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, words = _bad_files(record)[case]
    path = tmp_path / "game.json"
    path.write_bytes(data)
    out = tmp_path / "out"
    assert cli.main(["replay", str(path), "--out", str(out)]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and captured.err.startswith("tablekeeper: ")
    assert words in captured.err and "Traceback" not in captured.err
    assert not out.exists()  # nothing drawn for a refused file


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--seat", "3"], "--seat must be a seat from 1 to 2, not 3."),
        (["--lang", "ja"], "Clash of Decks is in English only"),
        (["--table", "4"], "--table is for archive files"),
    ],
)
def test_arguments_that_do_not_fit_the_record_are_one_line_and_status_2(
    args: list[str], words: str, record: Record, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(dump(record))
    assert cli.main(["replay", str(path), *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


def test_a_missing_file_is_one_line_and_status_2_from_the_real_command(tmp_path: Path) -> None:
    environ = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "replay", str(tmp_path / "nowhere.json")],
        capture_output=True,
        text=True,
        env=environ,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    missing = tmp_path / "nowhere.json"
    assert done.stderr == f"tablekeeper: cannot read {missing}: No such file or directory.\n"


def test_selfplay_save_must_be_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    afile = tmp_path / "a-file"
    afile.write_text("x")
    args = ["selfplay", "clashofdecks", "--mode", "solo", "--games", "1", "--seed", "1", "--save", str(afile)]
    assert cli.main(args) == 2
    assert capsys.readouterr().err == f"tablekeeper: --save must be a folder; {afile} is a file.\n"


# ---------------------------------------------------------------- play --save
def _play(monkeypatch: pytest.MonkeyPatch, lines: str, *args: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    status = cli.main(["play", *args])
    return status, out.getvalue()


def test_a_terminal_game_played_to_its_end_is_saved_as_a_record_that_replays(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "mine.json"
    with registry.registered("tiny", TINY), render_registry.registered("tiny", TINY_RENDERER):
        status, out = _play(
            monkeypatch, "1\n" * 40, "tiny", "--players", "2", "--seed", "11", "--save", str(path)
        )
        assert status == 0 and "Game over" in out
        assert out.endswith(f"Record saved; step through it with: tablekeeper replay {path}\n")
        record = load(path.read_bytes(), {"tiny": ("1", "1")})
        assert record.names == ("Player 1 (you)", "Player 2 (normal bot)") and record.outcome is not None
        monkeypatch.setattr(sys, "stdin", io.StringIO("l\nq\n"))
        replayed = io.StringIO()
        monkeypatch.setattr(sys, "stdout", replayed)
        assert cli.main(["replay", str(path)]) == 0
    assert "Game over: " in replayed.getvalue() and "(table " in replayed.getvalue()


def test_a_terminal_game_left_before_its_end_saves_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "mine.json"
    with registry.registered("tiny", TINY), render_registry.registered("tiny", TINY_RENDERER):
        status, out = _play(monkeypatch, "q\n", "tiny", "--seed", "11", "--save", str(path))
    assert status == 0 and out.endswith("No record saved: the game was left before its end.\n")
    assert not path.exists()
